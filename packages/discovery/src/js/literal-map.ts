/**
 * Cooked ↔ source mapping for JS/TS string literals, template elements and JSX attribute strings.
 *
 * Every report and fix of the plugin goes through this module: a problem found at cooked (run-time) offsets
 * is reported at the exact source characters, also when they are written as escapes, and a fix edits only
 * the source characters of the cooked range it replaces, keeping the literal's quotes and the escapes around
 * it, and changes the run-time value exactly as intended.
 *
 * Escapes follow ECMAScript 2024 §12.9.4 (string literals, sloppy-mode legacy octal escapes included) and
 * §12.9.6 (template literals); JSX attribute strings decode HTML character references the way the parsers do.
 */

import type { TextMap } from '../text-map.js';

export type QuoteKind = "'" | '"' | '`' | 'jsx';

/**
 * How HTML character references in JSX attribute strings are decoded. The parsers agree on everything but
 * numeric references: `espree` (acorn-jsx) takes at most 9 characters between `&` and `;` and truncates
 * code points to 16 bits (`&#x1F600;` is U+F600); `typescript` (typescript-estree) has no length limit and
 * decodes any code point up to U+10FFFF (`&#x1F600;` is 😀), as HTML does.
 */
export type JsxDialect = 'espree' | 'typescript';

export interface CookedMap extends TextMap {
  /** The cooked value. */
  readonly value: string;
  readonly quote: QuoteKind;
  /**
   * Absolute source offset where the raw text of cooked code unit k starts / ends (k < value.length).
   * A `\u{1F600}` escape yields two code units sharing one raw range.
   */
  rawStart(k: number): number;
  rawEnd(k: number): number;
  /** Whether cooked code unit k was written as an escape (or an HTML entity for JSX), not literally. */
  isEscaped(k: number): boolean;
}

export interface CookedEdit {
  range: [number, number];
  text: string;
}

interface Lexed {
  value: string;
  starts: number[];
  ends: number[];
  escaped: boolean[];
}

class LiteralMap implements CookedMap {
  readonly value: string;
  readonly quote: QuoteKind;
  /** For JSX: the attribute's quote character. */
  readonly delimiter: "'" | '"' | '`';
  /** The text given to mapStringLiteral & co., its absolute offset, and where in it the content starts / ends. */
  readonly raw: string;
  readonly offset: number;
  readonly contentStart: number;
  readonly contentEnd: number;
  readonly dialect: JsxDialect | undefined;
  readonly #starts: number[];
  readonly #ends: number[];
  readonly #escaped: boolean[];

  constructor(
    raw: string,
    offset: number,
    mode: QuoteKind,
    delimiter: "'" | '"' | '`',
    contentStart: number,
    contentEnd: number,
    lexed: Lexed,
    dialect?: JsxDialect,
  ) {
    this.raw = raw;
    this.offset = offset;
    this.quote = mode;
    this.delimiter = delimiter;
    this.contentStart = contentStart;
    this.contentEnd = contentEnd;
    this.dialect = dialect;
    this.value = lexed.value;
    this.#starts = lexed.starts;
    this.#ends = lexed.ends;
    this.#escaped = lexed.escaped;
  }

  #check(k: number): number {
    if (!Number.isInteger(k) || k < 0 || k >= this.value.length) {
      throw new RangeError(`cooked index ${k} is outside [0, ${this.value.length})`);
    }
    return k;
  }

  /** Start of unit k relative to `raw`. */
  relStart(k: number): number {
    return this.#starts[this.#check(k)] ?? 0;
  }

  relEnd(k: number): number {
    return this.#ends[this.#check(k)] ?? 0;
  }

  rawStart(k: number): number {
    return this.offset + this.relStart(k);
  }

  rawEnd(k: number): number {
    return this.offset + this.relEnd(k);
  }

  isEscaped(k: number): boolean {
    return this.#escaped[this.#check(k)] ?? false;
  }

  sourceRange(start: number, end: number): [number, number] {
    return sourceRange(this, start, end);
  }

  replace(start: number, end: number, text: string): CookedEdit {
    return replaceCooked(this, start, end, text);
  }

  /** Whether cooked position p (0 < p < length) falls inside one escape, between the units it yields. */
  splits(p: number): boolean {
    return p > 0 && p < this.value.length && this.relStart(p) === this.relStart(p - 1);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Character classes

const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;
const LS = 0x2028;
const PS = 0x2029;

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isOctal(c: number): boolean {
  return c >= 0x30 && c <= 0x37;
}

function isAlnum(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

// ---------------------------------------------------------------------------------------------------------
// Lexing

class Builder implements Lexed {
  value = '';
  starts: number[] = [];
  ends: number[] = [];
  escaped: boolean[] = [];

  push(units: string, start: number, end: number, escaped: boolean): void {
    for (let i = 0; i < units.length; i++) {
      this.starts.push(start);
      this.ends.push(end);
      this.escaped.push(escaped);
    }
    this.value += units;
  }

  /** `raw[from, to)`, each code unit standing for itself (as `push` of each one). */
  pushRun(raw: string, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      this.starts.push(i);
      this.ends.push(i + 1);
      this.escaped.push(false);
    }
    this.value += raw.slice(from, to);
  }
}

class InvalidTemplateEscape extends Error {}

function syntaxError(message: string, raw: string, at: number): SyntaxError {
  return new SyntaxError(`${message} at ${at} in ${JSON.stringify(raw)}`);
}

/**
 * Lexes raw[from, to) as the body of a string literal (mode "'" or '"') or a template element (mode '`').
 * Throws a SyntaxError on text a parser rejects; throws InvalidTemplateEscape for an escape that is valid
 * only in a tagged template (whose cooked value is then undefined).
 */
function lexJs(raw: string, from: number, to: number, mode: "'" | '"' | '`'): Lexed {
  const out = new Builder();
  const template = mode === '`';
  const quote = mode.charCodeAt(0);
  let invalid = false;
  let i = from;
  while (i < to) {
    const c = raw.charCodeAt(i);
    if (c === BACKSLASH) {
      try {
        i = lexEscape(raw, i, to, template, out);
      } catch (error) {
        if (!(error instanceof InvalidTemplateEscape)) throw error;
        // A NotEscapeSequence: the rest must still be a template element (no "`" or "${").
        invalid = true;
        i += 2;
      }
      continue;
    }
    if (c === quote) throw syntaxError(`unescaped ${mode}`, raw, i);
    if (template) {
      if (c === 0x24 /* $ */ && i + 1 < to && raw.charCodeAt(i + 1) === 0x7b /* { */) {
        throw syntaxError('unescaped "${"', raw, i);
      }
      if (c === CR) {
        // §12.9.6: CR LF and CR are normalized to LF in both the TV and the TRV.
        const end = i + 1 < to && raw.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
        out.push('\n', i, end, false);
        i = end;
        continue;
      }
    } else if (c === LF || c === CR) {
      throw syntaxError('line terminator in a string literal', raw, i);
    }
    // A run of characters that stand for themselves, taken as one slice (the next one that may not is looked at above).
    let end = i + 1;
    while (end < to) {
      const next = raw.charCodeAt(end);
      if (next === BACKSLASH || next === quote || next === CR || next === LF || (template && next === 0x24)) break;
      end++;
    }
    out.pushRun(raw, i, end);
    i = end;
  }
  if (invalid) throw new InvalidTemplateEscape();
  return out;
}

/** Lexes the escape at raw[i] (a backslash); returns the index after it. */
function lexEscape(raw: string, i: number, to: number, template: boolean, out: Builder): number {
  const j = i + 1;
  if (j >= to) throw syntaxError('unterminated escape', raw, i);
  const c = raw.charCodeAt(j);
  const single = SINGLE_ESCAPES.get(c);
  if (single !== undefined) {
    out.push(single, i, j + 1, true);
    return j + 1;
  }
  // Line continuations cook to nothing.
  if (c === LF || c === LS || c === PS) return j + 1;
  if (c === CR) return j + 1 < to && raw.charCodeAt(j + 1) === LF ? j + 2 : j + 1;
  if (isDigit(c)) {
    const next = j + 1 < to ? raw.charCodeAt(j + 1) : -1;
    if (c === 0x30 && !isDigit(next)) {
      out.push('\0', i, j + 1, true);
      return j + 1;
    }
    if (template) throw new InvalidTemplateEscape();
    if (c === 0x38 || c === 0x39) {
      // NonOctalDecimalEscapeSequence: \8 and \9 are the digits themselves.
      out.push(raw[j] ?? '', i, j + 1, true);
      return j + 1;
    }
    // LegacyOctalEscapeSequence: ZeroToThree takes up to three octal digits, FourToSeven up to two.
    const max = c <= 0x33 ? 3 : 2;
    let end = j + 1;
    while (end < to && end - j < max && isOctal(raw.charCodeAt(end))) end++;
    out.push(String.fromCharCode(parseInt(raw.slice(j, end), 8)), i, end, true);
    return end;
  }
  if (c === 0x78 /* x */) {
    if (j + 2 < to && isHex(raw.charCodeAt(j + 1)) && isHex(raw.charCodeAt(j + 2))) {
      out.push(String.fromCharCode(parseInt(raw.slice(j + 1, j + 3), 16)), i, j + 3, true);
      return j + 3;
    }
    if (template) throw new InvalidTemplateEscape();
    throw syntaxError('invalid \\x escape', raw, i);
  }
  if (c === 0x75 /* u */) {
    if (j + 1 < to && raw.charCodeAt(j + 1) === 0x7b /* { */) {
      let end = j + 2;
      while (end < to && isHex(raw.charCodeAt(end))) end++;
      const digits = raw.slice(j + 2, end);
      if (digits.length > 0 && end < to && raw.charCodeAt(end) === 0x7d /* } */) {
        const cp = parseInt(digits, 16);
        if (cp <= 0x10ffff) {
          out.push(String.fromCodePoint(cp), i, end + 1, true);
          return end + 1;
        }
      }
    } else if (j + 4 < to && [1, 2, 3, 4].every((d) => isHex(raw.charCodeAt(j + d)))) {
      out.push(String.fromCharCode(parseInt(raw.slice(j + 1, j + 5), 16)), i, j + 5, true);
      return j + 5;
    }
    if (template) throw new InvalidTemplateEscape();
    throw syntaxError('invalid \\u escape', raw, i);
  }
  // Identity escape (NonEscapeCharacter): the code point itself, a surrogate pair included.
  const end = isHighSurrogate(c) && j + 1 < to && isLowSurrogate(raw.charCodeAt(j + 1)) ? j + 2 : j + 1;
  out.push(raw.slice(j, end), i, end, true);
  return end;
}

const SINGLE_ESCAPES = new Map<number, string>([
  [0x62, '\b'],
  [0x66, '\f'],
  [0x6e, '\n'],
  [0x72, '\r'],
  [0x74, '\t'],
  [0x76, '\v'],
]);

// The 253 XHTML entities both acorn-jsx and typescript-estree decode (all in the BMP), as `name:hex` pairs.
const XHTML_ENTITIES: ReadonlyMap<string, string> = new Map(
  (
    'quot:22 amp:26 apos:27 lt:3c gt:3e nbsp:a0 iexcl:a1 cent:a2 pound:a3 curren:a4 yen:a5 brvbar:a6 ' +
    'sect:a7 uml:a8 copy:a9 ordf:aa laquo:ab not:ac shy:ad reg:ae macr:af deg:b0 plusmn:b1 sup2:b2 ' +
    'sup3:b3 acute:b4 micro:b5 para:b6 middot:b7 cedil:b8 sup1:b9 ordm:ba raquo:bb frac14:bc ' +
    'frac12:bd frac34:be iquest:bf Agrave:c0 Aacute:c1 Acirc:c2 Atilde:c3 Auml:c4 Aring:c5 AElig:c6 ' +
    'Ccedil:c7 Egrave:c8 Eacute:c9 Ecirc:ca Euml:cb Igrave:cc Iacute:cd Icirc:ce Iuml:cf ETH:d0 ' +
    'Ntilde:d1 Ograve:d2 Oacute:d3 Ocirc:d4 Otilde:d5 Ouml:d6 times:d7 Oslash:d8 Ugrave:d9 Uacute:da ' +
    'Ucirc:db Uuml:dc Yacute:dd THORN:de szlig:df agrave:e0 aacute:e1 acirc:e2 atilde:e3 auml:e4 ' +
    'aring:e5 aelig:e6 ccedil:e7 egrave:e8 eacute:e9 ecirc:ea euml:eb igrave:ec iacute:ed icirc:ee ' +
    'iuml:ef eth:f0 ntilde:f1 ograve:f2 oacute:f3 ocirc:f4 otilde:f5 ouml:f6 divide:f7 oslash:f8 ' +
    'ugrave:f9 uacute:fa ucirc:fb uuml:fc yacute:fd thorn:fe yuml:ff OElig:152 oelig:153 Scaron:160 ' +
    'scaron:161 Yuml:178 fnof:192 circ:2c6 tilde:2dc Alpha:391 Beta:392 Gamma:393 Delta:394 ' +
    'Epsilon:395 Zeta:396 Eta:397 Theta:398 Iota:399 Kappa:39a Lambda:39b Mu:39c Nu:39d Xi:39e ' +
    'Omicron:39f Pi:3a0 Rho:3a1 Sigma:3a3 Tau:3a4 Upsilon:3a5 Phi:3a6 Chi:3a7 Psi:3a8 Omega:3a9 ' +
    'alpha:3b1 beta:3b2 gamma:3b3 delta:3b4 epsilon:3b5 zeta:3b6 eta:3b7 theta:3b8 iota:3b9 kappa:3ba ' +
    'lambda:3bb mu:3bc nu:3bd xi:3be omicron:3bf pi:3c0 rho:3c1 sigmaf:3c2 sigma:3c3 tau:3c4 ' +
    'upsilon:3c5 phi:3c6 chi:3c7 psi:3c8 omega:3c9 thetasym:3d1 upsih:3d2 piv:3d6 ensp:2002 emsp:2003 ' +
    'thinsp:2009 zwnj:200c zwj:200d lrm:200e rlm:200f ndash:2013 mdash:2014 lsquo:2018 rsquo:2019 ' +
    'sbquo:201a ldquo:201c rdquo:201d bdquo:201e dagger:2020 Dagger:2021 bull:2022 hellip:2026 ' +
    'permil:2030 prime:2032 Prime:2033 lsaquo:2039 rsaquo:203a oline:203e frasl:2044 euro:20ac ' +
    'image:2111 weierp:2118 real:211c trade:2122 alefsym:2135 larr:2190 uarr:2191 rarr:2192 darr:2193 ' +
    'harr:2194 crarr:21b5 lArr:21d0 uArr:21d1 rArr:21d2 dArr:21d3 hArr:21d4 forall:2200 part:2202 ' +
    'exist:2203 empty:2205 nabla:2207 isin:2208 notin:2209 ni:220b prod:220f sum:2211 minus:2212 ' +
    'lowast:2217 radic:221a prop:221d infin:221e ang:2220 and:2227 or:2228 cap:2229 cup:222a int:222b ' +
    'there4:2234 sim:223c cong:2245 asymp:2248 ne:2260 equiv:2261 le:2264 ge:2265 sub:2282 sup:2283 ' +
    'nsub:2284 sube:2286 supe:2287 oplus:2295 otimes:2297 perp:22a5 sdot:22c5 lceil:2308 rceil:2309 ' +
    'lfloor:230a rfloor:230b lang:2329 rang:232a loz:25ca spades:2660 clubs:2663 hearts:2665 ' +
    'diams:2666'
  )
    .trim()
    .split(' ')
    .map((pair): [string, string] => {
      const [name = '', hex = ''] = pair.split(':');
      return [name, String.fromCharCode(parseInt(hex, 16))];
    }),
);

const TS_ENTITY = /&(?:#\d+|#x[\da-fA-F]+|[0-9a-zA-Z]+);/y;

/** The character reference at raw[i] (an `&`) per the dialect: its cooked text and raw end, or undefined. */
function readEntity(raw: string, i: number, to: number, dialect: JsxDialect): { text: string; end: number } | undefined {
  if (dialect === 'typescript') {
    // typescript-estree's unescapeStringLiteralText.
    TS_ENTITY.lastIndex = i;
    const match = TS_ENTITY.exec(raw);
    if (match === null || TS_ENTITY.lastIndex > to) return undefined;
    const item = match[0].slice(1, -1);
    const end = TS_ENTITY.lastIndex;
    if (item.startsWith('#')) {
      const cp = item[1] === 'x' ? parseInt(item.slice(2), 16) : parseInt(item.slice(1), 10);
      return cp > 0x10ffff ? undefined : { text: String.fromCodePoint(cp), end };
    }
    const text = XHTML_ENTITIES.get(item);
    return text === undefined ? undefined : { text, end };
  }
  // acorn-jsx's jsx_readEntity: at most 10 characters after the `&`, the `;` included.
  let str = '';
  for (let j = i + 1, count = 0; j < to && count < 10; j++, count++) {
    const ch = raw[j] ?? '';
    if (ch !== ';') {
      str += ch;
      continue;
    }
    let text: string | undefined;
    if (str.startsWith('#x')) {
      const hex = str.slice(2);
      if (/^[\da-fA-F]+$/.test(hex)) text = String.fromCharCode(parseInt(hex, 16));
    } else if (str.startsWith('#')) {
      const dec = str.slice(1);
      if (/^\d+$/.test(dec)) text = String.fromCharCode(parseInt(dec, 10));
    } else {
      text = XHTML_ENTITIES.get(str);
    }
    return text === undefined ? undefined : { text, end: j + 1 };
  }
  return undefined;
}

function lexJsx(raw: string, from: number, to: number, delimiter: "'" | '"', dialect: JsxDialect): Lexed {
  const out = new Builder();
  for (let i = from; i < to; ) {
    const ch = raw[i] ?? '';
    if (ch === delimiter) throw syntaxError(`unescaped ${delimiter}`, raw, i);
    if (ch === '&') {
      const entity = readEntity(raw, i, to, dialect);
      if (entity !== undefined) {
        out.push(entity.text, i, entity.end, true);
        i = entity.end;
        continue;
      }
    }
    // JSX attribute strings keep line terminators as written (CR LF stays two code units).
    out.push(ch, i, i + 1, false);
    i++;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Public mapping functions

/**
 * `raw` is the literal's full source text including its quotes (node.raw / sourceCode.getText(node));
 * `offset` is its start in the file. Throws a SyntaxError on text that is not a string literal.
 * Legacy octal escapes are read with sloppy-mode semantics (strict code containing them does not parse).
 */
export function mapStringLiteral(raw: string, offset: number): CookedMap {
  const q = raw[0];
  if ((q !== "'" && q !== '"') || raw.length < 2 || raw[raw.length - 1] !== q) {
    throw new SyntaxError(`not a string literal: ${JSON.stringify(raw)}`);
  }
  const lexed = lexJs(raw, 1, raw.length - 1, q);
  return new LiteralMap(raw, offset, q, q, 1, raw.length - 1, lexed);
}

/**
 * One template element: `raw` is the source text between "`" or "}" and "`" or "${", `offset` its
 * absolute start. Cooked per the spec: escapes processed, CR LF and CR normalized to LF, line continuations
 * removed. Returns undefined if the element's cooked value is undefined (an invalid escape in a tagged
 * template). Throws a SyntaxError on text that cannot be a template element.
 *
 * Pass the source text (see {@link mapTemplateElementAt}), not espree's `TemplateElement.value.raw`, which
 * has CR LF and CR already normalized to LF, so its offsets drift on files with Windows line ends.
 */
export function mapTemplateElement(raw: string, offset: number): CookedMap | undefined {
  let lexed: Lexed;
  try {
    lexed = lexJs(raw, 0, raw.length, '`');
  } catch (error) {
    if (error instanceof InvalidTemplateEscape) return undefined;
    throw error;
  }
  return new LiteralMap(raw, offset, '`', '`', 0, raw.length, lexed);
}

/**
 * {@link mapTemplateElement} for a TemplateElement node: `sourceText` is the whole file and `range` the
 * node's range, which (in espree and typescript-estree) includes the delimiters "`" or "}" before and "`" or
 * "${" after the element's text.
 */
export function mapTemplateElementAt(sourceText: string, range: readonly [number, number]): CookedMap | undefined {
  const [start, end] = range;
  const open = sourceText[start];
  if (open !== '`' && open !== '}') throw new SyntaxError(`no template element at ${start}`);
  const contentEnd = sourceText[end - 1] === '`' ? end - 1 : sourceText.startsWith('${', end - 2) ? end - 2 : -1;
  if (contentEnd < start + 1) throw new SyntaxError(`no template element at [${start}, ${end})`);
  return mapTemplateElement(sourceText.slice(start + 1, contentEnd), start + 1);
}

/**
 * A JSX attribute string value: `raw` includes its quotes. JSX has no backslash escapes, but HTML character
 * references (`&amp;`, `&#x20;`, `&#32;` and the 253 XHTML named ones) are decoded, as the parser would.
 *
 * The parsers differ on some numeric references (see {@link JsxDialect}); pass the node's value as
 * `expectedValue` to use the dialect that produced it (a SyntaxError if none does), or leave it out for
 * espree's, ESLint's default parser.
 */
export function mapJsxAttribute(raw: string, offset: number, expectedValue?: string): CookedMap {
  const q = raw[0];
  if ((q !== "'" && q !== '"') || raw.length < 2 || raw[raw.length - 1] !== q) {
    throw new SyntaxError(`not a JSX attribute string: ${JSON.stringify(raw)}`);
  }
  const dialects: JsxDialect[] = ['espree', 'typescript'];
  for (const dialect of dialects) {
    const lexed = lexJsx(raw, 1, raw.length - 1, q, dialect);
    if (expectedValue === undefined || lexed.value === expectedValue) {
      return new LiteralMap(raw, offset, 'jsx', q, 1, raw.length - 1, lexed, dialect);
    }
  }
  throw new SyntaxError(`no JSX dialect decodes ${JSON.stringify(raw)} to ${JSON.stringify(expectedValue)}`);
}

function internal(map: CookedMap): LiteralMap {
  if (!(map instanceof LiteralMap)) throw new TypeError('not a CookedMap made by this module');
  return map;
}

function checkRange(map: LiteralMap, start: number, end: number): void {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > map.value.length) {
    throw new RangeError(`cooked range [${start}, ${end}) is not within [0, ${map.value.length}]`);
  }
}

/** [start, end) relative to `map.raw`. */
function relRange(map: LiteralMap, start: number, end: number): [number, number] {
  if (start < end) return [map.relStart(start), map.relEnd(end - 1)];
  const at = start < map.value.length ? map.relStart(start) : map.contentEnd;
  return [at, at];
}

/**
 * The source range [start, end) of cooked [start, end); for an empty cooked range, the position before
 * cooked unit `start` (or the closing quote / the end of the template element). A range that starts or ends
 * between the two code units of one escape (`\u{1F600}`) covers the whole escape.
 */
export function sourceRange(map: CookedMap, start: number, end: number): [number, number] {
  const m = internal(map);
  checkRange(m, start, end);
  const [a, b] = relRange(m, start, end);
  return [m.offset + a, m.offset + b];
}

// ---------------------------------------------------------------------------------------------------------
// Escaping

const NEEDS_ESCAPE = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$/u;

/** Whether a code point (or lone surrogate) must not be written literally: controls, format characters
 * (bidi controls, zero-width characters, BOM), line / paragraph separators and lone surrogates. */
function needsEscape(cp: string): boolean {
  if (cp.length === 1 && (isHighSurrogate(cp.charCodeAt(0)) || isLowSurrogate(cp.charCodeAt(0)))) return true;
  return NEEDS_ESCAPE.test(cp);
}

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0');
}

const SHORT_ESCAPES = new Map<string, string>([
  ['\b', '\\b'],
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\v', '\\v'],
  ['\f', '\\f'],
  ['\r', '\\r'],
]);

/**
 * `text` escaped so that, put between the given quotes, it cooks back to `text`: backslash, the quote
 * itself, line terminators, and for templates "`" and "${"; for JSX "&" (as `&amp;`) and the quote (as
 * `&quot;` / `&apos;`: both unless `jsxDelimiter` says which one delimits the attribute). Control and
 * format characters and lone surrogates are escaped too (`\xHH`, `\uHHHH`, `&#xHH;`); printable
 * characters stay literal.
 */
export function escapeFor(text: string, quote: QuoteKind, jsxDelimiter?: "'" | '"'): string {
  let out = '';
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    if (quote === 'jsx') {
      if (ch === '&') out += '&amp;';
      else if (ch === '"' && jsxDelimiter !== "'") out += '&quot;';
      else if (ch === "'" && jsxDelimiter !== '"') out += '&apos;';
      else if (needsEscape(ch)) {
        // One reference per code unit: acorn-jsx truncates code points above U+FFFF.
        for (let u = 0; u < ch.length; u++) out += `&#x${hex(ch.charCodeAt(u), 2)};`;
      } else out += ch;
      continue;
    }
    if (ch === '\\' || ch === quote || (quote === '`' && ch === '$' && chars[i + 1] === '{')) {
      out += '\\' + ch;
      continue;
    }
    const short = SHORT_ESCAPES.get(ch);
    if (short !== undefined) out += short;
    else if (!needsEscape(ch)) out += ch;
    else if (ch.length === 1 && ch.charCodeAt(0) < 0x100) out += `\\x${hex(ch.charCodeAt(0), 2)}`;
    else for (let u = 0; u < ch.length; u++) out += `\\u${hex(ch.charCodeAt(u), 4)}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Fixes

function relex(map: LiteralMap, content: string): string | undefined {
  if (map.quote === 'jsx') {
    return lexJsx(content, 0, content.length, map.delimiter === "'" ? "'" : '"', map.dialect ?? 'espree').value;
  }
  try {
    return lexJs(content, 0, content.length, map.delimiter).value;
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof InvalidTemplateEscape) return undefined;
    throw error;
  }
}

/** `\xHH` for one ASCII character. */
function hexEscape(ch: string): string {
  return `\\x${hex(ch.charCodeAt(0), 2)}`;
}

/**
 * The source edit that replaces cooked [start, end) with `text`: `{ range: [a, b], text }` where [a, b) is
 * `sourceRange(map, start, end)` and the text is `escapeFor(text, map.quote)` (for JSX, only the attribute's
 * own quote is escaped). Escapes outside the range are untouched. Where the plain edit would change how the
 * neighbouring source reads, the edit is made safe with as little as possible:
 *
 * - a range that starts or ends between the two code units of one escape (`\u{1F600}`) replaces the whole
 *   escape and re-writes the unit it keeps;
 * - after a legacy octal escape (`'\1'`), a digit that would join it is written `\x3N`;
 * - in a template, a `{` after a literal `$` is written `\{`, a `$` before a literal `{` is written `\$`, and
 *   an LF after a literal CR is written `\n`;
 * - in JSX, a literal `&` that the edit would complete into a character reference (`&amp` + `;`) is written
 *   `&amp;` (the range then starts at that `&`).
 *
 * When `text` is empty and such a neighbour is the next source character, that character is included in
 * the range and re-written. The result is checked by lexing the edited literal; an Error is thrown if it
 * would not cook to `value.slice(0, start) + text + value.slice(end)` (it always does).
 */
export function replaceCooked(map: CookedMap, start: number, end: number, text: string): CookedEdit {
  const m = internal(map);
  checkRange(m, start, end);
  const value = m.value;
  let s = start;
  let e = end;
  while (m.splits(s)) s--;
  while (m.splits(e)) e++;
  const cooked = value.slice(s, start) + text + value.slice(end, e);
  let [a, b] = relRange(m, s, e);
  let ins = escapeFor(cooked, m.quote, m.quote === 'jsx' && m.delimiter !== '`' ? m.delimiter : undefined);
  const raw = m.raw;
  const next = (): string | undefined => (ins.length > 0 ? ins[0] : b < m.contentEnd ? raw[b] : undefined);
  /** Re-writes the first character of the new text (one literal ASCII character) as `escaped`. */
  const rewriteNext = (escaped: string): void => {
    if (ins.length > 0) ins = escaped + ins.slice(1);
    else {
      ins = escaped;
      b += 1;
    }
  };
  const prevUnitRaw = s > 0 && m.relEnd(s - 1) === a ? raw.slice(m.relStart(s - 1), a) : undefined;

  if (m.quote === 'jsx') {
    const n = next();
    if (n !== undefined && /^[#0-9a-zA-Z;]$/.test(n)) {
      let p = a - 1;
      while (p >= m.contentStart && isAlnumOrHash(raw.charCodeAt(p))) p--;
      if (p >= m.contentStart && raw[p] === '&') {
        ins = '&amp;' + raw.slice(p + 1, a) + ins;
        a = p;
      }
    }
  } else {
    if (m.quote === '`' && ins.endsWith('$') && b < m.contentEnd && raw[b] === '{') ins = ins.slice(0, -1) + '\\$';
    const n = next();
    const afterOctal = prevUnitRaw !== undefined && /^\\[0-7]{1,3}$/.test(prevUnitRaw);
    // `\1` + `2` would read as `\12`, and `\0` + `1` as a legacy octal escape (an error in strict code and
    // in templates).
    if (n !== undefined && afterOctal && /^\d$/.test(n)) rewriteNext(hexEscape(n));
    else if (m.quote === '`' && n === '{' && prevUnitRaw === '$') rewriteNext('\\{');
    else if (m.quote === '`' && n === '\n' && a > m.contentStart && raw.charCodeAt(a - 1) === CR) rewriteNext('\\n');
  }

  const expected = value.slice(0, start) + text + value.slice(end);
  const edited = raw.slice(m.contentStart, a) + ins + raw.slice(b, m.contentEnd);
  if (relex(m, edited) !== expected) {
    throw new Error(`internal error: replacing [${start}, ${end}) of ${JSON.stringify(raw)} with ${JSON.stringify(text)}`);
  }
  return { range: [m.offset + a, m.offset + b], text: ins };
}

function isAlnumOrHash(c: number): boolean {
  return c === 0x23 || isAlnum(c);
}

/** The value a JSX attribute string decodes to in one parser's dialect (`typescript`: typescript-estree's). */
export function jsxAttributeValue(raw: string, dialect: JsxDialect): string {
  return lexJsx(raw, 1, raw.length - 1, raw[0] === "'" ? "'" : '"', dialect).value;
}
