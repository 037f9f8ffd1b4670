import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UriError, equivalent, normalize, parse, toUri } from '../src/index.js';

describe('syntax-based normalization (§6.2.2)', () => {
  it('normalizes the RFC’s example of §6.2.2', () => {
    // "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" are equivalent.
    expect(normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d')).toBe('example://a/b/c/%7Bfoo%7D');
    expect(equivalent('example://a/b/c/%7Bfoo%7D', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d')).toBe(true);
  });

  it('lower-cases scheme and host and nothing else (§6.2.2.1)', () => {
    expect(normalize('HTTP://www.EXAMPLE.com/PATH?Q#F')).toBe('http://www.example.com/PATH?Q#F');
    expect(normalize('http://[FE80::A]/')).toBe('http://[fe80::a]/');
    expect(normalize('http://[fe80::1%25EN0]/', { allowZoneId: true })).toBe('http://[fe80::1%25EN0]/');
    expect(normalize('http://User@h/')).toBe('http://User@h/');
  });

  it('upper-cases triplets and decodes only unreserved characters (§6.2.2.2)', () => {
    expect(normalize('http://h/%7euser/%41%2d%2E%5f?%7E#%7e')).toBe('http://h/~user/A-._?~#~');
    expect(normalize('http://h/a%2fb%3f%23%25%c3%a9')).toBe('http://h/a%2Fb%3F%23%25%C3%A9');
    expect(normalize('http://%41%62c.example/')).toBe('http://abc.example/');
    expect(normalize('http://%c3%a9.example/')).toBe('http://%C3%A9.example/');
  });

  it('removes dot segments when there is a scheme or an authority (§6.2.2.3)', () => {
    expect(normalize('http://h/a/./b/../c')).toBe('http://h/a/c');
    expect(normalize('//h/a/../b')).toBe('//h/b');
    expect(normalize('../a/./b')).toBe('../a/./b');
    expect(normalize('http://h/a/%2E%2E/b')).toBe('http://h/b');
    // §6.2.2.3 applies remove_dot_segments (§5.2.4) to every path, a rootless one too: "example:.." is
    // a segment like any other, and the "../" after it climbs over it.
    expect(normalize('urn:example:../../../etc/passwd')).toBe('urn:/etc/passwd');
    // The algorithm knows no scheme: the segments of a mailto: path are climbed too (prefer-normalized reports
    // dot segments only in a hierarchical path, so no fix ever does this to an address).
    expect(normalize('mailto:a/../b@example.com')).toBe('mailto:/b@example.com');
  });

  it('never lets a path read as an authority', () => {
    const normalized = normalize('s:/.//x');
    expect(normalized).toBe('s:/.//x');
    expect(parse(normalized).authority).toBeUndefined();
  });
});

describe('scheme-based normalization (§6.2.3)', () => {
  it('makes the RFC’s four http forms one', () => {
    // §6.2.3: http://example.com, http://example.com/, http://example.com:/ and http://example.com:80/.
    for (const form of ['http://example.com', 'http://example.com/', 'http://example.com:/', 'http://example.com:80/']) {
      expect(normalize(form)).toBe('http://example.com/');
      expect(equivalent(form, 'http://example.com/')).toBe(true);
    }
    expect(normalize('https://h:443')).toBe('https://h/');
    expect(normalize('wss://h:443/x')).toBe('wss://h/x');
    expect(normalize('ftp://h:21/x')).toBe('ftp://h/x');
    expect(normalize('https://h:80/')).toBe('https://h:80/');
    expect(normalize('foo://h:/')).toBe('foo://h/');
  });

  it('is skipped with { schemeBased: false }', () => {
    expect(normalize('http://example.com:80', { schemeBased: false })).toBe('http://example.com:80');
    expect(equivalent('http://example.com', 'http://example.com/', { schemeBased: false })).toBe(false);
  });
});

describe('normalize refuses to hide an invalid URI', () => {
  it('throws uri-invalid instead of returning a valid-looking string', () => {
    expect(() => normalize('http://h/a b/../c')).toThrow(expect.objectContaining({ code: 'uri-invalid' }));
    expect(() => normalize('http://h/%zz')).toThrow(UriError);
  });

  it('treats an invalid string as equivalent only to itself', () => {
    expect(equivalent('http://h/a b', 'http://h/a b')).toBe(true);
    expect(equivalent('http://h/a b', 'http://h/a%20b')).toBe(false);
  });
});

/** Valid references with case, triplets, dot segments and ports to normalize. */
const messyReference = fc
  .record({
    scheme: fc.constantFrom('http', 'HTTP', 'hTTps', 'ws', 'foo', 'urn'),
    host: fc.constantFrom('Example.COM', 'h', '%41b', '[FE80::1]', '127.0.0.1', '', 'x%2dy', 'a%c3%a9'),
    port: fc.constantFrom(undefined, '', '80', '443', '8080'),
    segments: fc.array(fc.constantFrom('a', 'B', '.', '..', '%2e', '%2E%2e', '%7e', '%7E', '%2f', 'c%3a', '', '%c3%a9'), { maxLength: 6 }),
    query: fc.option(fc.constantFrom('', 'q=%7e', 'a/./b', '%2F'), { nil: undefined }),
    fragment: fc.option(fc.constantFrom('', 'x', '%7E%7e'), { nil: undefined }),
    withAuthority: fc.boolean(),
  })
  .map(({ scheme, host, port, segments, query, fragment, withAuthority }) => {
    const path = segments.length === 0 ? '' : '/' + segments.join('/');
    const authority = withAuthority ? `//${host}${port === undefined ? '' : ':' + port}` : '';
    const safePath = !withAuthority && path.startsWith('//') ? '/.' + path : path;
    return `${scheme}:${authority}${safePath}${query === undefined ? '' : '?' + query}${fragment === undefined ? '' : '#' + fragment}`;
  });

describe('normalization properties', () => {
  it('is idempotent and equivalent to its input', () => {
    fc.assert(
      fc.property(messyReference, (uri) => {
        expect(parse(uri).valid).toBe(true);
        const once = normalize(uri);
        expect(parse(once).valid).toBe(true);
        expect(normalize(once)).toBe(once);
        expect(equivalent(once, uri)).toBe(true);
        expect(equivalent(uri, once)).toBe(true);
        const syntaxOnly = normalize(uri, { schemeBased: false });
        expect(normalize(syntaxOnly, { schemeBased: false })).toBe(syntaxOnly);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('toUri (RFC 3987 §3.1)', () => {
  it('percent-encodes non-ASCII as UTF-8 and converts the host with IDNA', () => {
    expect(toUri('https://bücher.example/straße?q=日本#é')).toBe('https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC#%C3%A9');
    expect(toUri('https://bücher.example/', { idna: false })).toBe('https://b%C3%BCcher.example/');
    expect(toUri('/😀')).toBe('/%F0%9F%98%80');
    expect(toUri('https://example.com/plain')).toBe('https://example.com/plain');
    expect(parse(toUri('https://例え.テスト/パス')).valid).toBe(true);
  });

  it('refuses lone surrogates', () => {
    expect(() => toUri('/a\uD800')).toThrow(expect.objectContaining({ code: 'lone-surrogate' }));
  });
});

describe('normalize: dot segments in a rootless path after a scheme', () => {
  it('removes them all (§6.2.2.3 applies remove_dot_segments to every path)', () => {
    expect(normalize('http:./a')).toBe('http:a');
    expect(normalize('http:../../a/b')).toBe('http:a/b');
    expect(normalize('foo:.')).toBe('foo:');
    expect(normalize('urn:example:../../x')).toBe('urn:/x');
    expect(normalize('mailto:x/../y')).toBe('mailto:/y');
    // Issue 28: a final "." segment after a rootless path's segments (§5.2.4 rule B: "/." becomes "/").
    expect(normalize('file:%dd(Y0/@$/acZ/Ya7%cF@/.')).toBe('file:%DD(Y0/@$/acZ/Ya7%CF@/');
    expect(normalize('s:a/./b/.')).toBe('s:a/b/');
  });

  it('keeps a relative reference as it is, and a path that would start with // a path', () => {
    expect(normalize('./a:b')).toBe('./a:b');
    expect(normalize('http:/.//a')).toBe('http:/.//a');
    expect(normalize('http:.//a')).toBe('http:/a');
    expect(normalize('/.//a')).toBe('/.//a');
  });
});
