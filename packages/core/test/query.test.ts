import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formDecode, queryParameters } from '../src/index.js';

describe('queryParameters and formDecode', () => {
  it('split a query at "&" and each parameter at its first "=", leaving empty pieces out', () => {
    expect(queryParameters('a=1&&b&c=x=y&=z&')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: undefined },
      { name: 'c', value: 'x=y' },
      { name: '', value: 'z' },
    ]);
    expect(queryParameters('')).toEqual([]);
  });

  it('decode "+" as a space and percent-encoded UTF-8, and say when the octets are not UTF-8', () => {
    expect(formDecode('a+b%2Bc%20d%C3%A9')).toBe('a b+c dé');
    expect(formDecode('%C3')).toBeUndefined();
  });

  it('read a query as URLSearchParams does, whenever its octets are UTF-8 (an independent implementation)', () => {
    const piece = fc.constantFrom('a', 'b', '=', '&', '+', '%20', '%2B', '%26', '%3D', '%C3%A9', 'é', '~', '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const query = pieces.join('');
        const ours = queryParameters(query).map(({ name, value }) => [formDecode(name), value === undefined ? '' : formDecode(value)]);
        expect(ours).toEqual([...new URLSearchParams(query)]);
      }),
      { numRuns: 500 },
    );
  });
});
