import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { analyze, applyEdits, browserReading, compareWithWhatwg, parse, type Diagnostic } from '../src/index.js';
import { WHATWG_CODES } from '../src/whatwg/codes.js';
import { MAX_WHATWG_INPUT, PLACEHOLDER_BASE } from '../src/whatwg/index.js';
import { unescapeExample } from './support/examples.js';

const compare = (input: string, base?: string): Diagnostic[] => compareWithWhatwg(input, base === undefined ? {} : { base }).diagnostics;

/** `[code, text under the range]` for each difference. */
const differences = (input: string, base?: string): [string, string][] => compare(input, base).map((d) => [d.code, input.slice(d.start, d.end)]);

const codes = (input: string, base?: string): string[] => compare(input, base).map((d) => d.code);

const only = (input: string, code: string, base?: string): Diagnostic => {
  const found = compare(input, base).filter((d) => d.code === code);
  expect(found, `${code} once in ${JSON.stringify(input)}`).toHaveLength(1);
  return found[0]!;
};


describe('the WHATWG codes', () => {
  const names = Object.keys(WHATWG_CODES) as (keyof typeof WHATWG_CODES)[];

  it.each(names)('%s: its example produces it, with the table’s severity and section', (code) => {
    const example = unescapeExample(WHATWG_CODES[code].example);
    const found = compare(example).filter((d) => d.code === code);
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) {
      expect(d.severity).toBe(WHATWG_CODES[code].severity);
      expect(d.spec).toBe(WHATWG_CODES[code].spec);
      expect(d.message).toMatch(/\.$/);
    }
    expect(analyze(example, { schemes: false, security: false }).diagnostics.map((d) => d.code)).toContain(code);
  });

  it('codes start with whatwg- and are warnings (whatwg-char-encoded is info)', () => {
    for (const code of names) {
      expect(code).toMatch(/^whatwg-[a-z0-9-]+$/);
      expect(WHATWG_CODES[code].severity).toBe(code === 'whatwg-char-encoded' ? 'info' : 'warning');
    }
  });
});

describe('backslashes in special schemes', () => {
  it('moves the host: the message says what a browser requests', () => {
    const input = 'https://good.example\\@evil.example/';
    expect(differences(input)).toEqual([['whatwg-backslash', '\\']]);
    const d = only(input, 'whatwg-backslash');
    expect(d.message).toBe('A browser reads the backslash as "/" and requests https://good.example/@evil.example/.');
    expect(applyEdits(input, d.suggestions![0]!.edits)).toBe('https://good.example/@evil.example/');
  });

  it('reads http:\\\\evil.example as a host', () => {
    const input = 'https:\\\\evil.example/@good.example/';
    expect(differences(input)).toEqual([['whatwg-backslash', '\\\\']]);
    expect(only(input, 'whatwg-backslash').message).toBe('A browser reads the backslashes as "//" and requests https://evil.example/@good.example/.');
  });

  it('covers ws, wss, ftp and file, and each run apart', () => {
    expect(differences('ws://h/a\\b\\\\c')).toEqual([
      ['whatwg-backslash', '\\'],
      ['whatwg-backslash', '\\\\'],
    ]);
    for (const input of ['wss://h/a\\b', 'ftp://h/a\\b', 'file:///c:\\x']) expect(codes(input), input).toContain('whatwg-backslash');
  });

  it('not in the query or fragment, nor in other schemes', () => {
    expect(codes('https://h/?a\\b#c\\d')).not.toContain('whatwg-backslash');
    expect(codes('foo:a\\b')).not.toContain('whatwg-backslash');
  });

  it('a relative reference reaches another host with the current page’s scheme', () => {
    const d = only('/\\evil.example/x', 'whatwg-backslash');
    expect(d.message).toContain('//evil.example/x');
    expect(d.message).toContain('another host');
  });
});

describe('slashes after a special scheme', () => {
  it.each([
    ['http:/example.com/', ':/', 'http://example.com/'],
    ['http:example.com', ':', 'http://example.com/'],
    ['https:///example.com/a', ':///', 'https://example.com/a'],
  ])('%s', (input, range, href) => {
    const d = only(input, 'whatwg-scheme-slashes');
    expect(input.slice(d.start, d.end)).toBe(range);
    expect(d.message).toContain(`requests ${href}.`);
    expect(compareWithWhatwg(input).href).toBe(href);
    expect(parse(applyEdits(input, d.suggestions![0]!.edits)).authority).toBeDefined();
  });

  it('reads http:x against a same-scheme base as a relative reference', () => {
    expect(only('http:x', 'whatwg-scheme-slashes', 'http://app.example/dir/page').message).toContain('requests http://app.example/dir/x.');
  });

  it('not for file: or other schemes, nor with two slashes', () => {
    for (const input of ['file:/etc/hosts', 'mailto:a@b.example', 'foo:/x', 'http://x/']) expect(codes(input), input).toEqual([]);
  });
});

describe('removed and stripped characters', () => {
  it('tabs and newlines are removed anywhere', () => {
    const input = 'https://exa\tmple.com/a\r\nb';
    expect(differences(input)).toEqual([
      ['whatwg-tab-newline-removed', '\t'],
      ['whatwg-tab-newline-removed', '\r\n'],
    ]);
    expect(only('java\tscript:alert(1)', 'whatwg-tab-newline-removed').message).toBe(
      'A browser removes a tab (U+0009) after "java" and reads it as javascript:alert(1).',
    );
  });

  it('leading and trailing C0 controls and spaces are stripped', () => {
    const input = ' \u0001https://example.com/ \n';
    expect(differences(input)).toEqual([
      ['whatwg-c0-space-stripped', ' \u0001'],
      ['whatwg-c0-space-stripped', ' \n'],
    ]);
    const [lead, trail] = compare(input);
    expect(lead!.message).toContain('requests https://example.com/');
    expect(applyEdits(applyEdits(input, trail!.suggestions![0]!.edits), lead!.suggestions![0]!.edits)).toBe('https://example.com/');
  });

  it('a host that a browser reads as part of a path is not said to be mapped by IDNA (naive-ui: "__HTTP__://www.mocky.io/…")', () => {
    expect(codes('__HTTP__://www.mocky.io/v2/5e4bafc63100007100d8b70f')).not.toContain('whatwg-host-idna-mapped');
  });

  it('a control stripped at the end of a host is the only difference, not an IDNA mapping of the host (undici)', () => {
    expect(differences('https://example.com\u0000')).toEqual([['whatwg-c0-space-stripped', '\u0000']]);
  });
});

describe('the last "@" splits the userinfo', () => {
  it('http://a@b@c/ contacts c', () => {
    const d = only('http://a@b@c/', 'whatwg-userinfo-last-at');
    expect('http://a@b@c/'.slice(d.start, d.end)).toBe('a@b');
    expect(d.message).toContain('host "c"');
    expect(d.message).toContain('"b@c"');
  });
});

describe('hosts', () => {
  it('numeric hosts become IPv4 addresses', () => {
    const input = 'http://0x7f.1/';
    expect(differences(input)).toEqual([['whatwg-ipv4-numeric-host', '0x7f.1']]);
    expect(only(input, 'whatwg-ipv4-numeric-host').message).toContain('requests http://127.0.0.1/');
    for (const host of ['0177.0.0.1', '2130706433', '127.1', '127.0.0.01']) expect(codes(`https://${host}/`), host).toEqual(['whatwg-ipv4-numeric-host']);
  });

  it('not in other schemes, whose hosts are opaque', () => {
    expect(codes('foo://0x7f.1/')).toEqual([]);
  });

  it('percent-encoded hosts are decoded', () => {
    const d = only('http://%41.com/', 'whatwg-host-percent-decoded');
    expect('http://%41.com/'.slice(d.start, d.end)).toBe('%41.com');
    expect(d.message).toContain('requests http://a.com/');
    expect(only('http://ex%2Eample.com/', 'whatwg-host-percent-decoded').message).toContain('"ex.ample.com"');
  });

  it('IDNA mapping that changes the name is reported; case and Punycode are not', () => {
    const d = only('https://ｅｘａｍｐｌｅ.com/', 'whatwg-host-idna-mapped');
    expect(d.message).toContain('"example.com"');
    expect(codes('http://a\u00adb.com/')).toContain('whatwg-host-idna-mapped');
    expect(codes('http://a\u3002com/')).toContain('whatwg-host-idna-mapped');
    for (const input of ['https://EXAMPLE.com/', 'https://bücher.example/', 'https://BÜCHER.example/', 'https://xn--bcher-kva.example/', 'https://faß.de/', 'https://example.com./']) {
      expect(codes(input), input).not.toContain('whatwg-host-idna-mapped');
    }
  });
});

describe('URL rejects what RFC 3986 accepts', () => {
  it.each([
    ['http://256.1.1.1/', '256.1.1.1', 'IPv4'],
    ['http://1.2.3.4.5/', '1.2.3.4.5', 'IPv4'],
    ['http://example.com:99999/', '99999', '65535'],
    ['foo://example.com:65536/', '65536', '65535'],
    ['http://%2F/', '%2F', '"/"'],
    // A ZERO WIDTH JOINER between two letters, percent-encoded: UTS #46's CheckJoiners (ContextJ) rejects it.
    // (Not `xn--a`: Node 24's URL no longer checks the Punycode of an A-label, Node 20's does.)
    ['http://a%E2%80%8Db.com/', 'a%E2%80%8Db.com', 'IDNA'],
    ['http://', 'http://', 'host'],
    ['http://:80/', 'http://:80/', 'empty'],
    ['//256.1.1.1/', '256.1.1.1', 'IPv4'],
  ])('%s', (input, range, reason) => {
    const result = compareWithWhatwg(input);
    expect(result.href).toBeUndefined();
    expect(result.failure).toBe('Invalid URL');
    const d = only(input, 'whatwg-url-rejects');
    expect(input.slice(d.start, d.end)).toBe(range);
    expect(d.message).toContain('new URL() throws "Invalid URL"');
    expect(d.message).toContain(reason);
  });

  it('zone IDs: reported when parsed with allowZoneId, else the RFC error says it', () => {
    const input = 'http://[fe80::1%25eth0]/';
    const allowed = compareWithWhatwg(input, {}, parse(input, { allowZoneId: true }));
    expect(allowed.diagnostics.map((d) => [d.code, input.slice(d.start, d.end)])).toEqual([['whatwg-url-rejects', '[fe80::1%25eth0]']]);
    expect(allowed.diagnostics[0]!.message).toContain('zone');
    expect(compareWithWhatwg(input)).toEqual({ href: undefined, failure: 'Invalid URL', diagnostics: [] });
  });

  it('not for references the RFC rejects already', () => {
    expect(codes('http://a b/')).toEqual([]);
  });
});

describe('silently encoded characters', () => {
  it('reports what the RFC allows and a browser still encodes, at each character', () => {
    const input = "https://example.com/?name='x'";
    expect(differences(input)).toEqual([
      ['whatwg-char-encoded', "'"],
      ['whatwg-char-encoded', "'"],
    ]);
    expect(compare(input)[0]!.severity).toBe('info');
    expect(compare(input)[0]!.message).toContain('requests https://example.com/?name=%27x%27');
  });

  it('does not repeat what the RFC already rejects, nor IRI characters', () => {
    for (const input of ['https://example.com/a b', 'https://example.com/?q=a"b<c>', 'https://example.com/#a`b', 'https://example.com/café']) {
      expect(codes(input), input).toEqual([]);
    }
    const iri = 'https://example.com/?q=é';
    expect(compareWithWhatwg(iri, {}, parse(iri, { iri: true })).diagnostics).toEqual([]);
    expect(codes("foo://h/?name='x'")).toEqual([]);
  });
});

describe('encoded dot segments', () => {
  it('/a/%2e%2e/b → /b', () => {
    const input = 'http://a/%2e%2e/b';
    expect(differences(input)).toEqual([['whatwg-dot-segment-encoded', '%2e%2e']]);
    expect(only(input, 'whatwg-dot-segment-encoded').message).toContain('requests http://a/b');
    expect(differences('https://h/a/%2E/b')).toEqual([['whatwg-dot-segment-encoded', '%2E']]);
  });
});

describe('relative references', () => {
  it('a relative path that looks like a host is requested on the current origin', () => {
    const d = only('api.example.com/users', 'whatwg-relative-path-host');
    expect('api.example.com/users'.slice(d.start, d.end)).toBe('api.example.com');
    expect(d.message).toBe(
      '"api.example.com/users" is a relative path, not a host: a browser requests /current/api.example.com/users on the current origin (read against the page /current/page), not from "api.example.com".',
    );
    expect(applyEdits('api.example.com/users', d.suggestions![0]!.edits)).toBe('https://api.example.com/users');
    expect(compareWithWhatwg('api.example.com/users').href).toBe('https://origin.invalid/current/api.example.com/users');
  });

  it('with a base, names the URL requested', () => {
    expect(only('www.example.com', 'whatwg-relative-path-host', 'https://app.example/dir/page').message).toContain(
      'requests https://app.example/dir/www.example.com',
    );
  });

  it('ordinary relative paths are not hosts', () => {
    for (const input of ['index.html', 'img/logo.png', '../style.css', 'users/42', '?q=1', '#top', '']) expect(codes(input), input).toEqual([]);
  });

  it('an unusable base is ignored', () => {
    expect(compareWithWhatwg('a/b', { base: 'not a url' }).href).toBe(new URL('a/b', PLACEHOLDER_BASE).href);
  });
});

describe('no differential where both readings agree', () => {
  it.each([
    'https://example.com/',
    'http://127.0.0.1:8080/',
    'https://user@example.com/',
    'mailto:a@b.example',
    'https://example.com/a%2Fb',
    'https://[::1]/',
    'HTTP://EXAMPLE.COM:80',
    'http://h',
    'http://h:/',
    'http://h/a/../b/./c',
    'https://example.com/%7e?x=%41#y',
    'urn:isbn:0451450523',
    'javascript:alert(1)',
  ])('%s', (input) => {
    expect(compare(input)).toEqual([]);
  });
});

describe('robustness', () => {
  it('never throws, and ranges lie in the input', () => {
    const piece = fc.constantFrom('http:', 'https://', 'file:', 'foo://', '\\', '/', '@', ':', '?', '#', '%2e', '%41', '%2F', '0x7f', '.1', '256', ':99999', '\t', ' ', '\u0001', 'é', 'ｅ', '\uD800', '[fe80::1%25eth0]', "'", 'www.example.com');
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.array(piece, { maxLength: 16 }).map((p) => p.join('')));
    const base = fc.option(fc.constantFrom('https://app.example/dir/page', 'http://h/', 'foo:bar', 'not a base', 'file:///c:/x'), { nil: undefined });
    fc.assert(
      fc.property(text, base, (input, b) => {
        const result = compareWithWhatwg(input, b === undefined ? {} : { base: b });
        for (const d of result.diagnostics) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(input.length);
          expect(d.start).toBeLessThanOrEqual(d.end);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('skips inputs over 64 KiB', () => {
    const input = 'http:\\\\' + 'a'.repeat(MAX_WHATWG_INPUT);
    expect(compareWithWhatwg(input)).toEqual({ href: undefined, diagnostics: [] });
    expect(compareWithWhatwg('http:\\\\h/' + 'a'.repeat(60_000)).diagnostics.map((d) => d.code)).toEqual(['whatwg-backslash']);
  });

  it('does not throw on what is not a string', () => {
    expect(compareWithWhatwg(undefined as unknown as string).diagnostics).toEqual([]);
  });
});

describe('browserReading', () => {
  it('reads a URL alike however its characters are escaped, and tells a changed path or host', () => {
    const same = (a: string, b: string, relative = false): boolean => browserReading(a, relative) === browserReading(b, relative);
    expect(same('https://a.example/b c?q=x y#f g', 'https://a.example/b%20c?q=x%20y#f%20g')).toBe(true);
    expect(same('https://a.example/b|c', 'https://a.example/b%7Cc')).toBe(true);
    expect(same('https://a.example/caf\u00e9', 'https://a.example/caf%C3%A9')).toBe(true);
    expect(same('a b', 'a%20b', true)).toBe(true);
    expect(same('https://a.example/b\\c', 'https://a.example/b%5Cc')).toBe(false);
    expect(same('https://a.example/?a=1&b=2', 'https://a.example/?a=1%26b=2')).toBe(false);
    expect(browserReading('https://exa mple.com/', false)).toBeUndefined();
  });
});

describe('the URL Standard over the runtime: a host a conforming parser cannot return', () => {
  // The URL Standard §3.1: the forbidden domain code points, each of which fails the host parser.
  const FORBIDDEN = ['\u0000', '\t', '\n', '\r', ' ', '#', '%', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|', '\u0001', '\u001f', '\u007f'];

  it('rejects a special URL whose host holds a forbidden domain code point, as Chromium returns "http://exa mple.com/"', async () => {
    // Chromium's URL keeps a space in a host percent-encoded: `new URL('http://exa mple.com/').hostname` is "exa%20mple.com".
    const chromiumReading = { protocol: 'http:', hostname: 'exa%20mple.com' };
    const { conformsToStandard } = await import('../src/whatwg/url.js');
    expect(conformsToStandard(chromiumReading)).toBe(false);
    for (const char of FORBIDDEN) expect(conformsToStandard({ protocol: 'https:', hostname: `a${char}b.example` }), JSON.stringify(char)).toBe(false);
    // An IPv6 literal keeps its brackets and colons; a non-special URL's opaque host may hold "%".
    expect(conformsToStandard({ protocol: 'http:', hostname: '[::1]' })).toBe(true);
    expect(conformsToStandard({ protocol: 'foo:', hostname: 'exa%20mple.com' })).toBe(true);
    expect(conformsToStandard({ protocol: 'http:', hostname: 'xn--caf-dma.example' })).toBe(true);
  });

  it('reads such a runtime as the Standard does: the URL rejected, and the failure worded as Node words it', async () => {
    const Real = URL;
    class ChromiumLikeURL extends Real {
      constructor(input: string, base?: string) {
        if (input === 'http://exa mple.com/') {
          super('http://exa%2520mple.com/');
          Object.defineProperty(this, 'hostname', { value: 'exa%20mple.com' });
          return;
        }
        if (input === 'http://a:99999/') throw new TypeError("Failed to construct 'URL': Invalid URL");
        super(input, base);
      }
    }
    vi.resetModules();
    vi.stubGlobal('URL', ChromiumLikeURL);
    try {
      const { whatwgParse } = await import('../src/whatwg/url.js');
      expect(whatwgParse('http://exa mple.com/')).toEqual({ failure: 'Invalid URL' });
      expect(whatwgParse('http://a:99999/')).toEqual({ failure: 'Invalid URL' });
      expect(whatwgParse('http://example.com/a b')).toMatchObject({ hostname: 'example.com', pathname: '/a%20b' });
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('never rejects a URL that Node, a conforming parser, returns', async () => {
    const { conformsToStandard } = await import('../src/whatwg/url.js');
    const host = fc.stringMatching(/^[\w\-.~!$&'()*+,;=%\u00e0-\u00ff\u4e00-\u4e10 ]{1,12}$/);
    fc.assert(
      fc.property(fc.constantFrom('http', 'https', 'ws', 'wss', 'ftp', 'file'), host, (scheme, name) => {
        let url: URL;
        try {
          url = new URL(`${scheme}://${name}/`);
        } catch {
          return;
        }
        expect(conformsToStandard(url), url.href).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
