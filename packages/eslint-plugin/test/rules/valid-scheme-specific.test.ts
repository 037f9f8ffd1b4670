import { analyze, type DiagnosticCode } from '@urilint/core';
import rule from '../../src/rules/valid-scheme-specific.js';
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
  return { messageId: 'schemeSpecific', data: { message: diagnostic.message, code } } as const;
}

const emptyHost = 'fetch("https:///example.com/")';
const noAuthority = 'await fetch("https:/example.com/v1");';
const wsFragment = 'new WebSocket("wss://example.com/chat#room")';
const mailtoEquals = 'location.href = "mailto:someone@example.com?subject=1+1=2";';
const mailtoSlashes = '<a href="mailto://someone@example.com">Mail</a>';
const mailtoAddress = 'const m = "mailto:someone.example.com"';
const base64 = 'const d = "data:text/plain;base64,SGk";';
const mediatype = '<img src="data:image/svg+xml;utf8,%3Csvg%3E" alt="" />';
const port = 'fetch("http://example.com:65536/")';
const tel = '<a href="tel:555-0123">Call</a>';
const telLetters = 'const t: string = "tel:+1-800-FLOWERS";';
const drive = 'const f = "file://C:/Windows/win.ini"';
const urn = 'const isbn = "urn:isbn:";';
const escaped = 'fetch("https:/\\x2fexample.com:7\\x300000/")';
const template = 'new WebSocket(`wss://${host}:99999/socket`)';

ruleTester.run('valid-scheme-specific', rule, {
  valid: [
    // Text on a page shaped Word:VALUE is no data: URI (react-router's tests).
    'screen.getByText("Data:LOADER")',
    // Server-sent events are protocol text, not data: URIs (undici's tests).
    "const body = 'event:custom\\ndata:test\\n\\n'",
    "res.write('id: 1\\nevent: ping\\ndata: hello world\\n\\n')",
    // A dummy base lends only its scheme and authority (undici: new URL(opts.path, 'data://')).
    "const url = new URL(opts.path, 'data://')",
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://example.com/")',
    'new WebSocket("wss://example.com/chat")',
    'location.href = "mailto:someone@example.com?subject=Hello%20there"',
    'const d = "data:text/plain;base64,SGk="',
    'const d = "data:,Hello%2C%20World"',
    '<a href="tel:+1-201-555-0123">Call</a>',
    'const f = "file:///C:/Windows/win.ini"',
    'const isbn = "urn:isbn:0451450523"',
    'fetch("http://example.com:65535/")',
    // Holes stand for any value: `${email}` may hold the "@".
    'const a = `mailto:${email}`',
    'const b = `tel:${phone}`',
    'const c = `data:${mime};base64,${b64}`',
    'const e = `file://${path}`',
    'const f = `wss://${host}/ws`',
    'fetch(`http://example.com:${port}/`)',
    // Other rules' codes.
    'fetch("htps://example.com/")',
    'location.href = "myapp://settings"',
    'fetch("localhost:3000/api")',
    // False-positive traps.
    'const ns = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
    'const t2 = "mailto:{address}"',
    'const re = new RegExp("mailto:[^@]+")',
    'const prose = "Write to mailto:someone@example.com or call tel:+1-201-555-0123."',
  ],
  invalid: [
    {
      code: emptyHost,
      errors: [
        {
          ...report('https:///example.com/', 'http-empty-host'),
          line: 1,
          ...at(emptyHost, '//'),
          suggestions: [{ messageId: 'suggestion', output: 'fetch("https://example.com/")' }],
        },
      ],
    },
    {
      code: noAuthority,
      errors: [{ ...report('https:/example.com/v1', 'http-missing-authority'), ...at(noAuthority, 'https:/'), suggestions: [{ messageId: 'suggestion', output: 'await fetch("https://example.com/v1");' }] }],
    },
    {
      // Removing the fragment drops text: a suggestion, not a fix.
      code: wsFragment,
      errors: [
        {
          ...report('wss://example.com/chat#room', 'ws-fragment'),
          ...at(wsFragment, '#room'),
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Remove the fragment.' }, output: 'new WebSocket("wss://example.com/chat")' }],
        },
      ],
    },
    {
      // "=" → "%3D" decodes to the same header value: a fix.
      code: mailtoEquals,
      errors: [{ ...report('mailto:someone@example.com?subject=1+1=2', 'mailto-unescaped-char'), ...at(mailtoEquals, '=', 3) }],
      output: 'location.href = "mailto:someone@example.com?subject=1+1%3D2";',
    },
    {
      code: mailtoSlashes,
      errors: [{ ...report('mailto://someone@example.com', 'mailto-authority'), ...at(mailtoSlashes, '//'), suggestions: [{ messageId: 'suggestion', output: '<a href="mailto:someone@example.com">Mail</a>' }] }],
    },
    { code: mailtoAddress, errors: [{ ...report('mailto:someone.example.com', 'mailto-invalid-address'), ...at(mailtoAddress, 'someone.example.com') }] },
    {
      code: base64,
      // The padding changes the URL's text, which the fix gate compares: offered, not applied.
      errors: [
        {
          ...report('data:text/plain;base64,SGk', 'data-invalid-base64'),
          ...at(base64, 'SGk'),
          suggestions: [{ messageId: 'suggestion', output: 'const d = "data:text/plain;base64,SGk=";' }],
        },
      ],
    },
    { code: mediatype, errors: [{ ...report('data:image/svg+xml;utf8,%3Csvg%3E', 'data-invalid-mediatype'), ...at(mediatype, 'utf8') }] },
    { code: port, errors: [{ ...report('http://example.com:65536/', 'port-out-of-range'), ...at(port, '65536') }] },
    { code: tel, errors: [{ ...report('tel:555-0123', 'tel-missing-context'), ...at(tel, '555-0123') }] },
    { code: telLetters, errors: [{ ...report('tel:+1-800-FLOWERS', 'tel-invalid-number'), ...at(telLetters, 'FLOWERS') }] },
    {
      code: drive,
      errors: [{ ...report('file://C:/Windows/win.ini', 'file-drive-letter-authority'), ...at(drive, 'C:'), suggestions: [{ messageId: 'suggestion', output: 'const f = "file:///C:/Windows/win.ini"' }] }],
    },
    { code: urn, errors: [{ ...report('urn:isbn:', 'urn-invalid-nss'), ...at(urn, ':', 2) }] },
    {
      // Escapes: "\x2f" is the second "/", "\x30" a "0" of the port; ranges cover the escapes as written.
      code: escaped,
      errors: [{ ...report('https://example.com:700000/', 'port-out-of-range'), ...at(escaped, '7\\x300000') }],
    },
    {
      code: template,
      errors: [{ ...report('wss://x:99999/socket', 'port-out-of-range'), ...at(template, '99999') }],
    },
  ],
});
