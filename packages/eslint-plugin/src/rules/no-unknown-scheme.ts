import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
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
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' },
            uniqueItems: true,
            description: "Schemes your code uses on purpose (an app's own scheme, like myapp); compared without case.",
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [check.defaultOptions],
    messages: check.messages,
  },
  defaultOptions: [check.defaultOptions],
  create: checkListeners(check),
});
