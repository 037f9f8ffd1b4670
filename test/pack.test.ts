// The packages as npm users will get them: `pnpm pack` of every publishable
// package (those not "private"), each tarball read for its README, LICENSE and
// package.json and for the files its package.json points at, then all of them
// installed with `npm install` into an empty project with ESLint 9 from the
// registry — no workspace, no pnpm links — where eslint-plugin-urilint's
// recommended config lints a file, and the `urilint` and
// `urilint-language-server` commands run.
//
// A second install leaves out the optional dependencies (`npm install --omit=optional`), as on a
// platform oxc-parser has no prebuilt binding for: `urilint scan` still reads JavaScript, with
// typescript-estree, after one notice.
//
// Needs the build (`pnpm check` runs `pnpm build` first) and the npm registry
// (npm's cache is used first). One pack and two installs: 20 to 60 s.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** ESLint 9, the oldest major the plugin supports: the root devDependency `eslint9` is this version. */
const ESLINT = 'eslint@9.39.5';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  bin?: Record<string, string>;
  main?: string;
  exports?: unknown;
  dependencies?: Record<string, string>;
}

interface Packed {
  dir: string;
  manifest: Manifest;
  tarball: string;
  /** The tarball's files by path, `package/` taken off. */
  files: Map<string, Buffer>;
}

const run = promisify(execFile);

/** The files of a .tgz (gzip + ustar, as npm and pnpm write it); pax and other headers are skipped. */
function untar(tgz: Buffer): Map<string, Buffer> {
  const tar = gunzipSync(tgz);
  const files = new Map<string, Buffer>();
  const field = (header: Buffer, start: number, length: number): string => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    if (type === '0' || type === '\0') files.set(name.replace(/^package\//, ''), tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Every file path a package.json's `exports` names (conditions and subpaths walked). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (exports === null || typeof exports !== 'object') return [];
  return Object.values(exports).flatMap(exportTargets);
}

const publishable: { dir: string; manifest: Manifest }[] = readdirSync(join(ROOT, 'packages'))
  .map((name) => join(ROOT, 'packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => manifest.private !== true);

const scratch = mkdtempSync(join(tmpdir(), 'urilint-pack-'));
const packs = join(scratch, 'packs');
const project = join(scratch, 'project');
const packed = new Map<string, Packed>();
/** What `npm install` printed, for the failure messages. */
let installLog = '';

/**
 * The environment of the commands run in an installed project: this one's without NODE_PATH, which
 * pnpm sets to the workspace's store (where the workspace's own oxc-parser binding is), so that a
 * command finds only what the project installed.
 */
const projectEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));

/** A command run in the installed project: its exit code and output (a non-zero exit is a result, not an error). */
async function inProject(file: string, args: string[], cwd = project): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, timeout: 60_000, env: projectEnv });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

beforeAll(async () => {
  for (const { dir, manifest } of publishable) {
    for (const entry of [manifest.main, ...exportTargets(manifest.exports), ...Object.values(manifest.bin ?? {})]) {
      if (entry !== undefined && !existsSync(join(dir, entry))) {
        throw new Error(`${manifest.name}: ${entry} is missing: build the packages first (pnpm build; pnpm check does).`);
      }
    }
  }
  const filters = publishable.flatMap(({ manifest }) => ['--filter', manifest.name]);
  await run('pnpm', [...filters, 'pack', '--pack-destination', packs], { cwd: ROOT, timeout: 120_000 });
  const tarballs = readdirSync(packs).filter((name) => name.endsWith('.tgz'));
  for (const { dir, manifest } of publishable) {
    // pnpm's file name: the scope's @ dropped and its / made a dash.
    const tarball = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
    if (!tarballs.includes(tarball)) throw new Error(`pnpm pack wrote no ${tarball} for ${manifest.name}; it wrote ${tarballs.join(', ')}`);
    packed.set(manifest.name, { dir, manifest, tarball: join(packs, tarball), files: untar(readFileSync(join(packs, tarball))) });
  }

  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'urilint-pack-test', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(project, 'eslint.config.js'), "import urilint from 'eslint-plugin-urilint';\n\nexport default [urilint.configs.recommended];\n");
  writeFileSync(join(project, 'src/app.js'), APP);
  const install = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--save-dev', ESLINT, ...[...packed.values()].map((pack) => pack.tarball)],
    { cwd: project, timeout: 240_000, env: { ...process.env, npm_config_update_notifier: 'false' } },
  );
  installLog = install.stdout + install.stderr;
}, 300_000);

// Removing two npm installs takes a while on a loaded machine: a hook's default 10 s is not enough.
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
}, 300_000);

/** A space in a path: `no-unescaped-chars` (recommended) reports it and fixes it. */
// eslint-disable-next-line urilint/no-unescaped-chars -- the packed plugin must report it
const APP = 'export const report = fetch("https://example.com/files/Q3 report.pdf");\n';

describe('the packed packages', () => {
  it('are the packages that are not private: core, discovery, links-online, cli, the ESLint plugin and the language server', () => {
    expect(publishable.map(({ manifest }) => manifest.name).sort()).toEqual(
      ['@urilint/cli', '@urilint/core', '@urilint/discovery', '@urilint/language-server', '@urilint/links-online', 'eslint-plugin-urilint'].sort(),
    );
  });

  it('each holds its README, the MIT LICENSE of the repository and package.json, and the files package.json names', () => {
    const license = readFileSync(join(ROOT, 'LICENSE'));
    expect(license.toString('utf8')).toMatch(/^MIT License\n\nCopyright \(c\) 2026 urilint contributors\n/);
    for (const [name, pack] of packed) {
      expect([...pack.files.keys()], name).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
      expect(pack.files.get('LICENSE')!.equals(license), `${name}: LICENSE is the repository's`).toBe(true);
      expect(pack.files.get('README.md')!.toString('utf8'), name).toMatch(new RegExp(`^# ${name.replace(/[/.-]/g, '\\$&')}\n`));
      const manifest = JSON.parse(pack.files.get('package.json')!.toString('utf8')) as Manifest;
      expect(manifest.name).toBe(name);
      // pnpm writes the versions of the workspace's packages in place of workspace:*.
      expect(JSON.stringify(manifest.dependencies ?? {}), name).not.toContain('workspace:');
      for (const entry of [manifest.main, ...exportTargets(manifest.exports), ...Object.values(manifest.bin ?? {})]) {
        if (entry !== undefined) expect(pack.files.has(entry.replace(/^\.\//, '')), `${name}: ${entry}`).toBe(true);
      }
      // Sources, tests and build settings stay out.
      expect([...pack.files.keys()].filter((path) => /^(src|test)\/|tsconfig/.test(path)), name).toEqual([]);
    }
  });

  it('install with npm into an empty project, where the recommended config reports the space and --fix encodes it', async () => {
    const eslint = join(project, 'node_modules/eslint/bin/eslint.js');
    expect(existsSync(eslint), installLog).toBe(true);
    const version = await inProject(process.execPath, [eslint, '--version']);
    expect(version.stdout.trim()).toBe(`v${ESLINT.split('@')[1]}`);
    const lint = await inProject(process.execPath, [eslint, '--format', 'json', 'src/app.js']);
    expect(lint.code, lint.stderr).toBe(1);
    const [result] = JSON.parse(lint.stdout) as { messages: { ruleId: string; line: number; column: number; message: string }[] }[];
    expect(result!.messages).toEqual([
      expect.objectContaining({ ruleId: 'urilint/no-unescaped-chars', line: 1, column: APP.indexOf(' report.pdf') + 1, message: expect.stringContaining('[path-unescaped-char]') }),
    ]);
    const fix = await inProject(process.execPath, [eslint, '--fix-dry-run', '--format', 'json', 'src/app.js']);
    expect(fix.code, fix.stderr).toBe(0);
    expect((JSON.parse(fix.stdout) as { output?: string }[])[0]!.output).toBe(APP.replace('Q3 report', 'Q3%20report'));
  });

  it('install the commands: urilint checks a URI, urilint-language-server starts', async () => {
    const bin = join(project, 'node_modules/.bin');
    // eslint-disable-next-line urilint/no-unescaped-chars -- the packed command must report it
    const check = await inProject(join(bin, 'urilint'), ['check', '--no-color', 'http://example.com/a b']);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('error path-unescaped-char');
    const server = await inProject(join(bin, 'urilint-language-server'), ['--version']);
    expect(server).toEqual({ code: 0, stdout: `${packed.get('@urilint/language-server')!.manifest.version}\n`, stderr: '' });
  });

  it('install urilint scan reading a configuration file, with the JSON Schema its $schema names', async () => {
    const schema = 'node_modules/@urilint/discovery/schema/urilint.config.schema.json';
    expect(existsSync(join(project, schema))).toBe(true);
    mkdirSync(join(project, 'checked'), { recursive: true });
    // strict turns no-insecure-scheme on; the space is made a warning.
    writeFileSync(
      join(project, 'checked/urilint.config.jsonc'),
      `// committed with the project\n{\n  "$schema": "../${schema}",\n  "preset": "strict",\n  "rules": { "no-unescaped-chars": "warning" },\n}\n`,
    );
    // eslint-disable-next-line urilint/no-unescaped-chars -- the packed command must report it (and, strict, the http:)
    writeFileSync(join(project, 'checked/api.js'), 'export const a = fetch("http://api.acme.io/a b");\n');
    const scan = await inProject(join(project, 'node_modules/.bin/urilint'), ['scan', '--format', 'json', 'checked']);
    expect(scan.code, scan.stderr).toBe(1);
    expect((JSON.parse(scan.stdout) as { rule: string; severity: string }[]).map((problem) => [problem.rule, problem.severity])).toEqual([
      ['no-insecure-scheme', 'error'],
      ['no-unescaped-chars', 'warning'],
    ]);
    const without = await inProject(join(project, 'node_modules/.bin/urilint'), ['scan', '--format', 'json', '--no-config', 'checked']);
    expect((JSON.parse(without.stdout) as { rule: string; severity: string }[]).map((problem) => [problem.rule, problem.severity])).toEqual([['no-unescaped-chars', 'error']]);
  });
});

describe('the packed packages installed without their optional dependencies (no prebuilt oxc-parser binding)', () => {
  const bare = join(scratch, 'no-optional');
  let bareLog = '';

  beforeAll(async () => {
    mkdirSync(join(bare, 'checked'), { recursive: true });
    writeFileSync(join(bare, 'package.json'), `${JSON.stringify({ name: 'urilint-pack-test-no-optional', private: true, type: 'module' }, null, 2)}\n`);
    const tarballs = ['@urilint/core', '@urilint/discovery', '@urilint/links-online', '@urilint/cli'].map((name) => packed.get(name)!.tarball);
    const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--omit=optional', ...tarballs], {
      cwd: bare,
      timeout: 240_000,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    bareLog = install.stdout + install.stderr;
  }, 300_000);

  /** Two files of JavaScript, a sink call and a JSX attribute, each with URIs to report. */
  const FILES: Record<string, string> = {
    // eslint-disable-next-line urilint/no-invalid-percent-encoding -- the packed command must report it
    'checked/api.js': 'const base = "https://api.acme.io";\nexport const a = fetch(`${base}/files/a b`);\nexport const b = new URL("http://example.com/%zz");\n',
    // eslint-disable-next-line urilint/no-unescaped-chars -- the packed command must report it
    'checked/link.jsx': 'export const Link = () => <a href="https://example.com/a b|c">x</a>;\n',
  };

  it('have oxc-parser but no binding of it', () => {
    expect(existsSync(join(bare, 'node_modules/oxc-parser/package.json')), bareLog).toBe(true);
    expect(existsSync(join(bare, 'node_modules/@oxc-parser')) ? readdirSync(join(bare, 'node_modules/@oxc-parser')) : []).toEqual([]);
    // The full install has this platform's binding, which the comparison below reads with.
    expect(readdirSync(join(project, 'node_modules/@oxc-parser')).filter((name) => name.startsWith('binding-')).length).toBeGreaterThan(0);
  });

  it('urilint scan reports what it reports with the binding, with the same exit code, after exactly one notice', async () => {
    for (const folder of [project, bare]) {
      mkdirSync(join(folder, 'checked-js'), { recursive: true });
      for (const [path, text] of Object.entries(FILES)) writeFileSync(join(folder, path.replace('checked/', 'checked-js/')), text);
    }
    for (const jobs of ['1', '2']) {
      const args = ['scan', '--format', 'json', '--no-config', '--jobs', jobs, 'checked-js'];
      const withBinding = await inProject(join(project, 'node_modules/.bin/urilint'), args, project);
      const without = await inProject(join(bare, 'node_modules/.bin/urilint'), args, bare);
      const found = JSON.parse(withBinding.stdout) as { file: string; rule: string; line: number; column: number }[];
      expect(found.length, `--jobs ${jobs}`).toBeGreaterThanOrEqual(3);
      expect(without.code, `--jobs ${jobs}: ${without.stderr}`).toBe(withBinding.code);
      expect(withBinding.code).toBe(1);
      expect(JSON.parse(without.stdout), `--jobs ${jobs}`).toEqual(found);
      expect(withBinding.stderr, `--jobs ${jobs}`).not.toMatch(/oxc-parser/);
      // One notice for the run (its workers stay silent), saying what did not load and what reads instead.
      const notices = without.stderr.match(/could not be loaded/g) ?? [];
      expect(notices, `--jobs ${jobs}: ${without.stderr}`).toHaveLength(1);
      expect(without.stderr).toMatch(/oxc-parser\) could not be loaded on [a-z0-9]+-[a-z0-9]+ \(.+\); files are read with typescript-estree instead/);
      expect(without.stderr).toContain('(no prebuilt binding of oxc-parser is installed for this platform)');
    }
  });
});
