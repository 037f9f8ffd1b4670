import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkCache } from '../src/cache.js';
import type { Fetcher } from '../src/fetcher.js';
import { undiciFetcher, type HttpFetcher } from '../src/http.js';
import { checkLinks, linkKeys } from '../src/run.js';
import { startServer, virtualClock, type TestServer } from './support/servers.js';

const UA = 'urilint/0.1.0 (link check; +https://github.com/urilint/urilint)';

let docs: TestServer;
let slow: TestServer;
let limited: TestServer;
let http: HttpFetcher;
/** Answers of the rate-limited host, in order: what each request gets. */
let limitedPlan: { status: number; headers?: Record<string, string> }[] = [];
/** The virtual time at which the rate-limited host got each request. */
let limitedTimes: number[] = [];
let clock = virtualClock();

beforeAll(async () => {
  docs = await startServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/ok')) response.writeHead(200, { 'content-type': 'text/html' }).end('<h1 id="top-heading">x</h1>');
    else if (path === '/moved') response.writeHead(301, { location: '/ok/new' }).end();
    else response.writeHead(404).end();
  });
  // Answers after a short real pause, so that requests overlap and the limit is what holds them back.
  slow = await startServer((_request, response) => {
    setTimeout(() => response.writeHead(200).end(), 15);
  });
  limited = await startServer((_request, response) => {
    limitedTimes.push(clock.now());
    const answer = limitedPlan.shift() ?? { status: 200 };
    response.writeHead(answer.status, answer.headers ?? {}).end();
  });
  http = undiciFetcher({
    userAgent: UA,
    timeoutMs: 2000,
    connections: 8,
    resolve: { 'docs.example.org': '127.0.0.1', 'slow.example.org': '127.0.0.1', 'limited.example.org': '127.0.0.1' },
    allowHosts: ['*.example.org'],
  });
});

afterAll(async () => {
  await http.close();
  await Promise.all([docs.close(), slow.close(), limited.close()]);
});

const settings = { allowHosts: ['*.example.org'] };

describe('checkLinks', () => {
  it('one request per distinct link after normalisation; each fragment of a page from one request', async () => {
    const d = `docs.example.org:${docs.port}`;
    const before = docs.log.length;
    const keys = linkKeys(
      [`https://example.com/`, `http://${d}/ok/a`, `HTTP://DOCS.example.org:${docs.port}/ok/./a`, `http://${d}/ok/%61`, `http://${d}/ok/b#top-heading`, `http://${d}/ok/b#gone`, `http://${d}/missing`],
      settings,
    );
    // example.com is reserved for documentation (RFC 2606 §3): never checked.
    expect([...keys]).toEqual([`http://${d}/ok/a`, `http://${d}/ok/b#top-heading`, `http://${d}/ok/b#gone`, `http://${d}/missing`]);
    const result = await checkLinks(keys, { fetch: http.fetch, clock: virtualClock(), settings });
    expect(docs.log.slice(before).sort()).toEqual(['GET /ok/b', 'HEAD /missing', 'HEAD /ok/a']);
    expect(result.requests).toBe(3);
    expect(Object.fromEntries([...result.verdicts].map(([key, verdict]) => [key.slice(d.length + 7), verdict.status]))).toEqual({
      '/ok/a': 'ok',
      '/ok/b#top-heading': 'ok',
      '/ok/b#gone': 'broken',
      '/missing': 'broken',
    });
  });

  it('a moved page keeps the fragment of the link in its target', async () => {
    const d = `docs.example.org:${docs.port}`;
    const result = await checkLinks(linkKeys([`http://${d}/moved#top-heading`], settings), { fetch: http.fetch, clock: virtualClock(), settings });
    expect([...result.verdicts.values()][0]).toMatchObject({ status: 'moved', target: `http://${d}/ok/new#top-heading` });
  });

  it('never has more requests at once on a host than its limit, as the server counts them', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => `http://slow.example.org:${slow.port}/page/${i}`);
    const result = await checkLinks(linkKeys(urls, settings), {
      fetch: http.fetch,
      clock: virtualClock(),
      settings: { ...settings, hosts: { 'slow.example.org': { concurrency: 3, delayMs: 0 } } },
    });
    expect(slow.log).toHaveLength(12);
    expect(slow.peak).toBe(3);
    expect(result.peak.get(`slow.example.org:${slow.port}`)).toBe(3);
    expect([...result.verdicts.values()].every((verdict) => verdict.status === 'ok')).toBe(true);
  });

  it('keeps the delay between two requests to a host', async () => {
    clock = virtualClock();
    limitedTimes = [];
    limitedPlan = [];
    const urls = Array.from({ length: 4 }, (_, i) => `http://limited.example.org:${limited.port}/d/${i}`);
    // When each request is sent, by the run's clock (the server sees them later, in real time).
    const sent: number[] = [];
    const fetch: Fetcher = (request, signal) => {
      sent.push(clock.now());
      return http.fetch(request, signal);
    };
    await checkLinks(linkKeys(urls, settings), { fetch, clock, settings: { ...settings, hosts: { 'limited.example.org': { concurrency: 4, delayMs: 250 } } } });
    expect(sent.map((t) => t - sent[0]!)).toEqual([0, 250, 500, 750]);
    expect(limitedTimes).toHaveLength(4);
  });

  it('obeys Retry-After: no request to the host before the time it gave, then the verdict of the retry', async () => {
    clock = virtualClock();
    limitedTimes = [];
    limitedPlan = [{ status: 429, headers: { 'retry-after': '30' } }, { status: 200 }];
    const url = `http://limited.example.org:${limited.port}/rate`;
    const result = await checkLinks(linkKeys([url], settings), { fetch: http.fetch, clock, settings: { ...settings, hosts: { 'limited.example.org': { concurrency: 1, delayMs: 0 } } } });
    expect(limitedTimes[1]! - limitedTimes[0]!).toBeGreaterThanOrEqual(30_000);
    expect(limitedTimes).toHaveLength(2);
    expect([...result.verdicts.values()][0]!.status).toBe('ok');
  });

  it('a Retry-After beyond what a run waits is not waited for: unknown, with when to retry', async () => {
    clock = virtualClock();
    limitedTimes = [];
    limitedPlan = [{ status: 429, headers: { 'retry-after': '3600' } }];
    const url = `http://limited.example.org:${limited.port}/later`;
    const result = await checkLinks(linkKeys([url], settings), { fetch: http.fetch, clock, settings });
    const verdict = [...result.verdicts.values()][0]!;
    expect(limitedTimes).toHaveLength(1);
    expect(verdict).toMatchObject({ status: 'unknown', httpStatus: 429, retryAt: clock.now() + 3_600_000 });
  });

  it('429 without Retry-After: exponential backoff with a cap, a bounded number of tries', async () => {
    clock = virtualClock();
    limitedTimes = [];
    limitedPlan = [{ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 }, { status: 429 }];
    const url = `http://limited.example.org:${limited.port}/busy`;
    const result = await checkLinks(linkKeys([url], settings), { fetch: http.fetch, clock, settings, retries: 4, backoffMs: 1000, backoffCapMs: 3000 });
    expect(limitedTimes).toHaveLength(5);
    expect(clock.sleeps.filter((ms) => ms >= 1000)).toEqual([1000, 2000, 3000, 3000]);
    expect([...result.verdicts.values()][0]).toMatchObject({ status: 'unknown', httpStatus: 429 });
  });

  it('the time budget: links whose turn comes after it are unknown, unrequested', async () => {
    clock = virtualClock();
    limitedTimes = [];
    limitedPlan = [];
    const urls = Array.from({ length: 5 }, (_, i) => `http://limited.example.org:${limited.port}/b/${i}`);
    const result = await checkLinks(linkKeys(urls, settings), {
      fetch: http.fetch,
      clock,
      settings: { ...settings, budget: 2, hosts: { 'limited.example.org': { concurrency: 1, delayMs: 900 } } },
    });
    // Turns at 0, 900 and 1800 ms fit in 2 s; those at 2700 and 3600 do not.
    expect(limitedTimes).toHaveLength(3);
    expect([...result.verdicts.values()].filter((verdict) => verdict.reason.includes('time budget'))).toHaveLength(2);
  });

  it('cancelled: stops and reports nothing more', async () => {
    const controller = new AbortController();
    let calls = 0;
    const fetch: Fetcher = async () => {
      calls++;
      if (calls === 2) controller.abort();
      return { status: 200, headers: {} };
    };
    const urls = Array.from({ length: 50 }, (_, i) => `https://docs.example.org/c/${i}`);
    const result = await checkLinks(linkKeys(urls, settings), { fetch, clock: virtualClock(), settings: { ...settings, hosts: { 'docs.example.org': { concurrency: 1, delayMs: 10 } } }, signal: controller.signal });
    expect(result.cancelled).toBe(true);
    expect(calls).toBe(2);
    expect(result.verdicts.size).toBeLessThanOrEqual(2);
  });
});

describe('the cache across runs', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'urilint-cache-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a second run asks nothing fresh; a failure goes stale before a success', async () => {
    const file = join(dir, 'links-cache.json');
    const d = `docs.example.org:${docs.port}`;
    const keys = linkKeys([`http://${d}/ok/c1`, `http://${d}/ok/c2`, `http://${d}/nope`], settings);
    const time = virtualClock();
    const before = docs.log.length;
    const first = new LinkCache();
    await checkLinks(keys, { fetch: http.fetch, clock: time, settings, cache: first });
    first.write(file);
    expect(docs.log.length - before).toBe(3);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);

    // The next run an hour later: everything from the file.
    time.advance(3_600_000);
    const second = await checkLinks(keys, { fetch: http.fetch, clock: time, settings, cache: LinkCache.read(file) });
    expect(docs.log.length - before).toBe(3);
    expect(second).toMatchObject({ requests: 0, cached: 3, checked: 0 });
    expect(second.verdicts.get(`http://${d}/nope`)!.status).toBe('broken');

    // Two days later: the broken link (kept a day) is asked again, the working ones (kept a week) are not.
    time.advance(2 * 24 * 3_600_000);
    const third = await checkLinks(keys, { fetch: http.fetch, clock: time, settings, cache: LinkCache.read(file) });
    expect(docs.log.slice(before + 3)).toEqual(['HEAD /nope']);
    expect(third).toMatchObject({ requests: 1, cached: 2, checked: 1 });
  });

  it('a file that is not a cache is not used, and says so', () => {
    const file = join(dir, 'bad.json');
    const warnings: string[] = [];
    writeFileSync(file, '{"version": 99}');
    expect(LinkCache.read(file, (message) => warnings.push(message)).size).toBe(0);
    expect(warnings[0]).toContain('not a cache of version 1');
  });
});
