/**
 * Issue 28's `strict` noise: what the strict rules must not report — URLs given to HTTP-mocking
 * libraries, the UNIX-socket URL conventions of HTTP clients, printf placeholders, interpolated
 * values that cannot hold a reserved character, a mocking library's explicit default port — with
 * the real problems beside them still reported.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES, problemsIn } from './support/findings.js';

const problems = (text: string): [string | undefined, string][] => problemsIn(text, 'js', ALL_RULES);
const codes = (text: string): (string | undefined)[] => problems(text).map(([code]) => code);

describe('no-insecure-scheme: hosts given to HTTP-mocking libraries', () => {
  it('nock', () => {
    expect(codes("import nock from 'nock';\nnock('http://api.github.com').get('/repos/a/b').reply(200, {});")).toEqual([]);
    expect(codes("const nock = require('nock');\nnock('http://registry.npmjs.org').get('/pkg').reply(200);")).toEqual([]);
  });

  it('msw', () => {
    expect(codes("import { http, HttpResponse } from 'msw';\nexport const handlers = [http.get('http://api.github.com/user', () => HttpResponse.json({}))];")).toEqual([]);
    expect(codes("import { rest } from 'msw';\nserver.use(rest.post('http://api.example.org/login', handler));")).toEqual([]);
  });

  it("undici's MockAgent", () => {
    const code = "import { MockAgent, setGlobalDispatcher } from 'undici';\nconst agent = new MockAgent();\nconst pool = agent.get('http://api.github.com');\npool.intercept({ path: '/x' }).reply(200, 'ok');";
    expect(codes(code)).toEqual([]);
    expect(codes("const { MockAgent } = require('undici');\nconst mockAgent = new MockAgent();\nmockAgent.get('http://registry.npmjs.org');")).toEqual([]);
  });

  it('fetch-mock', () => {
    expect(codes("import fetchMock from 'fetch-mock';\nfetchMock.get('http://api.github.com/a', 200);\nfetchMock.mock({ url: 'http://api.github.com/b' }, 404);")).toEqual([]);
  });

  it('http.createServer in the same file: the URLs reach the server the test starts', () => {
    const code = "const http = require('http');\nconst server = http.createServer((req, res) => res.end('ok')).listen(3000);\nawait fetch('http://myhost.internal:3000/a');";
    expect(codes(code)).toEqual([]);
  });

  it('a request to another host beside the mocks is still reported', () => {
    expect(problems("import nock from 'nock';\nnock('http://api.github.com').get('/a').reply(200);\nawait fetch('http://registry.npmjs.org/a');")).toEqual([['scheme-insecure', 'http']]);
    expect(problems("await fetch('http://api.github.com/a');")).toEqual([['scheme-insecure', 'http']]);
  });
});

describe('no-insecure-scheme: a request to an origin the same file mocks reaches the mock (nock examples/)', () => {
  it("nock's examples/binary-reply.js: http.get of the host given to nock() in the file", () => {
    const code = [
      "const http = require('http')",
      "const fs = require('fs')",
      "const path = require('path')",
      '',
      "const nock = require('../')",
      '',
      'const readFile = function () {',
      '  return fs.readFileSync(',
      "    path.resolve(__dirname, '../tests/assets/reply_file_2.txt.gz'),",
      '  )',
      '}',
      '',
      "nock('http://binary.com').get('/binary').reply(200, readFile(), {",
      "  'content-type': 'application/octet-stream',",
      "  'content-length': readFile().length,",
      "  'content-disposition': 'attachment; filename=reply_file_2.tar.gz',",
      '})',
      '',
      "http.get('http://binary.com/binary', function (res) {",
      '  const data = []',
      '})',
    ].join('\n');
    expect(codes(code)).toEqual([]);
  });

  it("nock's examples/delay-connection.js: the origin without a path, the mock's default port written or not", () => {
    const code = "const http = require('http')\nconst nock = require('../')\nconst log = require('./_log')\nconst events = ['socket', 'response', 'end', 'data']\n\nnock('http://delayconnection.com')\n  .get('/')\n  .delayConnection(1000)\n  .reply(200, 'hey')\n\nconst req = http.get('http://delayconnection.com', function (res) {\n  events.forEach(log(res, 'res'))\n})\n\nevents.forEach(log(req, 'req'))";
    expect(codes(code)).toEqual([]);
    expect(codes("import nock from 'nock';\nnock('http://api.acme.io:80').get('/').reply(200);\nhttp.get('http://api.acme.io/x');")).toEqual([]);
    expect(codes("import { http as mock } from 'msw';\nconst handlers = [mock.get('http://api.acme.io/user', resolver)];\nawait fetch('http://api.acme.io/user');")).toEqual([]);
  });

  it("nock's examples/net-connect-default-other-mock.js: a request to a host the file does not mock is still reported", () => {
    const code = "const log = require('./_log')\n\nconst events = ['socket', 'response', 'end', 'data', 'error']\n\nconst nock = require('../')\n\nnock('http://someotherservice.com').get('/').reply(200, 'whaaa')\n\nconst http = require('http')\nconst req = http.get('http://www.google.com/', function (res) {\n  console.log('request result: res.statusCode = %j', res.statusCode)\n  events.forEach(log(res, 'res'))\n})\n\nevents.forEach(log(req, 'req'))";
    expect(problems(code)).toEqual([['scheme-insecure', 'http']]);
    // Another port or scheme is another origin.
    expect(codes("import nock from 'nock';\nnock('http://api.acme.io:8080').get('/').reply(200);\nhttp.get('http://api.acme.io/x');")).toEqual(['scheme-insecure']);
    expect(codes("import nock from 'nock';\nnock('https://api.acme.io').get('/').reply(200);\nhttp.get('http://api.acme.io/x');")).toEqual(['scheme-insecure']);
  });
});

describe('the UNIX-socket URL conventions of HTTP clients', () => {
  it('http://unix:/var/run/x.sock:/path is no empty port and no insecure scheme', () => {
    expect(codes("got('http://unix:/var/run/x.sock:/path');")).toEqual([]);
    expect(codes("await fetch('http://unix:/var/run/docker.sock:/v1.41/info');")).toEqual([]);
  });

  it('the http://unix/foo/bar.sock:/path form', () => {
    expect(codes("request('http://unix/foo/bar.sock:/path');")).toEqual([]);
  });

  it('http+unix://', () => {
    expect(codes("request('http+unix://%2Fvar%2Frun%2Fdocker.sock/info');")).toEqual([]);
  });

  it('an HTTP host named otherwise is still reported', () => {
    expect(problems("got('http://unixhost.github.io/path');")).toEqual([['scheme-insecure', 'http']]);
  });
});

describe('printf placeholders are holes', () => {
  it("util.format('http://unix:%s:%s', socket, path)", () => {
    expect(codes("const url = util.format('http://unix:%s:%s', socket, path);")).toEqual([]);
  });

  it('%s %d %i %j %o in the format argument of util.format, console.* and printf-style helpers', () => {
    expect(codes("util.format('https://api.example.com:%d/%s?q=%j', port, name, q);")).toEqual([]);
    expect(codes("console.log('listening on https://localhost:%i/%o', port, route);")).toEqual([]);
    expect(codes("const s = sprintf('https://example.com/%s/%d', a, b);")).toEqual([]);
    expect(codes("printf('https://example.com:%d/', n);")).toEqual([]);
  });

  it('the text a .replace call replaces is a placeholder: "https://www.google.%/ads/ga-audiences".replace("%","com") (analytics.js)', () => {
    expect(codes('wc("https://www.google.%/ads/ga-audiences".replace("%","com"),d.google,c);')).toEqual([]);
    expect(codes("fetch('https://api.example.com/users/:id/a b'.replaceAll(':id', id));")).toEqual(['path-unescaped-char']);
    // `replace` replaces the first occurrence only: the second `%` is the URI's own.
    expect(codes("fetch('https://example.com/%/%zz'.replace('%', x));")).toEqual(['pct-invalid-triplet']);
    // A pattern's matches cannot be known from the text: the string is read as written.
    expect(codes("fetch('https://example.com/%zz'.replace(/%/g, x));")).toEqual(['pct-invalid-triplet']);
  });

  it('outside a format argument a % is still the URI’s own', () => {
    expect(codes("fetch('https://example.com:%d/');")).toContain('port-invalid-char');
    expect(codes("util.inspect('https://example.com/a%zz');")).toContain('pct-invalid-triplet');
  });
});

describe('no-unencoded-interpolation: values that cannot hold a reserved character', () => {
  const interpolation = (body: string): string[] =>
    problemsIn(`function f(raw, list, q) {\n${body}\n}`, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it('`${id}` where id comes from Number(…), parseInt, a numeric literal', () => {
    expect(interpolation('let id = Number(raw);\nfetch(`https://a.example/users/${id}`);')).toEqual([]);
    expect(interpolation('let id = parseInt(raw, 10);\nfetch(`https://a.example/users/${id}`);')).toEqual([]);
    expect(interpolation('let id = 42;\nid = Number(raw);\nid++;\nfetch(`https://a.example/users/${id}`);')).toEqual([]);
    expect(interpolation('var id;\nid = 7;\nfetch(`https://a.example/users/${id}`);')).toEqual([]);
    expect(interpolation('const id = parseInt(raw);\nfetch(`https://a.example/users/${id}`);')).toEqual([]);
  });

  it('.length, a constant string of safe characters', () => {
    expect(interpolation('fetch(`https://a.example/users/${list.length}`);')).toEqual([]);
    expect(interpolation("let id = 'safe-name_1.2~';\nfetch(`https://a.example/users/${id}`);")).toEqual([]);
  });

  it('encodeURIComponent, URLSearchParams and encodeURI results', () => {
    expect(interpolation('let id = encodeURIComponent(raw);\nfetch(`https://a.example/users/${id}?q=${id}`);')).toEqual([]);
    expect(interpolation('const params = new URLSearchParams(q);\nfetch(`https://a.example/users?page=1&${params}`);')).toEqual([]);
    expect(interpolation('fetch(`https://a.example/${encodeURI(raw)}`);')).toEqual([]);
  });

  it("a version by its name: marked's docs/demo/demo.js puts jsdelivr's versions after marked@", () => {
    const code = [
      'function setInitialVersion() {',
      "  return fetch('https://data.jsdelivr.com/v1/package/npm/marked')",
      '    .then((res) => res.json())',
      '    .then((json) => {',
      '      for (const ver of json.versions) {',
      "        markedVersions[ver] = 'https://cdn.jsdelivr.net/npm/marked@' + ver;",
      "        const opt = document.createElement('option');",
      '        opt.textContent = ver;',
      '      }',
      '    });',
      '}',
    ].join('\n');
    expect(problemsIn(code, 'js', { 'no-unencoded-interpolation': {} })).toEqual([]);
    expect(interpolation('fetch(`https://cdn.example/npm/pkg@${nodeVer}/x?v=${pkg_ver}`);')).toEqual([]);
  });

  it("a value read from the page's own URL (location.*) is URL text already: marked's docs/js/index.js", () => {
    const code = [
      '  // --- LEGACY URL Redirect ---',
      '  const match = /#\\/(.+)\\\\.md(.*)/g.exec(window.location.hash);',
      '  if (match && match[1]) {',
      '    const pageName = match[1].toLowerCase();',
      '    const sectionName = match[2];',
      "    window.location.href = '/' + pageName + sectionName;",
      '  }',
    ].join('\n');
    expect(problemsIn(code, 'js', { 'no-unencoded-interpolation': {} })).toEqual([]);
    expect(interpolation('const page = location.pathname.slice(1);\nfetch(`/api/pages/${page}?from=${document.location.search.slice(1)}`);')).toEqual([]);
    expect(interpolation('const [, name] = location.hash.match(/#(.*)/);\nfetch(`/api/pages/${name}`);')).toEqual([]);
    // The same read from another string is not URL text.
    expect(interpolation('const m = /#(.+)/.exec(raw);\nfetch(`/api/pages/${m[1]}`);')).toEqual(['m[1]']);
    expect(interpolation('fetch(`/api/pages?from=${q.location.search}`);')).toEqual(['q.location.search']);
  });

  it('a value that may hold one is still reported', () => {
    expect(interpolation('let id = raw;\nfetch(`https://a.example/users/${id}`);')).toEqual(['id']);
    expect(interpolation('let id = 0;\nid += raw;\nfetch(`https://a.example/users/${id}`);')).toEqual(['id']);
    expect(interpolation('let id = Number(raw);\nid = raw.trim();\nfetch(`https://a.example/users/${id}`);')).toEqual(['id']);
  });
});

describe("a mocking library's explicit default port is a matching key", () => {
  it("scope: 'https://example.test:443'", () => {
    expect(codes("import nock from 'nock';\nnock.define([{ scope: 'https://example.test:443', method: 'GET', path: '/', status: 200 }]);")).toEqual([]);
    expect(codes("const definitions = [{ scope: 'https://example.test:443', method: 'GET', path: '/' }];")).toEqual([]);
    expect(codes("nock('https://example.test:443').get('/').reply(200);")).toEqual([]);
  });

  it('elsewhere the default port is reported', () => {
    expect(codes("fetch('https://example.test:443/');")).toEqual(['normal-default-port']);
  });
});

describe('URLs that never leave the process', () => {
  it("new URL(path, 'http://dummy'): a one-label base only parses a relative URL", () => {
    expect(codes("const url = new URL(primitiveUrl, 'http://dummy');")).toEqual([]);
    expect(codes("const { pathname } = new URL(req.url, 'http://base');")).toEqual([]);
  });

  it('a base on a real host is still reported', () => {
    expect(codes("const url = new URL(path, 'http://api.github.com');")).toEqual(['scheme-insecure']);
  });

  it('OAuth grant and token types written as URIs name a type (node-auth0)', () => {
    expect(codes('return grant(realm ? "http://auth0.com/oauth/grant-type/password-realm" : "password", body);')).toEqual([]);
    expect(codes('export const REQUESTED_TOKEN_TYPE = "http://auth0.com/oauth/token-type/federated-connection-access-token";')).toEqual([]);
    expect(codes("const body = { grant_type: 'http://acme.io/oauth/otp' };")).toEqual([]);
    expect(codes("fetch('http://auth0.com/oauth/token');")).toEqual(['scheme-insecure']);
  });

  it('a placeholder written percent-encoded ({TENANT} as %7BTENANT%7D) is a hole (node-auth0)', () => {
    expect(codes('export const ManagementEnvironment = { Default: "https://%7BTENANT%7D.auth0.com/api/v2" };')).toEqual([]);
  });

  it('a base whose URL is read only for its path, query or fragment (fastify-static, http-proxy-middleware)', () => {
    expect(codes("const parsed = new URL(url, 'http://localhost.com/');\nconst p = parsed.pathname;\nreturn p + (parsed.search || '');")).toEqual([]);
    expect(codes("return uri && new URL(uri, 'http://api.acme.io').pathname;")).toEqual([]);
    expect(codes("const { pathname, searchParams } = new URL(req.url, 'http://api.acme.io');")).toEqual([]);
    // Its host or the whole URL read: the base may be requested.
    expect(codes("const parsed = new URL(url, 'http://api.acme.io/');\nfetch(parsed);")).toEqual(['scheme-insecure']);
    expect(codes("const parsed = new URL(url, 'http://api.acme.io/');\nconsole.log(parsed.pathname, parsed.href);")).toEqual(['scheme-insecure']);
    expect(codes("const { origin } = new URL(req.url, 'http://api.acme.io');")).toEqual(['scheme-insecure']);
  });

  it('a mock made in a beforeEach (fm = fetchMock.createInstance())', () => {
    expect(codes("let fm;\nbeforeEach(() => { fm = fetchMock.createInstance(); });\nfm.route('http://a.com/', 200);")).toEqual([]);
  });
});

describe('no-unencoded-interpolation: a leading hole before "//" is the scheme', () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it('`${protocol}//${host}:${port}`: the host and port are the authority', () => {
    expect(interpolation('http2.connect(`${protocol}//${host}:${port}`);')).toEqual([]);
  });

  it('a value in the path after it is still reported', () => {
    expect(interpolation('fetch(`${protocol}//${host}/users/${name}?q=${query}`);')).toEqual(['name', 'query']);
  });
});

describe('no-unencoded-interpolation: a query-string helper', () => {
  it('`?${params.toSearchString({ … })}&random=${n}` is already encoded', () => {
    expect(problemsIn('const n = Math.random();\nfetch(`/api/blog?${blogParams.toSearchString({ title })}&random=${n}`);', 'js', { 'no-unencoded-interpolation': {} })).toEqual([]);
  });
});

describe("no-unencoded-interpolation: an infinite query's pageParam has the type of its initialPageParam", () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it("redux-toolkit's examples/query/react/infinite-queries: initialPageParam: 0 beside the query (every page param has its type)", () => {
    const code = [
      'export const apiWithPagination = baseApi.injectEndpoints({',
      '  endpoints: build => ({',
      '    getProjects: build.infiniteQuery<ProjectsPage, string, number>({',
      '      query: ({ pageParam }) =>',
      '        `https://example.com/api/projects?page=${pageParam}`,',
      '      infiniteQueryOptions: {',
      '        initialPageParam: 0,',
      '        getNextPageParam: (lastPage, pages, lastPageParam, allPageParams) => {',
      '          if (!lastPage.hasMore) return undefined',
      '          return pages.length',
      '        },',
      '      },',
      '    }),',
      '  }),',
      '})',
    ].join('\n');
    expect(interpolation(code)).toEqual([]);
  });

  it("redux-toolkit's tests: the query a method, its options before it; TanStack Query's queryFn beside initialPageParam", () => {
    const rtk = [
      'const api = createApi({',
      '  endpoints: (build) => ({',
      '    getInfinitePokemon: build.infiniteQuery<Pokemon[], string, number>({',
      '      infiniteQueryOptions: {',
      '        initialPageParam: 0,',
      '        getNextPageParam: (lastPage, allPages, lastPageParam, allPageParams) => lastPageParam + 1,',
      '      },',
      '      query({ pageParam }) {',
      '        return `https://example.com/listItems?page=${pageParam}`',
      '      },',
      '    }),',
      '  }),',
      '})',
    ].join('\n');
    expect(interpolation(rtk)).toEqual([]);
    const tanstack = "useInfiniteQuery({\n  queryKey: ['projects'],\n  queryFn: ({ pageParam }) => fetch(`/api/projects?cursor=${pageParam}`),\n  initialPageParam: 0,\n  getNextPageParam: (lastPage) => lastPage.nextCursor,\n})";
    expect(interpolation(tanstack)).toEqual([]);
  });

  it('a text initialPageParam, none, or the whole argument named pageParam: still reported', () => {
    expect(interpolation("useInfiniteQuery({\n  queryFn: ({ pageParam }) => fetch(`/api/projects?cursor=${pageParam}`),\n  initialPageParam: '',\n})")).toEqual(['pageParam']);
    expect(interpolation('useInfiniteQuery({\n  queryFn: ({ pageParam }) => fetch(`/api/projects?cursor=${pageParam}`),\n})')).toEqual(['pageParam']);
    expect(interpolation('build.infiniteQuery<P, string, number>({\n  query(pageParam) {\n    return `https://example.com/listItems?page=${pageParam}`\n  },\n  infiniteQueryOptions: { initialPageParam: 0 },\n})')).toEqual(['pageParam']);
  });
});

describe("a Content-Security-Policy's data: source is no data: URI", () => {
  it("helmet's test/index.test.ts: data:;form-action, a scheme-source before the next directive", () => {
    const code = [
      'expect(response.headers).toHaveProperty(',
      "  'content-security-policy',",
      "        \"default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests\",",
      ');',
    ].join('\n');
    expect(problems(code)).toEqual([]);
  });

  it('a data: URI in running text with a parameter or ;base64 is still one', () => {
    expect(codes("const text = 'the icon data:;base64 and more';")).toEqual(['data-missing-comma']);
    expect(codes("const text = 'the icon data:text/plain;charset=utf-8 and more';")).toEqual(['data-missing-comma']);
  });
});

describe('no-unencoded-interpolation: identifiers from ID generators, whose alphabet is unreserved', () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it("sveltekit-superforms' redirect test: uuid's v4() in the path; crypto.randomUUID(), nanoid()", () => {
    expect(interpolation("import { v4 } from 'uuid';\nconst a = `/tests/redirect-submitting/${v4()}`;")).toEqual([]);
    expect(interpolation('fetch(`/api/items/${crypto.randomUUID()}?token=${nanoid()}`);')).toEqual([]);
  });

  it('another call is still reported', () => {
    expect(interpolation('fetch(`/api/items/${makeId()}`);')).toEqual(['makeId()']);
  });
});

describe('no-unencoded-interpolation: names that say a path or a handle', () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it("svelte-material-ui's demo footer: a file path named with a camel-case File suffix (curFile)", () => {
    const markup = '{#each Object.entries(sources) as [curFile, curSource]}\n<a\n                href={`https://github.com/hperrin/svelte-material-ui/blob/master/packages/site/src/routes/demo/${curFile}`}\n                target="_blank">{curFile}</a\n              >\n{/each}';
    expect(problemsIn(markup, 'svelte', { 'no-unencoded-interpolation': {} })).toEqual([]);
    expect(interpolation('const u = `https://example.com/blob/main/${sourceFile}`;')).toEqual([]);
    // In a query it is not safe.
    expect(interpolation('const u = `https://example.com/?f=${sourceFile}`;')).toEqual(['sourceFile']);
  });

  it("astro-ink's draft links: a call whose name says it returns a slug (getSlugFromPathname)", () => {
    const markup = '---\nconst { file } = Astro.props;\n---\n            <a href={`/drafts/${getSlugFromPathname(file)}`} title={post.title}>{post.title}</a>';
    expect(problemsIn(markup, 'astro', { 'no-unencoded-interpolation': {} })).toEqual([]);
    expect(interpolation('fetch(`/posts/${toSlug(title)}/${makeSlug(name)}`);')).toEqual([]);
    // A call named otherwise is still reported.
    expect(interpolation('fetch(`/posts/${getTitle(post)}`);')).toEqual(['getTitle(post)']);
  });

  it("ng-bootstrap's table demos: a country's flag image path after Wikimedia's commons/ (flag, like icon or logo)", () => {
    expect(interpolation("const src = 'https://upload.wikimedia.org/wikipedia/commons/' + country.flag;")).toEqual([]);
    expect(interpolation("const src = 'https://upload.wikimedia.org/wikipedia/commons/thumb/' + r['flag'];")).toEqual([]);
    // In a query it is not safe.
    expect(interpolation('const src = `https://example.com/?f=${country.flag}`;')).toEqual(['country.flag']);
  });

  it("astro-ink's author links: a Twitter, GitHub or Instagram handle (letters, digits, '_', '-', '.')", () => {
    expect(interpolation('const a = `https://twitter.com/${AUTHOR_TWITTER}`;\nconst b = `https://twitter.com/${content.authorTwitter}`;\nconst c = `https://github.com/${githubUsername}`;')).toEqual([]);
    expect(interpolation('const b = `https://twitter.com/${content.authorName}`;')).toEqual(['content.authorName']);
  });
});
