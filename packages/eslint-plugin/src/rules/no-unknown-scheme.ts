import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-unknown-scheme'];

export default createRule({
  name: 'no-unknown-scheme',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow URI schemes that are neither registered with IANA nor commonly used, and typos of known schemes (`htps:`)',
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
