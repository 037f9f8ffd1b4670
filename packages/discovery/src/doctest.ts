/**
 * Doctests: an interactive Python session written in prose (a docstring, a comment, reStructuredText
 * or plain text): a block of lines that starts with a `>>> ` line and ends at a blank line (docutils'
 * doctest block; what the `doctest` module runs). Its input lines (`>>> `, `... `) are code the example
 * runs: a URI there is what the example gives the library on purpose (a raw URL it is shown to
 * encode, as a doctest of yarl's `URL(…)` gives it a path in Cyrillic), so it is not read. Its other lines are what the
 * session prints: a URI there is read and its problems reported, but a fix is a suggestion (the
 * output is what the library gives; an edit breaks the doctest).
 */
import type { UriCandidate } from './candidate.js';

/** A line of a doctest: `input` (`>>> `, `... `), `output` (any other line of the block), or none. */
export type DoctestLine = 'input' | 'output' | undefined;

/** The start of a doctest block: `>>>` first on its line (after indentation and a comment's `*`), then a space or the line's end. */
const START = /^[ \t]*(?:\*[ \t]*)?>>>(?:[ \t]|$)/;
/** An input line: a prompt, `>>>` or `...`, first on its line. */
const PROMPT = /^[ \t]*(?:\*[ \t]*)?(?:>>>|\.\.\.)(?:[ \t]|$)/;

/** Reads the lines of one text in order and says, for each, which line of a doctest it is. */
export class DoctestLines {
  #inBlock = false;

  next(line: string): DoctestLine {
    if (line.trim() === '') {
      this.#inBlock = false;
      return undefined;
    }
    if (!this.#inBlock && !START.test(line)) return undefined;
    this.#inBlock = true;
    return PROMPT.test(line) ? 'input' : 'output';
  }
}

/**
 * The candidates of `value` (their `uriStart` and `uriEnd` offsets into it) as a doctest reads them:
 * those on an input line left out, those on an output line marked as quoted code. A value without
 * `>>>` is returned as it is.
 */
export function withDoctests(value: string, candidates: UriCandidate[]): UriCandidate[] {
  if (candidates.length === 0 || !value.includes('>>>')) return candidates;
  const kinds: { start: number; end: number; kind: DoctestLine }[] = [];
  const lines = new DoctestLines();
  let start = 0;
  for (const line of value.split(/\r\n?|\n|\u2028|\u2029/)) {
    kinds.push({ start, end: start + line.length, kind: lines.next(line) });
    start += line.length + (value.startsWith('\r\n', start + line.length) ? 2 : 1);
  }
  const kindAt = (offset: number): DoctestLine => kinds.find((line) => line.start <= offset && offset <= line.end)?.kind;
  return markDoctest(candidates, (candidate) => kindAt(candidate.uriStart));
}

/** `candidates` without those whose line is a doctest's input, and those on an output line marked as quoted code. */
export function markDoctest(candidates: UriCandidate[], kindOf: (candidate: UriCandidate) => DoctestLine): UriCandidate[] {
  const out: UriCandidate[] = [];
  for (const candidate of candidates) {
    const kind = kindOf(candidate);
    if (kind === 'input') continue;
    if (kind === 'output') candidate.quotedCode = true;
    out.push(candidate);
  }
  return out;
}
