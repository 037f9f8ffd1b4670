/**
 * The platform's WHATWG `URL` (Node's ada, or the browser's), typed here so that
 * core needs neither DOM nor Node type libraries: it is a global in both.
 */
export interface WhatwgUrl {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

interface WhatwgUrlConstructor {
  new (input: string, base?: string): WhatwgUrl;
}

export const PlatformURL = (globalThis as unknown as { URL: WhatwgUrlConstructor }).URL;

/**
 * The failure of every rejected input, in every runtime: the URL Standard gives a parse failure no
 * text, and runtimes word their exception each its own way (Node "Invalid URL", Chromium "Failed to
 * construct 'URL': Invalid URL"), so core says what Node says, and a message is the same wherever it
 * is made.
 */
export const URL_FAILURE = 'Invalid URL';

/**
 * `new URL(input, base)` as the URL Standard reads it, or its failure (`URL_FAILURE`).
 *
 * The platform's `URL` does the reading; where a runtime departs from the Standard, the Standard
 * wins, so that `scan` in Node and a page in a browser report alike (`conformsToStandard`).
 */
export function whatwgParse(input: string, base?: string): WhatwgUrl | { failure: string } {
  let url: WhatwgUrl;
  try {
    url = new PlatformURL(input, base);
  } catch {
    return { failure: URL_FAILURE };
  }
  return conformsToStandard(url) ? url : { failure: URL_FAILURE };
}

/** The schemes the URL Standard calls special (§4.1): backslashes, host parsing and slashes differ for them. */
export const SPECIAL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

/**
 * The URL Standard's forbidden domain code points (§3.1): the forbidden host code points (NUL, tab,
 * LF, CR, space, `#`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`), the other C0 controls,
 * `%` and DEL. The host parser fails on a domain holding one (`domain-invalid-code-point`).
 */
function isForbiddenDomainCodePoint(code: number): boolean {
  return code <= 0x20 || code === 0x7f || '#%/:<>?@[\\]^|'.includes(String.fromCharCode(code));
}

/**
 * False for a URL that a conforming parser could not have returned: a special URL whose domain (not
 * an IPv6 literal) holds a forbidden domain code point. The Standard's host parser percent-decodes
 * a special URL's host and fails on such a domain, so its serialised host never holds one; Chromium
 * instead keeps `http://exa mple.com/` with the host `exa%20mple.com`.
 */
export function conformsToStandard(url: Pick<WhatwgUrl, 'protocol' | 'hostname'>): boolean {
  if (!SPECIAL_SCHEMES.has(url.protocol.slice(0, -1)) || url.hostname.startsWith('[')) return true;
  for (let i = 0; i < url.hostname.length; i++) if (isForbiddenDomainCodePoint(url.hostname.charCodeAt(i))) return false;
  return true;
}

/** True when `whatwgParse` returned a URL. */
export function isUrl(result: WhatwgUrl | { failure: string }): result is WhatwgUrl {
  return !('failure' in result);
}
