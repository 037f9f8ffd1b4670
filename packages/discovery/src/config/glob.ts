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

export type GlobResult = { matcher: GlobMatcher } | { error: string };

export interface GlobMatcher {
  /** Whether the path (relative to the configuration's folder, `/`-separated) or a folder it is in matches. */
  matches(path: string, directory?: boolean): boolean;
}

/** The regular expression text of one segment-level glob, or why it is not a glob. */
function translate(glob: string): { source: string } | { error: string } {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) return { error: 'it ends in "\\", which escapes nothing' };
      out += escapeRegExp(glob[++i]!);
    } else if (c === '*') {
      const start = i === 0 || glob[i - 1] === '/';
      let j = i;
      while (glob[j + 1] === '*') j++;
      const end = j + 1 >= glob.length || glob[j + 1] === '/';
      if (j > i && start && end) {
        // `**/` any folders (none too), `/**` at the end everything below.
        if (j + 1 < glob.length) {
          out += '(?:[^/]*/)*';
          i = j + 1;
        } else {
          out += '.*';
          i = j;
        }
      } else if (j > i) return { error: '"**" stands for folders only as a whole segment ("a/**/b"), not inside a name' };
      else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) return { error: `the "[" at ${i + 1} is not closed by "]"` };
      let set = glob.slice(i + 1, close);
      const negated = set.startsWith('!') || set.startsWith('^');
      if (negated) set = set.slice(1);
      if (set.length === 0) return { error: `the set at ${i + 1} is empty` };
      out += `[${negated ? '^/' : ''}${set.replace(/[\\\]^]/g, '\\$&')}]`;
      i = close;
    } else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === '}') return { error: `the "}" at ${i + 1} closes no "{"` };
    else if (c === ',' && braces > 0) out += '|';
    else out += escapeRegExp(c);
  }
  if (braces > 0) return { error: 'a "{" is not closed by "}"' };
  return { source: out };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Compiles a pattern, or says why it is not one. */
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
  const translated = translate(body);
  if ('error' in translated) return translated;
  const regex = new RegExp(`^${anchored ? '' : '(?:.*/)?'}${translated.source}$`);
  return {
    matcher: {
      matches(path: string, directory = false): boolean {
        const parts = path.split('/').filter((part) => part !== '' && part !== '.');
        // The path itself, then each folder it is in.
        for (let n = parts.length; n > 0; n--) {
          const isFolder = n < parts.length || directory;
          if (directoryOnly && !isFolder) continue;
          if (regex.test(parts.slice(0, n).join('/'))) return true;
        }
        return false;
      },
    },
  };
}
