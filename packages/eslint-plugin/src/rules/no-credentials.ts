import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

export default createRule<[], 'credentials' | 'suggestion'>({
  name: 'no-credentials',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow passwords in the userinfo of a URI (`user:password@host`)',
      recommended: true,
      strict: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      credentials: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [],
  create(context) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        // An XML namespace name is an identifier, compared as text and never dereferenced.
        if (candidate.namespace) return;
        for (const diagnostic of candidate.analysis.diagnostics) {
          // A password that is (or touches) a `${…}` comes from elsewhere: not a secret written in the source.
          if (diagnostic.code !== 'userinfo-password' || candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
          // Removing the userinfo changes what the request sends, so it is offered, not applied.
          reportDiagnostic(context, candidate, diagnostic, 'credentials', { suggest: 'suggestion' });
        }
      });
    });
  },
});
