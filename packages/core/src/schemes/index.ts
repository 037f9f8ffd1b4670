import type { Diagnostic, UriReference } from '../types.js';

export { DEFAULT_PORTS, defaultPort } from './ports.js';

/** What the registry knows of a scheme. */
export interface SchemeInfo {
  /** Lower-case name. */
  name: string;
  /** IANA registration status, or `unofficial` for common unregistered schemes. */
  status: 'permanent' | 'provisional' | 'historical' | 'unofficial';
  /** Where the scheme is specified, when the source says. */
  reference?: string;
}

/** The registry entry of `name` (case-insensitive); `web+…` schemes are known by their prefix. */
export function lookupScheme(_name: string): SchemeInfo | undefined {
  throw new Error('lookupScheme: not implemented yet');
}

/** A known scheme one edit away from `name` (`htps` → `https`), if exactly one is best. */
export function suggestScheme(_name: string): string | undefined {
  throw new Error('suggestScheme: not implemented yet');
}

/**
 * Scheme knowledge and scheme-specific rules for a parsed reference: unknown
 * schemes and typos, abbreviated URIs read as a scheme (`localhost:3000/x`),
 * and the rules of http(s), ws(s), file, mailto, urn, data, tel and script schemes.
 */
export function checkScheme(_reference: UriReference): Diagnostic[] {
  throw new Error('checkScheme: not implemented yet');
}
