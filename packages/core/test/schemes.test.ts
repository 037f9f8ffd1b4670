import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Before the code it counts: see support/work.ts.
import { expectLinearWork } from './support/work.js';
import { CODES } from '../src/codes.js';
import { applyEdits } from '../src/edits.js';
import { parse } from '../src/parse.js';
import { SCHEME_CODES } from '../src/schemes/codes.js';
import { DEFAULT_PORTS, checkScheme, isNavigableScheme, lookupScheme, suggestScheme } from '../src/schemes/index.js';
import { SCHEME_REGISTRY } from '../src/schemes/registry.generated.js';
import type { Diagnostic } from '../src/types.js';

const check = (input: string): Diagnostic[] => checkScheme(parse(input));

/** `[code, text under the range]` for each diagnostic: what a reviewer checks. */
const problems = (input: string): [string, string][] => check(input).map((d) => [d.code, input.slice(d.start, d.end)]);

/** The codes reported for `input`. */
const codes = (input: string): string[] => check(input).map((d) => d.code);

/** The one diagnostic of `code` for `input`. */
function only(input: string, code: string): Diagnostic {
  const found = check(input).filter((d) => d.code === code);
  expect(found, `${code} for ${input}`).toHaveLength(1);
  return found[0]!;
}

/** Each suggestion of the one `code` diagnostic, applied. */
const suggested = (input: string, code: string): string[] => (only(input, code).suggestions ?? []).map((s) => applyEdits(input, s.edits));

const fixed = (input: string, code: string): string => applyEdits(input, only(input, code).fix ?? []);

describe('SCHEME_CODES', () => {
  const names = Object.keys(SCHEME_CODES) as (keyof typeof SCHEME_CODES)[];

  it.each(names)('%s: its example produces it', (code) => {
    expect(codes(SCHEME_CODES[code].example)).toContain(code);
  });

  it('are in CODES, kebab-case, grouped, never errors', () => {
    for (const code of names) {
      expect(CODES[code]).toBe(SCHEME_CODES[code]);
      expect(code).toMatch(/^(scheme|port|http|ws|file|mailto|urn|data|tel)-[a-z0-9-]+$/);
      expect(['warning', 'info']).toContain(SCHEME_CODES[code].severity);
      expect(SCHEME_CODES[code].summary).toMatch(/\.$/);
    }
    expect(SCHEME_CODES['scheme-unknown'].severity).toBe('info');
    expect(SCHEME_CODES['scheme-typo'].severity).toBe('warning');
    expect(SCHEME_CODES['scheme-abbreviated-uri'].severity).toBe('warning');
  });

  it('diagnostics carry their code’s severity and section, and a sentence', () => {
    for (const code of names) {
      for (const d of check(SCHEME_CODES[code].example)) {
        expect(d.severity).toBe(CODES[d.code].severity);
        expect(d.spec).toBe(CODES[d.code].spec);
        expect(d.message).toMatch(/\.$/);
        expect(d.start).toBeLessThan(d.end);
      }
    }
  });
});

describe('the registry', () => {
  it('knows IANA permanent, provisional and historical schemes', () => {
    expect(lookupScheme('https')).toEqual({ name: 'https', status: 'permanent', reference: 'RFC 7230' });
    // Runtimes' module specifiers are URIs with schemes of their own (found by the false-positive survey).
    expect(lookupScheme('node')?.status).toBe('unofficial');
    expect(checkScheme(parse('node:inspector')).map((d) => d.code)).toEqual([]);
    expect(lookupScheme('HTTPS')?.name).toBe('https');
    expect(lookupScheme('chrome-extension')).toEqual({ name: 'chrome-extension', status: 'provisional' });
    expect(lookupScheme('fax')?.status).toBe('historical');
    expect(lookupScheme('urn')?.reference).toMatch(/RFC/);
  });

  it('knows the unofficial list and the hand-maintained one', () => {
    expect(lookupScheme('s3')?.status).toBe('unofficial');
    for (const name of ['moz-extension', 'safari-web-extension', 'vscode', 'vscode-insiders', 'slack', 'zoommtg', 'msteams', 'figma', 'discord', 'tg', 'whatsapp', 'itms-apps', 'intent', 'capacitor', 'exp', 'javascript']) {
      expect(lookupScheme(name)?.status, name).toBe('unofficial');
    }
    for (const name of ['spotify', 'steam', 'blob', 'about', 'ws', 'wss']) expect(lookupScheme(name), name).toBeDefined();
  });

  it('knows every scheme that has a default port', () => {
    for (const name of Object.keys(DEFAULT_PORTS)) expect(lookupScheme(name), name).toBeDefined();
  });

  it('knows web+ schemes by prefix: "web+" and lower-case ASCII letters', () => {
    expect(lookupScheme('web+coffee')).toEqual({ name: 'web+coffee', status: 'unofficial', reference: 'HTML (registerProtocolHandler)' });
    expect(lookupScheme('WEB+Coffee')?.name).toBe('web+coffee');
    expect(lookupScheme('web+')).toBeUndefined();
    expect(lookupScheme('web+coffee2')).toBeUndefined();
    expect(lookupScheme('web+co-ffee')).toBeUndefined();
  });

  it('does not know other names, nor Object.prototype’s', () => {
    expect(lookupScheme('myapp')).toBeUndefined();
    expect(lookupScheme('constructor')).toBeUndefined();
    expect(lookupScheme('__proto__')).toBeUndefined();
    expect(lookupScheme('')).toBeUndefined();
  });

  it('is lower-case, sorted, and holds a few hundred names', () => {
    const names = Object.keys(SCHEME_REGISTRY);
    expect(names.length).toBeGreaterThan(250);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9+.-]*$/);
    expect([...names].sort()).toEqual(names);
  });
});

describe('suggestScheme', () => {
  it.each([
    ['htps', 'https'],
    ['htp', 'http'],
    ['htttp', 'http'],
    ['hhtps', 'https'],
    ['mialto', 'mailto'],
    ['maitlo', 'mailto'],
    ['HTPS', 'https'],
    ['httpss', 'https'],
    ['wws', 'wss'],
    ['fiel', 'file'],
    ['dta', 'data'],
    ['ftpp', 'ftp'],
    ['vscod', 'vscode'],
  ])('%s → %s', (name, expected) => {
    expect(suggestScheme(name)).toBe(expected);
  });

  it('answers nothing for known names, far names, and very short names', () => {
    for (const name of ['https', 'HTTP', 'ws', 'tg', 'web+coffee', 'myapp', 'xyzzy', 'a', 'c', 'hx', '']) expect(suggestScheme(name), name).toBeUndefined();
  });
});

describe('scheme knowledge in checkScheme', () => {
  it('scheme-unknown: a well-formed scheme in no registry (info)', () => {
    expect(problems('myapp://settings')).toEqual([['scheme-unknown', 'myapp']]);
    expect(only('myapp://settings', 'scheme-unknown').severity).toBe('info');
    expect(problems('web+coffee:latte')).toEqual([]);
    expect(problems('chrome-extension://abc/popup.html')).toEqual([]);
  });

  it('scheme-unknown is not reported for a malformed scheme (the grammar’s business)', () => {
    expect(codes('web_app:x')).toEqual([]);
    expect(codes('1password:x')).toEqual([]);
  });

  it('scheme-typo: suggests the known scheme, replacing the scheme only', () => {
    expect(problems('htps://example.com/')).toEqual([['scheme-typo', 'htps']]);
    expect(suggested('htps://example.com/', 'scheme-typo')).toEqual(['https://example.com/']);
    expect(suggested('hhtps://example.com/', 'scheme-typo')).toEqual(['https://example.com/']);
    expect(suggested('htttp://example.com/', 'scheme-typo')).toEqual(['http://example.com/']);
    expect(suggested('mialto:someone@example.com', 'scheme-typo')).toEqual(['mailto:someone@example.com']);
    expect(only('htps://example.com/', 'scheme-typo').suggestions?.[0]?.message).toBe('Replace "htps" with "https".');
  });

  it('scheme-abbreviated-uri: host and port read as a scheme, with https:// and http:// suggested', () => {
    expect(problems('example.com:80')).toEqual([['scheme-abbreviated-uri', 'example.com:80']]);
    expect(suggested('example.com:80', 'scheme-abbreviated-uri')).toEqual(['https://example.com:80', 'http://example.com:80']);
    expect(problems('www.example.com:8080/a')).toEqual([['scheme-abbreviated-uri', 'www.example.com:8080']]);
    expect(suggested('www.example.com:8080/a', 'scheme-abbreviated-uri')).toEqual(['https://www.example.com:8080/a', 'http://www.example.com:8080/a']);
  });

  it('scheme-abbreviated-uri: http:// first for localhost and loopback', () => {
    expect(problems('localhost:3000/x')).toEqual([['scheme-abbreviated-uri', 'localhost:3000']]);
    expect(suggested('localhost:3000/x', 'scheme-abbreviated-uri')).toEqual(['http://localhost:3000/x', 'https://localhost:3000/x']);
    expect(suggested('LocalHost:3000', 'scheme-abbreviated-uri')[0]).toBe('http://LocalHost:3000');
    expect(suggested('api.localhost:8080/v1?q=1', 'scheme-abbreviated-uri')[0]).toBe('http://api.localhost:8080/v1?q=1');
    // 127.0.0.1 is no scheme to the grammar (it starts with a digit), but the intent is the same.
    expect(problems('127.0.0.1:8080')).toEqual([['scheme-abbreviated-uri', '127.0.0.1:8080']]);
    expect(suggested('127.0.0.1:8080', 'scheme-abbreviated-uri')).toEqual(['http://127.0.0.1:8080', 'https://127.0.0.1:8080']);
  });

  it('scheme-abbreviated-uri: only a host-like scheme followed by digits', () => {
    expect(codes('localhost:abc')).toEqual(['scheme-unknown']);
    expect(codes('myapp:3000')).toEqual(['scheme-unknown']);
    expect(codes('example.com:80abc')).toEqual(['scheme-unknown']);
    expect(codes('example.com://80')).toEqual(['scheme-unknown']);
    expect(codes('ex_ample.com:80')).toEqual([]);
    // A known scheme is never an abbreviation.
    expect(codes('tel:911')).not.toContain('scheme-abbreviated-uri');
  });

  it('scheme-missing-colon: http// and https// at the start of a relative reference', () => {
    expect(problems('http//host/x')).toEqual([['scheme-missing-colon', 'http//']]);
    expect(suggested('http//host/x', 'scheme-missing-colon')).toEqual(['http://host/x']);
    expect(problems('https//host')).toEqual([['scheme-missing-colon', 'https//']]);
    expect(suggested('https//host', 'scheme-missing-colon')).toEqual(['https://host']);
    expect(suggested('HTTPS//Example.com/', 'scheme-missing-colon')).toEqual(['HTTPS://Example.com/']);
    expect(codes('/http//host')).toEqual([]);
    expect(codes('httpx//host')).toEqual([]);
    expect(codes('http/host')).toEqual([]);
    expect(codes('//http//host')).toEqual([]);
  });
});

describe('port-out-of-range (every scheme with a default port)', () => {
  it('reports ports above 65535, leading zeros aside', () => {
    expect(problems('http://example.com:65536/')).toEqual([['port-out-of-range', '65536']]);
    expect(problems('redis://cache:99999999999999999999/')).toEqual([['port-out-of-range', '99999999999999999999']]);
    expect(problems('postgres://db:70000/app')).toEqual([['port-out-of-range', '70000']]);
    expect(codes('http://example.com:65535/')).toEqual([]);
    expect(codes('http://example.com:0/')).toEqual([]);
    expect(codes('ssh://host:0000022/')).toEqual([]);
    expect(codes('http://example.com:/')).toEqual([]);
  });

  it('leaves schemes without a default port, and non-digit ports, alone', () => {
    expect(codes('git://host:70000/repo')).toEqual([]);
    expect(codes('http://example.com:8o8o/')).toEqual([]);
  });
});

describe('http and https (RFC 9110 §4.2)', () => {
  it('accepts URIs with a host', () => {
    for (const uri of ['http://example.com', 'https://example.com/a?b#c', 'HTTP://EXAMPLE.COM:8080/', 'https://[::1]:443/', 'https://user:pass@example.com/']) {
      expect(codes(uri), uri).toEqual([]);
    }
  });

  it('http-missing-authority: https:/x, https:x, https:', () => {
    expect(problems('https:/example.com/')).toEqual([['http-missing-authority', 'https:/']]);
    expect(suggested('https:/example.com/', 'http-missing-authority')).toEqual(['https://example.com/']);
    expect(problems('https:example.com')).toEqual([['http-missing-authority', 'https:']]);
    expect(suggested('https:example.com', 'http-missing-authority')).toEqual(['https://example.com']);
    expect(problems('http:')).toEqual([['http-missing-authority', 'http:']]);
    expect(only('http:', 'http-missing-authority').suggestions).toBeUndefined();
    expect(suggested('http:\\\\example.com\\', 'http-missing-authority')).toEqual(['http://example.com\\']);
  });

  it('http-empty-host: https:///x, http://:80/', () => {
    expect(problems('https:///example.com/')).toEqual([['http-empty-host', '//']]);
    expect(suggested('https:///example.com/', 'http-empty-host')).toEqual(['https://example.com/']);
    expect(problems('http://:80/')).toEqual([['http-empty-host', '//:80']]);
    expect(only('http://:80/', 'http-empty-host').suggestions).toBeUndefined();
    expect(problems('http://')).toEqual([['http-empty-host', '//']]);
  });

  it('reports neither userinfo nor anything about script schemes', () => {
    expect(codes('https://user:secret@example.com/')).toEqual([]);
    expect(codes('javascript:alert(1)')).toEqual([]);
  });
});

describe('ws and wss (RFC 6455 §3)', () => {
  it('accepts the RFC’s forms', () => {
    expect(codes('ws://example.com/chat')).toEqual([]);
    expect(codes('wss://example.com:8443/socket?token=abc')).toEqual([]);
  });

  it('ws-fragment: removes the fragment', () => {
    expect(problems('wss://example.com/chat#room')).toEqual([['ws-fragment', '#room']]);
    expect(fixed('wss://example.com/chat#room', 'ws-fragment')).toBe('wss://example.com/chat');
    expect(problems('ws://h/#')).toEqual([['ws-fragment', '#']]);
  });

  it('shares the http host rules', () => {
    expect(codes('ws:/example.com')).toEqual(['http-missing-authority']);
    expect(codes('wss:///x')).toEqual(['http-empty-host']);
    expect(codes('ws://h:65536/')).toEqual(['port-out-of-range']);
  });
});

describe('file (RFC 8089)', () => {
  it('accepts the examples of Appendix B and the drive letters of Appendix E.2', () => {
    for (const uri of [
      // Appendix B
      'file:///path/to/file',
      'file:/path/to/file',
      'file://host.example.com/path/to/file',
      // Appendix E.2
      'file:c:/path/to/file',
      'file:///c:/path/to/file',
      'file:/c:/path/to/file',
      // Appendix E.3.2 (UNC strings in the path)
      'file:////host.example.com/path/to/file',
      'file://///host.example.com/path/to/file',
      'file://localhost/etc/hosts',
      'FILE:///tmp/x',
    ]) {
      expect(codes(uri), uri).toEqual([]);
    }
  });

  it('file-drive-letter-authority: file://C:/x', () => {
    expect(problems('file://C:/x')).toEqual([['file-drive-letter-authority', 'C:']]);
    expect(suggested('file://C:/x', 'file-drive-letter-authority')).toEqual(['file:///C:/x']);
    expect(problems('file://c:/Windows/win.ini')).toEqual([['file-drive-letter-authority', 'c:']]);
  });

  it('file-invalid-authority: userinfo or port', () => {
    expect(problems('file://admin@fileserver/share/a.txt')).toEqual([['file-invalid-authority', 'admin@']]);
    expect(problems('file://fileserver:445/share')).toEqual([['file-invalid-authority', ':445']]);
  });

  it('file-path-not-absolute: file:relative, file:, file://host', () => {
    expect(problems('file:relative')).toEqual([['file-path-not-absolute', 'relative']]);
    expect(problems('file:docs/readme.txt')).toEqual([['file-path-not-absolute', 'docs/readme.txt']]);
    expect(problems('file:')).toEqual([['file-path-not-absolute', 'file:']]);
    expect(problems('file:c:')).toEqual([['file-path-not-absolute', 'c:']]);
    expect(problems('file://host')).toEqual([['file-path-not-absolute', 'file://host']]);
    expect(suggested('file://host', 'file-path-not-absolute')).toEqual(['file://host/']);
  });
});

describe('mailto (RFC 6068)', () => {
  it('accepts the examples of §6', () => {
    for (const uri of [
      // §6.1
      'mailto:chris@example.com',
      'mailto:infobot@example.com?subject=current-issue',
      'mailto:infobot@example.com?body=send%20current-issue',
      'mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index',
      'mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E',
      'mailto:majordomo@example.com?body=subscribe%20bamboo-l',
      'mailto:joe@example.com?cc=bob@example.com&body=hello',
      'mailto:gorby%25kremvax@example.com',
      'mailto:unlikely%3Faddress@example.com?blat=foop',
      'mailto:Mike%26family@example.org',
      // §6.2
      'mailto:%22not%40me%22@example.org',
      'mailto:%22oh%5C%5Cno%22@example.org',
      "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
      // §6.3
      'mailto:user@example.org?subject=caf%C3%A9',
      'mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D',
      'mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D',
      'mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9',
      'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO',
      // §2: several addresses, or none before the header fields
      'mailto:addr1@an.example,addr2@an.example',
      'mailto:?to=addr1@an.example,addr2@an.example',
      'mailto:addr1@an.example?to=addr2@an.example',
      'mailto:',
    ]) {
      expect(codes(uri), uri).toEqual([]);
    }
  });

  it('mailto-authority: mailto://', () => {
    expect(problems('mailto://someone@example.com')).toEqual([['mailto-authority', '//']]);
    expect(suggested('mailto://someone@example.com', 'mailto-authority')).toEqual(['mailto:someone@example.com']);
  });

  it('mailto-invalid-address: no "@", two, an empty side, an empty address', () => {
    expect(problems('mailto:someone.example.com')).toEqual([['mailto-invalid-address', 'someone.example.com']]);
    expect(problems('mailto:a@b@example.com')).toEqual([['mailto-invalid-address', 'a@b@example.com']]);
    expect(problems('mailto:@example.com')).toEqual([['mailto-invalid-address', '@example.com']]);
    expect(problems('mailto:someone@')).toEqual([['mailto-invalid-address', 'someone@']]);
    expect(problems('mailto:a@x.example,,b@y.example')).toEqual([['mailto-invalid-address', ',']]);
    expect(problems('mailto:a@x.example,')).toEqual([['mailto-invalid-address', ',']]);
    expect(problems('mailto:a@x.example,nobody')).toEqual([['mailto-invalid-address', 'nobody']]);
  });

  it('mailto-invalid-header: a field without "=" or without a name', () => {
    expect(problems('mailto:someone@example.com?subject')).toEqual([['mailto-invalid-header', 'subject']]);
    expect(problems('mailto:someone@example.com?=x&body=y')).toEqual([['mailto-invalid-header', '=x']]);
    expect(codes('mailto:someone@example.com?subject=a&&body=b&')).toEqual([]);
  });

  it('mailto-unescaped-char: the exact characters, percent-encoded by the fix', () => {
    const input = 'mailto:someone@example.com?subject=1+1=2&body=see https://x/';
    // The space is the grammar's (query-unescaped-char); "/" and the second "=" are mailto's.
    expect(problems(input)).toEqual([
      ['mailto-unescaped-char', '='],
      ['mailto-unescaped-char', '//'],
      ['mailto-unescaped-char', '/'],
    ]);
    expect(fixed('mailto:someone@example.com?subject=1+1=2', 'mailto-unescaped-char')).toBe('mailto:someone@example.com?subject=1+1%3D2');
    expect(fixed('mailto:a@example.com?body=a/?c', 'mailto-unescaped-char')).toBe('mailto:a@example.com?body=a%2F%3Fc');
    expect(problems('mailto:Mike&family@example.org')).toEqual([['mailto-unescaped-char', '&']]);
    expect(fixed('mailto:Mike&family@example.org', 'mailto-unescaped-char')).toBe('mailto:Mike%26family@example.org');
  });
});

describe('urn (RFC 8141)', () => {
  it('accepts the examples of §3 and §2.3', () => {
    for (const uri of [
      'urn:example:a123,z456',
      'URN:example:a123,z456',
      'urn:EXAMPLE:a123,z456',
      'urn:example:a123,z456?+abc',
      'urn:example:a123,z456?=xyz',
      'urn:example:a123,z456#789',
      'urn:example:a123,z456/foo',
      'urn:example:a123,z456/bar',
      'urn:example:a123,z456/baz',
      'urn:example:%D0%B0123,z456',
      'urn:example:apple:pear:plum:cherry',
      'urn:example:foo-bar-baz-qux?+CCResolve:cc=uk',
      'urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z',
      'urn:example:a?+r?=q',
      'urn:isbn:0451450523',
      'urn:ietf:rfc:8141',
      'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
      `urn:${'a'.repeat(32)}:x`,
    ]) {
      expect(codes(uri), uri).toEqual([]);
    }
  });

  it('urn-invalid-nid: empty, too short, too long, bad characters, hyphen at an end', () => {
    expect(problems('urn:')).toEqual([['urn-invalid-nid', 'urn:']]);
    expect(problems('urn:x:y')).toEqual([['urn-invalid-nid', 'x']]);
    expect(problems('urn:-ab:c')).toEqual([['urn-invalid-nid', '-ab']]);
    expect(problems('urn:ab-:c')).toEqual([['urn-invalid-nid', 'ab-']]);
    expect(problems(`urn:${'a'.repeat(33)}:x`)).toEqual([['urn-invalid-nid', 'a'.repeat(33)]]);
    expect(problems('urn:a.b:c')).toEqual([['urn-invalid-nid', 'a.b']]);
    expect(problems('urn::c')).toEqual([['urn-invalid-nid', ':']]);
  });

  it('urn-invalid-nss: missing, empty, beginning with "/"', () => {
    expect(problems('urn:isbn')).toEqual([['urn-invalid-nss', 'isbn']]);
    expect(problems('urn:isbn:')).toEqual([['urn-invalid-nss', ':']]);
    expect(problems('urn:isbn:/x')).toEqual([['urn-invalid-nss', '/']]);
  });

  it('urn-invalid-rq-components: another query, or an empty component', () => {
    expect(problems('urn:example:a123?b')).toEqual([['urn-invalid-rq-components', '?b']]);
    expect(problems('urn:example:a123?')).toEqual([['urn-invalid-rq-components', '?']]);
    expect(problems('urn:example:a123?+')).toEqual([['urn-invalid-rq-components', '?+']]);
    expect(problems('urn:example:a123?=/x')).toEqual([['urn-invalid-rq-components', '?=/x']]);
    expect(problems('urn:example:a123?+r?=')).toEqual([['urn-invalid-rq-components', '?+r?=']]);
  });
});

describe('data (RFC 2397)', () => {
  const larry =
    'data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7';

  it('accepts the examples of §4', () => {
    for (const uri of [
      'data:,A%20brief%20note',
      larry,
      // %fg is the grammar's pct-invalid-triplet, not a data rule.
      'data:text/plain;charset=iso-8859-7,%be%fg%be',
      'data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local',
      'data:,',
      'data:;base64,',
      'data:;charset=utf-8,x',
      'data:text/plain;charset=%22utf-8%22,x',
      'data:text/plain;charset=utf-8;base64,SGVsbG8=',
      'data:;base64,SGVsbG8%3D',
      'data:;base64,SGVs%0AbG8=',
      'data:text/plain,a?b',
    ]) {
      expect(codes(uri), uri).toEqual([]);
    }
  });

  it('data-missing-comma', () => {
    expect(problems('data:text/plain;base64')).toEqual([['data-missing-comma', 'text/plain;base64']]);
    expect(problems('data:')).toEqual([['data-missing-comma', 'data:']]);
    expect(problems('data:hello#a,b')).toEqual([['data-missing-comma', 'hello']]);
  });

  it('data-invalid-mediatype: type/subtype, attribute=value, ;base64 last', () => {
    expect(problems('data:text,hello')).toEqual([['data-invalid-mediatype', 'text']]);
    expect(problems('data:image/svg+xml;utf8,<svg/>').filter(([c]) => c.startsWith('data-'))).toEqual([['data-invalid-mediatype', 'utf8']]);
    expect(problems('data:text/plain;base64;charset=utf-8,SGk=')).toEqual([['data-invalid-mediatype', 'base64']]);
    expect(problems('data:text/plain;=x,a')).toEqual([['data-invalid-mediatype', '=x']]);
    expect(problems('data:text/plain;;base64,SGk=')).toEqual([['data-invalid-mediatype', ';']]);
    expect(problems('data:/plain,a')).toEqual([['data-invalid-mediatype', '/plain']]);
  });

  it('data-invalid-base64: where it breaks', () => {
    expect(problems('data:text/plain;base64,SGk*')).toEqual([['data-invalid-base64', '*']]);
    expect(problems('data:;base64,SG=Vs')).toEqual([['data-invalid-base64', 'V']]);
    expect(problems('data:;base64,S===')).toEqual([['data-invalid-base64', '=']]);
    expect(problems('data:;base64,SGk==')).toEqual([['data-invalid-base64', '=']]);
    expect(problems('data:;base64,SGVsbG8%21')).toEqual([['data-invalid-base64', '%21']]);
    expect(problems('data:;base64,SGVsb')).toEqual([['data-invalid-base64', 'b']]);
    expect(problems('data:;base64,SGVsbG8=?x')).toEqual([['data-invalid-base64', '?']]);
    expect(problems('data:;BASE64,SGk*')).toEqual([['data-invalid-base64', '*']]);
  });

  it('data-invalid-base64: missing padding, appended by the fix', () => {
    expect(problems('data:;base64,SGVsbG8')).toEqual([['data-invalid-base64', 'bG8']]);
    expect(fixed('data:;base64,SGVsbG8', 'data-invalid-base64')).toBe('data:;base64,SGVsbG8=');
    expect(fixed('data:;base64,SGVsbA', 'data-invalid-base64')).toBe('data:;base64,SGVsbA==');
    expect(fixed('data:;base64,SGVsbA=#top', 'data-invalid-base64')).toBe('data:;base64,SGVsbA==#top');
    expect(only('data:;base64,SGk*', 'data-invalid-base64').fix).toBeUndefined();
  });
});

describe('tel (RFC 3966)', () => {
  it('accepts the examples of §6 and other valid forms', () => {
    for (const uri of [
      'tel:+1-201-555-0123',
      'tel:7042;phone-context=example.com',
      'tel:863-1234;phone-context=+1-914-555',
      'tel:+1(201)555.0123',
      'tel:+1-201-555-0123;ext=1234',
      'tel:+1-201-555-0123;isub=1411',
      'tel:+358-555-1234567;postd=pp22',
      'tel:*21%23;phone-context=example.com',
      'tel:ABCD;phone-context=example.com.',
    ]) {
      expect(codes(uri), uri).toEqual([]);
    }
  });

  it('tel-invalid-number: letters, no digit, nothing', () => {
    expect(problems('tel:+1-800-FLOWERS')).toEqual([['tel-invalid-number', 'FLOWERS']]);
    expect(problems('tel:+')).toEqual([['tel-invalid-number', '+']]);
    expect(problems('tel:+--')).toEqual([['tel-invalid-number', '+--']]);
    expect(problems('tel:')).toEqual([['tel-invalid-number', 'tel:']]);
    expect(problems('tel:;phone-context=x.example')).toEqual([['tel-invalid-number', ';']]);
    expect(problems('tel:555-CALL;phone-context=example.com')).toEqual([['tel-invalid-number', 'LL']]);
  });

  it('tel-missing-context: a local number alone', () => {
    expect(problems('tel:555-0123')).toEqual([['tel-missing-context', '555-0123']]);
    expect(problems('tel:863-1234;ext=1')).toEqual([['tel-missing-context', '863-1234']]);
  });

  it('tel-invalid-parameter', () => {
    expect(problems('tel:+1-201-555-0123;ext=x12')).toEqual([['tel-invalid-parameter', 'x']]);
    expect(problems('tel:+1-201-555-0123;ext=')).toEqual([['tel-invalid-parameter', ';ext=']]);
    expect(problems('tel:+1-201-555-0123;phone-context=example.com')).toEqual([['tel-invalid-parameter', ';phone-context=example.com']]);
    expect(problems('tel:7042;phone-context=')).toEqual([['tel-invalid-parameter', ';phone-context=']]);
    expect(problems('tel:7042;phone-context=-bad-')).toEqual([['tel-invalid-parameter', '-bad-']]);
    expect(problems('tel:+1-201-555-0123;')).toEqual([['tel-invalid-parameter', ';']]);
    expect(problems('tel:+1-201-555-0123;a_b=1')).toEqual([['tel-invalid-parameter', ';a_b=1']]);
    expect(problems('tel:+1-201-555-0123;x=')).toEqual([['tel-invalid-parameter', ';x=']]);
    expect(problems('tel:+1-201-555-0123;x=a,b')).toEqual([['tel-invalid-parameter', ',']]);
  });
});

describe('robustness', () => {
  it('never throws, and every range lies inside the input', () => {
    const alphabet = fc.constantFrom(...'ab1:/?#@.,;=+-%*()[]AF \u00e9'.split(''), 'http', 'https', 'file', 'mailto', 'urn', 'data', 'tel', 'ws', ';base64', '%23', '%3D', 'localhost');
    const strings = fc.oneof(fc.string(), fc.array(alphabet, { maxLength: 30 }).map((parts) => parts.join('')));
    fc.assert(
      fc.property(strings, (s) => {
        for (const d of check(s)) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(s.length);
          expect(d.start).toBeLessThanOrEqual(d.end);
          for (const edit of [...(d.fix ?? []), ...(d.suggestions ?? []).flatMap((x) => x.edits)]) {
            expect(() => applyEdits(s, [edit])).not.toThrow();
          }
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('does linear work on long inputs', () => {
    const data = (size: number): string => 'data:;base64,' + 'QUJD'.repeat(size / 4);
    const mailto = (size: number): string => 'mailto:' + 'a@b,'.repeat(size / 8) + '?x=' + '/'.repeat(size / 2);
    expect(check(data(1_000_000))).toEqual([]);
    expect(check(mailto(400_000))).toHaveLength(1 + 1);
    expectLinearWork(check, data);
    expectLinearWork(check, mailto);
  });
});

describe('isNavigableScheme', () => {
  it('opens links to resources and addresses, in any case, never code or embedded content', () => {
    for (const scheme of ['https', 'HTTP', 'ftp', 'file', 'mailto', 'tel', 'wss', 'urn', 'ssh', 'sips']) expect(isNavigableScheme(scheme), scheme).toBe(true);
    for (const scheme of ['javascript', 'JavaScript', 'vbscript', 'data', 'blob', 'about', 'chrome']) expect(isNavigableScheme(scheme), scheme).toBe(false);
  });
});
