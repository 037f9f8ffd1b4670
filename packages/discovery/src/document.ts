import { readWithoutParse, type UriCandidate } from './candidate.js';
import type { DiscoveryOptions, JsDiscovery } from './js/discover.js';
import type { JsSourceCode } from './js/source-code.js';
import { discoverCss } from './formats/css.js';
import { discoverHtml } from './formats/html.js';
import { discoverJson, type JsonMode } from './formats/json.js';
import { discoverMarkdown } from './formats/markdown.js';
import { discoverText } from './formats/text.js';
import { discoverYaml } from './formats/yaml.js';
import { discoverAngular, hasAngularSyntax } from './formats/angular.js';
import { discoverAstro } from './formats/astro.js';
import { discoverSvelte } from './formats/svelte.js';
import { discoverVue } from './formats/vue.js';
import { discoverJsText } from './js/text.js';
import { discoverDotenv } from './languages/dotenv.js';
import { discoverToml } from './languages/toml.js';
import { discoverIni } from './languages/ini.js';
import { discoverProperties } from './languages/properties.js';
import { discoverDockerfile } from './languages/dockerfile.js';
import { discoverMakefile } from './languages/makefile.js';
import type { ProgramUris } from './languages/common.js';
import { loadProgramReaders, programReader } from './languages/readers.js';
import { grammarFailure, loadGrammars, type GrammarName } from './languages/tree-sitter.js';
import { maskTemplates, serverProgramOf, templateSyntaxes } from './templates.js';

/** The kinds of source a reader exists for. */
export type SourceKind = 'js' | 'json' | 'markdown' | 'html' | 'css' | 'yaml' | 'text' | ComponentKind | ProgramKind | ConfigurationKind;

/** Configuration files read line by line, without a grammar (`languages/dotenv.ts`, `toml.ts`, `ini.ts`, `properties.ts`, `dockerfile.ts`, `makefile.ts`). */
export type ConfigurationKind = 'dotenv' | 'toml' | 'ini' | 'properties' | 'dockerfile' | 'makefile';

/** Programming languages read on a tree-sitter grammar (`languages/`): each grammar is loaded before its files are read (`loadGrammarsFor`). */
export type ProgramKind = 'python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'ruby' | 'php' | 'shell';

const PROGRAM_NAMES: Readonly<Record<ProgramKind, string>> = { python: 'Python', go: 'Go', rust: 'Rust', java: 'Java', kotlin: 'Kotlin', csharp: 'C#', ruby: 'Ruby', php: 'PHP', shell: 'a shell script' };

/** The grammar each program kind is read with. */
const GRAMMARS: Readonly<Record<ProgramKind, GrammarName>> = { python: 'python', go: 'go', rust: 'rust', java: 'java', kotlin: 'kotlin', csharp: 'csharp', ruby: 'ruby', php: 'php', shell: 'bash' };

/** The tree-sitter grammar a kind of source is read with, if any. */
export function grammarOf(kind: SourceKind): GrammarName | undefined {
  return Object.hasOwn(GRAMMARS, kind) ? GRAMMARS[kind as ProgramKind] : undefined;
}

/**
 * Loads the tree-sitter grammars the kinds need (none for a kind read without one): awaited before
 * files of those kinds are read, so that reading stays synchronous. Never rejects.
 */
export async function loadGrammarsFor(kinds: Iterable<SourceKind>): Promise<void> {
  const names = new Set<GrammarName>();
  const programs = new Set<ProgramKind>();
  for (const kind of kinds) {
    const grammar = grammarOf(kind);
    if (grammar === undefined) continue;
    names.add(grammar);
    programs.add(kind as ProgramKind);
  }
  // The readers' code too: in a browser build each comes in a chunk of its own (`languages/readers.browser.ts`).
  await Promise.all([loadGrammars(names), loadProgramReaders(programs)]);
}

/** Framework components: each read by its reader, which composes the HTML, JavaScript and CSS readers. */
export type ComponentKind = 'vue' | 'svelte' | 'astro' | 'angular';

const COMPONENT_KINDS: ReadonlySet<SourceKind> = new Set<SourceKind>(['vue', 'svelte', 'astro', 'angular']);

/** Programs: their strings hold template syntax as text, found by the reader in each string (as in JavaScript), never masked in the file. */
const PROGRAM_KINDS: ReadonlySet<SourceKind> = new Set<SourceKind>(['js', 'python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell']);

/** What was found in a document. */
export interface DocumentUris {
  candidates: UriCandidate[];
  /** JavaScript and TypeScript that parsed: the tree, for the rules that read the code around a URI. */
  sourceCode?: JsSourceCode;
  /** HTML: the document's `<base href>`, which its relative references resolve against. */
  base?: string;
  /** JavaScript and TypeScript that parsed: the discovery that follows edits inside literals and comments. */
  session?: JsDiscovery;
  /** Why the document did not parse, when it did not (what could be found was still read). */
  parseError?: string;
  /** How many URIs the document holds past the first `MAX_URIS_PER_DOCUMENT`: found, not checked. */
  unchecked?: number;
}

/**
 * The most URIs of one document that are checked: the first 100,000 its reader finds. A
 * 10 MiB file can hold a million (`<http://a` repeated), and each checked URI costs about a kilobyte
 * while its file is read; a sitemap holds at most 50,000. The rest is counted, and said.
 */
export const MAX_URIS_PER_DOCUMENT = 100_000;

export interface DocumentOptions extends DiscoveryOptions {
  /** The file's path or name: decides JSX for JavaScript and the JSON dialect. */
  filePath?: string;
  /** The JSON dialect, when the file's name does not say (`.jsonc`, `.json5`); default: JSON with comments allowed. */
  jsonMode?: JsonMode;
}

/** `.json5` is JSON5, `.json` is JSON (read leniently: comments and trailing commas, as in tsconfig.json), else JSONC. */
function jsonModeOf(options: DocumentOptions): JsonMode {
  if (options.jsonMode) return options.jsonMode;
  const path = options.filePath?.toLowerCase() ?? '';
  if (path.endsWith('.json5')) return 'json5';
  if (path.endsWith('.json')) return 'json';
  return 'jsonc';
}

/**
 * Template files, read as the markup they produce (HTML unless an inner extension names the format:
 * `page.md.njk` is Markdown, `values.yaml.tmpl` is YAML), with their tags as holes.
 */
const TEMPLATE_EXTENSIONS: ReadonlySet<string> = new Set(['njk', 'nunjucks', 'liquid', 'hbs', 'handlebars', 'mustache', 'jinja', 'jinja2', 'j2', 'erb', 'ejs', 'php', 'tmpl', 'gotmpl', 'gohtml', 'tpl', 'twig']);

const EXTENSIONS: Readonly<Record<string, SourceKind>> = {
  js: 'js', cjs: 'js', mjs: 'js', jsx: 'js', ts: 'js', cts: 'js', mts: 'js', tsx: 'js',
  json: 'json', jsonc: 'json', json5: 'json',
  md: 'markdown', markdown: 'markdown', mdx: 'markdown',
  html: 'html', htm: 'html', xhtml: 'html',
  css: 'css',
  yaml: 'yaml', yml: 'yaml',
  vue: 'vue', svelte: 'svelte', astro: 'astro',
  py: 'python', pyi: 'python', pyw: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  // C# and C# scripts (`dotnet script file.csx`, github.com/filipw/dotnet-script; Roslyn's scripting).
  // Kotlin and Kotlin scripts (`build.gradle.kts`).
  kt: 'kotlin',
  kts: 'kotlin',
  cs: 'csharp',
  csx: 'csharp',
  rb: 'ruby', rake: 'ruby', gemspec: 'ruby',
  sh: 'shell', bash: 'shell',
  env: 'dotenv',
  toml: 'toml',
  ini: 'ini', cfg: 'ini',
  properties: 'properties',
  dockerfile: 'dockerfile', containerfile: 'dockerfile',
  mk: 'makefile', mak: 'makefile',
};

/**
 * Files known by their whole name: Bundler's `Gemfile`, Rake's `Rakefile`, Pipenv's `Pipfile` (TOML),
 * Git's `.gitmodules` and `.gitconfig` (INI), `Dockerfile` and Podman's `Containerfile`, make's
 * `Makefile`, `makefile` and `GNUmakefile`.
 */
const NAMES: Readonly<Record<string, SourceKind>> = {
  gemfile: 'ruby', rakefile: 'ruby',
  pipfile: 'toml',
  '.gitmodules': 'ini', '.gitconfig': 'ini',
  dockerfile: 'dockerfile', containerfile: 'dockerfile',
  makefile: 'makefile', gnumakefile: 'makefile',
};

/**
 * `Dockerfile.prod`, `Containerfile.dev`: a Dockerfile by the start of its name; `Makefile.common`,
 * `Makefile.inc`, `Makefile.am`: a Makefile (included by another, or automake's). An extension that
 * names a kind of its own wins (cargo-make's `Makefile.toml` is TOML).
 */
const NAMED_BY_START: readonly [RegExp, SourceKind][] = [
  [/^(?:dockerfile|containerfile)\.[^/\\]+$/, 'dockerfile'],
  [/^(?:gnu)?makefile\.[^/\\]+$/, 'makefile'],
];

/** Environment files by name: `.env`, `.env.local`, `.env.production`, `.env.example`. */
const DOTENV_NAME = /^\.env(?:\.[^/\\]+)?$/;

/** A shell script's `#!` line (`#!/bin/sh`, `#!/usr/bin/env bash`), a Python, Ruby and PHP script's. */
const SHELL_SHEBANG = /^#![ \t]*\S*\/(?:env[ \t]+(?:-\S+[ \t]+)*)?(?:ba|da|k|a)?sh(?:[ \t]|\r?\n|$)/;
const PYTHON_SHEBANG = /^#![ \t]*\S*\/(?:env[ \t]+(?:-\S+[ \t]+)*)?python[0-9.]*(?:[ \t]|\r?\n|$)/;
const RUBY_SHEBANG = /^#![ \t]*\S*\/(?:env[ \t]+(?:-\S+[ \t]+)*)?ruby[0-9.]*(?:[ \t]|\r?\n|$)/;
const PHP_SHEBANG = /^#![ \t]*\S*\/(?:env[ \t]+(?:-\S+[ \t]+)*)?php[0-9.]*(?:[ \t]|\r?\n|$)/;

/**
 * The kind of a file whose name does not tell (`sourceKindOf` gives `text`) by its first line: a
 * shell, Python, Ruby or PHP script's `#!` line. Any other kind is kept.
 */
export function sourceKindOfText(kind: SourceKind, text: string): SourceKind {
  if (kind !== 'text' || !text.startsWith('#!')) return kind;
  if (SHELL_SHEBANG.test(text)) return 'shell';
  if (PYTHON_SHEBANG.test(text)) return 'python';
  if (RUBY_SHEBANG.test(text)) return 'ruby';
  if (PHP_SHEBANG.test(text)) return 'php';
  return kind;
}

/** The reader for a file name (by its extension); `text` for any other file. */
export function sourceKindOf(filePath: string): SourceKind {
  const name = /[^/\\]*$/.exec(filePath)![0].toLowerCase();
  if (DOTENV_NAME.test(name)) return 'dotenv';
  const named = Object.hasOwn(NAMES, name) ? NAMES[name] : undefined;
  if (named !== undefined) return named;
  for (const [start, kind] of NAMED_BY_START) if (start.test(name) && !Object.hasOwn(EXTENSIONS, name.slice(name.lastIndexOf('.') + 1))) return kind;
  // HAProxy's configuration is no INI file: it is read as text, its variables holes (`serverProgramOf`).
  if (name.endsWith('.cfg') && serverProgramOf(name) !== undefined) return 'text';
  const extensions = name.split('.').slice(1);
  const last = extensions.at(-1);
  // PHP: its code read on its grammar, the HTML around it by the HTML reader.
  if (last === 'php' || last === 'phtml') return 'php';
  if (last !== undefined && TEMPLATE_EXTENSIONS.has(last)) {
    const inner = extensions.at(-2);
    const kind = inner !== undefined && extensions.length >= 2 ? EXTENSIONS[inner] : undefined;
    // A template of JavaScript (`app.js.erb`) is read as text: its tags are not JavaScript.
    return kind === undefined ? 'html' : kind === 'js' ? 'text' : kind;
  }
  // An Angular component's template: `*.component.html` (other HTML is told by its syntax when read).
  if (last === 'html' && extensions.at(-2) === 'component') return 'angular';
  return (last !== undefined ? EXTENSIONS[last] : undefined) ?? 'text';
}

/** Whether a file name is a template file (`.njk`, `.liquid`, `page.md.erb`…), read with its tags as holes. */
export function isTemplateFile(filePath: string): boolean {
  const last = /\.([^./\\]+)$/.exec(filePath)?.[1]?.toLowerCase();
  return last !== undefined && TEMPLATE_EXTENSIONS.has(last);
}

/** Where the YAML front matter of a Markdown text ends (after its closing `---` or `...` line), or -1. */
function frontMatterEnd(text: string): number {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (open === null) return -1;
  const close = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(open[0].length);
  const match = close.exec(rest);
  return match === null ? -1 : open[0].length + match.index + match[0].length;
}

/** `text` with every character of `[from, to)` but line breaks turned into spaces: offsets and lines kept. */
function blank(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(from, to).replace(/[^\r\n]/g, ' ') + text.slice(to);
}

/**
 * A Markdown document, its YAML front matter (Jekyll, Hugo, Eleventy: `canonical_url: …`) read by
 * the YAML reader and the rest by the Markdown reader, each on the text with the other blanked.
 * The YAML reader is given the text up to the closing `---` line only, its first line blanked:
 * the blank lines the body would be are no YAML, and its lexer would read every one of them.
 */
function markdownWithFrontMatter(text: string, stops: string[]): UriCandidate[] {
  const end = frontMatterEnd(text);
  if (end < 0) return discoverMarkdown(text, stops);
  const openEnd = text.indexOf('\n') + 1;
  const closeStart = text.lastIndexOf('\n', end - 2) + 1;
  const yaml = blank(text.slice(0, closeStart), 0, openEnd);
  return [...discoverYaml(yaml, stops), ...discoverMarkdown(blank(text, 0, end), stops)];
}

/**
 * The URIs of a document of any kind, read by the reader of its kind. Never
 * throws: a document that does not parse yields what can still be found.
 */
export function discoverDocument(source: string, given: SourceKind, options: DocumentOptions = {}): DocumentUris {
  // HTML written with Angular's syntax is an Angular template.
  const kind = given === 'html' && hasAngularSyntax(source) ? 'angular' : sourceKindOfText(given, source);
  // Template tags masked, offsets kept: see templates.ts. JavaScript finds them in its strings itself; a component's reader masks its markup itself.
  const text = PROGRAM_KINDS.has(kind) || COMPONENT_KINDS.has(kind) ? source : maskTemplates(source, templateSyntaxes(options.templates), { yaml: kind === 'yaml', program: options.filePath === undefined ? undefined : serverProgramOf(options.filePath) }).text;
  const found = read(text, kind, options);
  if (found.candidates.length > MAX_URIS_PER_DOCUMENT) {
    found.unchecked = found.candidates.length - MAX_URIS_PER_DOCUMENT;
    found.candidates.length = MAX_URIS_PER_DOCUMENT;
  }
  for (const candidate of found.candidates) candidate.source = source;
  return found;
}

function read(text: string, kind: SourceKind, options: DocumentOptions): DocumentUris {
  // Why a reader gave up before the end, when one did: the text is searched then too.
  const stops: string[] = [];
  const stopped = (candidates: UriCandidate[]): DocumentUris => (stops.length > 0 ? withTextFallback(text, candidates, stops[0]!) : { candidates });
  try {
    switch (kind) {
      case 'js':
        return discoverJsText(text, options);
      case 'json':
        return { candidates: discoverJson(text, jsonModeOf(options)) };
      case 'markdown':
        return stopped(markdownWithFrontMatter(text, stops));
      case 'html': {
        const found = discoverHtml(text);
        // Read as far as the parser could, then the text as a file that does not parse.
        if (found.stopped !== undefined) return withTextFallback(text, found.candidates, found.stopped, found.base);
        return found.base === undefined ? { candidates: found.candidates } : { candidates: found.candidates, base: found.base };
      }
      case 'css':
        return stopped(discoverCss(text, stops));
      case 'yaml':
        return stopped(discoverYaml(text, stops));
      case 'text':
        return { candidates: discoverText(text) };
      case 'vue':
        return discoverVue(text, options);
      case 'svelte':
        return discoverSvelte(text, options);
      case 'astro':
        return discoverAstro(text, options);
      case 'angular':
        return discoverAngular(text, options);
      case 'python':
      case 'go':
      case 'rust':
      case 'java':
      case 'kotlin':
      case 'csharp':
      case 'ruby':
      case 'shell':
        return programUris(text, kind, programReader(kind)?.(text, options));
      case 'php':
        return phpUris(text, options);
      case 'dotenv':
        return { candidates: discoverDotenv(text) };
      case 'toml':
        return { candidates: discoverToml(text) };
      case 'ini':
        return { candidates: discoverIni(text) };
      case 'properties':
        return { candidates: discoverProperties(text) };
      case 'dockerfile':
        return { candidates: discoverDockerfile(text) };
      case 'makefile':
        return { candidates: discoverMakefile(text) };
    }
  } catch (error) {
    // A reader that throws loses no URI: the text is searched as for a file that does not parse.
    return withTextFallback(text, [], `the ${kind} reader stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** What a program's reader found; undefined when its grammar is not loaded: then its text is read as prose. */
function programUris(text: string, kind: ProgramKind, found: ProgramUris | undefined): DocumentUris {
  // A file with syntax errors: what the tree held, none fixed automatically, and the text around it as prose.
  if (found?.hasError === true) return withTextFallback(text, readWithoutParse(found.candidates), `the file does not parse as ${PROGRAM_NAMES[kind]}`);
  if (found !== undefined) return { candidates: found.candidates };
  const grammar = GRAMMARS[kind];
  const failure = grammarFailure(grammar);
  return withTextFallback(text, [], failure === undefined ? `the ${grammar} grammar is not loaded` : `the ${grammar} grammar could not be loaded: ${failure}`);
}

/**
 * A PHP file: the HTML around its `<?php … ?>` read by the HTML reader with the PHP masked (as a
 * template's tags are, whatever `templates` says), the PHP code on its grammar. Without the grammar,
 * or where the code has syntax errors, the code is searched as prose.
 */
/** Whether `text` holds anything but blanks outside `tags` (in document order, not overlapping). */
function hasTextOutside(text: string, tags: readonly { start: number; end: number }[]): boolean {
  let at = 0;
  for (const tag of tags) {
    if (/\S/.test(text.slice(at, tag.start))) return true;
    at = Math.max(at, tag.end);
  }
  return /\S/.test(text.slice(at));
}

function phpUris(text: string, options: DocumentOptions): DocumentUris {
  // A Blade view (`.blade.php`): its directives and `@php` blocks are template tags too.
  const blade = options.filePath !== undefined && /\.blade\.php$/i.test(options.filePath);
  const masked = maskTemplates(text, new Set([...templateSyntaxes(options.templates), 'php']), { blade });
  // A file that is PHP code alone (`<?php` to the end) has no markup outside its tags: the HTML reader is not run on its masked code.
  const markup: DocumentUris = hasTextOutside(text, masked.tags) ? read(masked.text, 'html', options) : { candidates: [] };
  const code = programReader('php')?.(text, options);
  const reason = code === undefined ? (grammarFailure('php') === undefined ? 'the php grammar is not loaded' : `the php grammar could not be loaded: ${grammarFailure('php')!}`) : code.hasError ? 'the file does not parse as PHP' : markup.parseError;
  const candidates = [...markup.candidates, ...(code === undefined ? [] : code.hasError ? readWithoutParse(code.candidates) : code.candidates)].sort((x, y) => x.range[0] - y.range[0]);
  const found = reason === undefined ? { candidates } : reason === markup.parseError ? { candidates, parseError: reason } : withTextFallback(text, candidates, reason);
  return markup.base === undefined ? found : { ...found, base: markup.base };
}

/**
 * What a reader that stopped early found, and the URIs of the text that it did not reach, read
 * as prose (`discoverText`): never fewer URIs than the text fallback finds. The document counts as
 * read without a full parse.
 */
export function withTextFallback(text: string, found: readonly UriCandidate[], reason: string, base?: string): DocumentUris {
  const covered = found.map((candidate) => candidate.range);
  let fallback: UriCandidate[] = [];
  try {
    fallback = readWithoutParse(discoverText(text).filter((candidate) => !covered.some(([a, b]) => candidate.range[0] < b && a < candidate.range[1])));
  } catch {
    // The text reader never throws; should it, what the reader found stands.
  }
  const uris: DocumentUris = { candidates: [...found, ...fallback].sort((x, y) => x.range[0] - y.range[0]), parseError: reason };
  if (base !== undefined) uris.base = base;
  return uris;
}
