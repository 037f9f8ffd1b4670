import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

export default createRule<[], 'nonCanonical'>({
  name: 'no-non-canonical-ip',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow IPv4 hosts in rare forms (`0x7f.1`, `0177.0.0.1`, `2130706433`, `127.1`) and fix them to dotted decimal',
      recommended: true,
      strict: true,
    },
    fixable: 'code',
    schema: [],
    messages: {
      nonCanonical: '{{message}} [{{code}}]',
    },
  },
  defaultOptions: [],
  create(context) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        // An XML namespace name is compared as text and never connected to.
        if (candidate.namespace) return;
        for (const diagnostic of candidate.analysis.diagnostics) {
          if (diagnostic.code !== 'host-ipv4-rare-form' || candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
          // The dotted decimal is the address browsers and inet_aton() already connect to: the fix keeps the behaviour.
          reportDiagnostic(context, candidate, diagnostic, 'nonCanonical', { fix: true });
        }
      });
    });
  },
});
