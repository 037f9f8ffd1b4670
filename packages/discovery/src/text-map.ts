import type { SourceEdit } from './finding.js';

/**
 * A value read from source text (a string literal's cooked value, an HTML
 * attribute with its entities decoded, a JSON string) and where each of its
 * code units is written. Every report and fix goes through one: no caller
 * computes a source offset itself.
 */
export interface TextMap {
  /** The value, as the program (or the browser, or the JSON reader) sees it. */
  readonly value: string;
  /**
   * The source range of value `[start, end)`; for an empty range, the position
   * before value unit `start` (or the end of the text).
   */
  sourceRange(start: number, end: number): [number, number];
  /**
   * The source edit that turns value `[start, end)` into `text`, written the
   * way this kind of source writes it (escaped for its quotes); `undefined`
   * when it cannot be written there.
   */
  replace(start: number, end: number, text: string): SourceEdit | undefined;
}

/**
 * A map from per-unit source offsets: `starts[k]`/`ends[k]` are where value
 * unit k is written (absolute offsets). `escape` writes replacement text the
 * way the source needs it; `decode` reads source text back, to check an edit.
 */
export class OffsetMap implements TextMap {
  readonly value: string;
  readonly #starts: readonly number[];
  readonly #ends: readonly number[];
  /** Where the text ends in the source (an empty range at the end of the value maps here). */
  readonly #end: number;
  readonly #escape: (text: string) => string;

  constructor(value: string, starts: readonly number[], ends: readonly number[], end: number, escape: (text: string) => string = (text) => text) {
    this.value = value;
    this.#starts = starts;
    this.#ends = ends;
    this.#end = end;
    this.#escape = escape;
  }

  /** A value written as it is, from `offset` on: each unit is its own source character. */
  static plain(value: string, offset: number, escape?: (text: string) => string): OffsetMap {
    const starts = Array.from({ length: value.length }, (_, k) => offset + k);
    const ends = starts.map((start) => start + 1);
    return new OffsetMap(value, starts, ends, offset + value.length, escape);
  }

  sourceRange(start: number, end: number): [number, number] {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > this.value.length) {
      throw new RangeError(`value range [${start}, ${end}) is not within [0, ${this.value.length}]`);
    }
    if (start < end) return [this.#starts[start]!, this.#ends[end - 1]!];
    const at = start < this.value.length ? this.#starts[start]! : this.#end;
    return [at, at];
  }

  replace(start: number, end: number, text: string): SourceEdit | undefined {
    // An edit must not cut one escape (two units written as one `\uD83D\uDE00`-like sequence) in two.
    if ((start > 0 && start < this.value.length && this.#starts[start] === this.#starts[start - 1]) ||
        (end > 0 && end < this.value.length && this.#starts[end] === this.#starts[end - 1])) return undefined;
    return { range: this.sourceRange(start, end), text: this.#escape(text) };
  }
}
