import { describe, expect, it } from 'vitest';
import { parse, type Span, type UriReference } from '../src/index.js';
import {
  GEN_DELIMS,
  IPV4_ADDRESSES,
  IPV6_ALTERNATIVES,
  IPV6_INVALID,
  NEVER_RAW,
  REG_NAMES_NOT_IPV4,
  SECTION_1_1_2_EXAMPLES,
  SECTION_3_EXAMPLES,
  SUB_DELIMS,
  UNRESERVED_MARKS,
} from './fixtures/rfc3986.js';

const text = (ref: UriReference, span: Span | undefined): string | undefined =>
  span === undefined ? undefined : ref.input.slice(span.start, span.end);

const codes = (input: string): string[] => parse(input).diagnostics.map((d) => d.code);

describe('RFC 3986 §2 character classes', () => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const digits = '0123456789';
  const unreserved = [...letters, ...digits, ...UNRESERVED_MARKS];

  it('accepts every unreserved and sub-delims character raw in each component (§2.2, §2.3)', () => {
    for (const c of [...unreserved, ...SUB_DELIMS]) {
      expect(parse(`s://u${c}@h${c}/p${c}?q${c}#f${c}`).valid, c).toBe(true);
    }
  });

  it('accepts ":" and "@" in the path, query and fragment, "/" and "?" in the query and fragment (§3.3–3.5)', () => {
    expect(parse('s:/a:b@c?d:e@f/g?h#i:j@k/l?m').valid).toBe(true);
  });

  it('rejects "[" and "]" outside an IP literal; they are gen-delims (§2.2)', () => {
    expect(GEN_DELIMS).toContain('[');
    for (const input of ['/a[b', '/a]b', '?a[]=1', '#x[0]']) expect(parse(input).valid, input).toBe(false);
    expect(codes('?a[]=1')).toEqual(['query-unescaped-char']);
  });

  it('rejects every character that is never allowed raw, in every component, with a fix', () => {
    for (const c of NEVER_RAW) {
      for (const [input, code] of [
        [`s://u${c}@h/`, 'userinfo-unescaped-char'],
        [`s://h${c}/`, 'host-unescaped-char'],
        [`s:/p${c}`, 'path-unescaped-char'],
        [`s:?q${c}`, 'query-unescaped-char'],
        [`s:#f${c}`, 'fragment-unescaped-char'],
      ] as const) {
        const result = parse(input);
        expect(result.valid, input).toBe(false);
        expect(result.diagnostics.map((d) => d.code)).toEqual([code]);
        const [diagnostic] = result.diagnostics;
        expect(input.slice(diagnostic!.start, diagnostic!.end)).toBe(c);
        expect(diagnostic!.fix).toEqual([{ start: diagnostic!.start, end: diagnostic!.end, text: '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0') }]);
      }
    }
  });

  it('rejects every control character %x00-1F and %x7F (§2, RFC 2396 §2.4.3)', () => {
    for (let c = 0; c < 0x20; c++) expect(parse(`/a${String.fromCharCode(c)}b`).valid, `U+${c}`).toBe(false);
    expect(parse('/a\x7fb').valid).toBe(false);
  });

  it('reads percent-encoding hex digits case-insensitively (§2.1)', () => {
    expect(parse('/%2f%2F%aB').valid).toBe(true);
  });
});

describe('RFC 3986 §1.1.2 examples', () => {
  it.each(SECTION_1_1_2_EXAMPLES)('%s is a valid URI', (uri) => {
    const result = parse(uri);
    expect(result.diagnostics).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.kind).toBe('uri');
  });

  it('reads the hosts and ports of the examples', () => {
    const ldap = parse('ldap://[2001:db8::7]/c=GB?objectClass?one');
    expect(text(ldap, ldap.host)).toBe('[2001:db8::7]');
    expect(ldap.host?.kind).toBe('ipv6');
    expect(text(ldap, ldap.path)).toBe('/c=GB');
    expect(text(ldap, ldap.query)).toBe('objectClass?one');
    const telnet = parse('telnet://192.0.2.16:80/');
    expect(telnet.host?.kind).toBe('ipv4');
    expect(text(telnet, telnet.port)).toBe('80');
    const mailto = parse('mailto:John.Doe@example.com');
    expect(mailto.authority).toBeUndefined();
    expect(mailto.path.kind).toBe('rootless');
  });
});

describe('RFC 3986 §3 components', () => {
  it.each(SECTION_3_EXAMPLES)('splits $uri', ({ uri, ...parts }) => {
    const result = parse(uri);
    expect(result.valid).toBe(true);
    expect(text(result, result.scheme)).toBe(parts.scheme);
    expect(text(result, result.authority)).toBe(parts.authority);
    expect(text(result, result.path)).toBe(parts.path);
    expect(text(result, result.query)).toBe(parts.query);
    expect(text(result, result.fragment)).toBe(parts.fragment);
  });

  it('tells a defined-but-empty component from an undefined one (§5.3, Appendix B)', () => {
    const empty = parse('http://h?#');
    expect(empty.query).toEqual({ start: 9, end: 9 });
    expect(empty.fragment).toEqual({ start: 10, end: 10 });
    const none = parse('http://h');
    expect('query' in none).toBe(false);
    expect('fragment' in none).toBe(false);
    expect(parse('file:///etc/hosts').authority).toEqual({ start: 7, end: 7 });
    expect(parse('http://@h').userinfo).toEqual({ start: 7, end: 7 });
    expect(parse('http://h:').port).toEqual({ start: 9, end: 9 });
    expect('port' in parse('http://h')).toBe(false);
  });

  it('reads the empty string as a valid same-document reference (§4.4)', () => {
    const result = parse('');
    expect(result).toMatchObject({ valid: true, kind: 'relative-ref', path: { start: 0, end: 0, kind: 'empty' } });
    expect(result.path.segments).toEqual([]);
  });

  it('names the path rule that matched (§3.3)', () => {
    expect(parse('http://h/a').path.kind).toBe('abempty');
    expect(parse('http://h').path.kind).toBe('abempty');
    expect(parse('/a/b').path.kind).toBe('absolute');
    expect(parse('a/b').path.kind).toBe('noscheme');
    expect(parse('s:a/b').path.kind).toBe('rootless');
    expect(parse('s:').path.kind).toBe('empty');
    expect(parse('?q').path.kind).toBe('empty');
  });

  it('gives the path segments as spans', () => {
    const spans = (input: string): string[] => {
      const result = parse(input);
      return result.path.segments.map((s) => input.slice(s.start, s.end));
    };
    expect(spans('http://h/over/there')).toEqual(['over', 'there']);
    expect(spans('http://h/')).toEqual(['']);
    expect(spans('http://h/a//b/')).toEqual(['a', '', 'b', '']);
    expect(spans('a/b;p')).toEqual(['a', 'b;p']);
    expect(spans('http://h')).toEqual([]);
    expect(JSON.parse(JSON.stringify(parse('/a/b'))).path.segments).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 4 },
    ]);
  });

  it('reads ports as *DIGIT: empty and out-of-range ports are syntactically valid (§3.2.3)', () => {
    expect(parse('http://h:/').valid).toBe(true);
    expect(parse('http://h:99999/').valid).toBe(true);
    expect(codes('http://h:8o/')).toEqual(['port-invalid-char']);
  });

  it('reads a first segment with ":" as a scheme, so a relative path needs "./" (§4.2)', () => {
    const thisThat = parse('this:that');
    expect(thisThat.kind).toBe('uri');
    expect(text(thisThat, thisThat.scheme)).toBe('this');
    const dotted = parse('./this:that');
    expect(dotted.kind).toBe('relative-ref');
    expect(dotted.valid).toBe(true);
    expect(codes('1a:b')).toEqual(['scheme-invalid-start']);
    expect(codes(':a')).toEqual(['path-colon-in-first-segment']);
  });

  it('allows "//" in a path only after an authority (§3.3)', () => {
    const result = parse('http://h//a');
    expect(result.valid).toBe(true);
    expect(text(result, result.path)).toBe('//a');
    const noAuthority = parse('s://a/b');
    expect(text(noAuthority, noAuthority.authority)).toBe('a');
  });

  it('treats an authority with two "@" as invalid, splitting at the last one', () => {
    const result = parse('http://a@b@c/');
    expect(result.valid).toBe(false);
    expect(text(result, result.host)).toBe('c');
    expect(result.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([['userinfo-unescaped-char', 8, 9]]);
  });
});

describe('RFC 3986 §3.2.2 IP addresses', () => {
  for (const [rule, addresses] of Object.entries(IPV6_ALTERNATIVES)) {
    it(`accepts IPv6address = ${rule}`, () => {
      for (const address of addresses) {
        const result = parse(`http://[${address}]/`);
        expect(result.diagnostics, address).toEqual([]);
        expect(result.host?.kind).toBe('ipv6');
      }
    });
  }

  it.each(IPV6_INVALID)('rejects [%s] with %s', (address, code) => {
    const result = parse(`http://[${address}]/`);
    expect(result.valid).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toContain(code);
    for (const d of result.diagnostics) {
      expect(d.start).toBeGreaterThanOrEqual(8);
      expect(d.end).toBeLessThanOrEqual(8 + address.length);
    }
  });

  it('reports a problem of an IPv6 address once at each character: the ":" of ":::" at the end is one empty group, not also a single ":" ending it', () => {
    for (const address of ['1:::', '1:2:3:4:5:6:7:8:::', '1::2:::']) {
      const result = parse(`http://[${address}]/`);
      const at = result.diagnostics.map((d) => `${d.code}@${d.start}-${d.end}`);
      expect(new Set(at).size, address).toBe(at.length);
      expect(result.diagnostics.filter((d) => d.code === 'host-ipv6-invalid-group').map((d) => [d.start, d.end]), address).toEqual([[8 + address.length - 1, 8 + address.length]]);
    }
    // A single ":" at the end of a group is still said so.
    expect(parse('http://[1:2:3:4:5:6:7:]/').diagnostics.map((d) => d.message)).toEqual(['The IPv6 address "1:2:3:4:5:6:7:" ends with a single ":"; only "::" may end an address.']);
  });

  it('reads dec-octet boundaries as IPv4 and look-alikes as reg-names, all valid', () => {
    for (const host of IPV4_ADDRESSES) expect(parse(`http://${host}/`).host?.kind, host).toBe('ipv4');
    for (const host of REG_NAMES_NOT_IPV4) {
      const result = parse(`http://${host}/`);
      expect(result.valid, host).toBe(true);
      expect(result.host?.kind, host).toBe('reg-name');
    }
  });

  it('accepts IPvFuture, "v" in either case, and rejects the broken forms', () => {
    expect(parse('http://[v1.fe80::a+en1]/').host?.kind).toBe('ipvfuture');
    expect(parse('http://[V1F.x]/').valid).toBe(true);
    for (const literal of ['[v.x]', '[v1]', '[v1.]', '[vg.x]', '[v1.a b]']) {
      expect(codes(`http://${literal}/`), literal).toEqual(['host-ipvfuture-invalid']);
    }
  });

  it('reports an unterminated "[" and characters after "]"', () => {
    expect(codes('http://[::1/a')).toEqual(['host-ip-literal-unterminated']);
    const trailing = parse('http://[::1]x:80/');
    expect(trailing.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([['host-ip-literal-trailing-chars', 12, 13]]);
    expect(text(trailing, trailing.port)).toBe('80');
  });

  it('offers brackets for an unbracketed IPv6 host', () => {
    const result = parse('http://2001:db8::7/x');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['host-ipv6-missing-brackets']);
    expect(result.diagnostics[0]!.fix).toEqual([
      { start: 7, end: 7, text: '[' },
      { start: 18, end: 18, text: ']' },
    ]);
  });
});

describe('RFC 6874 zone identifiers', () => {
  it('are an error by default and valid with allowZoneId', () => {
    const input = 'http://[fe80::1%25eth0]/';
    const strict = parse(input);
    expect(strict.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([['host-ipv6-zone-id', 15, 22]]);
    const allowed = parse(input, { allowZoneId: true });
    expect(allowed.valid).toBe(true);
    expect(text(allowed, allowed.host?.zone)).toBe('eth0');
  });

  it('rejects a raw "%" zone and bad zone characters under both readings', () => {
    for (const input of ['http://[fe80::1%eth0]/', 'http://[fe80::1%25]/', 'http://[fe80::1%25a:b]/', 'http://[v1.a%25x]/']) {
      expect(parse(input, { allowZoneId: true }).valid, input).toBe(false);
      expect(parse(input).valid, input).toBe(false);
    }
    expect(codes('http://[fe80::1%eth0]/')).toEqual(['host-ipv6-invalid-zone-id']);
    expect(parse('http://[fe80::1%25en%300]/', { allowZoneId: true }).valid).toBe(true);
  });
});
