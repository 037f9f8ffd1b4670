import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

const dir = mkdtempSync(join(tmpdir(), 'urilint-grouping-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('urilint scan: problems of one range', () => {
  it('are shown under one code frame: a heading per problem, the source line once, carets per rule', async () => {
    // "\" in the userinfo: it must be percent-encoded (RFC 3986 §3.2.1), and a browser reads it as "/" (WHATWG URL).
    const file = join(dir, 'a.js');
    writeFileSync(file, 'const g = "https://example.com\\\\@evil.com/";\n');
    const result = await run(['scan', '--preset', 'all', '--no-progress', file]);
    const lines = result.stdout.split('\n');
    const first = lines.findIndex((line) => line.endsWith('a.js:1:31 whatwg-backslash A browser reads the backslash as "/" and requests https://example.com/@evil.com/.'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(lines.slice(first + 1, first + 5)).toEqual([
      `${file}:1:31 userinfo-unescaped-char "\\" must be percent-encoded in the userinfo: write it as "%5C".`,
      '  1 | const g = "https://example.com\\\\@evil.com/";',
      `    | ${' '.repeat(30)}^^ error no-parser-differential`,
      `    | ${' '.repeat(30)}^^ error no-unescaped-chars`,
    ]);
    // Each problem is still counted on its own.
    expect(lines.at(-2)).toMatch(/^1 file scanned, 1 URI, 3 problems /);
  });
});

describe('urilint scan: one report per URI and problem (issue 28)', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 12l5 5l10 -10" stroke="white" fill="none"/></svg>';
  const css = `.check { background: url('data:image/svg+xml;utf8,${svg}'); }\n`;

  it("reports an inline SVG's characters once, --fix writes all of them, and the baseline counts the one report", async () => {
    const folder = mkdtempSync(join(dir, 'svg-'));
    const file = join(folder, 'check.css');
    writeFileSync(file, css);
    const json = JSON.parse((await run(['scan', '--format', 'json', '--no-config', '--jobs', '1', file])).stdout) as { code: string; message: string }[];
    expect(json.map((p) => [p.code, p.message])).toEqual([
      [
        'path-unescaped-char',
        '27 characters must be percent-encoded in the data: write "<" as "%3C" (3 times), a space as "%20" (11 times), a double quote (") as "%22" (10 times), ">" as "%3E" (3 times). Browsers accept the URI as written; RFC 3986 does not.',
      ],
    ]);
    const baseline = join(folder, 'suppressions.json');
    expect((await run(['scan', '--suppress-all', '--suppressions-location', baseline, '--no-config', '--jobs', '1', file])).code).toBe(0);
    expect(Object.values(JSON.parse(readFileSync(baseline, 'utf8')) as Record<string, unknown>)).toEqual([{ 'path-unescaped-char': { count: 1 } }]);
    expect((await run(['scan', '--fix', '--no-config', '--jobs', '1', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(css.replace(svg, encodeURIComponent(svg).replaceAll('%2F', '/').replaceAll('%3D', '=').replaceAll('%3A', ':')));
  });
});
