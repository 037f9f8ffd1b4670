/**
 * What a browser reads a URI as, in a form where escaping a character makes no difference: used to
 * tell a fix that keeps a URL's meaning from one that changes it.
 */
import { encodeCodePoint } from '../percent.js';
import { isUrl, whatwgParse } from './url.js';

const HEX = /^[0-9A-Fa-f]{2}$/;

/** What a relative reference is read against: a URL of a special scheme, with a path to resolve in. */
const BASE = 'https://base.invalid/dir/page';

/** Percent-decoded to octets, written one character per octet: `a%20b` and `a b` read alike, `%zz` stays. */
function octets(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (text[i] === '%' && HEX.test(text.slice(i + 1, i + 3))) {
      out += String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
      continue;
    }
    const cp = text.codePointAt(i)!;
    // Its UTF-8 octets, from core's own encoder (no platform TextEncoder in core's types).
    for (const hex of encodeCodePoint(cp).split('%').slice(1)) out += String.fromCharCode(parseInt(hex, 16));
    i += cp > 0xffff ? 2 : 1;
  }
  return out;
}

/**
 * What a browser reads `uri` as (the URL Standard, through the platform's `URL`; a relative
 * reference against a fixed base), or `undefined` when it rejects it: the scheme, user, password,
 * host and port as the standard gives them, and the path's segments, the query's names and values
 * and the fragment percent-decoded — the parts a server or a page reads, which escaping a character
 * does not change and turning `\` into `%5C` does (`/a\b` has the segments `a` and `b`). Two URIs
 * with the same reading are the same URL to a browser.
 */
export function browserReading(uri: string, relative: boolean): string | undefined {
  const url = whatwgParse(uri, relative ? BASE : undefined);
  if (!isUrl(url)) return undefined;
  const query = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? [octets(pair)] : [octets(pair.slice(0, equals)), octets(pair.slice(equals + 1))];
    });
  return JSON.stringify([
    url.protocol,
    octets(url.username),
    octets(url.password),
    url.hostname,
    url.port,
    url.pathname.split('/').map(octets),
    url.search === '' ? null : query,
    url.hash === '' ? null : octets(url.hash.slice(1)),
  ]);
}
