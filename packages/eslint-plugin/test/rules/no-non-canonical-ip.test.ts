import rule from '../../src/rules/no-non-canonical-ip.js';
import { at } from '../support/columns.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';


/** The report of a rare IPv4 form: core's message, its code. */
const rare = (host: string, address: string) =>
  ({
    messageId: 'nonCanonical',
    data: {
      message: `The host "${host}" is the IPv4 address ${address} in a rare form: browsers and inet_aton() connect to ${address}, while allow- and deny-lists that compare the text miss it.`,
      code: 'host-ipv4-rare-form',
    },
  }) as const;

const hex = 'fetch("http://0x7f.1/")';
const integer = 'const admin = "http://2130706433:8080/admin";';
const octal = 'const u: string = `http://0177.0.0.1/${path}`;';
const short = 'axios.get("http://10.1/metrics")';
const escaped = 'const d = "http://\\x30x7f.1/"';
const encoded = 'fetch("http://%31%32%37.0.0.1/")';
const jsx = '<img src="http://0x0a.0.0.1/pixel.gif" alt="" />';
const prose = 'const m = "Blocked http://0xA9.254.169.254/latest/meta-data from the proxy";';
const other = 'const r = "redis://017700000001:6379";';

ruleTester.run('no-non-canonical-ip', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("http://127.0.0.1/")',
    'const b = "http://10.0.0.1:3000/"',
    'fetch("http://[::1]/")',
    'fetch("https://1password.com/")',
    'fetch("https://v1.2.example.com/")',
    // A hole in the host: the address is built at run time.
    'const c = `http://10.0.0.${n}/`',
    'fetch(`http://${ip}/`)',
    // False-positive traps.
    'const t = "http://{a}.{b}/"',
    'const re = new RegExp("^https?://0x7f\\\\.1/")',
    'const prose = "Version 1.2.3 of https://example.com/ is out."',
    'if (url.startsWith("http://0x7f.1")) {}',
    'const u = "http://" + host',
    'const mail = "user@127.1"',
  ],
  invalid: [
    { code: hex, errors: [{ ...rare('0x7f.1', '127.0.0.1'), line: 1, ...at(hex, '0x7f.1') }], output: 'fetch("http://127.0.0.1/")' },
    { code: integer, errors: [{ ...rare('2130706433', '127.0.0.1'), ...at(integer, '2130706433') }], output: 'const admin = "http://127.0.0.1:8080/admin";' },
    { code: octal, errors: [{ ...rare('0177.0.0.1', '127.0.0.1'), ...at(octal, '0177.0.0.1') }], output: 'const u: string = `http://127.0.0.1/${path}`;' },
    { code: short, errors: [{ ...rare('10.1', '10.0.0.1'), ...at(short, '10.1') }], output: 'axios.get("http://10.0.0.1/metrics")' },
    {
      // The "0" is written as \x30: the fix replaces the escape with the rest of the host.
      code: escaped,
      errors: [{ ...rare('0x7f.1', '127.0.0.1'), ...at(escaped, '\\x30x7f.1') }],
      output: 'const d = "http://127.0.0.1/"',
    },
    { code: encoded, errors: [{ ...rare('%31%32%37.0.0.1', '127.0.0.1'), ...at(encoded, '%31%32%37.0.0.1') }], output: 'fetch("http://127.0.0.1/")' },
    { code: jsx, errors: [{ ...rare('0x0a.0.0.1', '10.0.0.1'), ...at(jsx, '0x0a.0.0.1') }], output: '<img src="http://10.0.0.1/pixel.gif" alt="" />' },
    {
      code: prose,
      errors: [{ ...rare('0xA9.254.169.254', '169.254.169.254'), ...at(prose, '0xA9.254.169.254') }],
      output: 'const m = "Blocked http://169.254.169.254/latest/meta-data from the proxy";',
    },
    // Any scheme with a host: inet_aton() reads it the same way.
    // Outside the schemes browsers parse, a host is opaque to the URL standard: the rewrite is offered, not applied.
    {
      code: other,
      errors: [
        {
          ...rare('017700000001', '127.0.0.1'),
          ...at(other, '017700000001'),
          suggestions: [{ messageId: 'suggestion', output: 'const r = "redis://127.0.0.1:6379";' }],
        },
      ],
    },
  ],
});
