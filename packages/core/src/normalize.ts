import { UNRESERVED, hexValue, isHexDigit } from './charsets.js';
import { UriError } from './errors.js';
import { parse } from './parse.js';
import type { UriComponents } from './recompose.js';
import { componentsOf, recomposeTarget, removeDotSegments } from './resolve.js';
import { defaultPort } from './schemes/ports.js';
import type { ParseOptions, UriReference } from './types.js';

export interface NormalizeOptions extends ParseOptions {
  /**
   * Apply scheme-based normalization (§6.2.3) after syntax-based (§6.2.2):
   * drop an empty port and the scheme's default port, and give http(s) and
   * ws(s) an empty path with an authority the path "/". Default true.
   */
  schemeBased?: boolean;
}

/** Schemes whose empty path with an authority is equivalent to "/" (RFC 9110 §4.2.3, RFC 6455 §3). */
const EMPTY_PATH_IS_ROOT = new Set(['http', 'https', 'ws', 'wss']);

/**
 * §6.2.2.1 and §6.2.2.2 on one component: upper-case the hex digits of every
 * triplet, and decode the triplets of unreserved characters (`%7E` → `~`).
 * Reserved characters stay encoded: decoding `%2F` would change the structure.
 */
export function normalizePercentEncoding(text: string): string {
  if (text.indexOf('%') < 0) return text;
  let out = '';
  let from = 0;
  for (let i = text.indexOf('%'); i >= 0 && i + 2 < text.length; i = text.indexOf('%', i + 1)) {
    const h1 = text.charCodeAt(i + 1);
    const h2 = text.charCodeAt(i + 2);
    if (!isHexDigit(h1) || !isHexDigit(h2)) continue;
    const octet = (hexValue(h1) << 4) | hexValue(h2);
    out += text.slice(from, i) + (octet < 128 && UNRESERVED[octet] === 1 ? String.fromCharCode(octet) : text.slice(i, i + 3).toUpperCase());
    from = i + 3;
    i += 2;
  }
  return out + text.slice(from);
}

/**
 * The host normalized (§6.2.2.1, §6.2.2.2): unreserved triplets decoded, then
 * lower-cased with the hex of the remaining triplets upper-cased (`%41` in a
 * reg-name is "a"). An IPv6 zone identifier keeps its case: it may matter.
 */
function normalizeHost(ref: UriReference): string {
  const host = ref.host!;
  const end = host.zone === undefined ? host.end : host.zone.start;
  const lowered = normalizePercentEncoding(ref.input.slice(host.start, end))
    .toLowerCase()
    .replace(/%[0-9a-f]{2}/g, (triplet) => triplet.toUpperCase());
  return host.zone === undefined ? lowered : lowered + normalizePercentEncoding(ref.input.slice(host.zone.start, host.end));
}

function normalizeAuthority(ref: UriReference, scheme: string | undefined, schemeBased: boolean): string {
  let out = '';
  if (ref.userinfo) out += normalizePercentEncoding(ref.input.slice(ref.userinfo.start, ref.userinfo.end)) + '@';
  out += normalizeHost(ref);
  if (ref.port) {
    const port = ref.input.slice(ref.port.start, ref.port.end);
    const drop = schemeBased && (port === '' || (scheme !== undefined && Number(port) === defaultPort(scheme)));
    if (!drop) out += ':' + port;
  }
  return out;
}

/**
 * Normalizes a URI reference: syntax-based normalization (§6.2.2 — scheme and
 * host to lower case, percent-encoding hex to upper case, unreserved characters
 * decoded, dot segments removed from the path of a reference with a scheme or
 * authority) and, unless `{ schemeBased: false }`, scheme-based normalization
 * (§6.2.3). Idempotent. Throws a `UriError` (`uri-invalid`) for a string that is
 * not a valid URI reference, rather than turn it into a valid one silently.
 */
export function normalize(uri: string, options: NormalizeOptions = {}): string {
  const ref = parse(uri, options);
  if (!ref.valid) {
    const codes = [...new Set(ref.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code))].join(', ');
    throw new UriError('uri-invalid', `"${uri}" is not a valid URI reference (${codes}); fix it before normalizing.`);
  }
  return recomposeTarget(normalizeComponents(ref, options.schemeBased !== false));
}

/** The normalized components of a valid parsed reference. */
export function normalizeComponents(ref: UriReference, schemeBased = true): UriComponents {
  const parts = componentsOf(ref);
  const scheme = parts.scheme?.toLowerCase();
  const authority = ref.authority ? normalizeAuthority(ref, scheme, schemeBased) : undefined;
  let path = normalizePercentEncoding(parts.path);
  // §6.2.2.3: a normalizer removes dot segments by applying remove_dot_segments (§5.2.4) to the
  // path, whatever its kind: `file:a/b/.` is `file:a/b/`, and a `..` climbs over a rootless path's
  // first segment as over any other (`mailto:x/../y` is `mailto:/y`). A relative reference keeps
  // them, as a first segment with a colon needs them (`./a:b`).
  if (scheme !== undefined || authority !== undefined) path = removeDotSegments(path);
  // Without an authority, a path that now starts with "//" would be read as one: "/." keeps it a path (§5.3).
  if (authority === undefined && path.startsWith('//')) path = '/.' + path;
  if (schemeBased && authority !== undefined && path === '' && scheme !== undefined && EMPTY_PATH_IS_ROOT.has(scheme)) {
    path = '/';
  }
  return {
    scheme,
    authority,
    path,
    query: parts.query === undefined ? undefined : normalizePercentEncoding(parts.query),
    fragment: parts.fragment === undefined ? undefined : normalizePercentEncoding(parts.fragment),
  };
}

export interface EquivalentOptions extends ParseOptions {
  /** Climb to scheme-based normalization (§6.2.3) too. Default true. */
  schemeBased?: boolean;
}

/**
 * The comparison ladder of §6.2: equal strings (§6.2.1), then equal after
 * syntax-based normalization (§6.2.2), then — unless `{ schemeBased: false }` —
 * after scheme-based normalization (§6.2.3). Protocol-based normalization
 * (§6.2.4) needs the network and is out of scope. A string that is not a valid
 * URI reference is equivalent only to itself.
 */
export function equivalent(a: string, b: string, options: EquivalentOptions = {}): boolean {
  if (a === b) return true;
  const ra = parse(a, options);
  const rb = parse(b, options);
  if (!ra.valid || !rb.valid) return false;
  if (recomposeTarget(normalizeComponents(ra, false)) === recomposeTarget(normalizeComponents(rb, false))) return true;
  if (options.schemeBased === false) return false;
  return recomposeTarget(normalizeComponents(ra, true)) === recomposeTarget(normalizeComponents(rb, true));
}
