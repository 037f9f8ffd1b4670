/** Plain text, and any file no other reader takes: the URIs of its prose. */
import type { UriCandidate } from '../candidate.js';
import { DoctestLines, markDoctest } from '../doctest.js';
import type { SourceEdit } from '../finding.js';
import { proseCandidates, type ProseInit } from '../prose.js';
import type { TextMap } from '../text-map.js';

/**
 * A map whose `replace` first asks `accept` whether the source can hold the
 * text there: a YAML plain scalar cannot take `: `, a line comment cannot take
 * a line break. The formats' readers share it.
 */
export class GuardedMap implements TextMap {
  readonly #inner: TextMap;
  readonly #accept: (start: number, end: number, text: string) => boolean;

  constructor(inner: TextMap, accept: (start: number, end: number, text: string) => boolean) {
    this.#inner = inner;
    this.#accept = accept;
  }

  get value(): string {
    return this.#inner.value;
  }

  sourceRange(start: number, end: number): [number, number] {
    return this.#inner.sourceRange(start, end);
  }

  replace(start: number, end: number, text: string): SourceEdit | undefined {
    return this.#accept(start, end, text) ? this.#inner.replace(start, end, text) : undefined;
  }
}

/**
 * One line written as it is from `offset` on: value unit k is source character
 * `offset + k`. Offsets are computed, not stored, so a large file costs no
 * per-character arrays; a fix may not break the line.
 */
export class LineMap implements TextMap {
  readonly value: string;
  readonly #offset: number;

  constructor(value: string, offset: number) {
    this.value = value;
    this.#offset = offset;
  }

  sourceRange(start: number, end: number): [number, number] {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > this.value.length) {
      throw new RangeError(`value range [${start}, ${end}) is not within [0, ${this.value.length}]`);
    }
    return [this.#offset + start, this.#offset + end];
  }

  replace(start: number, end: number, text: string): SourceEdit | undefined {
    return hasLineBreak(text) ? undefined : { range: this.sourceRange(start, end), text };
  }
}

/** Whether `text` holds a line break (LF, CR, or the Unicode line and paragraph separators). */
export function hasLineBreak(text: string): boolean {
  return /[\n\r\u2028\u2029]/.test(text);
}

/**
 * The URIs of one line of a comment or of prose written as it is (no escapes),
 * from `offset` on: a fix may not break the line.
 */
export function lineCandidates(line: string, offset: number, init: ProseInit = {}): UriCandidate[] {
  // Cheap test first: most lines of most files name no scheme.
  if (!line.includes(':')) return [];
  return proseCandidates(new LineMap(line, offset), init);
}

/** Adds `more` to `out` one by one: spreading the URIs of a huge one-line file into `push` would overflow the stack. */
export function append<T>(out: T[], more: readonly T[]): void {
  for (const item of more) out.push(item);
}

/** The lines of `text` (without their line breaks) and where each starts. */
export function* linesOf(text: string, from = 0, to = text.length): Generator<{ line: string; offset: number }> {
  const lineBreak = /\r\n?|\n|\u2028|\u2029/g;
  lineBreak.lastIndex = from;
  let start = from;
  for (let match = lineBreak.exec(text); match !== null && match.index < to; match = lineBreak.exec(text)) {
    yield { line: text.slice(start, match.index), offset: start };
    start = match.index + match[0].length;
  }
  if (start < to) yield { line: text.slice(start, to), offset: start };
}

/**
 * The URIs of a plain-text file (or of a file no reader takes): prose, read
 * line by line so that a 5 MB log costs a small map per line with a `:` in
 * it, never arrays for the whole file. A URI never spans two lines here. A doctest's lines
 * are read as `doctest.ts` says.
 */
export function discoverText(text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  if (typeof text !== 'string') return out;
  // A doctest in the text (reStructuredText's `>>>` blocks): see doctest.ts.
  const doctest = text.includes('>>>') ? new DoctestLines() : undefined;
  for (const { line, offset } of linesOf(text)) {
    try {
      const kind = doctest?.next(line);
      append(out, markDoctest(lineCandidates(line, offset, { patterns: true }), () => kind));
    } catch {
      // A line that could not be read is left unchecked, never the file.
    }
  }
  return out;
}
