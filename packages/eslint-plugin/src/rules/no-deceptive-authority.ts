import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-deceptive-authority'];

export default createRule({
  name: 'no-deceptive-authority',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow a userinfo that looks like a host, so the URI seems to name another host than the one contacted',
      recommended: check.recommended,
      strict: check.strict,
    },
    schema: [],
    messages: check.messages,
  },
  defaultOptions: [],
  create: checkListeners(check),
});
