/** `urilint scan` with a configuration file, `--config`, `--no-config`, and `urilint init`. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@urilint/discovery';
import { run } from './support/run.js';

/** The built command: only there do worker threads run (the tests run the sources). */
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const cwd = process.cwd();
let dir: string;

/** The files of a fresh tree under `dir` (a git repository: it holds `.git`). */
function tree(files: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, '.git'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

// An insecure scheme (strict only) and a space (recommended) in one URL; a template tag in another.
const API = 'export const a = fetch("http://api.acme.io/a b");\n';
const PAGE = '<a href="https://example.com/{{ slug }}/x y">x</a>\n';

type Found = [string, string, string][];

/** `scan --format json` here: [file, rule, severity] per problem. */
async function found(...args: string[]): Promise<{ code: number; found: Found; stderr: string }> {
  const result = await run(['scan', '--format', 'json', '--jobs', '1', ...args]);
  const problems = result.stdout === '' ? [] : (JSON.parse(result.stdout) as { file: string; rule: string; severity: string }[]);
  return { code: result.code, found: problems.map((p) => [p.file, p.rule, p.severity]), stderr: result.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'urilint-config-'));
  process.chdir(dir);
});

afterAll(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => process.chdir(cwd));

/** Makes the tree and enters it. */
function inTree(files: Record<string, string>): void {
  process.chdir(cwd);
  tree(files);
  process.chdir(dir);
}

describe('the configuration file', () => {
  it('sets the preset and the rules', async () => {
    inTree({ 'src/api.ts': API, 'urilint.config.jsonc': '// strict, but http: as a warning\n{ "preset": "strict", "rules": { "no-insecure-scheme": "warning", }, }\n' });
    expect((await found('src')).found).toEqual([
      ['src/api.ts', 'no-insecure-scheme', 'warning'],
      ['src/api.ts', 'no-unescaped-chars', 'error'],
    ]);
    // Without it (--no-config), the defaults: recommended.
    expect((await found('--no-config', 'src')).found).toEqual([['src/api.ts', 'no-unescaped-chars', 'error']]);
  });

  it('is beaten by the flags: --preset, --rule, --ignore, --templates and --no-templates', async () => {
    inTree({
      'src/api.ts': API,
      'web/page.html': PAGE,
      'urilint.config.jsonc': '{ "preset": "strict", "rules": { "no-insecure-scheme": "hint" }, "ignore": ["web/"], "templates": false }',
    });
    // The file: strict with http: as a warning, web/ ignored.
    expect((await found('.')).found).toEqual([
      ['src/api.ts', 'no-insecure-scheme', 'warning'],
      ['src/api.ts', 'no-unescaped-chars', 'error'],
    ]);
    // --preset replaces the file's preset; its rules still adjust it.
    expect((await found('--preset', 'recommended', '.')).found).toEqual([
      ['src/api.ts', 'no-insecure-scheme', 'warning'],
      ['src/api.ts', 'no-unescaped-chars', 'error'],
    ]);
    expect((await found('--preset', 'none', '--rule', 'no-malformed', '.')).found).toEqual([['src/api.ts', 'no-insecure-scheme', 'warning']]);
    // --rule comes after the file's rules.
    expect((await found('--rule', 'no-insecure-scheme=off', '.')).found).toEqual([['src/api.ts', 'no-unescaped-chars', 'error']]);
    // --ignore adds to the file's ignore.
    expect((await found('--ignore', 'src/', '.')).found).toEqual([]);
    // A file named is read whatever ignore says: the file's templates: false reads {{ slug }} as text.
    const asText = await found('web/page.html');
    // The braces of the tag and the space are one problem of the URI (issue 28): one report.
    expect(asText.found).toEqual([['web/page.html', 'no-unescaped-chars', 'error']]);
    // --templates beats the file's templates: the tag is a hole again, only the space is left.
    expect((await found('--templates', 'mustache', 'web/page.html')).found).toEqual([['web/page.html', 'no-unescaped-chars', 'error']]);
    inTree({ 'web/page.html': PAGE, 'urilint.config.jsonc': '{ "templates": true }' });
    expect((await found('--no-templates', 'web/page.html')).found).toHaveLength(1);
  });

  it('applies overrides in order to the files they match, relative to its folder', async () => {
    inTree({
      'packages/a/src/api.ts': API,
      'packages/a/legacy/old.ts': API,
      'packages/a/docs/api.md': '[api](https://example.com/a%zz)\n',
      'packages/a/urilint.config.json': JSON.stringify({
        preset: 'strict',
        overrides: [
          { files: ['legacy/**'], rules: { 'no-insecure-scheme': 'off' } },
          { files: ['*.md'], preset: 'recommended' },
          { files: ['src/*.ts'], rules: { 'no-insecure-scheme': 'warning' } },
          // Relative to packages/a: never matches packages/a/src/api.ts.
          { files: ['packages/a/src/**'], rules: { 'no-unescaped-chars': 'off' } },
        ],
      }),
    });
    const expected: Found = [
      ['packages/a/docs/api.md', 'no-invalid-percent-encoding', 'error'],
      ['packages/a/legacy/old.ts', 'no-unescaped-chars', 'error'],
      ['packages/a/src/api.ts', 'no-insecure-scheme', 'warning'],
      ['packages/a/src/api.ts', 'no-unescaped-chars', 'error'],
    ];
    expect((await found('.')).found).toEqual(expected);
    // The same from the build on two worker threads: each task names its settings.
    const workers = spawnSync(process.execPath, [BIN, 'scan', '--format', 'json', '--jobs', '2', '--stats', '.'], { cwd: dir, encoding: 'utf8' });
    expect((JSON.parse(workers.stdout) as { file: string; rule: string; severity: string }[]).map((p) => [p.file, p.rule, p.severity])).toEqual(expected);
    expect(workers.stderr).toContain('workers: 2\n');
  });

  it('is the nearest one, from the file upward, and the search stops at the repository root', async () => {
    inTree({
      'urilint.config.jsonc': '{ "preset": "strict" }',
      'src/api.ts': API,
      'vendor/lib/package.json': '{ "name": "lib", "urilint": { "preset": "none", "rules": { "no-insecure-scheme": "error" } } }',
      'vendor/lib/index.js': API,
    });
    // Above the repository's root, a configuration that would turn every rule off is never read.
    writeFileSync(join(dirname(dir), 'urilint.config.json'), '{ "preset": "none" }');
    try {
      expect((await found('.')).found).toEqual([
        ['src/api.ts', 'no-insecure-scheme', 'error'],
        ['src/api.ts', 'no-unescaped-chars', 'error'],
        ['vendor/lib/index.js', 'no-insecure-scheme', 'error'],
      ]);
    } finally {
      rmSync(join(dirname(dir), 'urilint.config.json'));
    }
  });

  it('is the one named by --config, with no search', async () => {
    inTree({ 'src/api.ts': API, 'src/urilint.config.json': '{ "preset": "strict" }', 'ci/urilint.jsonc': '{ "preset": "none", "rules": { "no-insecure-scheme": "warning" } }' });
    expect((await found('--config', 'ci/urilint.jsonc', 'src')).found).toEqual([['src/api.ts', 'no-insecure-scheme', 'warning']]);
    const missing = await found('--config', 'nope.jsonc', 'src');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.jsonc:1:1: the configuration file cannot be read (expected a readable file)\n');
    const both = await run(['scan', '--config', 'x', '--no-config', '.']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("The options '--config' and '--no-config' cannot be given together.");
  });

  it('leaves out the kinds it does not list, but not a file named', async () => {
    inTree({ 'src/api.ts': API, 'docs/a.md': '[a](https://example.com/a%zz)\n', 'urilint.config.jsonc': '{ "kinds": ["markdown"] }' });
    expect((await found('.')).found).toEqual([['docs/a.md', 'no-invalid-percent-encoding', 'error']]);
    expect((await found('src/api.ts')).found).toEqual([['src/api.ts', 'no-unescaped-chars', 'error']]);
  });

  it('stops the scan with exit 2 when it has problems, each printed with its place, key and what is expected', async () => {
    const text = '{\n  "preset": "strickt",\n  "rules": { "no-credential": "warn" },\n  "overrides": [{ "files": ["src/[a"], "comments": "no" }],\n  "colour": true,\n}\n';
    inTree({ 'src/api.ts': API, 'urilint.config.jsonc': text });
    const result = await run(['scan', '--jobs', '1', '.']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const at = (needle: string): string => {
      const offset = text.indexOf(needle);
      const lines = text.slice(0, offset).split('\n');
      return `${lines.length}:${lines.at(-1)!.length + 1}`;
    };
    expect(result.stderr.split('\n').map((line) => line.replace(/ \(expected a rule name: [^)]*\)$/, ' (expected a rule name: …)'))).toEqual([
      `urilint.config.jsonc:${at('"strickt"')}: preset: unknown preset "strickt"; did you mean "strict"? (expected one of "recommended", "strict", "all", "none")`,
      `urilint.config.jsonc:${at('"no-credential"')}: rules.no-credential: unknown rule "no-credential"; did you mean "no-credentials"? (expected a rule name: …)`,
      `urilint.config.jsonc:${at('"src/[a"')}: overrides[0].files[0]: invalid glob "src/[a": the "[" at 5 is not closed by "]" (expected a glob relative to the folder of the configuration file ("src/**", "*.md", "dist/"))`,
      `urilint.config.jsonc:${at('"no"')}: overrides[0].comments: "no" is a string (expected true or false)`,
      `urilint.config.jsonc:${at('"colour"')}: colour: unknown key "colour" (expected one of the keys $schema, preset, rules, ignore, baseUri, sinks, linkComponents, comments, templates, kinds, testFiles, fixTestFiles, onlineLinks, overrides)`,
      'urilint: 5 problems in the configuration; nothing was scanned.',
      '',
    ]);
    // Invalid JSON too; --no-config scans without it.
    inTree({ 'src/api.ts': API, 'urilint.config.json': '{ "preset": "all" "rules": {} }' });
    const json = await run(['scan', '--jobs', '1', '.']);
    expect([json.code, json.stderr]).toEqual([2, 'urilint.config.json:1:19: invalid JSON: Unexpected token String found (expected JSON with comments and trailing commas)\nurilint: a problem in the configuration; nothing was scanned.\n']);
    expect((await found('--no-config', '.')).code).toBe(1);
  });

  // Issue 27: `"allowHosts": "x"` made the rule throw; the exception was swallowed and the rule was silently off.
  it("stops the scan with exit 2 on a rule's options of the wrong type or name, with their place", async () => {
    const text = '{\n  "preset": "strict",\n  "rules": { "no-insecure-scheme": { "options": { "allowHosts": "x" } }, "no-credentials": { "options": { "placeholder": true } } }\n}\n';
    inTree({ 'src/api.ts': API, 'urilint.config.jsonc': text });
    const result = await run(['scan', '--jobs', '1', '.']);
    const at = (needle: string): string => {
      const lines = text.slice(0, text.indexOf(needle)).split('\n');
      return `${lines.length}:${lines.at(-1)!.length + 1}`;
    };
    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toContain(`urilint.config.jsonc:${at('"x"')}: rules.no-insecure-scheme.options.allowHosts: "x" is a string`);
    expect(result.stderr).toContain(`urilint.config.jsonc:${at('"placeholder"')}: rules.no-credentials.options.placeholder: unknown key "placeholder"; did you mean "placeholders"?`);
  });

  it('is two in one folder: an error', async () => {
    inTree({ 'src/api.ts': API, 'urilint.config.jsonc': '{}', 'package.json': '{ "urilint": {} }' });
    const result = await run(['scan', '--jobs', '1', '.']);
    expect([result.code, result.stderr]).toEqual([
      2,
      `package.json:1:1: urilint: a second configuration in the folder of ${join(dir, 'urilint.config.jsonc')}; urilint reads one per folder (expected one of urilint.config.jsonc, urilint.config.json or the "urilint" key of package.json)\nurilint: a problem in the configuration; nothing was scanned.\n`,
    ]);
  });
});

describe('urilint init', () => {
  it('writes a commented configuration from what the repository holds, which scan then reads', async () => {
    inTree({
      'src/api.ts': API,
      'docs/guide.md': '# Guide\n',
      'dist/bundle.js': API,
      'coverage/index.html': PAGE,
      'test/fixtures/bad.json': '{ "u": "http://a b" }',
      'vendor/x.js': API,
    });
    const result = await run(['init']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Wrote urilint.config.jsonc: the recommended preset, kinds js, markdown, ignoring dist/ coverage/ vendor/ fixtures/.\n');
    expect(result.stdout).toContain('  urilint scan --suppress-all .\n');
    const text = readFileSync('urilint.config.jsonc', 'utf8');
    expect(text).toMatch(/^\/\/ urilint's configuration/);
    const config = parseConfig(text, 'urilint.config.jsonc');
    expect(config.problems).toEqual([]);
    expect(config.config!.settings).toEqual({ preset: 'recommended', rules: {}, kinds: ['js', 'markdown'], ignore: ['dist/', 'coverage/', 'vendor/', 'fixtures/'] });
    expect(text).toContain('"$schema": "https://raw.githubusercontent.com/urilint/urilint/main/packages/discovery/schema/urilint.config.schema.json"');
    // Scan reads it: only src/api.ts is left.
    expect((await found('.')).found).toEqual([['src/api.ts', 'no-unescaped-chars', 'error']]);
  });

  it('never overwrites a configuration', async () => {
    inTree({ 'src/api.ts': API, 'urilint.config.jsonc': '{ "preset": "all" }' });
    const result = await run(['init']);
    expect([result.code, result.stderr]).toEqual([2, 'urilint: urilint.config.jsonc exists: this folder has a configuration, and init never overwrites one.\n']);
    expect(readFileSync('urilint.config.jsonc', 'utf8')).toBe('{ "preset": "all" }');
    inTree({ 'package.json': '{ "urilint": { "preset": "all" } }' });
    expect((await run(['init'])).stderr).toBe('urilint: package.json has a "urilint" key: this folder has a configuration, and init never overwrites one.\n');
    expect(existsSync('urilint.config.jsonc')).toBe(false);
  });

  it('records the baseline with --baseline', async () => {
    inTree({ 'src/api.ts': API });
    const result = await run(['init', '--baseline']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('1 finding written to urilint-suppressions.json');
    expect(JSON.parse(readFileSync('urilint-suppressions.json', 'utf8'))).toEqual({ 'src/api.ts': { 'path-unescaped-char': { count: 1 } } });
    expect((await run(['scan', '--jobs', '1', '.'])).code).toBe(0);
  });

  it('is in the help', async () => {
    expect((await run(['help'])).stdout).toContain('  init             Write urilint.config.jsonc');
    expect((await run(['help', 'init'])).stdout).toContain('Usage: urilint init [--baseline]');
    expect((await run(['scan', '--help'])).stdout).toContain('--config PATH');
  });
});

describe('the JSON Schema of the configuration', () => {
  const schema = JSON.parse(readFileSync(new URL('../../discovery/schema/urilint.config.schema.json', import.meta.url), 'utf8')) as object;
  const validate = new Ajv.default({ allErrors: true, strict: true }).compile(schema);

  it('accepts a good configuration', () => {
    const good = {
      $schema: './node_modules/@urilint/discovery/schema/urilint.config.schema.json',
      preset: 'strict',
      rules: { 'no-insecure-scheme': 'warning', 'no-credentials': { severity: 'error', options: { placeholders: true } } },
      ignore: ['dist/'],
      templates: ['mustache', 'jinja'],
      kinds: ['js', 'markdown'],
      overrides: [{ files: ['docs/**'], preset: 'recommended', comments: false }],
    };
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects a bad one', () => {
    for (const bad of [{ preset: 'strickt' }, { rules: { 'no-credential': 'error' } }, { rules: { 'no-malformed': 'warn' } }, { colour: true }, { overrides: [{ preset: 'all' }] }, { overrides: [{ files: ['x'], ignore: [] }] }, { templates: 3 }]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
