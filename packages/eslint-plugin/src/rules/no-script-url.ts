import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-script-url'];

export default createRule({
  name: 'no-script-url',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `javascript:`, `vbscript:` and HTML `data:` URLs where the browser navigates or loads a frame',
      recommended: check.recommended,
      strict: check.strict,
    },
    schema: [],
    messages: check.messages,
  },
  defaultOptions: [],
  create: checkListeners(check),
});
