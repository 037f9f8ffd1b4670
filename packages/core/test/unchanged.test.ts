/**
 * parse against `test/support/parse-before.ts` and `messages-before.ts`, frozen copies of
 * src/parse.ts and src/messages.ts as they were before the fast paths for IP literals and IPv4
 * addresses (issue 16). Every result must be the same: the same keys in the same order (what
 * `Object.keys`, spreading and JSON see), the same values, the same diagnostics with their messages
 * and fixes, under every option.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, secretSpans, type ParseOptions, type UriReference } from '../src/index.js';
import { redactDiagnostics } from '../src/security/secrets.js';
import { parse as parseBefore } from './support/parse-before.js';

/** A result as plain data, keys in their order, the path's lazy segments included. */
function snapshot(result: UriReference): unknown {
  const keys = Object.keys(result);
  const pathKeys = Object.keys(result.path);
  const diagnosticKeys = result.diagnostics.map((d) => Object.keys(d));
  const hostKeys = result.host ? Object.keys(result.host) : undefined;
  return { keys, pathKeys, hostKeys, diagnosticKeys, json: JSON.parse(JSON.stringify(result)) as unknown, segments: result.path.segments };
}

/**
 * The frozen parse's result with its messages' secrets taken out as parse takes them out since
 * issue 27 (a password or secret query value is never quoted): the one change to results since.
 */
function parseBeforeRedacted(input: string, options?: ParseOptions): UriReference {
  const result = parseBefore(input, options);
  redactDiagnostics(input, result.diagnostics, secretSpans(result));
  return result;
}

function expectSame(input: string, options?: ParseOptions): void {
  expect(snapshot(parse(input, options)), JSON.stringify(input)).toEqual(snapshot(parseBeforeRedacted(input, options)));
}

const OPTIONS: (ParseOptions | undefined)[] = [undefined, { iri: true }, { allowZoneId: true }, { maxDiagnostics: 1 }, { maxDiagnostics: 0 }];
const options = fc.constantFrom(...OPTIONS);

// Pieces of URI references, valid and broken, weighted towards authorities and IP literals.
const HEX = '0123456789abcdefABCDEF';
const h16 = fc.string({ unit: fc.constantFrom(...HEX), minLength: 0, maxLength: 5 });
const octet = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('01', '00', '1a', ''));
const ipv4 = fc.array(octet, { minLength: 3, maxLength: 5 }).map((parts) => parts.join('.'));
const group = fc.string({ unit: fc.constantFrom(...HEX), minLength: 1, maxLength: 4 });
/** Six to nine groups, some of them empty (so "::"), sometimes an IPv4 tail, a zone or a stray character. */
const ipv6 = fc
  .array(fc.oneof({ arbitrary: group, weight: 12 }, { arbitrary: h16, weight: 2 }, { arbitrary: fc.constant(''), weight: 2 }, { arbitrary: ipv4, weight: 1 }, { arbitrary: fc.constantFrom(':', '%25eth0', '%eth0', 'g', '.'), weight: 1 }), { minLength: 1, maxLength: 10 })
  .map((groups) => groups.join(':'));
const ipvFuture = fc
  .tuple(fc.constantFrom('v', 'V', ''), h16, fc.constantFrom('.', ''), fc.string({ unit: fc.constantFrom(...'az09-._~!$&\'()*+,;=:@/%[]'), maxLength: 6 }))
  .map((parts) => parts.join(''));
const literal = fc
  .tuple(fc.oneof(ipv6, ipvFuture), fc.constantFrom(']', ']', ']', '', ']]', ']x', ']@h'))
  .map(([inside, close]) => `[${inside}${close}`);
const regName = fc.string({ unit: fc.constantFrom(...'abcxyz019-._~!$&\'()*+,;=%@:[]é '), maxLength: 12 });
const port = fc.oneof(fc.constant(''), fc.integer({ min: 0, max: 99999 }).map((n) => `:${n}`), fc.constantFrom(':', ':8a', '::80', ':80:'));
const host = fc.oneof(literal, ipv4, regName);
const authority = fc
  .tuple(fc.constantFrom('', 'user@', 'u:p@', 'a@b@', '[::1]@'), host, port)
  .map((parts) => parts.join(''));
const tail = fc.string({ unit: fc.constantFrom(...'az09/?#.:@%-_~!$&\'()*+,;=[]é "<>{}|\\^`'), maxLength: 16 });
const scheme = fc.constantFrom('http:', 'https:', 'HTTP:', 'ws:', 'a+b.c-d:', '1http:', 'ht_tp:', 'h:', 'é:', '', '', '');
const reference = fc.oneof(
  { arbitrary: fc.tuple(scheme, authority, tail).map(([a, b, c]) => `${a}//${b}${c.startsWith('/') || c === '' ? c : '/' + c}`), weight: 4 },
  { arbitrary: fc.tuple(scheme, tail).map(([a, b]) => a + b), weight: 2 },
  { arbitrary: fc.tuple(scheme, authority, tail).map(([a, b, c]) => `${a}//${b}${c}`), weight: 2 },
);
/** Any mix of the characters RFC 3986 gives a meaning to, and some it does not. */
const PIECES = [...'aZ09:/?#[]@!$&\'()*+,;=-._~% "<>{}|\\^`vV', 'é', '中', '😀', '\uD800', '\u0007', '%C3%A9', '%FF', '%2O', '//', 'http:', '::', '1.2.3.4', '%25', '[v1.x]', '[::1]', '[fe80::1%25en0]'];
const pieces = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join(''));

describe('parse gives the same results as before its fast paths', () => {
  it('on URI references built from authorities, IP literals, ports and paths, valid and broken', () => {
    fc.assert(fc.property(reference, options, (input, o) => expectSame(input, o)), { numRuns: 20_000 });
  });

  it("on strings of RFC 3986's characters and others", () => {
    fc.assert(fc.property(pieces, options, (input, o) => expectSame(input, o)), { numRuns: 10_000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), options, (input, o) => expectSame(input, o)), { numRuns: 2_000 });
  });

  it('on percent-encoded octets, well-formed UTF-8 or not, in the path, the query and the fragment', () => {
    const hex = (octet: number): string => '%' + octet.toString(16).padStart(2, '0');
    // The edges of the ranges UTF-8 allows after each first octet (RFC 3629 §4), and ASCII.
    const seconds = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff];
    const thirds = ['', hex(0x80), hex(0xbf), hex(0x41), '%C'];
    const fourths = ['', hex(0x80), hex(0xc0)];
    const places = [(t: string) => `http://h/a${t}b`, (t: string) => `/${t}/${t}?q`, (t: string) => `?x=${t}#f`, (t: string) => `#${t}`, (t: string) => `a:${t.toUpperCase()}`];
    let k = 0;
    for (let first = 0; first < 256; first++) {
      for (const second of seconds) {
        for (const third of thirds) {
          for (const fourth of fourths) {
            const triplets = hex(first) + hex(second) + third + fourth;
            expectSame(places[k++ % places.length]!(triplets), OPTIONS[k % 2]);
          }
        }
      }
    }
  });

  it('on IP literals at the edges of the grammar', () => {
    const addresses = [
      '', ':', '::', ':::', '::1', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '1:2:3:4:5:6::8',
      '1::2::3', '12345::', '1:2:3:4::5:6:7:8', '::1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8::', '1:2:3::4:5:6:7', '1:2:3:4:5::1.2.3.4', '1:2:3:4:5:6::1.2.3.4', '::ffff:1.2.3.4', '::1.2.3.256', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '::1.2.3.4:5', '1.2.3.4::',
      '::01.2.3.4', '::1.2.3', 'fe80::1%25eth0', 'fe80::1%eth0', 'fe80::1%25', 'g::1', '::g', '1:', ':1', '1:::2', 'v1.x', 'V1F.a:b', 'v.x',
      'v1x', 'v1.', 'v1.[', 'vg.x', 'v', '::1]', '2001:DB8:0:0:8:800:200C:417A',
    ];
    const after = ['', '/', '/p', '?q', '#f', ':', ':80', ':80/p', ':8a', 'x', '@h', ':80@h', ']', '%'];
    for (const address of addresses) {
      for (const rest of after) {
        for (const prefix of ['http://', '//', 'http://u@', 'a:']) {
          for (const o of OPTIONS) expectSame(`${prefix}[${address}]${rest}`, o);
        }
      }
    }
  });
});
