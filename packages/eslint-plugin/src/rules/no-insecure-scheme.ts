import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-insecure-scheme'];

export default createRule({
  name: 'no-insecure-scheme',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `http:`, `ws:` and `ftp:` URLs to hosts on the network',
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
