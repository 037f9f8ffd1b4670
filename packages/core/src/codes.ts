import { NORMAL_FORM_CODES } from './normal/codes.js';
import { SCHEME_CODES } from './schemes/codes.js';
import { SECURITY_CODES } from './security/codes.js';
import type { Severity } from './types.js';
import { TEMPLATE_CODES } from './template-codes.js';
import { WHATWG_CODES } from './whatwg/codes.js';

export interface CodeInfo {
  /** The default severity: `error` codes make a reference invalid. */
  severity: Severity;
  /** The section the rule comes from. */
  spec: string;
  /** One line for the docs table. */
  summary: string;
  /** A reference that produces this code (checked by the test suite). */
  example: string;
  /** What the mechanical fix does, or `—` when there is none. */
  fix: string;
}

/**
 * The codes of the RFC 3986 grammar, reported by `parse`. Only these have the
 * severity `error`: they decide `valid`.
 */
export const SYNTAX_CODES = {
  'scheme-invalid-start': {
    severity: 'error',
    spec: 'RFC 3986 §3.1',
    summary: 'A scheme must begin with a letter.',
    example: '1password:x',
    fix: '—',
  },
  'scheme-invalid-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.1',
    summary: 'A scheme holds only letters, digits, `+`, `-` and `.`.',
    example: 'web_app:x',
    fix: '—',
  },
  'userinfo-unescaped-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.1',
    summary: 'A character that must be percent-encoded in the userinfo (an extra `@`, space, `[`…).',
    example: 'ftp://me@corp@ftp.example/',
    fix: 'percent-encode the characters (`@` → `%40`)',
  },
  'host-unescaped-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'A character never allowed raw in a registered name: space, controls, `"<>\\^{|}` or the backtick.',
    example: 'http://exa mple.com/',
    fix: 'percent-encode the characters',
  },
  'host-invalid-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'A bracket inside a registered name; `[` `]` only enclose an IP literal.',
    example: 'http://host]/',
    fix: '—',
  },
  'host-ipv6-missing-brackets': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'An IPv6 address used as a host must be enclosed in `[` `]`.',
    example: 'http://2001:db8::7/',
    fix: 'wrap the address in brackets',
  },
  'host-ip-literal-unterminated': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'An IP literal opened with `[` has no closing `]`.',
    example: 'http://[::1/index.html',
    fix: '—',
  },
  'host-ip-literal-trailing-chars': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'Characters after the closing `]` of an IP literal other than a `:port`.',
    example: 'http://[::1]x/',
    fix: '—',
  },
  'host-ipv6-group-count': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'An IPv6 address has eight 16-bit groups (an IPv4 tail counts as two), fewer only with `::`.',
    example: 'http://[1:2:3:4:5:6:7:8:9]/',
    fix: '—',
  },
  'host-ipv6-double-compression': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: '`::` may appear only once in an IPv6 address.',
    example: 'http://[1::2::3]/',
    fix: '—',
  },
  'host-ipv6-invalid-group': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'An IPv6 group is one to four hexadecimal digits (`h16`); a lone `:` leaves a group empty.',
    example: 'http://[12345::1]/',
    fix: '—',
  },
  'host-ipv6-invalid-ipv4': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'The IPv4 tail of an IPv6 address is not four decimal octets 0–255, or is not last.',
    example: 'http://[::ffff:1.2.3.256]/',
    fix: '—',
  },
  'host-ipv6-zone-id': {
    severity: 'error',
    spec: 'RFC 6874 §2',
    summary: 'An IPv6 zone identifier (`%25` + zone): RFC 6874 only, rejected by browsers; accepted with `allowZoneId`.',
    example: 'http://[fe80::1%25eth0]/',
    fix: '—',
  },
  'host-ipv6-invalid-zone-id': {
    severity: 'error',
    spec: 'RFC 6874 §2',
    summary: 'A zone identifier must be introduced by `%25` and hold only unreserved or percent-encoded characters.',
    example: 'http://[fe80::1%eth0]/',
    fix: '—',
  },
  'host-ipvfuture-invalid': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.2',
    summary: 'An IPvFuture literal is `v`, hex digits, `.`, then unreserved, sub-delims or `:`.',
    example: 'http://[v7]/',
    fix: '—',
  },
  'port-invalid-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.2.3',
    summary: 'A port holds only decimal digits.',
    example: 'http://example.com:8o8o/',
    fix: '—',
  },
  'path-unescaped-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.3',
    summary: 'A character that must be percent-encoded in the path: space, controls, `"<>\\^{|}[]` or the backtick.',
    example: 'https://example.com/my file.pdf',
    fix: 'percent-encode the characters (space → `%20`)',
  },
  'path-colon-in-first-segment': {
    severity: 'error',
    spec: 'RFC 3986 §4.2',
    summary: 'A relative reference whose first segment has a `:` reads as a scheme; write `./` before it.',
    example: ':8080/status',
    fix: 'insert `./` before the path',
  },
  'path-double-slash-without-authority': {
    severity: 'error',
    spec: 'RFC 3986 §3.3',
    summary: 'A path that starts with `//` needs an authority, or it reads as one. A parsed string cannot have it (`//` always opens an authority); `recompose` throws it.',
    example: 'recompose({ scheme: "a", path: "//b" })',
    fix: 'insert `/.` before the path',
  },
  'query-unescaped-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.4',
    summary: 'A character that must be percent-encoded in the query: space, controls, `"<>\\^{|}[]` or the backtick.',
    example: 'https://example.com/?q=a b',
    fix: 'percent-encode the characters (space → `%20`)',
  },
  'fragment-unescaped-char': {
    severity: 'error',
    spec: 'RFC 3986 §3.5',
    summary: 'A character that must be percent-encoded in the fragment, including a second `#`.',
    example: 'https://example.com/#a#b',
    fix: 'percent-encode the characters (`#` → `%23`)',
  },
  'pct-invalid-triplet': {
    severity: 'error',
    spec: 'RFC 3986 §2.1',
    summary: '`%` is not followed by two hexadecimal digits.',
    example: 'https://example.com/?discount=100%',
    fix: 'encode the `%` itself as `%25`; suggestion: the triplet a look-alike letter broke (`%2O` → `%20`)',
  },
  'pct-invalid-utf8': {
    severity: 'warning',
    spec: 'RFC 3986 §2.5',
    summary: 'Percent-encoded octets that do not decode as UTF-8 (valid syntax, but not text).',
    example: 'https://example.com/?q=%C3%28',
    fix: '—',
  },
  'iri-char': {
    severity: 'error',
    spec: 'RFC 3987 §3.1',
    summary: 'A non-ASCII character: allowed in an IRI, but a URI carries it percent-encoded as UTF-8.',
    example: 'https://example.com/café',
    fix: 'percent-encode as UTF-8 (`é` → `%C3%A9`); none in a host (use IDNA)',
  },
  'lone-surrogate': {
    severity: 'error',
    spec: 'RFC 3987 §3.1',
    summary: 'An unpaired UTF-16 surrogate: no character, so it cannot be encoded.',
    example: 'https://example.com/\\uD800',
    fix: '—',
  },
  'too-many-diagnostics': {
    severity: 'info',
    spec: '—',
    summary: 'The diagnostic limit (`maxDiagnostics`) was reached; later problems are not listed.',
    example: '(any input with more problems than the limit)',
    fix: '—',
  },
} as const satisfies Record<string, CodeInfo>;

/**
 * Every diagnostic code `@urilint/core` can report: the grammar's, then those
 * of the analyses (scheme rules, security, browser differentials, normal form), which never
 * affect `valid`. Codes are public API: they never change meaning, and the
 * README table is generated from this object.
 */
export const CODES = {
  ...SYNTAX_CODES,
  ...SCHEME_CODES,
  ...SECURITY_CODES,
  ...WHATWG_CODES,
  ...NORMAL_FORM_CODES,
  ...TEMPLATE_CODES,
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof CODES;

export const DIAGNOSTIC_CODES = Object.keys(CODES) as DiagnosticCode[];

export { NORMAL_FORM_CODES, SCHEME_CODES, SECURITY_CODES, TEMPLATE_CODES, WHATWG_CODES };
