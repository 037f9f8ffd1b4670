import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Before the code it counts: see support/work.ts.
import { expectLinearWork } from './support/work.js';
import { analyze, applyEdits, checkSecurity, formatIPv4, isPlaceholderCredential, maskPassword, parse, type Diagnostic } from '../src/index.js';
import { SECURITY_CODES } from '../src/security/codes.js';
import { parseIPv4Loose } from '../src/security/index.js';
import { unescapeExample } from './support/examples.js';

const security = (input: string): Diagnostic[] => checkSecurity(parse(input));

/** `[code, text under the range]` for each finding: what a reviewer checks. */
const findings = (input: string): [string, string][] => security(input).map((d) => [d.code, input.slice(d.start, d.end)]);

const codes = (input: string): string[] => security(input).map((d) => d.code);

const only = (input: string, code: string): Diagnostic => {
  const found = security(input).filter((d) => d.code === code);
  expect(found, `${code} once in ${JSON.stringify(input)}`).toHaveLength(1);
  return found[0]!;
};


describe('the security codes', () => {
  // scheme-insecure is a policy check of its own (insecureSchemeFinding, tested in insecure.test.ts), not checkSecurity's.
  const names = (Object.keys(SECURITY_CODES) as (keyof typeof SECURITY_CODES)[]).filter((code) => code !== 'scheme-insecure');

  it.each(names)('%s: its example produces it, with the table’s severity and section', (code) => {
    const example = unescapeExample(SECURITY_CODES[code].example);
    const found = security(example).filter((d) => d.code === code);
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) {
      expect(d.severity).toBe(SECURITY_CODES[code].severity);
      expect(d.spec).toBe(SECURITY_CODES[code].spec);
      expect(d.message).toMatch(/[.)]$/);
    }
    // Through analyze as well (the scheme rules are another analysis, off here).
    expect(analyze(example, { schemes: false, whatwg: false }).diagnostics.map((d) => d.code)).toContain(code);
  });

  it('codes are kebab-case and grouped by component', () => {
    for (const code of names) expect(code).toMatch(/^(scheme|userinfo|host|port|path|pct)-[a-z0-9-]+$/);
  });

  it('never changes valid: the findings are warnings and infos', () => {
    for (const code of names) expect(SECURITY_CODES[code].severity).not.toBe('error');
    expect(parse('https://user:pass@0x7f.1:25/%2e%2e/%0d%0a').valid).toBe(true);
  });
});

describe('maskPassword (RFC 3986 §7.5)', () => {
  it('masks the password and nothing else', () => {
    expect(maskPassword('https://ann:s3cret@example.com:8080/a?b#c')).toBe('https://ann:••••@example.com:8080/a?b#c');
    expect(maskPassword('ftp://:pw@example.com/', undefined, '***')).toBe('ftp://:***@example.com/');
    // An "@" in the password ends the userinfo only at the last one.
    expect(maskPassword('https://u:p@ss@example.com/')).toBe('https://u:••••@example.com/');
  });

  it('leaves a URI without a password as it is', () => {
    for (const uri of ['https://ann@example.com/', 'https://example.com/a:b', 'mailto:ann@example.com', 'urn:a:b']) expect(maskPassword(uri)).toBe(uri);
  });
});

describe('userinfo (RFC 3986 §7.5, §7.6)', () => {
  it('flags the two semantic attacks of §7.6, naming the host really contacted', () => {
    for (const input of [
      'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm',
      'ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm',
    ]) {
      const d = only(input, 'userinfo-looks-like-host');
      expect(input.slice(d.start, d.end)).toMatch(/^(www|cnn)\.example\.com&story=breaking_news$/);
      expect(d.message).toContain('"10.0.0.1"');
      expect(d.severity).toBe('warning');
      expect(d.component).toBe('userinfo');
      expect(applyEdits(input, d.suggestions![0]!.edits)).toMatch(/^(http|ftp):\/\/10\.0\.0\.1\/top_story\.htm$/);
    }
  });

  it('flags a trusted-looking name before the real host', () => {
    const input = 'https://trusted.example@evil.example/';
    const d = only(input, 'userinfo-looks-like-host');
    expect(input.slice(d.start, d.end)).toBe('trusted.example');
    expect(d.message).toContain('"evil.example"');
    expect(codes(input)).not.toContain('userinfo-username');
  });

  it('names the host a browser contacts when a backslash ends the authority for it', () => {
    const d = only('http://good.example\\@evil.example/', 'userinfo-looks-like-host');
    expect(d.message).toBe(
      'The userinfo "good.example\\" looks like a host: RFC 3986 reads the host as "evil.example" (everything before the "@" a user name), while a browser reads the "\\" as "/" and contacts "good.example".',
    );
  });

  it('flags a URL hidden in the userinfo', () => {
    expect(codes('http://https:%2F%2Fgood.example@evil.example/')).toContain('userinfo-looks-like-host');
  });

  it('does not take user names for hosts', () => {
    for (const input of [
      'https://user@example.com/',
      'ftp://anonymous@ftp.example/',
      'ssh://git@github.com/org/repo.git',
      'ftp://john.doe@ftp.example/',
      'ftp://me%40mail.example@ftp.example/',
    ]) {
      expect(codes(input), input).not.toContain('userinfo-looks-like-host');
    }
  });

  it('reports a password on the password alone, and suggests removing the userinfo', () => {
    const input = 'https://user:secret@example.com/';
    expect(findings(input)).toEqual([['userinfo-password', 'secret']]);
    const d = only(input, 'userinfo-password');
    expect(d.message).not.toContain('secret');
    expect(d.fix).toBeUndefined();
    expect(applyEdits(input, d.suggestions![0]!.edits)).toBe('https://example.com/');
  });

  it('reads an empty password as a user name only', () => {
    expect(findings('https://user:@example.com/')).toEqual([['userinfo-username', 'user:']]);
    expect(findings('ftp://:secret@ftp.example/')).toEqual([['userinfo-password', 'secret']]);
    expect(findings('postgres://app:hunter2@db.internal/app')).toEqual([['userinfo-password', 'hunter2']]);
  });

  it('reports a user name alone as info, on web schemes only', () => {
    const d = only('https://user@example.com/', 'userinfo-username');
    expect(d.severity).toBe('info');
    expect(d.message).toContain('"user"');
    expect(applyEdits('https://user@example.com/', d.suggestions![0]!.edits)).toBe('https://example.com/');
    expect(findings('https://@example.com/')).toEqual([]);
    for (const input of ['ftp://anonymous@ftp.example/', 'ssh://git@github.com/org/repo.git', 'git+ssh://git@github.com/x']) expect(findings(input), input).toEqual([]);
  });
});

describe('rare IPv4 forms (RFC 3986 §7.4)', () => {
  it.each([
    ['http://0x7f.1/', '0x7f.1'],
    ['http://0177.0.0.1/', '0177.0.0.1'],
    ['http://2130706433/', '2130706433'],
    ['http://127.1/', '127.1'],
    ['http://0x7f000001/', '0x7f000001'],
    ['http://127.0.0.01/', '127.0.0.01'],
    ['http://127.0.0.1./', '127.0.0.1.'],
    ['ftp://0X7F.0.0.1:21/', '0X7F.0.0.1'],
  ])('%s: the host is 127.0.0.1, and the fix writes it so', (input, host) => {
    const d = only(input, 'host-ipv4-rare-form');
    expect(input.slice(d.start, d.end)).toBe(host);
    expect(d.message).toContain('127.0.0.1');
    expect(applyEdits(input, d.fix!)).toBe(input.replace(host, '127.0.0.1'));
  });

  it('decodes the host first, as browsers do', () => {
    const input = 'http://%30x7f.1/';
    expect(applyEdits(input, only(input, 'host-ipv4-rare-form').fix!)).toBe('http://127.0.0.1/');
  });

  it('does not report canonical addresses, names, or what is no address', () => {
    for (const input of ['http://127.0.0.1/', 'http://10.0.0.1:8080/', 'http://256.1.1.1/', 'http://1.2.3.4.5/', 'http://example.com/', 'http://v1.2/', 'https://[::1]/']) {
      expect(codes(input), input).not.toContain('host-ipv4-rare-form');
    }
  });
});

describe('parseIPv4Loose (the WHATWG IPv4 parser)', () => {
  it.each([
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.0.0.01', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0x', '0.0.0.0'],
    ['0', '0.0.0.0'],
    ['4294967295', '255.255.255.255'],
    ['1.16777215', '1.255.255.255'],
    ['1.2.65535', '1.2.255.255'],
    ['0XFF.0377.255.0xff', '255.255.255.255'],
  ])('%s → %s', (host, dotted) => {
    expect(formatIPv4(parseIPv4Loose(host)!)).toBe(dotted);
  });

  it.each(['256.1.1.1', '1.2.3.4.5', '4294967296', '1.16777216', '1.2.65536', '127.0.0.1..', '', '.', '1..2', '08', '1.2.3.08', '0x1g', 'example.com', '1.2.3.-1', ' 1'])(
    '%j is not an address',
    (host) => {
      expect(parseIPv4Loose(host)).toBeUndefined();
    },
  );

  it('agrees with the platform URL on every form it accepts', () => {
    const part = fc.oneof(fc.nat(300).map(String), fc.nat(300).map((n) => '0x' + n.toString(16)), fc.nat(300).map((n) => '0' + n.toString(8)), fc.nat(2 ** 32).map(String));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), (parts) => {
        const host = parts.join('.');
        const address = parseIPv4Loose(host);
        let hostname: string | undefined;
        try {
          hostname = new URL(`http://${host}/`).hostname;
        } catch {
          hostname = undefined;
        }
        expect(address === undefined ? undefined : formatIPv4(address)).toBe(hostname);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('another protocol’s port (RFC 3986 §7.2)', () => {
  it.each([
    [21, 'ftp'],
    [22, 'ssh'],
    [23, 'telnet'],
    [25, 'SMTP'],
    [110, 'pop'],
    [143, 'imap'],
    [389, 'ldap'],
    [445, 'SMB'],
    [3306, 'mysql'],
    [5432, 'postgres'],
    [6379, 'redis'],
    [11211, 'memcached'],
    [27017, 'mongodb'],
  ])('port %i is %s’s', (port, service) => {
    const input = `http://internal.example:${port}/`;
    const d = only(input, 'port-other-protocol');
    expect(input.slice(d.start, d.end)).toBe(String(port));
    expect(d.message).toContain(service);
    expect(d.component).toBe('port');
  });

  it('says browsers refuse Fetch’s bad ports, and not the others', () => {
    expect(only('http://h:25/', 'port-other-protocol').message).toContain('refuse');
    expect(only('http://h:6379/', 'port-other-protocol').message).not.toContain('refuse');
  });

  it('applies to https, ws and wss too, and to no other scheme', () => {
    for (const scheme of ['https', 'ws', 'wss', 'HTTP']) expect(codes(`${scheme}://h:6379/`)).toContain('port-other-protocol');
    for (const input of ['ftp://h:21/', 'ssh://h:22/', 'redis://h:6379/', 'ftp://h:25/']) expect(codes(input), input).not.toContain('port-other-protocol');
  });

  it('leaves web ports alone', () => {
    for (const port of [80, 443, 8080, 8443, 3000, 5000, 8000, 8888, 9000]) {
      expect(codes(`http://127.0.0.1:${port}/`), String(port)).toEqual([]);
    }
    expect(codes('http://h:/')).toEqual([]);
  });
});

describe('encoded CR, LF and NUL (RFC 3986 §7.2, §7.3)', () => {
  it('reports each run of encoded line breaks at its triplets, either case', () => {
    expect(findings('https://example.com/?q=a%0D%0ASet-Cookie:x')).toEqual([['pct-encoded-crlf', '%0D%0A']]);
    expect(findings('https://example.com/a%0ab%0d')).toEqual([
      ['pct-encoded-crlf', '%0a'],
      ['pct-encoded-crlf', '%0d'],
    ]);
  });

  it('reports encoded NUL apart', () => {
    const input = 'https://example.com/file.php%00.png';
    expect(findings(input)).toEqual([['pct-encoded-nul', '%00']]);
    expect(findings('http://h/%00%0A')).toEqual([
      ['pct-encoded-nul', '%00'],
      ['pct-encoded-crlf', '%0A'],
    ]);
  });

  it('finds them in every component', () => {
    const input = 'http://u%0A@h%0D/p%00?q%0a#f%00';
    const encoded = security(input).filter((d) => d.code.startsWith('pct-'));
    expect(encoded.map((d) => [d.component, input.slice(d.start, d.end)])).toEqual([
      ['userinfo', '%0A'],
      ['host', '%0D'],
      ['path', '%00'],
      ['query', '%0a'],
      ['fragment', '%00'],
    ]);
  });

  it('ignores other controls and look-alikes', () => {
    for (const input of ['http://h/%0B%09%20', 'http://h/%250A', 'http://h/%0', 'http://h/%0G', 'http://h/%1A']) {
      expect(codes(input), input).toEqual([]);
    }
  });
});

describe('encoded dot segments (RFC 3986 §7.3)', () => {
  it('reports whole segments that are an encoded "." or ".."', () => {
    expect(findings('https://example.com/static/%2E%2E/admin')).toEqual([['path-encoded-dot-segment', '%2E%2E']]);
    expect(findings('/a/.%2e/b/%2e/c/%2e./d/%2e%2E')).toEqual([
      ['path-encoded-dot-segment', '.%2e'],
      ['path-encoded-dot-segment', '%2e'],
      ['path-encoded-dot-segment', '%2e.'],
      ['path-encoded-dot-segment', '%2e%2E'],
    ]);
    expect(only('https://example.com/static/%2E%2E/admin', 'path-encoded-dot-segment').fix).toBeUndefined();
  });

  it('leaves parts of segments, plain dots, encoded slashes and opaque paths alone', () => {
    for (const input of ['https://example.com/a%2Fb', 'https://example.com/%2e%2e%2e', 'https://example.com/a%2e/b', 'https://example.com/../a', 'mailto:%2e%2e@example.com', 'https://example.com/?q=%2e%2e']) {
      expect(codes(input), input).toEqual([]);
    }
  });
});

describe('script schemes', () => {
  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'JavaScript:'],
    ['vbscript:msgbox(1)', 'vbscript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:text/html'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'data:text/html'],
    ['data:image/svg+xml;utf8,<svg onload=alert(1)>', 'data:image/svg+xml'],
    ['data:application/xhtml+xml,x', 'data:application/xhtml+xml'],
  ])('%s runs code', (input, range) => {
    const d = only(input, 'scheme-script');
    expect(input.slice(d.start, d.end)).toBe(range);
  });

  it.each([
    [' javascript:alert(1)', ' javascript:', 'strips'],
    ['java\tscript:alert(1)', 'java\tscript:', 'removes'],
    ['\u0001javascript:x', '\u0001javascript:', 'strips'],
    ['\n\tjava\nscript:alert(1)', '\n\tjava\nscript:', 'strips'],
    ['data:text/h\ttml,<script>x</script>', 'data:text/h\ttml', 'removes'],
  ])('%j is still a script scheme to a browser', (input, range, step) => {
    const d = only(input, 'scheme-script-obfuscated');
    expect(input.slice(d.start, d.end)).toBe(range);
    expect(d.message).toContain(step);
    expect(d.message).toMatch(/"(javascript:|data:text\/html)"/);
    expect(codes(input)).not.toContain('scheme-script');
  });

  it('says what the browser runs', () => {
    expect(only('java\tscript:alert(1)', 'scheme-script-obfuscated').message).toContain('runs "alert(1)"');
  });

  it('does not decode HTML entities, nor flag harmless data or other schemes', () => {
    for (const input of ['jav&#x09;ascript:alert(1)', 'data:text/plain,hi', 'data:image/png;base64,iVBO', 'https://example.com/javascript:x', 'javascripts:x', 'mailto:a@b.example']) {
      expect(codes(input), input).toEqual([]);
    }
  });
});

describe('what must not be flagged', () => {
  it.each(['https://example.com/', 'http://127.0.0.1:8080/', 'mailto:a@b.example', 'https://example.com/a%2Fb', 'https://[::1]/', '', '//example.com/a?b#c', 'urn:isbn:0451450523'])(
    '%j',
    (input) => {
      expect(security(input)).toEqual([]);
    },
  );

  it('https://user@example.com/ has only the info about its user name', () => {
    expect(security('https://user@example.com/').map((d) => [d.code, d.severity])).toEqual([['userinfo-username', 'info']]);
  });
});

describe('robustness', () => {
  it('never throws, and ranges lie in the input', () => {
    const piece = fc.constantFrom('%0D', '%0a', '%00', '%2e', '%2E', '.', '/', '@', ':', '\\', '\t', ' ', '\u0001', 'javascript:', 'data:text/html', '0x7f', '127', '.1', 'www.', 'example.com', 'http://', 'user:pass@', ':25', ':6379', 'é', '\uD800');
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.array(piece, { maxLength: 20 }).map((p) => p.join('')));
    fc.assert(
      fc.property(text, (input) => {
        for (const d of security(input)) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(input.length);
          expect(d.start).toBeLessThanOrEqual(d.end);
          if (d.fix) applyEdits(input, d.fix);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('does linear work on long inputs, and caps what it reports', () => {
    const make = (size: number): string => 'http://h/' + '%0D%00a/%2e%2e/'.repeat(size / 15);
    const found = security(make(300_000));
    expect(found.filter((d) => d.code.startsWith('pct-')).length).toBeLessThanOrEqual(1000);
    expectLinearWork(security, make);
  });
});

describe('userinfo-password message', () => {
  it('counts one character in the singular and mentions fetch() only for web schemes', () => {
    const one = checkSecurity(parse('https://u:p@example.com/')).find((d) => d.code === 'userinfo-password')!;
    expect(one.message).toContain('(1 character)');
    expect(one.message).toContain('fetch()');
    const database = checkSecurity(parse('postgres://app:secret@db.internal/orders')).find((d) => d.code === 'userinfo-password')!;
    expect(database.message).toContain('(6 characters)');
    expect(database.message).not.toContain('fetch()');
  });
});

describe('isPlaceholderCredential', () => {
  it('takes local and example hosts and placeholder passwords for stand-ins', () => {
    for (const uri of [
      'http://user:password@localhost:8080/',
      'postgres://app:Tr0ub4dor@127.0.0.1:5432/app',
      'https://u:Tr0ub4dor@[::1]/',
      'https://u:Tr0ub4dor@api.example.com/',
      'https://u:Tr0ub4dor@svc.test/',
      'https://u:Tr0ub4dor@app.localhost/',
      'postgresql://login:password@hostname:5432/dbname',
      'amqp://guest:changeme@rabbit.acme.io/',
      'redis://default:<password>@cache.acme.io:6379',
      'https://admin:****@grafana.acme.io/',
      'https://admin:xxx@grafana.acme.io/',
      'https://admin:${PASSWORD}@grafana.acme.io/',
    ]) {
      expect(isPlaceholderCredential(parse(uri)), uri).toBe(true);
    }
  });

  it('takes a real-looking password to a real host for a secret, and no password for none', () => {
    for (const uri of ['https://deploy:s3cr3t@api.acme.io/', 'postgres://app:hunter2@db.internal:5432/app', 'https://u:P4ssw0rd!@10.0.0.5/']) {
      expect(isPlaceholderCredential(parse(uri)), uri).toBe(false);
    }
    for (const uri of ['https://user@example.com/', 'https://user:@example.com/', 'https://example.com/']) expect(isPlaceholderCredential(parse(uri)), uri).toBe(false);
  });
});
