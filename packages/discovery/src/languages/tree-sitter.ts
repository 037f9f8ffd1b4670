/**
 * The tree-sitter grammars of the languages discovery reads with them (Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell), each
 * the grammar's own WebAssembly build from its npm package, run by web-tree-sitter: no native build
 * step, the same files on every platform and in the VS Code extension's bundle.
 *
 * WebAssembly is compiled asynchronously, so a grammar is loaded before a file of its language is
 * read (`loadGrammars`, which `urilint scan` and the language server await for the kinds a run
 * holds); parsing is then synchronous, and the readers stay synchronous as every other reader is.
 * Nothing is loaded for a language no file of the run is written in: `wasmModulesLoaded` lists what
 * was, for the tests that count it.
 */
import type { Language, Parser as TsParser, Tree } from 'web-tree-sitter';
import { wasmFile, webTreeSitter } from '../parsers.js';

/** The grammars, by the name of the language they read. */
export type GrammarName = 'python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'ruby' | 'php' | 'bash';

const PACKAGES: Readonly<Record<GrammarName, 'tree-sitter-python' | 'tree-sitter-go' | 'tree-sitter-rust' | 'tree-sitter-java' | 'tree-sitter-kotlin' | 'tree-sitter-c-sharp' | 'tree-sitter-ruby' | 'tree-sitter-php' | 'tree-sitter-bash'>> = {
  python: 'tree-sitter-python',
  go: 'tree-sitter-go',
  rust: 'tree-sitter-rust',
  java: 'tree-sitter-java',
  kotlin: 'tree-sitter-kotlin',
  csharp: 'tree-sitter-c-sharp',
  ruby: 'tree-sitter-ruby',
  php: 'tree-sitter-php',
  bash: 'tree-sitter-bash',
};

/** The WebAssembly modules loaded by this process, in order: `web-tree-sitter` (the runtime), then each grammar's package. */
const loadedModules: string[] = [];

let runtime: Promise<void> | undefined;
const loading = new Map<GrammarName, Promise<void>>();
const parsers = new Map<GrammarName, TsParser>();
const failures = new Map<GrammarName, string>();

/** The WebAssembly modules this process has loaded for tree-sitter (see `loadedModules`). */
export function wasmModulesLoaded(): readonly string[] {
  return [...loadedModules];
}

function initRuntime(): Promise<void> {
  runtime ??= (async () => {
    const { Parser } = webTreeSitter();
    const file = wasmFile('web-tree-sitter');
    await Parser.init({ locateFile: () => file });
    loadedModules.push('web-tree-sitter');
  })();
  return runtime;
}

/**
 * Loads a grammar (and the runtime, the first time); resolves when a file of its language can be
 * parsed. Never rejects: a grammar that cannot load is remembered (`grammarFailure`), and files of
 * its language are read as text.
 */
export function loadGrammar(name: GrammarName): Promise<void> {
  let done = loading.get(name);
  if (done === undefined) {
    done = (async () => {
      try {
        await initRuntime();
        const { Language, Parser } = webTreeSitter();
        const language: Language = await Language.load(wasmFile(PACKAGES[name]));
        loadedModules.push(PACKAGES[name]);
        const parser = new Parser();
        parser.setLanguage(language);
        parsers.set(name, parser);
      } catch (error) {
        failures.set(name, error instanceof Error ? error.message : String(error));
      }
    })();
    loading.set(name, done);
  }
  return done;
}

/** Loads every grammar of `names` (see `loadGrammar`). */
export async function loadGrammars(names: Iterable<GrammarName>): Promise<void> {
  await Promise.all([...new Set(names)].map((name) => loadGrammar(name)));
}

/** Why a grammar could not be loaded, once its loading failed. */
export function grammarFailure(name: GrammarName): string | undefined {
  return failures.get(name);
}

/** Whether a grammar is loaded (files of its language can be parsed now). */
export function grammarLoaded(name: GrammarName): boolean {
  return parsers.has(name);
}

/**
 * The tree of `text` in a loaded grammar; undefined when the grammar is not loaded. Ranges of its
 * nodes are UTF-16 offsets into `text` (`startIndex`, `endIndex`), as every reader's are. The caller
 * deletes the tree when done (`tree.delete()`): it lives in the WebAssembly heap.
 */
export function parseWith(name: GrammarName, text: string): Tree | undefined {
  const parser = parsers.get(name);
  if (parser === undefined) return undefined;
  return parser.parse(text) ?? undefined;
}
