import rule from '../../src/rules/no-invalid-percent-encoding.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

ruleTester.run('no-invalid-percent-encoding', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://example.com/%E6%97%A5?q=%20")',
    'const discount = "100% off"',
    'fetch(`https://example.com/${a}%20${b}`)',
    { code: 'fetch("https://example.com/?q=%C3%28")', options: [{ checkUtf8: false }] },
  ],
  invalid: [
    {
      code: 'fetch("https://example.com/downloads/100%-free.pdf")',
      errors: [
        {
          messageId: 'invalidTriplet',
          column: 41,
          endColumn: 42,
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Encode the "%" itself as "%25".' }, output: 'fetch("https://example.com/downloads/100%25-free.pdf")' }],
        },
      ],
    },
    {
      code: 'fetch("https://example.com/a%2Ob")',
      errors: [
        {
          messageId: 'invalidTriplet',
          column: 29,
          endColumn: 32,
          suggestions: [
            { messageId: 'suggestion', data: { suggestion: 'Encode the "%" itself as "%25".' }, output: 'fetch("https://example.com/a%252Ob")' },
            { messageId: 'suggestion', data: { suggestion: 'Write the triplet "%20".' }, output: 'fetch("https://example.com/a%20b")' },
          ],
        },
      ],
    },
    {
      // "%of" is not a typo of a triplet: no suggestion may turn it into the control character %0F.
      code: 'fetch("https://example.com/search?q=50%off")',
      errors: [
        {
          messageId: 'invalidTriplet',
          column: 39,
          endColumn: 42,
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Encode the "%" itself as "%25".' }, output: 'fetch("https://example.com/search?q=50%25off")' }],
        },
      ],
    },
    {
      code: 'fetch("https://example.com/legacy?name=%C3%28")',
      errors: [{ messageId: 'notUtf8', column: 40, endColumn: 43 }],
    },
  ],
});
