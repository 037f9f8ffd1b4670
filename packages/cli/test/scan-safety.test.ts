/**
 * `urilint scan` on a tree it must not trust: symbolic links inside it never lead the walk (or
 * `--fix`) outside it, and `--fix` writes a file as one step, only when it still holds what was read.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

// A `{` (in no set of RFC 3986 §2: "%7B"), which running text keeps in the URI; a `^` or a `|` would end it there (RFC 3986 Appendix E).
const BAD = 'see https://example.com/a{b\n';
const FIXED = 'see https://example.com/a%7Bb\n';

let base: string;
let repo: string;
let outside: string;

/**
 * repo/
 *   own.txt                  a file of its own
 *   docs/guide.md            a file in a directory
 *   inside-file.txt  -> docs/guide.md       (a link to a file inside)
 *   inside-dir       -> docs                (a link to a directory inside)
 *   secret.txt       -> ../outside/secret.txt   (a link to a file outside)
 *   outdir           -> ../outside             (a link to a directory outside)
 *   loop             -> .                    (a link loop)
 *   dangling.txt     -> nowhere.txt          (a dangling link)
 * outside/secret.txt, outside/victim.txt
 */
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'urilint-links-'));
  repo = join(base, 'repo');
  outside = join(base, 'outside');
  mkdirSync(join(repo, 'docs'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(repo, 'own.txt'), BAD);
  writeFileSync(join(repo, 'docs', 'guide.md'), BAD);
  writeFileSync(join(outside, 'secret.txt'), 'token https://user:Tr0ub4dor@api.acme.io/ and https://example.com/a{b\n');
  writeFileSync(join(outside, 'victim.txt'), BAD);
  symlinkSync(join('docs', 'guide.md'), join(repo, 'inside-file.txt'));
  symlinkSync('docs', join(repo, 'inside-dir'));
  symlinkSync(join('..', 'outside', 'secret.txt'), join(repo, 'secret.txt'));
  symlinkSync(join('..', 'outside'), join(repo, 'outdir'));
  symlinkSync('.', join(repo, 'loop'));
  symlinkSync('nowhere.txt', join(repo, 'dangling.txt'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The files a scan reports, from its JSON output, and the count of links not followed from --stats. */
async function scanned(...args: string[]): Promise<{ files: string[]; links: number }> {
  const result = await run(['scan', '--format', 'json', '--stats', '--jobs', '1', ...args]);
  const files = [...new Set((JSON.parse(result.stdout) as { file: string }[]).map((p) => p.file.slice(repo.length + 1)))].sort();
  const links = Number(/symbolic links not followed: (\d+)/.exec(result.stderr)?.[1]);
  return { files, links };
}

function reset(): void {
  for (const file of [join(repo, 'own.txt'), join(repo, 'docs', 'guide.md'), join(outside, 'victim.txt')]) writeFileSync(file, BAD);
}

describe('symbolic links in a scanned tree', () => {
  it('are never followed by default, file or directory, inside or out', async () => {
    expect(await scanned(repo)).toEqual({ files: ['docs/guide.md', 'own.txt'], links: 6 });
  });

  it('are followed with --follow-symlinks only where they lead inside the tree; a loop is read once, a dangling link skipped', async () => {
    // inside-file.txt and inside-dir/guide.md are docs/guide.md again: read once. secret.txt and outdir lead out.
    expect(await scanned('--follow-symlinks', repo)).toEqual({ files: ['docs/guide.md', 'own.txt'], links: 2 });
  });

  it('a file named on the command line is read even through a link', async () => {
    const result = await run(['scan', '--format', 'json', '--jobs', '1', join(repo, 'secret.txt')]);
    expect(result.code).toBe(1);
  });

  it('--fix writes exactly the regular files of the tree, never through a link, with or without --follow-symlinks', async () => {
    for (const follow of [[], ['--follow-symlinks']]) {
      reset();
      await run(['scan', '--fix', '--jobs', '1', ...follow, repo]);
      expect(readFileSync(join(repo, 'own.txt'), 'utf8')).toBe(FIXED);
      expect(readFileSync(join(repo, 'docs', 'guide.md'), 'utf8')).toBe(FIXED);
      expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe(BAD);
    }
    // Named through a link, outside: read, reported, not written.
    reset();
    symlinkSync(join('..', 'outside', 'victim.txt'), join(repo, 'app.txt'));
    try {
      const result = await run(['scan', '--fix', '--jobs', '1', join(repo, 'app.txt')]);
      expect(result.code).toBe(1);
      expect(result.stderr + result.stdout).toContain('symbolic link');
      expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe(BAD);
    } finally {
      rmSync(join(repo, 'app.txt'));
    }
  });
});

describe('--fix as a file operation', () => {
  it('keeps the mode, the BOM and the line endings, and a second run changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'urilint-fix-'));
    try {
      const file = join(dir, 'notes.txt');
      writeFileSync(file, '\uFEFFfirst line\r\nsee https://example.com/a{b\r\nlast\r\n');
      chmodSync(file, 0o640);
      expect((await run(['scan', '--fix', '--jobs', '1', file])).code).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe('\uFEFFfirst line\r\nsee https://example.com/a%7Bb\r\nlast\r\n');
      expect(statSync(file).mode & 0o777).toBe(0o640);
      const before = readFileSync(file);
      expect((await run(['scan', '--fix', '--jobs', '1', file])).code).toBe(0);
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('secrets in the output', () => {
  const SECRET = 'S3cretPassw0rd';

  it('no output format shows a planted password: text code frames mask it, json and sarif carry no source text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'urilint-secret-'));
    try {
      const file = join(dir, 'db.ts');
      // The password is reported (no-credentials), and the line holds a second problem (the space).
      writeFileSync(file, `const db = "postgres://admin:${SECRET}@db.acme.io:5432/app";\nconst u = "https://admin:${SECRET}@api.acme.io/a b";\n`);
      for (const format of ['text', 'json', 'sarif', 'github', 'gitlab']) {
        const result = await run(['scan', '--format', format, '--jobs', '1', '--preset', 'strict', file]);
        expect(result.code, format).toBe(1);
        expect(result.stdout + result.stderr, format).not.toContain(SECRET);
      }
      const text = await run(['scan', '--jobs', '1', file]);
      expect(text.stdout).toContain(`postgres://admin:${'•'.repeat(SECRET.length)}@db.acme.io`);
      // --fix and its summary: the space is fixed, the password never printed.
      const fixed = await run(['scan', '--fix', '--jobs', '1', file]);
      expect(fixed.stdout + fixed.stderr).not.toContain(SECRET);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a reader that stops early', () => {
  it('still reports the planted problem of a stylesheet 5,000 levels deep, counted as read without a full parse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'urilint-deep-'));
    try {
      const file = join(dir, 'deep.css');
      writeFileSync(file, 'a {'.repeat(5_000) + ' background: url("http://x.example/a b") ' + '}'.repeat(5_000) + '\n');
      const result = await run(['scan', '--format', 'json', '--stats', '--jobs', '1', file]);
      expect(result.code).toBe(1);
      expect((JSON.parse(result.stdout) as { code: string }[]).map((p) => p.code)).toContain('path-unescaped-char');
      expect(result.stderr).toContain('files read without a full parse: 1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a file with more URIs than are checked', () => {
  it('checks the first 100,000 URIs of a file and says how many more it found, in the summary, on stderr and in --stats', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'urilint-many-'));
    try {
      // 100,003 URIs; the last one, past the limit, has a problem that is not reported.
      const file = join(dir, 'many.txt');
      writeFileSync(file, 'see http://a.example/ '.repeat(100_002) + 'see http://a.example/a{b\n');
      const result = await run(['scan', '--stats', '--jobs', '1', file]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('1 file scanned, 100,000 URIs checked (3 more found, past the first 100,000 of a file), no problems');
      expect(result.stderr).toContain('many.txt: 3 URIs past the first 100,000 of the file were not checked.');
      expect(result.stderr).toContain('URIs: 100000\n');
      expect(result.stderr).toContain('URIs not checked (past the first 100,000 of a file): 3\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
