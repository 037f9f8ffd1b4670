import { describe, expect, it } from 'vitest';
import {
  UriError,
  encodeCodePoint,
  encodeFragment,
  encodeHost,
  encodePath,
  encodePathSegment,
  encodeQuery,
  encodeUserinfo,
  parse,
  isUriText,
  percentDecode,
  tryPercentDecode,
} from '../src/index.js';

describe('percent-encoding per component (§2.1, §2.4)', () => {
  it('encodes UTF-8 octets with upper-case hex', () => {
    expect(encodeCodePoint(0x20)).toBe('%20');
    expect(encodeCodePoint(0xe9)).toBe('%C3%A9');
    expect(encodeCodePoint(0x20ac)).toBe('%E2%82%AC');
    expect(encodeCodePoint(0x1f600)).toBe('%F0%9F%98%80');
  });

  it('keeps what each component allows and encodes the rest, "%" included', () => {
    const data = 'a b/c?d#e@f:g%h&i=é';
    expect(encodePathSegment(data)).toBe('a%20b%2Fc%3Fd%23e@f:g%25h&i=%C3%A9');
    expect(encodePath(data)).toBe('a%20b/c%3Fd%23e@f:g%25h&i=%C3%A9');
    expect(encodeQuery(data)).toBe('a%20b/c?d%23e@f:g%25h&i=%C3%A9');
    expect(encodeFragment(data)).toBe('a%20b/c?d%23e@f:g%25h&i=%C3%A9');
    expect(encodeUserinfo(data)).toBe('a%20b%2Fc%3Fd%23e%40f:g%25h&i=%C3%A9');
    expect(encodeHost(data)).toBe('a%20b%2Fc%3Fd%23e%40f%3Ag%25h&i=%C3%A9');
    expect(encodePathSegment('plain-text_1.2~')).toBe('plain-text_1.2~');
  });

  it('produces text that is valid in its component', () => {
    const nasty = ' "<>\\^`{|}[]#%?/@:\t\u0000é😀';
    expect(parse('/' + encodePathSegment(nasty)).valid).toBe(true);
    expect(parse('/?' + encodeQuery(nasty)).valid).toBe(true);
    expect(parse('#' + encodeFragment(nasty)).valid).toBe(true);
    expect(parse(`//${encodeUserinfo(nasty)}@h`).valid).toBe(true);
    expect(parse(`//${encodeHost(nasty)}`).valid).toBe(true);
  });

  it('refuses an unpaired surrogate', () => {
    expect(() => encodeQuery('a\uD800')).toThrow(UriError);
    expect(() => encodeQuery('a\uD800')).toThrow(expect.objectContaining({ code: 'lone-surrogate' }));
  });
});

describe('percent-decoding with UTF-8 validation', () => {
  it('decodes triplets as UTF-8, in either hex case', () => {
    expect(percentDecode('caf%C3%A9%20%e2%82%ac')).toBe('café €');
    expect(percentDecode('%F0%9F%98%80')).toBe('😀');
    expect(percentDecode('no-triplets')).toBe('no-triplets');
    expect(percentDecode('%2F%3F%23')).toBe('/?#');
  });

  it('throws with a code on a broken triplet or octets that are not UTF-8', () => {
    expect(() => percentDecode('100%')).toThrow(expect.objectContaining({ code: 'pct-invalid-triplet' }));
    expect(() => percentDecode('%zz')).toThrow(expect.objectContaining({ code: 'pct-invalid-triplet' }));
    for (const bad of ['%C3%28', '%FF', '%C0%AF', '%ED%A0%80', '%F4%90%80%80', '%E6%97']) {
      expect(() => percentDecode(bad), bad).toThrow(expect.objectContaining({ code: 'pct-invalid-utf8' }));
      expect(tryPercentDecode(bad)).toBeUndefined();
    }
  });

  it('round-trips encoded data', () => {
    const data = 'a b/c?d#e@f:g%h&i=é😀';
    for (const encode of [encodePathSegment, encodeQuery, encodeFragment, encodeUserinfo, encodeHost]) {
      expect(percentDecode(encode(data))).toBe(data);
    }
  });
});

describe('isUriText', () => {
  it("holds a query's characters, #, and triplets", () => {
    for (const text of ['', '&start=', '.well-known/openid-configuration', '@scope/pkg', '?q=a%20b', "a!$&'()*+,;=:@/?#b", '%7E']) expect(isUriText(text), text).toBe(true);
  });

  it('refuses a space, a character RFC 3986 excludes, a non-ASCII letter and a lone %', () => {
    for (const text of ['a b', 'a"b', 'a<b', 'a|b', 'a[b', 'café', '100%', '%zz', '%4']) expect(isUriText(text), text).toBe(false);
  });
});
