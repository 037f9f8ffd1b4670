/** `urilint scan` reads components as ESLint does (issue 28): the help lists them, and every template of an Angular project is Angular. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

const dir = mkdtempSync(join(tmpdir(), 'urilint-angular-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GUIDES = '<nav>\n  <a routerLink="/guides#getting started">Getting started</a>\n</nav>\n';

describe('urilint scan and components', () => {
  it('scan --help lists .vue, .svelte and .astro among the files read in a folder', async () => {
    const help = (await run(['scan', '--help'])).stdout;
    const listing = help.slice(help.indexOf('Files read in a directory'), help.indexOf('Template tags are holes'));
    for (const extension of ['.vue', '.svelte', '.astro']) expect(listing).toContain(extension);
  });

  it('in an Angular project (an angular.json) a template is Angular whatever its name: the planted routerLink is found', async () => {
    const project = join(dir, 'app');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'src', 'guides'), { recursive: true });
    writeFileSync(join(project, 'angular.json'), '{ "version": 1, "projects": {} }\n');
    writeFileSync(join(project, 'src', 'guides', 'guides.html'), GUIDES);
    const found = JSON.parse((await run(['scan', '--format', 'json', '--no-config', '--jobs', '1', project])).stdout) as { line: number; column: number; code: string }[];
    expect(found.map((p) => [p.line, p.column, p.code])).toEqual([[2, GUIDES.split('\n')[1]!.indexOf(' started') + 1, 'fragment-unescaped-char']]);
  });

  it('outside one, the same file is HTML', async () => {
    const site = join(dir, 'site');
    mkdirSync(join(site, '.git'), { recursive: true });
    writeFileSync(join(site, 'guides.html'), GUIDES);
    expect(JSON.parse((await run(['scan', '--format', 'json', '--no-config', '--jobs', '1', site])).stdout)).toEqual([]);
  });
});
