import rule from '../../src/rules/no-unknown-scheme.js';
import { at } from '../support/columns.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';


/** The reports: core's message, its code. */
const unknown = (scheme: string) =>
  ({
    messageId: 'unknown',
    data: {
      message: `The scheme "${scheme}" is neither registered with IANA nor a known unregistered scheme; only an application that registered it can open this URI.`,
      code: 'scheme-unknown',
    },
  }) as const;
const typo = (scheme: string, known: string) =>
  ({
    messageId: 'typo',
    data: { message: `The scheme "${scheme}" is unknown; "${known}" is one letter away, so this is probably a typo and no client will handle the URI.`, code: 'scheme-typo' },
  }) as const;

const htps = 'fetch("htps://example.com/")';
const upper = 'window.open("HTPS://example.com/docs")';
const escaped = 'new URL("ht\\x74ps2://example.com/")';
const template = 'fetch(`htp://${host}/api`)';
const myapp = 'location.href = "myapp://settings";';
const jsx = '<a href="acme-crm://contacts/42">Join</a>';
const typed = 'const u: URL = new URL("x-callback-url://open");';
const emoji = 'const a = "😀"; fetch("htttps://example.com/")';

ruleTester.run('no-unknown-scheme', rule, {
  valid: [
    // A bundler's module prefix and a dummy base of new URL (react-router's code and tests).
    'const build = await import("virtual:react-router/server-build")',
    'const url = new URL(href, "test://test")',
    // Everyday schemes in code: proxies, databases, brokers (issue: real code reported them as unknown).
    'const proxy = new SocksProxyAgent("socks5://127.0.0.1:1080")',
    'const p2 = "socks5h://proxy.internal:1080"',
    'const p3 = "socks4://proxy.internal:1080"',
    'const brokers = ["kafka://broker-1:9092"]',
    'const db = "sqlite:///var/data/app.db"',
    'const target = "grpc://svc.internal:50051"',
    'const nats = "nats://nats.internal:4222"',
    ...FALSE_POSITIVE_TRAPS,
    // Node's built-in modules: node: is a scheme of its own.
    "const inspector = await import('node:inspector');",
    'fetch("https://example.com/")',
    'location.href = "mailto:someone@example.com"',
    '<a href="vscode://file/x">x</a>',
    '<a href="web+coffee:latte">x</a>',
    'new URL("urn:isbn:0451450523")',
    { code: 'location.href = "myapp://settings"', options: [{ allow: ['myapp'] }] },
    { code: 'location.href = "MyApp://settings"', options: [{ allow: ['myapp'] }] },
    // A scheme that is a hole is not the source's to judge.
    'fetch(`${scheme}://example.com/`)',
    // A one-letter scheme is a Windows drive letter.
    '<a href="C:\\Users\\me">x</a>',
    // Only sinks and URL attributes are checked whole: elsewhere a string needs a known scheme to be taken for a URI.
    'const s = "myapp://settings"',
    'const key = "user:id"',
    // False-positive traps.
    '<svg xmlns:xlink="http://www.w3.org/1999/xlink" />',
    'const re = new RegExp("htps?://[^ ]+")',
    'const prose = "See https://example.com/ or foo:bar for details."',
    'if (url.startsWith("htps://")) {}',
  ],
  invalid: [
    {
      code: htps,
      errors: [
        {
          messageId: 'typo',
          line: 1,
          ...at(htps, 'htps'),
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Replace "htps" with "https".' }, output: 'fetch("https://example.com/")' }],
        },
      ],
    },
    {
      code: upper,
      errors: [{ ...typo('HTPS', 'https'), ...at(upper, 'HTPS'), suggestions: [{ messageId: 'suggestion', output: 'window.open("https://example.com/docs")' }] }],
    },
    {
      // Written with an escape ("\x74" is "t"): the range covers it, the suggestion replaces it.
      code: escaped,
      errors: [{ ...typo('https2', 'https'), ...at(escaped, 'ht\\x74ps2'), suggestions: [{ messageId: 'suggestion', output: 'new URL("https://example.com/")' }] }],
    },
    {
      code: template,
      errors: [{ ...typo('htp', 'http'), ...at(template, 'htp'), suggestions: [{ messageId: 'suggestion', output: 'fetch(`http://${host}/api`)' }] }],
    },
    { code: myapp, errors: [{ ...unknown('myapp'), ...at(myapp, 'myapp') }] },
    { code: myapp, options: [{ allow: ['otherapp'] }], errors: [{ ...unknown('myapp'), ...at(myapp, 'myapp') }] },
    { code: jsx, errors: [{ ...unknown('acme-crm'), ...at(jsx, 'acme-crm') }] },
    { code: typed, errors: [{ ...unknown('x-callback-url'), ...at(typed, 'x-callback-url') }] },
    {
      code: emoji,
      errors: [{ ...typo('htttps', 'https'), ...at(emoji, 'htttps'), suggestions: [{ messageId: 'suggestion', output: 'const a = "😀"; fetch("https://example.com/")' }] }],
    },
  ],
});
