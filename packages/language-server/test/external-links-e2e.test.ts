/**
 * External links in the editor, through the real server over stdio (issue 32): the verdicts kept in
 * the project's link cache are shown without a request, and the command that checks a document's
 * external links on the network — against an HTTP server on loopback started here, never an outside
 * address — reports its progress and stops when cancelled. Every wait here ends by itself: the
 * server's answers are bounded by the check's own budget, the test's by vitest's timeout.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DidOpenTextDocumentNotification, ExecuteCommandRequest, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient, type TestClient } from './support/client.js';

const COMMAND = 'urilint.checkExternalLinks';

let client: TestClient | undefined;
let server: Server | undefined;
const dirs: string[] = [];

afterEach(async () => {
  if (client && client.process.exitCode === null) client.process.kill();
  client = undefined;
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server?.closeAllConnections();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository with a configuration that lets the check contact loopback, and a cache path of its own. */
function repository(): { root: string; cache: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'urilint-external-')));
  dirs.push(root);
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'urilint.config.jsonc'), JSON.stringify({ onlineLinks: { allowHosts: ['127.0.0.1'], cache: 'links-cache.json', hosts: { '127.0.0.1': { concurrency: 2, delayMs: 0 } } } }));
  return { root, cache: join(root, 'links-cache.json') };
}

/** A loopback server: `/gone…` 404, anything else 200 after `delay` ms; it counts the requests it answered. */
async function serve(delay = 0): Promise<{ origin: string; requests: () => number }> {
  let count = 0;
  server = createServer((request, response) => {
    count++;
    setTimeout(() => {
      response.writeHead(request.url?.startsWith('/gone') ? 404 : 200, { 'content-type': 'text/plain' });
      response.end('x');
    }, delay);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => count };
}

const messages = (params: PublishDiagnosticsParams): string[] => params.diagnostics.filter((d) => d.code === 'no-broken-links').map((d) => (typeof d.message === 'string' ? d.message : d.message.value));

async function open(test: TestClient, path: string, text: string): Promise<string> {
  const uri = pathToFileURL(path).href;
  await test.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  return uri;
}

describe('external links in the editor', () => {
  it("shows the cache's verdicts without a request: a broken link is an error, a link not in the cache is not reported", async () => {
    const { root, cache } = repository();
    const { origin, requests } = await serve();
    writeFileSync(cache, JSON.stringify({ version: 1, links: { [`${origin}/gone`]: { status: 'broken', reason: '404 Not Found', httpStatus: 404, checkedAt: Date.UTC(2100, 0, 1) } } }));
    const text = `# Links\n\n- [gone](${origin}/gone)\n- [new](${origin}/new)\n`;
    client = await startClient({}, undefined, { rootUri: pathToFileURL(root).href });
    const uri = await open(client, join(root, 'README.md'), text);
    expect(messages(await client.nextDiagnostics(uri, 1))).toEqual([`"${origin}/gone" is broken: 404 Not Found.`]);
    expect(requests()).toBe(0);
  });

  it('checks a document on command: the broken link reported after, the verdicts written to the cache, each page asked once', async () => {
    const { root, cache } = repository();
    const { origin, requests } = await serve();
    const text = `# Links\n\n- [ok](${origin}/ok)\n- [gone](${origin}/gone)\n- [again](${origin}/gone#part)\n`;
    client = await startClient({}, undefined, { rootUri: pathToFileURL(root).href });
    expect(client.initialize.capabilities.executeCommandProvider?.commands).toContain(COMMAND);
    const uri = await open(client, join(root, 'README.md'), text);
    expect(messages(await client.nextDiagnostics(uri, 1))).toEqual([]);
    const result = (await client.connection.sendRequest(ExecuteCommandRequest.type, { command: COMMAND, arguments: [uri] })) as { summary: string; links: number; cancelled: boolean };
    expect(result).toMatchObject({ links: 3, cancelled: false });
    expect(result.summary).toMatch(/^3 external links \(0 pages from the cache, 2 pages checked with \d+ requests? to 1 host\): 2 broken, 0 moved, 0 unknown$/);
    expect(messages(await client.nextDiagnostics(uri, 1))).toEqual([`"${origin}/gone" is broken: it answers 404 Not Found.`, `"${origin}/gone#part" is broken: it answers 404 Not Found.`]);
    const kept = JSON.parse(readFileSync(cache, 'utf8')) as { links: Record<string, { status: string }> };
    expect(Object.fromEntries(Object.entries(kept.links).map(([key, verdict]) => [key, verdict.status]))).toEqual({ [`${origin}/ok`]: 'ok', [`${origin}/gone`]: 'broken', [`${origin}/gone#part`]: 'broken' });
    const asked = requests();
    expect(asked).toBeGreaterThanOrEqual(2);
    // A second check answers from the cache.
    const second = (await client.connection.sendRequest(ExecuteCommandRequest.type, { command: COMMAND, arguments: [uri] })) as { summary: string };
    expect(second.summary).toMatch(/^3 external links \(2 pages from the cache, 0 pages checked with 0 requests to 0 hosts\)/);
    expect(requests()).toBe(asked);
  });

  it('a check of a 500-link file reports progress (pages done of pages to do) and stops when the progress is cancelled', async () => {
    const { root } = repository();
    // Each page answers after 50 ms, two at a time: the whole run would take 12 s or more.
    const { origin, requests } = await serve(50);
    const text = `# Links\n\n${Array.from({ length: 500 }, (_, i) => `- [p${i}](${origin}/p${i})\n`).join('')}`;
    client = await startClient({ window: { workDoneProgress: true } }, undefined, { rootUri: pathToFileURL(root).href });
    const uri = await open(client, join(root, 'README.md'), text);
    await client.nextDiagnostics(uri, 1);
    const reports: { kind: string; message?: string; percentage?: number; cancellable?: boolean }[] = [];
    let token: string | number | undefined;
    const cancelled = new Promise<void>((resolve) => {
      client!.connection.onNotification('$/progress', (params: { token: string | number; value: { kind: string; message?: string; percentage?: number; cancellable?: boolean } }) => {
        token = params.token;
        reports.push(params.value);
        // After ten pages, the user cancels.
        if (params.value.kind === 'report' && params.value.message === '10 of 500 pages') {
          void client!.connection.sendNotification('window/workDoneProgress/cancel', { token: params.token });
          resolve();
        }
      });
    });
    const result = client.connection.sendRequest(ExecuteCommandRequest.type, { command: COMMAND, arguments: [uri] }) as Promise<{ summary: string; links: number; cancelled: boolean }>;
    await cancelled;
    expect(await result).toMatchObject({ links: 500, cancelled: true });
    expect(client.requests).toContain('window/workDoneProgress/create');
    expect(token).toBeDefined();
    expect(reports[0]).toMatchObject({ kind: 'begin', cancellable: true });
    expect(reports.filter((r) => r.kind === 'report').slice(0, 3).map((r) => r.message)).toEqual(['0 of 500 pages', '1 of 500 pages', '2 of 500 pages']);
    expect(reports.at(-1)).toEqual({ kind: 'end' });
    // The pages under way when it was cancelled end; no more are asked.
    expect(requests()).toBeLessThan(20);
  });
});
