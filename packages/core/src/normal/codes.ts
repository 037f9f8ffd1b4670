import type { CodeInfo } from '../codes.js';

/** Deviations from the normal form of RFC 3986 §6 (reported by `checkNormalForm`); never affect `valid`. */
export const NORMAL_FORM_CODES = {
  'normal-scheme-case': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.2.1',
    summary: 'The scheme has upper-case letters; it is case-insensitive and normally lower case.',
    example: 'HTTPS://example.com/',
    fix: 'lower-case the scheme',
  },
  'normal-host-case': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.2.1',
    summary: 'The host has upper-case letters; it is case-insensitive and normally lower case.',
    example: 'https://Example.COM/',
    fix: 'lower-case the host',
  },
  'normal-pct-hex-case': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.2.1',
    summary: 'A percent-encoded triplet has lower-case hex digits; the normal form is upper case.',
    example: 'https://example.com/caf%c3%a9',
    fix: 'upper-case the hex digits',
  },
  'normal-pct-unreserved': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.2.2',
    summary: 'A triplet encodes an unreserved character (`%7E` for `~`), which is written as itself.',
    example: 'https://example.com/%7Euser',
    fix: 'decode the triplet (never an encoded dot segment)',
  },
  'normal-dot-segments': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.2.3',
    summary: 'The path of a URI has `.` or `..` segments, which the normal form removes.',
    example: 'https://example.com/a/./b/../c',
    fix: 'remove the dot segments',
  },
  'normal-default-port': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.3',
    summary: 'The port is the scheme’s default and omitted in the normal form.',
    example: 'https://example.com:443/',
    fix: 'remove the port and its `:`',
  },
  'normal-empty-port': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.3',
    summary: 'An empty port (`host:`) is omitted with its `:` in the normal form.',
    example: 'https://example.com:/',
    fix: 'remove the `:`',
  },
  'normal-empty-path': {
    severity: 'info',
    spec: 'RFC 3986 §6.2.3',
    summary: 'An http(s) or ws(s) URI with an authority and an empty path is written with the path `/`.',
    example: 'https://example.com',
    fix: 'add `/`',
  },
} as const satisfies Record<string, CodeInfo>;
