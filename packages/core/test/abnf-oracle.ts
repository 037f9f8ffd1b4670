/**
 * An independent RFC 3986 oracle for differential testing.
 *
 * The regular expression below is assembled rule by rule from the collected ABNF
 * of RFC 3986 Appendix A (and RFC 6874 for zone identifiers). Each `const` holds
 * the regex source for the ABNF rule of the same name, with the rule quoted above it.
 * Every rule is wrapped in a non-capturing group so it can be quantified safely.
 *
 * Only explicit, positive ASCII character classes are used (no `.`, no negated
 * classes, no `i` flag, no `m` flag), so no code unit >= 0x80, no line terminator
 * and no lone surrogate can ever be accepted. ABNF quoted strings are
 * case-insensitive, so they are spelled out as `[vV]` etc.
 *
 * This file deliberately does not look at the parser in `../src`.
 */

const g = (source: string): string => `(?:${source})`;

// ---------------------------------------------------------------------------
// RFC 5234 core rules
// ---------------------------------------------------------------------------

// ALPHA = %x41-5A / %x61-7A
const ALPHA = '[A-Za-z]';
// DIGIT = %x30-39
const DIGIT = '[0-9]';
// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"   (quoted strings are case-insensitive)
const HEXDIG = '[0-9A-Fa-f]';

// ---------------------------------------------------------------------------
// RFC 3986 §2: characters
// ---------------------------------------------------------------------------

// pct-encoded   = "%" HEXDIG HEXDIG
const PCT_ENCODED = g(`%${HEXDIG}${HEXDIG}`);
// unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
const UNRESERVED = '[A-Za-z0-9\\-._~]';
// gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
const GEN_DELIMS = '[:/?#\\[\\]@]';
// sub-delims    = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
const SUB_DELIMS = "[!$&'()*+,;=]";
// reserved      = gen-delims / sub-delims
const RESERVED = g(`${GEN_DELIMS}|${SUB_DELIMS}`);

// ---------------------------------------------------------------------------
// §3.1 scheme
// ---------------------------------------------------------------------------

// scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
const SCHEME = g(`${ALPHA}[A-Za-z0-9+\\-.]*`);

// ---------------------------------------------------------------------------
// §3.2 authority
// ---------------------------------------------------------------------------

// userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
const USERINFO = g(`(?:${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS}|:)*`);

// h16           = 1*4HEXDIG
const H16 = g(`${HEXDIG}{1,4}`);

// dec-octet     = DIGIT                 ; 0-9
//               / %x31-39 DIGIT         ; 10-99
//               / "1" 2DIGIT            ; 100-199
//               / "2" %x30-34 DIGIT     ; 200-249
//               / "25" %x30-35          ; 250-255
// (alternatives listed longest first; order does not change the language)
const DEC_OCTET = g(`25[0-5]|2[0-4]${DIGIT}|1${DIGIT}{2}|[1-9]${DIGIT}|${DIGIT}`);

// IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
const IPV4ADDRESS = g(`${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`);

// ls32          = ( h16 ":" h16 ) / IPv4address
const LS32 = g(`${H16}:${H16}|${IPV4ADDRESS}`);

// `n( h16 ":" )` and `[ *n( h16 ":" ) h16 ]`, the two building blocks of IPv6address.
const h16Colon = (n: number): string => g(`${H16}:`) + `{${n}}`;
const optPrefix = (maxRepeats: number): string =>
  maxRepeats === 0 ? `${H16}?` : g(`${g(`${H16}:`)}{0,${maxRepeats}}${H16}`) + '?';

// IPv6address   =                            6( h16 ":" ) ls32
//               /                       "::" 5( h16 ":" ) ls32
//               / [               h16 ] "::" 4( h16 ":" ) ls32
//               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//               / [ *4( h16 ":" ) h16 ] "::"              ls32
//               / [ *5( h16 ":" ) h16 ] "::"              h16
//               / [ *6( h16 ":" ) h16 ] "::"
const IPV6ADDRESS = g(
  [
    `${h16Colon(6)}${LS32}`,
    `::${h16Colon(5)}${LS32}`,
    `${optPrefix(0)}::${h16Colon(4)}${LS32}`,
    `${optPrefix(1)}::${h16Colon(3)}${LS32}`,
    `${optPrefix(2)}::${h16Colon(2)}${LS32}`,
    `${optPrefix(3)}::${H16}:${LS32}`,
    `${optPrefix(4)}::${LS32}`,
    `${optPrefix(5)}::${H16}`,
    `${optPrefix(6)}::`,
  ]
    .map(g)
    .join('|'),
);

// IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
const IPVFUTURE = g(`[vV]${HEXDIG}+\\.(?:${UNRESERVED}|${SUB_DELIMS}|:)+`);

// IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
const IP_LITERAL = g(`\\[(?:${IPV6ADDRESS}|${IPVFUTURE})\\]`);

// RFC 6874:
// ZoneID        = 1*( unreserved / pct-encoded )
const ZONEID = g(`(?:${UNRESERVED}|${PCT_ENCODED})+`);
// IPv6addrz     = IPv6address "%25" ZoneID
const IPV6ADDRZ = g(`${IPV6ADDRESS}%25${ZONEID}`);
// IP-literal    = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
const IP_LITERAL_Z = g(`\\[(?:${IPV6ADDRESS}|${IPV6ADDRZ}|${IPVFUTURE})\\]`);

// reg-name      = *( unreserved / pct-encoded / sub-delims )
const REG_NAME = g(`(?:${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS})*`);

// host          = IP-literal / IPv4address / reg-name
const HOST = g(`${IP_LITERAL}|${IPV4ADDRESS}|${REG_NAME}`);
const HOST_Z = g(`${IP_LITERAL_Z}|${IPV4ADDRESS}|${REG_NAME}`);

// port          = *DIGIT
const PORT = g(`${DIGIT}*`);

// authority     = [ userinfo "@" ] host [ ":" port ]
const AUTHORITY = g(`(?:${USERINFO}@)?${HOST}(?::${PORT})?`);
const AUTHORITY_Z = g(`(?:${USERINFO}@)?${HOST_Z}(?::${PORT})?`);

// ---------------------------------------------------------------------------
// §3.3 path
// ---------------------------------------------------------------------------

// pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
const PCHAR = g(`${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS}|[:@]`);
// segment       = *pchar
const SEGMENT = g(`${PCHAR}*`);
// segment-nz    = 1*pchar
const SEGMENT_NZ = g(`${PCHAR}+`);
// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
const SEGMENT_NZ_NC = g(`(?:${UNRESERVED}|${PCT_ENCODED}|${SUB_DELIMS}|@)+`);

// path-abempty  = *( "/" segment )
const PATH_ABEMPTY = g(`(?:/${SEGMENT})*`);
// path-absolute = "/" [ segment-nz *( "/" segment ) ]
const PATH_ABSOLUTE = g(`/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`);
// path-noscheme = segment-nz-nc *( "/" segment )
const PATH_NOSCHEME = g(`${SEGMENT_NZ_NC}(?:/${SEGMENT})*`);
// path-rootless = segment-nz *( "/" segment )
const PATH_ROOTLESS = g(`${SEGMENT_NZ}(?:/${SEGMENT})*`);
// path-empty    = 0<pchar>
const PATH_EMPTY = g('');
// path          = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
const PATH = g([PATH_ABEMPTY, PATH_ABSOLUTE, PATH_NOSCHEME, PATH_ROOTLESS, PATH_EMPTY].join('|'));

// ---------------------------------------------------------------------------
// §3.4 query, §3.5 fragment
// ---------------------------------------------------------------------------

// query         = *( pchar / "/" / "?" )
const QUERY = g(`(?:${PCHAR}|[/?])*`);
// fragment      = *( pchar / "/" / "?" )
const FRAGMENT = g(`(?:${PCHAR}|[/?])*`);

// ---------------------------------------------------------------------------
// §3, §4: URI, relative-ref, URI-reference
// ---------------------------------------------------------------------------

const buildReference = (authority: string): { uri: string; absoluteUri: string; relativeRef: string; uriReference: string } => {
  // hier-part     = "//" authority path-abempty
  //               / path-absolute
  //               / path-rootless
  //               / path-empty
  const hierPart = g(`//${authority}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|${PATH_EMPTY}`);
  // URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
  const uri = g(`${SCHEME}:${hierPart}(?:\\?${QUERY})?(?:#${FRAGMENT})?`);
  // absolute-URI  = scheme ":" hier-part [ "?" query ]
  const absoluteUri = g(`${SCHEME}:${hierPart}(?:\\?${QUERY})?`);
  // relative-part = "//" authority path-abempty
  //               / path-absolute
  //               / path-noscheme
  //               / path-empty
  const relativePart = g(`//${authority}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_NOSCHEME}|${PATH_EMPTY}`);
  // relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
  const relativeRef = g(`${relativePart}(?:\\?${QUERY})?(?:#${FRAGMENT})?`);
  // URI-reference = URI / relative-ref
  const uriReference = g(`${uri}|${relativeRef}`);
  return { uri, absoluteUri, relativeRef, uriReference };
};

const RFC3986 = buildReference(AUTHORITY);
const RFC6874 = buildReference(AUTHORITY_Z);

// URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
const URI = RFC3986.uri;
// absolute-URI  = scheme ":" hier-part [ "?" query ]
const ABSOLUTE_URI = RFC3986.absoluteUri;
// relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
const RELATIVE_REF = RFC3986.relativeRef;
// URI-reference = URI / relative-ref
const URI_REFERENCE = RFC3986.uriReference;
// URI-reference with RFC 6874's IP-literal.
const URI_REFERENCE_Z = RFC6874.uriReference;

const anchored = (source: string): RegExp => new RegExp(`^${source}$`);

const URI_REFERENCE_RE = anchored(URI_REFERENCE);
const URI_REFERENCE_Z_RE = anchored(URI_REFERENCE_Z);

/** Anchored regular expressions for individual rules (useful for tests of the oracle itself). */
export const rules = {
  scheme: anchored(SCHEME),
  reserved: anchored(RESERVED),
  userinfo: anchored(USERINFO),
  h16: anchored(H16),
  ls32: anchored(LS32),
  decOctet: anchored(DEC_OCTET),
  ipv4address: anchored(IPV4ADDRESS),
  ipv6address: anchored(IPV6ADDRESS),
  ipv6addrz: anchored(IPV6ADDRZ),
  ipvFuture: anchored(IPVFUTURE),
  ipLiteral: anchored(IP_LITERAL),
  regName: anchored(REG_NAME),
  host: anchored(HOST),
  port: anchored(PORT),
  authority: anchored(AUTHORITY),
  authorityWithZoneId: anchored(AUTHORITY_Z),
  path: anchored(PATH),
  query: anchored(QUERY),
  fragment: anchored(FRAGMENT),
  uri: anchored(URI),
  absoluteUri: anchored(ABSOLUTE_URI),
  relativeRef: anchored(RELATIVE_REF),
  uriReference: URI_REFERENCE_RE,
} as const;

/** True exactly when `s` matches RFC 3986 `URI-reference`. */
export function isUriReference(s: string): boolean {
  return URI_REFERENCE_RE.test(s);
}

/** True exactly when `s` matches `URI-reference` with RFC 6874's `IP-literal` (zone IDs allowed). */
export function isUriReferenceWithZoneId(s: string): boolean {
  return URI_REFERENCE_Z_RE.test(s);
}

// ---------------------------------------------------------------------------
// Appendix B: the first-match-wins component split
// ---------------------------------------------------------------------------

export interface OracleSpan {
  start: number;
  end: number;
}

export interface AppendixBComponents {
  scheme?: OracleSpan;
  authority?: OracleSpan;
  path: OracleSpan;
  query?: OracleSpan;
  fragment?: OracleSpan;
}

// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
// (`.` replaced by `[\s\S]` so that the fragment runs to the end of the input even
// across line terminators; the negated classes already match them.)
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#([\s\S]*))?/d;

const toSpan = (pair: [number, number] | undefined): OracleSpan | undefined =>
  pair === undefined ? undefined : { start: pair[0], end: pair[1] };

/** The Appendix B split of `s`: $2 scheme, $4 authority, $5 path, $7 query, $9 fragment. */
export function appendixB(s: string): AppendixBComponents {
  const m = APPENDIX_B.exec(s);
  const indices = m?.indices;
  if (m === null || indices === undefined) {
    // Cannot happen: every group is optional or can match the empty string.
    throw new Error('Appendix B regex failed to match');
  }
  const path = toSpan(indices[5]) ?? { start: 0, end: 0 };
  const out: AppendixBComponents = { path };
  const scheme = toSpan(indices[2]);
  const authority = toSpan(indices[4]);
  const query = toSpan(indices[7]);
  const fragment = toSpan(indices[9]);
  if (scheme !== undefined) out.scheme = scheme;
  if (authority !== undefined) out.authority = authority;
  if (query !== undefined) out.query = query;
  if (fragment !== undefined) out.fragment = fragment;
  return out;
}
