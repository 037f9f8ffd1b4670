// What each package's tarball (and the VS Code extension's .vsix) may hold: scripts/package-contents.json
// lists, per package, the files it must hold (a path) and the files it may hold (a pattern, `*` within a
// folder, `**/` any folders). A file that no entry matches (a source, a test, a build setting, a stray
// file) is a problem, and so is a required file that is missing.
import { readFileSync } from 'node:fs';

/** @type {Record<string, string[]>} */
export const PACKAGE_CONTENTS = JSON.parse(readFileSync(new URL('./package-contents.json', import.meta.url), 'utf8'));

/** @param {string} pattern */
function matcher(pattern) {
  const source = pattern
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:[^/]+/)*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The problems of an archive's files against the expected contents of `name`.
 * @param {string} name
 * @param {string[]} files
 */
export function contentsProblems(name, files) {
  const expected = PACKAGE_CONTENTS[name];
  if (expected === undefined) return [`no expected contents for ${name} in scripts/package-contents.json`];
  const matchers = expected.map(matcher);
  const problems = [];
  for (const entry of expected) if (!entry.includes('*') && !files.includes(entry)) problems.push(`${entry} is missing`);
  for (const file of files) if (!matchers.some((regex) => regex.test(file))) problems.push(`${file} is not expected (scripts/package-contents.json)`);
  return problems;
}
