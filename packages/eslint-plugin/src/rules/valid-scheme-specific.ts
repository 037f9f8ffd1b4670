import { SCHEME_CODES, type DiagnosticCode } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { findingListeners } from '../findings.js';
import { reportDiagnostic } from '../report.js';

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

export default createRule<[], 'schemeSpecific' | 'suggestion'>({
  name: 'valid-scheme-specific',
  meta: {
    type: 'problem',
    docs: {
      description: 'Enforce the syntax of http(s), ws(s), file, mailto, urn, data and tel URIs, and ports within 0–65535',
      strict: true,
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [],
    messages: {
      schemeSpecific: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [],
  create(context) {
    // An XML namespace name (`urn:oasis:names:tc:…`) is compared as text, never dereferenced: skipped.
    return findingListeners(context, { codes: SCHEME_SPECIFIC_CODES, from: 'analysis' }, (candidate, diagnostic) => {
      if (diagnostic.fix && SAFE_FIXES.has(diagnostic.code)) {
        reportDiagnostic(context, candidate, diagnostic, 'schemeSpecific', { fix: true, suggest: 'suggestion' });
        return;
      }
      const suggestions = [
        ...(diagnostic.fix ? [{ message: fixDescription(diagnostic.code), edits: diagnostic.fix }] : []),
        ...(diagnostic.suggestions ?? []),
      ];
      reportDiagnostic(context, candidate, { ...diagnostic, suggestions }, 'schemeSpecific', { suggest: 'suggestion' });
    });
  },
});
