import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-invalid-percent-encoding'];

export default createRule({
  name: 'no-invalid-percent-encoding',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow "%" not followed by two hex digits, and percent-encoded octets that are not UTF-8',
      recommended: check.recommended,
      strict: check.strict,
    },
    hasSuggestions: true,
    schema: optionsSchema(check),
    defaultOptions: [check.defaultOptions],
    messages: check.messages,
  },
  defaultOptions: [check.defaultOptions],
  create: checkListeners(check),
});
