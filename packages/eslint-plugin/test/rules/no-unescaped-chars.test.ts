import { parse } from '@urilint/core';
import { describe, expect, it } from 'vitest';
import rule from '../../src/rules/no-unescaped-chars.js';
import { fix, lint, renderReport } from '../support/lint.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

ruleTester.run('no-unescaped-chars', rule, {
  valid: [
    // Running text that starts with a URL stays prose.
    'const note = "https://example.com is down, try later";',
    'const msg = "https://example.com/a then b and c";',
    // A URL followed by a space and prose (a parenthetical, words) is a URL and prose: the URI ends at the space (issue 28).
    "util.deprecate(fn, '…', 'https://github.com/org/repo/issues/1000 (response)')",
    // An OAuth scope: a list separated by spaces (RFC 6749 §3.3; hono's oidc-auth).
    "const options = { scope: 'https://www.googleapis.com/auth/userinfo.email openid' };",
    "const docs = { url: 'https://example.com/guide (see the second part)' };",
    // A test's title is a name: a URL and a word there is prose (undici's test/issue-810.js).
    "test('https://github.com/mcollina/undici/issues/810 pipelining', async (t) => {})",
    "it.only('https://example.com/guide chapter', () => {})",
    "describe.each([1])('https://example.com/issues/%i pipelining', () => {})",
    // A srcset value: each URL then its descriptor (HTML §4.8.4.3.10; carbon-components-svelte's tests).
    'const props = { srcset: "https://example.com/photo.jpg 1x" };',
    'const image = { srcSet: "https://example.com/a.jpg 480w, https://example.com/b.jpg 800w" };',
    'const hidpi = "https://example.com/photo@2x.png 1.5x";',
    "const homepage = 'https://example.com/guide see below';",
    // Template tags are holes (settings.urilint.templates, on by default).
    'fetch("{{ base_url }}/users/{% if admin %}all{% endif %}")',
    'const url = "https://example.com/<%= path %>"',
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://example.com/my%20file.pdf")',
    'const prose = "Docs live at https://example.com/docs for everyone."',
    // In running text a URI ends at a `|` or a `^` (RFC 3986 Appendix E): undici's log format, a sentence about a URI.
    "const log = 'protocol->https:|host->localhost:4000|port->4000|origin->https://localhost:4000|path->/endpoint|hash->#here';",
    'const message = `Expected https://example.com/a|b to be ${x}`;',
    'const note = "See https://example.com/c^d or https://example.com/e|f for more.";',
    // Outside a sink, a sentence is prose: only the URI that findUris delimits is checked.
    "const u = 'https://example.com/?q=a b, then <x> and more'",
    'fetch(`https://api.example.com/users/${id}?q=${encodeURIComponent(q)}`)',
    'const re = new RegExp("https?://[^ ]+")',
    '<a href="https://example.com/a%20b">x</a>',
    { code: 'fetch("https://example.com/café")', options: [{ allowNonAscii: true }] },
    'import x from "https://esm.sh/react dom"',
    // A let can change before the call: only a const is followed into the sink.
    'let path = "/a b";\npath = "/ok";\nfetch(path);',
    // A local function named like a sink is not the sink.
    'function fetch(s: string) {}\nfetch("https://example.com/a b c");',
  ],
  invalid: [
    {
      // Given to anything but a test runner, a URL with one space is one URL.
      code: "check('https://github.com/mcollina/undici/issues/810 pipelining')",
      errors: [{ messageId: 'unescaped' }],
      output: "check('https://github.com/mcollina/undici/issues/810%20pipelining')",
    },
    {
      // A srcset's URL is still checked, apart from its descriptor.
      code: 'const props = { srcset: "https://example.com/a|b.jpg 2x" };',
      errors: [{ messageId: 'unescaped', column: 47, endColumn: 48 }],
      output: 'const props = { srcset: "https://example.com/a%7Cb.jpg 2x" };',
    },
    {
      // Wholly one URL with a space, outside a sink: the space is a problem, not the gap of a sentence.
      code: 'const home = "https://example.com/my docs/";',
      errors: [{ messageId: 'unescaped' }],
      output: 'const home = "https://example.com/my%20docs/";',
    },
    {
      // Under a name that says URL, a value with several spaces is one URL too.
      code: 'const config = { homepage: "https://example.com/my user guide/" };',
      // The URI's two spaces are one report (issue 28), with one fix for both.
      errors: [{ messageId: 'unescaped', column: 51, endColumn: 57 }],
      output: 'const config = { homepage: "https://example.com/my%20user%20guide/" };',
    },
    {
      // With settings.urilint.templates false, `{{a}}` is text: an RFC 6570 `{a}` in braces, which are reported.
      code: 'fetch("https://example.com/{{a}}")',
      settings: { urilint: { templates: false } },
      // The two braces are one problem of the URI (issue 28).
      errors: [{ messageId: 'unescaped', column: 28, endColumn: 33 }],
      output: 'fetch("https://example.com/%7B{a}%7D")',
    },
    {
      // Around a tag the URI is still checked; the fix keeps the tag byte for byte.
      code: 'fetch("https://example.com/{{ lang }}/user guide")',
      errors: [{ messageId: 'unescaped' }],
      output: 'fetch("https://example.com/{{ lang }}/user%20guide")',
    },
    {
      // A URI's edits are one fix, applied together in one pass (issue 28): taken one by one, ESLint
      // dropped the space's edit, which touches the "\u2603"'s, and left '?q=%E2%98%83 %C2%A710'.
      code: "res.location('https://google.com?q=\\u2603 §10')",
      // One report per URI and problem (issue 28): the two characters allowed only in an IRI, and the space.
      errors: [
        {
          messageId: 'unescaped',
          column: 36,
          endColumn: 44,
          data: {
            code: 'iri-char',
            message:
              '2 characters in the query are allowed only in an IRI; in a URI write them percent-encoded as UTF-8: "☃" (U+2603) as "%E2%98%83", "§" (U+00A7) as "%C2%A7". Browsers accept the URI as written; RFC 3986 does not.',
          },
        },
        { messageId: 'unescaped', column: 42, endColumn: 43 },
      ],
      output: "res.location('https://google.com?q=%E2%98%83%20%C2%A710')",
    },
    {
      // In a test file the problems are reported as anywhere, but the fix is only a suggestion (issue 28):
      // the framework's test hands the raw URL to res.location() to see that the framework encodes it.
      code: "res.location('https://google.com?q=\\u2603 §10')",
      filename: 'test/res.location.js',
      errors: [
        { messageId: 'unescaped', suggestions: [{ messageId: 'suggestion', output: "res.location('https://google.com?q=%E2%98%83%20%C2%A710')" }] },
        { messageId: 'unescaped', suggestions: [{ messageId: 'suggestion', output: "res.location('https://google.com?q=%E2%98%83%20%C2%A710')" }] },
      ],
      output: null,
    },
    {
      // By the usual names too: `*.spec.*`, `__tests__/`, `fixtures/`.
      code: 'fetch("https://example.com/my file.pdf")',
      filename: 'src/__tests__/download.js',
      errors: [{ messageId: 'unescaped', suggestions: [{ messageId: 'suggestion', output: 'fetch("https://example.com/my%20file.pdf")' }] }],
      output: null,
    },
    {
      // A package's own test.js at its root (AVA's and Jest's defaults read it: normalize-url).
      code: "normalizeUrl('http://sindresorhus.com/?foo=bar*|<>:\"')",
      filename: 'test.js',
      // Its four characters are one problem of the URI (issue 28).
      errors: [{ messageId: 'unescaped', column: 48, suggestions: [{ messageId: 'suggestion', output: "normalizeUrl('http://sindresorhus.com/?foo=bar*%7C%3C%3E:%22')" }] }],
      output: null,
    },
    {
      // tsd's type tests.
      code: 'fetch("https://example.com/my file.pdf")',
      filename: 'index.test-d.ts',
      errors: [{ messageId: 'unescaped', suggestions: [{ messageId: 'suggestion', output: 'fetch("https://example.com/my%20file.pdf")' }] }],
      output: null,
    },
    {
      // TSTyche's type tests (fastify-static's types/index.tst.ts).
      code: 'fetch("https://example.com/my file.pdf")',
      filename: 'types/index.tst.ts',
      errors: [{ messageId: 'unescaped', suggestions: [{ messageId: 'suggestion', output: 'fetch("https://example.com/my%20file.pdf")' }] }],
      output: null,
    },
    {
      // A project that opts in has its test files fixed as any other.
      code: 'fetch("https://example.com/my file.pdf")',
      filename: 'src/download.spec.ts',
      settings: { urilint: { fixTestFiles: true } },
      errors: [{ messageId: 'unescaped' }],
      output: 'fetch("https://example.com/my%20file.pdf")',
    },
    {
      // And one whose tests live elsewhere names them.
      code: 'fetch("https://example.com/my file.pdf")',
      filename: 'checks/download.js',
      settings: { urilint: { testFiles: ['checks/'] } },
      errors: [{ messageId: 'unescaped', suggestions: [{ messageId: 'suggestion', output: 'fetch("https://example.com/my%20file.pdf")' }] }],
      output: null,
    },
    {
      code: 'fetch("https://example.com/my file.pdf")',
      errors: [{ messageId: 'unescaped', line: 1, column: 30, endColumn: 31 }],
      output: 'fetch("https://example.com/my%20file.pdf")',
    },
    {
      code: "fetch('https://example.com/?q=a b&r=<x>')",
      // One report of the query's three characters (issue 28), from the first to the last, with one fix.
      errors: [
        {
          messageId: 'unescaped',
          column: 32,
          endColumn: 40,
          data: {
            code: 'query-unescaped-char',
            message: '3 characters must be percent-encoded in the query: write a space as "%20", "<" as "%3C", ">" as "%3E". Browsers accept the URI as written; RFC 3986 does not.',
          },
        },
      ],
      output: "fetch('https://example.com/?q=a%20b&r=%3Cx%3E')",
    },
    {
      // The space is written as an escape: the fix replaces exactly "\x20", and keeps "\u00e9" as it is.
      code: 'fetch("https://example.com/a\\x20b/\\u00e9")',
      errors: [
        { messageId: 'unescaped', column: 29, endColumn: 33 },
        { messageId: 'unescaped', column: 35, endColumn: 41 },
      ],
      output: 'fetch("https://example.com/a%20b/%C3%A9")',
    },
    {
      code: 'fetch(`https://example.com/${dir}/my file`)',
      errors: [{ messageId: 'unescaped', column: 37, endColumn: 38 }],
      output: 'fetch(`https://example.com/${dir}/my%20file`)',
    },
    {
      // A Windows line break inside a template is one LF at run time. A fix never touches a line break
      // of the file: %0A for both characters is a suggestion; the space on the next line is fixed.
      code: 'fetch(`https://example.com/a\r\nb c`)',
      errors: [
        {
          messageId: 'unescaped',
          line: 1,
          column: 29,
          endLine: 2,
          endColumn: 1,
          suggestions: [{ messageId: 'suggestion', output: 'fetch(`https://example.com/a%0Ab c`)' }],
        },
        { messageId: 'unescaped', line: 2, column: 2, endColumn: 3 },
      ],
      output: 'fetch(`https://example.com/a\r\nb%20c`)',
    },
    {
      // Outside a sink: "https://" then a hole is a URI by its shape; the hole is the host.
      code: 'const endpoint = `https://${host}/a|b`',
      errors: [{ messageId: 'unescaped', column: 36, endColumn: 37 }],
      output: 'const endpoint = `https://${host}/a%7Cb`',
    },
    {
      // The base of new URL is a URL too.
      code: 'new URL("/a", "https://example.com/c d");',
      errors: [{ messageId: 'unescaped', column: 37, endColumn: 38 }],
      output: 'new URL("/a", "https://example.com/c%20d");',
    },
    {
      // So is the url of a request-options object; axios is found by its import, not its name.
      code: 'import axios from "axios";\naxios({ url: "https://example.com/a b" });',
      errors: [{ messageId: 'unescaped', line: 2, column: 36, endColumn: 37 }],
      output: 'import axios from "axios";\naxios({ url: "https://example.com/a%20b" });',
    },
    {
      code: '<a href={"https://example.com/a" + " b"}>x</a>',
      errors: [{ messageId: 'unescaped', column: 37, endColumn: 38 }],
      output: '<a href={"https://example.com/a" + "%20b"}>x</a>',
    },
    {
      // location.replace is a sink, not String#replace; a type assertion does not hide the argument.
      code: 'location.replace("/a b"); window.open("/c d" as string);',
      errors: [
        { messageId: 'unescaped', column: 21, endColumn: 22 },
        { messageId: 'unescaped', column: 42, endColumn: 43 },
      ],
      output: 'location.replace("/a%20b"); window.open("/c%20d" as string);',
    },
    {
      // A const that flows into a sink is checked where it is written, as the sink's argument.
      code: 'const path = "/reports/q1 2026.pdf";\nfetch(path);',
      errors: [{ messageId: 'unescaped', line: 1, column: 26, endColumn: 27 }],
      output: 'const path = "/reports/q1%202026.pdf";\nfetch(path);',
    },
    {
      code: '<img src="/images/my photo.png" />',
      errors: [{ messageId: 'unescaped', column: 21, endColumn: 22 }],
      output: '<img src="/images/my%20photo.png" />',
    },
    {
      // `{` is in no set of RFC 3986 §2, and an unclosed one is no RFC 6570 expression.
      code: 'const link = "see https://example.com/a{b now"',
      errors: [{ messageId: 'unescaped', column: 40, endColumn: 41 }],
      output: 'const link = "see https://example.com/a%7Bb now"',
    },
    {
      // In running text a URI ends at a `|` or a `^` (RFC 3986 Appendix E); what comes before is still checked.
      code: 'const link = "see https://example.com/a{b|c^d now"',
      errors: [{ messageId: 'unescaped', column: 40, endColumn: 41 }],
      output: 'const link = "see https://example.com/a%7Bb|c^d now"',
    },
    {
      // A data: URI's comma is not a sentence's: the space after it is in the data (next-auth's Microsoft Entra ID provider).
      code: 'image = `data:image/jpeg;base64, ${pictureBase64}`',
      errors: [{ messageId: 'unescaped', column: 33, endColumn: 34 }],
      output: 'image = `data:image/jpeg;base64,%20${pictureBase64}`',
    },
    {
      // Wholly a value, a sink's argument or under a URL-named key, the string is one URI: its `|` and `^` are problems.
      code: 'const u = "https://example.com/a|b";\nfetch("https://example.com/c^d");\nconst o = { url: "https://example.com/e|f" };',
      errors: [
        { messageId: 'unescaped', line: 1, column: 33, endColumn: 34 },
        { messageId: 'unescaped', line: 2, column: 29, endColumn: 30 },
        { messageId: 'unescaped', line: 3, column: 40, endColumn: 41 },
      ],
      output: 'const u = "https://example.com/a%7Cb";\nfetch("https://example.com/c%5Ed");\nconst o = { url: "https://example.com/e%7Cf" };',
    },
    {
      // ESLint columns count UTF-16 code units: the emoji before the literal counts twice.
      code: 'const a = "😀"; fetch("https://example.com/#top more")',
      errors: [{ messageId: 'unescaped', column: 48, endColumn: 49 }],
      output: 'const a = "😀"; fetch("https://example.com/#top%20more")',
    },
  ],
});

describe('no-unescaped-chars: carets and fixes', () => {
  const rules = { 'urilint/no-unescaped-chars': 'error' } as const;
  const cases: [string, Parameters<typeof lint>[1]][] = [
    ['const a = "😀 emoji first"; fetch("https://example.com/a b?c=d e")', 'ts'],
    ['await fetch(`https://example.com/${user.name}/my file?x=${x}&y=a b`);', 'ts'],
    ["location.href = 'https://example.com/\\\n  a b';", 'js'],
    ['export const A = () => <a href="https://example.com/über uns">Über uns</a>;', 'tsx'],
  ];

  it.each(cases)('%s', (code, language) => {
    const messages = lint(code, language, rules);
    expect(renderReport(code, messages)).toMatchSnapshot();
    const fixed = fix(code, language, rules);
    expect(fixed).toMatchSnapshot();
    expect(lint(fixed, language, rules)).toEqual([]);
    expect(fix(fixed, language, rules)).toBe(fixed);
  });

  it('fixes give URIs that are valid to core', () => {
    const fixed = fix('fetch("https://example.com/a b/<c>/é?q={x y}#a b")', 'js', rules);
    const uri = /"([^"]*)"/.exec(fixed)![1]!;
    expect(parse(uri).valid).toBe(true);
  });
});
