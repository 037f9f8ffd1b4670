import {
  FRAGMENT,
  PATH_CHAR,
  PCHAR,
  QUERY,
  REG_NAME,
  USERINFO,
  hexValue,
  isHexDigit,
  type CharTable,
} from './charsets.js';
import { UriError } from './errors.js';

const HEX = '0123456789ABCDEF';

/** `%` + two upper-case hex digits for one octet (§2.1, §6.2.2.1). */
export function encodeOctet(octet: number): string {
  return '%' + HEX[octet >> 4] + HEX[octet & 15];
}

/** A code point as its UTF-8 octets, each percent-encoded (RFC 3987 §3.1 step 2). */
export function encodeCodePoint(cp: number): string {
  if (cp < 0x80) return encodeOctet(cp);
  if (cp < 0x800) return encodeOctet(0xc0 | (cp >> 6)) + encodeOctet(0x80 | (cp & 63));
  if (cp < 0x10000) {
    return encodeOctet(0xe0 | (cp >> 12)) + encodeOctet(0x80 | ((cp >> 6) & 63)) + encodeOctet(0x80 | (cp & 63));
  }
  return (
    encodeOctet(0xf0 | (cp >> 18)) +
    encodeOctet(0x80 | ((cp >> 12) & 63)) +
    encodeOctet(0x80 | ((cp >> 6) & 63)) +
    encodeOctet(0x80 | (cp & 63))
  );
}

/**
 * Percent-encodes every code point of `text` that `allowed` does not contain,
 * `%` included: `text` is data, not a URI fragment that may already hold triplets.
 * A lone surrogate cannot be encoded and throws a `UriError` (`lone-surrogate`).
 */
function encodeWith(text: string, allowed: CharTable): string {
  let out = '';
  let plainFrom = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && allowed[c] === 1) continue;
    out += text.slice(plainFrom, i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeCodePoint(((c - 0xd800) << 10) + (next - 0xdc00) + 0x10000);
        i++;
      } else {
        throw new UriError('lone-surrogate', `The text has an unpaired surrogate U+${c.toString(16).toUpperCase()} at ${i}; it cannot be encoded as UTF-8.`);
      }
    } else {
      out += encodeCodePoint(c);
    }
    plainFrom = i + 1;
  }
  return plainFrom === 0 ? text : out + text.slice(plainFrom);
}

/** Encodes data for the userinfo: keeps `unreserved / sub-delims / ":"` (§3.2.1). */
export function encodeUserinfo(text: string): string {
  return encodeWith(text, USERINFO);
}

/** Encodes data for a registered name: keeps `unreserved / sub-delims` (§3.2.2). Prefer IDNA for non-ASCII names. */
export function encodeHost(text: string): string {
  return encodeWith(text, REG_NAME);
}

/** Encodes data for one path segment: keeps `pchar`, so `/` is encoded (§3.3). */
export function encodePathSegment(text: string): string {
  return encodeWith(text, PCHAR);
}

/** Encodes data for a whole path: keeps `pchar` and `/` (§3.3). */
export function encodePath(text: string): string {
  return encodeWith(text, PATH_CHAR);
}

/** Encodes data for the query: keeps `pchar / "/" / "?"` (§3.4). */
export function encodeQuery(text: string): string {
  return encodeWith(text, QUERY);
}

/** Encodes data for the fragment: keeps `pchar / "/" / "?"` (§3.5). */
export function encodeFragment(text: string): string {
  return encodeWith(text, FRAGMENT);
}

/**
 * Whether `text` is written in a URI's own characters: those a query keeps (`pchar / "/" / "?"`,
 * §3.4), `#`, and `%` only as the start of a triplet. Text a program writes into a URL itself
 * (`&start=`, `.well-known/openid-configuration`) is this: its delimiters are the author's.
 */
export function isUriText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25) {
      if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2))) return false;
      i += 2;
    } else if (c !== 0x23 && !(c < 128 && QUERY[c] === 1)) return false;
  }
  return true;
}

/**
 * The length of the well-formed UTF-8 sequence at `bytes[i]`, or 0 when the
 * octets there do not start one (RFC 3629 §4: no overlongs, no surrogates, ≤ U+10FFFF).
 */
export function utf8SequenceLength(bytes: ArrayLike<number>, i: number, end: number): number {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return 1;
  let len: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) len = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    len = 3;
    if (b0 === 0xe0) lo = 0xa0;
    else if (b0 === 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    len = 4;
    if (b0 === 0xf0) lo = 0x90;
    else if (b0 === 0xf4) hi = 0x8f;
  } else return 0;
  if (i + len > end) return 0;
  const b1 = bytes[i + 1]!;
  if (b1 < lo || b1 > hi) return 0;
  for (let k = 2; k < len; k++) {
    const b = bytes[i + k]!;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return len;
}

function decodeUtf8Sequence(bytes: ArrayLike<number>, i: number, len: number): number {
  const b0 = bytes[i]!;
  if (len === 1) return b0;
  if (len === 2) return ((b0 & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
  if (len === 3) return ((b0 & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
  return ((b0 & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f);
}

/**
 * Decodes every `%XX` triplet of `text` and reads the octets as UTF-8.
 * Throws a `UriError` with code `pct-invalid-triplet` for a `%` without two hex
 * digits, and `pct-invalid-utf8` when the octets are not well-formed UTF-8.
 * Decode one component at a time: decoding a whole URI changes its structure (§2.4).
 */
export function percentDecode(text: string): string {
  if (text.indexOf('%') === -1) return text;
  let out = '';
  let i = 0;
  const bytes: number[] = [];
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x25) {
      const next = text.indexOf('%', i);
      const stop = next === -1 ? text.length : next;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    // A run of consecutive triplets decodes as one octet string.
    const runStart = i;
    bytes.length = 0;
    while (i < text.length && text.charCodeAt(i) === 0x25) {
      const h1 = text.charCodeAt(i + 1);
      const h2 = text.charCodeAt(i + 2);
      if (!isHexDigit(h1) || !isHexDigit(h2)) {
        throw new UriError('pct-invalid-triplet', `"%" at ${i} is not followed by two hexadecimal digits.`);
      }
      bytes.push((hexValue(h1) << 4) | hexValue(h2));
      i += 3;
    }
    let k = 0;
    while (k < bytes.length) {
      const len = utf8SequenceLength(bytes, k, bytes.length);
      if (len === 0) {
        throw new UriError('pct-invalid-utf8', `The octets encoded at ${runStart + 3 * k} are not well-formed UTF-8.`);
      }
      out += String.fromCodePoint(decodeUtf8Sequence(bytes, k, len));
      k += len;
    }
  }
  return out;
}

/** Like `percentDecode`, but `undefined` instead of throwing. */
export function tryPercentDecode(text: string): string | undefined {
  try {
    return percentDecode(text);
  } catch (error) {
    if (error instanceof UriError) return undefined;
    throw error;
  }
}
