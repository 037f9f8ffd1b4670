/**
 * What the readers of programming languages on tree-sitter share: a string's value decoded unit by
 * unit with the source range that writes each unit (`Decoded`, then an `OffsetMap` that writes
 * replacement text in the literal's own syntax, or refuses it), the walk over a tree, the printf
 * conversions of format strings, and the step from pieces to candidates (`strings.ts`, the one every
 * reader shares).
 */
import type { Node, Tree } from 'web-tree-sitter';
import { parseWith, type GrammarName } from './tree-sitter.js';
import type { UriCandidate } from '../candidate.js';
import type { SourceEdit } from '../finding.js';
import { commentCandidates } from '../js/comments.js';
import { jsTemplateSyntaxes } from '../js/discover.js';
import { assemblePieces, mergeHoles, templateHoles, valueCandidates, type StringPiece, type ValueInit, type ValueSpan } from '../strings.js';
import { templateSyntaxes, type TemplateSetting, type TemplateSyntax } from '../templates.js';
import { OffsetMap, type TextMap } from '../text-map.js';
import { append } from '../formats/text.js';

/**
 * A string's value as it is decoded, and where each of its UTF-16 units is written. While every unit
 * so far is the source character that writes it, each right after the one before (a literal with
 * no escape, as most are), nothing is listed or concatenated: the value is a slice of the source
 * (`text`, when given), its map a plain one (`OffsetMap`: unit k at the first unit's offset + k).
 * The offsets are listed from the first unit that is not (an escape, a skipped line break) on.
 */
export class Decoded {
  /** The source the units are read from, when given: a plain value is sliced from it. */
  readonly #text: string | undefined;
  /** The value; while it is plain and `#text` is given, a slice of it made when last read (`value`). */
  #value = '';
  #length = 0;
  /** Where the first unit is written, while the units are plain. */
  #from = 0;
  /** Undefined while the units are plain; then where each unit starts and ends. */
  #starts: number[] | undefined;
  #ends: number[] | undefined;

  constructor(text?: string) {
    this.#text = text;
  }

  /** The decoded value. */
  get value(): string {
    if (this.#value.length !== this.#length) this.#value = this.#text!.slice(this.#from, this.#from + this.#length);
    return this.#value;
  }

  /** Where each unit starts in the source. */
  get starts(): readonly number[] {
    return this.#listed()[0];
  }

  /** Where each unit ends in the source. */
  get ends(): readonly number[] {
    return this.#listed()[1];
  }

  /** Whether a unit written at `start` keeps the value plain: none is listed, and it follows the last one (or is the first). */
  #plainAt(start: number): boolean {
    return this.#starts === undefined && (this.#length === 0 || this.#from + this.#length === start);
  }

  /** The offsets of the units, listed from now on (the plain ones before written out). */
  #listed(): [number[], number[]] {
    if (this.#starts === undefined || this.#ends === undefined) {
      this.#value = this.value;
      const starts: number[] = [];
      const ends: number[] = [];
      for (let k = 0; k < this.#length; k++) {
        starts.push(this.#from + k);
        ends.push(this.#from + k + 1);
      }
      this.#starts = starts;
      this.#ends = ends;
    }
    return [this.#starts, this.#ends];
  }

  /** `units` (one character, or the two units of one beyond U+FFFF) written by source `[start, end)`. */
  push(units: string, start: number, end: number): void {
    if (units.length === 1 && end === start + 1 && this.#plainAt(start) && (this.#text === undefined || this.#text.charCodeAt(start) === units.charCodeAt(0))) {
      if (this.#length === 0) this.#from = start;
      if (this.#text === undefined) this.#value += units;
      this.#length++;
      return;
    }
    const [starts, ends] = this.#listed();
    for (let k = 0; k < units.length; k++) {
      this.#value += units[k];
      starts.push(start);
      ends.push(end);
    }
    this.#length += units.length;
  }

  /** Source `[start, end)` written as it is (each unit its own character). */
  pushPlain(text: string, start: number, end: number): void {
    if (end > start && this.#plainAt(start) && (this.#text === undefined || this.#text === text)) {
      if (this.#length === 0) this.#from = start;
      if (this.#text === undefined) this.#value += text.slice(start, end);
      this.#length += end - start;
      return;
    }
    for (let i = start; i < end; i++) this.push(text[i]!, i, i + 1);
  }

  /**
   * The map of the value. `write` turns replacement text into source text in the literal's syntax,
   * or gives undefined where the literal cannot hold it (a quote in a raw string): then no edit is made there.
   * `gapless`: no edit over source between two units that writes neither (a configuration file's
   * continued line: its backslash, line break and indentation).
   */
  map(end: number, write: (text: string) => string | undefined, gapless = false): TextMap {
    // Plain, and ending where the text ends: unit k is written at `end - value.length + k`, with no gap anywhere.
    const plain = this.#plainAt(end);
    const starts = plain ? undefined : this.starts;
    const ends = plain ? undefined : this.ends;
    const inner = new OffsetMap(this.value, starts, ends, end);
    return {
      value: inner.value,
      sourceRange: (start, stop) => inner.sourceRange(start, stop),
      replace(start, stop, text): SourceEdit | undefined {
        // With `gapless`, an edit never spans source that writes no unit (a line continuation between two units).
        if (gapless && starts !== undefined && ends !== undefined) for (let k = start; k + 1 < stop; k++) if (starts[k + 1] !== starts[k] && starts[k + 1] !== ends[k]) return undefined;
        const written = write(text);
        if (written === undefined) return undefined;
        const edit = inner.replace(start, stop, text);
        return edit === undefined ? undefined : { range: edit.range, text: written };
      },
    };
  }
}

/** What a backslash escape at `text[at]` writes: its units (`value`) and how many source characters it takes; undefined when the backslash is itself. */
export type EscapeReader = (text: string, at: number, to: number) => { value: string; length: number } | undefined;

/**
 * Decodes `text[from, to)` into `out`: each character as it is, each escape `read` knows as what it
 * writes, mapped to the characters that write it. An escape starts at one of `opens` (a backslash;
 * C# reads `""` in a verbatim string and `{{` in an interpolated one as escapes too); `skip` drops
 * source ranges (a raw string's indentation: from each key to its value). True when it ends with a
 * lone backslash (nothing after it to escape; Java's text blocks join a line to the next with one).
 */
export function decodeEscapes(text: string, from: number, to: number, out: Decoded, read: EscapeReader, opens = '\\', skip?: ReadonlyMap<number, number>): boolean {
  let i = from;
  while (i < to) {
    const skipped = skip?.get(i);
    if (skipped !== undefined && skipped > i) {
      i = skipped;
      continue;
    }
    if (!opens.includes(text[i]!)) {
      const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
      out.push(text.slice(i, i + units), i, i + units);
      i += units;
      continue;
    }
    if (i + 1 >= to && text[i] === '\\') return true;
    const escape = i + 1 < to ? read(text, i, to) : undefined;
    if (escape === undefined) {
      out.push(text[i]!, i, i + 1);
      i++;
      continue;
    }
    out.push(escape.value, i, i + escape.length);
    i += escape.length;
  }
  return false;
}

/** Whether `text` holds a line break (a fix never writes one into a literal). */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** Writes `text` with `escapes` (each character with its escaped form), or undefined when it holds a line break or one of `refused`. */
export function writer(escapes: Readonly<Record<string, string>>, refused: RegExp | undefined): (text: string) => string | undefined {
  return (text) => {
    if (LINE_BREAK.test(text) || (refused !== undefined && refused.test(text))) return undefined;
    let out = '';
    for (const c of text) out += escapes[c] ?? c;
    return out;
  };
}

/**
 * A printf conversion: `%s`, `%d`, `%-10.3f`, `%(name)s` (Python), `%[1]d` and `%v`, `%q` (Go), and
 * `%%` (a literal `%`, but no percent-encoding either). Filled in when the string is formatted.
 */
export const PRINTF_CONVERSION = /%(?:\([^()\s]*\)|\[\d+\])?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[a-zA-Z%]/g;

/**
 * The printf conversions of a format string, as value spans: `conversions` matches one (by default
 * `PRINTF_CONVERSION`; a language with its own adds its forms). A `%` and two hex digits is a
 * percent-encoding (`%2F`), left alone.
 */
export function printfHoles(value: string, conversions: RegExp = PRINTF_CONVERSION): ValueSpan[] {
  const holes: ValueSpan[] = [];
  for (const match of value.matchAll(conversions)) {
    if (/^%[0-9A-Fa-f]{2}$/.test(value.slice(match.index, match.index + 3)) && match[0].length > 2) continue;
    holes.push({ start: match.index, end: match.index + match[0].length });
  }
  return holes;
}

/**
 * Whether the source of a string expression (`node`) may write a URI that is no sink's argument:
 * every URI such a string yields starts with a scheme and its ":" or with "//" (`valueCandidates`),
 * so a string whose source holds no ":", no "/" and no "\" (through which an escape might write
 * either) yields a URI only as the argument of a sink, and the reader passes it over before it
 * decodes it, names it or looks for its format.
 */
export function mayWriteUri(text: string, node: Node): boolean {
  for (let i = node.startIndex; i < node.endIndex; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a || c === 0x2f || c === 0x5c) return true;
  }
  return false;
}

/** What a program's reader found, and whether its tree has syntax errors (then string bounds are the parser's recovery, not certain). */
export interface ProgramUris {
  candidates: UriCandidate[];
  hasError: boolean;
}

/** What a language's reader knows of one string expression (or concatenation) when it hands it on. */
export interface StringInit extends Omit<ValueInit, 'namespace'> {
  pieces: StringPiece[];
  /** The holes are more than the template syntax and RFC 6570 expressions of the text (a format string's own placeholders are in the pieces). */
  syntaxes: ReadonlySet<TemplateSyntax>;
}

/** The candidates of one string expression: its pieces' template tags and RFC 6570 expressions become holes too. */
export function stringCandidates(init: StringInit): UriCandidate[] {
  const { pieces, syntaxes, ...rest } = init;
  if (!pieces.some((piece) => 'map' in piece)) return [];
  const routes = rest.context === undefined;
  const withTemplates = pieces.map((piece) => ('map' in piece ? { map: piece.map, holes: mergeHoles(piece.holes, templateHoles(piece.map.value, syntaxes, routes)) } : piece));
  const { value, parts } = assemblePieces(withTemplates);
  return valueCandidates(value, parts, { ...rest, namespace: false });
}

/**
 * Hands one string expression (`node`: a literal, a concatenation, a heredoc) on to `out` as
 * candidates: its `pieces`, the name it is given to (a variable, a key: `name`), and the sink whose
 * URL argument it is. The one step from a reader's pieces to candidates every language takes.
 */
export function addStringCandidates(out: UriCandidate[], text: string, node: Node, init: { pieces: StringPiece[] | undefined; syntaxes: ReadonlySet<TemplateSyntax>; name: string | undefined; sink: string | undefined }): void {
  const { pieces, syntaxes, name, sink } = init;
  if (pieces === undefined) return;
  const found = stringCandidates({ pieces, syntaxes, range: [node.startIndex, node.endIndex], source: text, name, key: name, ...(sink === undefined ? {} : { context: 'sink', sink }) });
  for (const candidate of found) out.push(candidate);
}

/**
 * The pieces of a `+` chain (`"https://" + host + "/x"`): its left side's, then its right side's when
 * that builds a string too (`pieces`), else one hole for the right operand.
 */
export function plusChainPieces(node: Node, pieces: (node: Node) => StringPiece[] | undefined, buildsString: (node: Node) => boolean): StringPiece[] | undefined {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (left === null || right === null) return undefined;
  const head = pieces(left);
  if (head === undefined) return undefined;
  const tail = buildsString(right) ? pieces(right) : undefined;
  return [...head, ...(tail ?? [{ hole: [right.startIndex, right.endIndex] as [number, number] }])];
}

/** Whether `node` is a `+` expression (a `binary_expression` with a `+` operator: a field in Java's and C#'s trees, the middle child in Kotlin's). */
export function isPlus(node: Node | null): boolean {
  return node?.type === 'binary_expression' && (node.childForFieldName('operator') ?? node.child(1))?.type === '+';
}

/** Whether `node` builds a string from literal text: a literal (`isLiteral`), or a `+` chain that starts with one. */
export function buildsPlusString(node: Node | null, isLiteral: (node: Node) => boolean): boolean {
  if (node === null) return false;
  if (isLiteral(node)) return true;
  return isPlus(node) && buildsPlusString(node.childForFieldName('left'), isLiteral);
}

/** Whether `node` is an operand of a larger `+` chain that builds a string (read with the chain, not on its own). */
export function isInPlusString(node: Node, isLiteral: (node: Node) => boolean): boolean {
  const parent = parentOf(node);
  return isPlus(parent) && buildsPlusString(parent, isLiteral);
}

/**
 * The template syntaxes whose tags are holes in a program's strings: JavaScript's, and `%NAME%`, which
 * applications replace in URL patterns of their own (Redmine's `http://foo/%value%`, `%project_id%`):
 * a name there is never a percent-encoding (one that starts with two hexadecimal digits is one).
 */
export function programTemplateSyntaxes(setting: TemplateSetting | undefined): ReadonlySet<TemplateSyntax> {
  const syntaxes = new Set(jsTemplateSyntaxes(setting));
  if (templateSyntaxes(setting).has('percent')) syntaxes.add('percent');
  return syntaxes;
}

/** The URIs of a comment whose text (after its `#` or `//`, or inside `/* … *\/`) is `text[start, end)`. */
export function addComment(out: UriCandidate[], text: string, start: number, end: number): void {
  if (end <= start) return;
  try {
    append(out, commentCandidates(text.slice(start, end), start));
  } catch {
    // The comment is left unchecked.
  }
}

/** The URIs of a `//` or `/* … *\/` comment (and the doc comments `///`, `//!`, `/**`, `/*!`), its markers left out. */
export function addSlashComment(out: UriCandidate[], text: string, node: Node): void {
  const marker = /^\/[/*][/*!]?/.exec(text.slice(node.startIndex, node.startIndex + 3))?.[0].length ?? 0;
  const block = text.startsWith('/*', node.startIndex);
  addComment(out, text, node.startIndex + marker, node.endIndex - (block && node.endIndex - node.startIndex >= 4 && text.startsWith('*/', node.endIndex - 2) ? 2 : 0));
}

/**
 * Calls `visit` for every node of the tree in document order whose type is one of `types` (every node
 * when `types` is undefined); when it returns false, the node's children are skipped. A node of
 * another type is not visited and its children are. With `types`, tree-sitter finds the nodes of
 * those types in one call inside WebAssembly (`descendantsOfType`, its own walk in document order)
 * and a node object is made for those alone: a walk driven from JavaScript crosses into WebAssembly
 * for every step of the cursor, which cost as much as the parse. A node found inside one whose
 * visit returned false is passed over (it starts before that node ends). Without `types`, the
 * cursor walks every node. Iterative: a deeply nested file cannot overflow the stack.
 */
export function walkTree(tree: Tree, visit: (node: Node) => boolean, types?: ReadonlySet<string>): void {
  if (types !== undefined) {
    let skippedUntil = -1;
    for (const node of tree.rootNode.descendantsOfType([...types])) {
      if (node === null || node.startIndex < skippedUntil) continue;
      if (!visit(node)) skippedUntil = node.endIndex;
    }
    return;
  }
  const cursor = tree.walk();
  try {
    let descend = visit(cursor.currentNode);
    for (;;) {
      if (descend && cursor.gotoFirstChild()) {
        descend = visit(cursor.currentNode);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return;
      }
      descend = visit(cursor.currentNode);
    }
  } finally {
    cursor.delete();
  }
}

/**
 * The parents asked for while a program is read, by node id. tree-sitter finds a node's parent by
 * walking down from the root (through every child before it at each level, so the cost grows with
 * the file), and a reader asks for the parent of one string several times (its call, its name, its
 * format, whether it is excluded): each is found once.
 */
let parents: Map<number, Node | null> | undefined;

/** The parent of `node` (null for the root, or for no node), found once per node while a program is read. */
export function parentOf(node: Node | null | undefined): Node | null {
  if (node === null || node === undefined) return null;
  const known = parents?.get(node.id);
  if (known !== undefined) return known;
  const parent = node.parent;
  parents?.set(node.id, parent);
  return parent;
}

/**
 * Reads a program: parses `text` with its grammar, walks the tree in document order with the
 * visitor `reader` makes for the list the candidates go to, on the nodes of `types` (the types its
 * visitor reads; it descends into every other node: see `walkTree`), and frees the tree.
 * Undefined when the grammar is not loaded.
 */
export function readProgram(grammar: GrammarName, text: string, types: ReadonlySet<string>, reader: (out: UriCandidate[]) => (node: Node) => boolean): ProgramUris | undefined {
  const tree = parseWith(grammar, text);
  if (tree === undefined) return undefined;
  const out: UriCandidate[] = [];
  const hasError = tree.rootNode.hasError;
  const outer = parents;
  parents = new Map();
  try {
    walkTree(tree, reader(out), types);
  } finally {
    parents = outer;
    tree.delete();
  }
  return { candidates: out, hasError };
}

/**
 * `find` answered once for a node asked again right after: a reader asks one string for its call
 * several times in a row (for its sink, its format, whether it is excluded), and each answer asks
 * tree-sitter for the call's arguments and function. The visitor hands the same node object to
 * each, so the last node and its answer are kept (a map of every node cost more than it saved).
 */
export function oncePerNode<T>(find: (node: Node) => T | undefined): (node: Node) => T | undefined {
  let last: Node | undefined;
  let answer: T | undefined;
  return (node) => {
    if (node !== last) {
      // Cleared first: should `find` throw, no answer is kept for `node`.
      last = undefined;
      answer = find(node);
      last = node;
    }
    return answer;
  };
}

/** Runs `read` on one string, so that a literal this code did not foresee is skipped, never the file. */
export function guarded(read: () => void): void {
  try {
    read();
  } catch {
    // The literal could not be read; it is left unchecked.
  }
}
