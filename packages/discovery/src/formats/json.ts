/**
 * JSON, JSONC and JSON5: the URIs of string values and of comments, each unit
 * of a string's value mapped to the characters that write it (`\/`, `\u0020`,
 * a line continuation), so that a fix keeps the string's quotes and escapes.
 */
import type { DocumentNode, Node as JsonNode, Range, ValueNode } from '@humanwhocodes/momoa';
import { readWithoutParse, textCandidates, type UriCandidate } from '../candidate.js';
import { momoa } from '../parsers.js';
import { proseCandidates } from '../prose.js';
import { hasUriShape, isWholeUri, looksLikePattern, uriListRanges, XML_NAMESPACES } from '../shape.js';
import { OffsetMap } from '../text-map.js';
import { append, lineCandidates, linesOf } from './text.js';

/** How the document is read: plain JSON, JSON with comments, or JSON5. */
export type JsonMode = 'json' | 'jsonc' | 'json5';

/** One-character escapes and what they stand for (JSON's, plus JSON5's `\v` and `\0`). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  0: '\0',
};

/** How a control character is written inside a string by a fix. */
const WRITTEN_CONTROLS: Readonly<Record<string, string>> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const HEX4 = /^[0-9A-Fa-f]{4}$/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;

/** Text written into a string quoted with `quote`: that quote, `\` and control characters (C0 and C1) escaped. */
function jsonEscaper(quote: string): (text: string) => string {
  return (text) =>
    text.replace(/[\\"'\p{Cc}]/gu, (c) => {
      if (c === '\\' || c === quote) return `\\${c}`;
      if (c === '"' || c === "'") return c;
      return WRITTEN_CONTROLS[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
}

/** The length of the line break at `at` (CRLF is one), or 0. */
function lineBreakAt(text: string, at: number): number {
  const c = text[at];
  if (c === '\r') return text[at + 1] === '\n' ? 2 : 1;
  return c === '\n' || c === '\u2028' || c === '\u2029' ? 1 : 0;
}

/**
 * The value of the string whose content is `text[from, to)` and where each of
 * its units is written. An escape that does not read (a `\u` without four hex
 * digits in a broken document) is taken as the character after the backslash,
 * as JSON5 does for any other escaped character.
 */
export function mapJsonString(text: string, from: number, to: number, quote: string, end = to): OffsetMap {
  let value = '';
  const starts: number[] = [];
  const ends: number[] = [];
  // Each call adds one UTF-16 unit: `text[i]` is one, and so is every escape's value.
  const unit = (u: string, start: number, stop: number): void => {
    value += u;
    starts.push(start);
    ends.push(stop);
  };
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c !== '\\' || i + 1 >= to) {
      unit(c, i, i + 1);
      i += 1;
      continue;
    }
    const next = text[i + 1]!;
    const lineBreak = lineBreakAt(text, i + 1);
    if (lineBreak > 0) {
      // A JSON5 line continuation: no value, and no unit to map.
      i += 1 + lineBreak;
    } else if (next === 'u' && HEX4.test(text.slice(i + 2, Math.min(to, i + 6)))) {
      // One escape per UTF-16 unit: a surrogate pair written as two escapes maps each half to its own.
      unit(String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)), i, i + 6);
      i += 6;
    } else if (next === 'x' && HEX2.test(text.slice(i + 2, Math.min(to, i + 4)))) {
      unit(String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16)), i, i + 4);
      i += 4;
    } else {
      unit(SIMPLE_ESCAPES[next] ?? next, i, i + 2);
      i += 2;
    }
  }
  return new OffsetMap(value, starts, ends, end, jsonEscaper(quote));
}

/** A text whose last character is a backslash that escapes nothing (an odd run of them at the end). */
const ENDS_IN_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\$/;

/** A token of the tolerant scan: what it takes to find strings, keys and comments in any text. */
interface JsonToken {
  kind: 'string' | 'line-comment' | 'block-comment' | 'colon' | 'word' | 'other';
  start: number;
  end: number;
  /** For a string: whether its closing quote is there. */
  closed?: boolean;
}

/** Where a string that opens at `start` ends: after its closing quote, or at a line break or the end (unclosed). */
function stringEnd(text: string, start: number): { end: number; closed: boolean } {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === quote) return { end: i + 1, closed: true };
    if (c === '\\') {
      // A backslash escapes the next character, and a line break after it (a JSON5 line continuation).
      i += 1 + Math.max(1, lineBreakAt(text, i + 1));
      continue;
    }
    if (c === '\n' || c === '\r') break;
    i++;
  }
  return { end: Math.min(i, text.length), closed: false };
}

/**
 * The tokens of `text` read without a grammar: strings (either quote),
 * comments, colons and bare words. Linear, never fails: it is what finds the
 * comments of a parsed document, and everything in one that does not parse.
 */
function* scanJson(text: string): Generator<JsonToken> {
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const { end, closed } = stringEnd(text, i);
      yield { kind: 'string', start: i, end, closed };
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      let end = i + 2;
      while (end < text.length && lineBreakAt(text, end) === 0) end++;
      yield { kind: 'line-comment', start: i, end };
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      yield { kind: 'block-comment', start: i, end };
      i = end;
    } else if (c === ':') {
      yield { kind: 'colon', start: i, end: i + 1 };
      i++;
    } else if (/[\w$]/.test(c)) {
      const word = /[\w$]+/y;
      word.lastIndex = i;
      word.exec(text);
      yield { kind: 'word', start: i, end: word.lastIndex };
      i = word.lastIndex;
    } else {
      if (!/\s/.test(c)) yield { kind: 'other', start: i, end: i + 1 };
      i++;
    }
  }
}

/** The map of the string token `[start, end)`: its content between the quotes (or to the end, if unclosed). */
function mapToken(text: string, start: number, end: number, closed = true): OffsetMap {
  return mapJsonString(text, start + 1, closed ? end - 1 : end, text[start]!, closed ? end - 1 : end);
}

/**
 * The candidates of one string value, judged as JS discovery judges a string
 * literal: no whitespace and URI-shaped → `shape`; with whitespace → the URIs
 * of its prose; regular-expression source → none.
 */
function stringCandidates(map: OffsetMap, range: [number, number], key: string | undefined, out: UriCandidate[]): void {
  const value = map.value;
  if (looksLikePattern(value)) return;
  if (!/\s/.test(value) || isWholeUri(value, key)) {
    const list = uriListRanges(value);
    if (list !== undefined) for (const [uriStart, uriEnd] of list) out.push(...textCandidates({ map, range, key, context: 'shape', uriStart, uriEnd, namespace: false }));
    else if (hasUriShape(value)) {
      out.push(...textCandidates({ map, range, key, context: 'shape', uriStart: 0, uriEnd: value.length, namespace: XML_NAMESPACES.has(value) }));
    }
    return;
  }
  append(out, proseCandidates(map, { key }));
}

/** The URIs of a comment: its text after `//` or between `/*` and `*\/`, line by line. */
function commentCandidates(text: string, token: JsonToken, out: UriCandidate[]): void {
  const from = token.start + 2;
  const to = token.kind === 'block-comment' && text.endsWith('*/', token.end) && token.end - 2 >= from ? token.end - 2 : token.end;
  for (const { line, offset } of linesOf(text, from, to)) append(out, lineCandidates(line, offset));
}

function rangeOf(node: JsonNode): Range {
  return node.range ?? [node.loc.start.offset, node.loc.end.offset];
}

/** The string values of the tree with the key each is the value of (none for an array's elements). */
function* stringValues(root: ValueNode): Generator<{ node: ValueNode & { type: 'String' }; key: string | undefined }> {
  // A stack, not recursion: a deeply nested document must not overflow the call stack.
  const stack: { node: ValueNode; key: string | undefined }[] = [{ node: root, key: undefined }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, key } = item;
    if (node.type === 'String') yield { node, key };
    else if (node.type === 'Object') {
      for (let k = node.members.length - 1; k >= 0; k--) {
        const member = node.members[k]!;
        stack.push({ node: member.value, key: member.name.type === 'String' ? member.name.value : member.name.name });
      }
    } else if (node.type === 'Array') {
      for (let k = node.elements.length - 1; k >= 0; k--) stack.push({ node: node.elements[k]!.value, key: undefined });
    }
  }
}

/** Values and comments are found apart: back in the order of the source, as the findings will be. */
function inSourceOrder(candidates: UriCandidate[]): UriCandidate[] {
  return candidates.sort((a, b) => a.range[0] - b.range[0]);
}

/** Runs `find`, so that one string or comment that cannot be read costs only itself. */
function guarded(find: () => void): void {
  try {
    find();
  } catch {
    // Left unchecked rather than stop the file.
  }
}

/**
 * The URI candidates of a parsed JSON, JSONC or JSON5 document (momoa's tree,
 * as `@eslint/json` builds it): string values (never keys) and comments.
 */
export function jsonCandidates(document: DocumentNode, text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  guarded(() => {
    for (const { node, key } of stringValues(document.body)) {
      guarded(() => {
        const range = rangeOf(node);
        const map = mapToken(text, range[0], range[1]);
        // The map must read what the parser read; if not, the string is not ours to report on.
        if (map.value === node.value) stringCandidates(map, [range[0], range[1]], key, out);
      });
    }
  });
  guarded(() => {
    for (const token of scanJson(text)) {
      if (token.kind === 'line-comment' || token.kind === 'block-comment') guarded(() => commentCandidates(text, token, out));
    }
  });
  return inSourceOrder(out);
}

/** The name a key token writes: a string's value or a JSON5 identifier. */
function keyName(text: string, token: JsonToken): string {
  return token.kind === 'string' ? mapToken(text, token.start, token.end, token.closed).value : text.slice(token.start, token.end);
}

/**
 * The candidates of a document that does not parse: every string followed by
 * `:` is a key and skipped; every other string is a value, keyed by the string
 * or word before its `:`. Comments as in a parsed document.
 */
function tolerantCandidates(text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  const tokens: JsonToken[] = [];
  for (const token of scanJson(text)) {
    if (token.kind === 'line-comment' || token.kind === 'block-comment') guarded(() => commentCandidates(text, token, out));
    else tokens.push(token);
  }
  tokens.forEach((token, k) => {
    if (token.kind !== 'string' || tokens[k + 1]?.kind === 'colon') return;
    const before = tokens[k - 2];
    const key = tokens[k - 1]?.kind === 'colon' && (before?.kind === 'string' || before?.kind === 'word') ? keyName(text, before) : undefined;
    guarded(() => stringCandidates(mapToken(text, token.start, token.end, token.closed), [token.start, token.end], key, out));
  });
  return inSourceOrder(out);
}

/**
 * The URI candidates of a JSON, JSONC or JSON5 text. A document that does
 * not parse in its mode is read as JSON5 (a `.json` file with comments), and
 * one that does not parse at all is scanned for strings and comments: this
 * never throws.
 */
export function discoverJson(text: string, mode: JsonMode = 'json'): UriCandidate[] {
  if (typeof text !== 'string') return [];
  for (const tried of mode === 'json5' ? [mode] : [mode, 'json5' as const]) {
    // momoa 3.3's JSON5 tokenizer never returns on a text that ends in a string with a lone
    // backslash (`{a:'x\`): such a text is scanned instead, as any text that does not parse.
    if (tried === 'json5' && ENDS_IN_ESCAPE.test(text)) continue;
    let document: DocumentNode;
    try {
      document = momoa().parse(text, { mode: tried, ranges: true, allowTrailingCommas: tried !== 'json' });
    } catch {
      continue;
    }
    return jsonCandidates(document, text);
  }
  return readWithoutParse(tolerantCandidates(text));
}
