import type { Component } from './types.js';

const NAMES: Record<number, string> = {
  0x09: 'a tab (U+0009)',
  0x0a: 'a line feed (U+000A)',
  0x0d: 'a carriage return (U+000D)',
  0x20: 'a space',
  0x22: 'a double quote (")',
  0x7f: 'the control character U+007F',
};

const HEX_DIGITS = '0123456789ABCDEF';

/** `U+` and the code point in upper-case hexadecimal, at least four digits. */
function hex4(cp: number): string {
  if (cp < 0x10000) return 'U+' + HEX_DIGITS[cp >> 12]! + HEX_DIGITS[(cp >> 8) & 15]! + HEX_DIGITS[(cp >> 4) & 15]! + HEX_DIGITS[cp & 15]!;
  return 'U+' + cp.toString(16).toUpperCase();
}

/**
 * Characters that would change how a message reads if printed raw: bidi
 * controls, zero-width and other format characters, line and paragraph separators.
 */
function isInvisible(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp < 0xa0) ||
    cp === 0xad ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0xfeff ||
    (cp >= 0xfff9 && cp <= 0xfffb) ||
    (cp >= 0xd800 && cp <= 0xdfff)
  );
}

/** A readable name for one character: `a space`, `"|"`, `the control character U+0001`. */
export function describeChar(cp: number): string {
  return cp >= 0 && cp < 128 ? ASCII_NAMES[cp]! : nameChar(cp);
}

function nameChar(cp: number): string {
  const named = NAMES[cp];
  if (named !== undefined) return named;
  if (cp < 0x20) return `the control character ${hex4(cp)}`;
  if (cp >= 0x80 && cp < 0xa0) return `the control character ${hex4(cp)}`;
  if (cp < 0x80) return `"${String.fromCharCode(cp)}"`;
  if (cp >= 0xd800 && cp <= 0xdfff) return `the unpaired surrogate ${hex4(cp)}`;
  if (isInvisible(cp)) return `the invisible character ${hex4(cp)}`;
  return `"${String.fromCodePoint(cp)}" (${hex4(cp)})`;
}

/** `describeChar` of each ASCII character, named once: a message names one at every report. */
const ASCII_NAMES: readonly string[] = Array.from({ length: 128 }, (_, cp) => nameChar(cp));

export const EXCERPT_MAX = 60;
const DESCRIBE_MAX = 40;

/** `s.slice(start, end)` for a message; longer than 60 code units, the middle gives way to `…`. */
export function excerpt(s: string, start: number, end: number): string {
  const text = end - start <= EXCERPT_MAX ? s.slice(start, end) : s.slice(start, start + 40) + '…' + s.slice(end - 19, end);
  // INVISIBLE matches only code units below U+0020 or from U+007F on: printable ASCII needs no replacing.
  return mayBeInvisible(text) ? text.replace(INVISIBLE, (ch) => `<${hex4(ch.charCodeAt(0))}>`) : text;
}

/**
 * Whether `text` holds a code unit that MAY_BE_INVISIBLE matches. A short text is read here: a
 * search costs more than reading a few code units.
 */
function mayBeInvisible(text: string): boolean {
  if (text.length > 16) return MAY_BE_INVISIBLE.test(text);
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 || (c >= 0x7f && c !== 0x2026)) return true;
  }
  return false;
}

/**
 * A code unit INVISIBLE might match: below U+0020, or from U+007F on except the "…" that shortens
 * an excerpt. One search reads an excerpt faster than a loop over its code units.
 */
// Matching controls is the point here, as in INVISIBLE.
// eslint-disable-next-line no-control-regex
const MAY_BE_INVISIBLE = /[\u0000-\u001f\u007f-\u2025\u2027-\uffff]/;

/** The `isInvisible` characters as a pattern, unpaired surrogates included. */
// Matching controls is the point here: they are shown as U+XXXX.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Describes the characters of `text`: one by name, several quoted with controls shown as `U+XXXX`. */
export function describeChars(text: string): string {
  const first = text.codePointAt(0) ?? 0;
  if (text.length === (first > 0xffff ? 2 : 1)) return describeChar(first);
  let shown = '';
  let cut = false;
  for (const ch of text) {
    if (shown.length >= DESCRIBE_MAX) {
      cut = true;
      break;
    }
    const cp = ch.codePointAt(0)!;
    shown += isInvisible(cp) ? `<${hex4(cp)}>` : ch;
  }
  return cut ? `the characters "${shown}…" (${text.length} code units)` : `the characters "${shown}"`;
}

export const COMPONENT_NAMES: Record<Component, string> = {
  scheme: 'the scheme',
  authority: 'the authority',
  userinfo: 'the userinfo',
  host: 'the host',
  port: 'the port',
  path: 'the path',
  query: 'the query',
  fragment: 'the fragment',
};

export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
