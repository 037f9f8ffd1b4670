/**
 * The parsers discovery's readers use, each loaded when a file of its kind is first read, so that
 * importing `@urilint/discovery` (and the ESLint plugin, `urilint` and the language server, which
 * import it) loads none of them: a JavaScript-only ESLint run never loads micromark or YAML, and
 * the command line checking one Markdown file never loads TypeScript. Node ≥ 20.19 `require`s ES
 * modules synchronously, so the readers stay synchronous. `test/lazy-readers.test.ts` checks which
 * modules a process loads.
 *
 * Every `require` here names its module literally: the VS Code extension's bundle (esbuild) takes
 * this file with `require` as its own (packages/vscode/scripts/build.mjs drops the line that defines
 * it), so the modules are bundled and, in the bundle too, evaluated on first use.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as CssTree from '@eslint/css-tree';
import type * as Momoa from '@humanwhocodes/momoa';
import type * as TsEslintParser from '@typescript-eslint/parser';
import type * as FromMarkdown from 'mdast-util-from-markdown';
import type * as MdastGfm from 'mdast-util-gfm';
import type * as MicromarkGfm from 'micromark-extension-gfm';
import type * as Ts from 'typescript';
import type * as Yaml from 'yaml';
import type * as Toml from 'smol-toml';
import type * as WebTreeSitter from 'web-tree-sitter';
import type * as Re2js from 're2js';
import type * as Ignore from 'ignore';
import { htmlParse, type HtmlParse, type HtmlParserModules } from './html-tree.js';
import type { SourceKind } from './document.js';

const require = createRequire(import.meta.url);

/** `load()` once, on the first call. */
function once<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

/**
 * oxc-parser: the native reader of JavaScript and TypeScript (`js/native.ts`). It throws where its
 * binding for this platform does not load (none prebuilt, or optional dependencies left out); the
 * VS Code extension's bundle has its WebAssembly build in its place.
 */
export const oxcParser = once(() => require('oxc-parser') as unknown);

/** RE2's linear-time engine (re2js), for the patterns a tree or a configuration writes (linear-regex.ts). */
export const re2js = once(() => (require('re2js') as typeof Re2js).RE2JS);

/** git's ignore rules (the `ignore` package), for the links into what a `.gitignore` leaves out (links/workspace.ts). */
export const gitignore = once((): typeof Ignore.default | undefined => require('ignore') as typeof Ignore.default);

/** TypeScript: its scanner reads a JavaScript file that does not parse, its parser a component's expressions. */
export const typescript = once(() => require('typescript') as typeof Ts);

/** typescript-eslint's parser (`parseForESLint`): the typescript-estree reader of JavaScript and TypeScript. */
export const typescriptEstree = once(() => require('@typescript-eslint/parser') as typeof TsEslintParser);

/** An edit of micromark's event list: at an index, how many events to remove and the events to add there. */
type Edit = [at: number, remove: number, add: unknown[]];

/**
 * micromark-util-edit-map 1.0.0's `EditMap.prototype.consume`, the same edits made in the same
 * order, with the events before the first edit left where they are. Its own copies every event of
 * the list on each call, and micromark's document tokenizer calls it on the whole document's
 * events each time a container closes (a block quote, a list item, a footnote definition, each
 * followed by a paragraph) or takes a lazy line: a document of such blocks took time quadratic in
 * their count (200,000 characters of `> quote` paragraphs: half a minute). Its edits there are at
 * the end of the list, so this one is linear in what follows the first.
 */
export function consumeFromFirstEdit(this: { map: Edit[]; index: Map<number, Edit> }, events: unknown[]): void {
  this.map.sort((a, b) => a[0] - b[0]);
  if (this.map.length === 0) return;
  const first = this.map[0]![0];
  const rest: unknown[] = [];
  let from = first;
  for (const [at, remove, add] of this.map) {
    for (let k = from; k < at; k++) rest.push(events[k]);
    for (const event of add) rest.push(event);
    from = at + remove;
  }
  for (let k = from; k < events.length; k++) rest.push(events[k]);
  events.length = first;
  for (const event of rest) events.push(event);
  this.map.length = 0;
  this.index.clear();
}

/** micromark-util-edit-map's `EditMap` with `consumeFromFirstEdit` for its `consume`. */
function linearEditMap(): void {
  const { EditMap } = require('micromark-util-edit-map') as { EditMap: { prototype: { consume: unknown } } };
  EditMap.prototype.consume = consumeFromFirstEdit;
}

/** micromark with GitHub Flavored Markdown, to mdast: the Markdown reader and the links index's headings. */
export const markdown = once(() => (linearEditMap(), {
  fromMarkdown: (require('mdast-util-from-markdown') as typeof FromMarkdown).fromMarkdown,
  /** micromark's parse steps (`parse`, `postprocess`, `preprocess`), which `fromMarkdown` runs before it compiles. */
  micromark: require('micromark') as unknown,
  /** One pass of micromark's postprocess: the Markdown reader runs them itself, to leave out text it need not read. */
  subtokenize: (require('micromark-util-subtokenize') as { subtokenize: unknown }).subtokenize,
  gfm: (require('micromark-extension-gfm') as typeof MicromarkGfm).gfm,
  gfmFromMarkdown: (require('mdast-util-gfm') as typeof MdastGfm).gfmFromMarkdown,
}));

/** yaml's parser and composer: the YAML reader. */
export const yaml = once(() => require('yaml') as typeof Yaml);

/** smol-toml: site generators' TOML configurations (`hugo.toml`, `book.toml`). */
export const toml = once(() => require('smol-toml') as typeof Toml);

/** css-tree (ESLint's fork, as `@eslint/css` parses): the CSS reader. */
export const cssTree = once(() => require('@eslint/css-tree') as typeof CssTree);

/**
 * es-html-parser (as html-eslint parses, the tree it builds): the HTML reader. Its tokenizer and tree
 * constructor are called as its `parse` calls them; only `parse`'s last step is done here without
 * recursion: its `clearParent` deletes each node's `parentRef` with one call per level of nesting,
 * so a document nested a few thousand elements deep overflowed the stack, at a depth that depended
 * on the machine's state. The modules are those of the exact version package.json pins.
 */
export const htmlParser = once((): HtmlParse =>
  htmlParse({
    ...(require('es-html-parser/dist/tokenizer') as Pick<HtmlParserModules, 'tokenize'>),
    ...(require('es-html-parser/dist/tree-constructor') as Pick<HtmlParserModules, 'constructTree'>),
    ...(require('es-html-parser/dist/token-adapter') as Pick<HtmlParserModules, 'defaultTokenAdapter'>),
  }),
);

/** Momoa (as `@eslint/json` parses): the JSON reader and the configuration file. */
export const momoa = once(() => require('@humanwhocodes/momoa') as typeof Momoa);

/**
 * Loads the parsers the reader of `kind` uses, for a host where modules load asynchronously (a
 * browser: see `parsers.browser.ts`). Under Node each parser is `require`d on first use, so there is
 * nothing to wait for.
 */
export async function loadParsers(_kind: SourceKind): Promise<void> {
  // Loaded on first use, synchronously.
}

/** web-tree-sitter: the runtime of the tree-sitter grammars (`languages/tree-sitter.ts` loads it and each grammar once). */
export const webTreeSitter = once(() => require('web-tree-sitter') as typeof WebTreeSitter);

/**
 * Where a WebAssembly file of web-tree-sitter or of a grammar is: in its npm package, or beside this
 * file (the VS Code extension's bundle copies them into its `dist`, where no package is installed).
 */
export function wasmFile(name: 'web-tree-sitter' | 'tree-sitter-python' | 'tree-sitter-go' | 'tree-sitter-rust' | 'tree-sitter-java' | 'tree-sitter-kotlin' | 'tree-sitter-c-sharp' | 'tree-sitter-ruby' | 'tree-sitter-php' | 'tree-sitter-bash'): string {
  try {
    switch (name) {
      case 'web-tree-sitter':
        return require.resolve('web-tree-sitter/tree-sitter.wasm');
      case 'tree-sitter-python':
        return require.resolve('tree-sitter-python/tree-sitter-python.wasm');
      case 'tree-sitter-go':
        return require.resolve('tree-sitter-go/tree-sitter-go.wasm');
      case 'tree-sitter-rust':
        return require.resolve('tree-sitter-rust/tree-sitter-rust.wasm');
      case 'tree-sitter-java':
        return require.resolve('tree-sitter-java/tree-sitter-java.wasm');
      case 'tree-sitter-kotlin':
        // The grammar's own build, published under the tree-sitter-grammars scope.
        return require.resolve('@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm');
      case 'tree-sitter-c-sharp':
        // The package's file is named for the grammar (`c_sharp`), not the package.
        return require.resolve('tree-sitter-c-sharp/tree-sitter-c_sharp.wasm');
      case 'tree-sitter-ruby':
        return require.resolve('tree-sitter-ruby/tree-sitter-ruby.wasm');
      case 'tree-sitter-php':
        // The `php` grammar, which reads the HTML around `<?php … ?>` as text (`php_only` reads code alone).
        return require.resolve('tree-sitter-php/tree-sitter-php.wasm');
      case 'tree-sitter-bash':
        return require.resolve('tree-sitter-bash/tree-sitter-bash.wasm');
    }
  } catch {
    // Not installed as a package: beside this file.
  }
  return join(dirname(fileURLToPath(import.meta.url)), `${name}.wasm`);
}
