/**
 * `parsers.ts` in a browser build. A page cannot `require` a module synchronously, so each parser is
 * a module of its own, fetched by a dynamic `import()` (a chunk of the page's bundle) when
 * `loadParsers(kind)` is awaited for the first document of a kind that needs it; the readers, which
 * stay synchronous, then find it loaded. A reader whose parser is not loaded throws, and
 * `discoverDocument` reads its text as it reads a file that does not parse.
 *
 * oxc-parser's native binding and typescript-eslint's parser (which reads files and globs for its
 * project service) do not run in a page: JavaScript and TypeScript are read without a tree there
 * (string literals, templates and comments, by TypeScript's scanner).
 */
import type * as CssTree from '@eslint/css-tree';
import type * as Momoa from '@humanwhocodes/momoa';
import type * as TsEslintParser from '@typescript-eslint/parser';
import type * as HtmlParser from 'es-html-parser';
import type * as FromMarkdown from 'mdast-util-from-markdown';
import type * as MdastGfm from 'mdast-util-gfm';
import type * as MicromarkGfm from 'micromark-extension-gfm';
import type * as Ts from 'typescript';
import type * as Yaml from 'yaml';
import type * as Toml from 'smol-toml';
import type { RE2JS } from 're2js';
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

interface Parsers {
  re2js: typeof RE2JS;
  typescript: typeof Ts;
  markdown: Markdown;
  yaml: typeof Yaml;
  toml: typeof Toml;
  cssTree: typeof CssTree;
  htmlParser: HtmlParse;
  momoa: typeof Momoa;
}

type ParserName = keyof Parsers;

const loaded: Partial<Parsers> = {};

/** Each parser's loading: a dynamic import per module, named literally so that the bundler makes it a chunk. */
const LOADERS: { [Name in ParserName]: () => Promise<Parsers[Name]> } = {
  re2js: async () => (await import('re2js')).RE2JS,
  typescript: async () => {
    // A CommonJS module: its exports are the namespace's default.
    const module = (await import('typescript')) as unknown as { default?: typeof Ts };
    return module.default ?? (module as unknown as typeof Ts);
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
};

/** The parsers each reader calls (with those of the readers it hands parts of its text to). */
export const PARSERS_OF_KIND: Readonly<Record<SourceKind, readonly ParserName[]>> = {
  text: [],
  json: ['momoa'],
  yaml: ['yaml'],
  css: ['cssTree'],
  html: ['htmlParser', 'cssTree', 'markdown', 're2js'],
  markdown: ['markdown', 'yaml', 'htmlParser', 'cssTree', 're2js'],
  js: ['typescript'],
  vue: ['typescript', 'htmlParser', 'cssTree', 'markdown'],
  svelte: ['typescript', 'htmlParser', 'cssTree', 'markdown'],
  astro: ['typescript', 'htmlParser', 'cssTree', 'markdown'],
  angular: ['typescript', 'htmlParser', 'cssTree', 'markdown'],
  // Programs on tree-sitter grammars: not loaded in a page (see `webTreeSitter`); read as text there.
  python: [],
  go: [],
  rust: [],
  java: [],
  shell: [],
  dotenv: [],
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
export const typescriptEstree = (): typeof TsEslintParser => {
  throw new Error("typescript-eslint's parser does not run in a browser");
};
/** The tree-sitter grammars are not served to a page: Python, Go, Rust, Java and shell documents are read as text there. */
export const webTreeSitter = (): never => {
  throw new Error('the tree-sitter grammars are not loaded in a browser build');
};
export const wasmFile = (name: string): never => {
  throw new Error(`${name}.wasm is not served in a browser build`);
};
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
