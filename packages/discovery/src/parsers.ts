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
import type * as CssTree from '@eslint/css-tree';
import type * as Momoa from '@humanwhocodes/momoa';
import type * as TsEslintParser from '@typescript-eslint/parser';
import type * as HtmlParser from 'es-html-parser';
import type * as FromMarkdown from 'mdast-util-from-markdown';
import type * as MdastGfm from 'mdast-util-gfm';
import type * as MicromarkGfm from 'micromark-extension-gfm';
import type * as Ts from 'typescript';
import type * as Yaml from 'yaml';

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

/** TypeScript: its scanner reads a JavaScript file that does not parse, its parser a component's expressions. */
export const typescript = once(() => require('typescript') as typeof Ts);

/** typescript-eslint's parser (`parseForESLint`): the typescript-estree reader of JavaScript and TypeScript. */
export const typescriptEstree = once(() => require('@typescript-eslint/parser') as typeof TsEslintParser);

/** micromark with GitHub Flavored Markdown, to mdast: the Markdown reader and the links index's headings. */
export const markdown = once(() => ({
  fromMarkdown: (require('mdast-util-from-markdown') as typeof FromMarkdown).fromMarkdown,
  gfm: (require('micromark-extension-gfm') as typeof MicromarkGfm).gfm,
  gfmFromMarkdown: (require('mdast-util-gfm') as typeof MdastGfm).gfmFromMarkdown,
}));

/** yaml's parser and composer: the YAML reader. */
export const yaml = once(() => require('yaml') as typeof Yaml);

/** css-tree (ESLint's fork, as `@eslint/css` parses): the CSS reader. */
export const cssTree = once(() => require('@eslint/css-tree') as typeof CssTree);

/** es-html-parser (as html-eslint parses): the HTML reader. */
export const htmlParser = once(() => require('es-html-parser') as typeof HtmlParser);

/** Momoa (as `@eslint/json` parses): the JSON reader and the configuration file. */
export const momoa = once(() => require('@humanwhocodes/momoa') as typeof Momoa);
