import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../src/rules/no-insecure-scheme.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

/** Lints with this rule alone (the plugin's rule list is assembled elsewhere). */
function lint(code: string, language: 'js' | 'jsx' | 'ts' | 'tsx', options: Record<string, unknown> = {}): Linter.LintMessage[] {
  const typescript = language.startsWith('t');
  return new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx'],
        plugins: { urilint: { rules: { 'no-insecure-scheme': rule } } as never },
        languageOptions: { ...(typescript ? { parser: tsParser as never } : {}), parserOptions: { ecmaFeatures: { jsx: language.endsWith('x') } }, sourceType: 'module' },
        rules: { 'urilint/no-insecure-scheme': ['error', options] },
      },
    ],
    `file.${language}`,
  );
}

/** One report on the scheme `scheme` (its first occurrence, on the first line), with suggestion outputs. */
function at(code: string, scheme: string, outputs: string[] = []) {
  const column = code.indexOf(`${scheme}:`) + 1;
  return {
    messageId: 'insecure' as const,
    line: 1,
    column,
    endColumn: column + scheme.length,
    suggestions: outputs.map((output) => ({ messageId: 'suggestion' as const, output })),
  };
}

const invalid = (code: string, scheme: string, output?: string) => ({ code, errors: [at(code, scheme, output === undefined ? [] : [output])] });

ruleTester.run('no-insecure-scheme', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    // In test files (testFiles), a test's hosts reach its mocks and servers: not reported unless asked.
    { code: 'request(app).get("http://api.acme.io/users")', filename: 'test/users.js' },
    { code: 'fetch("http://api.acme.io/users")', filename: 'src/__tests__/client.ts' },
    { code: 'fetch("http://api.acme.io/users")', filename: 'src/client.spec.ts' },
    'fetch("https://api.acme.io/users")',
    'new WebSocket("wss://chat.acme.io/")',
    'fetch("/api/users")',
    // Local and reserved hosts.
    'fetch("http://localhost:3000/api")',
    'fetch("http://127.0.0.1:8080/")',
    'fetch("http://[::1]:5173/")',
    'new WebSocket("ws://localhost:8080/socket")',
    'fetch("http://app.localhost/")',
    'fetch("http://api.test/")',
    'fetch("http://service.example/")',
    'fetch("http://nowhere.invalid/")',
    'const docs = "http://example.com/"',
    'const docs = "http://www.example.org/x"',
    'fetch("http://api.example.net/")',
    // Holes: the host is not known here.
    'fetch(`http://${host}/api`)',
    'fetch("http://" + host + "/api")',
    'fetch(`${scheme}://api.acme.io/`)',
    // Identifiers, not locations: XML namespaces, JSON Schema, JSON-LD.
    '<html xmlns:og="http://ogp.me/ns#" />',
    'const SVG_NS = "http://www.w3.org/2000/svg"',
    'const schema = { $schema: "http://json-schema.org/draft-07/schema#", type: "object" }',
    'const ld = { "@context": "http://schema.org", "@type": "Person" }',
    // A JSON Schema reference and a builder's identifier (fastify's tests), an XML namespace built with a hole.
    "const schema = { home: { $ref: 'http://foo/common.json#address' } }",
    "const user = S.object().id('http://mydomain.com/user')",
    'const name = `http://www.w3.org/${ns}`',
    // Prose mentions; patterns and prefixes.
    'const help = "The old site http://legacy.acme.io is gone."',
    'if (url.startsWith("http://")) upgrade(url);',
    'const re = new RegExp("^http://legacy\\\\.acme\\\\.io/")',
    'const isHttp = url === "http://legacy.acme.io/"',
    // Options.
    { code: 'fetch("http://intranet.corp/")', options: [{ allowHosts: ['intranet.corp'] }] },
    { code: 'fetch("http://api.ns.svc.cluster.local/")', options: [{ allowHosts: ['*.svc.cluster.local'] }] },
    { code: 'fetch("ftp://files.acme.io/")', options: [{ schemes: ['http', 'ws'] }] },
    // The false-positive traps of every rule.
    'fetch("https://" + host)',
  ],
  invalid: [
    { ...invalid('fetch("http://api.acme.io/users")', 'http', 'fetch("https://api.acme.io/users")'), filename: 'test/users.js', options: [{ reportInTestFiles: true }] },
    { ...invalid('fetch("http://api.acme.io/users")', 'http', 'fetch("https://api.acme.io/users")'), filename: 'src/client.ts' },
    invalid('fetch("http://api.acme.io/users")', 'http', 'fetch("https://api.acme.io/users")'),
    // Only the first argument of an identifier method, and only on a member call.
    invalid('id("http://api.acme.io/users")', 'http', 'id("https://api.acme.io/users")'),
    invalid("const API = 'http://api.acme.io/v1';", 'http', "const API = 'https://api.acme.io/v1';"),
    invalid('new WebSocket("ws://chat.acme.io/socket")', 'ws', 'new WebSocket("wss://chat.acme.io/socket")'),
    invalid('fetch("ftp://files.acme.io/pub/a.tgz")', 'ftp'),
    invalid('fetch("HTTP://api.acme.io/")', 'HTTP', 'fetch("https://api.acme.io/")'),
    invalid('fetch("http://api.acme.io:80/x")', 'http', 'fetch("https://api.acme.io/x")'),
    invalid('fetch("http://10.0.0.7:8080/")', 'http', 'fetch("https://10.0.0.7:8080/")'),
    invalid('fetch(`http://api.acme.io/users/${id}`)', 'http', 'fetch(`https://api.acme.io/users/${id}`)'),
    invalid('fetch("http://api.acme.io/users/" + id)', 'http', 'fetch("https://api.acme.io/users/" + id)'),
    invalid('<a href="http://acme.io/">Acme</a>', 'http', '<a href="https://acme.io/">Acme</a>'),
    invalid('<img src={"http://cdn.acme.io/logo.png"} alt="" />', 'http', '<img src={"https://cdn.acme.io/logo.png"} alt="" />'),
    invalid('<script src="http://example.com.evil.io/x.js" />', 'http', '<script src="https://example.com.evil.io/x.js" />'),
    invalid('const api = { url: "http://api.acme.io/" }', 'http', 'const api = { url: "https://api.acme.io/" }'),
    { ...invalid('fetch("http://www.intranet.corp/")', 'http', 'fetch("https://www.intranet.corp/")'), options: [{ allowHosts: ['intranet.corp'] }] },
    { ...invalid('fetch("telnet://router.acme.io/")', 'telnet'), options: [{ schemes: ['telnet'] }] },
  ],
});

describe('no-insecure-scheme: messages', () => {
  it('says what travels unencrypted, to which host, with the code', () => {
    const [message] = lint('fetch("http://api.acme.io/")', 'js');
    expect(message!.message).toBe(
      '"http:" is not encrypted: the request, its cookies and the response travel unencrypted to "api.acme.io", where anyone on the network path can read and change them; use "https:". [scheme-insecure]',
    );
    expect(message!.suggestions!.map((s) => s.desc)).toEqual(['Use "https:" (the server must accept TLS on its default port).']);
  });

  it('offers nothing for ftp:', () => {
    const [message] = lint('fetch("ftp://files.acme.io/")', 'ts');
    expect(message!.message).toMatch(/FTP sends the user name, the password and the files unencrypted.*use SFTP, FTPS or HTTPS instead\. \[scheme-insecure\]$/);
    expect(message!.suggestions ?? []).toEqual([]);
  });

  it('reports in JS, TS, JSX and TSX', () => {
    expect(lint('fetch("http://api.acme.io/")', 'js')).toHaveLength(1);
    expect(lint('const u: string = "http://api.acme.io/";', 'ts')).toHaveLength(1);
    expect(lint('const A = () => <a href="http://acme.io/">x</a>;', 'jsx')).toHaveLength(1);
    expect(lint('const A = (): JSX.Element => <iframe src="http://acme.io/" />;', 'tsx')).toHaveLength(1);
    expect(lint('const A = (): JSX.Element => <iframe src="http://acme.io/" />;', 'tsx', { allowHosts: ['acme.io'] })).toHaveLength(0);
  });
});
