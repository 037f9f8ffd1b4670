/**
 * The languages urilint's rules run on besides JavaScript and TypeScript: the
 * ESLint language plugins `@eslint/markdown`, `@eslint/json`, `@eslint/css`
 * and html-eslint (`html/html`). Each file's language is told from the tree
 * ESLint already parsed (the root's type, checked against the shape of the
 * parser that language uses); its candidates are read from that tree by the
 * matching reader of `@urilint/discovery` (never parsed again), and offsets
 * are turned into the lines and columns of that language.
 */
import {
  cssCandidates,
  discoverText,
  htmlCandidates,
  jsonCandidates,
  markdownCandidates,
  maskTemplates,
  templateSyntaxes,
  type TemplateSetting,
  type UriCandidate,
} from '@urilint/discovery';

/** The languages read here (JavaScript and TypeScript go through ESLint's traversal instead). */
export type LanguageKind = 'markdown' | 'json' | 'css' | 'html';

/** The line and column of a source offset, counted as the language counts them. */
export interface Position {
  line: number;
  column: number;
}

/** Where a language's lines and columns start: ESLint's `Language#lineStart` and `#columnStart`. */
interface Origin {
  lineStart: number;
  columnStart: number;
}

type Node = Record<string, unknown>;

interface Reader {
  kind: LanguageKind;
  /** Whether the root is this language's tree (not only its type: its shape). */
  matches(root: Node): boolean;
  /**
   * The language's `lineStart` / `columnStart` as its plugin declares them:
   * `@eslint/markdown`, `@eslint/json` and `@eslint/css` count both from 1,
   * html-eslint (like ESLint's JavaScript) lines from 1 and columns from 0.
   */
  origin: Origin;
  /**
   * The line breaks the language's parser counts, so a message's line is the
   * line its nodes report: micromark and momoa break at CR LF, CR and LF;
   * css-tree at form feed too; es-html-parser (html-eslint) at U+2028 and
   * U+2029 too. (html-eslint's `sourceCode.lines` splits at LF only, so the
   * lines are not taken from there.)
   */
  lineBreak: RegExp;
  candidates(root: Node, text: string): UriCandidate[];
}

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** A `loc` / `position` of unist, momoa and css-tree: `start` with a line, a column and an offset. */
function startOf(node: Node): { line: number; column: number; offset: number | undefined } | undefined {
  const loc = isObject(node['loc']) ? node['loc'] : isObject(node['position']) ? node['position'] : undefined;
  const start = loc !== undefined && isObject(loc['start']) ? loc['start'] : undefined;
  if (start === undefined || typeof start['line'] !== 'number' || typeof start['column'] !== 'number') return undefined;
  const range = node['range'];
  const offset = typeof start['offset'] === 'number' ? start['offset'] : Array.isArray(range) && typeof range[0] === 'number' ? range[0] : undefined;
  return { line: start['line'], column: start['column'], offset };
}

/** Whether `value` holds child nodes: an array, or css-tree's `List` (it has `toArray`). */
function isChildList(value: unknown): boolean {
  return Array.isArray(value) || (isObject(value) && typeof value['toArray'] === 'function');
}

/** The Markdown reader on `@eslint/markdown`'s mdast tree (`markdown/commonmark`, `markdown/gfm`). */
const MARKDOWN: Reader = {
  kind: 'markdown',
  matches: (root) => root['type'] === 'root' && Array.isArray(root['children']) && startOf(root)?.offset !== undefined,
  origin: { lineStart: 1, columnStart: 1 },
  lineBreak: /\r\n|[\r\n]/g,
  candidates: (root, text) => markdownCandidates(root as unknown as Parameters<typeof markdownCandidates>[0], text),
};

/** The JSON reader on `@eslint/json`'s momoa tree (`json/json`, `json/jsonc`, `json/json5`). */
const JSON_READER: Reader = {
  kind: 'json',
  matches: (root) => root['type'] === 'Document' && isObject(root['body']) && typeof root['body']['type'] === 'string' && startOf(root) !== undefined,
  origin: { lineStart: 1, columnStart: 1 },
  lineBreak: /\r\n|[\r\n]/g,
  candidates: (root, text) => jsonCandidates(root as unknown as Parameters<typeof jsonCandidates>[0], text),
};

/** The CSS reader on `@eslint/css`'s css-tree tree (`css/css`). */
const CSS_READER: Reader = {
  kind: 'css',
  matches: (root) => root['type'] === 'StyleSheet' && isChildList(root['children']) && startOf(root)?.offset !== undefined,
  origin: { lineStart: 1, columnStart: 1 },
  lineBreak: /\r\n|[\r\n\f]/g,
  candidates: (root, text) => cssCandidates(root as unknown as Parameters<typeof cssCandidates>[0], text),
};

/** The html-eslint `Program`: its one child is es-html-parser's `DocumentNode`, the tree `htmlCandidates` reads. */
function htmlDocument(root: Node): Node | undefined {
  const body = root['body'];
  if (root['type'] !== 'Program' || !Array.isArray(body) || body.length !== 1) return undefined;
  const document: unknown = body[0];
  return isObject(document) && document['type'] === 'Document' && Array.isArray(document['children']) && Array.isArray(document['range']) ? document : undefined;
}

/**
 * The HTML reader on html-eslint's tree (the `html/html` language, or
 * `@html-eslint/parser` as the parser of ESLint's JavaScript language). Its
 * `Program` wraps the `DocumentNode` of es-html-parser 0.3.2, the parser and
 * version `htmlCandidates` is written for, with ranges into the whole file
 * (html-eslint shifts them past a front matter), so the tree is read as it is:
 * no second parse (`discoverHtml`) is needed. `<base href>` is a URL attribute
 * checked like the others; the base it sets is not used by the rules.
 */
const HTML_READER: Reader = {
  kind: 'html',
  matches: (root) => htmlDocument(root) !== undefined,
  origin: { lineStart: 1, columnStart: 0 },
  lineBreak: /\r\n|[\r\n\u2028\u2029]/g,
  candidates: (root, text) => htmlCandidates(htmlDocument(root) as unknown as Parameters<typeof htmlCandidates>[0], text).candidates,
};

/** Tried in this order: the HTML `Program` before anything that could take it for JavaScript. */
const READERS: readonly Reader[] = [HTML_READER, MARKDOWN, JSON_READER, CSS_READER];

/**
 * Offsets to positions: the start of each line (found with the language's
 * line breaks) and the language's origin. Columns are UTF-16 code units, as
 * ESLint counts them.
 */
export class Locator {
  readonly #starts: number[] = [0];
  readonly #origin: Origin;

  constructor(text: string, lineBreak: RegExp, origin: Origin) {
    this.#origin = origin;
    const pattern = new RegExp(lineBreak.source, 'g');
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) this.#starts.push(match.index + match[0].length);
  }

  position(offset: number): Position {
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.#starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + this.#origin.lineStart, column: offset - this.#starts[low]! + this.#origin.columnStart };
  }
}

/** A file of one of these languages: what to listen on, and how to read and locate it. */
export interface LanguageFile {
  kind: LanguageKind;
  /** The root node: its type is the listener's key, and it is visited once per file. */
  root: object;
  rootType: string;
  /** The candidates and the locator, built on first use and shared by every rule on the file. */
  read(): { candidates: readonly UriCandidate[]; locator: Locator };
}

interface SourceCodeLike {
  ast?: unknown;
  text?: unknown;
}

const files = new WeakMap<object, LanguageFile | null>();

/**
 * The origin of the language the file was parsed with: the reader's, unless
 * the root says otherwise (a root whose start is offset 0 gives the line and
 * column that offset has: ESLint's JavaScript language with html-eslint's
 * parser counts columns from 0, as html-eslint's own language does).
 */
function originOf(reader: Reader, root: Node): Origin {
  const start = startOf(root);
  if (start === undefined || start.offset !== 0 || start.line < 0 || start.line > 1 || start.column < 0 || start.column > 1) return reader.origin;
  return { lineStart: start.line, columnStart: start.column };
}

/**
 * The reader's candidates; none if it fails, once for every rule on the file. Template tags
 * (`{{ page.url }}`) are read as holes: the reader reads the text with them masked, offsets kept.
 */
function candidatesOrNone(reader: Reader, root: Node, text: string, templates: TemplateSetting | undefined): UriCandidate[] {
  const masked = maskTemplates(text, templateSyntaxes(templates)).text;
  let candidates: UriCandidate[];
  try {
    candidates = reader.candidates(root, masked);
  } catch {
    // A reader that stops loses no URI: the text is searched as for a file that does not parse.
    try {
      candidates = discoverText(masked);
    } catch {
      candidates = [];
    }
  }
  for (const candidate of candidates) candidate.source = text;
  return candidates;
}

/**
 * The file as one of the languages read here, or `undefined` (JavaScript,
 * TypeScript, or a language urilint has no reader for). Never throws.
 */
export function languageFile(sourceCode: object, templates?: TemplateSetting): LanguageFile | undefined {
  const known = files.get(sourceCode);
  if (known !== undefined) return known ?? undefined;
  let file: LanguageFile | null = null;
  try {
    const { ast, text } = sourceCode as SourceCodeLike;
    const root = isObject(ast) ? ast : undefined;
    const reader = root === undefined || typeof text !== 'string' ? undefined : READERS.find((candidate) => candidate.matches(root));
    if (root !== undefined && reader !== undefined && typeof text === 'string') {
      let read: { candidates: readonly UriCandidate[]; locator: Locator } | undefined;
      file = {
        kind: reader.kind,
        root,
        rootType: String(root['type']),
        read: () => (read ??= { candidates: candidatesOrNone(reader, root, text, templates), locator: new Locator(text, reader.lineBreak, originOf(reader, root)) }),
      };
    }
  } catch {
    file = null;
  }
  files.set(sourceCode, file);
  return file ?? undefined;
}
