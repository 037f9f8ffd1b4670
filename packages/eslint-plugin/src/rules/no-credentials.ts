import { createRule } from '../create-rule.js';
import { findingListeners } from '../findings.js';
import { reportDiagnostic } from '../report.js';

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
    // XML namespace names are identifiers, compared as text and never dereferenced: skipped.
    return findingListeners(context, { codes: new Set(['userinfo-password']), from: 'analysis' }, (candidate, diagnostic) => {
      // A password that touches a `${…}` comes from elsewhere (holes are skipped): not a secret written in the source.
      // Removing the userinfo changes what the request sends, so it is offered, not applied.
      reportDiagnostic(context, candidate, diagnostic, 'credentials', { suggest: 'suggestion' });
    });
  },
});
