/**
 * CI-native outputs of `urilint scan`: GitHub Actions workflow commands (annotations on the pull
 * request's diff) and GitLab's Code Quality report.
 */
import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import type { Problem } from './file-check.js';

/** A workflow command's message: `%`, CR and LF escaped, as the runner reads them back. */
export function escapeGithubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value (`file=…,title=…`): `:` and `,` escaped too, which separate properties. */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** A path as CI services want it: relative to the directory the scan ran in (the checkout), with `/`. */
export function repositoryPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return (rel === '' || rel.startsWith('..') ? path : rel).split(sep).join('/');
}

/**
 * One `::error` or `::warning` workflow command per problem
 * (`::error file=src/a.ts,line=3,endLine=3,col=9,endColumn=10,title=urilint/no-unescaped-chars (path-unescaped-char)::A space…`).
 */
export function githubAnnotation(path: string, problem: Problem): string {
  const properties = [
    ['file', path],
    ['line', String(problem.line)],
    ['endLine', String(problem.endLine)],
    ['col', String(problem.column)],
    ['endColumn', String(problem.endColumn)],
    ['title', `urilint/${problem.rule} (${problem.code})`],
  ]
    .map(([name, value]) => `${name}=${escapeGithubProperty(value!)}`)
    .join(',');
  return `::${problem.severity === 'error' ? 'error' : 'warning'} ${properties}::${escapeGithubData(problem.message)}`;
}

/** One issue of a GitLab Code Quality report. */
export interface GitlabIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: 'major' | 'minor';
  location: { path: string; lines: { begin: number; end: number } };
}

/**
 * The Code Quality issues of one file. The fingerprint is the same from run to run while the
 * problem stands: it hashes the path, the rule, the code and the text of the problem's line (with
 * passwords masked), and counts repeats of that on one file, so it does not change when lines move.
 */
export function gitlabIssues(path: string, problems: readonly Problem[]): GitlabIssue[] {
  const seen = new Map<string, number>();
  return problems.map((problem) => {
    const key = [path, problem.rule, problem.code, problem.excerpt.text, problem.excerpt.text.slice(problem.excerpt.start, problem.excerpt.end)].join('\0');
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return {
      description: `${problem.message} [${problem.code}]`,
      check_name: `urilint/${problem.rule}`,
      fingerprint: createHash('sha256').update(`${key}\0${nth}`).digest('hex'),
      severity: problem.severity === 'error' ? 'major' : 'minor',
      location: { path, lines: { begin: problem.line, end: problem.endLine } },
    };
  });
}

/** FNV-1a of a path: the shard a file belongs to does not depend on the machine or the other files. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Whether a file (by its path relative to the checkout) belongs to shard `index` (1-based) of `count`. */
export function inShard(path: string, index: number, count: number): boolean {
  return hash(path) % count === index - 1;
}
