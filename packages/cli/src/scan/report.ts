/** The output of `urilint scan`: text with carets, one JSON array, or SARIF 2.1.0. */
import { relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatBytes, formatCount, MAX_URIS_PER_DOCUMENT, RULE_NAMES, type RuleName } from '@urilint/discovery';
import { display, visible } from '../display.js';
import type { Style } from '../style.js';
import type { Problem, SkipReason } from './file-check.js';
import { INFORMATION_URI, RULE_DESCRIPTIONS, RULE_DOCS_BASE } from './rules.js';

export type Format = 'text' | 'json' | 'sarif' | 'github' | 'gitlab';

export const FORMATS: readonly Format[] = ['text', 'json', 'sarif', 'github', 'gitlab'];

/** The problems of one file, with the path as printed and as opened. */
export interface FileProblems {
  display: string;
  path: string;
  problems: Problem[];
}

/** One problem in `--format json`. */
export interface JsonProblem {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
  rule: string;
  severity: Problem['severity'];
  message: string;
}

/** The lines of one problem: `file:line:col code message`, the source line, and carets under the exact characters. */
export function formatProblem(file: string, problem: Problem, style: Style): string[] {
  const { excerpt } = problem;
  const view = display(excerpt.text);
  const columns = view.columns(excerpt.start, excerpt.end);
  const lead = excerpt.cutBefore ? 1 : 0;
  const number = String(problem.line);
  const gutter = ' '.repeat(number.length);
  const level = problem.severity === 'error' ? 'error' : 'warning';
  const carets = style.severity(level, '^'.repeat(Math.max(1, columns.end - columns.start)));
  const source = `${excerpt.cutBefore ? '…' : ''}${view.text}${excerpt.cutAfter ? '…' : ''}`;
  return [
    `${style.bold(`${file}:${problem.line}:${problem.column}`)} ${style.severity(level, problem.code)} ${visible(problem.message)}`,
    `  ${style.dim(`${number} |`)} ${source}`.trimEnd(),
    `  ${style.dim(`${gutter} |`)} ${' '.repeat(lead + columns.start)}${carets} ${style.severity(level, problem.severity)} ${style.dim(problem.rule)}${problem.fixable ? style.dim(' (fixable)') : ''}`,
  ];
}

/**
 * The lines of a file's problems, those of one range under one code frame: two rules that report
 * the same characters (a `\\` that must be escaped and that browsers read as `/`) are one place
 * to look at, with a line per problem above it.
 */
export function formatProblems(file: string, problems: readonly Problem[], style: Style): string[][] {
  const groups = new Map<string, Problem[]>();
  for (const problem of problems) {
    const key = `${problem.line}:${problem.column}:${problem.endLine}:${problem.endColumn}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [problem]);
    else group.push(problem);
  }
  return [...groups.values()].map((group) => {
    const frames = group.map((problem) => formatProblem(file, problem, style));
    if (frames.length === 1) return frames[0]!;
    // Each problem's heading, the source line once, and each problem's carets and rule.
    return [...frames.map((frame) => frame[0]!), frames[0]![1]!, ...frames.map((frame) => frame[2]!)];
  });
}

export function jsonProblem(file: string, problem: Problem): JsonProblem {
  const { line, column, endLine, endColumn, code, rule, severity, message } = problem;
  return { file, line, column, endLine, endColumn, code, rule, severity, message };
}

/** A path as a relative URI reference: each segment percent-encoded ("@" kept, as RFC 3986 allows it in a path). */
function relativeUri(path: string): string {
  return path
    .split(sep)
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, '@'))
    .join('/');
}

/** Where a file is for SARIF: relative to the directory the scan ran in, or an absolute `file:` URI outside it. */
function artifactLocation(path: string, cwd: string): { uri: string; uriBaseId?: string } {
  const rel = relative(cwd, path);
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) return { uri: pathToFileURL(path).href };
  return { uri: relativeUri(rel), uriBaseId: '%SRCROOT%' };
}

export interface SarifOptions {
  cwd: string;
  version: string;
  /** The rules that were on, with their severity. */
  rules: readonly (readonly [RuleName, Problem['severity']])[];
}

/**
 * A SARIF 2.1.0 log of one run, for code-scanning upload: every rule that was
 * on, with its page and description, and one result per problem. Columns
 * count UTF-16 code units (`columnKind`), as the other formats' do.
 */
export function sarifLog(files: readonly FileProblems[], options: SarifOptions): object {
  const on = new Map<string, Problem['severity']>(options.rules);
  const rules = RULE_NAMES.filter((name) => on.has(name));
  const index = new Map(rules.map((name, i) => [name as string, i]));
  const results = files.flatMap((file) =>
    file.problems.map((problem) => ({
      ruleId: problem.rule,
      ruleIndex: index.get(problem.rule),
      level: problem.severity === 'error' ? 'error' : 'warning',
      message: { text: `${problem.message} [${problem.code}]` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(file.path, options.cwd),
            region: { startLine: problem.line, startColumn: problem.column, endLine: problem.endLine, endColumn: problem.endColumn },
          },
        },
      ],
      properties: { code: problem.code },
    })),
  );
  const root = pathToFileURL(options.cwd).href;
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'urilint',
            version: options.version,
            informationUri: INFORMATION_URI,
            rules: rules.map((name) => ({
              id: name,
              name,
              shortDescription: { text: RULE_DESCRIPTIONS[name] },
              helpUri: `${RULE_DOCS_BASE}${name}.md`,
              defaultConfiguration: { level: on.get(name) === 'warning' ? 'warning' : 'error' },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root.endsWith('/') ? root : `${root}/` } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

/** What a scan found and did, for the summary and `--stats`. */
export interface Tally {
  files: number;
  bytes: number;
  uris: number;
  errors: number;
  warnings: number;
  fixable: number;
  fixed: number;
  filesWithProblems: number;
  notParsed: number;
  /** URIs past the first `MAX_URIS_PER_DOCUMENT` of a file: found, not checked. */
  unchecked: number;
  skipped: Record<SkipReason, number>;
  failed: number;
  /** Symbolic links in the walked directories that were not followed. */
  linksNotFollowed: number;
  /** FIFOs, sockets and devices in the walked directories: never opened. */
  notRegular: number;
}

export function emptyTally(): Tally {
  return { files: 0, bytes: 0, uris: 0, errors: 0, warnings: 0, fixable: 0, fixed: 0, filesWithProblems: 0, notParsed: 0, unchecked: 0, skipped: { binary: 0, 'too-large': 0, minified: 0 }, failed: 0, linksNotFollowed: 0, notRegular: 0 };
}

/** A byte count for people (`@urilint/discovery`'s, which the language server's size cap names too). */
export { formatBytes };

/** `1,234 files`: a count with thousands separators and the word for it. */
function counted(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** `12 files scanned, 34 URIs, 3 problems (2 errors, 1 warning) in 2 files, 2 fixable with --fix; 1 file skipped (1 binary)`. */
export function summaryLine(tally: Tally, maxFileSize: number, fix: boolean): string {
  const problems = tally.errors + tally.warnings;
  const uris = counted(tally.uris, 'URI', 'URIs');
  const parts = [`${counted(tally.files, 'file', 'files')} scanned`, tally.unchecked > 0 ? `${uris} checked (${counted(tally.unchecked, 'more', 'more')} found, past the first ${formatCount(MAX_URIS_PER_DOCUMENT)} of a file)` : uris];
  parts.push(
    problems === 0
      ? 'no problems'
      : `${counted(problems, 'problem', 'problems')} (${counted(tally.errors, 'error', 'errors')}, ${counted(tally.warnings, 'warning', 'warnings')}) in ${counted(tally.filesWithProblems, 'file', 'files')}`,
  );
  if (fix) parts.push(`${counted(tally.fixed, 'fix', 'fixes')} applied`);
  else if (tally.fixable > 0) parts.push(`${counted(tally.fixable, 'problem', 'problems')} fixable with --fix`);
  let line = parts.join(', ');
  const skipped = tally.skipped.binary + tally.skipped['too-large'] + tally.skipped.minified;
  if (skipped > 0) {
    const reasons = [];
    if (tally.skipped.binary > 0) reasons.push(`${counted(tally.skipped.binary, 'binary', 'binary')}`);
    if (tally.skipped['too-large'] > 0) reasons.push(`${counted(tally.skipped['too-large'], 'larger', 'larger')} than ${formatBytes(maxFileSize)}`);
    if (tally.skipped.minified > 0) reasons.push(`${counted(tally.skipped.minified, 'minified', 'minified')}: --minified reads them`);
    line += `; ${counted(skipped, 'file', 'files')} skipped (${reasons.join(', ')})`;
  }
  if (tally.failed > 0) line += `; ${counted(tally.failed, 'file', 'files')} could not be checked`;
  return line;
}

/** `--stats`: one `name: value` line each, as ripgrep's `--stats` prints them. */
export function statsLines(tally: Tally, seconds: number, jobs: number): string[] {
  const rows: [string, string | number][] = [
    ['files scanned', tally.files],
    ['files skipped binary', tally.skipped.binary],
    ['files skipped too large', tally.skipped['too-large']],
    ['files skipped minified', tally.skipped.minified],
    ['files failed', tally.failed],
    ['files skipped not regular (FIFOs, sockets, devices)', tally.notRegular],
    ['symbolic links not followed', tally.linksNotFollowed],
    ['files read without a full parse', tally.notParsed],
    ['bytes scanned', tally.bytes],
    ['URIs', tally.uris],
    [`URIs not checked (past the first ${formatCount(MAX_URIS_PER_DOCUMENT)} of a file)`, tally.unchecked],
    ['problems', tally.errors + tally.warnings],
    ['errors', tally.errors],
    ['warnings', tally.warnings],
    ['fixes applied', tally.fixed],
    ['workers', jobs],
    ['seconds', seconds.toFixed(3)],
  ];
  return rows.map(([name, value]) => `${name}: ${value}`);
}
