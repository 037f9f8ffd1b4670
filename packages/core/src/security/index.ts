import type { Diagnostic, UriReference } from '../types.js';
import { checkEncodedControls, checkEncodedDotSegments } from './encoded.js';
import { checkPort, checkRareIPv4 } from './host.js';
import { checkScriptScheme } from './scripts.js';
import { checkUserinfo } from './userinfo.js';

export { formatIPv4, parseIPv4Loose } from './ipv4.js';

/**
 * Security analysis (RFC 3986 §7): credentials in the userinfo, userinfo that
 * looks like a host, rare IPv4 forms, other protocols' ports, encoded CR/LF/NUL
 * and dot segments, script schemes with browser tolerance. Warnings and infos
 * only: it never changes `valid`, and it reads the spans of `reference` (valid
 * or not), so it never throws.
 */
export function checkSecurity(reference: UriReference): Diagnostic[] {
  return [
    ...checkScriptScheme(reference),
    ...checkUserinfo(reference),
    ...checkRareIPv4(reference),
    ...checkPort(reference),
    ...checkEncodedDotSegments(reference),
    ...checkEncodedControls(reference),
  ].sort((a, b) => a.start - b.start || a.end - b.end);
}
