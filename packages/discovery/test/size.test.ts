import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount } from '../src/size.js';

describe('formatCount', () => {
  it('writes thousands separators as en-US does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1000)).toBe('-1,000');
  });

  it('agrees with toLocaleString("en-US") on safe integers', () => {
    fc.assert(fc.property(fc.maxSafeNat(), (n) => formatCount(n) === n.toLocaleString('en-US') && formatCount(-n - 1) === (-n - 1).toLocaleString('en-US')));
  });
});
