import type { CodeInfo } from '../codes.js';

/**
 * The codes of the differences between RFC 3986 and the WHATWG URL Standard
 * (spec §10): where a browser or Node's `URL` reads the string otherwise than
 * RFC 3986 does. They never affect `valid`.
 */
export const WHATWG_CODES = {
  'whatwg-backslash': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'A backslash before the query in a special scheme (http, https, ws, wss, ftp, file): browsers read it as `/`, which can move the host.',
    example: 'https://good.example\\@evil.example/',
    fix: '— (suggestion: write `/`)',
  },
  'whatwg-scheme-slashes': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'A special scheme not followed by exactly `//` (`http:x`, `http:/x`, `http:///x`): browsers read a host anyway; RFC 3986 reads a path or an empty host.',
    example: 'http:/example.com/',
    fix: '— (suggestion: write `://`)',
  },
  'whatwg-tab-newline-removed': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'A tab, line feed or carriage return inside the URI: browsers remove it before parsing (RFC 3986: an error).',
    example: 'https://exa\\u0009mple.com/',
    fix: '—',
  },
  'whatwg-c0-space-stripped': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'Leading or trailing spaces or C0 controls: browsers strip them before parsing (RFC 3986: an error).',
    example: ' https://example.com/',
    fix: '— (suggestion: remove them)',
  },
  'whatwg-userinfo-last-at': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'More than one `@` in the authority: browsers split at the last one; parsers that split at the first contact another host.',
    example: 'http://a@b@c/',
    fix: '—',
  },
  'whatwg-ipv4-numeric-host': {
    severity: 'warning',
    spec: 'WHATWG URL §3.5',
    summary: 'A host of a special scheme that browsers read as an IPv4 address (`0x7f.1` → `127.0.0.1`); RFC 3986 reads a registered name.',
    example: 'http://0x7f.1/',
    fix: '— (`host-ipv4-rare-form` has the fix)',
  },
  'whatwg-url-rejects': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'Valid RFC 3986 that `new URL()` rejects: a numeric host that is no IPv4 address, a port above 65535, an empty host in a special scheme, an IPv6 zone ID (with `allowZoneId`).',
    example: 'http://256.1.1.1/',
    fix: '—',
  },
  'whatwg-host-percent-decoded': {
    severity: 'warning',
    spec: 'WHATWG URL §3.5',
    summary: 'A percent-encoded host of a special scheme: browsers decode it (`%41` → `a`, `%2E` → `.`) before DNS.',
    example: 'http://ex%2Eample.com/',
    fix: '—',
  },
  'whatwg-host-idna-mapped': {
    severity: 'warning',
    spec: 'UTS #46 §4',
    summary: 'A host that IDNA mapping changes beyond case and Punycode (full-width letters, `。`, soft hyphens): browsers contact the mapped name.',
    example: 'https://ｅｘａｍｐｌｅ.com/',
    fix: '—',
  },
  'whatwg-char-encoded': {
    severity: 'info',
    spec: 'WHATWG URL §1.3',
    summary: 'A character RFC 3986 allows that browsers still percent-encode (`\'` in an http query → `%27`), so the server receives other bytes. Characters the RFC already rejects are not repeated here.',
    example: "https://example.com/?name='x'",
    fix: '—',
  },
  'whatwg-dot-segment-encoded': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'A `%2e`/`%2E` dot segment: browsers read it as `.`/`..` and remove it with the segment before (`/a/%2e%2e/b` → `/b`).',
    example: 'https://example.com/a/%2e%2e/b',
    fix: '—',
  },
  'whatwg-relative-path-host': {
    severity: 'warning',
    spec: 'RFC 3986 §4.2',
    summary: 'A relative path that starts with a host name (`api.example.com/users`): browsers request it on the current origin, not from that host.',
    example: 'api.example.com/users',
    fix: '— (suggestion: add `https://`)',
  },
} as const satisfies Record<string, CodeInfo>;
