import { diagnostic } from '../diagnostic.js';
import { describeChar, excerpt } from '../messages.js';
import { tryPercentDecode } from '../percent.js';
import { parseIPv4Loose } from '../security/ipv4.js';
import type { Component, Diagnostic, Span } from '../types.js';
import type { Reading } from './context.js';

interface Cause {
  reason: string;
  span: Span;
  component: Component;
}

/** WHATWG forbidden domain code points (§3.2) that an RFC reg-name can carry encoded. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_DOMAIN = /[\u0000-\u0020#%/:<>?@[\\\]^|\u007f]/u;

/** The WHATWG "ends in a number" checker (§3.5): the last label is digits, or `0x` and hex. */
function endsInNumber(host: string): boolean {
  const labels = host.split('.');
  if (labels[labels.length - 1] === '' && labels.length > 1) labels.pop();
  const last = labels[labels.length - 1]!;
  return /^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/i.test(last);
}

function hostCause(reading: Reading): Cause | undefined {
  const host = reading.reference.host;
  if (host === undefined) return undefined;
  const text = reading.input.slice(host.start, host.end);
  const shown = excerpt(reading.input, host.start, host.end);
  const at = (reason: string): Cause => ({ reason, span: host, component: 'host' });
  if (host.zone !== undefined) return at('URL does not accept IPv6 zone identifiers');
  if (host.kind !== 'reg-name') return undefined;
  if (host.start === host.end) return reading.special ? at(`a special scheme's URL needs a host, and this one is empty`) : undefined;
  if (!reading.special) return undefined;
  const decoded = tryPercentDecode(text);
  if (decoded === undefined) return at(`the host "${shown}" does not percent-decode as UTF-8`);
  const forbidden = FORBIDDEN_DOMAIN.exec(decoded);
  if (forbidden !== null) return at(`the host "${shown}" decodes to ${describeChar(forbidden[0].codePointAt(0)!)}, which a host cannot hold`);
  if (endsInNumber(decoded) && parseIPv4Loose(decoded) === undefined) {
    return at(`the host "${shown}" ends in a number, so URL reads it as an IPv4 address, and it is not one`);
  }
  return at(`IDNA processing rejects the host "${shown}"`);
}

function portCause(reading: Reading): Cause | undefined {
  const port = reading.reference.port;
  if (port === undefined) return undefined;
  const digits = reading.input.slice(port.start, port.end);
  if (!/^[0-9]+$/.test(digits) || Number(digits) <= 65535) return undefined;
  return { reason: `the port ${excerpt(digits, 0, digits.length)} is above 65535`, span: port, component: 'port' };
}

function emptyHostCause(reading: Reading): Cause | undefined {
  if (!reading.special || reading.reference.host !== undefined) return undefined;
  return {
    reason: `a special scheme's URL needs a host, and this one has none`,
    span: { start: 0, end: reading.input.length },
    component: 'authority',
  };
}

/**
 * `whatwg-url-rejects`: `URL` throws on a reference that RFC 3986 accepts. Only
 * for valid references: an invalid one already has its errors (a zone ID is
 * one unless `allowZoneId`, and its code says browsers reject it).
 */
export function checkRejected(reading: Reading): Diagnostic[] {
  if (reading.failure === undefined || !reading.reference.valid) return [];
  const cause = portCause(reading) ?? hostCause(reading) ?? emptyHostCause(reading);
  const because = cause === undefined ? '' : ` because ${cause.reason}`;
  const span = cause !== undefined && cause.span.start < cause.span.end ? cause.span : { start: 0, end: reading.input.length };
  return [
    diagnostic(
      'whatwg-url-rejects',
      span.start,
      span.end,
      cause?.component ?? 'scheme',
      `new URL() throws "${excerpt(reading.failure, 0, reading.failure.length)}"${because}: a browser does not follow the link, and fetch() and new URL() fail.`,
    ),
  ];
}
