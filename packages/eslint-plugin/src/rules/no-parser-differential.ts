import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-parser-differential'];

export default createRule({
  name: 'no-parser-differential',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow URIs that browsers and Node’s `URL` read differently from RFC 3986 (backslashes, missing slashes, numeric and encoded hosts, …)',
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
