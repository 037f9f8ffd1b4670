import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['prefer-normalized'];

export default createRule({
  name: 'prefer-normalized',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Enforce the RFC 3986 §6 normal form: lower-case scheme and host, upper-case hex, no needless encoding, no dot segments or default ports',
      recommended: check.recommended,
      strict: check.strict,
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: optionsSchema(check),
    defaultOptions: [check.defaultOptions],
    messages: check.messages,
  },
  defaultOptions: [check.defaultOptions],
  create: checkListeners(check),
});
