import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['valid-scheme-specific'];

export default createRule({
  name: 'valid-scheme-specific',
  meta: {
    type: 'problem',
    docs: {
      description: 'Enforce the syntax of http(s), ws(s), file, mailto, urn, data and tel URIs, and ports within 0–65535',
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
