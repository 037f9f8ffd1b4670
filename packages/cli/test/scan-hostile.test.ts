/**
 * `urilint scan` on trees and command lines written by someone else (issue 27): each attack written
 * out, run against the built command (its workers, its pipes) or in this process where a second
 * process has to act at one exact moment.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `urilint` in `cwd`. */
function urilint(cwd: string, args: readonly string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

let base: string;

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first (the tests build nothing).`);
  base = mkdtempSync(join(tmpdir(), 'urilint-hostile-'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A fresh folder under the test's temporary one. */
function folder(name: string): string {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('a run of large files only (issue 27, item 1)', () => {
  // 2 MiB of code, over the 1 MiB above which a file is checked alone in a worker, with one bad URI at the end.
  const bundle = `/*${' filler\n'.repeat((2 * 1024 * 1024) / 8)}*/\nfetch("https://example.com/a{b");\n`;

  it('`urilint scan bundle.js` checks the file and reports its problem', async () => {
    const dir = folder('large-alone');
    writeFileSync(join(dir, 'bundle.js'), bundle);
    const result = await urilint(dir, ['scan', '--no-progress', '--stats', 'bundle.js']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('bundle.js:262146:29 path-unescaped-char');
    expect(result.stdout).toMatch(/^1 file scanned, 1 URI, 1 problem/m);
    expect(result.stderr).toMatch(/^files scanned: 1$/m);
  });

  it('a shard of large files only, with two jobs: every file checked', async () => {
    const dir = folder('large-shard');
    for (const name of ['a.js', 'b.js', 'c.js']) writeFileSync(join(dir, name), bundle);
    const result = await urilint(dir, ['scan', '--no-progress', '--stats', '--jobs', '2', '--format', 'json', '.']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as { file: string }[]).map((problem) => problem.file)).toEqual(['a.js', 'b.js', 'c.js']);
    expect(result.stderr).toMatch(/^files scanned: 3$/m);
  });

  it('`--fix` fixes it', async () => {
    const dir = folder('large-fix');
    const file = join(dir, 'bundle.js');
    writeFileSync(file, bundle);
    const result = await urilint(dir, ['scan', '--no-progress', '--fix', 'bundle.js']);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8') === bundle.replace('a{b', 'a%7Bb')).toBe(true);
  });
});
