/**
 * The patterns of `ignore` and of `overrides[].files`: globs relative to the folder of the
 * configuration file, with the conventions of `.gitignore`:
 *
 * - `*` is any characters but `/`, `?` one, `[abc]`/`[!abc]` one of a set, `{a,b}` either,
 *   `**` as a whole segment any number of folders, `\` escapes the next character;
 * - a pattern without a `/` (but a trailing one) matches a name at any depth: `*.md`, `fixtures`;
 * - otherwise it matches the path from the configuration's folder (a leading `/` or `./` is dropped);
 * - a trailing `/` matches folders only: `dist/`;
 * - a pattern that matches a folder matches everything in it.
 */

import { formatCount } from '../size.js';

export type GlobResult = { matcher: GlobMatcher } | { error: string };

export interface GlobMatcher {
  /** Whether the path (relative to the configuration's folder, `/`-separated) or a folder it is in matches. */
  matches(path: string, directory?: boolean): boolean;
}

/** One character of a name: a literal, any (`?`), or one of a set (`[a-z]`, `[!ab]`). */
type CharTest = { char: string } | { any: true } | { set: readonly [string, string][]; negated: boolean };

/** A name's pattern: `*` (any characters), or one character. */
type NameToken = 'star' | CharTest;

/** A segment of the path: `**` (any number of folders), or a name's pattern. */
type Segment = 'globstar' | readonly NameToken[];

/** How many patterns the braces of one glob may expand to (`{a,b}{c,d}` is four). */
export const MAX_BRACE_PATTERNS = 1_024;

/**
 * The patterns a glob's braces stand for (`*.{md,mdx}` is `*.md` and `*.mdx`), each still with its
 * escapes and sets, or why it is not a glob. Positions in messages count from 1 in `glob`.
 */
function expandBraces(glob: string): { patterns: string[] } | { error: string } {
  // Each open brace: the alternatives finished so far, the text of the current one, and what was before the brace.
  type Open = { before: string[]; done: string[]; current: string[] };
  const stack: Open[] = [];
  let current: string[] = [''];
  const append = (text: string): void => {
    current = current.map((pattern) => pattern + text);
  };
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) return { error: 'it ends in "\\", which escapes nothing' };
      append(glob.slice(i, i + 2));
      i++;
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) return { error: `the "[" at ${i + 1} is not closed by "]"` };
      const set = glob.slice(i + 1, close);
      if (set === '!' || set === '^') return { error: `the set at ${i + 1} is empty` };
      append(glob.slice(i, close + 1));
      i = close;
    } else if (c === '{') {
      stack.push({ before: current, done: [], current: [''] });
      current = [''];
    } else if (c === ',' && stack.length > 0) {
      stack.at(-1)!.done.push(...current);
      current = [''];
    } else if (c === '}' && stack.length > 0) {
      const open = stack.pop()!;
      const alternatives = [...open.done, ...current];
      if (open.before.length * alternatives.length > MAX_BRACE_PATTERNS) return { error: `its braces stand for more than ${formatCount(MAX_BRACE_PATTERNS)} patterns` };
      current = open.before.flatMap((before) => alternatives.map((alternative) => before + alternative));
    } else if (c === '}') return { error: `the "}" at ${i + 1} closes no "{"` };
    else append(c);
    // What the open braces already hold counts too: `{a,b}` twenty times over is a million patterns.
    if (stack.reduce((count, open) => count * Math.max(1, open.before.length), current.length) > MAX_BRACE_PATTERNS) {
      return { error: `its braces stand for more than ${formatCount(MAX_BRACE_PATTERNS)} patterns` };
    }
  }
  if (stack.length > 0) return { error: 'a "{" is not closed by "}"' };
  return { patterns: current };
}

/** A brace-free glob as segments, or why it is not a glob. A `**` that ends the pattern stands for one folder or more. */
function segmentsOf(glob: string): Segment[] {
  const segments: Segment[] = [];
  let name: NameToken[] = [];
  let text = '';
  for (let i = 0; i <= glob.length; i++) {
    let c = glob[i];
    const escaped = c === '\\';
    if (escaped) c = glob[++i]!;
    if (c === undefined || c === '/') {
      // An escaped `/` separates too: no name holds one.
      segments.push(/^\*{2,}$/.test(text) ? 'globstar' : name);
      [name, text] = [[], ''];
      continue;
    }
    text += escaped ? `\\${c}` : c;
    if (escaped) name.push({ char: c });
    else if (c === '*') {
      if (name.at(-1) !== 'star') name.push('star');
    } else if (c === '?') name.push({ any: true });
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      let set = glob.slice(i + 1, close);
      text += glob.slice(i + 1, close + 1);
      const negated = set.startsWith('!') || set.startsWith('^');
      if (negated) set = set.slice(1);
      const ranges: [string, string][] = [];
      for (let k = 0; k < set.length; k++) {
        if (set[k + 1] === '-' && k + 2 < set.length) {
          ranges.push([set[k]!, set[k + 2]!]);
          k += 2;
        } else ranges.push([set[k]!, set[k]!]);
      }
      name.push({ set: ranges, negated });
      i = close;
    } else name.push({ char: c });
  }
  // `dir/**` is what is inside `dir`, not `dir` itself.
  if (segments.at(-1) === 'globstar') segments.splice(-1, 1, ['star'], 'globstar');
  return segments;
}

/** Whether every run of two stars or more is a whole segment (`**`, `a/**`, not `a**`), escapes and sets aside. */
function starsAreSegments(glob: string): boolean {
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '[') i = Math.max(i, glob.indexOf(']', i + 2));
    else if (c === '*' && glob[i + 1] === '*') {
      let j = i;
      while (glob[j + 1] === '*') j++;
      if (!((i === 0 || glob[i - 1] === '/') && (j + 1 === glob.length || glob[j + 1] === '/'))) return false;
      i = j;
    }
  }
  return true;
}

const STAR_IN_NAME = '"**" stands for folders only as a whole segment ("a/**/b"), not inside a name';

function testChar(test: CharTest, c: string): boolean {
  if ('char' in test) return test.char === c;
  if ('any' in test) return true;
  return test.set.some(([low, high]) => low <= c && c <= high) !== test.negated;
}

/**
 * Whether `items` matches `pattern`, where a `star` of the pattern stands for any run of items and
 * every other token for one item it accepts. Two pointers: on a mismatch the last star takes one
 * more item and the rest of the pattern is tried again from there. No choice before the last star
 * is ever revisited (a later star can take whatever an earlier one might have), so the work is at
 * most the pattern's length times the items' — never exponential, whatever the pattern.
 */
function matchSequence<P, I>(pattern: ArrayLike<P>, items: ArrayLike<I>, isStar: (token: P) => boolean, accepts: (token: P, item: I) => boolean): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = -1;
  while (i < items.length) {
    if (p < pattern.length && isStar(pattern[p]!)) {
      starP = p++;
      starI = i;
    } else if (p < pattern.length && accepts(pattern[p]!, items[i]!)) {
      p++;
      i++;
    } else if (starP >= 0) {
      p = starP + 1;
      i = ++starI;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

function matchName(tokens: readonly NameToken[], name: string): boolean {
  return matchSequence(tokens, name, (token) => token === 'star', (token, c) => token !== 'star' && testChar(token, c));
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): boolean {
  return matchSequence(segments, parts, (segment) => segment === 'globstar', (segment, part) => segment !== 'globstar' && matchName(segment, part));
}

/**
 * Compiles a pattern, or says why it is not one. The matcher is no regular expression: the pattern
 * is a configuration's, so a tree could write one that makes a backtracking engine run for ever
 * (`*a*a*a*a*a*a*a*a*b`, `**` segment after `**` segment); matching here costs at most the pattern's length times
 * the path's, for each pattern its braces stand for (at most 1,024).
 */
export function compileGlob(pattern: string): GlobResult {
  if (pattern.trim() === '') return { error: 'it is empty' };
  if (pattern.startsWith('!')) return { error: 'negated patterns ("!…") are not supported' };
  if (/^[a-zA-Z]:[\\/]/.test(pattern) || pattern.startsWith('//')) return { error: 'it is an absolute path; patterns are relative to the folder of the configuration file' };
  let body = pattern.startsWith('./') ? pattern.slice(2) : pattern.startsWith('/') ? pattern.slice(1) : pattern;
  const directoryOnly = body.endsWith('/');
  if (directoryOnly) body = body.slice(0, -1);
  if (body === '') return { error: 'it names no file' };
  if (body.split('/').some((segment) => segment === '..' || segment === '.')) return { error: '"." and ".." segments are not allowed; patterns are relative to the folder of the configuration file' };
  const anchored = body.includes('/') || pattern.startsWith('/');
  const expanded = expandBraces(body);
  if ('error' in expanded) return expanded;
  if (!starsAreSegments(body)) return { error: STAR_IN_NAME };
  // A pattern without `/` names a file or folder at any depth.
  const alternatives = expanded.patterns.map((glob): Segment[] => (anchored ? segmentsOf(glob) : ['globstar', ...segmentsOf(glob)]));
  // A pattern that matches a folder matches everything in it: then one folder or more follow; `dir/` names folders only.
  const inside = alternatives.map((segments): Segment[] => [...segments, ['star'], 'globstar']);
  const orBelow = alternatives.map((segments): Segment[] => [...segments, 'globstar']);
  return {
    matcher: {
      matches(path: string, directory = false): boolean {
        const parts = path.split('/').filter((part) => part !== '' && part !== '.');
        if (parts.length === 0) return false;
        if (!directoryOnly) return orBelow.some((segments) => matchSegments(segments, parts));
        return inside.some((segments) => matchSegments(segments, parts)) || (directory && alternatives.some((segments) => matchSegments(segments, parts)));
      },
    },
  };
}
