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
  /** Undefined for a plain map (`plain`): unit k is written at `#end - value.length + k`, one character each. */
  readonly #starts: readonly number[] | undefined;
  readonly #ends: readonly number[] | undefined;
  /** Where the text ends in the source (an empty range at the end of the value maps here). */
  readonly #end: number;
  readonly #escape: (text: string) => string;

  constructor(value: string, starts: readonly number[] | undefined, ends: readonly number[] | undefined, end: number, escape: (text: string) => string = (text) => text) {
    this.value = value;
    this.#starts = starts;
    this.#ends = ends;
    this.#end = end;
    this.#escape = escape;
  }

  /**
   * A value written as it is, from `offset` on: each unit is its own source character. Its offsets
   * are computed when read, not listed (a comment's or a document's text can be long, and most of
   * it is never reported on).
   */
  static plain(value: string, offset: number, escape?: (text: string) => string): OffsetMap {
    return new OffsetMap(value, undefined, undefined, offset + value.length, escape);
  }

  sourceRange(start: number, end: number): [number, number] {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > this.value.length) {
      throw new RangeError(`value range [${start}, ${end}) is not within [0, ${this.value.length}]`);
    }
    const starts = this.#starts;
    if (starts === undefined) {
      const offset = this.#end - this.value.length;
      return [offset + start, offset + end];
    }
    if (start < end) return [starts[start]!, this.#ends![end - 1]!];
    const at = start < this.value.length ? starts[start]! : this.#end;
    return [at, at];
  }

  replace(start: number, end: number, text: string): SourceEdit | undefined {
    // An edit must not cut one escape (two units written as one `\uD83D\uDE00`-like sequence) in two (a plain map has none).
    const starts = this.#starts;
    if (starts !== undefined && ((start > 0 && start < this.value.length && starts[start] === starts[start - 1]) ||
        (end > 0 && end < this.value.length && starts[end] === starts[end - 1]))) return undefined;
    return { range: this.sourceRange(start, end), text: this.#escape(text) };
  }
}
