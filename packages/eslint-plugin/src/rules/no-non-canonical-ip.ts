import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-non-canonical-ip'];

export default createRule({
  name: 'no-non-canonical-ip',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow IPv4 hosts in rare forms (`0x7f.1`, `0177.0.0.1`, `2130706433`, `127.1`) and fix them to dotted decimal',
      recommended: check.recommended,
      strict: check.strict,
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [],
    messages: check.messages,
  },
  defaultOptions: [],
  create: checkListeners(check),
});
