import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['require-scheme'];

export default createRule({
  name: 'require-scheme',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require a scheme and `//` before a host name in URLs passed to fetch(), new URL() and link attributes',
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
