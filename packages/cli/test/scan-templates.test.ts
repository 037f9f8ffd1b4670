import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

const dir = mkdtempSync(join(tmpdir(), 'urilint-templates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PAGE = '<a href="{{ params.url }}">x</a>\n<a href="https://x.example/{{ lang }}/user guide">y</a>\n<a href="https://x.example/{% if a %}b{% endif %}">z</a>\n';

describe('urilint scan and template syntax', () => {
  it('reads a template file with its tags as holes, and --fix keeps every tag', async () => {
    const file = join(dir, 'page.njk');
    writeFileSync(file, PAGE);
    const json = await run(['scan', '--format', 'json', '--jobs', '1', file]);
    const line = PAGE.split('\n')[1]!;
    expect(JSON.parse(json.stdout).map((p: { line: number; column: number; code: string }) => [p.line, p.column, p.code])).toEqual([[2, line.indexOf(' guide') + 1, 'path-unescaped-char']]);
    expect((await run(['scan', '--fix', '--jobs', '1', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(PAGE.replace('user guide', 'user%20guide'));
  });

  it('reads tags as text with --no-templates, and only the syntaxes named with --templates', async () => {
    const file = join(dir, 'plain.html');
    writeFileSync(file, '<a href="https://x.example/{{ lang }}/a">y</a>\n<a href="https://x.example/{% if a %}b{% endif %}/c">z</a>\n');
    /** The lines with findings. */
    const lines = async (...args: string[]) =>
      [...new Set(JSON.parse((await run(['scan', '--format', 'json', '--jobs', '1', ...args, file])).stdout).map((p: { line: number }) => p.line))];
    expect(await lines()).toEqual([]);
    expect(await lines('--no-templates')).toEqual([1, 2]);
    expect(await lines('--templates', 'jinja')).toEqual([1]);
    expect(await lines('--templates', 'mustache,erb')).toEqual([2]);
  });

  it('says what --templates takes', async () => {
    const bad = await run(['scan', '--templates', 'jinja,liquid', dir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("The option '--templates' takes a comma-separated list of mustache, jinja, erb, php, actions, shell, percent, server, not 'jinja,liquid'.");
    const both = await run(['scan', '--templates', 'jinja', '--no-templates', dir]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("cannot be given together");
  });
});
