/**
 * The path patterns site configurations write in path-to-regexp's syntax — `redirects` of
 * `vercel.json` and `next.config.*` (`/blog/:slug`, `/docs/:path*`, `/:id(\\d+)`, `/old/(.*)`),
 * VitePress's `rewrites` — read by hand and matched by the linear-time engine (`linear-regex.ts`),
 * so a tree's pattern can never make a check backtrack. A pattern whose group the engine cannot
 * run (a lookahead, a backreference) or that does not parse is unknown: the redirect governs paths
 * nobody can tell, so the links under its literal start are left unreported.
 */
import { LinearRegExp } from '../linear-regex.js';

/**
 * The end of the group that opens at `open` (`(`), one past its `)`: nested groups, `[…]` classes
 * and `\` escapes read as the regular expression reads them. Undefined when it is not closed.
 */
export function groupEnd(pattern: string, open: number): number | undefined {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return undefined;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /^\w$/.test(c);
}

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const compiledRedirects = new Map<string, LinearRegExp | null>();

/**
 * A redirect's `source` as a matcher of paths (a trailing `/` allowed), or undefined when it cannot
 * be known: `:name` one segment, `:name*` none or more, `:name+` one or more, `:name?` optional,
 * `:name(regex)` and `(regex)` the group's expression (for one segment, or repeated likewise).
 */
export function redirectPattern(pattern: string): LinearRegExp | undefined {
  let known = compiledRedirects.get(pattern);
  if (known === undefined) {
    known = compileRedirect(pattern) ?? null;
    // Patterns come from the trees opened; a language server open for days keeps the last ones.
    if (compiledRedirects.size >= 1_000) compiledRedirects.clear();
    compiledRedirects.set(pattern, known);
  }
  return known ?? undefined;
}

function compileRedirect(written: string): LinearRegExp | undefined {
  // `/docs/memoize/` matches `/docs/memoize` too (the path is compared without its trailing `/`).
  const pattern = written.replace(/(.)\/$/, '$1');
  let source = '';
  for (let i = 0; i < pattern.length; ) {
    const slash = pattern[i] === '/' && (pattern[i + 1] === ':' || pattern[i + 1] === '(') ? 1 : 0;
    let j = i + slash;
    const named = pattern[j] === ':' && isWordChar(pattern[j + 1]);
    if (!named && pattern[j] !== '(') {
      if (pattern[i] === '\\' && i + 1 < pattern.length) i++;
      source += escapeRegExp(pattern[i]!);
      i++;
      continue;
    }
    if (named) {
      j++;
      while (isWordChar(pattern[j])) j++;
    }
    let inner = '[^/]+';
    if (pattern[j] === '(') {
      const close = groupEnd(pattern, j);
      if (close === undefined) return undefined;
      inner = `(?:${pattern.slice(j + 1, close - 1)})`;
      j = close;
    }
    const repeat = pattern[j] === '*' || pattern[j] === '+' || pattern[j] === '?' ? pattern[j++] : '';
    const sep = slash === 1 ? '\\/' : '';
    source += repeat === '*' ? `(?:${sep}${inner}(?:\\/${inner})*)?` : repeat === '+' ? `${sep}${inner}(?:\\/${inner})*` : repeat === '?' ? `(?:${sep}${inner})?` : `${sep}${inner}`;
    i = j;
  }
  const compiled = LinearRegExp.compile(`^${source}\\/?$`);
  return 'regex' in compiled ? compiled.regex : undefined;
}

/** The folders a path pattern starts with, up to its first parameter, group or wildcard: `/blog/` of `/blog/:slug(…)` and of `/blog/post-:id`. */
export function literalStart(pattern: string): string {
  const at = pattern.search(/[:(*\\?{]/);
  const head = at < 0 ? pattern : pattern.slice(0, at);
  return head.slice(0, head.lastIndexOf('/') + 1) || '/';
}
