import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-unescaped-chars'];

export default createRule({
  name: 'no-unescaped-chars',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow characters that must be percent-encoded in a URI (spaces, controls, quotes, brackets, non-ASCII)',
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
