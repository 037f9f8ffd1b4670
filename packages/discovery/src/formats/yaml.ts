/**
 * YAML: the URIs of scalar values and of comments, in every document of the
 * stream. Flow scalars (plain, single- and double-quoted) are decoded here,
 * line folding included, with each unit of the value mapped to the characters
 * that write it; the decoded value must equal the parser's or the scalar is
 * left alone. Block scalars (`|`, `>`) are read line by line: a URI never
 * spans a line break there, and each line's text is written as it is.
 */
import type { CST, Document, Scalar } from 'yaml';
import { textCandidates, type UriCandidate } from '../candidate.js';
import { yaml } from '../parsers.js';
import { proseCandidates } from '../prose.js';
import { hasUriShape, isWholeUri, looksLikePattern, uriListRanges, XML_NAMESPACES } from '../shape.js';
import { OffsetMap, type TextMap } from '../text-map.js';
import { MAX_YAML_NESTING } from './nesting.js';
import { slackLinks } from './slack.js';
import { append, GuardedMap, hasLineBreak, lineCandidates, LineMap, linesOf } from './text.js';

type FlowStyle = 'plain' | 'single' | 'double';

/** Double-quoted escapes of one character and what they stand for (YAML 1.2 §5.7). */
const YAML_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};

/** `\x`, `\u` and `\U`: how many hex digits each takes. */
const HEX_ESCAPES: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** How a control character is written in a double-quoted scalar by a fix. */
const WRITTEN_CONTROLS: Readonly<Record<string, string>> = { '\0': '\\0', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

/** Text written into a double-quoted scalar: `"`, `\` and control characters escaped. */
function escapeDouble(text: string): string {
  return text.replace(/["\\\p{Cc}]/gu, (c) => (c === '"' || c === '\\' ? `\\${c}` : WRITTEN_CONTROLS[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/** Text written into a single-quoted scalar: its only escape is `''`. */
function escapeSingle(text: string): string {
  return text.replace(/'/g, "''");
}

/** A flow scalar's value as it is built, with the source range of each unit. */
class Decoded {
  value = '';
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** How many units at the end are white space written as it is (dropped before a line fold). */
  trailingWhite = 0;

  push(unit: string, start: number, end: number, literalWhite = false): void {
    this.value += unit;
    this.starts.push(start);
    this.ends.push(end);
    this.trailingWhite = literalWhite ? this.trailingWhite + 1 : 0;
  }

  /** Drops the trailing white space written as it is; returns where it started in the source. */
  dropTrailingWhite(at: number): number {
    const n = this.trailingWhite;
    if (n === 0) return at;
    const from = this.starts[this.starts.length - n] ?? at;
    this.value = this.value.slice(0, -n);
    this.starts.length -= n;
    this.ends.length -= n;
    this.trailingWhite = 0;
    return from;
  }
}

function isBreak(c: string | undefined): boolean {
  return c === '\n' || c === '\r';
}

/**
 * Folds the line break at `i` (YAML 1.2 §6.5): the white space around it goes,
 * one break becomes a space and n breaks become n − 1 line feeds, mapped to the
 * white space and breaks they replace. With `escaped`, the break followed a `\`
 * and folds to nothing but its empty lines. Returns where reading goes on.
 */
function fold(text: string, i: number, to: number, out: Decoded, escaped: boolean): number {
  const from = escaped ? i - 1 : out.dropTrailingWhite(i);
  let breaks = 0;
  let j = i;
  while (j < to && /[ \t\r\n]/.test(text[j]!)) {
    if (text[j] === '\n' || (text[j] === '\r' && text[j + 1] !== '\n')) breaks++;
    j++;
  }
  const folded = escaped ? '\n'.repeat(Math.max(0, breaks - 1)) : breaks === 1 ? ' ' : '\n'.repeat(breaks - 1);
  for (const unit of folded) out.push(unit, from, j);
  return j;
}

/** Decodes the escape at `i` of a double-quoted scalar; returns where reading goes on. */
function decodeEscape(text: string, i: number, to: number, out: Decoded): number {
  const next = text[i + 1];
  if (next === undefined || i + 1 >= to) {
    out.push('\\', i, i + 1);
    return i + 1;
  }
  if (isBreak(next)) return fold(text, i + 1, to, out, true);
  const digits = HEX_ESCAPES[next];
  if (digits !== undefined) {
    const hex = text.slice(i + 2, i + 2 + digits);
    const code = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === digits ? parseInt(hex, 16) : NaN;
    if (code <= 0x10ffff) {
      // A code point beyond U+FFFF is two units written by one escape: they share its range.
      for (const unit of String.fromCodePoint(code)) out.push(unit, i, i + 2 + digits);
      return i + 2 + digits;
    }
  }
  out.push(YAML_ESCAPES[next] ?? next, i, i + 2);
  return i + 2;
}

/**
 * The value of a flow scalar whose content (inside its quotes) is
 * `text[from, to)` and where each of its units is written.
 */
function decodeFlowScalar(text: string, from: number, to: number, style: FlowStyle): Decoded {
  const out = new Decoded();
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (isBreak(c)) i = fold(text, i, to, out, false);
    else if (style === 'double' && c === '\\') i = decodeEscape(text, i, to, out);
    else if (style === 'single' && c === "'" && text[i + 1] === "'") {
      out.push("'", i, i + 2);
      i += 2;
    } else {
      out.push(c, i, i + 1, c === ' ' || c === '\t');
      i += 1;
    }
  }
  return out;
}

/**
 * Whether a plain scalar still reads as the same plain scalar with `[a, b)`
 * of the source replaced by `written`: no white space, no `: ` or ` #`, no
 * flow indicators, and no indicator at its start (YAML 1.2 §7.3.3).
 */
function plainAccepts(text: string, start: number, end: number, a: number, b: number, written: string): boolean {
  if (/[\s,[\]{}]/.test(written)) return false;
  const edited = text.slice(start, a) + written + text.slice(b, end);
  if (/:(\s|$)|\s#/.test(edited)) return false;
  return a > start || !/^[-?:,[\]{}#&*!|>'"%@`]/.test(edited);
}

/** The map of a flow scalar token, or `undefined` when its decoded value is not the parser's. */
function flowScalarMap(text: string, token: CST.FlowScalar, expected: string): TextMap | undefined {
  const start = token.offset;
  const end = start + token.source.length;
  const style: FlowStyle = token.type === 'double-quoted-scalar' ? 'double' : token.type === 'single-quoted-scalar' ? 'single' : 'plain';
  const quote = style === 'double' ? '"' : "'";
  const from = style === 'plain' ? start : start + 1;
  const closed = style === 'plain' || (end - start >= 2 && text[end - 1] === quote);
  const to = closed && style !== 'plain' ? end - 1 : end;
  const decoded = decodeFlowScalar(text, from, to, style);
  if (decoded.value !== expected) return undefined;
  const map = new OffsetMap(decoded.value, decoded.starts, decoded.ends, to, style === 'double' ? escapeDouble : style === 'single' ? escapeSingle : undefined);
  if (style === 'double') return map;
  if (style === 'single') return new GuardedMap(map, (_start, _end, written) => !hasLineBreak(written));
  return new GuardedMap(map, (a, b, written) => {
    const [sa, sb] = map.sourceRange(a, b);
    return plainAccepts(text, start, end, sa, sb, written);
  });
}

/**
 * The candidates of a decoded value, judged as JS discovery judges a string:
 * no white space and URI-shaped → `shape`; with white space → its prose.
 */
function valueCandidates(map: TextMap, range: [number, number], key: string | undefined, out: UriCandidate[]): void {
  const value = map.value;
  if (looksLikePattern(value)) return;
  if (!/\s/.test(value) || isWholeUri(value, key)) {
    const list = uriListRanges(value);
    if (list !== undefined) for (const [uriStart, uriEnd] of list) out.push(...textCandidates({ map, range, key, context: 'shape', uriStart, uriEnd, namespace: false }));
    else if (hasUriShape(value)) out.push(...textCandidates({ map, range, key, context: 'shape', uriStart: 0, uriEnd: value.length, namespace: XML_NAMESPACES.has(value) }));
    return;
  }
  append(out, proseCandidates(map, { key }));
}

/**
 * The candidates of a block scalar, line by line. Its final line break (the
 * default "clip" chomping) is layout, not part of what the author wrote: a
 * block scalar holding one URI-shaped line is a `shape` value.
 */
function blockScalarCandidates(text: string, token: CST.BlockScalar, node: Scalar, key: string | undefined, out: UriCandidate[]): void {
  const bodyStart = token.offset + token.props.reduce((length, prop) => length + ('source' in prop ? prop.source.length : 0), 0);
  const lines: { line: string; offset: number }[] = [];
  for (const { line, offset } of linesOf(text, bodyStart, bodyStart + token.source.length)) {
    const content = line.trim();
    if (content.length > 0) lines.push({ line: content, offset: offset + line.indexOf(content) });
  }
  const value = String(node.value).trim();
  const only = lines.length === 1 ? lines[0] : undefined;
  if (only !== undefined && only.line === value && !/\s/.test(value)) {
    valueCandidates(new LineMap(only.line, only.offset), [only.offset, only.offset + only.line.length], key, out);
    return;
  }
  if (looksLikePattern(value)) return;
  // A folded block's lines are one text joined with spaces; a literal block's are lines of their own.
  const part = node.type === 'BLOCK_FOLDED';
  for (const { line, offset } of lines) append(out, lineCandidates(line, offset, { key, part }));
}

/** The key of the pair whose value `path` leads to, when it is a scalar. */
function pairKey(path: readonly unknown[]): string | undefined {
  const parent = path[path.length - 1];
  const { isPair, isScalar } = yaml();
  if (!isPair(parent) || !isScalar(parent.key)) return undefined;
  const name = parent.key.value;
  return name === null || name === undefined ? undefined : String(name);
}

/** Runs `find`, so that one scalar or comment that cannot be read costs only itself; with `stops`, a failure is noted there. */
function guarded(find: () => void, stops?: string[]): void {
  try {
    find();
  } catch (error) {
    // Left unchecked rather than stop the file.
    stops?.push(error instanceof RangeError ? 'the document nests too deep to parse' : `the YAML reader stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The candidates of one document's scalar values (never keys). */
function documentCandidates(text: string, document: Document.Parsed, out: UriCandidate[]): void {
  yaml().visit(document, {
    Scalar(at, node, path) {
      if (at === 'key' || typeof node.value !== 'string') return;
      const value = node.value;
      const token = node.srcToken;
      guarded(() => {
        const key = pairKey(path);
        if (token?.type === 'block-scalar') {
          blockScalarCandidates(text, token, node, key, out);
        } else if (token?.type === 'scalar' || token?.type === 'single-quoted-scalar' || token?.type === 'double-quoted-scalar') {
          const map = flowScalarMap(text, token, value);
          if (map !== undefined) valueCandidates(map, [token.offset, token.offset + token.source.length], key, out);
        }
      });
    },
  });
}

/** The comment tokens anywhere in one CST token (a document's, a collection's, a scalar's trailing ones). */
function* commentTokens(root: CST.Token): Generator<CST.SourceToken> {
  const stack: unknown[] = [root];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (Array.isArray(item)) {
      for (let k = item.length - 1; k >= 0; k--) stack.push(item[k]);
    } else if (item !== null && typeof item === 'object') {
      const token = item as Partial<CST.SourceToken>;
      if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') yield token as CST.SourceToken;
      else for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
}

/** The types of the syntax tree's collections: the composer recurses once (or more) for each. */
const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/**
 * How deep collections nest in one token of yaml's syntax tree (which yaml's parser builds without
 * recursion, whatever the depth): the most collection tokens on one path down from it.
 */
export function collectionDepth(root: CST.Token): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (Array.isArray(node)) {
      for (const child of node) if (child !== null && typeof child === 'object') stack.push([child, depth]);
    } else if (node !== null && typeof node === 'object') {
      const here = COLLECTIONS.has((node as { type?: unknown }).type as string) ? depth + 1 : depth;
      if (here > deepest) deepest = here;
      for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, here]);
    }
  }
  return deepest;
}

/** The URIs of a comment: its text after `#`. */
function commentCandidates(comment: CST.SourceToken, out: UriCandidate[]): void {
  const text = comment.source.startsWith('#') ? comment.source.slice(1) : comment.source;
  append(out, lineCandidates(text, comment.offset + comment.source.length - text.length));
}

/** The characters the YAML reader was given in this process: counted by the tests (nothing else reads it). */
export const yamlWork = { characters: 0 };

/**
 * The URI candidates of a YAML stream: string scalar values (never keys) in
 * every document, and comments. A stream with errors is read as far as the
 * parser reads it; this never throws.
 */
export function discoverYaml(text: string, stops?: string[]): UriCandidate[] {
  const out: UriCandidate[] = [];
  if (typeof text !== 'string') return out;
  yamlWork.characters += text.length;
  text = slackLinks(text);
  guarded(() => {
    // uniqueKeys: false: the duplicate-key check compares every key with every other (quadratic in a
    // long mapping), and a duplicate key does not change where a value's URI is.
    const { Composer, Parser } = yaml();
    const composer = new Composer({ keepSourceTokens: true, logLevel: 'silent', uniqueKeys: false });
    const documents: Document.Parsed[] = [];
    for (const token of new Parser().parse(text)) {
      // The composer recurses per collection: refused before it runs near the stack's end (see nesting.ts).
      if (collectionDepth(token) > MAX_YAML_NESTING) throw new RangeError('the document nests too deep to parse');
      for (const comment of commentTokens(token)) guarded(() => commentCandidates(comment, out));
      for (const document of composer.next(token)) documents.push(document);
    }
    for (const document of composer.end()) documents.push(document);
    for (const document of documents) {
      // yaml turns its own stack overflow (a document nested too deep) into an error of the document.
      if (document.errors.some((error) => /call stack/i.test(error.message))) stops?.push('the document nests too deep to parse');
      guarded(() => documentCandidates(text, document, out));
    }
  }, stops);
  // Comments were read with their tokens, values after: back in the order of the source.
  return out.sort((a, b) => a.range[0] - b.range[0]);
}
