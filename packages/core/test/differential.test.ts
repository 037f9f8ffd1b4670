import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../src/index.js';
import { appendixB, isUriReference, isUriReferenceWithZoneId, rules } from './abnf-oracle.js';
import type { OracleSpan } from './abnf-oracle.js';
import { SECTION_1_1_2_EXAMPLES } from './fixtures/rfc3986.js';

// ---------------------------------------------------------------------------
// Character sets (RFC 3986 §2, RFC 5234 core rules)
// ---------------------------------------------------------------------------

const ALPHA = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];
const DIGIT = [...'0123456789'];
const HEXDIG = [...'0123456789ABCDEFabcdef'];
const UNRESERVED = [...ALPHA, ...DIGIT, '-', '.', '_', '~'];
const SUB_DELIMS = [..."!$&'()*+,;="];

/** Characters that are interesting to insert anywhere: delimiters, excluded characters, non-ASCII. */
const DANGEROUS = [
  ...':/?#[]@%',
  ' ',
  ...'"<>\\^`{|}',
  'é',
  '\uD800',
  '\t',
  '\n',
  ...DIGIT,
  ...'abcdefABCDEF',
  '.',
  'v',
  'V',
  '25',
];

/** A small alphabet of URI-significant characters for plain random strings. */
const SMALL_ALPHABET = [...'a1F:/?#[]@%.25v!=~-', ' ', 'é'];

// ---------------------------------------------------------------------------
// Grammar-aware arbitraries
// ---------------------------------------------------------------------------

const char = (chars: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...chars);
const join = (parts: fc.Arbitrary<string[]>): fc.Arbitrary<string> => parts.map((xs) => xs.join(''));
const repeat = (arb: fc.Arbitrary<string>, minLength: number, maxLength: number): fc.Arbitrary<string> =>
  join(fc.array(arb, { minLength, maxLength }));
const concat = (...arbs: fc.Arbitrary<string>[]): fc.Arbitrary<string> => join(fc.tuple(...arbs));
const optional = (arb: fc.Arbitrary<string>, freq = 2): fc.Arbitrary<string> =>
  fc.option(arb, { nil: undefined, freq }).map((x) => x ?? '');

// pct-encoded = "%" HEXDIG HEXDIG  (upper and lower case, with a few interesting octets)
const pctEncoded = fc.oneof(
  { arbitrary: concat(fc.constant('%'), char(HEXDIG), char(HEXDIG)), weight: 4 },
  { arbitrary: fc.constantFrom('%2E', '%2e', '%2F', '%25', '%00', '%41', '%7E', '%3A', '%40'), weight: 1 },
);
const unreserved = char(UNRESERVED);
const subDelims = char(SUB_DELIMS);
const pchar = fc.oneof(
  { arbitrary: unreserved, weight: 6 },
  { arbitrary: pctEncoded, weight: 1 },
  { arbitrary: subDelims, weight: 2 },
  { arbitrary: fc.constantFrom(':', '@'), weight: 1 },
);

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   (plus a few invalid ones)
const scheme = fc.oneof(
  { arbitrary: concat(char(ALPHA), repeat(char([...ALPHA, ...DIGIT, '+', '-', '.']), 0, 8)), weight: 6 },
  { arbitrary: fc.constantFrom('http', 'HTTPS', 'urn', 'mailto', 'file', 'a', 'svn+ssh', 'x-y.z'), weight: 3 },
  { arbitrary: fc.constantFrom('1a', '-x', '+', 'web_app', 'a b', ''), weight: 1 },
);

// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
const userinfo = repeat(fc.oneof(unreserved, pctEncoded, subDelims, fc.constant(':')), 0, 8);

// h16 = 1*4HEXDIG  (occasionally 0 or 5 digits)
const h16 = fc.oneof(
  { arbitrary: repeat(char(HEXDIG), 1, 4), weight: 20 },
  { arbitrary: repeat(char(HEXDIG), 0, 5), weight: 1 },
);

// dec-octet, mostly valid, sometimes out of range or with leading zeros
const decOctet = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 255 }).map(String), weight: 10 },
  { arbitrary: fc.constantFrom('0', '9', '10', '99', '100', '199', '200', '249', '250', '255'), weight: 3 },
  { arbitrary: fc.constantFrom('256', '300', '01', '00', '001', '1000', '', '0x7f', '2130706433'), weight: 1 },
);
const ipv4 = fc.oneof(
  { arbitrary: join(fc.array(decOctet, { minLength: 4, maxLength: 4 }).map((xs) => [xs.join('.')])), weight: 8 },
  { arbitrary: join(fc.array(decOctet, { minLength: 1, maxLength: 6 }).map((xs) => [xs.join('.')])), weight: 2 },
);

// ls32 = ( h16 ":" h16 ) / IPv4address
const ls32 = fc.oneof(concat(h16, fc.constant(':'), h16), ipv4);
const h16Colons = (n: number): fc.Arbitrary<string> =>
  n === 0 ? fc.constant('') : join(fc.array(concat(h16, fc.constant(':')), { minLength: n, maxLength: n }));
/** `[ *max( h16 ":" ) h16 ]` */
const prefix = (max: number): fc.Arbitrary<string> =>
  optional(concat(join(fc.array(concat(h16, fc.constant(':')), { maxLength: max })), h16), 4);

// IPv6address in each of its nine forms: `[ *max( h16 ":" ) h16 ] "::" suffix`
const ipv6Suffixes: { max: number; suffix: fc.Arbitrary<string> }[] = [
  { max: 0, suffix: concat(h16Colons(4), ls32) },
  { max: 1, suffix: concat(h16Colons(3), ls32) },
  { max: 2, suffix: concat(h16Colons(2), ls32) },
  { max: 3, suffix: concat(h16, fc.constant(':'), ls32) },
  { max: 4, suffix: ls32 },
  { max: 5, suffix: h16 },
  { max: 6, suffix: fc.constant('') },
];
const ipv6Forms: fc.Arbitrary<string>[] = [
  concat(h16Colons(6), ls32),
  concat(fc.constant('::'), h16Colons(5), ls32),
  ...ipv6Suffixes.map(({ max, suffix }) => concat(prefix(max), fc.constant('::'), suffix)),
];
/** Exactly `n` groups joined by ":". */
const groups = (n: number): fc.Arbitrary<string> => join(fc.array(h16, { minLength: n, maxLength: n }).map((xs) => [xs.join(':')]));
// At the limits of each form: the longest valid prefix, one group too many, one group too few.
const ipv6Boundary = fc.oneof(
  concat(h16Colons(5), ls32),
  concat(h16Colons(7), ls32),
  concat(fc.constant('::'), h16Colons(4), ls32),
  concat(fc.constant('::'), h16Colons(6), ls32),
  concat(fc.constant(':'), h16Colons(6), ls32),
  concat(h16Colons(6), ls32, fc.constant('::')),
  ...ipv6Suffixes.flatMap(({ max, suffix }) => [
    concat(groups(max + 1), fc.constant('::'), suffix),
    concat(groups(max + 2), fc.constant('::'), suffix),
  ]),
);
// Random group counts on both sides of an optional "::" (mostly invalid near the limits)
const ipv6Free = fc
  .tuple(
    fc.array(h16, { maxLength: 9 }),
    fc.boolean(),
    fc.array(h16, { maxLength: 9 }),
    fc.option(ipv4, { nil: undefined }),
  )
  .map(([left, elided, right, v4]) => {
    const tail = v4 === undefined ? right : [...right, v4];
    return elided ? `${left.join(':')}::${tail.join(':')}` : [...left, ...tail].join(':');
  });
const ipv6 = fc.oneof(
  { arbitrary: fc.oneof(...ipv6Forms), weight: 5 },
  { arbitrary: ipv6Boundary, weight: 3 },
  { arbitrary: ipv6Free, weight: 2 },
);

// ZoneID = 1*( unreserved / pct-encoded ), IPv6addrz = IPv6address "%25" ZoneID
const zoneId = repeat(fc.oneof({ arbitrary: unreserved, weight: 5 }, { arbitrary: pctEncoded, weight: 1 }), 1, 6);
const ipv6z = fc.oneof(
  { arbitrary: concat(ipv6, fc.constant('%25'), zoneId), weight: 6 },
  { arbitrary: concat(ipv6, fc.constant('%'), zoneId), weight: 1 }, // raw '%': invalid in both
  { arbitrary: concat(ipv6, fc.constant('%25')), weight: 1 }, // empty zone: invalid
  { arbitrary: concat(ipv6, fc.constant('%25'), zoneId, fc.constantFrom('%', ':', '!', '%2')), weight: 1 },
);

// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
const ipvFuture = fc.oneof(
  {
    arbitrary: concat(
      fc.constantFrom('v', 'V'),
      repeat(char(HEXDIG), 1, 3),
      fc.constant('.'),
      repeat(fc.oneof(unreserved, subDelims, fc.constant(':')), 1, 6),
    ),
    weight: 5,
  },
  {
    arbitrary: concat(
      fc.constantFrom('v', 'V', 'w', ''),
      repeat(char(HEXDIG), 0, 2),
      optional(fc.constant('.'), 4),
      repeat(fc.oneof(unreserved, subDelims, fc.constant(':'), pctEncoded), 0, 4),
    ),
    weight: 1,
  },
);

// IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"   (sometimes unbalanced)
// Things that are not allowed between the brackets (IPv4, reg-names, zones after IPvFuture or IPv4, nothing).
const ipLiteralNearMiss: fc.Arbitrary<string> = fc.oneof(
  ipv4,
  repeat(fc.oneof(unreserved, subDelims, pctEncoded), 0, 6),
  concat(ipvFuture, fc.constant('%25'), zoneId),
  concat(ipv4, fc.constant('%25'), zoneId),
  concat(fc.constant('::'), fc.constantFrom('ffff:', ''), ipv4, fc.constantFrom('%25', '%'), zoneId),
);
const ipLiteral = fc
  .tuple(
    fc.oneof(
      { arbitrary: ipv6, weight: 5 },
      { arbitrary: ipv6z, weight: 2 },
      { arbitrary: ipvFuture, weight: 2 },
      { arbitrary: ipLiteralNearMiss, weight: 1 },
    ),
    fc.nat(30),
  )
  .map(([inner, r]) => (r === 0 ? `[${inner}` : r === 1 ? `${inner}]` : r === 2 ? `[[${inner}]]` : `[${inner}]`));

// reg-name = *( unreserved / pct-encoded / sub-delims )
const regName = fc.oneof(
  { arbitrary: repeat(fc.oneof({ arbitrary: unreserved, weight: 8 }, { arbitrary: pctEncoded, weight: 1 }, { arbitrary: subDelims, weight: 1 }), 0, 12), weight: 6 },
  { arbitrary: fc.constantFrom('example.com', 'localhost', 'EXAMPLE.org.', '256.1.1.1', '01.02.03.04', '0x7f.1', '2130706433', '1.2.3.4.5', 'a..b'), weight: 2 },
);

// host = IP-literal / IPv4address / reg-name
const host = fc.oneof({ arbitrary: ipLiteral, weight: 3 }, { arbitrary: ipv4, weight: 2 }, { arbitrary: regName, weight: 4 });

// port = *DIGIT
const port = fc.oneof({ arbitrary: repeat(char(DIGIT), 0, 6), weight: 8 }, { arbitrary: fc.constantFrom('8o', '-1', '80:80', 'x'), weight: 1 });

// authority = [ userinfo "@" ] host [ ":" port ]
const authority = concat(
  optional(concat(userinfo, fc.constantFrom('@', '@', '@', '@@'))),
  host,
  optional(concat(fc.constant(':'), port)),
);

// segments, with dot segments and colons
const segment = fc.oneof(
  { arbitrary: repeat(pchar, 0, 6), weight: 8 },
  { arbitrary: fc.constantFrom('.', '..', '%2E', '%2e%2E', 'a:b', ':', '@', ''), weight: 2 },
);
const segmentNz = fc.oneof(
  { arbitrary: repeat(pchar, 1, 6), weight: 8 },
  { arbitrary: fc.constantFrom('.', '..', 'a:b', ':', '@', '.:'), weight: 2 },
);
const segmentNzNc = fc.oneof(
  { arbitrary: repeat(fc.oneof(unreserved, pctEncoded, subDelims, fc.constant('@')), 1, 6), weight: 8 },
  { arbitrary: fc.constantFrom('.', '..', '@', 'www.example.com', '%3A'), weight: 2 },
);
const slashSegments = (max: number): fc.Arbitrary<string> => repeat(concat(fc.constant('/'), segment), 0, max);

// path-abempty  = *( "/" segment )
const pathAbempty = slashSegments(5);
// path-absolute = "/" [ segment-nz *( "/" segment ) ]
const pathAbsolute = concat(fc.constant('/'), optional(concat(segmentNz, slashSegments(4)), 3));
// path-noscheme = segment-nz-nc *( "/" segment )
const pathNoscheme = concat(segmentNzNc, slashSegments(4));
// path-rootless = segment-nz *( "/" segment )
const pathRootless = concat(segmentNz, slashSegments(4));
// path-empty
const pathEmpty = fc.constant('');

// query / fragment = *( pchar / "/" / "?" )
const queryChars = repeat(fc.oneof({ arbitrary: pchar, weight: 6 }, { arbitrary: fc.constantFrom('/', '?'), weight: 1 }), 0, 10);
const query = optional(concat(fc.constant('?'), queryChars));
const fragment = optional(concat(fc.constant('#'), queryChars));

// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
const hierPart = fc.oneof(
  { arbitrary: concat(fc.constant('//'), authority, pathAbempty), weight: 5 },
  { arbitrary: pathAbsolute, weight: 2 },
  { arbitrary: pathRootless, weight: 2 },
  { arbitrary: pathEmpty, weight: 1 },
);
const uri = concat(scheme, fc.constant(':'), hierPart, query, fragment);

// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
const relativePart = fc.oneof(
  { arbitrary: concat(fc.constant('//'), authority, pathAbempty), weight: 4 },
  { arbitrary: pathAbsolute, weight: 2 },
  { arbitrary: pathNoscheme, weight: 2 },
  { arbitrary: pathRootless, weight: 1 }, // a colon in the first segment: a scheme, or invalid
  { arbitrary: pathEmpty, weight: 1 },
);
const relativeRef = concat(relativePart, query, fragment);

/** (a) Strings built from the grammar (mostly valid, with some deliberate near misses). */
const grammarString = fc.oneof({ arbitrary: uri, weight: 3 }, { arbitrary: relativeRef, weight: 2 });

type Mutation = { op: 'insert' | 'delete' | 'replace'; at: number; ch: string };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('insert', 'delete', 'replace'),
  at: fc.nat(),
  ch: char(DANGEROUS),
});
const applyMutation = (s: string, m: Mutation): string => {
  const at = m.at % (s.length + 1);
  switch (m.op) {
    case 'insert':
      return s.slice(0, at) + m.ch + s.slice(at);
    case 'delete':
      return s.slice(0, at) + s.slice(at + 1);
    case 'replace':
      return s.slice(0, at) + m.ch + s.slice(at + 1);
  }
};

/** (b) Grammar strings with one to three insertions, deletions or replacements. */
const mutatedString = fc
  .tuple(grammarString, fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([s, ms]) => ms.reduce(applyMutation, s));

/** (c) Plain random strings over a small alphabet of URI-significant characters. */
const randomString = fc.string({ unit: char(SMALL_ALPHABET), maxLength: 24 });

/** (d) Long references (a few hundred characters), some of them mutated. */
const longString = fc
  .tuple(
    fc.oneof(concat(scheme, fc.constant('://'), authority), concat(scheme, fc.constant(':')), fc.constant('')),
    repeat(concat(fc.constant('/'), segment), 10, 60),
    optional(concat(fc.constant('?'), repeat(queryChars, 5, 20))),
    optional(concat(fc.constant('#'), repeat(queryChars, 5, 20))),
    fc.array(mutation, { maxLength: 2 }),
  )
  .map(([head, path, q, f, ms]) => ms.reduce(applyMutation, head + path + q + f));

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnitString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 });

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

const codes = (s: string, allowZoneId: boolean): string[] => parse(s, { allowZoneId }).diagnostics.map((d) => d.code);

const isAscii = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
};

/** parse(s).valid agrees with the oracle, without and with RFC 6874 zone IDs. */
function checkAgreement(s: string): void {
  const strict = parse(s);
  const strictOracle = isUriReference(s);
  if (strict.valid !== strictOracle) {
    throw new Error(
      `parse(${JSON.stringify(s)}).valid = ${strict.valid}, oracle says ${strictOracle}; codes: ${JSON.stringify(codes(s, false))}`,
    );
  }
  // `valid` does not depend on how many diagnostics are recorded.
  const capped = parse(s, { maxDiagnostics: 1 });
  if (capped.valid !== strictOracle) {
    throw new Error(`parse(${JSON.stringify(s)}, { maxDiagnostics: 1 }).valid = ${capped.valid}, oracle says ${strictOracle}`);
  }
  // On pure ASCII the IRI grammar (RFC 3987) is the URI grammar: ucschar and iprivate are all >= U+00A0.
  if (isAscii(s)) {
    const iri = parse(s, { iri: true });
    if (iri.valid !== strictOracle) {
      throw new Error(
        `parse(${JSON.stringify(s)}, { iri: true }).valid = ${iri.valid}, oracle says ${strictOracle}; codes: ${JSON.stringify(iri.diagnostics.map((d) => d.code))}`,
      );
    }
  }
  const zoned = parse(s, { allowZoneId: true });
  const zonedOracle = isUriReferenceWithZoneId(s);
  if (zoned.valid !== zonedOracle) {
    throw new Error(
      `parse(${JSON.stringify(s)}, { allowZoneId: true }).valid = ${zoned.valid}, oracle says ${zonedOracle}; codes: ${JSON.stringify(codes(s, true))}`,
    );
  }
}

const bare = (span: OracleSpan | undefined): OracleSpan | undefined =>
  span === undefined ? undefined : { start: span.start, end: span.end };

/** For a valid reference: the five components are Appendix B's, and the authority's parts fit inside it. */
function checkSpans(s: string, allowZoneId: boolean): void {
  const r = parse(s, { allowZoneId });
  const b = appendixB(s);
  const ctx = `${JSON.stringify(s)}${allowZoneId ? ' (allowZoneId)' : ''}`;

  expect(r.input, ctx).toBe(s);
  expect(r.kind, ctx).toBe(b.scheme === undefined ? 'relative-ref' : 'uri');
  expect(
    {
      scheme: bare(r.scheme),
      authority: bare(r.authority),
      path: bare(r.path),
      query: bare(r.query),
      fragment: bare(r.fragment),
    },
    ctx,
  ).toEqual({
    scheme: b.scheme,
    authority: b.authority,
    path: b.path,
    query: b.query,
    fragment: b.fragment,
  });

  // path segments: split at "/", a leading "/" does not open an empty segment
  const pathText = s.slice(b.path.start, b.path.end);
  const expectedSegments: OracleSpan[] = [];
  if (pathText !== '') {
    let start = b.path.start + (pathText.startsWith('/') ? 1 : 0);
    for (;;) {
      const slash = s.indexOf('/', start);
      const end = slash === -1 || slash >= b.path.end ? b.path.end : slash;
      expectedSegments.push({ start, end });
      if (end === b.path.end) break;
      start = end + 1;
    }
  }
  expect(r.path.segments.map(bare), `${ctx} segments`).toEqual(expectedSegments);

  const auth = b.authority;
  if (auth === undefined) {
    expect({ userinfo: r.userinfo, host: r.host, port: r.port }, ctx).toEqual({
      userinfo: undefined,
      host: undefined,
      port: undefined,
    });
    return;
  }
  // authority = [ userinfo "@" ] host [ ":" port ]  (a valid authority holds at most one "@")
  const authText = s.slice(auth.start, auth.end);
  const at = authText.indexOf('@');
  const expectedUserinfo = at === -1 ? undefined : { start: auth.start, end: auth.start + at };
  const hostStart = at === -1 ? auth.start : auth.start + at + 1;
  let hostEnd: number;
  if (s[hostStart] === '[') {
    hostEnd = s.indexOf(']', hostStart) + 1;
  } else {
    const colon = s.indexOf(':', hostStart);
    hostEnd = colon === -1 || colon >= auth.end ? auth.end : colon;
  }
  const expectedPort = hostEnd < auth.end ? { start: hostEnd + 1, end: auth.end } : undefined;
  expect(s[hostEnd] === ':' || hostEnd === auth.end, ctx).toBe(true);

  expect(bare(r.userinfo), `${ctx} userinfo`).toEqual(expectedUserinfo);
  expect(bare(r.port), `${ctx} port`).toEqual(expectedPort);
  const h = r.host;
  expect(h, `${ctx} host`).toBeDefined();
  if (h === undefined) return;
  const hostText = s.slice(hostStart, hostEnd);
  const bracketed = hostText.startsWith('[');
  // An IP literal's span may or may not include its brackets.
  const hostSpans = bracketed
    ? [
        { start: hostStart, end: hostEnd },
        { start: hostStart + 1, end: hostEnd - 1 },
      ]
    : [{ start: hostStart, end: hostEnd }];
  expect(hostSpans, `${ctx} host span ${JSON.stringify(bare(h))}`).toContainEqual(bare(h));
  const expectedKind = bracketed
    ? /^\[[vV]/.test(hostText)
      ? 'ipvfuture'
      : 'ipv6'
    : rules.ipv4address.test(hostText)
      ? 'ipv4'
      : 'reg-name';
  expect(h.kind, `${ctx} host kind`).toBe(expectedKind);
  // in order, inside the authority
  const ordered = [r.userinfo, h, r.port].filter((x): x is OracleSpan => x !== undefined);
  for (const [i, span] of ordered.entries()) {
    expect(span.start, ctx).toBeGreaterThanOrEqual(auth.start);
    expect(span.end, ctx).toBeLessThanOrEqual(auth.end);
    expect(span.start, ctx).toBeLessThanOrEqual(span.end);
    const next = ordered[i + 1];
    if (next !== undefined) expect(span.end, ctx).toBeLessThan(next.start);
  }
}

function checkSpansIfValid(s: string): void {
  if (isUriReference(s)) checkSpans(s, false);
  if (isUriReferenceWithZoneId(s)) checkSpans(s, true);
}

// Run counts: total strings checked = sum of these (every string in both modes).
const RUNS = {
  grammar: 30_000,
  mutated: 30_000,
  random: 15_000,
  long: 2_000,
  spansGrammar: 8_000,
  spansMutated: 6_000,
  binary: 2_000,
  codeUnits: 3_000,
  fullUnicode: 2_000,
} as const;

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

describe('abnf oracle', () => {
  it('oracle accepts the RFC 3986 §1.1.2 examples', () => {
    for (const s of SECTION_1_1_2_EXAMPLES) {
      expect(isUriReference(s), s).toBe(true);
      expect(isUriReferenceWithZoneId(s), s).toBe(true);
    }
  });

  it('oracle accepts other references the grammar allows', () => {
    for (const s of [
      '',
      '#',
      '?',
      '?#',
      '#a/b?c',
      './this:that',
      '//a//b',
      '///',
      'file:///etc/passwd',
      'http://h:/',
      'http://h:99999/',
      'http://256.1.1.1/',
      'http://01.02.03.04/',
      'http://0x7f.1/',
      'http://2130706433/',
      'HTTP://EXAMPLE.COM/%7e%7E',
      'a+b-c.d:',
      'x:/',
      'x://',
      'http://u:p:q@h:8080/p?q#f',
      'http://[::]/',
      'http://[::1]/',
      'http://[1::]/',
      'http://[1:2:3:4:5:6:7:8]/',
      'http://[1:2:3:4:5:6:7::]/',
      'http://[::2:3:4:5:6:7:8]/',
      'http://[1:2:3:4:5:6:1.2.3.4]/',
      'http://[::ffff:192.0.2.1]/',
      'http://[ABCD:ef01::1]/',
      'http://[v1.x]/',
      'http://[V1F.a:b!]/',
      '/a/./b/../c',
      'g;x=1/../y',
      '@x/y:z',
      'mailto:a@b',
      '%41%2f',
      'a/b:c',
    ]) {
      expect(isUriReference(s), s).toBe(true);
    }
  });

  it('oracle rejects the invalid examples', () => {
    for (const s of [
      'http://a b',
      '%zz',
      '%',
      '%a',
      'http://[1:2:3:4:5:6:7:8:9]/',
      'http://[1:2:3:4:5:6:7::8]/',
      'http://[1::2::3]/',
      'http://[:1]/',
      'http://[1:]/',
      'http://[12345::]/',
      'http://[::1.2.3.256]/',
      'http://[1.2.3.4]/',
      'http://[v.x]/',
      'http://[v1.]/',
      'http://[v1x]/',
      'http://a@b@c/',
      '1a:b',
      ':a',
      'this:that'.replace('t', '_'),
      'http://[::1',
      'http://::1]/',
      'http://h:8o/',
      'a#b#c',
      '#a#',
      'é',
      'http://é.example/',
      '\uD800',
      'a\n',
      '\na',
      'a\tb',
      'a b',
      '<a>',
      'a\\b',
      'a{b}',
      'a|b',
      'a^b',
      'a`b',
      'a"b',
      '//a/b\uD800',
      '/x/\u0080',
      'x:[a]',
      '[::1]',
      '//[::1]x/',
      'http://[fe80::1%25eth0]/',
      'http://[fe80::1%eth0]/',
    ]) {
      expect(isUriReference(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('oracle with RFC 6874 zone IDs accepts exactly IPv6address "%25" ZoneID in addition', () => {
    for (const s of ['http://[fe80::1%25eth0]/', 'http://[fe80::a%25en1]', 'http://[::1%25%41~]:80/', 'ldap://[2001:db8::7]/']) {
      expect(isUriReferenceWithZoneId(s), s).toBe(true);
    }
    for (const s of [
      'http://[fe80::1%eth0]/',
      'http://[fe80::1%25]/',
      'http://[fe80::1%25eth0%]/',
      'http://[fe80::1%25eth:0]/',
      'http://[1.2.3.4%25x]/',
      'http://[v1.a%25x]/',
    ]) {
      expect(isUriReferenceWithZoneId(s), s).toBe(false);
    }
  });

  it('oracle rules: dec-octet, IPv4address, IPv6address, scheme', () => {
    for (let n = 0; n <= 255; n++) expect(rules.decOctet.test(String(n)), String(n)).toBe(true);
    for (const s of ['256', '01', '00', '999', '', '-1']) expect(rules.decOctet.test(s), s).toBe(false);
    expect(rules.ipv4address.test('192.0.2.16')).toBe(true);
    expect(rules.ipv4address.test('1.2.3')).toBe(false);
    expect(rules.ipv6address.test('2001:db8::7')).toBe(true);
    expect(rules.ipv6address.test('1:2:3:4:5:6:7')).toBe(false);
    expect(rules.ipv6address.test('::')).toBe(true);
    expect(rules.scheme.test('svn+ssh')).toBe(true);
    expect(rules.scheme.test('1a')).toBe(false);
    expect(rules.relativeRef.test('this:that')).toBe(false);
    expect(rules.uri.test('this:that')).toBe(true);
    expect(rules.absoluteUri.test('a:b#c')).toBe(false);
  });

  it('oracle appendixB splits like RFC 3986 Appendix B', () => {
    expect(appendixB('http://www.ics.uci.edu/pub/ietf/uri/#Related')).toEqual({
      scheme: { start: 0, end: 4 },
      authority: { start: 7, end: 22 },
      path: { start: 22, end: 36 },
      fragment: { start: 37, end: 44 },
    });
    expect(appendixB('')).toEqual({ path: { start: 0, end: 0 } });
    expect(appendixB('a:?#')).toEqual({
      scheme: { start: 0, end: 1 },
      path: { start: 2, end: 2 },
      query: { start: 3, end: 3 },
      fragment: { start: 4, end: 4 },
    });
    expect(appendixB('//')).toEqual({ authority: { start: 2, end: 2 }, path: { start: 2, end: 2 } });
    expect(appendixB('#a\nb')).toEqual({ path: { start: 0, end: 0 }, fragment: { start: 1, end: 4 } });
    expect(appendixB('1a:b')).toEqual({ scheme: { start: 0, end: 2 }, path: { start: 3, end: 4 } });
  });

  it('oracle generators hit both valid and invalid strings', () => {
    const sample = fc.sample(grammarString, { numRuns: 2000, seed: 42 });
    const validCount = sample.filter(isUriReference).length;
    expect(validCount).toBeGreaterThan(600);
    expect(validCount).toBeLessThan(1900);
    const zoneOnly = sample.filter((s) => isUriReferenceWithZoneId(s) && !isUriReference(s)).length;
    expect(zoneOnly).toBeGreaterThan(10);
    const ipv6Count = sample.filter((s) => /\[[0-9a-fA-F:]*::/.test(s) && isUriReference(s)).length;
    expect(ipv6Count).toBeGreaterThan(20);
    const long = fc.sample(longString, { numRuns: 200, seed: 42 });
    expect(long.filter((s) => s.length >= 150).length).toBeGreaterThan(100);
    expect(long.filter(isUriReference).length).toBeGreaterThan(20);
    const mutated = fc.sample(mutatedString, { numRuns: 2000, seed: 42 });
    const mutatedValid = mutated.filter(isUriReference).length;
    expect(mutatedValid).toBeGreaterThan(200);
    expect(mutatedValid).toBeLessThan(1800);
  });
});

describe('differential: parse(s).valid agrees with the ABNF oracle', () => {
  it('on grammar-built strings', () => {
    fc.assert(
      fc.property(grammarString, (s) => {
        checkAgreement(s);
      }),
      { numRuns: RUNS.grammar },
    );
  });

  it('on mutated grammar-built strings', () => {
    fc.assert(
      fc.property(mutatedString, (s) => {
        checkAgreement(s);
      }),
      { numRuns: RUNS.mutated },
    );
  });

  it('on long references', () => {
    fc.assert(
      fc.property(longString, (s) => {
        checkAgreement(s);
        checkSpansIfValid(s);
      }),
      { numRuns: RUNS.long },
    );
  });

  it('on random strings over URI-significant characters', () => {
    fc.assert(
      fc.property(randomString, (s) => {
        checkAgreement(s);
      }),
      { numRuns: RUNS.random },
    );
  });
});

describe('spans of valid references', () => {
  it('match Appendix B on grammar-built strings, with userinfo/host/port inside the authority', () => {
    fc.assert(
      fc.property(grammarString, (s) => {
        checkSpansIfValid(s);
      }),
      { numRuns: RUNS.spansGrammar },
    );
  });

  it('match Appendix B on mutated strings', () => {
    fc.assert(
      fc.property(mutatedString, (s) => {
        checkSpansIfValid(s);
      }),
      { numRuns: RUNS.spansMutated },
    );
  });
});

describe('parse never throws', () => {
  const options = [undefined, { allowZoneId: true }, { iri: true }, { iri: true, allowZoneId: true }, { maxDiagnostics: 1 }];
  const neverThrows = (s: string): void => {
    for (const o of options) {
      const r = parse(s, o);
      expect(r.input).toBe(s);
      expect(typeof r.valid).toBe('boolean');
    }
    checkAgreement(s);
  };

  it('on arbitrary code points (fc.string unit binary)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), neverThrows), { numRuns: RUNS.binary });
  });

  it('on arbitrary UTF-16 code units, lone surrogates included', () => {
    fc.assert(fc.property(codeUnitString, neverThrows), { numRuns: RUNS.codeUnits });
  });

  it('on full-unicode strings mixed with URI delimiters', () => {
    const unit = fc.oneof(
      fc.constantFrom(...DANGEROUS, ...SMALL_ALPHABET),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), // one code point, astral ones included
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom('\uD800', '\uDC00', '\uDBFF\uDFFF', '\uFEFF', '\u0000', '\u007F', '\u0085', '\u2028'),
    );
    fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), neverThrows), { numRuns: RUNS.fullUnicode });
  });
});
