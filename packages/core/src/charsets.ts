/**
 * The character classes of RFC 3986 (Appendix A, §2) as lookup tables over
 * ASCII: `TABLE[c] === 1` when the code unit `c` (< 128) belongs to the rule.
 * Each table is built from smaller ones so that it reads like the ABNF line
 * quoted above it. Non-ASCII code units belong to none of them.
 */

export type CharTable = Uint8Array;

function table(...parts: (string | CharTable)[]): CharTable {
  const t = new Uint8Array(128);
  for (const part of parts) {
    if (typeof part === 'string') {
      for (let i = 0; i < part.length; i++) t[part.charCodeAt(i)] = 1;
    } else {
      for (let i = 0; i < 128; i++) if (part[i] === 1) t[i] = 1;
    }
  }
  return t;
}

function range(from: string, to: string): string {
  let s = '';
  for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) s += String.fromCharCode(c);
  return s;
}

// ALPHA = %x41-5A / %x61-7A   ; A-Z / a-z                  (RFC 5234 B.1)
export const ALPHA = table(range('A', 'Z'), range('a', 'z'));

// DIGIT = %x30-39             ; 0-9                        (RFC 5234 B.1)
export const DIGIT = table(range('0', '9'));

// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"       (case-insensitive)
export const HEXDIG = table(DIGIT, range('A', 'F'), range('a', 'f'));

// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"       (§2.3)
export const UNRESERVED = table(ALPHA, DIGIT, '-._~');

// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"     (§2.2)
export const GEN_DELIMS = table(':/?#[]@');

// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="   (§2.2)
export const SUB_DELIMS = table("!$&'()*+,;=");

// reserved = gen-delims / sub-delims                        (§2.2)
export const RESERVED = table(GEN_DELIMS, SUB_DELIMS);

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )      (§3.1) — the characters after the first
export const SCHEME_CHAR = table(ALPHA, DIGIT, '+-.');

// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )   (§3.2.1) — pct-encoded handled apart
export const USERINFO = table(UNRESERVED, SUB_DELIMS, ':');

// reg-name = *( unreserved / pct-encoded / sub-delims )    (§3.2.2) — pct-encoded handled apart
export const REG_NAME = table(UNRESERVED, SUB_DELIMS);

// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )   (§3.2.2) — the part after "."
export const IPVFUTURE_TAIL = table(UNRESERVED, SUB_DELIMS, ':');

// ZoneID = 1*( unreserved / pct-encoded )                  (RFC 6874 §2) — pct-encoded handled apart
export const ZONE_ID = table(UNRESERVED);

// port = *DIGIT                                            (§3.2.3)
export const PORT = DIGIT;

// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"   (§3.3) — pct-encoded handled apart
export const PCHAR = table(UNRESERVED, SUB_DELIMS, ':@');

// path = *( "/" / pchar ), the union of the five path rules (§3.3)
export const PATH_CHAR = table(PCHAR, '/');

// query = *( pchar / "/" / "?" )                           (§3.4)
export const QUERY = table(PCHAR, '/?');

// fragment = *( pchar / "/" / "?" )                        (§3.5)
export const FRAGMENT = table(PCHAR, '/?');

/**
 * Characters never allowed raw anywhere in a URI (RFC 2396 §2.4.3 "excluded"):
 * controls %x00-1F and %x7F, space, and `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`.
 */
export const EXCLUDED = table(range('\x00', '\x1f'), '\x7f', ' "<>\\^`{|}');

export function isHexDigit(c: number): boolean {
  return c < 128 && HEXDIG[c] === 1;
}

export function hexValue(c: number): number {
  if (c <= 0x39) return c - 0x30;
  return (c | 0x20) - 0x57;
}

/**
 * ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / … / %xE1000-EFFFD
 * (RFC 3987 §2.2): in each plane 1–14 everything but the last two code points
 * (plane 14 only from %xE1000).
 */
export function isUcschar(cp: number): boolean {
  if (cp < 0x10000) {
    return (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xf900 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xffef);
  }
  if (cp >= 0xe0000) return cp >= 0xe1000 && cp <= 0xefffd;
  return (cp & 0xffff) <= 0xfffd;
}

/** iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD (RFC 3987 §2.2), allowed in the query. */
export function isIprivate(cp: number): boolean {
  return (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0xffffd) || (cp >= 0x100000 && cp <= 0x10fffd);
}
