import { describe, expect, it } from 'vitest';
// Before the code it counts: see support/work.ts.
import { expectLinearWork, workGrowth } from './support/work.js';
import { pathological } from './support/pathological.js';
import { parse, type UriReference } from '../src/index.js';

const PATHOLOGICAL = pathological('parse');

/**
 * Inputs that parse reads whole with regular expressions and string searches (its run patterns,
 * `runPattern` in src/parse.ts, which the diagnosing scan uses too, and the search for an IP
 * literal's "]"): the JavaScript executed is the same at both sizes, and the reading itself is
 * native, which counting cannot see (bench/growth.bench.mjs times it). Each comes with what the
 * result must say about the whole input.
 */
const READ_NATIVELY: Record<string, (result: UriReference) => void> = {
  'dot segments': (result) => {
    expect(result.valid).toBe(true);
    expect(result.path.end).toBe(result.input.length);
  },
  'a long scheme': (result) => {
    expect(result.valid).toBe(true);
    expect(result.scheme?.end).toBe(result.input.length - 2);
  },
  colons: (result) => {
    expect(result.diagnostics.map((d) => d.code)).toEqual(['path-colon-in-first-segment']);
    expect(result.path.end).toBe(result.input.length);
  },
  'open brackets in a host': (result) => {
    expect(result.diagnostics.map((d) => d.code)).toEqual(['host-ip-literal-unterminated']);
    expect(result.authority?.end).toBe(result.input.length);
  },
};

describe('linear cost', () => {
  // 200 kB against 20 kB: linear work grows about 10×, quadratic about 100×.
  it.each(Object.keys(PATHOLOGICAL).filter((name) => !(name in READ_NATIVELY)))('parsing does linear work on %s', (name) => {
    expectLinearWork(parse, PATHOLOGICAL[name]!);
  });

  it.each(Object.keys(READ_NATIVELY))('parsing %s runs the same JavaScript at every size, and reads it all', (name) => {
    const make = PATHOLOGICAL[name]!;
    expect(workGrowth(parse, make)).toBeLessThanOrEqual(1.1); // flat: a tenth of what LINEAR.max allows
    READ_NATIVELY[name]!(parse(make(200_000)));
  });
});

describe('bad input', () => {
  it('parses the empty string', () => {
    expect(parse('')).toMatchObject({ valid: true, kind: 'relative-ref', diagnostics: [] });
  });

  it('parses 10 MB strings, valid and invalid, to a result', () => {
    const valid = parse('https://example.com/' + 'a/'.repeat(5_000_000));
    expect(valid.valid).toBe(true);
    expect(valid.path.end).toBe(10_000_020);
    const invalid = parse('https://example.com/' + 'a '.repeat(5_000_000));
    expect(invalid.valid).toBe(false);
    expect(invalid.diagnostics).toHaveLength(10_001);
    expect(invalid.diagnostics.at(-1)?.code).toBe('too-many-diagnostics');
    for (const d of invalid.diagnostics) expect(d.message.length).toBeLessThan(400);
  });

  it('reports NUL and other controls as characters to encode', () => {
    const result = parse('http://h/a\u0000b');
    expect(result.diagnostics.map((d) => [d.code, d.fix?.[0]?.text])).toEqual([['path-unescaped-char', '%00']]);
    expect(parse('\u0000').valid).toBe(false);
  });

  it('reports lone surrogates anywhere', () => {
    for (const input of ['\uD800', '\uDFFF:x', 'http://\uD800/', 'http://h:\uD800/', '?\uDC00', '#\uD800']) {
      const result = parse(input);
      expect(result.valid, JSON.stringify(input)).toBe(false);
      expect(result.diagnostics.length).toBeGreaterThan(0);
    }
  });

  it('never throws, even when called with something that is not a string', () => {
    const weird: unknown[] = [undefined, null, 42, {}, Symbol('s'), { toString: () => { throw new Error('no'); } }];
    for (const value of weird) expect(() => parse(value as string)).not.toThrow();
    expect(parse(42 as unknown as string).input).toBe('42');
  });

  it('keeps messages short and free of raw invisible characters', () => {
    const long = parse('http://h/' + '\u202E'.repeat(1000) + ' ' + 'x'.repeat(10_000) + '[');
    for (const d of long.diagnostics) {
      expect(d.message.length).toBeLessThan(400);
      expect(d.message).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    }
  });
});
