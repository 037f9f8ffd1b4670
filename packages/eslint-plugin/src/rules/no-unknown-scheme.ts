import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

type Options = [{ allow?: string[] }];

export default createRule<Options, 'unknown' | 'typo' | 'suggestion'>({
  name: 'no-unknown-scheme',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow URI schemes that are neither registered with IANA nor commonly used, and typos of known schemes (`htps:`)',
      strict: true,
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' },
            uniqueItems: true,
            description: "Schemes your code uses on purpose (an app's own scheme, like myapp); compared without case.",
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allow: [] }],
    messages: {
      unknown: '{{message}} [{{code}}]',
      typo: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [{ allow: [] }],
  create(context, [options]) {
    const allowed = new Set((options.allow ?? []).map((scheme) => scheme.toLowerCase()));
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        // An XML namespace name is an identifier (`jabber:client`): its scheme is never resolved.
        if (candidate.namespace) return;
        for (const diagnostic of candidate.analysis.diagnostics) {
          if (diagnostic.code !== 'scheme-unknown' && diagnostic.code !== 'scheme-typo') continue;
          if (candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
          const scheme = candidate.reference.input.slice(diagnostic.start, diagnostic.end);
          // A one-letter "scheme" is a Windows drive letter (`C:\Users`), not a scheme anyone chose.
          if (scheme.length < 2 || allowed.has(scheme.toLowerCase())) continue;
          if (diagnostic.code === 'scheme-typo') reportDiagnostic(context, candidate, diagnostic, 'typo', { suggest: 'suggestion' });
          else reportDiagnostic(context, candidate, diagnostic, 'unknown');
        }
      });
    });
  },
});
