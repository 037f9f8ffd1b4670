/**
 * Real corpora: test/fixtures/templates/ holds templated files written the way real projects write
 * them (a Jekyll site, an Eleventy site, a Hugo theme, a Helm chart, a GitHub Actions workflow,
 * Handlebars, Mustache, ERB, EJS, PHP, Django, Twig, Ansible's Jinja, Go templates, Docker Compose),
 * with problems planted outside the template syntax. planted.json lists every finding of the
 * recommended rules: the planted problems, then what urilint gets wrong in this tree today
 * (`knownDefects`: findings it should not make, planted problems it does not find).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The discovery sources (what vitest.config.ts aliases '@urilint/discovery' to), by path so that the root typecheck finds them too.
import {
  applySourceEdits,
  discoverDocument,
  findTemplateTags,
  lineStarts,
  loadGrammarsFor,
  presetRules,
  runRules,
  safeEdits,
  sourceKindOf,
  templateSyntaxes,
  type Finding,
  type TemplateTag,
} from '../packages/discovery/src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonProblem } from '../packages/cli/src/scan/report.js';

const TREE = fileURLToPath(new URL('./fixtures/templates/', import.meta.url));
const MANIFEST = 'planted.json';
const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));

/** One finding as the manifest writes it: `fix` is what the safe fix writes over `text`, or null when none is applied. */
interface Entry {
  file: string;
  line: number;
  column: number;
  text: string;
  code: string;
  fix: string | null;
}

interface Defect extends Entry {
  kind: 'false-positive' | 'miss';
  defect: string;
}

interface Manifest {
  files: Record<string, string>;
  planted: Entry[];
  knownDefects: Defect[];
}

const manifest = JSON.parse(readFileSync(join(TREE, MANIFEST), 'utf8')) as Manifest;
const falsePositives = manifest.knownDefects.filter((defect) => defect.kind === 'false-positive');
const misses = manifest.knownDefects.filter((defect) => defect.kind === 'miss');

const RULES = Object.fromEntries(presetRules('recommended').map((name) => [name, {}]));
const SYNTAXES = templateSyntaxes(true);

/** The files of a tree, `/`-separated and sorted, without the manifest. */
function filesOf(root: string, under = ''): string[] {
  return readdirSync(join(root, under), { withFileTypes: true })
    .flatMap((entry) => {
      const path = under === '' ? entry.name : `${under}/${entry.name}`;
      return entry.isDirectory() ? filesOf(root, path) : [path];
    })
    .filter((path) => path !== MANIFEST)
    .sort();
}

const FILES = filesOf(TREE);
const ORIGINAL = new Map(FILES.map((file) => [file, readFileSync(join(TREE, file), 'utf8')]));

function original(file: string): string {
  return ORIGINAL.get(file)!;
}

/** The findings of the recommended rules on one file, as `urilint scan` reads it. */
// The grammars of the programs among the files (PHP's), loaded as `urilint scan` loads them before reading.
beforeAll(() => loadGrammarsFor(FILES.map((file) => sourceKindOf(file))));

function check(file: string, text: string): Finding[] {
  const found = discoverDocument(text, sourceKindOf(file), { filePath: file });
  return runRules(found.candidates, RULES, found.sourceCode);
}

/** 1-based line and UTF-16 column of an offset. */
function position(starts: readonly number[], offset: number): { line: number; column: number } {
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
  return { line: line + 1, column: offset - starts[line]! + 1 };
}

/** The findings of one file as manifest entries; `fix` is set when the finding's fix is among the safe edits. */
function entriesOf(file: string, text: string, findings: readonly Finding[]): Entry[] {
  const starts = lineStarts(text);
  const taken = new Set(safeEdits(findings));
  return findings.map((finding) => ({
    file,
    ...position(starts, finding.range[0]),
    text: text.slice(finding.range[0], finding.range[1]),
    code: finding.code ?? finding.rule,
    fix: finding.fix !== undefined && finding.fix.every((edit) => taken.has(edit)) ? finding.fix.map((edit) => edit.text).join('') : null,
  }));
}

function plain(entry: Entry): Entry {
  return { file: entry.file, line: entry.line, column: entry.column, text: entry.text, code: entry.code, fix: entry.fix };
}

function byPlace(a: Entry, b: Entry): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/**
 * The entries as reported: a problem repeated in one URI (the same code on one line) is one report,
 * from its first occurrence to the end of its last, whose fix is every occurrence's fix.
 */
function grouped(entries: Entry[]): Entry[] {
  const out: Entry[] = [];
  // The text of each report's first occurrence: one message is one code at the same characters (" ", not "[" and "]").
  const firstText = new Map<Entry, string>();
  for (const entry of entries) {
    const last = out.at(-1);
    if (last !== undefined && last.file === entry.file && last.line === entry.line && last.code === entry.code && firstText.get(last) === entry.text) {
      const line = linesOf(original(entry.file))[entry.line - 1]!;
      last.text = line.slice(last.column - 1, entry.column - 1 + entry.text.length);
      last.fix = last.fix === null || entry.fix === null ? null : last.fix + entry.fix;
      continue;
    }
    const report = { ...entry };
    firstText.set(report, entry.text);
    out.push(report);
  }
  return out;
}

/** What the rules must report on the whole tree: the planted problems and the known false positives. */
const EXPECTED = grouped([...manifest.planted, ...falsePositives].map(plain).sort(byPlace));

function expectedIn(file: string): Entry[] {
  return EXPECTED.filter((entry) => entry.file === file);
}

function linesOf(text: string): string[] {
  return text.split('\n');
}

/** The template tags of a file; in a PHP file the code between `<?php` and `?>` is the PHP reader's, not a tag. */
function tagsOf(file: string, text: string): TemplateTag[] {
  return findTemplateTags(text, SYNTAXES).filter((tag) => sourceKindOf(file) !== 'php' || !text.startsWith('<?', tag.start));
}

function tagTexts(file: string, text: string): string[] {
  return tagsOf(file, text).map((tag) => text.slice(tag.start, tag.end));
}

/** Each file fixed once with the safe fixes, as an editor's "fix all" does (made once the grammars are loaded). */
const FIXED = new Map<string, string>();
beforeAll(() => {
  for (const file of FILES) {
    const text = original(file);
    FIXED.set(file, applySourceEdits(text, safeEdits(check(file, text))));
  }
});

/**
 * What a fixed file must be: every template tag of the original, byte for byte and in order; as many
 * lines; each line as it was, but for the planted problems with a safe fix, which hold their fix
 * (a space is `%20`); lines with a known defect are not looked at.
 */
function expectFixed(file: string, fixed: string): void {
  const text = original(file);
  expect(tagTexts(file, fixed), `${file}: the template tags`).toEqual(tagTexts(file, text));
  const before = linesOf(text);
  const after = linesOf(fixed);
  expect(after.length, `${file}: the number of lines`).toBe(before.length);
  const defective = new Set(manifest.knownDefects.filter((defect) => defect.file === file).map((defect) => defect.line));
  before.forEach((line, index) => {
    const number = index + 1;
    if (defective.has(number)) return;
    // Right to left, so that each column is still the original's.
    const fixes = manifest.planted.filter((entry) => entry.file === file && entry.line === number && entry.fix !== null).sort((a, b) => b.column - a.column);
    let expected = line;
    for (const entry of fixes) {
      expect(expected.slice(entry.column - 1, entry.column - 1 + entry.text.length), `${file}:${number}: the planted text`).toBe(entry.text);
      expected = expected.slice(0, entry.column - 1) + entry.fix + expected.slice(entry.column - 1 + entry.text.length);
    }
    expect(after[index], `${file}:${number}`).toBe(expected);
  });
}

describe('the manifest of test/fixtures/templates', () => {
  it('names every file of the tree, and plants problems in every template syntax', () => {
    expect(Object.keys(manifest.files).sort()).toEqual(FILES);
    const planted = new Set(manifest.planted.map((entry) => manifest.files[entry.file]));
    for (const syntax of new Set(Object.values(manifest.files))) expect(planted.has(syntax), syntax).toBe(true);
  });

  it('writes each entry at its place: the text is in the file at that line and column', () => {
    for (const entry of [...manifest.planted, ...manifest.knownDefects]) {
      const line = linesOf(original(entry.file))[entry.line - 1];
      expect(line?.slice(entry.column - 1, entry.column - 1 + entry.text.length), `${entry.file}:${entry.line}:${entry.column}`).toBe(entry.text);
    }
  });

  it('fixes every planted space to %20', () => {
    const spaces = manifest.planted.filter((entry) => entry.text === ' ');
    expect(spaces.length).toBeGreaterThan(10);
    for (const entry of spaces) expect(entry.fix, `${entry.file}:${entry.line}:${entry.column}`).toBe('%20');
  });
});

describe('the recommended rules on real templated files', () => {
  it('find every planted problem and nothing else (but the known false positives)', () => {
    const found = FILES.flatMap((file) => entriesOf(file, original(file), check(file, original(file)))).sort(byPlace);
    expect(found).toEqual(EXPECTED);
    // The known misses are planted problems that urilint does not report yet.
    for (const miss of misses) {
      const now = found.some((entry) => entry.file === miss.file && entry.line === miss.line);
      expect(now, `${miss.file}:${miss.line} is reported now: move its entries from knownDefects to planted`).toBe(false);
    }
  });

  it('report nothing, and fix nothing, inside a template tag', () => {
    for (const file of FILES) {
      const text = original(file);
      const tags = tagsOf(file, text);
      const findings = check(file, text);
      const ranges = [...findings.map((finding) => finding.range), ...safeEdits(findings).map((edit) => edit.range)];
      for (const [start, end] of ranges) {
        const inside = tags.find((tag) => start < tag.end && tag.start < end);
        expect(inside && text.slice(inside.start, inside.end), `${file}: [${start}, ${end}) ${JSON.stringify(text.slice(start, end))}`).toBeUndefined();
      }
    }
  });

  it('fix the planted problems that have a safe fix, and keep every tag, line and other character', () => {
    for (const file of FILES) expectFixed(file, FIXED.get(file)!);
  });

  it('leave, after the fixes, exactly the problems that have no safe fix; a second pass changes nothing', () => {
    for (const file of FILES) {
      const fixed = FIXED.get(file)!;
      const findings = check(file, fixed);
      expect(applySourceEdits(fixed, safeEdits(findings)), file).toBe(fixed);
      // Columns move when a fix before them on the line is longer than what it replaced: compared by line.
      const brief = (entries: Entry[]) => entries.map(({ line, text, code }) => `${line} ${code} ${JSON.stringify(text)}`).sort();
      expect(brief(entriesOf(file, fixed, findings)), file).toEqual(brief(expectedIn(file).filter((entry) => entry.fix === null)));
    }
  });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `urilint scan` in `cwd` (no colours; standard error is a pipe, so no progress line). */
function scan(cwd: string, args: readonly string[]): Promise<Run> {
  if (!existsSync(BIN)) throw new Error(`The command line is not built (${BIN} is missing): run \`pnpm build\` first.`);
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'scan', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

const temp = mkdtempSync(join(tmpdir(), 'urilint-templates-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A copy of the tree, without its manifest. */
function copyTree(name: string): string {
  const root = join(temp, name);
  cpSync(TREE, root, { recursive: true, filter: (source) => !source.endsWith(MANIFEST) });
  expect(filesOf(root)).toEqual(FILES);
  return root;
}

describe('urilint scan on the tree', () => {
  it('reports exactly the planted problems (and the known false positives), at 1-based UTF-16 columns', async () => {
    const root = copyTree('scan');
    const run = await scan(root, ['--format', 'json', '--jobs', '1', '.']);
    expect(run.code, run.stderr).toBe(1);
    const problems = JSON.parse(run.stdout) as JsonProblem[];
    const found = problems
      .map((problem) => {
        const text = original(problem.file);
        const starts = lineStarts(text);
        const start = starts[problem.line - 1]! + problem.column - 1;
        const end = starts[problem.endLine - 1]! + problem.endColumn - 1;
        return { file: problem.file, line: problem.line, column: problem.column, text: text.slice(start, end), code: problem.code };
      })
      .sort((a, b) => byPlace({ ...a, fix: null }, { ...b, fix: null }));
    expect(found).toEqual(EXPECTED.map(({ file, line, column, text, code }) => ({ file, line, column, text, code })));
  });

  it('--fix writes what the safe fixes make of each file, keeping every tag, line and other character', async () => {
    const root = copyTree('fix');
    const run = await scan(root, ['--fix', '--jobs', '1', '.']);
    // Problems without a safe fix are left: the exit code says so.
    expect(run.code, run.stderr).toBe(1);
    for (const file of FILES) {
      const written = readFileSync(join(root, file), 'utf8');
      expect(written, file).toBe(FIXED.get(file));
      expectFixed(file, written);
    }
    const again = await scan(root, ['--fix', '--jobs', '1', '.']);
    expect(again.code, again.stderr).toBe(1);
    for (const file of FILES) expect(readFileSync(join(root, file), 'utf8'), file).toBe(FIXED.get(file));
  });
});
