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

/**
 * The deepest JavaScript may nest (brackets, template holes, JSX elements, and chains of `=>`, `?`,
 * assignments and `**`) to be handed to a parser. oxc-parser overflows its native stack past a few
 * thousand levels, which no `catch` sees: the process ends (SIGSEGV; oxc-project/oxc#24375). Measured
 * with oxc-parser 0.156 on Node 20: `((…1…))` 3,000 levels in a worker thread (5,000–7,000 on the
 * main thread), `a=>a=>…` 10,000 and `<a><a>…` 20,000 on the main thread.
 */
export const MAX_JS_NESTING = 500;

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

/** JavaScript keywords after which a `/` starts a regular expression, not a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

/**
 * Whether a JavaScript or TypeScript text may nest deeper than `limit`: the brackets and template
 * holes open at a point, the JSX elements open there, and in each bracket the chain of `=>`, `?`,
 * assignments and `**` since its last `;` or `,` (each nests the rest of the expression once more).
 * Comments, strings, templates and regular expressions are read as a lexer reads them, a `/` taken
 * for a regular expression after punctuation or a keyword; a string or a regular expression that
 * does not end on its line is taken back and its characters read as code, so that no misreading
 * hides more than one line's brackets, and those only between two quotes or slashes on it.
 */
export function jsNestsDeeper(text: string, limit: number = MAX_JS_NESTING, jsx = true): boolean {
  const n = text.length;
  // For each open bracket: the chain count when it opened, and its kind (PLAIN, HOLE, CONTROL).
  const chains: number[] = [];
  let chain = 0;
  let total = 0;
  // The open JSX elements, by the number of brackets open where each opened; and whether in a tag's attributes.
  const elements: number[] = [];
  let inTag = false;
  let prev = 0;
  // The name just read, as offsets (a string is made only where a keyword matters); after `.` a property.
  let wordStart = -1;
  let wordEnd = -1;
  let wordDot = false;
  const word = (): string => (wordStart < 0 ? '' : (wordDot ? '.' : '') + text.slice(wordStart, wordEnd));
  let spaced = false;
  // After the `)` of `if (…)`, `while (…)`, `for (…)`, `with (…)`, a `/` starts a regular expression.
  let afterControl = false;
  const kinds: number[] = [];
  const open = (kind: number): boolean => {
    chains.push(chain);
    kinds.push(kind);
    chain = 0;
    return ++total > limit;
  };
  const close = (): number => {
    if (chains.length === 0) return PLAIN;
    total -= chain + 1;
    chain = chains.pop()!;
    return kinds.pop()!;
  };
  /** Reads a template's text from `k` (after its `` ` `` or a hole's `}`) to its end or its next hole: where code resumes, and whether at a hole. */
  const template = (k: number): { at: number; hole: boolean } => {
    for (; k < n; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x5c) k++;
      else if (c === 0x60) return { at: k, hole: false };
      else if (c === 0x24 && text.charCodeAt(k + 1) === 0x7b) return { at: k + 1, hole: true };
    }
    return { at: n, hole: false };
  };
  let k = 0;
  /** Goes on after a token that ends at `end` and reads as `as` for what follows (a string's quote, a template's `` ` ``). */
  const after = (end: number, as: number): void => {
    k = end;
    prev = as;
    wordStart = -1;
    spaced = false;
  };
  for (; k < n; k++) {
    const c = text.charCodeAt(k);
    if (c === SPACE || c === TAB || c === LF || c === CR) {
      spaced = true;
      continue;
    }
    const next = text.charCodeAt(k + 1);
    if (c === 0x2f && next === 0x2f) {
      const end = text.indexOf('\n', k);
      k = end < 0 ? n : end;
      continue;
    }
    if (c === 0x2f && next === 0x2a) {
      const end = text.indexOf('*/', k + 2);
      k = end < 0 ? n : end + 1;
      continue;
    }
    const control = afterControl;
    afterControl = false;
    if (isNamePart(c)) {
      // A name or a number, read as one run. After `.` a name is a property (`x.return`), never a keyword.
      if (wordStart < 0 || spaced || !isNamePart(prev)) {
        wordStart = k;
        wordDot = prev === 0x2e;
      }
      while (k + 1 < n && isNamePart(text.charCodeAt(k + 1))) k++;
      wordEnd = k + 1;
      prev = text.charCodeAt(k);
      spaced = false;
      continue;
    }
    if (c === 0x22 || c === 0x27) {
      const end = quoted(text, k, c);
      if (end >= 0) {
        after(end, c);
        continue;
      }
    } else if (c === 0x60) {
      const { at, hole } = template(k + 1);
      after(at, c);
      if (hole && open(HOLE)) return true;
      continue;
    } else if (c === 0x2f && (control || regexMayStart(prev, word()))) {
      const end = regexEnd(text, k);
      if (end >= 0) {
        after(end, c);
        continue;
      }
    }
    if (c === 0x28 || c === 0x5b || c === 0x7b) {
      if (open(c === 0x28 && wordStart >= 0 && !wordDot && isControlWord(text, wordStart, wordEnd) ? CONTROL : PLAIN)) return true;
    } else if (c === 0x29 || c === 0x5d) {
      afterControl = close() === CONTROL;
    } else if (c === 0x7d) {
      if (kinds.length > 0 && kinds[kinds.length - 1] === HOLE) {
        close();
        const { at, hole } = template(k + 1);
        after(at, 0x60);
        if (hole && open(HOLE)) return true;
        continue;
      }
      close();
    } else if (c === 0x3b || c === 0x2c) {
      total -= chain;
      chain = 0;
    } else if ((c === 0x3d && next === 0x3e) || (c === 0x3f && next !== 0x2e && next !== 0x3f && prev !== 0x3f && next !== 0x3a && next !== 0x29 && next !== 0x2c && next !== 0x3d) || (c === 0x2a && next === 0x2a)) {
      // `=>`, a conditional's `?` (not `?.`, `??`, nor TypeScript's optional `?:`, `?)`, `?,`, `?=`), `**`.
      chain++;
      if (++total > limit) return true;
      if (c !== 0x3f) k++;
    } else if (c === 0x3d && !inTag && next !== 0x3d && prev !== 0x3d && prev !== 0x21 && ((prev !== 0x3c && prev !== 0x3e) || text.charCodeAt(k - 2) === prev)) {
      // An assignment (`=`, `+=`, `>>=`…), not `==`, `!=`, `<=`, `>=`, nor a JSX attribute's `=`.
      chain++;
      if (++total > limit) return true;
    } else if (jsx && c === 0x3c && (isNameStart(next) || next === 0x3e) && (inChildren(elements, chains.length) || prev === 0 || JSX_AFTER.has(prev) || (wordStart >= 0 && REGEX_AFTER_WORD.has(word())))) {
      // A JSX element opens: after punctuation or `return`, or among an element's children.
      elements.push(chains.length);
      inTag = next !== 0x3e;
      if (elements.length + total > limit) return true;
    } else if (elements.length > 0 && c === 0x3c && next === 0x2f) {
      // `</a>`: its element closes.
      elements.pop();
      inTag = false;
    } else if (inTag && c === 0x2f && next === 0x3e && chains.length === elements[elements.length - 1]) {
      // `<a />`.
      elements.pop();
      inTag = false;
      k++;
    } else if (inTag && c === 0x3e && chains.length === elements[elements.length - 1]) {
      inTag = false;
    }
    wordStart = -1;
    prev = c;
    spaced = false;
  }
  return false;
}

const PLAIN = 0;
const HOLE = 1;
const CONTROL = 2;

/** Whether `text[start, end)` is `if`, `for`, `with` or `while` (read in place: a call's name is read at every `(`). */
function isControlWord(text: string, start: number, end: number): boolean {
  switch (end - start) {
    case 2:
      return text.startsWith('if', start);
    case 3:
      return text.startsWith('for', start);
    case 4:
      return text.startsWith('with', start);
    case 5:
      return text.startsWith('while', start);
    default:
      return false;
  }
}

/** Whether the reader is among the children of the innermost open JSX element (not in a `{…}` inside it). */
function inChildren(elements: readonly number[], brackets: number): boolean {
  return elements.length > 0 && elements[elements.length - 1] === brackets;
}

/** After these, a `<` followed by a name starts a JSX element (`(<a>`, `= <a>`, `? <a>`, `{<a>`…). */
const JSX_AFTER = new Set([0x28, 0x3d, 0x3e, 0x7b, 0x7d, 0x2c, 0x3f, 0x3a, 0x3b, 0x26, 0x7c, 0x5b, 0x21]);

/** ASCII characters that start a name (1) or only continue one (2). */
const NAME_CHARS = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x24 || c === 0x5f) table[c] = 1;
    else if (c >= 0x30 && c <= 0x39) table[c] = 2;
  }
  return table;
})();

function isNameStart(c: number): boolean {
  return c >= 0x80 ? true : NAME_CHARS[c] === 1;
}

function isNamePart(c: number): boolean {
  return c >= 0x80 ? true : NAME_CHARS[c] !== 0;
}

/** Whether a `/` after the significant character `prev` (0: none), ending `word`, starts a regular expression. */
function regexMayStart(prev: number, word: string): boolean {
  if (prev === 0) return true;
  if (word !== '') return REGEX_AFTER_WORD.has(word);
  // After a closing bracket, a quote or a template: a division.
  return !(prev === 0x29 || prev === 0x5d || prev === 0x7d || prev === 0x22 || prev === 0x27 || prev === 0x60 || isNamePart(prev));
}

/** Where the string opened by `quote` at `k` ends, or -1 when it does not end on its line (then it is no string). */
function quoted(text: string, k: number, quote: number): number {
  for (let j = k + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === quote) return j;
    if (c === 0x5c) {
      // An escape, a line continuation included.
      if (text.charCodeAt(j + 1) === CR && text.charCodeAt(j + 2) === LF) j++;
      j++;
    } else if (c === LF || c === CR) {
      return -1;
    }
  }
  return -1;
}

/** Where the regular expression opened at `k` ends (its flags not included), or -1 when it does not end on its line. */
function regexEnd(text: string, k: number): number {
  let inClass = false;
  for (let j = k + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === LF || c === CR) return -1;
    if (c === 0x5c) j++;
    else if (c === 0x5b) inClass = true;
    else if (c === 0x5d) inClass = false;
    else if (c === 0x2f && !inClass) return j;
  }
  return -1;
}
