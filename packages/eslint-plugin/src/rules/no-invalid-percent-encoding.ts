import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';
import type { Diagnostic, Suggestion } from '@urilint/core';

type Options = [{ checkUtf8?: boolean }];

/** `%25` for a literal percent sign, then core's suggestions (the triplet meant when a look-alike letter broke it). */
function suggestionsFor(diagnostic: Diagnostic): Suggestion[] {
  const literal: Suggestion[] = diagnostic.fix ? [{ message: 'Encode the "%" itself as "%25".', edits: diagnostic.fix }] : [];
  return [...literal, ...(diagnostic.suggestions ?? [])];
}

export default createRule<Options, 'invalidTriplet' | 'notUtf8' | 'suggestion'>({
  name: 'no-invalid-percent-encoding',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow "%" not followed by two hex digits, and percent-encoded octets that are not UTF-8',
      recommended: true,
      strict: true,
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          checkUtf8: {
            type: 'boolean',
            description: 'Also report percent-encoded octets that do not decode as UTF-8.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ checkUtf8: true }],
    messages: {
      invalidTriplet: '{{message}} [{{code}}]',
      notUtf8: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [{ checkUtf8: true }],
  create(context, [options]) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
          for (const diagnostic of candidate.reference.diagnostics) {
            if (candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
            if (diagnostic.code === 'pct-invalid-triplet') {
              const suggestions = suggestionsFor(diagnostic);
              reportDiagnostic(context, candidate, { ...diagnostic, suggestions }, 'invalidTriplet', { suggest: 'suggestion' });
            } else if (diagnostic.code === 'pct-invalid-utf8' && options.checkUtf8 !== false) {
              reportDiagnostic(context, candidate, diagnostic, 'notUtf8');
            }
          }
      });
    });
  },
});
