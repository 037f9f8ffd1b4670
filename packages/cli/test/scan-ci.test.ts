/**
 * CI-native output of `urilint scan`: GitHub workflow commands, GitLab Code Quality, --max-warnings
 * and --shard. Escaping follows GitHub's toolkit (`escapeData`: % CR LF; `escapeProperty`: also : and
 * ,); the Code Quality fields are GitLab's (description, check_name, fingerprint, severity, location.path,
 * location.lines.begin).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeGithubData, escapeGithubProperty } from '../src/scan/ci-formats.js';
import { run } from './support/run.js';

let dir: string;
const cwd = process.cwd();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'urilint-ci-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'api.ts'), 'export const a = fetch("https://example.com/a b");\nexport const b = fetch("https://example.com/c|d");\n');
  for (let k = 0; k < 12; k++) writeFileSync(join(dir, 'src', `f${k}.ts`), `export const u${k} = fetch("https://example.com/${k} x");\n`);
  process.chdir(dir);
});

afterAll(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

describe('--format github', () => {
  it('escapes data and properties as the runner reads them back', () => {
    expect(escapeGithubData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeGithubProperty('a:b,c%d\ne')).toBe('a%3Ab%2Cc%25d%0Ae');
  });

  it('prints one workflow command per problem, with the file relative to the checkout', async () => {
    const result = await run(['scan', '--format', 'github', '--jobs', '1', 'src/api.ts']);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('::'))).toEqual([
      // The message's "%20" is written "%2520": the runner turns "%25" back into "%".
      '::error file=src/api.ts,line=1,endLine=1,col=46,endColumn=47,title=urilint/no-unescaped-chars (path-unescaped-char)::A space must be percent-encoded in the path: write it as "%2520". Browsers accept the URI as written; RFC 3986 does not.',
      '::error file=src/api.ts,line=2,endLine=2,col=46,endColumn=47,title=urilint/no-unescaped-chars (path-unescaped-char)::"|" must be percent-encoded in the path: write it as "%257C". Browsers accept the URI as written; RFC 3986 does not.',
    ]);
  });
});

describe('--format gitlab', () => {
  it('writes a Code Quality report, its fingerprints stable across runs and line moves', async () => {
    const first = JSON.parse((await run(['scan', '--format', 'gitlab', '--jobs', '1', 'src/api.ts'])).stdout);
    expect(first).toHaveLength(2);
    expect(first[0]).toEqual({
      description: 'A space must be percent-encoded in the path: write it as "%20". Browsers accept the URI as written; RFC 3986 does not. [path-unescaped-char]',
      check_name: 'urilint/no-unescaped-chars',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      severity: 'major',
      location: { path: 'src/api.ts', lines: { begin: 1, end: 1 } },
    });
    expect(new Set(first.map((issue: { fingerprint: string }) => issue.fingerprint)).size).toBe(2);
    const again = JSON.parse((await run(['scan', '--format', 'gitlab', '--jobs', '1', 'src/api.ts'])).stdout);
    expect(again).toEqual(first);
    // A line added above moves the problems, not their fingerprints.
    writeFileSync(join(dir, 'moved.ts'), '// a new first line\nexport const a = fetch("https://example.com/a b");\n');
    writeFileSync(join(dir, 'orig.ts'), 'export const a = fetch("https://example.com/a b");\n');
    const moved = JSON.parse((await run(['scan', '--format', 'gitlab', '--jobs', '1', 'moved.ts'])).stdout);
    const orig = JSON.parse((await run(['scan', '--format', 'gitlab', '--jobs', '1', 'orig.ts'])).stdout);
    expect(moved[0].location.lines.begin).toBe(2);
    expect(moved[0].fingerprint).not.toBe(orig[0].fingerprint); // another file, another fingerprint
    writeFileSync(join(dir, 'orig.ts'), '// a new first line\nexport const a = fetch("https://example.com/a b");\n');
    expect(JSON.parse((await run(['scan', '--format', 'gitlab', '--jobs', '1', 'orig.ts'])).stdout)[0].fingerprint).toBe(orig[0].fingerprint);
  });
});

describe('--max-warnings and --shard', () => {
  it('exits 1 past --max-warnings, 0 within it', async () => {
    const warn = ['scan', '--jobs', '1', '--rule', 'no-unescaped-chars=warn', '--preset', 'none', 'src/api.ts'];
    expect((await run(warn)).code).toBe(0);
    expect((await run([...warn, '--max-warnings', '2'])).code).toBe(0);
    const over = await run([...warn, '--max-warnings', '1']);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('2 warnings, more than --max-warnings 1');
    expect((await run(['scan', '--max-warnings', 'x', 'src'])).code).toBe(2);
  });

  it('splits the files by path so that the shards together report exactly what one run reports', async () => {
    const all = JSON.parse((await run(['scan', '--format', 'json', '--jobs', '1', 'src'])).stdout);
    const shards = [];
    for (let index = 1; index <= 3; index++) shards.push(JSON.parse((await run(['scan', '--format', 'json', '--jobs', '1', '--shard', `${index}/3`, 'src'])).stdout));
    expect(shards.flat().sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line))).toEqual(all);
    expect(shards.every((shard) => shard.length > 0 && shard.length < all.length)).toBe(true);
    expect((await run(['scan', '--shard', '4/3', 'src'])).code).toBe(2);
  });
});
