import type { Diagnostic, Suggestion } from '@urilint/core';
import { findingOf, type Finding } from '../finding.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

export interface NoInvalidPercentEncodingOptions {
  checkUtf8?: boolean;
}

/** `%25` for a literal percent sign, then core's suggestions (the triplet meant when a look-alike letter broke it). */
function suggestionsFor(diagnostic: Diagnostic): Suggestion[] {
  const literal: Suggestion[] = diagnostic.fix ? [{ message: 'Encode the "%" itself as "%25".', edits: diagnostic.fix }] : [];
  return [...literal, ...(diagnostic.suggestions ?? [])];
}

export default defineCheck<NoInvalidPercentEncodingOptions>({
  name: 'no-invalid-percent-encoding',
  recommended: true,
  strict: true,
  messages: { invalidTriplet: CORE_MESSAGE, notUtf8: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { checkUtf8: true },
  optionsSchema: {
    type: 'object',
    properties: {
      checkUtf8: {
        type: 'boolean',
        description: 'Also report percent-encoded octets that do not decode as UTF-8.',
      },
    },
    additionalProperties: false,
  },
  check(candidate, { options }) {
    const out: Finding[] = [];
    for (const diagnostic of candidate.reference.diagnostics) {
      if (candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
      if (diagnostic.code === 'pct-invalid-triplet') {
        out.push(findingOf(this.name, candidate, { ...diagnostic, suggestions: suggestionsFor(diagnostic) }, 'invalidTriplet', { suggest: 'suggestion' }));
      } else if (diagnostic.code === 'pct-invalid-utf8' && options.checkUtf8 !== false) {
        out.push(findingOf(this.name, candidate, diagnostic, 'notUtf8'));
      }
    }
    return out;
  },
});
