import { createRule } from '../create-rule.js';
import { findingListeners } from '../findings.js';
import { reportDiagnostic } from '../report.js';

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
    // An XML namespace name is compared as text and never connected to: skipped.
    return findingListeners(context, { codes: new Set(['host-ipv4-rare-form']), from: 'analysis' }, (candidate, diagnostic) => {
      // The dotted decimal is the address browsers and inet_aton() already connect to: the fix keeps the behaviour.
      reportDiagnostic(context, candidate, diagnostic, 'nonCanonical', { fix: true });
    });
  },
});
