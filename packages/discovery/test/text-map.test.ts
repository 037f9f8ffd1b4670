import { describe, expect, it } from 'vitest';
import { OffsetMap } from '../src/text-map.js';

/** The map `OffsetMap.plain` stands for, with every unit's offsets listed. */
function listed(value: string, offset: number, escape?: (text: string) => string): OffsetMap {
  const starts = Array.from({ length: value.length }, (_, k) => offset + k);
  return new OffsetMap(value, starts, starts.map((start) => start + 1), offset + value.length, escape);
}

describe('OffsetMap.plain', () => {
  it('maps every value range and every edit as the map with each unit\'s offsets listed', () => {
    const escape = (text: string): string => text.replaceAll('"', '\\"');
    for (const [value, offset] of [['', 0], ['a', 7], ['see https://example.com/a b', 2], ['😀 x', 40]] as const) {
      const plain = OffsetMap.plain(value, offset, escape);
      const full = listed(value, offset, escape);
      for (let start = -1; start <= value.length + 1; start++) {
        for (let end = start - 1; end <= value.length + 1; end++) {
          const range = (map: OffsetMap): unknown => {
            try {
              return map.sourceRange(start, end);
            } catch (error) {
              return (error as Error).message;
            }
          };
          expect(range(plain)).toEqual(range(full));
          if (start >= 0 && start <= end && end <= value.length) expect(plain.replace(start, end, 'a"b')).toEqual(full.replace(start, end, 'a"b'));
        }
      }
    }
    expect(OffsetMap.plain('http://a', 10).sourceRange(0, 4)).toEqual([10, 14]);
    expect(OffsetMap.plain('http://a', 10).sourceRange(8, 8)).toEqual([18, 18]);
  });
});
