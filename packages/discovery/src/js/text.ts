import type { TSESTree } from '@typescript-eslint/utils';
import { readWithoutParse, type UriCandidate } from '../candidate.js';
import { jsNestsDeeper, MAX_JS_NESTING } from '../formats/nesting.js';
import { environment } from '../host.js';
import { typescript } from '../parsers.js';
import { commentCandidates } from './comments.js';
import { JsDiscovery, literalCandidates, type DiscoveryOptions } from './discover.js';
import { parseNative } from './native.js';
import { hasJsx, parseJs, type JsSourceCode } from './source-code.js';

/**
 * How JavaScript and TypeScript files are parsed outside ESLint: `native` (oxc-parser, with a light
 * scope resolver; a file it rejects, or a platform where it does not load, goes the other way) or
 * `typescript-estree` (parseForESLint with its full scope analysis, as ESLint's typescript-eslint parser).
 */
export type JsReader = 'native' | 'typescript-estree';

const envReader = environment('URILINT_JS_READER');
let defaultReader: JsReader = envReader === 'native' || envReader === 'typescript-estree' ? envReader : 'native';

/** Sets the reader `discoverJsText` uses when its options name none (the environment's URILINT_JS_READER at start). */
export function setJsReader(reader: JsReader): void {
  defaultReader = reader;
}

export interface JsTextOptions extends DiscoveryOptions {
  /** The file's name: `.ts`, `.mts` and `.cts` are parsed without JSX. */
  filePath?: string;
  jsx?: boolean;
  /** The parser: see `JsReader`. Default: `setJsReader`'s. */
  reader?: JsReader;
}

export interface JsTextResult {
  candidates: UriCandidate[];
  /** The parsed file, when it parsed: rules that look at the code around a URI read it. */
  sourceCode?: JsSourceCode;
  /** The discovery of the parsed file, which follows edits inside its literals and comments. */
  session?: JsDiscovery;
  /** Why the file did not parse, when it did not: its literals were read without a tree. */
  parseError?: string;
}

/**
 * The URI candidates of a JavaScript or TypeScript file given as text. A file
 * that parses is read as the ESLint plugin reads it (sinks, JSX attributes,
 * `+` chains); one that does not (while it is being typed) still has its
 * string literals, templates and comments read, each judged by its text.
 */
export function discoverJsText(text: string, options: JsTextOptions = {}): JsTextResult {
  let sourceCode: JsSourceCode | undefined;
  const parseOptions = { jsx: options.jsx ?? hasJsx(options.filePath), ...(options.filePath ? { filePath: options.filePath } : {}) };
  // Nested past what a parser survives (see nesting.ts): read without a tree, as a file that does not parse.
  if (jsNestsDeeper(text, MAX_JS_NESTING, parseOptions.jsx)) return { candidates: tolerantCandidates(text, options), parseError: 'the file nests too deep to parse' };
  let native = false;
  if ((options.reader ?? defaultReader) === 'native') {
    try {
      sourceCode = parseNative(text, parseOptions);
      native = true;
    } catch {
      // Rejected by oxc, or no native parser here: typescript-estree decides, as before.
    }
  }
  try {
    sourceCode ??= parseJs(text, parseOptions);
  } catch (error) {
    return { candidates: tolerantCandidates(text, options), parseError: error instanceof Error ? error.message : String(error) };
  }
  const session = new JsDiscovery(sourceCode, options);
  // A fragment is parsed as the file was: by the native reader when it read the file, else typescript-estree.
  session.parseFragment = (fragment) => (native ? parseNative(fragment, parseOptions) : parseJs(fragment, parseOptions));
  return { candidates: [...session.candidates], sourceCode, session };
}

const range = (start: number, end: number): [number, number] => [start, end];

/** A literal node as the parser would make it, enough for discovery: type, value and range. */
function literal(text: string, start: number, end: number): TSESTree.Node {
  return { type: 'Literal', value: text.slice(start + 1, end - 1), raw: text.slice(start, end), range: range(start, end) } as unknown as TSESTree.Node;
}

/** A template as the parser would make it: its quasis (with their delimiters) and the holes between them. */
function template(quasis: [number, number][], start: number, end: number): TSESTree.Node {
  const elements = quasis.map((quasi) => ({ type: 'TemplateElement', range: quasi }));
  const expressions = quasis.slice(0, -1).map((quasi, index) => ({ type: 'Identifier', name: 'x', range: range(quasi[1], quasis[index + 1]![0]) }));
  const node = { type: 'TemplateLiteral', quasis: elements, expressions, range: range(start, end) };
  for (const child of [...elements, ...expressions]) Object.assign(child, { parent: node });
  return node as unknown as TSESTree.Node;
}

/**
 * Reads the literals and comments of a file that does not parse with
 * TypeScript's scanner, which never fails: string literals, templates (their
 * `${…}` as holes) and comments.
 */
function tolerantCandidates(text: string, options: DiscoveryOptions): UriCandidate[] {
  const ts = typescript();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const nodes: TSESTree.Node[] = [];
  const comments: UriCandidate[] = [];
  /** Open templates: the quasis so far, the start of the template, and the brace depth its `${` opened at. */
  const templates: { quasis: [number, number][]; start: number; depth: number }[] = [];
  let depth = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const start = scanner.getTokenStart();
    const end = scanner.getTokenEnd();
    switch (token) {
      case ts.SyntaxKind.StringLiteral:
        if (end - start >= 2) nodes.push(literal(text, start, end));
        break;
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        nodes.push(template([range(start, end)], start, end));
        break;
      case ts.SyntaxKind.TemplateHead:
        templates.push({ quasis: [range(start, end)], start, depth });
        break;
      case ts.SyntaxKind.OpenBraceToken:
        depth++;
        break;
      case ts.SyntaxKind.CloseBraceToken: {
        const open = templates.at(-1);
        if (open !== undefined && open.depth === depth) {
          const next = scanner.reScanTemplateToken(false);
          const quasi = range(scanner.getTokenStart(), scanner.getTokenEnd());
          open.quasis.push(quasi);
          if (next === ts.SyntaxKind.TemplateTail) {
            templates.pop();
            nodes.push(template(open.quasis, open.start, quasi[1]));
          }
        } else if (depth > 0) {
          depth--;
        }
        break;
      }
      case ts.SyntaxKind.SingleLineCommentTrivia:
      case ts.SyntaxKind.MultiLineCommentTrivia:
        if (options.comments !== false) {
          const close = token === ts.SyntaxKind.MultiLineCommentTrivia && text.startsWith('*/', end - 2) ? 2 : 0;
          comments.push(...commentCandidates(text.slice(start + 2, end - close), start + 2));
        }
        break;
      default:
        break;
    }
  }
  return readWithoutParse([...literalCandidates(text, nodes, options.templates), ...comments]);
}
