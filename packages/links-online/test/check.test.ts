import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, pageIds, retryAfterMs } from '../src/check.js';
import { NetworkError, type Fetcher } from '../src/fetcher.js';
import { errorKind, undiciFetcher, type HttpFetcher } from '../src/http.js';
import { selfSignedCertificate, startServer, type TestServer } from './support/servers.js';

const UA = 'urilint/0.1.0 (link check; +https://github.com/urilint/urilint)';
const now = (): number => 1_800_000_000_000;

/** The site: every case of the issue at one path, served on loopback as docs.example.org. */
let site: TestServer;
let stall: TestServer;
let reset: TestServer;
let headless: TestServer;
let http: HttpFetcher;
const base = (): string => `http://docs.example.org:${site.port}`;

beforeAll(async () => {
  site = await startServer((request, response) => {
    const path = request.url ?? '/';
    const redirect = (status: number, to: string): void => {
      response.writeHead(status, { location: to });
      response.end();
    };
    if (path === '/ok') response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    else if (path === '/gone') response.writeHead(410).end();
    else if (path === '/301') redirect(301, '/308');
    else if (path === '/308') redirect(308, '/ok');
    else if (path === '/302') redirect(302, '/ok');
    else if (path === '/307') redirect(307, '/ok');
    else if (path === '/301-then-302') redirect(301, '/302');
    else if (path === '/301-to-404') redirect(301, '/nothing');
    else if (path === '/loop-a') redirect(301, '/loop-b');
    else if (path === '/loop-b') redirect(302, '/loop-a');
    else if (path.startsWith('/chain/')) {
      const n = Number(path.slice('/chain/'.length));
      redirect(302, `/chain/${n + 1}`);
    } else if (path === '/429') response.writeHead(429, { 'retry-after': '7' }).end();
    else if (path === '/429-date') response.writeHead(429, { 'retry-after': 'Fri, 15 Jan 2027 08:00:30 GMT' }).end();
    else if (path === '/429-bare') response.writeHead(429).end();
    else if (path === '/500') response.writeHead(500).end();
    else if (path === '/403') response.writeHead(403).end();
    else if (path === '/page') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><h1 id="intro">Intro</h1><h2 id=install>Install</h2><a name="old-anchor"></a><div id="user-content-usage"></div>');
    else if (path === '/script-page') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><div class=app></div><script src=app.js></script>');
    else response.writeHead(404).end();
  });
  // A host that takes the connection and never answers.
  stall = await startServer(() => undefined);
  // A host that drops every connection as soon as a request arrives.
  reset = await startServer((request) => request.socket.destroy());
  // A host that refuses HEAD (405) and answers GET.
  headless = await startServer((request, response) => {
    if (request.method === 'HEAD') response.writeHead(405, { allow: 'GET' }).end();
    else if (request.url === '/missing') response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  http = undiciFetcher({
    userAgent: UA,
    timeoutMs: 150,
    resolve: { 'docs.example.org': '127.0.0.1', 'slow.example.org': '127.0.0.1', 'reset.example.org': '127.0.0.1', 'headless.example.org': '127.0.0.1' },
    allowHosts: ['*.example.org'],
  });
});

afterAll(async () => {
  await http.close();
  await Promise.all([site.close(), stall.close(), reset.close(), headless.close()]);
});

async function check(path: string, fragments: string[] = []) {
  const before = site.log.length;
  const result = await checkPage(`${base()}${path}`, fragments, http.fetch, now);
  return { ...result, log: site.log.slice(before) };
}

describe('checkPage over real loopback servers', () => {
  it('a 200 is ok, with one HEAD, the Host of the link and a User-Agent naming the tool', async () => {
    const result = await check('/ok');
    expect(result.page).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect(result.log).toEqual(['HEAD /ok']);
    expect(site.hosts.at(-1)).toBe(`docs.example.org:${site.port}`);
    expect(site.agents.at(-1)).toBe(UA);
  });

  it('404 and 410 are broken', async () => {
    expect((await check('/nothing')).page).toMatchObject({ status: 'broken', httpStatus: 404, reason: 'it answers 404 Not Found' });
    expect((await check('/gone')).page).toMatchObject({ status: 'broken', httpStatus: 410 });
  });

  it('301 then 308 is moved to where they lead; 302 and 307 are followed and left alone', async () => {
    const moved = await check('/301');
    expect(moved.page).toMatchObject({ status: 'moved', httpStatus: 301, target: `${base()}/ok` });
    expect(moved.log).toEqual(['HEAD /301', 'HEAD /308', 'HEAD /ok']);
    expect((await check('/308')).page).toMatchObject({ status: 'moved', httpStatus: 308, target: `${base()}/ok` });
    expect((await check('/302')).page).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect((await check('/302')).page.target).toBeUndefined();
    expect((await check('/307')).page).toMatchObject({ status: 'ok' });
  });

  it('a permanent redirect then a temporary one: moved to the permanent hop only', async () => {
    expect((await check('/301-then-302')).page).toMatchObject({ status: 'moved', target: `${base()}/302` });
  });

  it('a permanent redirect to a 404 is broken, and says where it led', async () => {
    const result = await check('/301-to-404');
    expect(result.page.status).toBe('broken');
    expect(result.page.reason).toContain(`after a redirect to ${base()}/nothing`);
  });

  it('a redirect loop is broken after one round, and an endless chain stops at 10 hops', async () => {
    const loop = await check('/loop-a');
    expect(loop.page.status).toBe('broken');
    expect(loop.page.reason).toContain('loop');
    expect(loop.log).toEqual(['HEAD /loop-a', 'HEAD /loop-b']);
    const chain = await check('/chain/0');
    expect(chain.page).toMatchObject({ status: 'broken', reason: 'more than 10 redirects' });
    expect(chain.log).toHaveLength(11);
  });

  it('429 is unknown and transient, with Retry-After in seconds or as a date', async () => {
    expect((await check('/429')).page).toMatchObject({ status: 'unknown', httpStatus: 429, transient: true, retryAfterMs: 7000 });
    expect((await check('/429-bare')).page).toMatchObject({ status: 'unknown', httpStatus: 429, transient: true });
    expect((await check('/429-bare')).page.retryAfterMs).toBeUndefined();
    // RFC 9110 §10.2.3: an HTTP-date, against the clock given (2027-01-15T08:00:00Z here).
    expect(retryAfterMs('Fri, 15 Jan 2027 08:00:30 GMT', Date.UTC(2027, 0, 15, 8, 0, 0))).toBe(30_000);
  });

  it('5xx is unknown; 403 is unknown and says how to accept it', async () => {
    expect((await check('/500')).page).toMatchObject({ status: 'unknown', httpStatus: 500, transient: true });
    const forbidden = await check('/403');
    expect(forbidden.page).toMatchObject({ status: 'unknown', httpStatus: 403 });
    expect(forbidden.page.reason).toContain('onlineLinks.accept');
    // 403 also refuses HEAD: GET was tried before giving up.
    expect(forbidden.log).toEqual(['HEAD /403', 'GET /403']);
  });

  it('a status accepted for the host is ok', async () => {
    const result = await checkPage(`${base()}/403`, [], http.fetch, now, { accept: [403] });
    expect(result.page).toMatchObject({ status: 'ok', httpStatus: 403 });
    expect(result.requests).toBe(1);
  });

  it('a host that refuses HEAD is asked with GET', async () => {
    const at = `http://headless.example.org:${headless.port}`;
    expect((await checkPage(`${at}/doc`, [], http.fetch, now)).page).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect((await checkPage(`${at}/missing`, [], http.fetch, now)).page).toMatchObject({ status: 'broken', httpStatus: 404 });
    expect(headless.log).toEqual(['HEAD /doc', 'GET /doc', 'HEAD /missing', 'GET /missing']);
  });

  it('fragments: one GET of the page answers each of them', async () => {
    const result = await check('/page', ['intro', 'install', 'old-anchor', 'usage', 'nowhere', 'L10-L20']);
    expect(result.log).toEqual(['GET /page']);
    expect(result.page.status).toBe('ok');
    expect(Object.fromEntries([...result.fragments].map(([fragment, verdict]) => [fragment, verdict.status]))).toEqual({
      intro: 'ok',
      install: 'ok',
      'old-anchor': 'ok',
      usage: 'ok',
      nowhere: 'broken',
      'L10-L20': 'ok',
    });
    expect(result.fragments.get('nowhere')!.reason).toBe('the page holds no id "nowhere"');
  });

  it('a page without a single id (built by script) is not judged on its fragments', async () => {
    const result = await check('/script-page', ['anything']);
    expect(result.fragments.get('anything')!.status).toBe('ok');
  });

  it('a host that stalls is unknown after the timeout, and transient', async () => {
    const result = await checkPage(`http://slow.example.org:${stall.port}/`, [], http.fetch, now);
    expect(result.page).toMatchObject({ status: 'unknown', transient: true, reason: 'it did not answer in time' });
    expect(stall.log).toEqual(['HEAD /']);
  });

  it('a host that resets the connection is unknown and transient', async () => {
    const result = await checkPage(`http://reset.example.org:${reset.port}/`, [], http.fetch, now);
    expect(result.page).toMatchObject({ status: 'unknown', transient: true, reason: 'the connection was reset' });
  });

  it('no such host is broken; other failures below HTTP are unknown', async () => {
    const failing = (kind: ConstructorParameters<typeof NetworkError>[0]): Fetcher => () => Promise.reject(new NetworkError(kind, 'x'));
    expect((await checkPage('https://lapsed.example.net/', [], failing('no-such-host'), now)).page).toMatchObject({ status: 'broken', reason: 'no such host (the name does not resolve)' });
    expect((await checkPage('https://a.example.net/', [], failing('dns'), now)).page).toMatchObject({ status: 'unknown', transient: true });
    expect(errorKind(Object.assign(new Error('getaddrinfo ENOTFOUND lapsed.example.net'), { code: 'ENOTFOUND' })).kind).toBe('no-such-host');
    expect(errorKind(new Error('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })).kind).toBe('reset');
  });
});

describe('TLS', () => {
  let secure: TestServer;
  let certificate: { key: string; cert: string };
  beforeAll(async () => {
    certificate = selfSignedCertificate(['secure.example.org']);
    secure = await startServer((_request, response) => response.writeHead(200).end('ok'), certificate);
  });
  afterAll(() => secure.close());

  it('a self-signed certificate is unknown (a TLS error), and ok once the project trusts it', async () => {
    const url = `https://secure.example.org:${secure.port}/`;
    const untrusting = undiciFetcher({ userAgent: UA, timeoutMs: 2000, resolve: { 'secure.example.org': '127.0.0.1' }, allowHosts: ['secure.example.org'] });
    const trusting = undiciFetcher({ userAgent: UA, timeoutMs: 2000, resolve: { 'secure.example.org': '127.0.0.1' }, allowHosts: ['secure.example.org'], ca: certificate.cert });
    try {
      const refused = await checkPage(url, [], untrusting.fetch, now);
      expect(refused.page.status).toBe('unknown');
      expect(refused.page.reason).toMatch(/^TLS failed: .*SELF_SIGNED/);
      expect((await checkPage(url, [], trusting.fetch, now)).page).toMatchObject({ status: 'ok', httpStatus: 200 });
      expect(secure.log).toEqual(['HEAD /']);
    } finally {
      await Promise.all([untrusting.close(), trusting.close()]);
    }
  });
});

describe('the resolver', () => {
  it('a name that resolves to a loopback address is not contacted unless allowed', async () => {
    const server = await startServer((_request, response) => response.writeHead(200).end());
    const guarded = undiciFetcher({ userAgent: UA, timeoutMs: 2000 });
    try {
      // `localhost` resolves to loopback on this machine (/etc/hosts): the answer is refused before any connection.
      const result = await checkPage(`http://localhost:${server.port}/`, [], guarded.fetch, now);
      expect(result.page.status).toBe('unknown');
      expect(result.page.reason).toContain('not on the public Internet');
      expect(server.log).toEqual([]);
    } finally {
      await guarded.close();
      await server.close();
    }
  });

  it('a GitHub token is sent to github.com only', async () => {
    const seen: (string | undefined)[] = [];
    const server = await startServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(200).end();
    });
    const withToken = undiciFetcher({ userAgent: UA, timeoutMs: 2000, resolve: { 'docs.example.org': '127.0.0.1' }, allowHosts: ['docs.example.org'], githubToken: 'ghp_secret' });
    try {
      await checkPage(`http://docs.example.org:${server.port}/`, [], withToken.fetch, now);
      expect(seen).toEqual([undefined]);
    } finally {
      await withToken.close();
      await server.close();
    }
  });
});

describe('pageIds', () => {
  it('reads id and name attributes, quoted or not, with entities', () => {
    expect([...pageIds('<h1 id="a&amp;b">x</h1><a name=\'c\'></a><p data-id="no" id=d>')]).toEqual(['a&b', 'c', 'd']);
  });
});
