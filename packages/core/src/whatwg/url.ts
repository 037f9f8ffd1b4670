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

/** `new URL(input, base)`, or the reason it threw. */
export function whatwgParse(input: string, base?: string): WhatwgUrl | { failure: string } {
  try {
    return new PlatformURL(input, base);
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

/** The schemes the URL Standard calls special (§4.1): backslashes, host parsing and slashes differ for them. */
export const SPECIAL_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

/** True when `whatwgParse` returned a URL. */
export function isUrl(result: WhatwgUrl | { failure: string }): result is WhatwgUrl {
  return !('failure' in result);
}
