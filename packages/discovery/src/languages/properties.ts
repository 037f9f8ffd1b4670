/**
 * Java properties files (`.properties`), read as `java.util.Properties.load` reads them: a logical
 * line runs over natural lines while one ends in an odd number of backslashes (the next line's
 * leading white space dropped); a line whose first character past white space is `#` or `!` is a
 * comment, read as prose; the key ends at the first unescaped `=`, `:` or white space, then white
 * space, one `=` or `:` and white space again, and the rest is the value. Escapes: `\t`, `\n`, `\r`,
 * `\f`, `\uXXXX`, and a backslash before any other character is that character. Each unit of a value
 * is mapped to the characters that write it; `${name}` (Spring's placeholders) was masked as a template
 * tag before the file is read (`templates.ts`), so it is a hole.
 */
import type { UriCandidate } from '../candidate.js';
import { Decoded, writer } from './common.js';
import { settingValueUris } from './dotenv.js';
import { append, lineCandidates } from '../formats/text.js';

const ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** White space as `Properties.load` skips it. */
const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\f';

/** Where the natural line that starts at `at` ends (before its line break). */
function lineEndAt(text: string, at: number): number {
  let i = at;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** The offset after the line break at `at` (`\r\n`, `\r` or `\n`). */
function afterBreak(text: string, at: number): number {
  if (text[at] === '\r' && text[at + 1] === '\n') return at + 2;
  return at + 1;
}

/** A fix writes a backslash as `\\`; it writes no white space (leading white space of a value is dropped). */
const write = writer({ '\\': '\\\\' }, /[\s]/);

/** The URIs of a Java properties file. */
export function discoverProperties(text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  let at = 0;
  while (at < text.length) {
    let start = at;
    while (isBlank(text[start])) start++;
    const firstEnd = lineEndAt(text, start);
    if (start === firstEnd) {
      at = firstEnd < text.length ? afterBreak(text, firstEnd) : text.length;
      continue;
    }
    if (text[start] === '#' || text[start] === '!') {
      append(out, lineCandidates(text.slice(start + 1, firstEnd), start + 1));
      at = firstEnd < text.length ? afterBreak(text, firstEnd) : text.length;
      continue;
    }
    // The logical line, decoded unit by unit; `escaped` marks units an escape wrote (never a separator).
    const line = new Decoded();
    const escaped: boolean[] = [];
    let i = start;
    let end = start;
    for (;;) {
      const stop = lineEndAt(text, i);
      while (i < stop) {
        if (text[i] !== '\\') {
          line.push(text[i]!, i, i + 1);
          escaped.push(false);
          i++;
          continue;
        }
        if (i + 1 === stop) break;
        const next = text[i + 1]!;
        if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) {
          line.push(String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)), i, i + 6);
          i += 6;
        } else {
          line.push(ESCAPES[next] ?? next, i, i + 2);
          i += 2;
        }
        escaped.push(true);
      }
      end = stop;
      // A lone backslash at the end of the line continues the logical line on the next one.
      if (i === stop || stop >= text.length) break;
      i = afterBreak(text, stop);
      while (isBlank(text[i])) i++;
    }
    at = end < text.length ? afterBreak(text, end) : text.length;
    const value = line.value;
    let k = 0;
    while (k < value.length && (escaped[k] === true || !(value[k] === '=' || value[k] === ':' || isBlank(value[k])))) k++;
    const key = value.slice(0, k);
    while (k < value.length && !escaped[k] && isBlank(value[k])) k++;
    if (k < value.length && !escaped[k] && (value[k] === '=' || value[k] === ':')) k++;
    while (k < value.length && !escaped[k] && isBlank(value[k])) k++;
    const decoded = new Decoded();
    for (let u = k; u < value.length; u++) decoded.push(value[u]!, line.starts[u]!, line.ends[u]!);
    append(out, settingValueUris(decoded, end, write, key, true));
  }
  return out;
}
