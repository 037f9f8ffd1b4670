/**
 * Regular expressions that a tree or a configuration writes (a `customIds` pattern, a redirect's
 * `(…)` group in `vercel.json`, a VitePress rewrite), run by a linear-time engine: RE2's, as re2js
 * implements it in JavaScript. Its cost grows with the pattern's size times the text's, whatever
 * the pattern: `a*a*a*a*a*a*a*a*a*a*b` or `(a+)+$` cannot make it backtrack, as JavaScript's own
 * engine does (exponentially, or as a power of the text's length).
 *
 * The syntax is JavaScript's, less what needs backtracking: lookahead and lookbehind (`(?!…)`,
 * `(?<=…)`) and backreferences (`\1`) are refused with a message, as is a repetition over 1,000
 * (`a{1001}`). A pattern that is refused runs nowhere.
 */
import type { RE2JS } from 're2js';
import { re2js } from './parsers.js';

export type LinearRegExpResult = { regex: LinearRegExp } | { error: string };

/** A match: the text matched (`[0]`), the groups (`[1]`…, `undefined` when a group took no part), and where it starts. */
export type LinearMatch = RegExpExecArray;

export class LinearRegExp {
  /** The pattern as it was written. */
  readonly source: string;
  /** `^` and `$` match at line breaks too. */
  readonly multiline: boolean;
  #engine: RE2JS | undefined;
  #multiline: LinearRegExp | undefined;

  private constructor(source: string, multiline: boolean, engine: RE2JS | undefined) {
    this.source = source;
    this.multiline = multiline;
    this.#engine = engine;
  }

  /** The pattern compiled, or why it cannot run in linear time (or is no pattern). */
  static compile(source: string, flags: { multiline?: boolean } = {}): LinearRegExpResult {
    const multiline = flags.multiline === true;
    try {
      return { regex: new LinearRegExp(source, multiline, engineFor(source, multiline)) };
    } catch (error) {
      return { error: reasonOf(source, error) };
    }
  }

  /**
   * One of urilint's own patterns, compiled on its first use: importing a module that holds one
   * loads no engine (start-up). It must compile; a test holds each.
   */
  static constant(source: string): LinearRegExp {
    return new LinearRegExp(source, false, undefined);
  }

  get #compiled(): RE2JS {
    return (this.#engine ??= engineFor(this.source, this.multiline));
  }

  /** The same pattern with `^` and `$` matching at every line. */
  withMultiline(): LinearRegExp {
    if (this.multiline) return this;
    if (this.#multiline === undefined) {
      const compiled = LinearRegExp.compile(this.source, { multiline: true });
      // The pattern compiled once; the flag changes no syntax.
      this.#multiline = 'regex' in compiled ? compiled.regex : this;
    }
    return this.#multiline;
  }

  /** The first match in `text`, as `RegExp.prototype.exec` gives it, or null. */
  exec(text: string): LinearMatch | null {
    return this.#compiled.exec(text) as LinearMatch | null;
  }

  test(text: string): boolean {
    return this.#compiled.test(text);
  }

  /** Every match in `text`, left to right, none overlapping. */
  matchAll(text: string): IterableIterator<LinearMatch> {
    return this.#compiled.matchAll(text) as IterableIterator<LinearMatch>;
  }

  /**
   * `text` with its first match replaced, as `String.prototype.replace` does with a pattern without
   * the `g` flag: `$1`…`$99` the groups, `$<name>` a named one, `$&` the match, `` $` `` and `$'` what
   * is before and after it, `$$` a `$`.
   */
  replace(text: string, replacement: string): string {
    const match = this.exec(text);
    if (match === null) return text;
    const end = match.index + match[0].length;
    const expanded = replacement.replace(/\$(\$|&|`|'|\d{1,2}|<([^>]*)>)/g, (written: string, what: string, name: string | undefined) => {
      if (what === '$') return '$';
      if (what === '&') return match[0];
      if (what === '`') return text.slice(0, match.index);
      if (what === "'") return text.slice(end);
      if (name !== undefined) return match.groups?.[name] ?? (match.groups === undefined ? written : '');
      // `$12` is group 12 when there is one, else group 1 and a `2`; `$0` and a missing group are kept as written.
      for (const digits of [what, what.slice(0, 1)]) {
        const group = Number(digits);
        if (group >= 1 && group < match.length) return (match[group] ?? '') + what.slice(digits.length);
      }
      return written;
    });
    return text.slice(0, match.index) + expanded + text.slice(end);
  }

  /** `/source/` (`/source/m`), as a RegExp prints: a key for caches. */
  toString(): string {
    return `/${this.source}/${this.multiline ? 'm' : ''}`;
  }
}

const compiledOnce = new Map<string, LinearRegExp | null>();

/** The compiled pattern (compiled once: a matcher holds no state), or undefined when it cannot run in linear time. */
export function linearRegExp(source: string, flags: { multiline?: boolean } = {}): LinearRegExp | undefined {
  const key = `${flags.multiline === true ? 'm' : '-'}${source}`;
  let known = compiledOnce.get(key);
  if (known === undefined) {
    const compiled = LinearRegExp.compile(source, flags);
    known = 'regex' in compiled ? compiled.regex : null;
    // The patterns of the trees opened; a language server open for days keeps the last ones.
    if (compiledOnce.size >= 1_000) compiledOnce.clear();
    compiledOnce.set(key, known);
  }
  return known ?? undefined;
}

function engineFor(source: string, multiline: boolean): RE2JS {
  const RE2 = re2js();
  return RE2.compile(RE2.translateRegExp(source), multiline ? RE2.MULTILINE : 0);
}

function reasonOf(source: string, error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/\(\?<?[=!]/.test(source)) return 'a lookahead or lookbehind ("(?=", "(?!", "(?<=", "(?<!") needs backtracking, which urilint does not run';
  if (/\\[1-9]|\\k</.test(source)) return 'a backreference ("\\1", "\\k<name>") needs backtracking, which urilint does not run';
  if (/invalid repeat count/.test(text)) return 'a repetition counts to more than 1,000';
  return text.replace(/^error parsing regexp: /, '');
}
