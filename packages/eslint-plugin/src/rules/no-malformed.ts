import { SYNTAX_CODES, type DiagnosticCode } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { findingListeners } from '../findings.js';
import { reportDiagnostic } from '../report.js';

/** The grammar's errors other than escaping: those belong to no-unescaped-chars and no-invalid-percent-encoding. */
export const MALFORMED_CODES: ReadonlySet<DiagnosticCode> = new Set(
  (Object.keys(SYNTAX_CODES) as DiagnosticCode[]).filter(
    (code) => SYNTAX_CODES[code as keyof typeof SYNTAX_CODES].severity === 'error' && !code.endsWith('-unescaped-char') && code !== 'iri-char' && !code.startsWith('pct-'),
  ),
);

export default createRule({
  name: 'no-malformed',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow URIs that break the RFC 3986 grammar (scheme, authority, IP literals, port, path structure)',
      recommended: true,
      strict: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      malformed: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [],
  create(context) {
    return findingListeners(context, { codes: MALFORMED_CODES, from: 'reference', namespaces: true }, (candidate, diagnostic) => {
      // Core's mechanical repair (brackets around an IPv6 host, "./" before a path) changes
      // what the string means, so it is offered, not applied.
      const suggestions = diagnostic.fix ? [{ message: fixDescription(diagnostic.code), edits: diagnostic.fix }] : [];
      reportDiagnostic(context, candidate, { ...diagnostic, suggestions }, 'malformed', { suggest: 'suggestion' });
    });
  },
});

function fixDescription(code: DiagnosticCode): string {
  if (code === 'host-ipv6-missing-brackets') return 'Enclose the IPv6 address in brackets.';
  if (code === 'path-colon-in-first-segment') return 'Write "./" before the path so its first segment is not read as a scheme.';
  return 'Apply the repair.';
}
