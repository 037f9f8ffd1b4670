import type { Diagnostic, UriReference } from '../types.js';
import { maskSecrets } from '../security/userinfo.js';
import { SPECIAL_SCHEMES, isUrl, whatwgParse, type WhatwgUrl } from './url.js';

/**
 * The base a relative reference is read against when the caller gives none:
 * `.invalid` (RFC 2606) cannot be a real origin, and messages name only the
 * path it leads to, "on the current origin".
 */
export const PLACEHOLDER_BASE = 'https://origin.invalid/current/page';
/** The path of `PLACEHOLDER_BASE`, named in messages as the current page. */
export const PLACEHOLDER_PAGE = '/current/page';
export const PLACEHOLDER_HOST = 'origin.invalid';

/** Everything the checks need: both readings of one input. */
export interface Reading {
  input: string;
  /** The RFC 3986 reading. */
  reference: UriReference;
  /** The WHATWG reading, when `URL` accepted the input. */
  url: WhatwgUrl | undefined;
  /** The message `URL` threw, when it rejected the input. */
  failure: string | undefined;
  /** The input was relative and read against `PLACEHOLDER_BASE`. */
  placeholder: boolean;
  /** The URL's scheme (or, on failure, the RFC scheme or the base's) is special. */
  special: boolean;
}

export type Check = (reading: Reading) => Diagnostic[];

function schemeOf(text: string): string {
  const colon = text.indexOf(':');
  return colon < 0 ? '' : text.slice(0, colon).toLowerCase();
}

/**
 * `new URL(input, base)`. Without a usable base (none, or one `URL` rejects) an
 * absolute input is read alone, and a relative one against `PLACEHOLDER_BASE`.
 */
export function readWhatwg(input: string, reference: UriReference, base: string | undefined): Reading {
  const usableBase = base !== undefined && isUrl(whatwgParse(base)) ? base : undefined;
  let placeholder = false;
  let result = whatwgParse(input, usableBase);
  if (!isUrl(result) && usableBase === undefined) {
    const relative = whatwgParse(input, PLACEHOLDER_BASE);
    if (isUrl(relative) || reference.kind === 'relative-ref') {
      result = relative;
      placeholder = true;
    }
  }
  const url = isUrl(result) ? result : undefined;
  const rfcScheme = reference.scheme === undefined ? '' : input.slice(reference.scheme.start, reference.scheme.end).toLowerCase();
  const scheme = url !== undefined ? url.protocol.slice(0, -1) : rfcScheme || schemeOf(usableBase ?? PLACEHOLDER_BASE);
  return {
    input,
    reference,
    url,
    failure: isUrl(result) ? undefined : result.failure,
    placeholder,
    special: SPECIAL_SCHEMES.has(scheme),
  };
}

/** URLs in messages are cut in the middle past this length. */
const MAX_SHOWN = 160;

function shorten(text: string): string {
  return text.length <= MAX_SHOWN ? text : text.slice(0, 100) + '…' + text.slice(-59);
}

/** Schemes whose URLs are fetched; for the others a browser only "reads" the URL. */
const FETCHED = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);

/**
 * What a browser does with the input, for the end of a message: "requests
 * https://x/", "requests /current/x on the current origin", "requests
 * //evil.example/x (another host, with the current page's scheme)", or "reads it
 * as javascript:alert(1)".
 */
export function outcome(reading: Reading): string {
  const url = reading.url;
  if (url === undefined) return 'rejects it';
  // The href as a browser serializes it holds the password: shown masked, as every secret.
  if (!FETCHED.has(url.protocol)) return `reads it as ${shorten(maskSecrets(url.href))}`;
  if (!reading.placeholder) return `requests ${shorten(maskSecrets(url.href))}`;
  const rest = maskSecrets(url.pathname + url.search + url.hash);
  if (url.hostname === PLACEHOLDER_HOST && url.protocol === 'https:' && url.port === '') {
    return `requests ${shorten(rest)} on the current origin`;
  }
  return `requests ${shorten('//' + url.host + rest)} (another host, with the current page's scheme)`;
}
