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

function isLetter(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

class Letter {
  constructor(readonly code: number) {}
}

/** A small function and a constructor called from a hot loop: what an optimising tier inlines. */
function collectVowels(text: string): Letter[] {
  const vowels: Letter[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isLetter(c) && c === 0x61) vowels.push(new Letter(c));
  }
  return vowels;
}

describe('counting work', () => {
  it('counts the same work on every run', () => {
    const input = 'a b'.repeat(1_000);
    const counts = [1, 2, 3].map(() => countWork(() => countLetters(input)));
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThan(3_000);
  });

  it('counts the same work cold and warm: the calls an optimising tier inlines are counted too', () => {
    // Maglev on Node 24 inlined such calls and stopped counting them after the first run (242,428
    // blocks, then 236,128); vitest.config.ts runs the files that count work without it.
    const input = 'ab '.repeat(20_000);
    const counts = Array.from({ length: 30 }, () => countWork(() => collectVowels(input)));
    expect(new Set(counts)).toEqual(new Set([counts[0]]));
    expect(counts[0]).toBeGreaterThanOrEqual(60_000 + 60_000 + 20_000);
  });

  it('tells one pass from a pass per character', () => {
    const make = (size: number): string => 'ab'.repeat(size / 2);
    expect(workGrowth(countLetters, make, 1_000)).toBeCloseTo(10, 0);
    expect(workGrowth(countRepeats, make, 1_000)).toBeGreaterThan(90);
    expectLinearWork(countLetters, make, 1_000);
    expect(() => expectLinearWork(countRepeats, make, 1_000)).toThrow(/work grew (9\d|100)\.\d\d× for 10× the input/);
  });
});
