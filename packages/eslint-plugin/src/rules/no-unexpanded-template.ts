import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-unexpanded-template'];

export default createRule({
  name: 'no-unexpanded-template',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow RFC 6570 template expressions (`{id}`) left in a URL that is requested as it is written',
      recommended: check.recommended,
      strict: check.strict,
    },
    schema: [],
    messages: check.messages,
  },
  defaultOptions: [],
  create: checkListeners(check),
});
