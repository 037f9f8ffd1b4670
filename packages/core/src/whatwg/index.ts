import type { Diagnostic, UriReference } from '../types.js';

export interface WhatwgOptions {
  /** The base a relative reference is resolved against, as a page's URL would be. */
  base?: string;
}

/** How the WHATWG URL Standard (browsers, Node's `URL`) reads a string, next to the RFC 3986 reading. */
export interface WhatwgComparison {
  /** What `new URL(input, base)` serializes to, or `undefined` when it throws. */
  href: string | undefined;
  /** Why `URL` rejected the input, when it did. */
  failure?: string;
  /** Each place where the two readings disagree, with its own code. */
  diagnostics: Diagnostic[];
}

/**
 * Computes the WHATWG reading of `input` with the platform's `URL` and reports
 * where it differs from RFC 3986: backslashes, `http:/x` and `http:x`, removed
 * tabs and newlines, stripped spaces, the last-`@` userinfo split, numeric
 * hosts, percent-decoded hosts, silently encoded characters.
 */
export function compareWithWhatwg(_input: string, _options?: WhatwgOptions, _reference?: UriReference): WhatwgComparison {
  throw new Error('compareWithWhatwg: not implemented yet');
}
