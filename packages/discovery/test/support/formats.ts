/** What the readers' tests share: applying fixes, finding a range in the text, a candidate's map. */
import { expect } from 'vitest';
import type { UriCandidate } from '../../src/candidate.js';
import type { Finding } from '../../src/finding.js';
import { applySourceEdits, safeEdits } from '../../src/fixes.js';
import type { TextMap } from '../../src/text-map.js';


/** The text with non-overlapping edits applied: the function `--fix` and fix-all use. */
export const applyEdits = applySourceEdits;

/** The text with every finding's fix applied at once, as fix-all does (the findings of one URI share its one fix). */
export function fixAll(text: string, found: readonly Finding[]): string {
  return applySourceEdits(text, safeEdits(found));
}

/** The source range of the `occurrence`-th (0-based) `needle` in `text`. */
export function nthRangeOf(text: string, needle: string, occurrence = 0): [number, number] {
  let at = -1;
  for (let n = 0; n <= occurrence; n++) at = text.indexOf(needle, at + 1);
  if (at === -1) throw new Error(`${JSON.stringify(needle)} is not in the text`);
  return [at, at + needle.length];
}

/** The source range of `needle` inside `where`, a piece of the text that occurs in it once. */
export function rangeOf(text: string, needle: string, where = needle): [number, number] {
  const at = text.indexOf(where);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(text.lastIndexOf(where)).toBe(at);
  const start = at + where.indexOf(needle);
  return [start, start + needle.length];
}

/** The map of a candidate that is one piece of text (every candidate outside JavaScript). */
export function mapOf(candidate: UriCandidate | undefined): TextMap {
  const part = candidate?.parts[0];
  if (part?.kind !== 'text') throw new Error('no text part');
  return part.map;
}
