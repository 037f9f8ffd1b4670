import { describe, expect, it } from 'vitest';
// Before the code it counts.
import { countWork, expectLinearWork, workGrowth } from './support/work.js';

/** One pass over the input. */
function countLetters(text: string): number {
  let letters = 0;
  for (let i = 0; i < text.length; i++) if (text[i] !== ' ') letters++;
  return letters;
}

/** Every character against every earlier one. */
function countRepeats(text: string): number {
  let repeats = 0;
  for (let i = 0; i < text.length; i++) for (let j = 0; j < i; j++) if (text[j] === text[i]) repeats++;
  return repeats;
}

describe('counting work', () => {
  it('counts the same work on every run', () => {
    const input = 'a b'.repeat(1_000);
    const counts = [1, 2, 3].map(() => countWork(() => countLetters(input)));
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThan(3_000);
  });

  it('tells one pass from a pass per character', () => {
    const make = (size: number): string => 'ab'.repeat(size / 2);
    expect(workGrowth(countLetters, make, 2_000)).toBeCloseTo(10, 0);
    expect(workGrowth(countRepeats, make, 2_000)).toBeGreaterThan(90);
    expectLinearWork(countLetters, make, 2_000);
    expect(() => expectLinearWork(countRepeats, make, 2_000)).toThrow(/work grew (9\d|100)\.\d\d× for 10× the input/);
  });
});
