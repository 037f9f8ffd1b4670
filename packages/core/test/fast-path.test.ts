/**
 * parse reads plain characters with sticky patterns and well-formed percent-encoded UTF-8 on its
 * fast path, and shares one diagnosing parser, its patterns and an octet buffer between calls.
 * These properties hold the fast path to the rules the rest of core states independently
 * (`tryPercentDecode`), and a result to its input alone, whatever kind of string holds it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, tryPercentDecode, type ParseOptions } from '../src/index.js';

const octet = fc.integer({ min: 0, max: 255 }).map((n) => '%' + n.toString(16).toUpperCase().padStart(2, '0'));
/** Triplets, most of them well-formed UTF-8 (code points encoded), some arbitrary octets. */
const triplets = fc
  .array(
    fc.oneof(
      { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).map((text) => encodeURIComponent(text)), weight: 3 },
      { arbitrary: octet, weight: 2 },
      { arbitrary: fc.constantFrom('a', '-', '%2', '%', '%zz'), weight: 1 },
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const PIECES = [...'aZ09:/?#[]@!$&()*+,;=-._~% "<>{}|\\^`vV', 'é', '中', '😀', '\uD800', '\u0007', '%C3%A9', '%E2%82%AC', '%FF', '%C3', '%2O', '//', 'http:', '::', '1.2.3.4', '%25'];
const reference = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''));
const options = fc.constantFrom<ParseOptions | undefined>(undefined, { iri: true }, { allowZoneId: true }, { maxDiagnostics: 1 }, { maxDiagnostics: 0 });

describe('the fast path', () => {
  it('reports percent-encoded octets as not UTF-8 exactly when they do not decode, in a path, a query and a fragment', () => {
    fc.assert(
      fc.property(triplets, (text) => {
        const decodes = tryPercentDecode(text) !== undefined;
        for (const input of [`http://h/${text}`, `/${text}?q`, `?${text}#f`, `#${text}`]) {
          const result = parse(input);
          expect(result.diagnostics.some((d) => d.code === 'pct-invalid-utf8' || d.code === 'pct-invalid-triplet'), input).toBe(!decodes);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('gives a result that depends on its input and options alone, not on what was parsed before', () => {
    fc.assert(
      fc.property(reference, reference, options, options, (before, input, beforeOptions, inputOptions) => {
        const alone = JSON.stringify(parse(input, inputOptions));
        parse(before, beforeOptions);
        expect(JSON.stringify(parse(input, inputOptions))).toBe(alone);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same result whatever the string is made of: a rope, a slice, two-byte storage, an object key', () => {
    fc.assert(
      fc.property(reference, options, (input, o) => {
        const alone = JSON.stringify(parse(input, o));
        const half = input.length >> 1;
        const kinds = [
          input.slice(0, half) + input.slice(half), // a rope once long enough
          ('0123456789abcdef' + input).slice(16), // a slice of a longer string
          (input + '\u0100').slice(0, -1), // two-byte storage holding the same text
          Object.keys({ [input]: 0 })[0]!, // internalized
        ];
        for (const kind of kinds) {
          expect(kind).toBe(input);
          expect(JSON.stringify(parse(kind, o))).toBe(alone);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('serializes a result the same however often and in whichever order its lazy segments are read', () => {
    fc.assert(
      fc.property(reference, (input) => {
        const first = parse(input);
        const json = JSON.stringify(first);
        expect(JSON.stringify(first)).toBe(json);
        const second = parse(input);
        const segments = second.path.segments;
        expect(JSON.stringify(second)).toBe(json);
        expect(JSON.parse(json).path.segments).toEqual(segments);
      }),
      { numRuns: 1000 },
    );
  });
});
