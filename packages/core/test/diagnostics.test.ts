import { describe, expect, it } from 'vitest';
import { CODES, DIAGNOSTIC_CODES, UriError, analyze, applyEdits, checkUnexpandedTemplate, parse, recompose, type Diagnostic } from '../src/index.js';
import { SYNTAX_CODES } from '../src/codes.js';
import { unescapeExample } from './support/examples.js';

/** `[code, text under the range]` for each diagnostic: what a reviewer checks. */
const problems = (input: string, options?: Parameters<typeof parse>[1]): [string, string][] =>
  parse(input, options).diagnostics.map((d) => [d.code, input.slice(d.start, d.end)]);

const fixAll = (input: string): string =>
  applyEdits(
    input,
    parse(input).diagnostics.flatMap((d) => d.fix ?? []),
  );

describe('the code table', () => {
  const parsedExamples = DIAGNOSTIC_CODES.filter((code) => !['too-many-diagnostics', 'path-double-slash-without-authority', 'template-unexpanded'].includes(code));

  it.each(parsedExamples)('%s: its documented example produces it', (code) => {
    const example = unescapeExample(CODES[code].example);
    const { reference, diagnostics } = analyze(example, { normalForm: true, insecureScheme: true });
    expect(diagnostics.map((d) => d.code)).toContain(code);
    // Only the grammar's codes are errors, and only they make a reference invalid.
    if (CODES[code].severity === 'error') expect(reference.valid).toBe(false);
    if (code in SYNTAX_CODES && CODES[code].severity !== 'error') expect(reference.valid).toBe(true);
  });

  it('keeps the severity error for the grammar alone', () => {
    for (const code of DIAGNOSTIC_CODES) {
      if (!(code in SYNTAX_CODES)) expect(CODES[code].severity, code).not.toBe('error');
    }
  });

  it('template-unexpanded: its documented example produces it through checkUnexpandedTemplate', () => {
    const example = CODES['template-unexpanded'].example;
    expect(checkUnexpandedTemplate(example).map((d) => [d.code, example.slice(d.start, d.end), d.message])).toEqual([
      [
        'template-unexpanded',
        '{userId}',
        '"{userId}" is an RFC 6570 template expression, but nothing expands it before the request: it is sent as "%7BuserId%7D". Put the value in (a template literal, or a URI-template library).',
      ],
    ]);
    expect(analyze(example).diagnostics.map((d) => d.code)).not.toContain('template-unexpanded');
  });

  it('path-double-slash-without-authority: its documented example throws it', () => {
    expect(CODES['path-double-slash-without-authority'].example).toBe('recompose({ scheme: "a", path: "//b" })');
    expect(() => recompose({ scheme: 'a', path: '//b' })).toThrow(expect.objectContaining({ code: 'path-double-slash-without-authority' }));
  });

  it('too-many-diagnostics: added once past maxDiagnostics, and the verdict stays right', () => {
    const input = '/' + 'a '.repeat(50);
    const result = parse(input, { maxDiagnostics: 10 });
    expect(result.diagnostics).toHaveLength(11);
    expect(result.diagnostics.at(-1)?.code).toBe('too-many-diagnostics');
    expect(result.valid).toBe(false);
    expect(parse(input).diagnostics).toHaveLength(50);
  });

  it('every diagnostic carries its code’s severity and section', () => {
    const inputs = DIAGNOSTIC_CODES.map((code) => CODES[code].example);
    for (const input of inputs) {
      for (const d of analyze(input, { normalForm: true, insecureScheme: true }).diagnostics) {
        expect(d.severity).toBe(CODES[d.code].severity);
        expect(d.spec).toBe(CODES[d.code].spec);
        expect(d.message).toMatch(/[.)]$/);
      }
    }
  });

  it('codes are kebab-case and grammar codes are grouped by component', () => {
    for (const code of DIAGNOSTIC_CODES) expect(code).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/);
    for (const code of Object.keys(SYNTAX_CODES)) {
      expect(code).toMatch(/^(scheme|userinfo|host|port|path|query|fragment|pct|iri|lone|too)-[a-z0-9-]+$/);
    }
  });
});

describe('every problem in one pass, each at its exact range', () => {
  it('finds the three problems of http://a b/c d%zz', () => {
    const input = 'http://a b/c d%zz';
    const result = parse(input);
    expect(result.valid).toBe(false);
    expect(result.diagnostics.map(({ code, start, end, component }) => ({ code, start, end, component }))).toEqual([
      { code: 'host-unescaped-char', start: 8, end: 9, component: 'host' },
      { code: 'path-unescaped-char', start: 12, end: 13, component: 'path' },
      { code: 'pct-invalid-triplet', start: 14, end: 17, component: 'path' },
    ]);
    expect(fixAll(input)).toBe('http://a%20b/c%20d%25zz');
  });

  it('reports problems in every component of one reference', () => {
    expect(problems('h_t://u s@[::1]x:8a/p q?r s#t#u')).toEqual([
      ['scheme-invalid-char', '_'],
      ['userinfo-unescaped-char', ' '],
      ['host-ip-literal-trailing-chars', 'x'],
      ['port-invalid-char', 'a'],
      ['path-unescaped-char', ' '],
      ['query-unescaped-char', ' '],
      ['fragment-unescaped-char', '#'],
    ]);
  });

  it('reports a run of adjacent bad characters once', () => {
    expect(problems('/a  <b>')).toEqual([
      ['path-unescaped-char', '  <'],
      ['path-unescaped-char', '>'],
    ]);
    expect(problems('/%%%%')).toEqual([['pct-invalid-triplet', '%%%%']]);
  });

  it('encodes with the component’s rules: space, "#", "é"', () => {
    expect(fixAll('https://h/?q=a b')).toBe('https://h/?q=a%20b');
    expect(fixAll('https://h/a b')).toBe('https://h/a%20b');
    expect(fixAll('https://h/#a#b')).toBe('https://h/#a%23b');
    expect(fixAll('https://h/é')).toBe('https://h/%C3%A9');
    expect(fixAll('https://h/日本#😀')).toBe('https://h/%E6%97%A5%E6%9C%AC#%F0%9F%98%80');
    expect(fixAll('ftp://a@b@h/')).toBe('ftp://a%40b@h/');
    expect(fixAll(':x')).toBe('./:x');
  });
});

describe('percent-encoding problems', () => {
  it('underlines "%" and up to two alphanumerics after it', () => {
    expect(problems('/%zz')).toEqual([['pct-invalid-triplet', '%zz']]);
    expect(problems('/100%')).toEqual([['pct-invalid-triplet', '%']]);
    expect(problems('/%2')).toEqual([['pct-invalid-triplet', '%2']]);
    expect(problems('/%2/')).toEqual([['pct-invalid-triplet', '%2']]);
    expect(problems('/%%41')).toEqual([['pct-invalid-triplet', '%']]);
    expect(problems('//h%g1/')).toEqual([['pct-invalid-triplet', '%g1']]);
    expect(problems('//u%@h/')).toEqual([['pct-invalid-triplet', '%']]);
  });

  it('warns about octets that are not UTF-8 without making the reference invalid', () => {
    const result = parse('/?q=%C3%28&r=%C3%A9&s=%FF');
    expect(result.valid).toBe(true);
    expect(result.diagnostics.map((d) => [d.code, d.severity, result.input.slice(d.start, d.end)])).toEqual([
      ['pct-invalid-utf8', 'warning', '%C3'],
      ['pct-invalid-utf8', 'warning', '%FF'],
    ]);
    expect(problems('/%E6%97')).toEqual([['pct-invalid-utf8', '%E6%97']]);
    expect(problems('/%ED%A0%80')).toEqual([['pct-invalid-utf8', '%ED%A0%80']]);
    expect(problems('/%C0%AF')).toEqual([['pct-invalid-utf8', '%C0%AF']]);
    expect(problems('/%F0%9F%98%80%e2%82%ac')).toEqual([]);
  });
});

describe('non-ASCII characters', () => {
  it('are IRI characters with a UTF-8 fix, except in the host', () => {
    const [path] = parse('https://h/café').diagnostics as [Diagnostic];
    expect(path).toMatchObject({ code: 'iri-char', component: 'path', fix: [{ start: 13, end: 14, text: '%C3%A9' }] });
    const [host] = parse('https://bücher.example/').diagnostics as [Diagnostic];
    expect(host).toMatchObject({ code: 'iri-char', component: 'host' });
    expect(host.fix).toBeUndefined();
  });

  it('are accepted as ucschar with the iri option, iprivate only in the query (RFC 3987 §2.2)', () => {
    expect(parse('https://bücher.example/日本?q=é#😀', { iri: true }).valid).toBe(true);
    expect(parse('/?\uE000', { iri: true }).valid).toBe(true);
    expect(problems('/\uE000', { iri: true })).toEqual([['iri-char', '\uE000']]);
    expect(problems('/\uFFFE', { iri: true })).toEqual([['iri-char', '\uFFFE']]);
    expect(problems('/\u0085', { iri: true })).toEqual([['iri-char', '\u0085']]);
  });

  it('report unpaired surrogates on their own, with no fix', () => {
    for (const input of ['/\uD800', '/\uDC00x', '/a\uD83D', '?\uDE00\uDE00']) {
      const result = parse(input);
      expect(result.diagnostics.map((d) => d.code), input).toEqual(['lone-surrogate']);
      expect(result.diagnostics[0]!.fix).toBeUndefined();
    }
    expect(problems('/\uD83D\uDE00\uD800')).toEqual([
      ['iri-char', '\uD83D\uDE00'],
      ['lone-surrogate', '\uD800'],
    ]);
  });

  it('in a scheme or port are the component’s own invalid characters', () => {
    expect(problems('é:x')).toEqual([['scheme-invalid-start', 'é']]);
    expect(problems('//h:8é/')).toEqual([['port-invalid-char', 'é']]);
  });

  it('reads an unbracketed IPv6 address followed by a port as one, when the last part cannot be a group', () => {
    // 35729 has five digits; a group of an IPv6 address has at most four (RFC 3986 §3.2.2, h16).
    expect(problems('http://::1:35729/')).toEqual([['host-ipv6-missing-brackets', '::1']]);
    const reference = parse('http://::1:35729/');
    expect(applyEdits('http://::1:35729/', reference.diagnostics[0]!.fix!)).toBe('http://[::1]:35729/');
    expect(reference.diagnostics[0]!.message).toBe(
      'The host "::1" is an IPv6 address followed by the port 35729; as a host it must be written in brackets: "[::1]:35729".',
    );
    // A last part that can be a group is the address's own: the whole is bracketed.
    expect(problems('http://2001:db8::5:9091/')).toEqual([['host-ipv6-missing-brackets', '2001:db8::5:9091']]);
  });

  it('reports a port once, from its first invalid character to its last', () => {
    expect(problems('http://h:4a0b/')).toEqual([['port-invalid-char', 'a0b']]);
    expect(problems('http://h:4000|path-/x')).toEqual([['port-invalid-char', '|path-']]);
    const [diagnostic] = parse('http://h:4a0b/').diagnostics;
    expect(diagnostic?.message).toBe('The port "4a0b" contains "a" and "b"; a port holds only decimal digits.');
    expect(parse('https://h:8o8o/').diagnostics.map((d) => d.message)).toEqual(['The port "8o8o" contains "o"; a port holds only decimal digits.']);
    expect(parse('wss://:service.mswjs.io').diagnostics.map((d) => d.message)).toEqual([
      'The port "service.mswjs.io" contains the characters "service.mswjs.io"; a port holds only decimal digits.',
    ]);
    expect(problems('//h:8\uD83D\uDE00/')).toEqual([['port-invalid-char', '\uD83D\uDE00']]);
  });
});

describe('fixes', () => {
  const fixable = [
    'http://a b/c d%zz',
    'https://example.com/my file.pdf?q=a b&r=<x>#top#more',
    'ftp://us er@corp@ftp.example/',
    'http://2001:db8::1/',
    'https://例え.jp/パス?q=値',
    ':8080/x',
    '/%%%%/%2/100%',
    '/a\tb\nc',
    'https://h/{id}/|pipe|^caret^`tick`\\back',
  ];

  it.each(fixable)('applying every fix of %s gives a valid reference, and fixing is then a no-op', (input) => {
    const result = parse(input);
    const problemsWithoutFix = result.diagnostics.filter((d) => d.severity === 'error' && d.fix === undefined && d.component !== 'host');
    expect(problemsWithoutFix).toEqual([]);
    const fixed = fixAll(input);
    const after = parse(fixed);
    if (!result.diagnostics.some((d) => d.code === 'iri-char' && d.component === 'host')) {
      expect(after.diagnostics).toEqual([]);
      expect(after.valid).toBe(true);
    }
    expect(fixAll(fixed)).toBe(fixed);
  });

  it('each fix repairs its own problem and touches nothing outside its range', () => {
    for (const input of fixable) {
      for (const d of parse(input).diagnostics) {
        if (!d.fix) continue;
        for (const edit of d.fix) {
          expect(edit.start).toBeGreaterThanOrEqual(d.start);
          expect(edit.end).toBeLessThanOrEqual(d.end);
        }
        const once = applyEdits(input, d.fix);
        const left = parse(once).diagnostics.filter((e) => e.code === d.code);
        expect(left.length, `${d.code} in ${input}`).toBeLessThan(parse(input).diagnostics.filter((e) => e.code === d.code).length);
      }
    }
  });

  it('applyEdits refuses overlapping edits', () => {
    expect(() =>
      applyEdits('abc', [
        { start: 0, end: 2, text: 'x' },
        { start: 1, end: 3, text: 'y' },
      ]),
    ).toThrow(UriError);
    expect(applyEdits('abc', [{ start: 3, end: 3, text: 'd' }, { start: 0, end: 0, text: '_' }])).toBe('_abcd');
  });
});

describe('recompose (RFC 3986 §5.3)', () => {
  it('keeps the delimiter of a defined-but-empty component', () => {
    expect(recompose({ scheme: 'http', authority: 'h', path: '', query: '', fragment: '' })).toBe('http://h?#');
    expect(recompose({ path: 'a/b' })).toBe('a/b');
  });

  it('refuses components that would read back differently', () => {
    expect(() => recompose({ path: '//x' })).toThrow(expect.objectContaining({ code: 'path-double-slash-without-authority' }));
    expect(() => recompose({ path: 'a:b' })).toThrow(expect.objectContaining({ code: 'path-colon-in-first-segment' }));
    expect(() => recompose({ authority: 'h', path: 'x' })).toThrow(expect.objectContaining({ code: 'path-not-absolute-with-authority' }));
    expect(recompose({ scheme: 's', path: 'a:b' })).toBe('s:a:b');
    expect(recompose({ path: './a:b' })).toBe('./a:b');
  });
});

describe('suggestions of pct-invalid-triplet', () => {
  it('offer the triplet a look-alike letter broke, printable only', () => {
    const [typo] = parse('/a%2Ob').diagnostics as [Diagnostic];
    expect(typo.suggestions).toEqual([{ message: 'Write the triplet "%20".', edits: [{ start: 2, end: 5, text: '%20' }] }]);
    // "%l9" would be %19, a control character: no suggestion.
    expect(parse('/a%l9').diagnostics[0]!.suggestions).toBeUndefined();
    expect(parse('/a%4l').diagnostics[0]!.suggestions?.[0]?.edits).toEqual([{ start: 2, end: 5, text: '%41' }]);
    expect(parse('/50%off').diagnostics[0]!.suggestions).toBeUndefined();
    expect(parse('/100%').diagnostics[0]!.suggestions).toBeUndefined();
  });
});

describe('a data: URI names its parts in messages (issue 28)', () => {
  it('says "the data" after the first ",", and "the media type" before it', () => {
    const messages = (input: string): string[] => parse(input).diagnostics.map((d) => d.message);
    expect(messages('data:text/plain,a b')).toEqual(['A space must be percent-encoded in the data: write it as "%20".']);
    expect(messages('data:text/plain;name=a b,x')).toEqual(['A space must be percent-encoded in the media type: write it as "%20".']);
    expect(messages('DATA:,é')).toEqual(['"é" (U+00E9) in the data is allowed only in an IRI; in a URI write it percent-encoded as UTF-8: "%C3%A9".']);
    // Another scheme's path is a path, and the fragment of a data: URI its fragment.
    expect(messages('https://example.com/a,b c')).toEqual(['A space must be percent-encoded in the path: write it as "%20".']);
    expect(messages('data:,x#a b')).toEqual(['A space must be percent-encoded in the fragment: write it as "%20".']);
  });
});
