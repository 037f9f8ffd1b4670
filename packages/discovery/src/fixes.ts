import type { Finding, SourceEdit } from './finding.js';

/**
 * The edits of every safe fix among `findings` that does not clash with an
 * earlier one: what "fix all" in the editor and `urilint scan --fix` apply.
 * Fixes are taken in the order of their findings' start (ties keep the
 * given order); a fix is left out whole when one of its edits overlaps an
 * edit already taken, or replaces exactly the same range (two insertions at
 * one place). The first wins, as in ESLint's passes: a run on the fixed text
 * finds what is left.
 */
export function safeEdits(findings: readonly Pick<Finding, 'range' | 'fix'>[]): SourceEdit[] {
  const edits: SourceEdit[] = [];
  const taken: [number, number][] = [];
  const fixable = findings.filter((finding) => finding.fix !== undefined).sort((a, b) => a.range[0] - b.range[0]);
  for (const finding of fixable) {
    const fix = finding.fix!;
    // Two fixes of one place (the same character escaped for two reasons) would clash.
    const clashes = fix.some((edit) =>
      taken.some((range) => (edit.range[0] < range[1] && range[0] < edit.range[1]) || (edit.range[0] === range[0] && edit.range[1] === range[1])),
    );
    if (clashes) continue;
    for (const edit of fix) taken.push(edit.range);
    edits.push(...fix);
  }
  return edits;
}

/**
 * `text` with non-overlapping `edits` applied, each range read in the
 * original text (UTF-16 offsets). Edits are applied in the order of their
 * start, then their end, so an insertion at the start of a replaced range
 * goes before the replacement; ties keep the given order. Throws a
 * `RangeError` for edits that overlap or fall outside the text.
 */
export function applySourceEdits(text: string, edits: readonly SourceEdit[]): string {
  if (edits.length === 0) return text;
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const pieces: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    const [start, end] = edit.range;
    if (start < at || end < start || end > text.length) {
      throw new RangeError(`The edit [${start}, ${end}) overlaps another or lies outside the text.`);
    }
    pieces.push(text.slice(at, start), edit.text);
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces.join('');
}
