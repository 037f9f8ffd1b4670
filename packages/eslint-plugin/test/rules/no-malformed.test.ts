import { describe, expect, it } from 'vitest';
import rule from '../../src/rules/no-malformed.js';
import { lint, renderReport } from '../support/lint.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

ruleTester.run('no-malformed', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://[2001:db8::7]:8080/status")',
    'new URL("https://example.com:8443/a")',
    'const ns = "http://www.w3.org/2000/svg"',
    'fetch(`https://${host}:${port}/x`)',
    'fetch("https://" + host + "/users")',
    'const s = "key:value"',
    'const time = "12:30"',
    'const note = "Note: see the docs"',
    'const ipv6 = "::1"',
    'const glob = "**/*.ts"',
    // Unescaped characters are no-unescaped-chars' job, not this rule's.
    'fetch("https://example.com/a b")',
    // One token is a URI by its shape or not a URI: no URI is mined from inside it.
    "const s = 'WS:/WS://1305G130505:1&%0D:1&C(XXXXX*)))'",
    // Prose cut at a space inside brackets is not an unterminated IP literal.
    "const label = 'see http://[fe80::1%25eth 0]/ for the link'",
    // A host list its scheme defines: MongoDB's seed list, libpq's several hosts; in a comment, words for the ports (mongoose's JSDoc).
    'mongoose.connect("mongodb://db1.acme.io:27017,db2.acme.io:27017,db3.acme.io/app?replicaSet=rs0")',
    'const pg = "postgresql://app@[2001:db8::1]:5432,db2.acme.io:5433/orders"',
    "/**\n *     mongoose.connect('mongodb://user:pass@127.0.0.1:port,anotherhost:port,yetanother:port/mydatabase');\n */\nmongoose.connect(uri);",
  ],
  invalid: [
    {
      code: 'fetch("http://[2001:db8::7::1]/status")',
      errors: [{ messageId: 'malformed', column: 27, endColumn: 29 }],
    },
    {
      code: 'fetch("http://2001:db8::1/metrics")',
      errors: [
        {
          messageId: 'malformed',
          column: 15,
          endColumn: 26,
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Enclose the IPv6 address in brackets.' }, output: 'fetch("http://[2001:db8::1]/metrics")' }],
        },
      ],
    },
    {
      code: 'axios.get("https://ftp.example.com:21a/files")',
      errors: [{ messageId: 'malformed', column: 38, endColumn: 39 }],
    },
    {
      code: 'const ws = new WebSocket("wss://[::1/socket")',
      errors: [{ messageId: 'malformed', column: 33, endColumn: 37 }],
    },
    {
      // A host list is not an authority of http:; a word for a port is not a placeholder in code.
      code: 'fetch("http://a.acme.io:80,b.acme.io:80/")',
      errors: [{ messageId: 'malformed' }],
    },
    {
      code: 'mongoose.connect("mongodb://db1.acme.io:port,db2.acme.io:port/app")',
      errors: [{ messageId: 'malformed' }],
    },
    {
      code: '<a href="web_hook://example.com/events">hook</a>',
      errors: [{ messageId: 'malformed', column: 13, endColumn: 14 }],
    },
  ],
});

describe('no-malformed: carets', () => {
  it('points at the characters inside the literal, after an emoji', () => {
    const code = 'const tag = "🚀"; fetch("https://[1:2:3:4:5:6:7:8:9]/");';
    expect(renderReport(code, lint(code, 'ts', { 'urilint/no-malformed': 'error' }))).toMatchSnapshot();
  });
});
