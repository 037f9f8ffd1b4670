import { RULE_CHECKS } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
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
    schema: [
      {
        type: 'object',
        properties: {
          allowHosts: {
            type: 'array',
            items: { type: 'string' },
            uniqueItems: true,
            description: 'Hosts that may be reached without TLS besides the local ones: exact names or `*.suffix` for subdomains.',
          },
          schemes: {
            type: 'array',
            items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' },
            uniqueItems: true,
            description: 'The unencrypted schemes to report.',
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
