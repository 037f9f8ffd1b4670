import { UriError } from './errors.js';
import { encodeCodePoint } from './percent.js';
import { parse } from './parse.js';
import { PlatformURL } from './whatwg/url.js';

/** Percent-encodes every non-ASCII code point of `text` as UTF-8 (RFC 3987 §3.1 step 2). */
function encodeNonAscii(text: string, offset: number): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    const cp = text.codePointAt(i)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      throw new UriError('lone-surrogate', `The unpaired surrogate U+${cp.toString(16).toUpperCase()} at ${offset + i} cannot be encoded (RFC 3987 §3.1).`);
    }
    out += text.slice(from, i) + encodeCodePoint(cp);
    if (cp > 0xffff) i++;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * A registered name to ASCII with IDNA (UTS #46 via the platform's WHATWG URL:
 * `bücher.example` → `xn--bcher-kva.example`), or `undefined` when it cannot be.
 */
function hostToAscii(host: string): string | undefined {
  try {
    const ascii = new PlatformURL(`http://${host}/`).hostname;
    return ascii === '' ? undefined : ascii;
  } catch {
    return undefined;
  }
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return true;
  return false;
}

export interface ToUriOptions {
  /** Convert a non-ASCII host with IDNA (default) instead of percent-encoding it. */
  idna?: boolean;
}

/**
 * Maps an IRI to a URI (RFC 3987 §3.1): every non-ASCII character becomes its
 * percent-encoded UTF-8 octets, and a non-ASCII host is converted with IDNA
 * (punycode) unless `{ idna: false }` or the conversion fails, in which case it
 * is percent-encoded too (RFC 3986 §3.2.2 allows that). ASCII is left as it is.
 * Throws a `UriError` (`lone-surrogate`) for text that has no UTF-8 form.
 */
export function toUri(iri: string, options: ToUriOptions = {}): string {
  const ref = parse(iri, { iri: true });
  const host = ref.host;
  if (host === undefined || host.kind !== 'reg-name' || options.idna === false) return encodeNonAscii(iri, 0);
  const name = iri.slice(host.start, host.end);
  const ascii = hasNonAscii(name) ? (hostToAscii(name) ?? encodeNonAscii(name, host.start)) : name;
  return encodeNonAscii(iri.slice(0, host.start), 0) + ascii + encodeNonAscii(iri.slice(host.end), host.end);
}
