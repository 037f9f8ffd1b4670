/** `urilint scan --suppress-all` / `--prune-suppressions`: a baseline counted per file and code. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

let dir: string;
const cwd = process.cwd();
const API = 'export const a = fetch("https://example.com/a b");\nexport const b = fetch("https://example.com/c d");\n';

/** docs.md links a guide that is not in the tree: this test counts the space in its destination only. */
const LINKS_OFF = ['--rule', 'no-broken-links=off'];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'urilint-baseline-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'api.ts'), API);
  writeFileSync(join(dir, 'src', 'docs.md'), 'See [the guide](guides/user guide.md).\n');
  process.chdir(dir);
});

afterAll(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

const findings = async (): Promise<{ code: number; found: [string, number, string][] }> => {
  const result = await run(['scan', '--format', 'json', '--jobs', '1', ...LINKS_OFF, 'src']);
  return { code: result.code, found: (JSON.parse(result.stdout) as { file: string; line: number; code: string }[]).map((p) => [p.file, p.line, p.code]) };
};

describe('a baseline of findings', () => {
  it('is written counted per file and code, and then a scan exits 0', async () => {
    const written = await run(['scan', '--suppress-all', '--jobs', '1', ...LINKS_OFF, 'src']);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain('3 findings written to urilint-suppressions.json');
    expect(JSON.parse(readFileSync('urilint-suppressions.json', 'utf8'))).toEqual({
      'src/api.ts': { 'path-unescaped-char': { count: 2 } },
      'src/docs.md': { 'path-unescaped-char': { count: 1 } },
    });
    expect(await findings()).toEqual({ code: 0, found: [] });
  });

  it('reports only a new finding, and not lines moved or edited elsewhere', async () => {
    writeFileSync(join('src', 'api.ts'), '// a new first line\n' + API.replace('const b', 'const renamed') + 'export const c = fetch("https://example.com/e f");\n');
    expect(await findings()).toEqual({ code: 1, found: [['src/api.ts', 4, 'path-unescaped-char']] });
    writeFileSync(join('src', 'api.ts'), '// a new first line\n' + API.replace('const b', 'const renamed'));
    expect(await findings()).toEqual({ code: 0, found: [] });
  });

  it('says when a recorded finding is gone, and --prune-suppressions shrinks the file', async () => {
    writeFileSync(join('src', 'docs.md'), 'See [the guide](guides/user%20guide.md).\n');
    const before = readFileSync('urilint-suppressions.json', 'utf8');
    const stale = await run(['scan', '--jobs', '1', ...LINKS_OFF, 'src']);
    expect(stale.code).toBe(0);
    expect(stale.stderr).toContain('1 suppressions in urilint-suppressions.json no longer occur (src/docs.md path-unescaped-char (1 recorded, 0 now)); remove them with --prune-suppressions.');
    expect((await run(['scan', '--prune-suppressions', '--jobs', '1', ...LINKS_OFF, 'src'])).code).toBe(0);
    const after = readFileSync('urilint-suppressions.json', 'utf8');
    expect(after.length).toBeLessThan(before.length);
    expect(JSON.parse(after)).toEqual({ 'src/api.ts': { 'path-unescaped-char': { count: 2 } } });
  });

  it('says what is wrong with a broken suppressions file', async () => {
    writeFileSync('broken.json', '{"src/api.ts": {"x": {"count": "two"}}}');
    const result = await run(['scan', '--suppressions-location', 'broken.json', 'src']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("The suppressions file 'broken.json' is not a map of files to codes to { \"count\": N }");
  });
});
