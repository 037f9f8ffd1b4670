import { UriError } from './errors.js';
import type { TextEdit } from './types.js';

/**
 * Applies text edits to `input`. Edits are given in offsets of the original
 * input, in any order; overlapping edits throw a `UriError` (`edits-overlap`),
 * so a fix never silently changes more than it says.
 */
export function applyEdits(input: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return input;
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at || edit.end < edit.start || edit.end > input.length) {
      throw new UriError('edits-overlap', `The edit [${edit.start}, ${edit.end}) overlaps another or lies outside the input.`);
    }
    out += input.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + input.slice(at);
}
