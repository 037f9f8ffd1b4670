import { parse } from '../parse.js';
import type { Diagnostic, UriReference } from '../types.js';
import {
  checkBackslashes,
  checkEncodedDots,
  checkHostDecoded,
  checkIdna,
  checkLastAt,
  checkNumericHost,
  checkRelativeHost,
  checkSchemeSlashes,
} from './checks.js';
import { readWhatwg, type Check } from './context.js';
import { checkEncodedChars } from './encoded.js';
import { checkRejected } from './failure.js';
import { checkStripped, checkTabsAndNewlines } from './text.js';

export { PLACEHOLDER_BASE } from './context.js';

export interface WhatwgOptions {
  /** The base a relative reference is resolved against, as a page's URL would be. */
  base?: string;
}

/** How the WHATWG URL Standard (browsers, Node's `URL`) reads a string, next to the RFC 3986 reading. */
export interface WhatwgComparison {
  /**
   * What `new URL(input, base)` serializes to, or `undefined` when it throws (then
   * `failure` says why) or when the comparison was skipped (no `failure`).
   * Without a `base`, a relative reference is read against `PLACEHOLDER_BASE`.
   */
  href: string | undefined;
  /** Why `URL` rejected the input, when it did. */
  failure?: string;
  /** Each place where the two readings disagree, with its own code. */
  diagnostics: Diagnostic[];
}

/** Longer inputs are not compared (no diagnostics, `href` undefined): 64 KiB of UTF-16 code units. */
export const MAX_WHATWG_INPUT = 64 * 1024;

const CHECKS: readonly Check[] = [
  checkRejected,
  checkStripped,
  checkTabsAndNewlines,
  checkSchemeSlashes,
  checkBackslashes,
  checkLastAt,
  checkNumericHost,
  checkHostDecoded,
  checkIdna,
  checkEncodedDots,
  checkEncodedChars,
  checkRelativeHost,
];

/**
 * Computes the WHATWG reading of `input` with the platform's `URL` and reports
 * where it differs from RFC 3986: backslashes, `http:/x` and `http:x`, removed
 * tabs and newlines, stripped spaces, the last-`@` userinfo split, numeric
 * hosts, percent-decoded and IDNA-mapped hosts, silently encoded characters,
 * `%2e` dot segments, failures, relative paths that look like hosts. Pure
 * normalization that both readings share (case, default port, empty path → `/`)
 * is no difference. Never throws; inputs over `MAX_WHATWG_INPUT` are skipped.
 *
 * Without `options.base`, an absolute input is read alone and a relative one
 * against `PLACEHOLDER_BASE`, with messages that speak of "the current origin".
 */
export function compareWithWhatwg(input: string, options: WhatwgOptions = {}, reference?: UriReference): WhatwgComparison {
  if (typeof input !== 'string' || input.length > MAX_WHATWG_INPUT) return { href: undefined, diagnostics: [] };
  const base = typeof options?.base === 'string' ? options.base : undefined;
  const reading = readWhatwg(input, reference ?? parse(input), base);
  const diagnostics = CHECKS.flatMap((check) => check(reading)).sort((a, b) => a.start - b.start || a.end - b.end);
  const comparison: WhatwgComparison = { href: reading.url?.href, diagnostics };
  if (reading.failure !== undefined) comparison.failure = reading.failure;
  return comparison;
}
