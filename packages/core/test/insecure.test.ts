import { describe, expect, it } from 'vitest';
import { applyEdits, parse } from '../src/index.js';
import { hostMatches, insecureSchemeFinding, isLocalOrReservedHost, type InsecureSchemeOptions } from '../src/security/insecure.js';

const finding = (input: string, options?: InsecureSchemeOptions) => insecureSchemeFinding(parse(input), options);
const reported = (input: string, options?: InsecureSchemeOptions): boolean => finding(input, options) !== undefined;

describe('insecureSchemeFinding', () => {
  it.each([
    'http://api.acme.io/users',
    'HTTP://Api.Acme.io/',
    'ws://chat.acme.io/socket',
    'ftp://files.acme.io/pub/a.tar.gz',
    'http://10.0.0.7/',
    'http://192.168.1.1:8080/',
    'http://[2001:db8::1]/',
    'http://0.0.0.1/',
    'http://exampleXcom.org/',
    'http://notexample.com/',
    'http://example.com.evil.io/',
    'http://test/',
  ])('reports %s', (input) => {
    const d = finding(input)!;
    expect(d).toBeDefined();
    expect(d.code).toBe('scheme-insecure');
    expect(d.severity).toBe('warning');
    expect(d.spec).toBe('RFC 3986 §7.1');
    expect(d.component).toBe('scheme');
    expect(input.slice(d.start, d.end).toLowerCase()).toMatch(/^(http|ws|ftp)$/);
    expect(d.message).toMatch(/\.$/);
  });

  it.each([
    'https://api.acme.io/',
    'wss://chat.acme.io/',
    'sftp://files.acme.io/',
    'http://localhost:3000/',
    'http://LOCALHOST./',
    'http://127.0.0.1:8080/',
    'http://127.1.2.3/',
    'http://127.1/',
    'http://[::1]:5173/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    // The unspecified address as a destination is this machine: a server on all interfaces prints it.
    'http://0.0.0.0:3000/',
    'http://0:8080/',
    'http://[::]:5173/',
    'ws://app.localhost/',
    'http://api.test/',
    'http://www.example/',
    'http://nothing.invalid/',
    'http://example.com/',
    'http://www.example.org/',
    'http://a.b.example.net/',
    'http://example%2Ecom/',
    'mailto:user@example.com',
    'http:relative',
    'http:///no-host',
    '//cdn.acme.io/x.js',
    '/users',
  ])('does not report %s', (input) => {
    expect(finding(input)).toBeUndefined();
  });

  it('reads the scheme list from the options', () => {
    expect(reported('ftp://files.acme.io/', { schemes: ['http'] })).toBe(false);
    expect(reported('http://files.acme.io/', { schemes: ['HTTP'] })).toBe(true);
    expect(reported('telnet://router.acme.io/', { schemes: ['telnet'] })).toBe(true);
    expect(finding('telnet://router.acme.io/', { schemes: ['telnet'] })!.suggestions).toBeUndefined();
  });

  it('allows exact hosts and *.suffix patterns', () => {
    const allowHosts = ['intranet.corp', '*.svc.cluster.local', '10.0.0.7', '[fd00::1]'];
    expect(reported('http://intranet.corp/', { allowHosts })).toBe(false);
    expect(reported('http://INTRANET.corp./', { allowHosts })).toBe(false);
    expect(reported('http://www.intranet.corp/', { allowHosts })).toBe(true);
    expect(reported('http://api.ns.svc.cluster.local/', { allowHosts })).toBe(false);
    expect(reported('http://svc.cluster.local/', { allowHosts })).toBe(true);
    expect(reported('http://10.0.0.7:8080/', { allowHosts })).toBe(false);
    expect(reported('http://[FD00::1]/', { allowHosts })).toBe(false);
    expect(reported('http://evil-svc.cluster.local/', { allowHosts })).toBe(true);
  });

  it('suggests https: and wss:, and drops the plain-text default port', () => {
    const cases: [string, string][] = [
      ['http://api.acme.io/x', 'https://api.acme.io/x'],
      ['HTTP://api.acme.io/x', 'https://api.acme.io/x'],
      ['ws://chat.acme.io/', 'wss://chat.acme.io/'],
      ['http://api.acme.io:80/x', 'https://api.acme.io/x'],
      ['http://api.acme.io:8080/x', 'https://api.acme.io:8080/x'],
    ];
    for (const [input, output] of cases) {
      const [suggestion] = finding(input)!.suggestions!;
      expect(applyEdits(input, suggestion!.edits)).toBe(output);
      expect(parse(output).valid).toBe(true);
    }
    expect(finding('http://api.acme.io:8080/x')!.suggestions![0]!.message).toContain('port 8080');
  });

  it('offers nothing for ftp: FTPS and SFTP are other protocols', () => {
    const d = finding('ftp://files.acme.io/')!;
    expect(d.suggestions).toBeUndefined();
    expect(d.message).toContain('SFTP');
  });

  it('names the effect and the host in its message', () => {
    expect(finding('http://api.acme.io/')!.message).toBe(
      '"http:" is not encrypted: the request, its cookies and the response travel unencrypted to "api.acme.io", where anyone on the network path can read and change them; use "https:".',
    );
  });
});

describe('host classification', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['0x7f.1', true],
    ['[::1]', true],
    ['[::2]', false],
    ['[::ffff:10.0.0.1]', false],
    ['dev.localhost', true],
    ['foo.test', true],
    ['test', false],
    ['example.com', true],
    ['example.co', false],
    ['acme.io', false],
    ['128.0.0.1', false],
  ] as const)('%s local or reserved: %s', (host, expected) => {
    expect(isLocalOrReservedHost(host)).toBe(expected);
  });

  it('matches *.suffix on subdomains only', () => {
    expect(hostMatches('a.corp', ['*.corp'])).toBe(true);
    expect(hostMatches('corp', ['*.corp'])).toBe(false);
    expect(hostMatches('acorp', ['*.corp'])).toBe(false);
  });
});
