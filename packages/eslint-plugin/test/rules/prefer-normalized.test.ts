import rule from '../../src/rules/prefer-normalized.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

ruleTester.run('prefer-normalized', rule, {
  valid: [
    // Running text quotes a URI as it was written: a stack trace in a test (msw), a comment.
    "const trace = '    at getCallFrame (webpack:///./lib/browser/getCallFrame-deps.js?:272:20)';",
    '// see HTTP://Example.COM/a/../b for the old form',
    // A bundler's source URL names a module as the bundler wrote it (msw's tests).
    "const frame = 'webpack:///./test/msw-api/setup-worker/listHandlers.mocks.ts?:6:113';",
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://example.com/a/b?q=%C3%A9")',
    '<svg xmlns="HTTP://www.w3.org/2000/svg" />',
    'fetch("https://example.com/a/%2E%2E/b")',
    { code: 'fetch("HTTPS://example.com/")', options: [{ schemeCase: false }] },
    'fetch(`https://${host}/x`)',
  ],
  invalid: [
    {
      // An XML namespace is compared character by character: this is not the SVG namespace.
      code: 'const ns = "HTTP://www.w3.org/2000/svg"',
      errors: [{ messageId: 'notNormal', column: 13, endColumn: 17 }],
      output: 'const ns = "http://www.w3.org/2000/svg"',
    },
    {
      code: 'fetch(`https://${host}:443/x`)',
      errors: [{ messageId: 'notNormal', column: 23, endColumn: 27 }],
      output: 'fetch(`https://${host}/x`)',
    },
    {
      code: 'fetch("HTTPS://Example.COM:443/a/./b/%7euser")',
      errors: [
        { messageId: 'notNormal', column: 8, endColumn: 13 },
        { messageId: 'notNormal', column: 16, endColumn: 27 },
        { messageId: 'notNormal', column: 27, endColumn: 31 },
        { messageId: 'notNormal', column: 31, endColumn: 45 },
        {
          messageId: 'notNormal',
          column: 38,
          endColumn: 41,
          suggestions: [{ messageId: 'suggestion', output: 'fetch("HTTPS://Example.COM:443/a/./b/~user")' }],
        },
      ],
      // The URI's fixes are one (issue 28); the triplet's edit lies inside the dot segments' and waits for the next pass.
      output: ['fetch("https://example.com/a/b/%7euser")', 'fetch("https://example.com/a/b/~user")'],
    },
    {
      code: 'const u = `https://example.com:${port}/%c3%a9`',
      errors: [
        { messageId: 'notNormal', column: 40, endColumn: 43 },
        { messageId: 'notNormal', column: 43, endColumn: 46 },
      ],
      // The URI's two triplets are one fix, applied in one pass (issue 28).
      output: 'const u = `https://example.com:${port}/%C3%A9`',
    },
  ],
});
