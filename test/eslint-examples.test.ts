// Runs ESLint, through examples/eslint.config.js, on the TypeScript/JSX project in
// examples/app and on the documentation in examples/docs (Markdown, JSONC, HTML and
// CSS through ESLint's language plugins): every problem planted in app/src and docs/
// is found, nothing else there is, app/clean yields no message, and the fixes are
// complete and stable.
//
// The config imports the *built* plugin (packages/eslint-plugin/dist): `pnpm check`
// runs `pnpm build` before the tests; on its own, run `pnpm build` first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = 'examples/eslint.config.js';
const PLANTED_DIR = 'examples/app/src';
const CLEAN_DIR = 'examples/app/clean';
const DOCS_DIR = 'examples/docs';
const PLUGIN_DIST = join(ROOT, 'packages/eslint-plugin/dist/index.js');

/**
 * A planted comment alone on its line, in the comment syntax of its file
 * (`// planted: …`, `/* planted: … *\/`, `<!-- planted: … -->`): the problem
 * is on the next line.
 */
const PLANTED = /^\s*(?:\/\/\s*planted:\s*(.+?)|\/\*\s*planted:\s*(.+?)\s*\*\/|<!--\s*planted:\s*(.+?)\s*-->)\s*$/;

/** The codes the recommended config reports; the planted problems must cover them all. */
const RECOMMENDED_CODES = [
  // no-unescaped-chars
  'userinfo-unescaped-char',
  'path-unescaped-char',
  'query-unescaped-char',
  'fragment-unescaped-char',
  'iri-char',
  // no-invalid-percent-encoding
  'pct-invalid-triplet',
  'pct-invalid-utf8',
  // no-malformed (the ones planted: scheme, IPv6 literal, unbracketed IPv6, port)
  'scheme-invalid-char',
  'host-ipv6-double-compression',
  'host-ipv6-missing-brackets',
  'port-invalid-char',
];

/** The kinds of file in examples/docs, one language plugin each. */
const DOCS_FILES = /\.(md|jsonc|html|css)$/;

function sourceFiles(dir: string, pattern = /\.(ts|tsx)$/): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => join(ROOT, dir, name))
    .sort();
}

/** Line (1-based) of each planted problem → what the comment above it says. */
function plantedLines(text: string): Map<number, string> {
  const planted = new Map<number, string>();
  text.split('\n').forEach((line, index) => {
    const match = PLANTED.exec(line);
    if (match) planted.set(index + 2, (match[1] ?? match[2] ?? match[3])!);
  });
  return planted;
}

const isUrilint = (message: Linter.LintMessage): boolean => message.ruleId?.startsWith('urilint/') === true;
const codeOf = (message: Linter.LintMessage): string | undefined => /\[([a-z0-9-]+)\]$/.exec(message.message)?.[1];
const where = (result: ESLint.LintResult, line: number): string => `${relative(ROOT, result.filePath)}:${line}`;

/**
 * A problem whose fix the gate holds back as a suggestion by design: a "[" or "]" (delimiters
 * applications read before they decode) and a second "#" in a fragment (read raw from location.hash).
 */
const heldBack = (m: Linter.LintMessage): boolean =>
  m.fix === undefined &&
  (m.suggestions?.length ?? 0) > 0 &&
  // One character, or the URI's characters of one component named in one report (issue 28): only "[", "]", "#",
  // and the "@" and "\" the fix gate leaves to the reader (an "@" in the userinfo, a "\" a browser sends as written).
  (/^"[[\]#@\\]" must be percent-encoded/.test(m.message) ||
    (/^\d+ characters must be percent-encoded/.test(m.message) && [...m.message.matchAll(/"(.)" as "%/g)].every(([, c]) => '[]#@\\'.includes(c!))));

function newESLint(options: ESLint.Options = {}): ESLint {
  return new ESLint({ cwd: ROOT, overrideConfigFile: CONFIG, ...options });
}

beforeAll(() => {
  if (!existsSync(PLUGIN_DIST)) {
    throw new Error(`${relative(ROOT, PLUGIN_DIST)} is missing: these tests lint with the built plugin. Run \`pnpm build\` first (\`pnpm check\` does).`);
  }
});

describe('eslint-plugin-urilint (recommended) on examples/app', () => {
  it('finds every planted problem in app/src, on the line under its comment, and nothing else', async () => {
    const files = sourceFiles(PLANTED_DIR);
    expect(files.length).toBeGreaterThanOrEqual(3);
    const results = await newESLint().lintFiles([PLANTED_DIR]);
    expect(results.map((r) => r.filePath).sort(), 'the files ESLint linted').toEqual(files);

    const missed: string[] = [];
    const unexpected: string[] = [];
    const other: string[] = [];
    const codes = new Set<string>();
    let plantedCount = 0;
    for (const result of results) {
      const planted = plantedLines(readFileSync(result.filePath, 'utf8'));
      plantedCount += planted.size;
      for (const message of result.messages) {
        if (!isUrilint(message)) other.push(`${where(result, message.line)} ${message.ruleId ?? '(fatal)'}: ${message.message}`);
        else if (!planted.has(message.line)) unexpected.push(`${where(result, message.line)}:${message.column} ${message.ruleId}: ${message.message}`);
        else codes.add(codeOf(message) ?? message.message);
      }
      for (const [line, what] of planted) {
        if (!result.messages.some((m) => isUrilint(m) && m.line === line)) missed.push(`${where(result, line)} (planted: ${what})`);
      }
    }
    expect(missed, 'planted problems with no urilint message on their line').toEqual([]);
    expect(unexpected, 'urilint messages on lines with no planted comment above').toEqual([]);
    expect(other, 'messages other than urilint rules (parse errors?)').toEqual([]);
    expect(plantedCount).toBeGreaterThanOrEqual(20);
    expect([...codes].sort()).toEqual(expect.arrayContaining(RECOMMENDED_CODES));
  });

  it('reports nothing in app/clean (correct URIs and the usual false-positive traps)', async () => {
    const files = sourceFiles(CLEAN_DIR);
    expect(files.length).toBeGreaterThanOrEqual(3);
    const results = await newESLint().lintFiles([CLEAN_DIR]);
    expect(results.map((r) => r.filePath).sort(), 'the files ESLint linted').toEqual(files);
    const messages = results.flatMap((result) => result.messages.map((m) => `${where(result, m.line)}:${m.column} ${m.ruleId ?? '(fatal)'}: ${m.message}`));
    expect(messages).toEqual([]);
    expect(results.every((r) => r.errorCount === 0 && r.warningCount === 0)).toBe(true);
  });

  it('--fix (not written to disk) yields code that parses, has no unescaped characters left, and is stable', async () => {
    const files = sourceFiles(PLANTED_DIR);
    const fixer = newESLint({ fix: true });
    const checker = newESLint();
    const fixed = await fixer.lintFiles([PLANTED_DIR]);
    expect(fixed.map((r) => r.filePath).sort()).toEqual(files);
    // outputFixes() is never called: the sources on disk stay as they are.
    expect(fixed.some((r) => r.output !== undefined)).toBe(true);

    for (const result of fixed) {
      const original = readFileSync(result.filePath, 'utf8');
      const output = result.output ?? original;
      const planted = plantedLines(original);
      // Fixes replace characters inside literals, never lines.
      expect(output.split('\n').length).toBe(original.split('\n').length);

      const [after] = await checker.lintText(output, { filePath: result.filePath });
      const fatal = after!.messages.filter((m) => m.fatal === true || m.ruleId === null);
      expect(fatal, `${relative(ROOT, result.filePath)} no longer parses after --fix`).toEqual([]);
      // A "[" or "]", and a second "#" in a fragment, are left as written: encoding them is a suggestion, never applied by --fix.
      const unescaped = after!.messages.filter((m) => m.ruleId === 'urilint/no-unescaped-chars' && !heldBack(m));
      expect(unescaped.map((m) => `${where(result, m.line)}:${m.column} ${m.message}`), 'no-unescaped-chars after --fix').toEqual([]);
      // What is left is the problems without a safe automatic fix, still on planted lines.
      expect(after!.messages.filter((m) => !planted.has(m.line)).map((m) => `${where(result, m.line)} ${m.message}`)).toEqual([]);

      const [again] = await fixer.lintText(output, { filePath: result.filePath });
      expect(again!.output ?? output, `${relative(ROOT, result.filePath)}: a second --fix changed the code`).toBe(output);
    }
  });
});

/** The codes planted in examples/docs: each language plugin's files report URL problems of every component. */
const DOCS_CODES = [
  'path-unescaped-char',
  'query-unescaped-char',
  'fragment-unescaped-char',
  'userinfo-unescaped-char',
  'iri-char',
  'pct-invalid-triplet',
  'host-ipv6-missing-brackets',
  'host-ipv6-double-compression',
  'port-invalid-char',
  'scheme-script',
];

describe('eslint-plugin-urilint (language configs) on examples/docs', () => {
  it('finds every planted problem in the Markdown, JSONC, HTML and CSS files, on the line under its comment, and nothing else', async () => {
    const files = sourceFiles(DOCS_DIR, DOCS_FILES);
    expect(files.map((file) => file.slice(file.lastIndexOf('.'))).sort()).toEqual(['.css', '.html', '.jsonc', '.md']);
    const results = await newESLint().lintFiles([DOCS_DIR]);
    expect(results.map((r) => r.filePath).sort(), 'the files ESLint linted').toEqual(files);

    const missed: string[] = [];
    const unexpected: string[] = [];
    const other: string[] = [];
    const codes = new Set<string>();
    for (const result of results) {
      const planted = plantedLines(readFileSync(result.filePath, 'utf8'));
      expect(planted.size, `planted problems in ${relative(ROOT, result.filePath)}`).toBeGreaterThanOrEqual(3);
      for (const message of result.messages) {
        if (!isUrilint(message)) other.push(`${where(result, message.line)} ${message.ruleId ?? '(fatal)'}: ${message.message}`);
        else if (!planted.has(message.line)) unexpected.push(`${where(result, message.line)}:${message.column} ${message.ruleId}: ${message.message}`);
        else codes.add(codeOf(message) ?? message.message);
      }
      for (const [line, what] of planted) {
        if (!result.messages.some((m) => isUrilint(m) && m.line === line)) missed.push(`${where(result, line)} (planted: ${what})`);
      }
    }
    expect(missed, 'planted problems with no urilint message on their line').toEqual([]);
    expect(unexpected, 'urilint messages on lines with no planted comment above (code blocks, keys, scripts…)').toEqual([]);
    expect(other, 'messages other than urilint rules (parse errors?)').toEqual([]);
    expect([...codes].sort()).toEqual(expect.arrayContaining(DOCS_CODES));
  });

  it('--fix (not written to disk) yields files that still parse, with no unescaped characters left, and is stable', async () => {
    const fixer = newESLint({ fix: true });
    const checker = newESLint();
    const fixed = await fixer.lintFiles([DOCS_DIR]);
    expect(fixed.map((r) => r.filePath).sort()).toEqual(sourceFiles(DOCS_DIR, DOCS_FILES));
    expect(fixed.filter((r) => r.output !== undefined).length, 'every file has a fixable problem').toBe(fixed.length);

    for (const result of fixed) {
      const original = readFileSync(result.filePath, 'utf8');
      const output = result.output ?? original;
      const planted = plantedLines(original);
      expect(output.split('\n').length).toBe(original.split('\n').length);

      const [after] = await checker.lintText(output, { filePath: result.filePath });
      const fatal = after!.messages.filter((m) => m.fatal === true || m.ruleId === null);
      expect(fatal, `${relative(ROOT, result.filePath)} no longer parses after --fix`).toEqual([]);
      const unescaped = after!.messages.filter((m) => m.ruleId === 'urilint/no-unescaped-chars' && !heldBack(m));
      expect(unescaped.map((m) => `${where(result, m.line)}:${m.column} ${m.message}`), 'no-unescaped-chars after --fix').toEqual([]);
      expect(after!.messages.filter((m) => !planted.has(m.line)).map((m) => `${where(result, m.line)} ${m.message}`)).toEqual([]);

      const [again] = await fixer.lintText(output, { filePath: result.filePath });
      expect(again!.output ?? output, `${relative(ROOT, result.filePath)}: a second --fix changed the file`).toBe(output);
    }
  });
});

describe('eslint-plugin-urilint with ESLint --concurrency', () => {
  it('reports the same in worker threads as in one thread', async () => {
    const summary = (results: ESLint.LintResult[]): string[] =>
      results.flatMap((r) => r.messages.map((m) => `${relative(ROOT, r.filePath)}:${m.line}:${m.column} ${m.ruleId}`)).sort();
    const single = await newESLint().lintFiles(['examples/app/src', DOCS_DIR]);
    const threaded = await newESLint({ concurrency: 2 }).lintFiles(['examples/app/src', DOCS_DIR]);
    expect(summary(threaded)).toEqual(summary(single));
    expect(summary(single).length).toBeGreaterThan(20);
  });
});
