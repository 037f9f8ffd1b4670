/**
 * `urilint scan --online` / `--offline` against an HTTP server on loopback started here (the
 * project allows 127.0.0.1 in `onlineLinks.allowHosts`): the verdicts reported at the links, the
 * cache written and used by the next run, `--fix` writing a permanent redirect's target, and no
 * request at all without `--online`.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

let root: string;
let server: Server;
let base: string;
const requests: string[] = [];

const readme = (): string =>
  [
    '# Links',
    '',
    `- [fine](${base}/ok)`,
    `- [gone](${base}/missing)`,
    `- [moved](${base}/old)`,
    `- [busy](${base}/busy)`,
    `- [anchor](${base}/page#install) and [lost anchor](${base}/page#nowhere)`,
    `- [same page again](${base}/./ok)`,
    '- [documentation host](https://example.com/never)',
    '',
  ].join('\n');

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url === '/ok' || request.url === '/new') response.writeHead(200).end();
    else if (request.url === '/old') response.writeHead(301, { location: '/new' }).end();
    else if (request.url === '/busy') response.writeHead(429, { 'retry-after': '3600' }).end();
    else if (request.url === '/page') response.writeHead(200, { 'content-type': 'text/html' }).end('<h2 id="install">Install</h2>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = mkdtempSync(join(tmpdir(), 'urilint-scan-online-'));
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'urilint.config.jsonc'), JSON.stringify({ onlineLinks: { allowHosts: ['127.0.0.1'], hosts: { '127.0.0.1': { delayMs: 0 } } } }));
  writeFileSync(join(root, 'README.md'), readme());
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

interface JsonProblem {
  line: number;
  column: number;
  rule: string;
  severity: string;
  message: string;
}

const scan = async (...args: string[]) => {
  const result = await run(['scan', '--format', 'json', '--jobs', '1', ...args, root]);
  return { ...result, problems: (JSON.parse(result.stdout) as JsonProblem[]).filter((p) => p.rule === 'no-broken-links') };
};

describe('urilint scan --online', () => {
  it('without --online, nothing is requested and no external link is reported', async () => {
    const result = await scan();
    expect(result.problems).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('reports broken links as errors, moved and unknown ones as warnings, each page asked once', async () => {
    const result = await scan('--online');
    expect(result.problems.map((p) => [p.line, p.severity, p.message.replace(base, 'BASE')])).toEqual([
      [4, 'error', '"BASE/missing" is broken: it answers 404 Not Found.'],
      [5, 'warning', `"BASE/old" moved permanently to "${base}/new" (301 Moved Permanently): link to where it is now.`],
      [6, 'warning', expect.stringMatching(/^"BASE\/busy" could not be checked: it answers 429 Too Many Requests; the host asks to be tried again after /)],
      [7, 'error', '"BASE/page#nowhere" is broken: the page holds no id "nowhere".'],
    ]);
    expect(result.code).toBe(1);
    expect([...requests].sort()).toEqual(['GET /page', 'HEAD /busy', 'HEAD /missing', 'HEAD /new', 'HEAD /ok', 'HEAD /old']);
    expect(result.stderr).toContain('urilint: online: 6 external links (0 pages from the cache, 5 pages checked with 6 requests to 1 host)');
    expect(existsSync(join(root, 'node_modules/.cache/urilint/links-cache.json'))).toBe(true);
  });

  it('the next run answers from the cache: the same findings, no request', async () => {
    const before = requests.length;
    const again = await scan('--online');
    expect(again.problems).toHaveLength(4);
    expect(requests.length).toBe(before);
    const offline = await scan('--offline');
    expect(offline.problems.map((p) => p.line)).toEqual([4, 5, 6, 7]);
    expect(requests.length).toBe(before);
  });

  it('--fix writes the target of the permanent redirect', async () => {
    await scan('--offline', '--fix');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`- [moved](${base}/new)`);
  });

  it('--online and --offline together are a usage error', async () => {
    expect((await run(['scan', '--online', '--offline', root])).code).toBe(2);
  });
});
