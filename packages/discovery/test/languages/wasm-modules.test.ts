/**
 * No WebAssembly module is loaded for a language the run does not hold: the tree-sitter runtime and
 * a grammar are loaded when a file of their language is to be read, each once. Counted twice: by
 * the loader's own list (`wasmModulesLoaded`) and by the WebAssembly API itself (every module
 * compiled, whichever way web-tree-sitter compiles it), wrapped before anything is loaded. Each test
 * file runs in a fresh module graph, so nothing was loaded before this file's first test.
 */
import { afterAll, describe, expect, it } from 'vitest';

/** The parts of the WebAssembly API that compile a module (the test's tsconfig has no DOM types). */
interface WasmApi {
  instantiate(bytes: unknown, imports?: unknown): Promise<unknown>;
  compile(bytes: unknown): Promise<unknown>;
  Module: new (bytes: unknown) => object;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The size of each module compiled from bytes. */
const compiled: number[] = [];
const original = { instantiate: wasm.instantiate, compile: wasm.compile, Module: wasm.Module };
const count = (bytes: unknown): void => {
  if (!(bytes instanceof original.Module)) compiled.push(ArrayBuffer.isView(bytes) ? bytes.byteLength : bytes instanceof ArrayBuffer ? bytes.byteLength : -1);
};
wasm.instantiate = (bytes, imports) => {
  count(bytes);
  return original.instantiate.call(wasm, bytes, imports);
};
wasm.compile = (bytes) => {
  count(bytes);
  return original.compile.call(wasm, bytes);
};
wasm.Module = new Proxy(original.Module, {
  construct(target, args: [unknown]) {
    count(args[0]);
    return new target(...args);
  },
});
afterAll(() => Object.assign(wasm, original));

const { discoverDocument, loadGrammarsFor, wasmModulesLoaded } = await import('../../src/index.js');

describe('WebAssembly modules loaded', () => {
  it('none for files of kinds read without tree-sitter', async () => {
    await loadGrammarsFor(['markdown', 'json', 'yaml', 'dotenv', 'text', 'css']);
    discoverDocument('API_URL=https://example.com/a\n', 'dotenv');
    discoverDocument('# x\n\n<https://example.com/>\n', 'markdown');
    expect(wasmModulesLoaded()).toEqual([]);
    expect(compiled).toEqual([]);
  });

  it('none for TOML, INI, properties files, Dockerfiles and Makefiles, read line by line (a Dockerfile\'s RUN and a recipe as shell words, not on the shell grammar)', async () => {
    await loadGrammarsFor(['toml', 'ini', 'properties', 'dockerfile', 'makefile']);
    const read = [
      discoverDocument('homepage = "https://example.com/a b"\n', 'toml'),
      discoverDocument('[metadata]\nurl = https://example.com/a b\n', 'ini'),
      discoverDocument('app.url=https://example.com/a b\n', 'properties'),
      discoverDocument('FROM alpine\nRUN curl "https://example.com/a b"\n', 'dockerfile'),
      discoverDocument('all:\n\tcurl "https://example.com/a b"\n', 'makefile'),
    ];
    expect(read.map((found) => [found.parseError, found.candidates.map((candidate) => candidate.uri)])).toEqual(Array.from({ length: 5 }, () => [undefined, ['https://example.com/a b']]));
    expect(wasmModulesLoaded()).toEqual([]);
    expect(compiled).toEqual([]);
  });

  it('a file whose grammar is not loaded is read as text, loading nothing', () => {
    const found = discoverDocument('requests.get("https://example.com/a b")\n', 'python');
    expect(found.parseError).toBe('the python grammar is not loaded');
    expect(found.candidates.map((candidate) => candidate.uri)).toEqual(['https://example.com/a b']);
    expect(compiled).toEqual([]);
  });

  it('the runtime and the Python grammar for a run of Python files, and nothing for Go or shell', async () => {
    await loadGrammarsFor(['python', 'python', 'markdown']);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python']);
    expect(compiled).toHaveLength(2);
    const found = discoverDocument('requests.get("https://example.com/a b")\n', 'python');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['requests.get']);
  });

  it('each grammar once, however often it is asked for', async () => {
    await Promise.all([loadGrammarsFor(['go']), loadGrammarsFor(['go', 'python'])]);
    await loadGrammarsFor(['go']);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go']);
    expect(compiled).toHaveLength(3);
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-bash');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-rust');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-java');
  });

  it('reading a Python file loads no Rust grammar; a run with a .rs file loads it, once', async () => {
    discoverDocument('requests.get("https://example.com/a b")\n', 'python');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-rust');
    await Promise.all([loadGrammarsFor(['rust', 'python']), loadGrammarsFor(['rust'])]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-rust']);
    expect(compiled).toHaveLength(4);
    const found = discoverDocument('fn main() { reqwest::get("https://example.com/a b"); }\n', 'rust');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['reqwest::get']);
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-java');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-ruby');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-php');
  });

  it('a run with a .java file loads the Java grammar, once', async () => {
    await Promise.all([loadGrammarsFor(['java']), loadGrammarsFor(['java', 'rust'])]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-rust', 'tree-sitter-java']);
    expect(compiled).toHaveLength(5);
    const found = discoverDocument('class M { URI u = URI.create("http://[::1:8080/"); }\n', 'java');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['URI.create']);
  });

  it('a run with a .rb file loads the Ruby grammar, once, and a file of the languages before it none', async () => {
    discoverDocument('class M { URI u = URI.create("https://example.com/a"); }\n', 'java');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-ruby');
    await Promise.all([loadGrammarsFor(['ruby']), loadGrammarsFor(['ruby', 'java'])]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-rust', 'tree-sitter-java', 'tree-sitter-ruby']);
    expect(compiled).toHaveLength(6);
    const found = discoverDocument('Net::HTTP.get(URI("http://[::1:8080/"))\n', 'ruby');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['URI']);
  });

  it('a run with a .php file loads the PHP grammar, once; its HTML is read with no grammar of its own', async () => {
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-php');
    await Promise.all([loadGrammarsFor(['php', 'html']), loadGrammarsFor(['php'])]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-rust', 'tree-sitter-java', 'tree-sitter-ruby', 'tree-sitter-php']);
    expect(compiled).toHaveLength(7);
    const found = discoverDocument('<a href="https://example.com/a">a</a>\n<?php file_get_contents("http://[::1:8080/");\n', 'php');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['<a href>', 'file_get_contents']);
  });

  it('a run with a .cs file loads the C# grammar (tree-sitter-c_sharp.wasm), once; no run before it did', async () => {
    discoverDocument('class M { URI u = URI.create("https://example.com/a"); }\n', 'java');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-c-sharp');
    expect(compiled).toHaveLength(7);
    const unread = discoverDocument('class M { Uri u = new Uri("https://example.com/a b"); }\n', 'csharp');
    expect(unread.parseError).toBe('the csharp grammar is not loaded');
    await Promise.all([loadGrammarsFor(['csharp', 'java']), loadGrammarsFor(['csharp'])]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-rust', 'tree-sitter-java', 'tree-sitter-ruby', 'tree-sitter-php', 'tree-sitter-c-sharp']);
    expect(compiled).toHaveLength(8);
    const found = discoverDocument('class M { Uri u = new Uri("http://[::1:8080/"); }\n', 'csharp');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['new Uri']);
  });
  it('a run with a .kt file loads the Kotlin grammar (tree-sitter-kotlin.wasm), once; no run before it did', async () => {
    discoverDocument('class M { Uri u = new Uri("https://example.com/a"); }\n', 'csharp');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-kotlin');
    expect(compiled).toHaveLength(8);
    const unread = discoverDocument('val u = URI("https://example.com/a b")\n', 'kotlin');
    expect(unread.parseError).toBe('the kotlin grammar is not loaded');
    await Promise.all([loadGrammarsFor(['kotlin', 'java']), loadGrammarsFor(['kotlin'])]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-rust', 'tree-sitter-java', 'tree-sitter-ruby', 'tree-sitter-php', 'tree-sitter-c-sharp', 'tree-sitter-kotlin']);
    expect(compiled).toHaveLength(9);
    const found = discoverDocument('val u = URI.create("http://[::1:8080/")\n', 'kotlin');
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['URI.create']);
  });
});
