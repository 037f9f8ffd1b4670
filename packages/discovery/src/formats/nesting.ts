/**
 * How deep a document nests, bounded before a reader that recurses per level is run.
 *
 * The YAML, CSS and Markdown parsers recurse once or more per level of nesting. A document nested
 * deeper than the stack allows used to be caught as a `RangeError` — but that catch is not safe:
 * when the stack runs out while V8 compiles a regular expression (a pattern used for the first time,
 * or one V8 recompiles after many uses), V8 cannot raise the error and ends the whole process
 * ("FATAL ERROR: RegExpCompiler Allocation failed"), a crash no `catch` sees. Where the stack runs
 * out depends on the machine's state, so the same document crashed one process and not another.
 *
 * So a document that may nest deeper than a reader's limit is not handed to that reader: it counts
 * as read without a full parse, and its text is searched instead (`withTextFallback`). Each bound
 * is an upper bound on what the parser nests — an overestimate costs only a text search of a
 * document no real tree comes near — and each limit is about a quarter of the depth at which the
 * parser was measured to overflow the stack of a fresh Node 20 process (YAML 500–1,000 levels, CSS
 * 1,000–2,000, Markdown 5,000–10,000), so that no reader runs near the stack's end. The CSS and
 * Markdown bounds are one pass over the text, with no regular expression; YAML's is exact, read
 * from the syntax tree yaml's parser builds without recursion (`yaml.ts`), since yaml recovers from
 * errors by nesting what follows: no bound on the text's lines holds for it.
 *
 * HTML needs none: es-html-parser builds its tree without recursion, and `parsers.ts` clears the
 * parent links the same way.
 */

/** The deepest YAML a document may nest (block and flow collections together) to be parsed. */
export const MAX_YAML_NESTING = 128;

/** The deepest CSS a stylesheet may nest (blocks, functions, brackets) to be parsed and walked. */
export const MAX_CSS_NESTING = 256;

/** The deepest Markdown a document may nest (block quotes and list items) to be parsed. */
export const MAX_MARKDOWN_NESTING = 1_000;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Whether the stylesheet may nest deeper than `limit`: the blocks (`{`), functions and parentheses
 * (`(`) and brackets (`[`) open at any point, read as CSS Syntax §4 tokenizes: not in comments,
 * strings, escapes or an unquoted `url(…)`.
 */
export function cssNestsDeeper(text: string, limit: number = MAX_CSS_NESTING): boolean {
  let depth = 0;
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code === 0x7b || code === 0x28 || code === 0x5b) {
      if (code === 0x28 && isUrlFunction(text, k)) {
        const end = unquotedUrlEnd(text, k + 1);
        if (end >= 0) {
          k = end;
          continue;
        }
      }
      if (++depth > limit) return true;
    } else if ((code === 0x7d || code === 0x29 || code === 0x5d) && depth > 0) {
      depth--;
    } else if (code === 0x5c /* \ */) {
      k++;
    } else if (code === 0x2f /* / */ && text.charCodeAt(k + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', k + 2);
      if (end < 0) break;
      k = end + 1;
    } else if (code === 0x22 || code === 0x27) {
      // A string ends at its quote, or unclosed at a line break (§4.3.5).
      for (k++; k < text.length; k++) {
        const c = text.charCodeAt(k);
        if (c === code || c === LF || c === CR || c === 0x0c) break;
        if (c === 0x5c) k++;
      }
    }
  }
  return false;
}

/** Whether the `(` at `k` ends the name `url` (any case), not a longer name such as `my-url`. */
function isUrlFunction(text: string, k: number): boolean {
  if (k < 3 || text.slice(k - 3, k).toLowerCase() !== 'url') return false;
  const before = k > 3 ? text.charCodeAt(k - 4) : SPACE;
  const nameChar = (before >= 0x30 && before <= 0x39) || (before >= 0x41 && before <= 0x5a) || (before >= 0x61 && before <= 0x7a) || before === 0x2d || before === 0x5f || before === 0x5c || before >= 0x80;
  return !nameChar;
}

/**
 * Where an unquoted `url(…)` whose contents start at `k` ends (at its `)`, escapes skipped, §4.3.6),
 * or -1 when the contents start with a quote: then `url(` is a function like any other.
 */
function unquotedUrlEnd(text: string, k: number): number {
  while (k < text.length && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB || text.charCodeAt(k) === LF)) k++;
  const first = text.charCodeAt(k);
  if (first === 0x22 || first === 0x27) return -1;
  for (; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x29) return k;
    if (c === 0x5c) k++;
  }
  return text.length;
}

/**
 * Whether the Markdown document may nest deeper than `limit`: on each line, the container markers
 * it starts with (`>`, and the list markers `-`, `*`, `+`, `1.`, `1)` followed by white space or the
 * end of the line: an empty item) plus half the white space among them (a list item nested by indentation is indented at least two columns
 * past its parent's).
 */
export function markdownNestsDeeper(text: string, limit: number = MAX_MARKDOWN_NESTING): boolean {
  let k = 0;
  while (k < text.length) {
    let markers = 0;
    let space = 0;
    for (;;) {
      const code = text.charCodeAt(k);
      if (code === SPACE) {
        space++;
        k++;
      } else if (code === TAB) {
        space += 4;
        k++;
      } else if (code === 0x3e /* > */) {
        markers++;
        k++;
      } else if ((code === 0x2d || code === 0x2a || code === 0x2b) && endsMarker(text, k + 1)) {
        markers++;
        k++;
      } else if (code >= 0x30 && code <= 0x39) {
        let end = k;
        while (end - k < 9 && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
        const after = text.charCodeAt(end);
        if ((after !== 0x2e && after !== 0x29) || !endsMarker(text, end + 1)) break;
        markers++;
        k = end + 1;
      } else {
        break;
      }
    }
    if (markers + (space >> 1) > limit) return true;
    const end = text.indexOf('\n', k);
    if (end < 0) break;
    k = end + 1;
  }
  return false;
}

/** Whether a list marker ends at `k`: white space or the end of the line follows it. */
function endsMarker(text: string, k: number): boolean {
  const code = text.charCodeAt(k);
  return code === SPACE || code === TAB || code === LF || code === CR || k >= text.length;
}

