import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-malformed'];

export default createRule({
  name: 'no-malformed',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow URIs that break the RFC 3986 grammar (scheme, authority, IP literals, port, path structure)',
      recommended: check.recommended,
      strict: check.strict,
    },
    hasSuggestions: true,
    schema: [],
    messages: check.messages,
  },
  defaultOptions: [],
  create: checkListeners(check),
});
