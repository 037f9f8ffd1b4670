/**
 * CSS: the URIs of `url(…)`, `@import`, `@namespace` and the string forms of
 * `src()` and `image-set()`, and of comments. Each value is decoded here from
 * its source characters (CSS escapes `\` + hex, `\` + character), each unit
 * mapped to the characters that write it; the decoded value must equal
 * css-tree's or the value is left alone.
 */
import type { CssNode, WalkContext } from '@eslint/css-tree';
import { readWithoutParse, textCandidate, type UriCandidate } from '../candidate.js';
import { cssTree } from '../parsers.js';
import { XML_NAMESPACES } from '../shape.js';
import { cssNestsDeeper } from './nesting.js';
import { OffsetMap } from '../text-map.js';
import { append, lineCandidates, linesOf } from './text.js';

/** At-rules whose prelude names a URI: the stylesheet to import, the namespace to declare. */
const URI_AT_RULES = new Set(['import', 'namespace']);

/** Functions whose string arguments are URLs (CSS Values 4 `src()`, CSS Images 4 `image()`, `image-set()`). */
const URL_STRING_FUNCTIONS = new Set(['src', 'image', 'image-set', '-webkit-image-set']);

type TokenName = 'url' | 'badUrl' | 'function' | 'string' | 'whitespace' | 'comment';
let tokenNumbers: Record<TokenName, number> | undefined;

/** css-tree's token type numbers (-1, matching no token, should a name ever go), read once css-tree is loaded. */
function tokenTypes(): Record<TokenName, number> {
  if (tokenNumbers) return tokenNumbers;
  const { tokenTypes: types } = cssTree();
  return (tokenNumbers = {
    url: types['Url'] ?? -1,
    badUrl: types['BadUrl'] ?? -1,
    function: types['Function'] ?? -1,
    string: types['String'] ?? -1,
    whitespace: types['WhiteSpace'] ?? -1,
    comment: types['Comment'] ?? -1,
  });
}

function isWhite(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

function isNewline(c: string | undefined): boolean {
  return c === '\n' || c === '\r' || c === '\f';
}

/** The length of the white space at `at` that ends a hex escape: one character, CRLF counted as one. */
function escapeTerminator(text: string, at: number, to: number): number {
  if (at >= to || !isWhite(text[at])) return 0;
  return text[at] === '\r' && text[at + 1] === '\n' && at + 1 < to ? 2 : 1;
}

/** A value read from CSS source and where each of its units is written. */
interface Decoded {
  value: string;
  starts: number[];
  ends: number[];
}

/**
 * Decodes `text[from, to)` of a string's content or an unquoted URL (CSS
 * Syntax 3 §4.3.7): `\` + 1–6 hex digits (+ one white space), `\` + any other
 * character; in a string a `\` before a line break continues the line.
 * `undefined` when the text is not a value (an unquoted URL with a quote, a
 * parenthesis or a broken escape in it, as a bad-url token may have).
 */
function decodeCss(text: string, from: number, to: number, quoted: boolean): Decoded | undefined {
  const out: Decoded = { value: '', starts: [], ends: [] };
  const push = (units: string, start: number, end: number): void => {
    // A code point beyond U+FFFF is two units written by one escape: they share its range.
    for (let k = 0; k < units.length; k++) {
      out.value += units[k];
      out.starts.push(start);
      out.ends.push(end);
    }
  };
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (!quoted && (c === '"' || c === "'" || c === '(')) return undefined;
    if (c !== '\\') {
      push(c, i, i + 1);
      i++;
      continue;
    }
    if (i + 1 >= to) {
      if (!quoted) return undefined;
      i++;
      continue;
    }
    const next = text[i + 1]!;
    if (isNewline(next)) {
      if (!quoted) return undefined;
      i += next === '\r' && text[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    const hex = /^[0-9A-Fa-f]{1,6}/.exec(text.slice(i + 1, Math.min(to, i + 7)));
    if (hex) {
      const code = parseInt(hex[0], 16);
      const valid = code !== 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      const end = i + 1 + hex[0].length;
      const stop = end + escapeTerminator(text, end, to);
      push(String.fromCodePoint(valid ? code : 0xfffd), i, stop);
      i = stop;
      continue;
    }
    const escaped = String.fromCodePoint(text.codePointAt(i + 1)!);
    push(escaped, i, i + 1 + escaped.length);
    i += 1 + escaped.length;
  }
  return out;
}

/** A character written as a hex escape; the space ends the escape, so a hex digit may follow it. */
function hexEscape(c: string): string {
  return `\\${c.codePointAt(0)!.toString(16)} `;
}

/** Text written into a string quoted with `quote`: that quote and `\` escaped, control characters as hex escapes. */
function stringEscaper(quote: string): (text: string) => string {
  return (text) => text.replace(/["'\\\p{Cc}]/gu, (c) => (c === quote || c === '\\' ? `\\${c}` : c === '"' || c === "'" ? c : hexEscape(c)));
}

/** Text written into an unquoted `url(…)`: quotes, parentheses, `\` and white space escaped. */
function escapeUnquoted(text: string): string {
  return text.replace(/["'()\\\s\p{Cc}]/gu, (c) => (/["'()\\ ]/.test(c) ? `\\${c}` : hexEscape(c)));
}

/** Where the value of a `url(…)` written at `[start, end)` is: inside its quotes, or between the white space. */
function urlValueRange(text: string, start: number, end: number): { from: number; to: number; quote: string | undefined } | undefined {
  const open = text.indexOf('(', start);
  if (open < 0 || open >= end) return undefined;
  let from = open + 1;
  let to = text[end - 1] === ')' ? end - 1 : end;
  while (from < to && isWhite(text[from])) from++;
  while (to > from && isWhite(text[to - 1])) to--;
  const quote = text[from];
  if (quote === '"' || quote === "'") {
    // The string's closing quote: the last one before `)` (anything after it would make a bad url).
    const close = to - 1 > from && text[to - 1] === quote ? to - 1 : to;
    return { from: from + 1, to: close, quote };
  }
  return { from, to, quote: undefined };
}

interface Sink {
  sink: string;
  namespace: boolean;
}

/**
 * One candidate for the value written at `text[from, to)`, if it decodes to
 * `expected` (when there is one). White space inside an unquoted URL is taken
 * as written: that is a bad-url token (`url(a b.png)`), which browsers drop,
 * but its author meant the URL with the space, and a space there is a
 * problem the rules can fix.
 */
function valueCandidate(text: string, from: number, to: number, quote: string | undefined, range: [number, number], sink: Sink, expected: string | undefined): UriCandidate | undefined {
  const decoded = decodeCss(text, from, to, quote !== undefined);
  if (decoded === undefined || (expected !== undefined && decoded.value !== expected) || decoded.value.trim().length === 0) return undefined;
  const map = new OffsetMap(decoded.value, decoded.starts, decoded.ends, to, quote === undefined ? escapeUnquoted : stringEscaper(quote));
  const namespace = sink.namespace || XML_NAMESPACES.has(decoded.value);
  return textCandidate({ map, range, context: 'sink', sink: sink.sink, uriStart: 0, uriEnd: decoded.value.length, namespace });
}

function rangeOf(node: CssNode): [number, number] | undefined {
  return node.loc ? [node.loc.start.offset, node.loc.end.offset] : undefined;
}

/** The sink of a `url(…)` or string in an at-rule's prelude. */
function atRuleSink(name: string): Sink {
  return name === 'namespace' ? { sink: '@namespace', namespace: true } : { sink: '@import', namespace: false };
}

/** The candidate of a `url(…)` or a string written at `range`; `url` tells which. */
function nodeCandidate(text: string, range: [number, number], url: boolean, sink: Sink, expected: string | undefined): UriCandidate | undefined {
  if (url) {
    const at = urlValueRange(text, range[0], range[1]);
    return at && valueCandidate(text, at.from, at.to, at.quote, range, sink, expected);
  }
  const quote = text[range[0]]!;
  const closed = range[1] - range[0] >= 2 && text[range[1] - 1] === quote;
  return valueCandidate(text, range[0] + 1, closed ? range[1] - 1 : range[1], quote, range, sink, expected);
}

/**
 * The URLs of a part css-tree could not parse (a custom property's value, a
 * prelude with a bad url): its `url(…)` tokens, bad ones included, and a
 * string after `url(`; in an `@import` or `@namespace` prelude, its first
 * string too.
 */
function rawCandidates(text: string, range: [number, number], atRule: string | undefined, out: UriCandidate[]): void {
  const TOKEN = tokenTypes();
  const tokens: { type: number; start: number; end: number }[] = [];
  cssTree().tokenize(text.slice(range[0], range[1]), (type, start, end) => {
    if (type !== TOKEN.whitespace && type !== TOKEN.comment) tokens.push({ type, start: range[0] + start, end: range[0] + end });
  });
  const sinkOf = (k: number): Sink => (atRule !== undefined && k === 0 ? atRuleSink(atRule) : { sink: 'url()', namespace: false });
  tokens.forEach((token, k) => {
    let candidate: UriCandidate | undefined;
    if (token.type === TOKEN.url || token.type === TOKEN.badUrl) {
      const at = urlValueRange(text, token.start, token.end);
      if (at) candidate = valueCandidate(text, at.from, at.to, at.quote, [token.start, token.end], sinkOf(k), undefined);
    } else if (token.type === TOKEN.string) {
      const before = tokens[k - 1];
      const inUrl = before !== undefined && before.type === TOKEN.function && /^url\($/i.test(text.slice(before.start, before.end));
      if (inUrl || (atRule !== undefined && k === 0)) {
        const sink = inUrl ? sinkOf(k - 1) : sinkOf(k);
        candidate = nodeCandidate(text, [token.start, token.end], false, sink, undefined);
      }
    }
    if (candidate) out.push(candidate);
  });
}

/** Runs `find`, so that one value or comment that cannot be read costs only itself. */
function guarded(find: () => void): void {
  try {
    find();
  } catch {
    // Left unchecked rather than stop the file.
  }
}

/**
 * Internet Explorer's `behavior: url(#default#VML)`: `#default#` names one of the browser's own
 * behaviors (VML, userData, saveHistory…), not a document and a fragment; no other browser reads the
 * property. A `behavior: url(x.htc)` is a URL as any.
 */
function isDefaultBehavior(context: WalkContext, node: CssNode): boolean {
  const property = context.declaration?.property.toLowerCase();
  return (property === 'behavior' || property === '-ms-behavior') && node.type === 'Url' && /^#default#/i.test(node.value);
}

/** The candidate(s) of one node of the tree, by where it is (`this` is css-tree's walk context). */
function visitNode(context: WalkContext, node: CssNode, text: string, out: UriCandidate[]): void {
  const range = rangeOf(node);
  if (range === undefined) return;
  const atRule = context.atrule && URI_AT_RULES.has(context.atrule.name.toLowerCase()) ? context.atrule : undefined;
  const inPrelude = atRule !== undefined && context.atrulePrelude !== null;
  if (node.type === 'Raw') {
    const isPrelude = atRule !== undefined && atRule.prelude === node;
    rawCandidates(text, range, isPrelude ? atRule.name.toLowerCase() : undefined, out);
    return;
  }
  if (node.type !== 'Url' && node.type !== 'String') return;
  let sink: Sink | undefined;
  if (inPrelude) {
    // Only the prelude's first URL or string: `@import "a.css" supports(…)` names one stylesheet.
    // css-tree's own tree holds a `List`; `@eslint/css` hands rules plain objects with arrays (`toPlainObject`).
    const children = context.atrulePrelude?.children as unknown as { first?: CssNode | null } | CssNode[] | undefined;
    const first = Array.isArray(children) ? children[0] : children?.first;
    if (first === node || (atRule.name.toLowerCase() === 'namespace' && first?.type === 'Identifier')) sink = atRuleSink(atRule.name.toLowerCase());
  } else if (node.type === 'Url') {
    if (isDefaultBehavior(context, node)) return;
    sink = { sink: 'url()', namespace: false };
  } else if (context.function?.type === 'Function' && URL_STRING_FUNCTIONS.has(context.function.name.toLowerCase())) {
    sink = { sink: `${context.function.name.toLowerCase()}()`, namespace: false };
  }
  if (sink === undefined) return;
  const candidate = nodeCandidate(text, range, node.type === 'Url', sink, node.value);
  if (candidate) out.push(candidate);
}

/** The URIs of the comments of `text`, line by line. */
function commentCandidates(text: string, out: UriCandidate[]): void {
  const TOKEN = tokenTypes();
  cssTree().tokenize(text, (type, start, end) => {
    if (type !== TOKEN.comment) return;
    const to = end - start >= 4 && text.endsWith('*/', end) ? end - 2 : end;
    guarded(() => {
      for (const { line, offset } of linesOf(text, start + 2, to)) append(out, lineCandidates(line, offset));
    });
  });
}

/**
 * The URI candidates of a CSS stylesheet parsed by css-tree with positions
 * (as `@eslint/css` parses it): `url(…)` values, `@import` and `@namespace`
 * URLs, URL strings of `src()` and `image-set()`, and comments.
 */
export function cssCandidates(ast: CssNode, text: string, stops?: string[]): UriCandidate[] {
  // css-tree's walk recurses: a stylesheet that may nest too deep is not walked (see nesting.ts).
  if (cssNestsDeeper(text)) {
    stops?.push('the stylesheet nests too deep to read');
    return unparsedCandidates(text);
  }
  const out: UriCandidate[] = [];
  try {
    cssTree().walk(ast, function (this: WalkContext, node: CssNode) {
      guarded(() => visitNode(this, node, text, out));
    });
  } catch (error) {
    // css-tree's walk recurses: a stylesheet nested too deep stops it.
    stops?.push(error instanceof RangeError ? 'the stylesheet nests too deep to read' : `the CSS reader stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
  guarded(() => commentCandidates(text, out));
  return out.sort((a, b) => a.range[0] - b.range[0]);
}

/**
 * The URI candidates of a declaration list written at `[from, to)` of a larger source (an HTML
 * `style` attribute whose value has no character reference: the source is what the CSS parser
 * reads), with offsets into that source; never throws.
 */
export function discoverCssDeclarations(text: string, from: number, to: number): UriCandidate[] {
  const out: UriCandidate[] = [];
  guarded(() => {
    if (cssNestsDeeper(text.slice(from, to))) return;
    const { parse, walk } = cssTree();
    const ast = parse(text.slice(from, to), { positions: true, context: 'declarationList', offset: from });
    walk(ast, function (this: WalkContext, node: CssNode) {
      guarded(() => visitNode(this, node, text, out));
    });
  });
  return out.sort((a, b) => a.range[0] - b.range[0]);
}

/** The URI candidates of a CSS text; css-tree reads any text, and this never throws. */
export function discoverCss(text: string, stops?: string[]): UriCandidate[] {
  if (typeof text !== 'string') return [];
  let ast: CssNode;
  try {
    // css-tree's parser recurses: refused before it runs near the stack's end (see nesting.ts).
    if (cssNestsDeeper(text)) throw new RangeError('the stylesheet nests too deep to parse');
    ast = cssTree().parse(text, { positions: true });
  } catch (error) {
    stops?.push(error instanceof RangeError ? 'the stylesheet nests too deep to parse' : `the CSS parser stopped: ${error instanceof Error ? error.message : String(error)}`);
    return unparsedCandidates(text);
  }
  return cssCandidates(ast, text, stops);
}

/** The URI candidates of a stylesheet that is not parsed: its raw `url(…)` values and its comments. */
function unparsedCandidates(text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  guarded(() => rawCandidates(text, [0, text.length], undefined, out));
  guarded(() => commentCandidates(text, out));
  return readWithoutParse(out.sort((a, b) => a.range[0] - b.range[0]));
}
