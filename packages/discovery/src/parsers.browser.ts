/**
 * `parsers.ts` in a browser build. A page cannot `require` a module synchronously, so each parser is
 * a module of its own, fetched by a dynamic `import()` (a chunk of the page's bundle) when
 * `loadParsers(kind)` is awaited for the first document of a kind that needs it; the readers, which
 * stay synchronous, then find it loaded. A reader whose parser is not loaded throws, and
 * `discoverDocument` reads its text as it reads a file that does not parse.
 *
 * oxc-parser's native binding does not run in a page, nor does typescript-eslint's parser as a whole
 * (its settings read the process's directory and the file system for a project): JavaScript and
 * TypeScript are parsed in a page by the steps `parseForESLint` takes for a file without a project
 * (`typescriptEstreeParser`), each from typescript-eslint's own packages, so that a page reads them
 * with a tree, as `urilint scan` does. The programs' tree-sitter grammars are WebAssembly files the
 * page fetches: web-tree-sitter is loaded here, each grammar by `loadGrammarsFor` (which the page
 * awaits with `loadParsers`), from the address `wasmFile` gives.
 */
import type * as CssTree from '@eslint/css-tree';
import type * as Momoa from '@humanwhocodes/momoa';
import type * as TsEslintParser from '@typescript-eslint/parser';
import type * as ScopeManager from '@typescript-eslint/scope-manager';
import type * as TsEstree from '@typescript-eslint/typescript-estree/use-at-your-own-risk';
import type * as VisitorKeys from '@typescript-eslint/visitor-keys';
import type * as HtmlParser from 'es-html-parser';
import type * as FromMarkdown from 'mdast-util-from-markdown';
import type * as MdastGfm from 'mdast-util-gfm';
import type * as MicromarkGfm from 'micromark-extension-gfm';
import type * as Ts from 'typescript';
import type * as Yaml from 'yaml';
import type * as Toml from 'smol-toml';
import type * as WebTreeSitter from 'web-tree-sitter';
import type { RE2JS } from 're2js';
// The WebAssembly of web-tree-sitter and of each grammar: files of the site (their addresses here,
// each file fetched only when its language's first document is read: see `wasmFile`).
import webTreeSitterWasm from 'web-tree-sitter/tree-sitter.wasm?url';
import pythonWasm from 'tree-sitter-python/tree-sitter-python.wasm?url';
import goWasm from 'tree-sitter-go/tree-sitter-go.wasm?url';
import rustWasm from 'tree-sitter-rust/tree-sitter-rust.wasm?url';
import javaWasm from 'tree-sitter-java/tree-sitter-java.wasm?url';
import kotlinWasm from '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm?url';
import csharpWasm from 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm?url';
import rubyWasm from 'tree-sitter-ruby/tree-sitter-ruby.wasm?url';
import phpWasm from 'tree-sitter-php/tree-sitter-php.wasm?url';
import bashWasm from 'tree-sitter-bash/tree-sitter-bash.wasm?url';
import type { SourceKind } from './document.js';
import { htmlParse, type HtmlParserModules } from './html-tree.js';

interface Markdown {
  fromMarkdown: typeof FromMarkdown.fromMarkdown;
  micromark: unknown;
  subtokenize: unknown;
  gfm: typeof MicromarkGfm.gfm;
  gfmFromMarkdown: typeof MdastGfm.gfmFromMarkdown;
}

interface HtmlParse {
  parse(html: string): { ast: HtmlParser.DocumentNode };
}

/** typescript-eslint's parser's `parseForESLint`, as discovery calls it (`js/source-code.ts`). */
type ParseForESLint = typeof TsEslintParser.parseForESLint;

interface Parsers {
  re2js: typeof RE2JS;
  typescript: typeof Ts;
  typescriptEstree: { parseForESLint: ParseForESLint };
  webTreeSitter: typeof WebTreeSitter;
  markdown: Markdown;
  yaml: typeof Yaml;
  toml: typeof Toml;
  cssTree: typeof CssTree;
  htmlParser: HtmlParse;
  momoa: typeof Momoa;
}

type ParserName = keyof Parsers;

async function loadTypescript(): Promise<typeof Ts> {
  // A CommonJS module: its exports are the namespace's default.
  const module = (await import('typescript')) as unknown as { default?: typeof Ts };
  return module.default ?? (module as unknown as typeof Ts);
}

/**
 * `parseForESLint` of @typescript-eslint/parser 8.72 for a file without a project, step by step as
 * it and typescript-estree's `parseAndGenerateServices` take them, with the same packages:
 * TypeScript's `createSourceFile` (the file named `estree.tsx` or `estree.ts` as the parser names a
 * file without a name, with its script kind, every module indicator set for a module), typescript-
 * estree's `astConverter` (ranges, locations and comments, no tokens: discovery reads none), the
 * program's `sourceType`, and scope-manager's `analyze` with the options the parser gives it. Left
 * out: the settings that read the process's directory and the file system (the page has neither).
 */
export function typescriptEstreeParser(ts: typeof Ts, estree: typeof TsEstree, scope: typeof ScopeManager, keys: typeof VisitorKeys): ParseForESLint {
  return ((code: string, options?: TsEslintParser.ParserOptions) => {
    const sourceType = options?.sourceType === 'module' ? 'module' : 'script';
    const jsx = options?.ecmaFeatures?.jsx === true;
    const sourceFile = ts.createSourceFile(
      jsx ? 'estree.tsx' : 'estree.ts',
      code,
      {
        languageVersion: ts.ScriptTarget.Latest,
        jsDocParsingMode: ts.JSDocParsingMode.ParseAll,
        setExternalModuleIndicator:
          sourceType === 'module'
            ? (file: Ts.SourceFile) => {
                (file as { externalModuleIndicator?: unknown }).externalModuleIndicator = true;
              }
            : undefined,
      },
      true,
      jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const settings = { allowInvalidAST: false, errorOnUnknownASTType: false, suppressDeprecatedPropertyWarnings: true, range: true, loc: true, comment: true, comments: [], tokens: null, codeFullText: code };
    const { estree: ast } = estree.astConverter(sourceFile, settings as unknown as Parameters<typeof estree.astConverter>[1], true);
    ast.sourceType = sourceType;
    const scopeManager = scope.analyze(ast, { globalReturn: options?.ecmaFeatures?.globalReturn, jsxFragmentName: options?.jsxFragmentName, jsxPragma: options?.jsxPragma, lib: options?.lib, sourceType });
    return { ast, scopeManager, services: {}, visitorKeys: keys.visitorKeys };
  }) as unknown as ParseForESLint;
}

const loaded: Partial<Parsers> = {};

/** Each parser's loading: a dynamic import per module, named literally so that the bundler makes it a chunk. */
const LOADERS: { [Name in ParserName]: () => Promise<Parsers[Name]> } = {
  re2js: async () => (await import('re2js')).RE2JS,
  typescript: loadTypescript,
  typescriptEstree: async () => {
    const [ts, estree, scope, keys] = await Promise.all([
      loadTypescript(),
      import('@typescript-eslint/typescript-estree/use-at-your-own-risk'),
      import('@typescript-eslint/scope-manager'),
      import('@typescript-eslint/visitor-keys'),
    ]);
    return { parseForESLint: typescriptEstreeParser(ts, estree, scope, keys) };
  },
  markdown: async () => {
    const [fromMarkdown, micromark, subtokenize, gfm, gfmFromMarkdown] = await Promise.all([
      import('mdast-util-from-markdown'),
      import('micromark'),
      import('micromark-util-subtokenize'),
      import('micromark-extension-gfm'),
      import('mdast-util-gfm'),
    ]);
    return { fromMarkdown: fromMarkdown.fromMarkdown, micromark, subtokenize: subtokenize.subtokenize, gfm: gfm.gfm, gfmFromMarkdown: gfmFromMarkdown.gfmFromMarkdown };
  },
  yaml: () => import('yaml'),
  toml: () => import('smol-toml'),
  cssTree: () => import('@eslint/css-tree'),
  htmlParser: async () => {
    // The modules of the exact version package.json pins (their types are not exported).
    const [{ tokenize }, { constructTree }, { defaultTokenAdapter }] = (await Promise.all([
      // @ts-expect-error -- a module of the package without its own declaration
      import('es-html-parser/dist/tokenizer'),
      // @ts-expect-error -- a module of the package without its own declaration
      import('es-html-parser/dist/tree-constructor'),
      // @ts-expect-error -- a module of the package without its own declaration
      import('es-html-parser/dist/token-adapter'),
    ])) as unknown as [Pick<HtmlParserModules, 'tokenize'>, Pick<HtmlParserModules, 'constructTree'>, Pick<HtmlParserModules, 'defaultTokenAdapter'>];
    return htmlParse({ tokenize, constructTree, defaultTokenAdapter });
  },
  momoa: () => import('@humanwhocodes/momoa'),
  webTreeSitter: () => import('web-tree-sitter'),
};

/** The parsers each reader calls (with those of the readers it hands parts of its text to). */
export const PARSERS_OF_KIND: Readonly<Record<SourceKind, readonly ParserName[]>> = {
  text: [],
  json: ['momoa'],
  yaml: ['yaml'],
  css: ['cssTree'],
  html: ['htmlParser', 'cssTree', 'markdown', 're2js'],
  markdown: ['markdown', 'yaml', 'htmlParser', 'cssTree', 're2js'],
  js: ['typescript', 'typescriptEstree'],
  vue: ['typescript', 'typescriptEstree', 'htmlParser', 'cssTree', 'markdown'],
  svelte: ['typescript', 'typescriptEstree', 'htmlParser', 'cssTree', 'markdown'],
  astro: ['typescript', 'typescriptEstree', 'htmlParser', 'cssTree', 'markdown'],
  angular: ['typescript', 'typescriptEstree', 'htmlParser', 'cssTree', 'markdown'],
  // Programs on tree-sitter grammars: the runtime here, each grammar by `loadGrammarsFor` (languages/tree-sitter.ts).
  python: ['webTreeSitter'],
  go: ['webTreeSitter'],
  rust: ['webTreeSitter'],
  java: ['webTreeSitter'],
  kotlin: ['webTreeSitter'],
  csharp: ['webTreeSitter'],
  ruby: ['webTreeSitter'],
  // PHP's text around `<?php … ?>` is HTML, read by the HTML reader.
  php: ['webTreeSitter', 'htmlParser', 'cssTree', 'markdown', 're2js'],
  shell: ['webTreeSitter'],
  dotenv: [],
  toml: [],
  ini: [],
  properties: [],
  dockerfile: [],
  makefile: [],
};

const loading = new Map<ParserName, Promise<void>>();

function load(name: ParserName): Promise<void> {
  let promise = loading.get(name);
  if (promise === undefined) {
    promise = (LOADERS[name] as () => Promise<unknown>)().then((module) => {
      (loaded as Record<ParserName, unknown>)[name] = module;
    });
    loading.set(name, promise);
  }
  return promise;
}

/** Loads the parsers of `kind`'s reader; reading a document of that kind afterwards is synchronous. */
export async function loadParsers(kind: SourceKind): Promise<void> {
  await Promise.all(PARSERS_OF_KIND[kind].map(load));
}

function get<Name extends ParserName>(name: Name): () => Parsers[Name] {
  return () => {
    const parser = loaded[name];
    if (parser === undefined) throw new Error(`the ${name} parser is not loaded (await loadParsers first)`);
    return parser;
  };
}

export const oxcParser = (): unknown => {
  throw new Error('oxc-parser has no build for this page');
};
/** typescript-eslint's parser, as far as discovery calls it: `parseForESLint` (see `typescriptEstreeParser`). */
export const typescriptEstree = get('typescriptEstree') as unknown as () => typeof TsEslintParser;
/** web-tree-sitter, the runtime of the grammars: loaded with the readers of programs (`loadParsers`). */
export const webTreeSitter = get('webTreeSitter');

const WASM_FILES = {
  'web-tree-sitter': webTreeSitterWasm,
  'tree-sitter-python': pythonWasm,
  'tree-sitter-go': goWasm,
  'tree-sitter-rust': rustWasm,
  'tree-sitter-java': javaWasm,
  'tree-sitter-kotlin': kotlinWasm,
  'tree-sitter-c-sharp': csharpWasm,
  'tree-sitter-ruby': rubyWasm,
  'tree-sitter-php': phpWasm,
  'tree-sitter-bash': bashWasm,
} as const;

/**
 * The address of a WebAssembly file of web-tree-sitter or of a grammar: a file of the site, which
 * web-tree-sitter fetches when `loadGrammar` loads it (the runtime with the first grammar).
 */
export function wasmFile(name: keyof typeof WASM_FILES): string {
  return WASM_FILES[name];
}
export const typescript = get('typescript');
export const markdown = get('markdown');
export const yaml = get('yaml');
export const toml = get('toml');
export const cssTree = get('cssTree');
export const htmlParser = get('htmlParser');
export const momoa = get('momoa');

/** git's ignore rules: no `.gitignore` is read in a browser (a page has no repository), so nothing is left out. */
export const gitignore = (): undefined => undefined;

/** RE2's linear-time engine (re2js), loaded with the readers whose documents may name patterns (a site's heading-id syntax): Markdown and HTML. */
export const re2js = get('re2js');
