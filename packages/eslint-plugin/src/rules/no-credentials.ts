import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-credentials'];

export default createRule({
  name: 'no-credentials',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow passwords in the userinfo of a URI (`user:password@host`)',
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
