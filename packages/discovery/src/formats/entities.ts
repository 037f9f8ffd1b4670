/**
 * Character references (`&amp;`, `&#x20;`) and escapes as Markdown and HTML
 * read them, and the text maps both readers build from them: a decoded value
 * whose every code unit knows the source characters that write it.
 */
import type { Paragraph, Text } from 'mdast';
import type { SourceEdit } from '../finding.js';
import { markdown } from '../parsers.js';
import { OffsetMap } from '../text-map.js';

/**
 * The named references HTML also reads without a `;` (`&amp`, `&copy`): the
 * ISO 8859-1 ones from U+00A0, in code-point order, then the few below it.
 */
const LATIN_1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
  'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde ' +
  'Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute ' +
  'Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde ' +
  'auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ' +
  'ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const LEGACY_REFERENCES: ReadonlyMap<string, string> = new Map([
  ...LATIN_1.split(' ').map((name, index): [string, string] => [name, String.fromCharCode(0xa0 + index)]),
  ...Object.entries({ quot: '"', amp: '&', lt: '<', gt: '>', QUOT: '"', AMP: '&', LT: '<', GT: '>', COPY: '©', REG: '®' }),
]);

/** Common named references (the legacy ones too, with their `;`); any other HTML5 name is looked up through micromark. */
export const NAMED_REFERENCES: ReadonlyMap<string, string> = new Map([
  ...LEGACY_REFERENCES,
  ...Object.entries({
    apos: "'", ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
    hellip: '…', bull: '•', euro: '€', trade: '™', larr: '←', rarr: '→', uarr: '↑', darr: '↓',
    harr: '↔', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwnj: '\u200c', zwj: '\u200d', lrm: '\u200e',
    rlm: '\u200f', lang: '⟨', rang: '⟩', minus: '−', hyphen: '‐', dash: '‐', Tab: '\t',
    NewLine: '\n', excl: '!', num: '#', dollar: '$', percnt: '%', lpar: '(', rpar: ')', ast: '*', plus: '+',
    comma: ',', period: '.', sol: '/', colon: ':', semi: ';', equals: '=', quest: '?', commat: '@', lsqb: '[',
    bsol: '\\', rsqb: ']', Hat: '^', lowbar: '_', grave: '`', lcub: '{', verbar: '|', rcub: '}',
  }),
]);

/** Names looked up through micromark's HTML5 table: a name, or `null` when it names nothing. */
const lookedUp = new Map<string, string | null>();

/**
 * The text of the named reference `&name;`, or `undefined` if HTML5 has no
 * such name. Names outside the table above are read by micromark (the
 * package's own Markdown parser carries the whole HTML5 table): what it
 * decodes `&name;` to in a paragraph is what the name stands for.
 */
export function namedReference(name: string): string | undefined {
  const known = NAMED_REFERENCES.get(name);
  if (known !== undefined) return known;
  if (!/^[A-Za-z][A-Za-z0-9]{1,31}$/.test(name)) return undefined;
  let text = lookedUp.get(name);
  if (text === undefined) {
    const raw = `&${name};`;
    const paragraph = markdown().fromMarkdown(raw).children[0] as Paragraph | undefined;
    const value = (paragraph?.children[0] as Text | undefined)?.value;
    text = value !== undefined && value !== raw ? value : null;
    lookedUp.set(name, text);
  }
  return text ?? undefined;
}

/** Windows-1252's characters for the C1 controls HTML reads them as (`&#x80;` is €). */
const WINDOWS_1252: ReadonlyMap<number, number> = new Map([
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020], [0x87, 0x2021],
  [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152], [0x8e, 0x017d], [0x91, 0x2018],
  [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022], [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc],
  [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a], [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
]);

/** A numeric reference's character as HTML reads it: U+FFFD for none, Windows-1252 for C1 controls. */
function htmlCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(WINDOWS_1252.get(code) ?? code);
}

/** A numeric reference's character as micromark reads it: U+FFFD for controls, surrogates and noncharacters. */
function markdownCodePoint(code: number): string {
  const replaced =
    code < 0x09 || code === 0x0b || (code > 0x0d && code < 0x20) || (code > 0x7e && code < 0xa0) ||
    (code > 0xd7ff && code < 0xe000) || (code > 0xfdcf && code < 0xfdf0) ||
    (code & 0xffff) === 0xffff || (code & 0xffff) === 0xfffe || code > 0x10ffff;
  return replaced ? '\uFFFD' : String.fromCodePoint(code);
}

/** How a reference is read: CommonMark's strict form, or HTML's in an attribute value or in text. */
export type ReferenceMode = 'markdown' | 'html-attribute' | 'html-text';

/** A reference read from the source: what it stands for and where it ends. */
export interface Reference {
  text: string;
  end: number;
}

function isAlphanumeric(ch: string | undefined): boolean {
  return ch !== undefined && /^[A-Za-z0-9]$/.test(ch);
}

/** `&#…` at `at`: CommonMark takes 1–7 digits (1–6 hex) and needs the `;`; HTML takes any number, `;` optional. */
function readNumeric(text: string, at: number, end: number, mode: ReferenceMode): Reference | undefined {
  const hex = text[at + 2] === 'x' || text[at + 2] === 'X';
  const digit = hex ? /^[0-9A-Fa-f]$/ : /^[0-9]$/;
  let i = at + (hex ? 3 : 2);
  let code = 0;
  const first = i;
  for (; i < end && digit.test(text[i] ?? ''); i++) code = Math.min(code * (hex ? 16 : 10) + parseInt(text[i]!, 16), 0x110000);
  const digits = i - first;
  if (mode === 'markdown') {
    if (digits === 0 || digits > (hex ? 6 : 7) || text[i] !== ';' || i >= end) return undefined;
    return { text: markdownCodePoint(code), end: i + 1 };
  }
  if (digits === 0) return undefined;
  return { text: htmlCodePoint(code), end: i < end && text[i] === ';' ? i + 1 : i };
}

/** The longest name in the legacy table that `name` starts with. */
function legacyPrefix(name: string): string | undefined {
  for (let length = Math.min(name.length, 6); length >= 2; length--) {
    if (LEGACY_REFERENCES.has(name.slice(0, length))) return name.slice(0, length);
  }
  return undefined;
}

function readNamed(text: string, at: number, end: number, mode: ReferenceMode): Reference | undefined {
  let i = at + 1;
  while (i < end && i - at <= 32 && isAlphanumeric(text[i])) i++;
  const name = text.slice(at + 1, i);
  if (name === '') return undefined;
  if (i < end && text[i] === ';') {
    const known = namedReference(name);
    if (known !== undefined) return { text: known, end: i + 1 };
  }
  if (mode === 'markdown') return undefined;
  // HTML: a legacy name without its `;` (`&copy 2024`, `&amp`), the longest that fits.
  const prefix = legacyPrefix(name);
  if (prefix === undefined) return undefined;
  const after = at + 1 + prefix.length;
  // In an attribute, `?a=1&copy=2` and `&notit` stay as written: that is how query strings survive.
  if (mode === 'html-attribute' && after < end && (isAlphanumeric(text[after]) || text[after] === '=')) return undefined;
  return { text: LEGACY_REFERENCES.get(prefix)!, end: after };
}

/**
 * The character reference at `text[at]` (an `&`), read no further than `end`,
 * as `mode` reads it; `undefined` when the `&` is a literal ampersand.
 */
export function readCharacterReference(text: string, at: number, end: number, mode: ReferenceMode): Reference | undefined {
  if (text[at] !== '&') return undefined;
  return text[at + 1] === '#' ? readNumeric(text, at, end, mode) : readNamed(text, at, end, mode);
}

/** One run of value units that one stretch of source writes: a character, an escape, a reference. */
export interface Piece {
  text: string;
  start: number;
  end: number;
}

/**
 * A value decoded from source text, piece by piece: `starts[k]`/`ends[k]` are
 * where value unit k is written (absolute offsets), as `OffsetMap` takes them.
 */
export class DecodedText {
  value = '';
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly pieces: Piece[] = [];

  /** Adds `text`, written by the source characters `[start, end)`. */
  push(text: string, start: number, end: number): void {
    this.value += text;
    for (let k = 0; k < text.length; k++) {
      this.starts.push(start);
      this.ends.push(end);
    }
    this.pieces.push({ text, start, end });
  }

  /** Adds the source's characters `[start, end)` as they are, one unit each. */
  pushLiteral(source: string, start: number, end: number): void {
    for (let i = start; i < end; i++) this.push(source[i]!, i, i + 1);
  }
}

/** Whether a piece is its source character as written (not an escape or a reference). */
export function isLiteral(piece: Piece): boolean {
  return piece.end - piece.start === piece.text.length;
}

/** The text `[from, to)` of `source` with `edit` (inside it) applied. */
export function applyEdit(source: string, from: number, to: number, edit: SourceEdit): string {
  return source.slice(from, edit.range[0]) + edit.text + source.slice(edit.range[1], to);
}

export interface CheckedMapOptions {
  /** The whole source text the offsets are in. */
  source: string;
  /** Writes replacement text the way the source needs it (escaped). */
  escape: (text: string) => string;
  /** Whether the source with `edit` applied reads back as `expected`: the value after the edit. */
  check: (edit: SourceEdit, expected: string) => boolean;
  /** How a literal `&` (or `\`) is written so the text after it cannot join it into a reference (or an escape). */
  literal: (ch: string) => string | undefined;
}

/**
 * An `OffsetMap` that reads its own edits back before it offers them: an edit
 * whose source would not read as the intended value (a space in a Markdown
 * destination, a replacement that completes `&amp` into a reference) is
 * rewritten once (the `&` before it escaped) or refused.
 */
export class CheckedMap extends OffsetMap {
  readonly #options: CheckedMapOptions;

  constructor(decoded: DecodedText, end: number, options: CheckedMapOptions) {
    super(decoded.value, decoded.starts, decoded.ends, end, options.escape);
    this.#options = options;
  }

  override replace(start: number, end: number, text: string): SourceEdit | undefined {
    const edit = super.replace(start, end, text);
    if (edit === undefined) return undefined;
    const expected = this.value.slice(0, start) + text + this.value.slice(end);
    if (this.#options.check(edit, expected)) return edit;
    const repaired = this.#repair(edit, start);
    return repaired !== undefined && this.#options.check(repaired, expected) ? repaired : undefined;
  }

  /** Whether value unit k is written as itself, one source character. */
  #isLiteral(k: number): boolean {
    const [from, to] = this.sourceRange(k, k + 1);
    return to - from === 1 && this.#options.source[from] === this.value[k];
  }

  /** The edit with the literal `&` or `\` before it (letters and digits between) written escaped. */
  #repair(edit: SourceEdit, start: number): SourceEdit | undefined {
    let k = start - 1;
    while (k >= 0 && /^[A-Za-z0-9#]$/.test(this.value[k]!) && this.#isLiteral(k)) k--;
    if (k < 0 || !this.#isLiteral(k)) return undefined;
    const written = this.#options.literal(this.value[k]!);
    if (written === undefined) return undefined;
    const [from] = this.sourceRange(k, k + 1);
    return { range: [from, edit.range[1]], text: written + this.#options.source.slice(from + 1, edit.range[0]) + edit.text };
  }
}
