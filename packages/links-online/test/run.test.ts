import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkCache } from '../src/cache.js';
import { NetworkError, type Fetcher } from '../src/fetcher.js';
import { undiciFetcher, type HttpFetcher } from '../src/http.js';
import { checkLinks, linkKeys } from '../src/run.js';
import { startServer, virtualClock, type TestServer } from './support/servers.js';

const UA = 'urilint/0.1.0 (link check; +https://github.com/urilint/urilint)';

let docs: TestServer;
let slow: TestServer;
let limited: TestServer;
let chains: TestServer;
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
  // Each path's first request: 429 with Retry-After: 1. `/a` → 302 `/b` → 301 `/c` (a page), and
  // `/r/N` → 302 `/r/N+1` without end: each hop of a chain meets its own 429 once.
  const asked = new Set<string>();
  chains = await startServer((request, response) => {
    const path = request.url ?? '/';
    if (!asked.has(path)) {
      asked.add(path);
      response.writeHead(429, { 'retry-after': '1' }).end();
      return;
    }
    const endless = /^\/r\/(\d+)$/.exec(path);
    if (path === '/a') response.writeHead(302, { location: '/b' }).end();
    else if (path === '/b') response.writeHead(301, { location: '/c' }).end();
    else if (path === '/c') response.writeHead(200, { 'content-type': 'text/html' }).end('<h2 id="usage">Usage</h2>');
    else if (endless !== null) response.writeHead(302, { location: `/r/${Number(endless[1]) + 1}` }).end();
    else response.writeHead(404).end();
  });
  http = undiciFetcher({
    userAgent: UA,
    timeoutMs: 2000,
    connections: 8,
    resolve: { 'docs.example.org': '127.0.0.1', 'slow.example.org': '127.0.0.1', 'limited.example.org': '127.0.0.1', 'chains.example.org': '127.0.0.1' },
    allowHosts: ['*.example.org'],
  });
});

afterAll(async () => {
  await http.close();
  await Promise.all([docs.close(), slow.close(), limited.close(), chains.close()]);
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

  it('a redirect chain whose every hop answers its first request 429: a try that got further does not count against the page', async () => {
    const c = `chains.example.org:${chains.port}`;
    const before = chains.log.length;
    const result = await checkLinks(linkKeys([`http://${c}/a#usage`, `http://${c}/a#gone`], settings), { fetch: http.fetch, clock: virtualClock(), settings, retries: 2 });
    // Four tries of the page, each one hop further than the one before: 1 + 2 + 3 + 4 requests.
    expect(chains.log.slice(before)).toEqual(['GET /a', 'GET /a', 'GET /b', 'GET /a', 'GET /b', 'GET /c', 'GET /a', 'GET /b', 'GET /c']);
    expect(result.requests).toBe(9);
    expect(result.verdicts.get(`http://${c}/a#usage`)).toMatchObject({ status: 'ok' });
    expect(result.verdicts.get(`http://${c}/a#gone`)).toMatchObject({ status: 'broken', reason: 'the page holds no id "gone"' });
  });

  it('tries that get further along an endless chain stop at the redirect limit', async () => {
    const c = `chains.example.org:${chains.port}`;
    const before = chains.log.length;
    const result = await checkLinks(linkKeys([`http://${c}/r/0`], settings), { fetch: http.fetch, clock: virtualClock(), settings, retries: 2 });
    // Try k (0 to 10) asks hops 0 to k, the last of them answering 429: 1 + 2 + … + 11 = 66 requests; the
    // twelfth try meets the eleventh redirect after 11 requests and stops.
    expect(chains.log.length - before).toBe(77);
    expect([...result.verdicts.values()][0]).toMatchObject({ status: 'broken', reason: 'more than 10 redirects' });
  });

  it('a host that leaves three requests in a row unanswered is not asked again in the run', async () => {
    const asked: string[] = [];
    const fetch: Fetcher = async (request) => {
      asked.push(request.url);
      throw new NetworkError('timeout', 'it did not answer in time');
    };
    const urls = Array.from({ length: 10 }, (_, i) => `https://down.example.org/p/${i}`);
    const result = await checkLinks(linkKeys(urls, settings), { fetch, clock: virtualClock(), settings: { ...settings, hosts: { 'down.example.org': { concurrency: 2, delayMs: 0 } } } });
    // Two at once: the third unanswered request makes the host down while the fourth is under way.
    expect(asked).toEqual(['https://down.example.org/p/0', 'https://down.example.org/p/1', 'https://down.example.org/p/2', 'https://down.example.org/p/3']);
    const reason = (i: number): string => {
      const verdict = result.verdicts.get(`https://down.example.org/p/${i}`)!;
      return `${verdict.status}: ${verdict.reason}`;
    };
    expect([0, 1, 2, 3].map(reason)).toEqual(Array(4).fill('unknown: it did not answer in time'));
    expect([4, 5, 6, 7, 8, 9].map(reason)).toEqual(Array(6).fill('unknown: its host did not answer 3 requests in a row in time, so it was not asked again in this run'));
  });

  it('a host that answers between its timeouts is never taken as down', async () => {
    const asked: string[] = [];
    const fetch: Fetcher = async (request) => {
      asked.push(request.url);
      if (asked.length % 2 === 1) throw new NetworkError('timeout', 'it did not answer in time');
      return { status: 200, headers: {} };
    };
    const urls = Array.from({ length: 6 }, (_, i) => `https://flaky.example.org/p/${i}`);
    const result = await checkLinks(linkKeys(urls, settings), { fetch, clock: virtualClock(), settings: { ...settings, hosts: { 'flaky.example.org': { concurrency: 1, delayMs: 0 } } } });
    // Every other request answered: never three in a row unanswered, so every page is asked, and tried again after its timeout.
    expect(new Set(asked).size).toBe(6);
    expect(asked.length).toBeGreaterThan(6);
    expect([...result.verdicts.values()].filter((verdict) => verdict.reason.includes('not asked again'))).toEqual([]);
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
