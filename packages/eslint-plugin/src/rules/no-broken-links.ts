import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners, optionsSchema } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-broken-links'];

export default createRule({
  name: 'no-broken-links',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow relative links to files, headings and lines that do not exist, and reference links to undefined labels (Markdown and HTML)',
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
