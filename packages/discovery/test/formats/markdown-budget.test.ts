import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { countWork, expectLinearWork } from '../../../core/test/support/work.js';
import { pathological } from '../../../core/test/support/pathological.js';
import { discoverDocument, MAX_URIS_PER_DOCUMENT } from '../../src/document.js';
import { sourceRangeOf } from '../../src/finding.js';
import { discoverText } from '../../src/formats/text.js';
import { consumeFromFirstEdit } from '../../src/parsers.js';

const readMarkdown = (text: string) => discoverDocument(text, 'markdown');

/** `[l1]: https://example.com/1` and on, one a line, to `size` characters of whole lines. */
function definitions(size: number): { text: string; count: number } {
  const lines: string[] = [];
  let length = 0;
  for (let n = 1; ; n++) {
    const line = `[l${n}]: https://example.com/${n}\n`;
    if (length + line.length > size) break;
    lines.push(line);
    length += line.length;
  }
  return { text: lines.join(''), count: lines.length };
}

describe('the work of reading a Markdown document is bounded (issue 27, item 6)', () => {
  it('7 MB of link reference definitions: searched as text, every URI found, counted as read without a full parse', { timeout: 180_000 }, () => {
    // Under the default 10 MiB --max-file-size: the parser took 213 s and 4.7 GB on it, then ran out of heap.
    const { text, count } = definitions(7_000_000);
    let found: ReturnType<typeof readMarkdown> | undefined;
    const work = countWork(() => (found = readMarkdown(text)));
    // The text search, and the passes that mask template tags and measure nesting: about 1.3×.
    expect(work).toBeLessThanOrEqual(1.5 * countWork(() => discoverText(text)));
    expect(found!.parseError).toBe('the document is longer than 1,000,000 characters, the most the Markdown parser reads');
    // Every URI found: the first MAX_URIS_PER_DOCUMENT checked, the rest counted.
    expect(count).toBeGreaterThan(MAX_URIS_PER_DOCUMENT);
    expect(found!.candidates).toHaveLength(MAX_URIS_PER_DOCUMENT);
    expect(found!.unchecked).toBe(count - MAX_URIS_PER_DOCUMENT);
    expect(found!.candidates.every((candidate) => candidate.readWithoutParse)).toBe(true);
    expect(found!.candidates.map((candidate) => candidate.uri)).toEqual(Array.from({ length: MAX_URIS_PER_DOCUMENT }, (_, k) => `https://example.com/${k + 1}`));
    const last = found!.candidates.at(-1)!;
    const [start, end] = sourceRangeOf(last, 0, last.uri.length);
    expect(text.slice(start, end)).toBe(`https://example.com/${MAX_URIS_PER_DOCUMENT}`);
  });

  // Definitions, references, footnotes, quotes and list items, brackets, emphasis: each counted on 20,000 and 200,000 characters.
  for (const [name, make] of Object.entries(pathological('discoverMarkdown'))) {
    it(`does linear work on a pathological Markdown input: ${name}`, { timeout: 180_000 }, () => {
      expectLinearWork(readMarkdown, make);
    });
  }

  it('inline syntax past the budget: searched as text, counted as read without a full parse', () => {
    // 20,000 characters of `[a](` in one paragraph: micromark's text resolver splices its event list once per `[a](`.
    const text = 'See https://example.com/a and ' + '[a]('.repeat(5_000) + ' https://example.com/b';
    const found = readMarkdown(text);
    expect(found.parseError).toBe('its inline syntax would take the Markdown parser more than its work budget');
    expect(found.candidates.map((candidate) => [candidate.uri, candidate.readWithoutParse])).toEqual([
      ['https://example.com/a', true],
      ['https://example.com/b', true],
    ]);
  });

  it('a document within the budget is parsed: definitions and their references, footnotes', () => {
    const { text, count } = definitions(200_000);
    const references = Array.from({ length: count }, (_, k) => `[l${k + 1}]`).join('\n\n');
    const found = readMarkdown(`${references}\n\nA note[^1].\n\n[^1]: https://example.com/note\n\n${text}`);
    expect(found.parseError).toBeUndefined();
    expect(found.candidates).toHaveLength(count + 1);
    expect(found.candidates.some((candidate) => candidate.readWithoutParse)).toBe(false);
  });

  it("parses every Markdown file of this repository whole: the budget is far from what real documents need", () => {
    const root = new URL('../../../../', import.meta.url);
    const files = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const found = readMarkdown(readFileSync(new URL(file, root), 'utf8'));
      expect(found.parseError, file).toBeUndefined();
    }
  });
});

describe('consumeFromFirstEdit: micromark-util-edit-map’s consume without copying the events before the first edit', () => {
  it('makes the list that applying each edit with splice, last first, makes (seeded)', () => {
    const editsOf = fc.uniqueArray(fc.tuple(fc.nat(40), fc.nat(3), fc.array(fc.string({ maxLength: 2 }), { maxLength: 3 })), { selector: ([at]) => at, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 2 }), { maxLength: 40 }), editsOf, (events, edits) => {
        // Edits that do not overlap, as micromark makes them.
        const sorted = [...edits].sort((a, b) => a[0] - b[0]).filter(([at, remove], k, all) => at + remove <= events.length && (k === 0 || all[k - 1]![0] + all[k - 1]![1] <= at));
        const expected = [...events];
        for (const [at, remove, add] of [...sorted].reverse()) expected.splice(at, remove, ...add);
        const map = { map: [...sorted].reverse().map(([at, remove, add]) => [at, remove, [...add]] as [number, number, unknown[]]), index: new Map() };
        const actual: unknown[] = [...events];
        consumeFromFirstEdit.call(map, actual);
        expect(actual).toEqual(expected);
        expect(map.map).toEqual([]);
      }),
      { numRuns: 500, seed: 3986 },
    );
  });
});
