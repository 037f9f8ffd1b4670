import rule from '../../src/rules/no-credentials.js';
import { at } from '../support/columns.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

/** The report of a password: core's message (which names fetch() only for web schemes), its code. */
const password = (secret: string, web = true) =>
  ({
    messageId: 'credentials',
    data: {
      message: `The userinfo holds a password (${secret.length} characters): it is stored and shown in clear wherever the URI goes (logs, history, proxies, referrers)${web ? ', and fetch() rejects a URL with credentials' : ''}.`,
      code: 'userinfo-password',
    },
  }) as const;

const fetchSecret = 'fetch("https://user:Tr0ub4dor@api.acme.io/")';
const escaped = 'const api = "https://user:Tr0ub4d\\u006fr@api.acme.io/v1"';
const template = 'fetch(`https://deploy:hunter2@${host}/hooks/${id}`)';
const jsx = '<a href="https://john:pa55@intranet.acme.io/">Intranet</a>';
const prose = 'const help = "Connect with postgres://app:hunter2@db.internal:5432/app first."';
const typed = 'const db: string = "redis://default:s3cr3t@cache.internal:6379/0";';
const emoji = 'const a = "😀"; new URL("ftp://anonymous:guest@ftp.acme.io/pub")';

ruleTester.run('no-credentials', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://example.com/")',
    // A user name alone, an empty password: no secret (other rules judge user names).
    'fetch("ftp://anonymous@ftp.example.com/")',
    'const e = "https://user:@example.com/"',
    'const r = "redis://:@localhost:6379"',
    // Credentials from variables are not written in the source.
    'fetch(`https://${user}:${password}@example.com/`)',
    'fetch(`https://admin:${token}@example.com/`)',
    'const u = "https://" + user + ":" + pass + "@example.com/"',
    // False-positive traps.
    'const t = "https://{user}:{password}@api.example.com/"',
    'const re = new RegExp("https?://user:pass@[^/]+")',
    'const prose = "Docs at https://example.com/docs and user:pass pairs go in .netrc."',
    'const time = "12:30@home"',
    // Stand-ins, not secrets: local and example hosts, placeholder passwords (reported in strict).
    'fetch("http://user:password@localhost:8080/")',
    'const db = "postgres://app:Tr0ub4dor@127.0.0.1:5432/app"',
    'const api = "https://user:Tr0ub4dor@api.example.com/"',
    'const test = "https://user:Tr0ub4dor@service.test/"',
    'const doc = "postgresql://login:password@hostname:5432/dbname"',
    'const x = "amqp://guest:changeme@rabbit.acme.io/"',
    'const y = "redis://default:<password>@cache.acme.io:6379"',
    'const z = "https://admin:****@grafana.acme.io/"',
  ],
  invalid: [
    {
      code: fetchSecret,
      errors: [
        {
          ...password('Tr0ub4dor'),
          line: 1,
          ...at(fetchSecret, 'Tr0ub4dor'),
          suggestions: [{ messageId: 'suggestion', data: { suggestion: 'Remove the userinfo "user:•••••••••@".' }, output: 'fetch("https://api.acme.io/")' }],
        },
      ],
    },
    {
      // The "o" is written as \u006f: the report covers the escape, the suggestion removes it with the rest.
      code: escaped,
      errors: [
        {
          ...password('Tr0ub4dor'),
          ...at(escaped, 'Tr0ub4d\\u006fr'),
          suggestions: [{ messageId: 'suggestion', output: 'const api = "https://api.acme.io/v1"' }],
        },
      ],
    },
    {
      // The host is a hole; the credentials are not.
      code: template,
      errors: [
        {
          ...password('hunter2'),
          ...at(template, 'hunter2'),
          suggestions: [{ messageId: 'suggestion', output: 'fetch(`https://${host}/hooks/${id}`)' }],
        },
      ],
    },
    {
      code: jsx,
      errors: [{ ...password('pa55'), ...at(jsx, 'pa55'), suggestions: [{ messageId: 'suggestion', output: '<a href="https://intranet.acme.io/">Intranet</a>' }] }],
    },
    {
      // In prose, the URI found in the sentence is checked.
      code: prose,
      errors: [
        {
          ...password('hunter2', false),
          ...at(prose, 'hunter2'),
          suggestions: [{ messageId: 'suggestion', output: 'const help = "Connect with postgres://db.internal:5432/app first."' }],
        },
      ],
    },
    {
      code: typed,
      errors: [
        {
          ...password('s3cr3t', false),
          ...at(typed, 's3cr3t'),
          suggestions: [{ messageId: 'suggestion', output: 'const db: string = "redis://cache.internal:6379/0";' }],
        },
      ],
    },
    {
      // Columns count UTF-16 code units: the emoji counts twice.
      code: emoji,
      errors: [
        {
          ...password('guest', false),
          ...at(emoji, 'guest'),
          suggestions: [{ messageId: 'suggestion', output: 'const a = "😀"; new URL("ftp://ftp.acme.io/pub")' }],
        },
      ],
    },
    {
      // The user name is a hole: the password is still written here, but removing the userinfo would touch the hole.
      code: 'fetch(`https://${user}:Tr0ub4dor@api.acme.io/`)',
      errors: [{ ...password('Tr0ub4dor'), ...at('fetch(`https://${user}:Tr0ub4dor@api.acme.io/`)', 'Tr0ub4dor'), suggestions: [] }],
    },
    {
      // Stand-ins are reported with `placeholders: true`, as the strict config sets it.
      code: 'fetch("http://user:password@localhost:8080/")',
      options: [{ placeholders: true }],
      errors: [{ ...password('password'), ...at('fetch("http://user:password@localhost:8080/")', 'password'), suggestions: [{ messageId: 'suggestion', output: 'fetch("http://localhost:8080/")' }] }],
    },
  ],
});
