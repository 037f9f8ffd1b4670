import { analyze, type DiagnosticCode } from '@urilint/core';
import rule from '../../src/rules/no-parser-differential.js';
import { at } from '../support/columns.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';


/**
 * The report of `code` for the URI whose value (holes as core sees them) is
 * `uri`: the message is core's, which this rule passes on unchanged.
 */
function report(uri: string, code: DiagnosticCode) {
  const diagnostic = analyze(uri).diagnostics.find((d) => d.code === code);
  if (diagnostic === undefined) throw new Error(`core reports no ${code} for ${uri}`);
  return { messageId: 'differential', data: { message: diagnostic.message, code } } as const;
}

const backslash = 'fetch("https://good.example\\\\@evil.example/")';
const slashes = 'await fetch("http:/example.com/");';
const leadingSpace = 'location.href = " https://example.com/";';
const encodedHost = 'fetch("http://ex%2Eample.com/")';
const rejected = 'const u: URL = new URL("http://256.1.1.1/");';
const dots = 'fetch("https://example.com/a/%2e%2e/b")';
const lastAt = 'fetch("http://a@b@c/")';
const idna = '<a href="https://ｅｘａｍｐｌｅ.com/">Home</a>';
const tab = 'fetch("https://exa\\tmple.com/")';
const template = '<a href={`https://${host}\\\\${path}`}>Link</a>';
const emoji = 'const a = "😀"; fetch("http://exa%6Dple.com/")';

ruleTester.run('no-parser-differential', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://example.com/a/b?q=1#top")',
    'fetch("/api/users")',
    'fetch("../x")',
    'fetch("http://127.0.0.1:8080/")',
    // Owned by other rules, or not reported by design.
    'fetch("api.example.com/users")',
    'fetch("https://example.com/?name=\'x\'")',
    // Reported by no-non-canonical-ip (with a fix) and valid-scheme-specific, not twice.
    'fetch("http://0x7f.1/")',
    'fetch("http://example.com:65536/")',
    // Holes: `${host}` is not a backslash problem of the source.
    'fetch(`https://${host}/${path}`)',
    // False-positive traps.
    'const re = new RegExp("https?:\\\\\\\\/\\\\\\\\/[^/]+")',
  ],
  invalid: [
    {
      code: backslash,
      errors: [
        {
          ...report('https://good.example\\@evil.example/', 'whatwg-backslash'),
          line: 1,
          ...at(backslash, '\\\\'),
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Write "/".' }, output: 'fetch("https://good.example/@evil.example/")' }],
        },
      ],
    },
    {
      code: slashes,
      errors: [{ ...report('http:/example.com/', 'whatwg-scheme-slashes'), ...at(slashes, ':/'), suggestions: [{ messageId: 'suggestion', output: 'await fetch("http://example.com/");' }] }],
    },
    {
      code: leadingSpace,
      errors: [{ ...report(' https://example.com/', 'whatwg-c0-space-stripped'), ...at(leadingSpace, ' ', 3), suggestions: [{ messageId: 'suggestion', output: 'location.href = "https://example.com/";' }] }],
    },
    { code: encodedHost, errors: [{ ...report('http://ex%2Eample.com/', 'whatwg-host-percent-decoded'), ...at(encodedHost, 'ex%2Eample.com') }] },
    { code: rejected, errors: [{ ...report('http://256.1.1.1/', 'whatwg-url-rejects'), ...at(rejected, '256.1.1.1') }] },
    { code: dots, errors: [{ ...report('https://example.com/a/%2e%2e/b', 'whatwg-dot-segment-encoded'), ...at(dots, '%2e%2e') }] },
    { code: lastAt, errors: [{ ...report('http://a@b@c/', 'whatwg-userinfo-last-at'), ...at(lastAt, 'a@b') }] },
    { code: idna, errors: [{ ...report('https://ｅｘａｍｐｌｅ.com/', 'whatwg-host-idna-mapped'), ...at(idna, 'ｅｘａｍｐｌｅ.com') }] },
    {
      // The tab is written as the escape "\t": the range covers it.
      code: tab,
      errors: [{ ...report('https://exa\tmple.com/', 'whatwg-tab-newline-removed'), ...at(tab, '\\t') }],
    },
    {
      // Beside holes: the backslash between them is the source's; core's message shows the placeholders.
      code: template,
      errors: [{ ...report('https://x\\x', 'whatwg-backslash'), ...at(template, '\\\\'), suggestions: [{ messageId: 'suggestion', output: '<a href={`https://${host}/${path}`}>Link</a>' }] }],
    },
    {
      // Columns count UTF-16 code units: the emoji counts twice.
      code: emoji,
      errors: [{ ...report('http://exa%6Dple.com/', 'whatwg-host-percent-decoded'), ...at(emoji, 'exa%6Dple.com') }],
    },
  ],
});
