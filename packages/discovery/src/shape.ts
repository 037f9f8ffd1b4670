/** Whether a string is a URI by its shape: shared by the discovery of every kind of source. */
import { hasOpaqueShape, lookupScheme, NON_HIERARCHICAL_SCHEMES } from '@urilint/core';
import type { UriCandidate } from './candidate.js';

/**
 * Hosts of XML and RDF namespace names (`http://www.w3.org/2000/svg`, `http://purl.org/dc/terms/`):
 * an `http` URI there names a vocabulary far more often than it is fetched.
 */
const NAMESPACE_HOSTS = new Set(['www.w3.org', 'purl.org', 'schemas.xmlsoap.org', 'schemas.openxmlformats.org', 'schemas.microsoft.com', 'ns.adobe.com', 'xmlns.com']);

/** A URI on a namespace host (see `NAMESPACE_HOSTS`): `http://www.w3.org/${ns}` names a vocabulary. */
export function isNamespaceHost(candidate: UriCandidate): boolean {
  const host = candidate.reference.host;
  return host !== undefined && NAMESPACE_HOSTS.has(candidate.uri.slice(host.start, host.end).toLowerCase());
}

/** Schemes an HTTP client reads a UNIX-socket URL under (`http+unix:` is the `requests-unixsocket` and Docker clients' form). */
const UNIX_SOCKET_SCHEMES = /^(?:https?|wss?)(?:\+unix)?$/i;

/**
 * A URL of the UNIX-socket conventions of HTTP clients, not a host on the network: got's and
 * request's `http://unix:/var/run/docker.sock:/info` (the socket path, a `:`, then the request path),
 * the `http://unix/var/run/x.sock:/path` form, and `http+unix://%2Fvar%2Frun%2Fx.sock/path`. The
 * client connects to the socket file; the `:` after `unix` is no port, and nothing crosses a network.
 */
export function isUnixSocketUrl(candidate: UriCandidate): boolean {
  const { scheme, host } = candidate.reference;
  if (scheme === undefined || host === undefined) return false;
  const name = candidate.uri.slice(scheme.start, scheme.end);
  if (/\+unix$/i.test(name)) return true;
  return UNIX_SOCKET_SCHEMES.test(name) && candidate.uri.slice(host.start, host.end).toLowerCase() === 'unix';
}

/** SQLite's schemes in database URLs: `sqlite`, `sqlite3`, `spatialite`, and a driver after `+` (SQLAlchemy's `sqlite+aiosqlite`). */
const SQLITE_SCHEMES = /^(?:sqlite3?|spatialite)(?:\+[a-z][a-z0-9]*)?$/i;

/**
 * SQLite's in-memory database written as a database URL, `sqlite://:memory:` (dj-database-url, Tortoise
 * ORM, sqlx, Bun's SQL client): `:memory:` is SQLite's own name for a database held in memory
 * (https://www.sqlite.org/inmemorydb.html), written where the authority goes; those clients read the
 * string whole before any URL parsing. The `:` before `memory:` is no port.
 */
export function isSqliteMemoryUrl(candidate: UriCandidate): boolean {
  const { scheme, authority } = candidate.reference;
  if (scheme === undefined || authority === undefined) return false;
  return SQLITE_SCHEMES.test(candidate.uri.slice(scheme.start, scheme.end)) && candidate.uri.slice(authority.start, authority.end) === ':memory:';
}

/** Well-known XML namespace names: identifiers, never fetched. */
export const XML_NAMESPACES = new Set([
  'http://www.w3.org/2000/svg',
  'http://www.w3.org/1999/xhtml',
  'http://www.w3.org/1999/xlink',
  'http://www.w3.org/XML/1998/namespace',
  'http://www.w3.org/2000/xmlns/',
  'http://www.w3.org/1998/Math/MathML',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://www.w3.org/2001/XMLSchema',
  'http://www.w3.org/2001/XMLSchema-instance',
  'http://schemas.xmlsoap.org/soap/envelope/',
  'http://www.w3.org/2005/Atom',
  'http://purl.org/dc/elements/1.1/',
  // Android's resource XML (the `android:`, `app:` and `tools:` prefixes of every layout and manifest).
  'http://schemas.android.com/apk/res/android',
  'http://schemas.android.com/apk/res-auto',
  'http://schemas.android.com/tools',
]);

const OPAQUE_SCHEMES = new Set(NON_HIERARCHICAL_SCHEMES);

/** Opaque schemes whose names are everyday words, written before a colon in labels and keys (`data:loaded`, `Geo:EU`). */
const WORD_SCHEMES = new Set(['data', 'geo']);

/**
 * Schemes written before what is not a URI: `docker://nginx:latest` (a GitHub Actions step's `uses:`,
 * the containers' transports) names an image, whose `:` comes before a tag, not a port.
 */
const NOT_URI_SCHEMES = new Set(['docker']);

/** `scheme:` followed by `//`, or a well-known opaque scheme: the start of a URI by its shape. */
const SCHEME_PREFIX = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/)?/;

/** Regular-expression syntax that a URL does not hold: an escape, a group, `.*`, anchors. */
const PATTERN_SYNTAX = /\\[dDwWsSbB.?*+()[\]{}|/]|\(\?[:=!<]|\[\^|\.\*|\.\+|\)\?|\$\/?$|^\^/;

/**
 * An XPath location path (Capybara's `find(:xpath, "//table/tbody/tr[1]/td[1]")`, Symfony's
 * `//TS/context/name[text()="…"]`): from `/` or `//`, XML names for steps, and a predicate that is a
 * position, an attribute or a function (`[1]`, `[@id]`, `[text()…]`, `[contains(…)]`). A path of a URI
 * has no `[` at all (RFC 3986 §3.3).
 */
const XPATH = /^\.?\/\/?[A-Za-z_*][\w.:-]*(?:\[[^\]]*\])?(?:\/\/?(?:[A-Za-z_*@][\w.:-]*(?:\(\))?|\.\.?)(?:\[[^\]]*\])?)*\[(?:\d|@|(?:text|contains|starts-with|normalize-space|last|position|not|count|local-name|name)\()/;

/**
 * A glob in the path (before any `?` or `#`): a segment `**` (`http://cheerio.js.org/**`, a crawler's
 * scope) or `*.ext` (`/dist/*.js`). A `*` is a sub-delimiter a URL's path may hold, but no URL is
 * written with these; a crawler, a router or a build tool matches URLs against them.
 */
const GLOB_PATH = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?(?:\/\/[^/?#\s]*)?(?:\/[^/?#\s]*)*?\/(?:\*\*|\*\.[A-Za-z0-9]{1,10})(?=[/?#]|$)/;

/** A quantifier right after a character class: `*`, `+`, `?`, `{3}`, `{3,}`, `{3,5}`. */
const QUANTIFIER = /[*+?]|\{\d+(?:,\d*)?\}/y;

/**
 * Whether `value` is the source of a pattern rather than a URL: regular-expression syntax (an escape,
 * a group, `.*`, anchors), a glob in the path (`/**`, `/*.js`), or a character class with a range, quantified (`[-a-zA-Z0-9+@.]{3,}`).
 * Linear in the length of `value`: each `[` starts a class that ends at the next `]`, `[` or
 * whitespace, so the classes it tries never overlap (a backtracking pattern for the class took
 * quadratic time on `http://[[[[…`).
 */
export function looksLikePattern(value: string): boolean {
  if (PATTERN_SYNTAX.test(value) || XPATH.test(value) || (value.includes('/*') && GLOB_PATH.test(value))) return true;
  let open = value.indexOf('[');
  while (open >= 0) {
    let end = open + 1;
    let range = false;
    for (; end < value.length; end++) {
      const c = value[end]!;
      if (c === ']' || c === '[' || /\s/.test(c)) break;
      if (c === '-' && end > open + 1 && isAsciiAlphanumeric(value[end - 1]!) && end + 1 < value.length && isAsciiAlphanumeric(value[end + 1]!)) range = true;
    }
    if (value[end] === ']' && range) {
      QUANTIFIER.lastIndex = end + 1;
      if (QUANTIFIER.test(value)) return true;
    }
    open = value[end] === '[' ? end : value.indexOf('[', end + 1);
  }
  return false;
}

function isAsciiAlphanumeric(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/**
 * Whether the static text starts like a URI: a known scheme with `//` (or a
 * known opaque one), or `//host`. With `holeFollows`, `https://` alone counts:
 * the hole after it (`${host}`) is the authority.
 */
export function hasUriShape(value: string, holeFollows = false): boolean {
  const match = SCHEME_PREFIX.exec(value);
  if (match) {
    const scheme = match[1]!.toLowerCase();
    if (scheme.length < 2 || lookupScheme(scheme) === undefined || NOT_URI_SCHEMES.has(scheme)) return false;
    const rest = value.slice(match[0].length);
    if (match[2] !== undefined) return (rest.length > 0 || holeFollows) && !/^\s/.test(rest);
    // A scheme that is an everyday word must also look like a URI of its kind (`data:` then a media
    // type or `,`): `"Data:LOADER"` is text on a page. `mailto:someone.example.com` is still a
    // mailto: URI, missing its "@".
    return OPAQUE_SCHEMES.has(scheme) && rest.length > 0 && !/^\s/.test(rest) && (!WORD_SCHEMES.has(scheme) || hasOpaqueShape(value));
  }
  // A network-path reference (`//host/…`); `//name:word`, one label and then no port number, is an
  // XPath step of a qualified name (`//xmlns:record`) or a path that starts with "//" (`//v:h`), not a host and its port.
  return /^\/\/[A-Za-z0-9[][A-Za-z0-9.:[\]-]*(\/|$)/.test(value) && !/^\/\/[A-Za-z_][\w-]*:(?![0-9]*(?:[/?#]|$))/.test(value);
}


/**
 * Names of keys and variables that hold a URL: `url`, `href`, `homepage`, `baseURL`, `apiUrl`,
 * `API_URL`, `docsUri`, `canonical_url`, `permanent-redirect`, `webhookEndpoint`.
 */
const URL_NAME = /^(?:url|uri|href|src|link|endpoint|homepage|website|redirect|baseurl|baseuri)$|(?:^|[-_.])(?:url|uri|href|link|endpoint|homepage|redirect)$/i;
/** The camel-case ending of such a name (`apiUrl`, `docsLink`): case matters, or `curl` and `unlink` would count. */
const URL_NAME_CAMEL = /[a-z0-9](?:Url|URL|Uri|URI|Href|Link|Endpoint|Redirect)$/;

/** Whether a key or variable name says its value is a URL. */
export function isUrlName(name: string | undefined): boolean {
  return name !== undefined && (URL_NAME.test(name) || URL_NAME_CAMEL.test(name));
}

/**
 * Whether a string with white space in it is still wholly one URI, so its spaces are problems to
 * report rather than the gaps of a sentence: it starts like a URI (`https://host…`), has no white
 * space at either end, no line break, no sentence punctuation (`. `, `, `, `: `) and no prose after
 * its first space (`PROSE_TAIL`: `https://github.com/org/repo/issues/1000 (response)` is a URL and prose), and either
 * its key or variable names a URL (`homepage`, `apiUrl`) or the space is its only gap
 * (`https://example.com/my docs/`).
 */
export function isWholeUri(value: string, name: string | undefined): boolean {
  // An OAuth scope is a list of scopes separated by spaces (RFC 6749 §3.3), some of them URIs.
  if (name !== undefined && /^scopes?$/i.test(name)) return false;
  // A `data:` URI's first comma ends its media type (`data:image/jpeg;base64, ${b64}`): not a sentence's.
  const comma = /^data:/i.test(value) ? value.indexOf(',') : -1;
  const punctuated = comma < 0 ? value : value.slice(0, comma) + value.slice(comma + 1);
  if (!hasUriShape(value) || !/^\S/.test(value) || !/\S$/.test(value) || /[\r\n]/.test(value) || /[.,;:!?]\s/.test(punctuated)) return false;
  const gap = value.search(/\s/);
  if (gap !== -1 && (PROSE_TAIL.test(value.slice(gap).trimStart()) || SRCSET_DESCRIPTOR.test(value.slice(gap).trimStart()) || ABSOLUTE_START.test(value.slice(gap).trimStart()) || ARROW_TAIL.test(value.slice(gap).trimStart()))) return false;
  return isUrlName(name) || value.split(/\s+/).length === 2;
}

/**
 * What follows a URL and a space when it starts a list of URIs, not more of the URL: another
 * absolute URI (`scheme://`). An XML schema location is namespace and location pairs separated by
 * spaces (`"http://apihost http://apihost/schema.xsd"`, XML Schema §4.3.2), and lists of URIs are
 * written the same way: each URI is read on its own.
 */
const ABSOLUTE_START = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

/**
 * What follows a URL and a space when it maps the URL to something else: an arrow (`=>`, `->`, `→`,
 * `⇒`, `⟶` or their reverse) and a space, as a log line or a test names a redirect
 * (`http://localhost:3600/a => http://localhost:3600/b`). A URL's path does not go on with an arrow.
 */
const ARROW_TAIL = /^(?:=>|->|<=|<-|[→⇒⟶←⇐⟵])\s/;

/**
 * What follows a URL and a space when it is prose, not more of the URL: a parenthetical
 * (`https://github.com/org/repo/issues/1000 (response)`) or two words or more (`… see there`).
 * A URI does not go on after its space with a `(` or with words alone; a path or a query does
 * (`/my docs/`, `?q=a b&c=d`).
 */
const PROSE_TAIL = /^(?:\(|\p{L}+(?:[\s,;-]+\p{L}+)+[.!?]?$)/u;

/**
 * The URIs of a value that lists absolute URIs separated by commas or semicolons, as `[start, end)`
 * ranges, or `undefined` when it is not such a list: oauth2-proxy's `connectionUrls:
 * "redis://a:26379,redis://b:26379"` (a Redis Sentinel's addresses), ASP.NET Core's `--urls
 * "http://localhost:10000;https://localhost:10001"`; a separator may end the list. A separator
 * before another `scheme://` splits the list where the URI before it has no query or fragment: in a
 * query a comma and a URL are the query's own (`?redirect=https://b.example/,https://c.example/`).
 */
export function uriListRanges(value: string): [number, number][] | undefined {
  if (!/[,;]/.test(value) || /\s/.test(value) || !ABSOLUTE_START.test(value)) return undefined;
  const ranges: [number, number][] = [];
  let start = 0;
  for (const match of value.matchAll(/[,;](?=[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)/g)) {
    const piece = value.slice(start, match.index);
    if (/[?#]/.test(piece)) break;
    ranges.push([start, match.index]);
    start = match.index + 1;
  }
  if (ranges.length === 0) return undefined;
  ranges.push([start, /[,;]$/.test(value) ? value.length - 1 : value.length]);
  return ranges.every(([a, b]) => ABSOLUTE_START.test(value.slice(a, b)) && hasUriShape(value.slice(a, b))) ? ranges : undefined;
}

/** A width or pixel density descriptor of a `srcset` candidate (`480w`, `1.5x`). */
const DESCRIPTOR = String.raw`(?:\d+w|\d*\.?\d+(?:[eE][-+]?\d+)?x)`;

/**
 * What follows an image URL and a space in a `srcset` (HTML §4.8.4.3.10): a width or a pixel
 * density descriptor (`480w`, `1.5x`), then the next candidate after a comma. `https://example.com/photo.jpg 1x`
 * is a URL and its descriptor, not a URL with a space.
 */
const SRCSET_DESCRIPTOR = new RegExp(String.raw`^${DESCRIPTOR}(?:\s*,|$)`);

/** One image candidate of a `srcset`: a URL, white space, one width or density descriptor. */
const SRCSET_CANDIDATE = new RegExp(String.raw`^\S+\s+${DESCRIPTOR}$`);

/**
 * Whether a string is a `srcset` written as a value (`{ srcset: "a.jpg 1x, b.jpg 2x" }`): image
 * candidates separated by commas, each a URL and its descriptor (HTML §4.8.4.3.10).
 */
export function isSrcset(value: string): boolean {
  return /\s/.test(value.trim()) && value.trim().split(/\s*,\s+/).every((piece) => SRCSET_CANDIDATE.test(piece));
}

