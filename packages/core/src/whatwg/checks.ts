import { diagnostic } from '../diagnostic.js';
import { excerpt } from '../messages.js';
import { tryPercentDecode } from '../percent.js';
import { looksLikeHostname } from '../security/hostlike.js';
import { formatIPv4, parseIPv4Loose } from '../security/ipv4.js';
import { SECRET_BULLET, shownInput } from '../security/secrets.js';
import { componentAt } from '../security/spans.js';
import type { Diagnostic, HostSpan } from '../types.js';
import { PLACEHOLDER_HOST, PLACEHOLDER_PAGE, outcome, type Reading } from './context.js';
import { hostToUnicode } from './punycode.js';
import { MAX_PER_CHECK, strippedEnds } from './text.js';

/** Special schemes that require `//` and a host (`file` does not). */
const NETWORK_SCHEMES = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/**
 * The RFC host, when a browser reads the same characters as the host: no
 * backslash (in a special URL) or tab or newline before its end, which other
 * checks report since they move or change the host.
 */
function hostText(reading: Reading): { span: HostSpan; text: string } | undefined {
  const span = reading.reference.host;
  if (span === undefined || span.kind !== 'reg-name' || span.start === span.end) return undefined;
  const before = reading.input.slice(0, span.end);
  if (/[\t\n\r]/.test(before) || (reading.special && before.includes('\\'))) return undefined;
  // A browser strips leading and trailing C0 controls and spaces before it parses (whatwg-c0-space-stripped):
  // a host at the end of `https://example.com\x00` is `example.com` to it.
  const { lead, trail } = strippedEnds(reading.input);
  const start = Math.max(span.start, lead);
  const end = Math.min(span.end, trail);
  if (start >= end) return undefined;
  return { span: { ...span, start, end }, text: reading.input.slice(start, end) };
}

/** Where the part that a browser reads as authority and path starts: after `scheme:`, or at 0. */
function afterScheme(reading: Reading): number {
  const scheme = reading.reference.scheme;
  return scheme === undefined ? 0 : scheme.end + 1;
}

/** `whatwg-backslash`: backslashes before the query or fragment of a special URL. */
export function checkBackslashes(reading: Reading): Diagnostic[] {
  if (reading.url === undefined || !reading.special) return [];
  const s = reading.input;
  const from = afterScheme(reading);
  let end = s.length;
  for (const delimiter of ['?', '#']) {
    const at = s.indexOf(delimiter, from);
    if (at >= 0 && at < end) end = at;
  }
  const out: Diagnostic[] = [];
  let i = s.indexOf('\\', from);
  while (i >= 0 && i < end && out.length < MAX_PER_CHECK) {
    const start = i;
    while (s.charCodeAt(i) === 0x5c) i++;
    const many = i - start > 1;
    out.push(
      diagnostic(
        'whatwg-backslash',
        start,
        i,
        componentAt(reading.reference, start),
        `A browser reads the ${many ? 'backslashes' : 'backslash'} as "${'/'.repeat(i - start)}" and ${outcome(reading)}.`,
        undefined,
        [{ message: `Write "${'/'.repeat(i - start)}".`, edits: [{ start, end: i, text: '/'.repeat(i - start) }] }],
      ),
    );
    i = s.indexOf('\\', i);
  }
  return out;
}

/** `whatwg-scheme-slashes`: `http:x`, `http:/x`, `http:///x`. */
export function checkSchemeSlashes(reading: Reading): Diagnostic[] {
  const scheme = reading.reference.scheme;
  if (reading.url === undefined || scheme === undefined) return [];
  const s = reading.input;
  const name = s.slice(scheme.start, scheme.end);
  if (!NETWORK_SCHEMES.has(name.toLowerCase())) return [];
  let i = scheme.end + 1;
  while (s.charCodeAt(i) === 0x2f) i++;
  const slashes = i - scheme.end - 1;
  if (slashes === 2 || s.charCodeAt(i) === 0x5c) return [];
  const rfc =
    slashes < 2
      ? `there is no "//" after "${name}:", so RFC 3986 reads a path and no host`
      : `"${name}:" is followed by ${slashes} slashes, so RFC 3986 reads an empty host and the path "${excerpt(s, reading.reference.path.start, reading.reference.path.end)}"`;
  const browser = slashes < 2 ? 'a browser' : 'a browser skips the extra slashes and';
  return [
    diagnostic(
      'whatwg-scheme-slashes',
      scheme.end,
      i,
      'authority',
      `${rfc[0]!.toUpperCase()}${rfc.slice(1)}; ${browser} ${outcome(reading)}.`,
      undefined,
      [{ message: `Write "${name}://".`, edits: [{ start: scheme.end, end: i, text: '://' }] }],
    ),
  ];
}

/** `whatwg-userinfo-last-at`: a browser splits the authority at its last `@`. */
export function checkLastAt(reading: Reading): Diagnostic[] {
  const { userinfo, host } = reading.reference;
  const url = reading.url;
  if (url === undefined || userinfo === undefined || host === undefined) return [];
  const s = reading.input;
  const first = s.indexOf('@', userinfo.start);
  if (first < 0 || first >= userinfo.end || !(url.username + url.password).includes('%40')) return [];
  // The password is never shown, even as a browser encodes it.
  const credentials = url.username + (url.password === '' ? '' : ':' + SECRET_BULLET.repeat(url.password.length));
  return [
    diagnostic(
      'whatwg-userinfo-last-at',
      userinfo.start,
      userinfo.end,
      'userinfo',
      `The authority has more than one "@": a browser splits at the last one, sends "${excerpt(credentials, 0, credentials.length)}" as the userinfo and ${outcome(reading)} (host "${url.hostname}"); parsers that split at the first "@" contact "${excerpt(shownInput(reading.reference), first + 1, host.end)}" instead.`,
    ),
  ];
}

/** `whatwg-ipv4-numeric-host`: a special URL's host that a browser reads as an IPv4 address. */
export function checkNumericHost(reading: Reading): Diagnostic[] {
  const host = hostText(reading);
  const url = reading.url;
  if (url === undefined || !reading.special || host === undefined || host.text.includes('%')) return [];
  const address = parseIPv4Loose(host.text);
  if (address === undefined) return [];
  const canonical = formatIPv4(address);
  if (canonical === host.text || url.hostname !== canonical) return [];
  return [
    diagnostic(
      'whatwg-ipv4-numeric-host',
      host.span.start,
      host.span.end,
      'host',
      `A browser reads the host "${host.text}" as the IPv4 address ${canonical} and ${outcome(reading)}; RFC 3986 reads a registered name that DNS would look up.`,
    ),
  ];
}

/** `whatwg-host-percent-decoded`: a special URL's host with triplets, which a browser decodes. */
export function checkHostDecoded(reading: Reading): Diagnostic[] {
  const host = hostText(reading);
  const url = reading.url;
  if (url === undefined || !reading.special || host === undefined || !host.text.includes('%')) return [];
  if (url.hostname === host.text.toLowerCase()) return [];
  const shown = excerpt(host.text, 0, host.text.length);
  const decoded = tryPercentDecode(host.text);
  const into = decoded === undefined ? '' : ` into "${excerpt(decoded, 0, decoded.length)}"`;
  return [
    diagnostic(
      'whatwg-host-percent-decoded',
      host.span.start,
      host.span.end,
      'host',
      `A browser percent-decodes the host "${shown}"${into} and ${outcome(reading)}; RFC 3986 compares and resolves the encoded name.`,
    ),
  ];
}

/** True when `output` is `input` up to case, Unicode normalization and Punycode. */
function sameLabel(input: string, output: string): boolean {
  return output === input || hostToUnicode(output) === input;
}

/** `whatwg-host-idna-mapped`: IDNA mapping changed a special URL's host beyond case and Punycode. */
export function checkIdna(reading: Reading): Diagnostic[] {
  const host = hostText(reading);
  const url = reading.url;
  if (url === undefined || !reading.special || host === undefined || host.text.includes('%')) return [];
  // Read as a path against the page (`__HTTP__://www.mocky.io/…`, whose scheme is no scheme): the host is the page's, not this text.
  if (reading.placeholder && url.hostname === PLACEHOLDER_HOST) return [];
  const input = host.text.normalize('NFC').toLowerCase();
  const inLabels = input.split('.');
  const outLabels = url.hostname.split('.');
  if (inLabels.length === outLabels.length && inLabels.every((label, k) => sameLabel(label, outLabels[k]!))) return [];
  if (parseIPv4Loose(host.text) !== undefined) return [];
  const unicode = hostToUnicode(url.hostname);
  const shownUnicode = unicode === url.hostname ? '' : ` (${url.hostname})`;
  return [
    diagnostic(
      'whatwg-host-idna-mapped',
      host.span.start,
      host.span.end,
      'host',
      `A browser maps the host "${excerpt(host.text, 0, host.text.length)}" to "${excerpt(unicode, 0, unicode.length)}"${shownUnicode} by IDNA and ${outcome(reading)}.`,
    ),
  ];
}

const ENCODED_DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** `whatwg-dot-segment-encoded`: `%2e` segments, which a browser removes as dot segments. */
export function checkEncodedDots(reading: Reading): Diagnostic[] {
  const path = reading.reference.path;
  if (reading.url === undefined || path.kind === 'rootless' || reading.input.indexOf('%', path.start) < 0) return [];
  const out: Diagnostic[] = [];
  for (const segment of path.segments) {
    if (out.length >= MAX_PER_CHECK) break;
    const text = reading.input.slice(segment.start, segment.end);
    if (text.length > 6 || !text.includes('%') || !ENCODED_DOT_SEGMENT.test(text)) continue;
    const dots = text.replace(/%2e/gi, '.');
    out.push(
      diagnostic(
        'whatwg-dot-segment-encoded',
        segment.start,
        segment.end,
        'path',
        `A browser reads "${text}" as "${dots}" and ${outcome(reading)}; RFC 3986 resolution keeps "${text}" as an ordinary segment.`,
      ),
    );
  }
  return out;
}

/** `whatwg-relative-path-host`: `api.example.com/users`, a relative path that looks like a host. */
export function checkRelativeHost(reading: Reading): Diagnostic[] {
  const { reference, url } = reading;
  if (url === undefined || reference.kind !== 'relative-ref' || reference.path.kind !== 'noscheme') return [];
  const first = reference.path.segments[0];
  if (first === undefined) return [];
  const name = reading.input.slice(first.start, first.end);
  if (!looksLikeHostname(name)) return [];
  const page = reading.placeholder ? ` (read against the page ${PLACEHOLDER_PAGE})` : '';
  const path = excerpt(reading.input, reference.path.start, reference.path.end);
  return [
    diagnostic(
      'whatwg-relative-path-host',
      first.start,
      first.end,
      'path',
      `"${path}" is a relative path, not a host: a browser ${outcome(reading)}${page}, not from "${name}".`,
      undefined,
      [{ message: `Add "https://" if "${name}" is a host.`, edits: [{ start: reference.path.start, end: reference.path.start, text: 'https://' }] }],
    ),
  ];
}
