import { SCHEME_CODES, type DiagnosticCode } from '@urilint/core';
import { findingOf } from '../finding.js';
import { BASE_SINK_SUFFIX } from '../js/sinks.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';

/** Scheme codes that belong to other rules: no-unknown-scheme, and the rules for a missing or abbreviated scheme. */
const OTHER_RULES: ReadonlySet<string> = new Set(['scheme-unknown', 'scheme-typo', 'scheme-abbreviated-uri', 'scheme-missing-colon']);

/** The rules of http(s), ws(s), file, mailto, urn, data and tel, and `port-out-of-range`. */
export const SCHEME_SPECIFIC_CODES: ReadonlySet<DiagnosticCode> = new Set(
  (Object.keys(SCHEME_CODES) as DiagnosticCode[]).filter((code) => !OTHER_RULES.has(code)),
);

/**
 * Core's fixes that keep what the URI means: `=` → `%3D` in a mailto header
 * decodes to the same `=`, and base64 padding decodes to the same bytes. Any
 * other fix of core (removing a WebSocket fragment drops text the author wrote)
 * is offered as a suggestion.
 */
const SAFE_FIXES: ReadonlySet<DiagnosticCode> = new Set(['mailto-unescaped-char', 'data-invalid-base64']);

function fixDescription(code: DiagnosticCode): string {
  if (code === 'ws-fragment') return 'Remove the fragment.';
  return 'Apply the repair.';
}

/** The codes of schemes whose rules are about the path (`data:`, `mailto:`, `tel:`, `urn:`). */
const OPAQUE_PATH_CODES = /^(data|mailto|tel|urn)-/;

export default defineCheck({
  name: 'valid-scheme-specific',
  recommended: false,
  strict: true,
  messages: { schemeSpecific: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    // An XML namespace name (`urn:oasis:names:tc:…`) is compared as text, never dereferenced: skipped.
    // The base of `new URL(path, base)` lends its scheme and authority only: a dummy `data://` or
    // `mailto:` base is no data or mailto URI, so the rules of those schemes' paths do not apply.
    const base = candidate.sink?.endsWith(BASE_SINK_SUFFIX) === true;
    return diagnosticsOf(candidate, { codes: SCHEME_SPECIFIC_CODES, from: 'analysis' })
      .filter((diagnostic) => !(base && OPAQUE_PATH_CODES.test(diagnostic.code)))
      .map((diagnostic) => {
        if (diagnostic.fix && SAFE_FIXES.has(diagnostic.code)) {
          return findingOf(this.name, candidate, diagnostic, 'schemeSpecific', { fix: true, suggest: 'suggestion' });
        }
        const suggestions = [...(diagnostic.fix ? [{ message: fixDescription(diagnostic.code), edits: diagnostic.fix }] : []), ...(diagnostic.suggestions ?? [])];
        return findingOf(this.name, candidate, { ...diagnostic, suggestions }, 'schemeSpecific', { suggest: 'suggestion' });
      });
  },
});
