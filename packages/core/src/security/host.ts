import { diagnostic } from '../diagnostic.js';
import { excerpt } from '../messages.js';
import { tryPercentDecode } from '../percent.js';
import type { Diagnostic, UriReference } from '../types.js';
import { formatIPv4, parseIPv4Loose } from './ipv4.js';
import { FETCH_BAD_PORTS, OTHER_PROTOCOL_PORTS, WEB_SCHEMES } from './ports.js';
import { textOf } from './spans.js';

/**
 * `host-ipv4-rare-form`: a registered name that the WHATWG IPv4 parser and
 * `inet_aton` read as an address (after percent-decoding, as browsers do). The
 * fix writes the canonical dotted decimal; `127.0.0.1` itself is an RFC
 * `IPv4address` and never reported.
 */
export function checkRareIPv4(reference: UriReference): Diagnostic[] {
  const host = reference.host;
  if (host === undefined || host.kind !== 'reg-name' || host.start === host.end) return [];
  const text = textOf(reference, host);
  const decoded = tryPercentDecode(text) ?? text;
  const address = parseIPv4Loose(decoded);
  if (address === undefined) return [];
  const canonical = formatIPv4(address);
  if (canonical === text) return [];
  return [
    diagnostic(
      'host-ipv4-rare-form',
      host.start,
      host.end,
      'host',
      `The host "${excerpt(reference.input, host.start, host.end)}" is the IPv4 address ${canonical} in a rare form: browsers and inet_aton() connect to ${canonical}, while allow- and deny-lists that compare the text miss it.`,
      [{ start: host.start, end: host.end, text: canonical }],
    ),
  ];
}

function portMessage(port: number, service: string, scheme: string): string {
  const head = `Port ${port} is the well-known port of ${service}, not of ${scheme}`;
  if (FETCH_BAD_PORTS.has(port)) {
    return `${head}: browsers and fetch() refuse to connect to it, but other clients (curl, http.request) send the ${scheme} request to ${service}, which may read its lines as its own commands.`;
  }
  return `${head}: a client connects and sends the ${scheme} request to ${service}, which may read its lines as its own commands.`;
}

/** `port-other-protocol`: an http/https/ws/wss URI aimed at another protocol's port (RFC 3986 §7.2). */
export function checkPort(reference: UriReference): Diagnostic[] {
  const { scheme: schemeSpan, port: portSpan } = reference;
  if (schemeSpan === undefined || portSpan === undefined) return [];
  const scheme = textOf(reference, schemeSpan).toLowerCase();
  const digits = textOf(reference, portSpan);
  if (!WEB_SCHEMES.has(scheme) || !/^[0-9]{1,6}$/.test(digits)) return [];
  const port = Number(digits);
  const service = OTHER_PROTOCOL_PORTS.get(port);
  if (service === undefined) return [];
  return [diagnostic('port-other-protocol', portSpan.start, portSpan.end, 'port', portMessage(port, service, scheme))];
}
