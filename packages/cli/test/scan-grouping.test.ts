import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
