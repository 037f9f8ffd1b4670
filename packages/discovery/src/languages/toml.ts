/**
 * TOML files (`.toml`: `Cargo.toml`, `pyproject.toml`, `netlify.toml`; `Pipfile`), read as TOML 1.0
 * reads them (https://toml.io/en/v1.0.0): `key = value` lines with bare, quoted and dotted keys,
 * `[table]` and `[[array]]` headers, arrays and inline tables over lines, and `#` comments, read as
 * prose. Strings: basic `"…"` with their escapes (`\b \t \n \f \r \" \\`, `\uXXXX`, `\UXXXXXXXX`, and
 * TOML 1.1's `\e`, `\xHH`), multi-line basic `"""…"""` (a line-ending backslash trims the white space
 * after it; a line break right after the opening delimiter is not part of the value), literal `'…'`
 * and multi-line literal `'''…'''` without escapes. Each unit of a value is mapped to the characters
 * that write it, and a fix is written in the string's syntax (a `"` or `\` escaped in a basic string;
 * none that a literal string cannot hold). Where the file stops being TOML, the rest is read line by
 * line as prose.
 */
import type { UriCandidate } from '../candidate.js';
import { Decoded, writer } from './common.js';
import { settingValueUris } from './dotenv.js';
import { append, lineCandidates, linesOf } from '../formats/text.js';

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\u001b', '"': '"', '\\': '\\' };
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

const writeBasic = writer({ '"': '\\"', '\\': '\\\\' }, undefined);
const writeLiteral = writer({}, /'/);

/** The text stops being TOML at the offset given. */
class NotToml extends Error {
  constructor(readonly at: number) {
    super('not TOML');
  }
}

const BARE_KEY = /[A-Za-z0-9_-]/;

/** Reads a TOML document, handing each string value on as candidates. */
class Reader {
  at = 0;
  readonly out: UriCandidate[] = [];

  constructor(readonly text: string) {}

  /** Skips spaces and tabs (and line breaks and comments with `lines`). */
  space(lines: boolean): void {
    const { text } = this;
    while (this.at < text.length) {
      const c = text[this.at]!;
      if (c === ' ' || c === '\t') this.at++;
      else if (lines && (c === '\n' || c === '\r')) this.at++;
      else if (c === '#') this.comment();
      else break;
    }
  }

  /** A comment from `#` to the end of its line: its prose. */
  comment(): void {
    const start = this.at + 1;
    let end = start;
    while (end < this.text.length && this.text[end] !== '\n' && this.text[end] !== '\r') end++;
    append(this.out, lineCandidates(this.text.slice(start, end), start));
    this.at = end;
  }

  /** The end of a statement: white space, a comment, then a line break or the end. */
  endOfLine(): void {
    this.space(false);
    const c = this.text[this.at];
    if (c === undefined) return;
    if (c === '\n') this.at++;
    else if (c === '\r' && this.text[this.at + 1] === '\n') this.at += 2;
    else throw new NotToml(this.at);
  }

  /** A dotted key; its last part (the name a value is given to). */
  key(): string {
    let last = '';
    for (;;) {
      this.space(false);
      const c = this.text[this.at];
      if (c === '"' || c === "'") last = this.string(undefined).value;
      else {
        const start = this.at;
        while (this.at < this.text.length && BARE_KEY.test(this.text[this.at]!)) this.at++;
        if (this.at === start) throw new NotToml(this.at);
        last = this.text.slice(start, this.at);
      }
      this.space(false);
      if (this.text[this.at] !== '.') return last;
      this.at++;
    }
  }

  document(): void {
    const { text } = this;
    while (this.at < text.length) {
      this.space(true);
      if (this.at >= text.length) return;
      if (text[this.at] === '[') {
        const array = text[this.at + 1] === '[';
        this.at += array ? 2 : 1;
        this.key();
        if (!text.startsWith(array ? ']]' : ']', this.at)) throw new NotToml(this.at);
        this.at += array ? 2 : 1;
        this.endOfLine();
        continue;
      }
      const key = this.key();
      if (text[this.at] !== '=') throw new NotToml(this.at);
      this.at++;
      this.space(false);
      this.value(key);
      this.endOfLine();
    }
  }

  value(key: string): void {
    const { text } = this;
    const c = text[this.at];
    if (c === '"' || c === "'") {
      this.string(key);
      return;
    }
    if (c === '[') {
      this.at++;
      for (;;) {
        this.space(true);
        if (text[this.at] === ']') break;
        this.value(key);
        this.space(true);
        if (text[this.at] === ',') this.at++;
        else if (text[this.at] !== ']') throw new NotToml(this.at);
      }
      this.at++;
      return;
    }
    if (c === '{') {
      this.at++;
      this.space(false);
      if (text[this.at] === '}') {
        this.at++;
        return;
      }
      for (;;) {
        const inner = this.key();
        if (text[this.at] !== '=') throw new NotToml(this.at);
        this.at++;
        this.space(false);
        this.value(inner);
        this.space(false);
        if (text[this.at] === ',') this.at++;
        else if (text[this.at] === '}') break;
        else throw new NotToml(this.at);
      }
      this.at++;
      return;
    }
    // A number, a date, a boolean: up to the next delimiter.
    const start = this.at;
    while (this.at < text.length && !/[,\]}#\s]/.test(text[this.at]!)) this.at++;
    // A local date and time may be written with a space between them.
    if (/^\d{4}-\d{2}-\d{2}$/.test(text.slice(start, this.at)) && text[this.at] === ' ' && /\d/.test(text[this.at + 1] ?? '')) {
      this.at++;
      while (this.at < text.length && !/[,\]}#\s]/.test(text[this.at]!)) this.at++;
    }
    if (this.at === start) throw new NotToml(this.at);
  }

  /** A string at `at`; its value decoded. With a key, its candidates are handed on. */
  string(key: string | undefined): Decoded {
    const { text } = this;
    const quote = text[this.at]!;
    const multi = text.startsWith(quote.repeat(3), this.at);
    const basic = quote === '"';
    const open = this.at;
    this.at += multi ? 3 : 1;
    // A line break right after a multi-line string's opening delimiter is trimmed.
    if (multi) {
      if (text[this.at] === '\n') this.at++;
      else if (text[this.at] === '\r' && text[this.at + 1] === '\n') this.at += 2;
    }
    const decoded = new Decoded();
    for (;;) {
      if (this.at >= text.length) throw new NotToml(open);
      const c = text[this.at]!;
      if (c === quote && (!multi || text.startsWith(quote.repeat(3), this.at))) {
        // A multi-line string may end with one or two of its quotes before the delimiter.
        let close = this.at;
        if (multi) while (text[close + 3] === quote && close - this.at < 2) close++;
        for (let k = this.at; k < close; k++) decoded.push(quote, k, k + 1);
        this.at = close + (multi ? 3 : 1);
        break;
      }
      if (!multi && (c === '\n' || c === '\r')) throw new NotToml(open);
      if (basic && c === '\\') {
        const next = text[this.at + 1] ?? '';
        if (multi && /[ \t\r\n]/.test(next)) {
          // A line-ending backslash: the white space and line breaks after it are trimmed.
          let k = this.at + 1;
          while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
          if (text[k] === '\n' || text[k] === '\r') {
            while (k < text.length && /[ \t\r\n]/.test(text[k]!)) k++;
            this.at = k;
            continue;
          }
        }
        const length = HEX_LENGTH[next];
        if (length !== undefined) {
          const digits = text.slice(this.at + 2, this.at + 2 + length);
          if (digits.length !== length || !/^[0-9A-Fa-f]+$/.test(digits)) throw new NotToml(this.at);
          decoded.push(String.fromCodePoint(parseInt(digits, 16)), this.at, this.at + 2 + length);
          this.at += 2 + length;
          continue;
        }
        const escape = ESCAPES[next];
        if (escape === undefined) throw new NotToml(this.at);
        decoded.push(escape, this.at, this.at + 2);
        this.at += 2;
        continue;
      }
      decoded.push(c, this.at, this.at + 1);
      this.at++;
    }
    if (key !== undefined) {
      const end = this.at - (multi ? 3 : 1);
      append(this.out, settingValueUris(decoded, end, basic ? writeBasic : writeLiteral, key, true));
    }
    return decoded;
  }
}

/** The URIs of a TOML file. */
export function discoverToml(text: string): UriCandidate[] {
  const reader = new Reader(text);
  try {
    reader.document();
    return reader.out;
  } catch (error) {
    if (!(error instanceof NotToml)) throw error;
    // What was read up to the line where the file stops being TOML, then the rest as prose.
    const lineStart = Math.max(text.lastIndexOf('\n', error.at - 1) + 1, 0);
    const out = reader.out.filter((candidate) => candidate.range[0] < lineStart);
    for (const { line, offset } of linesOf(text, lineStart)) append(out, lineCandidates(line, offset));
    return out;
  }
}
