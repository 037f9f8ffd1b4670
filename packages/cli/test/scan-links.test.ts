/**
 * `urilint scan` checks local links by default (no-broken-links is in recommended): the docs
 * tree of discovery's tests written to a folder with a `.git`, its broken links reported at their
 * characters, one index per run; a route no mapping fits said once; the site recognised under --stats.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

interface DocsTree {
  README: string;
  README_FINDINGS: readonly (readonly [string, string])[];
  TREE: Readonly<Record<string, string>>;
}
const { README, README_FINDINGS, TREE } = (await import(new URL('../../discovery/test/links/docs-tree.ts', import.meta.url).href)) as DocsTree;

let root: string;

function write(files: Readonly<Record<string, string>>): void {
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'urilint-scan-links-'));
  write(Object.fromEntries(Object.entries(TREE).map(([path, text]) => [path.replace(/^\/repo\//, 'repo/'), text])));
  write({ 'next/.git/HEAD': '', 'next/a.md': '[a](/learn/a) [b](/learn/b)\n', 'next/b.md': '[c](/learn/c)\n', 'book/.git/HEAD': '', 'book/book.toml': '[book]\n', 'book/src/a.md': '# A\n[b](b.html#b)\n', 'book/src/b.md': '# B\n' });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('urilint scan: local links', () => {
  it.each([1, 2])('reports the README\'s broken links at their lines and columns (--jobs %i)', async (jobs) => {
    const result = await run(['scan', '--format', 'json', '--jobs', String(jobs), '--rule', 'no-unescaped-chars=off', join(root, 'repo')]);
    const found = (JSON.parse(result.stdout) as { file: string; line: number; column: number; rule: string; endColumn: number }[]).filter((p) => p.rule === 'no-broken-links');
    const lines = README.split('\n');
    const shown = found.filter((p) => p.file.endsWith('README.md')).map((p) => lines[p.line - 1]!.slice(p.column - 1, p.endColumn - 1));
    expect(shown).toEqual(README_FINDINGS.map(([text]) => text));
    expect(found.filter((p) => p.file.endsWith('page.html'))).toHaveLength(2);
  });

  it('says once that a site-absolute route fits no mapping, and reports none of its links', async () => {
    const result = await run(['scan', '--jobs', '1', join(root, 'next')]);
    expect(result.stderr.match(/cannot resolve site-absolute links/g)).toHaveLength(1);
    expect(result.stdout).not.toContain('no-broken-links');
  });

  it('shows the site generator recognised under --stats', async () => {
    const result = await run(['scan', '--jobs', '1', '--stats', join(root, 'book')]);
    expect(result.stdout).not.toContain('no-broken-links');
    expect(result.stderr).toMatch(/^links: mdbook site at .*book\/; site-absolute routes \/ → .*book\/src\/; heading ids: mdbook$/m);
  });
});
