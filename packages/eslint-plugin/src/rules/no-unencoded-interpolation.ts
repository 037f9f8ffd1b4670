import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-unencoded-interpolation'];

export default createRule({
  name: 'no-unencoded-interpolation',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require `encodeURIComponent()` around values interpolated into a URL path segment, query or fragment',
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
