// Versioning with Changesets (.changeset/config.json, RELEASING.md): a changeset that names one
// package bumps all seven together (one `fixed` group: the packages depend on each other and share one
// version), writes the entry into that package's CHANGELOG.md and the dependency bump into the
// others', and `pnpm version-packages` then writes the new version where the code states it. Run on a
// scratch copy of the workspace's manifests, changelogs and those source files, without the pending
// changesets.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'urilint-changesets-'));

const PACKAGES = ['core', 'discovery', 'links-online', 'cli', 'eslint-plugin', 'language-server', 'vscode'];
const STATED = ['packages/eslint-plugin/src/index.ts', 'packages/language-server/src/bin.ts', 'packages/language-server/src/server.ts'];
const read = (path: string) => readFileSync(join(scratch, path), 'utf8');
const version = (dir: string) => (JSON.parse(read(`packages/${dir}/package.json`)) as { version: string }).version;

let before: string;
let next: string;

beforeAll(async () => {
  const copy = (path: string) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    cpSync(join(ROOT, path), join(scratch, path));
  };
  for (const path of ['package.json', 'pnpm-workspace.yaml', 'bench/package.json', '.changeset/config.json', ...STATED]) copy(path);
  for (const dir of PACKAGES) for (const file of ['package.json', 'CHANGELOG.md']) copy(`packages/${dir}/${file}`);
  before = version('core');
  const [major, minor, patch] = before.split('.').map(Number);
  next = `${major}.${minor}.${patch! + 1}`;
  writeFileSync(join(scratch, '.changeset/core-fix.md'), '---\n"@urilint/core": patch\n---\n\nA host of `[::1]` is read as the IPv6 loopback address.\n');
  const git = (...args: string[]) => run('git', ['-c', 'user.name=urilint', '-c', 'user.email=urilint@example.com', ...args], { cwd: scratch });
  await git('init', '--quiet');
  await git('add', '-A');
  await git('commit', '--quiet', '-m', 'scratch');
  await run(join(ROOT, 'node_modules/.bin/changeset'), ['version'], { cwd: scratch, timeout: 120_000 });
  await run(process.execPath, [join(ROOT, 'scripts/sync-versions.mjs'), '--root', scratch], { timeout: 60_000 });
}, 300_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('changeset version, then scripts/sync-versions.mjs (pnpm version-packages)', () => {
  it('bumps all seven packages to one version when a changeset names only @urilint/core', () => {
    expect(Object.fromEntries(PACKAGES.map((dir) => [dir, version(dir)]))).toEqual(Object.fromEntries(PACKAGES.map((dir) => [dir, next])));
    expect(readdirSync(join(scratch, '.changeset')).filter((file) => file.endsWith('.md'))).toEqual([]);
  });

  it('writes the change into core\'s CHANGELOG.md and the dependency bump into its dependents\'', () => {
    expect(read('packages/core/CHANGELOG.md')).toMatch(new RegExp(`^# @urilint/core\\n\\n## ${next.replace(/\./g, '\\.')}\\n\\n### Patch Changes\\n\\n- [0-9a-f]{7}: A host of \`\\[::1\\]\` is read as the IPv6 loopback address\\.\\n`));
    const cli = read('packages/cli/CHANGELOG.md');
    expect(cli).toMatch(new RegExp(`^# @urilint/cli\\n\\n## ${next.replace(/\./g, '\\.')}\\n`));
    expect(cli).toContain(`  - @urilint/core@${next}\n  - @urilint/discovery@${next}\n`);
    expect(read('packages/vscode/CHANGELOG.md')).toMatch(new RegExp(`^# urilint-vscode\\n\\n## ${next.replace(/\./g, '\\.')}\\n`));
  });

  it('writes the new version where the ESLint plugin and the language server state it', async () => {
    expect(read('packages/eslint-plugin/src/index.ts')).toContain(`const VERSION = '${next}';`);
    expect(read('packages/language-server/src/bin.ts')).toContain(`process.stdout.write('${next}\\n');`);
    expect(read('packages/language-server/src/server.ts')).toContain(`const SERVER_VERSION = '${next}';`);
    // And the check that docs:check runs agrees; on the workspace as it is, too.
    await run(process.execPath, [join(ROOT, 'scripts/sync-versions.mjs'), '--check', '--root', scratch]);
    await run(process.execPath, [join(ROOT, 'scripts/sync-versions.mjs'), '--check']);
  });

  it('leaves the check failing when the versions are bumped without it', async () => {
    writeFileSync(join(scratch, 'packages/eslint-plugin/src/index.ts'), read('packages/eslint-plugin/src/index.ts').replace(`'${next}'`, `'${before}'`));
    await expect(run(process.execPath, [join(ROOT, 'scripts/sync-versions.mjs'), '--check', '--root', scratch])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`packages/eslint-plugin/src/index.ts: ${before}, packages/eslint-plugin/package.json: ${next}`),
    });
  });
});
