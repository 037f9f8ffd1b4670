/**
 * The contract of a scheme module: one file per scheme (or family of schemes)
 * in this directory, listed once in `MODULES` in `index.ts`. A module reads the
 * spans of a parsed reference — it never re-parses the input — and reports the
 * rules of its scheme's own syntax. Default ports are not a module's business:
 * they come from `DEFAULT_PORTS` (`ports.ts`), and the port range is checked in
 * `index.ts` for every scheme listed there.
 */
import { DIGIT, UNRESERVED } from '../charsets.js';
import { excerpt } from '../messages.js';
import type { Diagnostic, Span, UriReference } from '../types.js';

/** Receives the diagnostics of a check. */
export type Report = (diagnostic: Diagnostic) => void;

export interface SchemeModule {
  /** The lower-case schemes the module checks. */
  readonly names: readonly string[];
  /**
   * Reports what breaks the scheme's syntax in `reference`, whose scheme is one
   * of `names` (any case). Never throws, whatever the input.
   */
  check(reference: UriReference, report: Report): void;
}

/** The lower-case scheme of `reference` (`''` for a relative reference). */
export function schemeName(reference: UriReference): string {
  const { scheme, input } = reference;
  return scheme === undefined ? '' : input.slice(scheme.start, scheme.end).toLowerCase();
}

/** The scheme as written, for messages. */
export function schemeText(reference: UriReference): string {
  const { scheme, input } = reference;
  return scheme === undefined ? '' : input.slice(scheme.start, scheme.end);
}

/**
 * What follows `scheme:`, up to the fragment's `#` (or the query's `?` too when
 * `withQuery` is false): the part an opaque scheme (mailto, urn, data, tel)
 * defines for itself, including a `//` authority if one was written.
 */
export function body(reference: UriReference, withQuery: boolean): Span {
  const start = reference.scheme === undefined ? 0 : reference.scheme.end + 1;
  let end = reference.input.length;
  if (reference.fragment !== undefined) end = reference.fragment.start - 1;
  if (!withQuery && reference.query !== undefined) end = reference.query.start - 1;
  return { start, end: Math.max(start, end) };
}

/** The range `scheme:` — where a diagnostic about an empty body is shown. */
export function schemeAndColon(reference: UriReference): Span {
  const scheme = reference.scheme;
  return scheme === undefined ? { start: 0, end: 0 } : { start: scheme.start, end: scheme.end + 1 };
}

export function isDigit(c: number): boolean {
  return c < 128 && DIGIT[c] === 1;
}

// alphanum = ALPHA / DIGIT
export function isAlphanum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

export function isUnreserved(c: number): boolean {
  return c < 128 && UNRESERVED[c] === 1;
}

/** True when `s[i]` opens a percent-encoded triplet `%` HEXDIG HEXDIG. */
export function isTriplet(s: string, i: number): boolean {
  return s.charCodeAt(i) === 0x25 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2));
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** The value of the triplet at `s[i]` (call only where `isTriplet(s, i)`). */
export function tripletValue(s: string, i: number): number {
  return parseInt(s.slice(i + 1, i + 3), 16);
}

/** The index of the first `ch` (one code unit) in `s[start, end)`, or `end`; never reads past `end`. */
export function indexIn(s: string, ch: string, start: number, end: number): number {
  const c = ch.charCodeAt(0);
  for (let i = start; i < end; i++) if (s.charCodeAt(i) === c) return i;
  return end;
}

/**
 * Splits `s[start, end)` at each `separator`: the spans between them (empty
 * ones included), so `a,,b` gives three.
 */
export function splitSpan(s: string, separator: string, start: number, end: number): Span[] {
  const parts: Span[] = [];
  let from = start;
  for (;;) {
    const at = indexIn(s, separator, from, end);
    parts.push({ start: from, end: at });
    if (at >= end) return parts;
    from = at + 1;
  }
}

/** Quotes `text` for a message, shortened when long. */
export function quote(s: string, start: number, end: number): string {
  return `"${excerpt(s, start, end)}"`;
}
