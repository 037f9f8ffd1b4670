import rule from '../../src/rules/no-deceptive-authority.js';
import { at } from '../support/columns.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';


/** The report of a deceptive userinfo: core's message, its code. */
const deceptive = (userinfo: string, host: string) =>
  ({
    messageId: 'deceptive',
    data: {
      message: `The userinfo "${userinfo}" looks like a host, but the host contacted is "${host}": everything before the "@" is only a user name sent to it.`,
      code: 'userinfo-looks-like-host',
    },
  }) as const;

// RFC 3986 §7.6's own examples.
const rfcHttp = 'fetch("http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm")';
const rfcFtp = 'const story = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm";';
const jsx = '<a href="https://accounts.google.com:443@phish.example/login">Sign in</a>';
const escaped = 'location.href = "https://paypal\\x2ecom@evil.example/";';
const holeHost = 'fetch(`https://paypal.com@${host}/login`)';
const holePath = 'const u: string = `https://www.bank.example@203.0.113.7/${path}`;';
const prose = 'const m = "Log in at http://trusted.example@10.0.0.1/ today";';

ruleTester.run('no-deceptive-authority', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://www.example.com/top_story.htm")',
    // Ordinary user names.
    'fetch("ssh://git@github.com/urilint/urilint.git")',
    'fetch("ftp://anonymous@ftp.example.com/")',
    'fetch("ftp://john.doe@ftp.example.com/")',
    'fetch("https://x-access-token:abc@github.com/")',
    // The userinfo is a hole: not the source's to judge.
    'fetch(`https://${bank}@evil.example/`)',
    // False-positive traps.
    'const t = "https://{host}@proxy.example/"',
    'const re = new RegExp("https?://www\\\\.example\\\\.com@[^/]+")',
    'const prose = "Write to user@example.com or see https://example.com/contact."',
    'if (url.startsWith("https://www.example.com@")) {}',
    'const mail2 = "mailto:www.example.com@example.org"',
  ],
  invalid: [
    {
      code: rfcHttp,
      errors: [{ ...deceptive('www.example.com&story=breaking_news', '10.0.0.1'), line: 1, ...at(rfcHttp, 'www.example.com&story=breaking_news') }],
    },
    {
      code: rfcFtp,
      errors: [{ ...deceptive('cnn.example.com&story=breaking_news', '10.0.0.1'), ...at(rfcFtp, 'cnn.example.com&story=breaking_news') }],
    },
    {
      code: jsx,
      // What follows the ":" of a userinfo is a password (RFC 3986 §3.2.1), even one that reads as a port: never quoted.
      errors: [{ ...deceptive('accounts.google.com:•••', 'phish.example'), ...at(jsx, 'accounts.google.com:443') }],
    },
    {
      // "\x2e" is a ".": the range covers the escape as written.
      code: escaped,
      errors: [{ ...deceptive('paypal.com', 'evil.example'), ...at(escaped, 'paypal\\x2ecom') }],
    },
    {
      // The host is a hole: the message does not name the placeholder that stands for it.
      code: holeHost,
      errors: [
        {
          messageId: 'deceptiveHole',
          data: { userinfo: 'paypal.com', code: 'userinfo-looks-like-host' },
          ...at(holeHost, 'paypal.com'),
        },
      ],
    },
    {
      code: holePath,
      errors: [{ ...deceptive('www.bank.example', '203.0.113.7'), ...at(holePath, 'www.bank.example') }],
    },
    {
      code: prose,
      errors: [{ ...deceptive('trusted.example', '10.0.0.1'), ...at(prose, 'trusted.example') }],
    },
  ],
});
