import { WHATWG_CODES, type Diagnostic, type DiagnosticCode } from '@urilint/core';
import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';

/**
 * Every difference from the WHATWG reading but `whatwg-relative-path-host`
 * (require-scheme reports it) and `whatwg-char-encoded` (an info: the
 * characters that matter are already errors of the RFC grammar).
 */
export const DIFFERENTIAL_CODES: ReadonlySet<DiagnosticCode> = new Set(
  (Object.keys(WHATWG_CODES) as DiagnosticCode[]).filter((code) => code !== 'whatwg-relative-path-host' && code !== 'whatwg-char-encoded'),
);

/**
 * Core reports some problems twice, with a WHATWG code and another one, on the
 * same characters: the numeric host (no-non-canonical-ip, with its fix) and the
 * port above 65535 (valid-scheme-specific). Those are left to the other rule.
 */
const SAME_AS: Readonly<Partial<Record<DiagnosticCode, DiagnosticCode>>> = {
  'whatwg-ipv4-numeric-host': 'host-ipv4-rare-form',
  'whatwg-url-rejects': 'port-out-of-range',
};

function reportedElsewhere(diagnostic: Diagnostic, all: readonly Diagnostic[]): boolean {
  const other = SAME_AS[diagnostic.code];
  return other !== undefined && all.some((d) => d.code === other && d.start === diagnostic.start && d.end === diagnostic.end);
}

export default defineCheck({
  name: 'no-parser-differential',
  recommended: false,
  strict: true,
  messages: { differential: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    // An XML namespace name is compared as text: no parser reads it, so no two can disagree.
    const all = candidate.analysis.diagnostics;
    return diagnosticsOf(candidate, { codes: DIFFERENTIAL_CODES, from: 'analysis' })
      .filter((diagnostic) => !reportedElsewhere(diagnostic, all))
      // Which reading was meant is the author's call: core's repairs are suggestions.
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'differential', { suggest: 'suggestion' }));
  },
});
