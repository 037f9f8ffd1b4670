import { excerpt } from '../messages.js';
import { tryPercentDecode } from '../percent.js';
import type { Component, Severity, Suggestion, UriReference } from '../types.js';
import { parseIPv4Loose } from './ipv4.js';
import { textOf } from './spans.js';

/**
 * `scheme-insecure` (RFC 3986 §7.1): an `http:`, `ws:` or `ftp:` URI whose host
 * is on the network. A policy, not a property of the string: it is not part of
 * `checkSecurity`, and callers choose the schemes and the hosts they allow.
 */

export interface InsecureSchemeOptions {
  /**
   * Hosts that may be reached without TLS besides the local ones: exact names
   * (`intranet.corp`, `10.0.0.7`, `[fd00::1]`) or `*.suffix`, which matches
   * every subdomain of `suffix` (not `suffix` itself). Case-insensitive.
   */
  allowHosts?: readonly string[];
  /** The schemes reported (lower case). Default `["http", "ws", "ftp"]`. */
  schemes?: readonly string[];
}

/** A `Diagnostic` with the code `scheme-insecure`. */
export interface InsecureSchemeFinding {
  code: 'scheme-insecure';
  severity: Severity;
  start: number;
  end: number;
  message: string;
  spec: string;
  component: Component;
  suggestions?: Suggestion[];
}

export const DEFAULT_INSECURE_SCHEMES: readonly string[] = ['http', 'ws', 'ftp'];

/** The encrypted scheme that carries the same protocol; `ftp` has none (FTPS and SFTP are other protocols). */
const SECURE_COUNTERPART: Readonly<Record<string, string>> = { http: 'https', ws: 'wss' };

/** The default port of the insecure scheme, dropped when the scheme is changed (`http://h:80` → `https://h`). */
const INSECURE_DEFAULT_PORT: Readonly<Record<string, string>> = { http: '80', ws: '80' };

/** Special-use names (RFC 6761, RFC 2606) that never reach a host on the Internet. */
const SPECIAL_USE_SUFFIXES = ['.test', '.example', '.localhost', '.invalid'];

/** RFC 2606 §3 second-level names reserved for documentation. */
const EXAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net'];

/** The eight 16-bit groups of an IPv6 address (without brackets), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let address = text;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted) {
    const v4 = dotted[2]!.split('.').map(Number);
    if (v4.some((n) => n > 255)) return undefined;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    address = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups = part.split(':');
    if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
    return groups.map((g) => Number.parseInt(g, 16));
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (head === undefined || rest === undefined) return undefined;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
}

/** `[::1]`, and `[::ffff:127.x.x.x]` (an IPv4 loopback address mapped into IPv6). */
function isIPv6Loopback(bracketed: string): boolean {
  const groups = ipv6Groups(bracketed.replace(/^\[|\]$/g, ''));
  if (groups === undefined) return false;
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff && groups[6]! >> 8 === 127;
}

/**
 * `localhost`, loopback addresses, the unspecified addresses (`0.0.0.0`, `[::]`: as a destination,
 * this machine — a server listening on all interfaces prints `http://0.0.0.0:8080`), the
 * special-use names and the documentation domains.
 */
export function isLocalOrReservedHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name.startsWith('[')) return isIPv6Loopback(name) || ipv6Groups(name.slice(1, -1))?.every((group) => group === 0) === true;
  if (name === 'localhost' || SPECIAL_USE_SUFFIXES.some((suffix) => name.endsWith(suffix))) return true;
  if (EXAMPLE_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`))) return true;
  const address = parseIPv4Loose(name);
  return address !== undefined && (address >>> 24 === 127 || address === 0);
}

/** IPv4 ranges no request from a linter should reach: RFC 1918 private, RFC 6598 shared, RFC 3927 link-local, "this network" and loopback. */
const NON_PUBLIC_IPV4: readonly [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
];

function inRange(address: number, [base, bits]: readonly [number, number]): boolean {
  return bits === 0 || address >>> (32 - bits) === base >>> (32 - bits);
}

/**
 * A host that is not on the public Internet: what `isLocalOrReservedHost` says, a private,
 * shared, link-local or unspecified IPv4 address (RFC 1918, RFC 6598, RFC 3927), an IPv6
 * unique-local (`fc00::/7`), link-local (`fe80::/10`), unspecified or loopback address (and those
 * mapped from IPv4), `*.local` (RFC 6762, multicast DNS) and a name of one label (an intranet's
 * `http://jenkins/`). A linter run on an untrusted tree contacts none of them unless told to.
 */
export function isNonPublicHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === '' || isLocalOrReservedHost(name)) return true;
  if (name.startsWith('[')) {
    const groups = ipv6Groups(name.replace(/^\[|\]$/g, ''));
    if (groups === undefined) return name.startsWith('[v');
    if (groups.every((g) => g === 0)) return true;
    if ((groups[0]! & 0xfe00) === 0xfc00 || (groups[0]! & 0xffc0) === 0xfe80) return true;
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return isNonPublicHost(`${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`);
    return false;
  }
  const address = parseIPv4Loose(name);
  if (address !== undefined) return NON_PUBLIC_IPV4.some((range) => inRange(address, range));
  return name.endsWith('.local') || !name.includes('.');
}

/** Whether `host` matches one of the `allowHosts` patterns (exact, or `*.suffix` for subdomains). */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((raw) => {
    const pattern = raw.toLowerCase().replace(/\.$/, '');
    if (pattern.startsWith('*.')) return name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1;
    return name === pattern;
  });
}

function effect(scheme: string): string {
  if (scheme === 'ftp') return 'FTP sends the user name, the password and the files unencrypted';
  if (scheme === 'ws') return 'every WebSocket message travels unencrypted';
  if (scheme === 'http') return 'the request, its cookies and the response travel unencrypted';
  return 'the connection is not encrypted';
}

/**
 * `scheme-insecure`: the URI uses one of `schemes` (default http, ws, ftp) to
 * reach a host that is neither local nor reserved nor in `allowHosts`. The
 * range is the scheme; the suggestion writes the TLS scheme (`https`, `wss`),
 * and drops an explicit default port (`:80`). `undefined` when there is
 * nothing to report (another scheme, no host, an allowed host).
 */
export function insecureSchemeFinding(reference: UriReference, options: InsecureSchemeOptions = {}): InsecureSchemeFinding | undefined {
  const { scheme: schemeSpan, host: hostSpan } = reference;
  if (schemeSpan === undefined || hostSpan === undefined || hostSpan.start === hostSpan.end) return undefined;
  const scheme = textOf(reference, schemeSpan).toLowerCase();
  const schemes = (options.schemes ?? DEFAULT_INSECURE_SCHEMES).map((s) => s.toLowerCase());
  if (!schemes.includes(scheme)) return undefined;
  const written = textOf(reference, hostSpan);
  const host = tryPercentDecode(written) ?? written;
  if (isLocalOrReservedHost(host) || hostMatches(host, options.allowHosts ?? [])) return undefined;

  const shownHost = excerpt(reference.input, hostSpan.start, hostSpan.end);
  const secure = SECURE_COUNTERPART[scheme];
  const advice = secure === undefined ? (scheme === 'ftp' ? 'use SFTP, FTPS or HTTPS instead' : 'use a protocol with TLS') : `use "${secure}:"`;
  const message = `"${textOf(reference, schemeSpan)}:" is not encrypted: ${effect(scheme)} to "${shownHost}", where anyone on the network path can read and change them; ${advice}.`;
  const finding: InsecureSchemeFinding = {
    code: 'scheme-insecure',
    severity: 'warning',
    start: schemeSpan.start,
    end: schemeSpan.end,
    message,
    spec: 'RFC 3986 §7.1',
    component: 'scheme',
  };
  if (secure !== undefined) {
    const edits = [{ start: schemeSpan.start, end: schemeSpan.end, text: secure }];
    const port = reference.port;
    // `https://host:80` would speak TLS to the plain-text port: the default port goes with the scheme.
    if (port !== undefined && textOf(reference, port) === INSECURE_DEFAULT_PORT[scheme]) edits.push({ start: port.start - 1, end: port.end, text: '' });
    finding.suggestions = [{ message: `Use "${secure}:" (the server must accept TLS on ${port !== undefined && edits.length === 1 ? `port ${textOf(reference, port)}` : 'its default port'}).`, edits }];
  }
  return finding;
}
