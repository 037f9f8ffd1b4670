import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits, checkNormalForm, equivalent, normalize, parse } from '../src/index.js';

const findings = (input: string, options?: Parameters<typeof checkNormalForm>[1]): [string, string][] =>
  checkNormalForm(parse(input), options).map((d) => [d.code, input.slice(d.start, d.end)]);

/** One ESLint-style pass: each diagnostic's fix in order, skipping a fix that overlaps one already taken. */
const fixPass = (input: string): string => {
  const taken: { start: number; end: number; text: string }[] = [];
  let last = -1;
  for (const d of checkNormalForm(parse(input))) {
    const edits = d.fix ?? [];
    if (edits.length === 0 || Math.min(...edits.map((e) => e.start)) <= last) continue;
    taken.push(...edits);
    last = Math.max(...edits.map((e) => e.end));
  }
  return applyEdits(input, taken);
};

describe('checkNormalForm (RFC 3986 §6)', () => {
  it('reports each deviation at its characters', () => {
    expect(findings('HTTP://Example.COM:80/a/./b/%7e%c3%a9?q=%41#%2f')).toEqual([
      ['normal-scheme-case', 'HTTP'],
      ['normal-host-case', 'Example.COM'],
      ['normal-default-port', ':80'],
      ['normal-dot-segments', '/a/./b/%7e%c3%a9'],
      ['normal-pct-unreserved', '%7e'],
      ['normal-pct-hex-case', '%c3'],
      ['normal-pct-hex-case', '%a9'],
      ['normal-pct-unreserved', '%41'],
      ['normal-pct-hex-case', '%2f'],
    ]);
    expect(findings('https://example.com:')).toEqual([
      ['normal-empty-path', 'example.com:'],
      ['normal-empty-port', ':'],
    ]);
    expect(findings('https://example.com/')).toEqual([]);
  });

  it('turns each option off on its own', () => {
    expect(findings('HTTP://h/', { schemeCase: false })).toEqual([]);
    expect(findings('http://H/', { hostCase: false })).toEqual([]);
    expect(findings('http://h/%7e', { percentUnreserved: false })).toEqual([]);
    expect(findings('http://h/%c3%a9', { percentHexCase: false })).toEqual([]);
    expect(findings('http://h/./a', { dotSegments: false })).toEqual([]);
    expect(findings('http://h:80/', { defaultPort: false })).toEqual([]);
    expect(findings('http://h:/', { emptyPort: false })).toEqual([]);
    expect(findings('http://h', { emptyPath: false })).toEqual([]);
  });

  it('never decodes an encoded dot segment and keeps relative paths and zones as they are', () => {
    expect(findings('http://h/a/%2E%2E/b')).toEqual([]);
    expect(findings('http://h/a/%2e/b')).toEqual([]);
    expect(findings('http://h/a/%2e/..')).toEqual([]);
    expect(findings('http://h/%2Ea')).toEqual([['normal-pct-unreserved', '%2E']]);
    expect(findings('../a/./b')).toEqual([]);
    expect(findings('urn:example:a/b/../c')).toEqual([]);
    expect(findings('http://[fe80::1%25EN0]/')).toEqual([]);
    expect(findings('http://a b/')).toEqual([]);
  });

  it('has fixes that reach the normal form of normalize, up to encoded dot segments', () => {
    const inputs = ['HTTP://Example.COM:80/a/./b/%7e%c3%a9?q=%41#%2f', 'https://Example.com:443', 'wss://h:', 'foo://H/%7E/../x'];
    for (const input of inputs) {
      let fixed = input;
      for (let pass = 0; pass < 10; pass++) fixed = fixPass(fixed);
      expect(fixed).toBe(normalize(input));
    }
  });

  it('fixes keep the reference equivalent, as a property', () => {
    const messy = fc
      .tuple(
        fc.constantFrom('http', 'HTTP', 'wSs', 'foo'),
        fc.constantFrom('h', 'Ex.COM', '%41b', '[FE80::A]'),
        fc.constantFrom('', ':', ':80', ':443', ':8080'),
        fc.array(fc.constantFrom('a', '.', '..', '%7e', '%c3%a9', '%2e', 'B'), { maxLength: 5 }),
      )
      .map(([scheme, host, port, segments]) => `${scheme}://${host}${port}${segments.length ? '/' + segments.join('/') : ''}`);
    fc.assert(
      fc.property(messy, (input) => {
        const ref = parse(input);
        for (const d of checkNormalForm(ref)) {
          const once = applyEdits(input, d.fix ?? []);
          expect(parse(once).valid).toBe(true);
          expect(equivalent(once, input)).toBe(true);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
