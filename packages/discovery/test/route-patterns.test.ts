/** Route patterns written like URLs: their pattern syntax is a hole; the URL around it is still checked. */
import { describe, expect, it } from 'vitest';
import { expressionHoles } from '../src/route-patterns.js';
import { problemsIn } from './support/findings.js';

const problems = (text: string): [string | undefined, string][] => problemsIn(text, 'js');

const holes = (text: string): string[] => expressionHoles(text).map(({ start, end }) => text.slice(start, end));

describe('route patterns', () => {
  it('a path parameter’s regular expression in braces (Hono)', () => {
    expect(holes('http://localhost/posts/:postId{[abc]+}/comments/:commentId{[0-9]+}')).toEqual(['{[abc]+}', '{[0-9]+}']);
    expect(holes('http://localhost/year/:year{[1-9]{1}[0-9]{3}}/month/:month{[0-9]{2}}')).toEqual(['{[1-9]{1}[0-9]{3}}', '{[0-9]{2}}']);
    expect(problems("const url = 'http://localhost/posts/:postId{[abc]+}/comments/:commentId{[0-9]+}'")).toEqual([]);
  });

  it('a template parameter with its regular expression (JAX-RS, Spring, Feign): each {…} group whole', () => {
    expect(holes('https://www.example.com/{foo:[0-9]{4}}/{bar}')).toEqual(['{foo:[0-9]{4}}', '{bar}']);
    expect(holes('https://www.example.com/foo/{bar}/{baz:[0-9]}')).toEqual(['{bar}', '{baz:[0-9]}']);
    expect(holes('http://localhost:8080/users/{id: \\d+}/orders')).toEqual(['{id: \\d+}']);
    expect(problems('const template = "https://www.example.com/{foo:[0-9]{4}}/{bar}";')).toEqual([]);
    // An RFC 6570 prefix modifier is no regular expression, and the URL around a parameter is still checked.
    expect(holes('https://example.com/{var:3}/{+path}')).toEqual(['{var:3}', '{+path}']);
    expect(problems('const template = "https://www.example.com/{id:[0-9]+}/a b";')).toEqual([['path-unescaped-char', ' ']]);
  });

  it('an optional group (path-to-regexp 8, React Router)', () => {
    expect(holes('https://api.github.com/repos/:owner/:repo/contents{/*path}')).toEqual(['{/*path}']);
    expect(holes('/users{/:id}/edit')).toEqual(['{/:id}']);
  });

  it('a parameter in the host (MSW)', () => {
    expect(holes('wss://:service.mswjs.io')).toEqual([':service']);
    expect(holes('https://api.:region.example.com/:id')).toEqual([':region']);
    expect(problems("matchRequestUrl(new URL('wss://test.mswjs.io'), 'wss://:service.mswjs.io')")).toEqual([]);
    // A port after a host is a port: http://localhost:port is not a pattern.
    expect(holes('http://localhost:port/')).toEqual([]);
  });

  // Issue 27: `redis://:password@host` was read as a host parameter, so its password was a hole —
  // no-credentials missed it, and the code frame and hover showed it in clear.
  it('a password is no host parameter: an "@" after it, or a scheme no router matches', () => {
    for (const uri of ['redis://:s3cretPW4@cache.internal:6379/0', 'https://:s3cretPW4@api.example.net/', 'wss://:s3cretPW4@ws.example.net/:room', 'redis://default.user:s3cretPW4@cache.internal']) {
      expect(holes(uri), uri).toEqual([]);
    }
    expect(holes('redis://:name.cache.internal/')).toEqual([]);
    expect(problems('const cache = "redis://:s3cretPW4@cache.internal/0";')).toEqual([['userinfo-password', 's3cretPW4']]);
  });

  it('a wildcard host label or port (MSW)', () => {
    expect(holes('http://localhost:*')).toEqual(['*']);
    expect(holes('http://*.localhost:*/user/*')).toEqual(['*', '*']);
    expect(holes('ws://*')).toEqual(['*']);
    // Only a whole label: a "*" inside one is the host's own character.
    expect(holes('http://a*b.example/')).toEqual([]);
    expect(problems("const service = ws.link('ws://*')")).toEqual([]);
    expect(problems("matchRequestUrl(new URL('http://localhost:3000'), 'http://localhost:*')")).toEqual([]);
  });

  it('still checks the URL around the pattern syntax', () => {
    expect(problems("const url = 'http://localhost/posts/:postId{[0-9]+}/a b'")).toEqual([['path-unescaped-char', ' ']]);
    expect(problems("const url = 'http://localhost:*/%zz'")).toEqual([['pct-invalid-triplet', '%zz']]);
  });

  it('is not read into a string requested as written: a sink\'s argument, a URL attribute', () => {
    // fetch() sends the braces as %7B%7D: no router reads them.
    expect(problems('fetch("https://example.com/:a{}");')).toEqual([['path-unescaped-char', '{}']]);
    // The brackets and the "{" before them, which no fix writes alone, are one report; the "}" that is fixed another (issue 28).
    expect(problems('const A = () => <a href="https://example.com/users/:id{[0-9]+}">x</a>;')).toEqual([
      ['path-unescaped-char', '{[0-9]'],
      ['path-unescaped-char', '}'],
    ]);
    expect(holes('http://localhost:*')).toEqual(['*']);
    expect(expressionHoles('http://localhost:*', { routes: false })).toEqual([]);
  });

  it('is not read into a URL without a path parameter: its braces are its own problem', () => {
    expect(holes('http://localhost/posts/{[abc]+}')).toEqual([]);
    expect(problems("const url = 'http://localhost/posts/{[abc]+}'")).toEqual([
      ['path-unescaped-char', '{[abc]'],
      ['path-unescaped-char', '}'],
    ]);
    // A port of digits and other characters is not a wildcard.
    expect(holes('http://localhost:8*/')).toEqual([]);
    // RFC 6570 expressions stay holes.
    expect(holes('https://api.example.com/repos/{owner}/{repo}')).toEqual(['{owner}', '{repo}']);
  });
});
