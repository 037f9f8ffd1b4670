import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UriError, parse, removeDotSegments, resolve } from '../src/index.js';
import { SECTION_5_4_1_NORMAL, SECTION_5_4_2_ABNORMAL, SECTION_5_4_2_NON_STRICT, SECTION_5_4_BASE } from './fixtures/rfc3986.js';

describe('RFC 3986 §5.4 reference resolution examples', () => {
  it('has all 42 examples', () => {
    expect(SECTION_5_4_1_NORMAL.length + SECTION_5_4_2_ABNORMAL.length).toBe(42);
  });

  it.each(SECTION_5_4_1_NORMAL)('§5.4.1 %j → %j', (reference, target) => {
    expect(resolve(reference, SECTION_5_4_BASE)).toBe(target);
  });

  it.each(SECTION_5_4_2_ABNORMAL)('§5.4.2 %j → %j', (reference, target) => {
    expect(resolve(reference, SECTION_5_4_BASE)).toBe(target);
  });

  it('honours the "http:g" loophole only when not strict', () => {
    const [reference, target] = SECTION_5_4_2_NON_STRICT;
    expect(resolve(reference, SECTION_5_4_BASE, { strict: false })).toBe(target);
    expect(resolve('HTTP:g', SECTION_5_4_BASE, { strict: false })).toBe(target);
    expect(resolve('https:g', SECTION_5_4_BASE, { strict: false })).toBe('https:g');
  });
});

describe('resolve: errors instead of wrong answers', () => {
  const code = (fn: () => unknown): string => {
    try {
      fn();
    } catch (error) {
      if (error instanceof UriError) return error.code;
      throw error;
    }
    return 'no error';
  };

  it('refuses a base that is not an absolute URI', () => {
    expect(code(() => resolve('g', '/relative/base'))).toBe('base-not-absolute');
    expect(code(() => resolve('g', 'http://a/b#frag'))).toBe('base-has-fragment');
    expect(code(() => resolve('g', 'http://a b/'))).toBe('base-invalid');
    expect(code(() => resolve('g', ''))).toBe('base-not-absolute');
  });

  it('refuses a reference that is not valid', () => {
    expect(code(() => resolve('a b', 'http://a/'))).toBe('reference-invalid');
  });

  it('keeps a path that starts with "//" a path when there is no authority', () => {
    const target = resolve('.//g', 'a:/b');
    expect(target).toBe('a:/.//g');
    expect(parse(target).authority).toBeUndefined();
    expect(resolve('..//g', 'a:/b/c')).toBe('a:/.//g');
  });
});

describe('remove_dot_segments (§5.2.4)', () => {
  it('follows the RFC’s own walk-throughs', () => {
    // §5.2.4: "/a/b/c/./../../g" → "/a/g" and "mid/content=5/../6" → "mid/6".
    expect(removeDotSegments('/a/b/c/./../../g')).toBe('/a/g');
    expect(removeDotSegments('mid/content=5/../6')).toBe('mid/6');
  });

  it('handles the edges', () => {
    expect(removeDotSegments('')).toBe('');
    expect(removeDotSegments('.')).toBe('');
    expect(removeDotSegments('..')).toBe('');
    expect(removeDotSegments('/.')).toBe('/');
    expect(removeDotSegments('/..')).toBe('/');
    expect(removeDotSegments('a/..')).toBe('/');
    expect(removeDotSegments('../a')).toBe('a');
    expect(removeDotSegments('/a/..b/.c')).toBe('/a/..b/.c');
  });
});

/**
 * An independent implementation of §5.2, written from the text with string
 * operations only: Appendix B for the split, the five rules of §5.2.4 applied
 * to an input string literally, and §5.3 recomposition.
 */
function split(s: string): { scheme?: string; authority?: string; path: string; query?: string; fragment?: string } {
  const m = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#([\s\S]*))?$/.exec(s)!;
  return { scheme: m[2], authority: m[4], path: m[5]!, query: m[7], fragment: m[9] };
}

function referenceRemoveDots(path: string): string {
  let input = path;
  let output = '';
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = '/' + input.slice(3);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../') || input === '/..') {
      input = '/' + input.slice(input === '/..' ? 3 : 4);
      output = output.slice(0, Math.max(0, output.lastIndexOf('/')));
    } else if (input === '.' || input === '..') input = '';
    else {
      const match = /^\/?[^/]*/.exec(input)![0];
      output += match;
      input = input.slice(match.length);
    }
  }
  return output;
}

function referenceResolve(reference: string, base: string): string {
  const R = split(reference);
  const B = split(base);
  const T: { scheme?: string; authority?: string; path: string; query?: string; fragment?: string } = { path: '' };
  if (R.scheme !== undefined) {
    Object.assign(T, { scheme: R.scheme, authority: R.authority, path: referenceRemoveDots(R.path), query: R.query });
  } else {
    if (R.authority !== undefined) {
      Object.assign(T, { authority: R.authority, path: referenceRemoveDots(R.path), query: R.query });
    } else {
      if (R.path === '') {
        T.path = B.path;
        T.query = R.query !== undefined ? R.query : B.query;
      } else {
        if (R.path.startsWith('/')) T.path = referenceRemoveDots(R.path);
        else {
          const merged = B.authority !== undefined && B.path === '' ? '/' + R.path : B.path.slice(0, B.path.lastIndexOf('/') + 1) + R.path;
          T.path = referenceRemoveDots(merged);
        }
        T.query = R.query;
      }
      T.authority = B.authority;
    }
    T.scheme = B.scheme;
  }
  T.fragment = R.fragment;
  let result = '';
  if (T.scheme !== undefined) result += T.scheme + ':';
  if (T.authority !== undefined) result += '//' + T.authority;
  else if (T.path.startsWith('//')) result += '/.';
  result += T.path;
  if (T.query !== undefined) result += '?' + T.query;
  if (T.fragment !== undefined) result += '#' + T.fragment;
  return result;
}

const segment = fc.constantFrom('', '.', '..', 'a', 'b', 'g;x', '.g', 'g..', '%2E', 'c=1', ':', '@');
const path = fc.array(segment, { maxLength: 6 }).map((segments) => segments.join('/'));
const absolutePath = path.map((p) => '/' + p);
const query = fc.option(fc.constantFrom('', 'q', 'y=1&z', '/./x'), { nil: undefined });
const fragment = fc.option(fc.constantFrom('', 's', '/../x'), { nil: undefined });
const authority = fc.constantFrom('a', 'h:80', 'u@h', '');
const scheme = fc.constantFrom('http', 'a', 'g', 'urn');

const base = fc.record({ scheme, authority: fc.option(authority, { nil: undefined }), path: fc.oneof(path, absolutePath), query }).map(({ scheme, authority, path, query }) => {
  let p = path;
  if (authority !== undefined && p !== '' && !p.startsWith('/')) p = '/' + p;
  if (authority === undefined && p.startsWith('//')) p = '/.' + p;
  return `${scheme}:${authority === undefined ? '' : '//' + authority}${p}${query === undefined ? '' : '?' + query}`;
});

const reference = fc
  .record({
    scheme: fc.option(scheme, { nil: undefined }),
    authority: fc.option(authority, { nil: undefined }),
    path: fc.oneof(path, absolutePath),
    query,
    fragment,
  })
  .map(({ scheme, authority, path, query, fragment }) => {
    let p = path;
    if (authority !== undefined && p !== '' && !p.startsWith('/')) p = '/' + p;
    if (authority === undefined && p.startsWith('//')) p = '/.' + p;
    if (scheme === undefined && authority === undefined && /^[^/]*:/.test(p)) p = './' + p;
    const head = (scheme === undefined ? '' : scheme + ':') + (authority === undefined ? '' : '//' + authority);
    return head + p + (query === undefined ? '' : '?' + query) + (fragment === undefined ? '' : '#' + fragment);
  });

describe('resolve against an independent §5.2', () => {
  it('agrees on generated references and bases', () => {
    fc.assert(
      fc.property(reference, base, (r, b) => {
        expect(parse(r).valid).toBe(true);
        expect(parse(b).valid).toBe(true);
        expect(resolve(r, b)).toBe(referenceResolve(r, b));
      }),
      { numRuns: 20_000 },
    );
  });
});
