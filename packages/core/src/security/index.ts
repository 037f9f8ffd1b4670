import type { Diagnostic, UriReference } from '../types.js';

/**
 * Security analysis (RFC 3986 §7): credentials in the userinfo, userinfo that
 * looks like a host, rare IPv4 forms, other protocols' ports, encoded CR/LF/NUL
 * and dot segments, script schemes with browser tolerance.
 */
export function checkSecurity(_reference: UriReference): Diagnostic[] {
  throw new Error('checkSecurity: not implemented yet');
}

/**
 * Reads `host` as browsers (WHATWG "IPv4 parser") and `inet_aton` do: one to
 * four parts, each decimal, octal (`0` prefix) or hex (`0x`), the last filling
 * the remaining bytes. The 32-bit address, or `undefined` when it is not one.
 */
export function parseIPv4Loose(_host: string): number | undefined {
  throw new Error('parseIPv4Loose: not implemented yet');
}

/** Dotted-decimal form of a 32-bit address: `2130706433` → `127.0.0.1`. */
export function formatIPv4(address: number): string {
  return [address >>> 24, (address >>> 16) & 255, (address >>> 8) & 255, address & 255].join('.');
}
