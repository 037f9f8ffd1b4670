/**
 * Shell command text outside a shell script: a Dockerfile's `RUN`, `CMD` and the arguments of its
 * other instructions, a Makefile's recipe lines. The text (a logical line, its continuations already
 * left out: `Decoded`) is split into words as a POSIX shell splits them: at unquoted white space and
 * operators (`| & ; < > ( )`); `'…'` as written, `"…"` with `\$ \` \" \\` as escapes, a backslash
 * outside quotes escaping the next character (unless the file's escape character is another one), and
 * an unquoted `#` at the start of a word opening a comment, read as prose. Each word's value is read
 * as a setting's value (`settingValueUris`); a word `NAME=value` (an assignment, `--flag=value`) gives
 * its value with NAME as its key. Expansions (`$name`, `${…}`, `$(…)`) were masked as holes before.
 */
import type { UriCandidate } from '../candidate.js';
import { proseCandidates } from '../prose.js';
import { Decoded, writer } from './common.js';
import { settingValueUris } from './dotenv.js';
import { append } from '../formats/text.js';
import { EXPRESSION_SENTINEL } from '../templates.js';

const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')']);
const BLANKS = new Set([' ', '\t', '\n', '\r', '\f', '\v']);

/** A fix writes nothing the shell would read otherwise: no white space, quote, backslash, expansion or operator. */
export const shellWrite = writer({}, /[\s'"\\$`;&|<>()#]/);

/** A shell variable's expansion (`$name`, `${…}`, `$1`, `$@`), masked as a hole. */
const EXPANSION = /\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[^{}\r\n]*\}|[0-9@*#?!-])/y;

/**
 * For each `opener` of `text`, the offset after its `closer`, nested pairs balanced (an opener never
 * closed is left out). One pass with a stack: a text of many unclosed openers costs no more than one.
 */
export function matchingCloses(text: string, opener: string, closer: string): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (c === opener) open.push(k);
    else if (c === closer && open.length > 0) ends.set(open.pop()!, k + 1);
  }
  return ends;
}

/**
 * `text` with each shell expansion masked as a hole (offsets and line breaks kept): a variable's,
 * and a command substitution `$(…)` or arithmetic `$((…))` whole (its output stands in the word:
 * the release in `…/config/ubuntu/$(lsb_release -rs)/prod.list`).
 */
export function maskShellExpansions(text: string): string {
  let out = '';
  let at = 0;
  let parens: Map<number, number> | undefined;
  for (let i = text.indexOf('$'); i !== -1; i = text.indexOf('$', Math.max(i + 1, at))) {
    let end = -1;
    if (text[i + 1] === '(') end = (parens ??= matchingCloses(text, '(', ')')).get(i + 1) ?? -1;
    else {
      EXPANSION.lastIndex = i;
      const match = EXPANSION.exec(text);
      if (match !== null) end = i + match[0].length;
    }
    if (end === -1) continue;
    out += text.slice(at, i) + text.slice(i, end).replace(/[^\r\n]/g, EXPRESSION_SENTINEL);
    at = end;
  }
  return out + text.slice(at);
}

/** A word's units, where each is written, and where its first unquoted `=` is (-1: none). */
interface Word {
  decoded: Decoded;
  equals: number;
}

/** The name before an assignment's `=` (`URL=`, `--from=`, `org.opencontainers.image.source=`). */
const ASSIGNED_NAME = /^(?:--?)?[A-Za-z_][\w.-]*$/;

/**
 * The URIs of the shell words of `line` (units of a logical line). `backslash`: whether `\` escapes
 * (not in a Dockerfile whose escape character is `` ` ``, where `C:\path` is written as it is).
 */
export function shellWordUris(line: Decoded, end: number, backslash = true): UriCandidate[] {
  const out: UriCandidate[] = [];
  const { value, starts, ends } = line;
  let word: Word | undefined;
  const finish = (): void => {
    if (word === undefined) return;
    const { decoded, equals } = word;
    word = undefined;
    if (decoded.value.length === 0) return;
    const name = equals > 0 ? decoded.value.slice(0, equals) : undefined;
    if (name !== undefined && ASSIGNED_NAME.test(name)) {
      const rest = new Decoded();
      for (let k = equals + 1; k < decoded.value.length; k++) rest.push(decoded.value[k]!, decoded.starts[k]!, decoded.ends[k]!);
      append(out, settingValueUris(rest, rest.ends.at(-1) ?? end, shellWrite, name.replace(/^--?/, ''), true));
      return;
    }
    append(out, settingValueUris(decoded, decoded.ends.at(-1) ?? end, shellWrite, undefined, true));
  };
  const current = (): Word => (word ??= { decoded: new Decoded(), equals: -1 });
  let i = 0;
  while (i < value.length) {
    const c = value[i]!;
    if (BLANKS.has(c) || OPERATORS.has(c)) {
      finish();
      i++;
      continue;
    }
    if (c === '#' && word === undefined) {
      // A comment, to the end of the line: its prose.
      const comment = new Decoded();
      for (let k = i + 1; k < value.length; k++) comment.push(value[k]!, starts[k]!, ends[k]!);
      append(out, proseCandidates(comment.map(end, () => undefined)));
      return out;
    }
    const w = current();
    if (c === "'") {
      let k = i + 1;
      while (k < value.length && value[k] !== "'") {
        w.decoded.push(value[k]!, starts[k]!, ends[k]!);
        k++;
      }
      i = k + 1;
      continue;
    }
    if (c === '"') {
      let k = i + 1;
      while (k < value.length && value[k] !== '"') {
        if (backslash && value[k] === '\\' && '$`"\\'.includes(value[k + 1] ?? '.')) {
          w.decoded.push(value[k + 1]!, starts[k]!, ends[k + 1]!);
          k += 2;
          continue;
        }
        w.decoded.push(value[k]!, starts[k]!, ends[k]!);
        k++;
      }
      i = k + 1;
      continue;
    }
    if (backslash && c === '\\' && i + 1 < value.length) {
      w.decoded.push(value[i + 1]!, starts[i]!, ends[i + 1]!);
      i += 2;
      continue;
    }
    if (c === '=' && w.equals === -1) w.equals = w.decoded.value.length;
    w.decoded.push(c, starts[i]!, ends[i]!);
    i++;
  }
  finish();
  return out;
}
