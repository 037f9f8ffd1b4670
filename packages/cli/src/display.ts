/**
 * Terminal rendering of an input string: control and invisible characters are
 * replaced by visible placeholders, and every UTF-16 offset is mapped to the
 * display column it starts at, so carets can be drawn under exact spans.
 */

/** Characters shown as a `\uXXXX` escape: C1 controls, format characters, separators other than space. */
const ESCAPED = /^[\u0080-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Zs}]$/u;
/** Characters drawn on top of the previous one (combining marks, variation selectors, the emoji joiner). */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200d\u1160-\u11ff]$/u;
/** Emoji shown as pictures take two columns. */
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;
/** East Asian Wide and Fullwidth ranges outside emoji (CJK, Hangul, Kana, fullwidth forms). */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x18aff],
  [0x1b000, 0x1b2ff],
  [0x20000, 0x3fffd],
];

/** One character as it appears on screen. */
export interface Glyph {
  text: string;
  width: number;
}

export interface DisplayText {
  /** The input with control and invisible characters made visible. */
  text: string;
  /** The columns `[start, end)` that the UTF-16 span `[start, end)` of the input covers. */
  columns(start: number, end: number): { start: number; end: number };
}

function escapeCodePoint(cp: number): string {
  const hex = cp.toString(16).toUpperCase();
  return cp > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

function isWide(cp: number, char: string): boolean {
  if (EMOJI_PRESENTATION.test(char)) return true;
  return WIDE_RANGES.some(([low, high]) => cp >= low && cp <= high);
}

/**
 * How one code point is shown: C0 controls as Control Pictures (tab is `␉`),
 * DEL as `␡`, lone surrogates and invisible characters as `\uXXXX`.
 */
export function glyph(char: string): Glyph {
  const cp = char.codePointAt(0) ?? 0;
  if (cp < 0x20) return { text: String.fromCharCode(0x2400 + cp), width: 1 };
  if (cp === 0x7f) return { text: '\u2421', width: 1 };
  if (cp === 0x20) return { text: ' ', width: 1 };
  if (ZERO_WIDTH.test(char)) return { text: char, width: 0 };
  if ((cp >= 0xd800 && cp <= 0xdfff) || ESCAPED.test(char)) {
    const text = escapeCodePoint(cp);
    return { text, width: text.length };
  }
  return { text: char, width: isWide(cp, char) ? 2 : 1 };
}

/**
 * Renders `input` for a terminal. Iterating a string by code point keeps
 * surrogate pairs together and yields lone surrogates on their own.
 */
export function display(input: string): DisplayText {
  // column[i] is the column where the character at UTF-16 offset i starts;
  // undefined for the second half of a surrogate pair.
  const column: (number | undefined)[] = new Array<number | undefined>(input.length + 1);
  let text = '';
  let offset = 0;
  let col = 0;
  for (const char of input) {
    const shown = glyph(char);
    column[offset] = col;
    text += shown.text;
    col += shown.width;
    offset += char.length;
  }
  column[offset] = col;
  const at = (i: number, step: -1 | 1): number => {
    const clamped = Math.min(Math.max(i, 0), input.length);
    return column[clamped] ?? column[clamped + step] ?? col;
  };
  return {
    text,
    columns: (start, end) => ({ start: at(start, -1), end: Math.max(at(start, -1), at(end, 1)) }),
  };
}

/** `input` made visible, for one-line display. */
export function visible(input: string): string {
  return display(input).text;
}

/** The short escapes JSON writes for these controls; any other is `\uXXXX`. */
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' };

/**
 * A file name as text output prints it: controls (C0, DEL, C1), format characters (the bidirectional
 * overrides among them) and line and paragraph separators escaped as JSON escapes them, so that a
 * name can neither drive the terminal (ESC, BEL), break a line of output, nor reorder what is shown.
 */
export function printablePath(name: string): string {
  // eslint-disable-next-line no-control-regex -- the controls are what is escaped
  return name.replace(/[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/gu, (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
