// The package checks CI runs before anything is published (scripts/check-packages.mjs, `pnpm
// packages:check` in `pnpm check`) fail when a package would publish broken types, a missing file,
// a stray file or incomplete metadata: scratch copies of the built @urilint/core, each broken on
// purpose in one way, are packed with npm and checked beside an unbroken copy, which passes.
//
// Needs the build (`pnpm check` runs `pnpm build` first).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORE = join(ROOT, 'packages/core');
const run = promisify(execFile);

interface Manifest {
  version: string;
  files: string[];
  publishConfig?: Record<string, unknown>;
}

/** Each copy: what is done to it after copying. */
const BREAKS: Record<string, (dir: string, manifest: Manifest) => void> = {
  control: () => {},
  // The types import a module that is not there: every entry point's types fail to resolve it.
  'broken-types': (dir) => {
    const types = join(dir, 'dist/index.d.ts');
    writeFileSync(types, `export * from './not-built.js';\n${readFileSync(types, 'utf8')}`);
  },
  // The entry point that main and exports name is not in the tarball.
  'missing-file': (dir) => rmSync(join(dir, 'dist/index.js')),
  // A source file published by a too-wide "files".
  'stray-file': (dir, manifest) => {
    mkdirSync(join(dir, 'src'));
    cpSync(join(CORE, 'src/index.ts'), join(dir, 'src/index.ts'));
    manifest.files.push('src');
  },
  // Without provenance, npm publishes no signed statement of where the tarball was built.
  'no-provenance': (_dir, manifest) => {
    delete manifest.publishConfig!['provenance'];
  },
};

const scratch = mkdtempSync(join(tmpdir(), 'urilint-package-checks-'));
/** What check-packages.mjs printed for each copy, by the copy's name, and its exit code. */
const reports = new Map<string, string>();
let exitCode: number | undefined;
let output = '';

beforeAll(async () => {
  if (!existsSync(join(CORE, 'dist/index.js'))) throw new Error('packages/core/dist is missing: build the packages first (pnpm build; pnpm check does).');
  const tarballs: string[] = [];
  for (const [name, breakIt] of Object.entries(BREAKS)) {
    const dir = join(scratch, name);
    mkdirSync(dir);
    for (const file of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'dist']) cpSync(join(CORE, file), join(dir, file), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    // A version per copy names its tarball apart from the others'.
    manifest.version = `${manifest.version}-${name}`;
    breakIt(dir, manifest);
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], { cwd: dir, timeout: 60_000, env: { ...process.env, npm_config_update_notifier: 'false' } });
  }
  for (const file of readdirSync(scratch).filter((file) => file.endsWith('.tgz'))) tarballs.push(join(scratch, file));
  expect(tarballs).toHaveLength(Object.keys(BREAKS).length);
  try {
    const result = await run(process.execPath, [join(ROOT, 'scripts/check-packages.mjs'), ...tarballs], { cwd: ROOT, timeout: 120_000 });
    exitCode = 0;
    output = result.stdout;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (typeof failed.code !== 'number') throw error;
    exitCode = failed.code;
    output = failed.stdout ?? '';
  }
  // One block per tarball: a line "ok   <tarball> …" or "FAIL <tarball> …", then its problems indented.
  for (const block of output.split(/\n(?=ok |FAIL )/)) {
    const copy = /^(?:ok|FAIL) +urilint-core-[0-9.]+-([a-z-]+)\.tgz/.exec(block)?.[1];
    if (copy !== undefined) reports.set(copy, block);
  }
}, 300_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the package checks (scripts/check-packages.mjs)', () => {
  it('exit 1 when any tarball fails, with one report per tarball', () => {
    expect(exitCode, output).toBe(1);
    expect([...reports.keys()].sort()).toEqual(Object.keys(BREAKS).sort());
  });

  it('pass the unbroken copy of @urilint/core', () => {
    expect(reports.get('control')).toMatch(/^ok +urilint-core-[0-9.]+-control\.tgz \(@urilint\/core@/);
  });

  it('fail broken types: attw finds the import the types cannot resolve, under node16 and bundler', () => {
    const report = reports.get('broken-types')!;
    expect(report).toMatch(/^FAIL /);
    expect(report).toMatch(/attw InternalResolutionError \(node16 dist\/index\.d\.ts \.\/not-built\.js\)/);
    expect(report).toMatch(/attw InternalResolutionError \(bundler dist\/index\.d\.ts \.\/not-built\.js\)/);
  });

  it('fail a missing file: publint finds main and exports pointing at nothing, and the expected contents miss it', () => {
    const report = reports.get('missing-file')!;
    expect(report).toMatch(/^FAIL /);
    expect(report).toContain('publint FILE_DOES_NOT_EXIST');
    expect(report).toContain('dist/index.js is missing');
  });

  it('fail a stray file: a source file is not among the expected contents', () => {
    const report = reports.get('stray-file')!;
    expect(report).toMatch(/^FAIL /);
    expect(report).toContain('src/index.ts is not expected');
  });

  it('fail a package without publishConfig.provenance', () => {
    const report = reports.get('no-provenance')!;
    expect(report).toMatch(/^FAIL /);
    expect(report).toContain('"publishConfig.provenance" is not true');
  });
});
