import { describe, expect, it } from 'vitest';
import type { SourceEdit } from '../src/finding.js';
import { applySourceEdits, safeEdits } from '../src/fixes.js';
import { discoverText } from '../src/formats/text.js';
import { runRules } from '../src/rules/index.js';

function edit(start: number, end: number, text: string): SourceEdit {
  return { range: [start, end], text };
}

function finding(range: [number, number], fix?: SourceEdit[]): { range: [number, number]; fix?: SourceEdit[] } {
  return fix === undefined ? { range } : { range, fix };
}

describe('safeEdits', () => {
  it('takes every fix that does not clash, in the order of the findings', () => {
    const edits = safeEdits([finding([10, 11], [edit(10, 11, '%20')]), finding([2, 3], [edit(2, 3, '%7C')]), finding([5, 8])]);
    expect(edits).toEqual([edit(2, 3, '%7C'), edit(10, 11, '%20')]);
  });

  it('leaves out a whole fix when one of its edits overlaps one taken before', () => {
    const edits = safeEdits([finding([0, 4], [edit(0, 4, 'http')]), finding([3, 6], [edit(8, 9, 'x'), edit(3, 6, 'abc')]), finding([6, 7], [edit(6, 7, 'y')])]);
    // The second fix's [3, 6) overlaps [0, 4): neither of its edits is taken; [6, 7) only touches [3, 6) and is.
    expect(edits).toEqual([edit(0, 4, 'http'), edit(6, 7, 'y')]);
  });

  it('keeps the first of two insertions at one place and takes adjacent edits', () => {
    const edits = safeEdits([finding([4, 4], [edit(4, 4, '/')]), finding([4, 4], [edit(4, 4, '/')]), finding([4, 5], [edit(4, 5, '%41')])]);
    expect(edits).toEqual([edit(4, 4, '/'), edit(4, 5, '%41')]);
  });

  it('keeps the given order of findings that start at one offset', () => {
    expect(safeEdits([finding([1, 2], [edit(1, 2, 'a')]), finding([1, 3], [edit(1, 3, 'b')])])).toEqual([edit(1, 2, 'a')]);
    expect(safeEdits([finding([1, 3], [edit(1, 3, 'b')]), finding([1, 2], [edit(1, 2, 'a')])])).toEqual([edit(1, 3, 'b')]);
  });

  it('fixes real findings so that a second run finds only what has no safe fix', () => {
    const text = 'See <https://example.com/a b{c> and http://0x7f.1/%zz here.\n';
    const rules = { 'no-malformed': {}, 'no-unescaped-chars': {}, 'no-non-canonical-ip': {}, 'no-invalid-percent-encoding': {} } as const;
    const findings = runRules(discoverText(text), rules);
    expect(findings.some((f) => f.fix === undefined)).toBe(true);
    const fixed = applySourceEdits(text, safeEdits(findings));
    expect(fixed).toBe('See <https://example.com/a%20b%7Bc> and http://127.0.0.1/%zz here.\n');
    const left = runRules(discoverText(fixed), rules);
    expect(left.map((f) => f.code)).toEqual(['pct-invalid-triplet']);
    expect(safeEdits(left)).toEqual([]);
  });
});

describe('applySourceEdits', () => {
  it('applies edits given in any order, each range read in the original text', () => {
    expect(applySourceEdits('a b|c', [edit(3, 4, '%7C'), edit(1, 2, '%20')])).toBe('a%20b%7Cc');
  });

  it('puts an insertion before the replacement that starts where it is', () => {
    expect(applySourceEdits('abcdef', [edit(2, 4, 'XY'), edit(2, 2, '>')])).toBe('ab>XYef');
    expect(applySourceEdits('abc', [edit(3, 3, '!'), edit(0, 0, '¡')])).toBe('¡abc!');
  });

  it('counts offsets in UTF-16 code units', () => {
    const text = '😀 a b';
    expect(applySourceEdits(text, [edit(4, 5, '%20')])).toBe('😀 a%20b');
  });

  it('returns the text itself for no edits and rejects overlapping or outside edits', () => {
    expect(applySourceEdits('abc', [])).toBe('abc');
    expect(() => applySourceEdits('abcdef', [edit(1, 4, 'x'), edit(3, 5, 'y')])).toThrow(RangeError);
    expect(() => applySourceEdits('abc', [edit(2, 9, 'x')])).toThrow(RangeError);
    expect(() => applySourceEdits('abc', [edit(2, 1, 'x')])).toThrow(RangeError);
  });
});
