import type { CodeInfo } from '../codes.js';

/** The codes of the security analysis (RFC 3986 §7). They never affect `valid`. */
export const SECURITY_CODES = {
  'userinfo-password': {
    severity: 'warning',
    spec: 'RFC 3986 §7.5',
    summary: 'A password in the userinfo (`user:password@`, deprecated by §3.2.1): it is stored and shown wherever the URI is. An empty password (`user:@`) is not one.',
    example: 'https://user:secret@example.com/',
    fix: '— (suggestion: remove the userinfo)',
  },
  'userinfo-username': {
    severity: 'info',
    spec: 'RFC 9110 §4.2.4',
    summary: 'A user name without password in an http(s)/ws(s) userinfo (deprecated by RFC 9110 §4.2.4): it is sent and logged with the URI, and `fetch()` rejects it. Not reported for `ftp://anonymous@`, `ssh://git@`.',
    example: 'https://user@example.com/',
    fix: '— (suggestion: remove the userinfo)',
  },
  'userinfo-looks-like-host': {
    severity: 'warning',
    spec: 'RFC 3986 §7.6',
    summary: 'A userinfo that looks like a host or a URL misleads the reader about which host is contacted (a semantic attack).',
    example: 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm',
    fix: '— (suggestion: remove the userinfo)',
  },
  'host-ipv4-rare-form': {
    severity: 'warning',
    spec: 'RFC 3986 §7.4',
    summary: 'A host that browsers and `inet_aton` read as an IPv4 address in a rare form (`0x7f.1`, `0177.0.0.1`, `2130706433`, `127.1`): filters on the text miss it.',
    example: 'http://0x7f.1/',
    fix: 'write the address in dotted decimal (`127.0.0.1`)',
  },
  'port-other-protocol': {
    severity: 'warning',
    spec: 'RFC 3986 §7.2',
    summary: 'An http(s)/ws(s) URI names the well-known port of another protocol (SMTP 25, Redis 6379…), so its request reaches a different service.',
    example: 'http://example.com:6379/',
    fix: '—',
  },
  'pct-encoded-crlf': {
    severity: 'warning',
    spec: 'RFC 3986 §7.2',
    summary: 'A percent-encoded carriage return or line feed (`%0D`, `%0A`): decoded by a back end, it starts a new header or protocol line.',
    example: 'https://example.com/?q=a%0D%0ASet-Cookie:x',
    fix: '—',
  },
  'pct-encoded-nul': {
    severity: 'warning',
    spec: 'RFC 3986 §7.3',
    summary: 'A percent-encoded NUL (`%00`): decoded by a back end written in C, it ends the string early.',
    example: 'https://example.com/file.php%00.png',
    fix: '—',
  },
  'path-encoded-dot-segment': {
    severity: 'warning',
    spec: 'RFC 3986 §7.3',
    summary: 'A path segment that is `.` or `..` with an encoded dot (`%2E%2E`, `.%2e`): normalization and browsers remove it, servers that compare the raw path do not (path traversal).',
    example: 'https://example.com/static/%2E%2E/admin',
    fix: '—',
  },
  'scheme-script': {
    severity: 'warning',
    spec: 'HTML Standard, javascript: URLs',
    summary: '`javascript:`, `vbscript:` or an HTML/SVG `data:` URI runs code when it is navigated to or loaded in a frame.',
    example: 'javascript:alert(1)',
    fix: '—',
  },
  'scheme-script-obfuscated': {
    severity: 'warning',
    spec: 'WHATWG URL §4.4',
    summary: 'A script scheme hidden by leading spaces or controls, or tabs and newlines, which browsers strip before reading the scheme (` java\\tscript:`).',
    example: 'java\\u0009script:alert(1)',
    fix: '—',
  },
  'scheme-insecure': {
    severity: 'warning',
    spec: 'RFC 3986 §7.1',
    summary:
      'An `http:`, `ws:` or `ftp:` URI to a host on the network: the request and the response travel unencrypted. Not reported for `localhost`, loopback addresses, the unspecified addresses (`0.0.0.0`, `[::]`: as a destination, this machine), the special-use names (`.test`, `.example`, `.localhost`, `.invalid`) and `example.com`/`.org`/`.net`. A policy check: `analyze` runs it only with `{ insecureScheme: true }`.',
    example: 'http://api.example.io/',
    fix: '— (suggestion: `https:` or `wss:`; none for `ftp:`)',
  },
} as const satisfies Record<string, CodeInfo>;
