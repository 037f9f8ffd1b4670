import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';
import type { Diagnostic, Suggestion } from '@urilint/core';

type Options = [{ checkUtf8?: boolean }];

/** Letters typed for digits: O for 0, l and I for 1. */
const LOOKALIKES: Readonly<Record<string, string>> = { O: '0', o: '0', l: '1', I: '1' };

/** `%25` for a literal percent sign, and the triplet probably meant when a look-alike letter broke it. */
function suggestionsFor(diagnostic: Diagnostic, input: string): Suggestion[] {
  const text = input.slice(diagnostic.start, diagnostic.end);
  const suggestions: Suggestion[] = [];
  if (diagnostic.fix) suggestions.push({ message: 'Encode the "%" itself as "%25".', edits: diagnostic.fix });
  if (/^%[^%]{2}$/.test(text)) {
    const repaired = '%' + [...text.slice(1)].map((c) => LOOKALIKES[c] ?? c).join('');
    // Only a printable octet is a likely intent: "50%off" must not become a control character (%0F).
    const octet = Number.parseInt(repaired.slice(1), 16);
    if (repaired !== text && /^%[0-9A-Fa-f]{2}$/.test(repaired) && octet >= 0x20 && octet !== 0x7f) {
      suggestions.push({ message: `Write the triplet "${repaired.toUpperCase()}".`, edits: [{ start: diagnostic.start, end: diagnostic.end, text: repaired.toUpperCase() }] });
    }
  }
  return suggestions;
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
              const suggestions = suggestionsFor(diagnostic, candidate.reference.input);
              reportDiagnostic(context, candidate, { ...diagnostic, suggestions }, 'invalidTriplet', { suggest: 'suggestion' });
            } else if (diagnostic.code === 'pct-invalid-utf8' && options.checkUtf8 !== false) {
              reportDiagnostic(context, candidate, diagnostic, 'notUtf8');
            }
          }
      });
    });
  },
});
