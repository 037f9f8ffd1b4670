/**
 * Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell scripts and `.env` files in the editor (issue 31): the grammar is loaded ahead
 * of the analysis (`prepareDocument`), the diagnostic is at the exact characters, and the quick-fix
 * writes in the literal's own syntax. A plain-text document whose `#!` line names a shell is read as one.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { wasmModulesLoaded } from '@urilint/discovery';
import { createLanguageService, prepareDocument } from '../../src/service/index.js';
import { documentOf, settingsWith } from '../support/documents.js';

const service = createLanguageService();

/** The diagnostics' codes and the text each covers. */
async function diagnostics(document: TextDocument): Promise<[string, string][]> {
  await prepareDocument(document);
  return service.provideDiagnostics(document, settingsWith()).map((d) => [String(d.code), document.getText({ start: d.range.start, end: d.range.end })]);
}

describe('programs in the editor', () => {
  it('loads only the grammar the document needs', async () => {
    const { document } = documentOf('requests.get(f"https://example.com/{user}/\\x41 b")\n', 'python');
    expect(await diagnostics(document)).toEqual([['path-unescaped-char', ' ']]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python']);
  });

  it('Go: past an escape of an interpreted string', async () => {
    const { document } = documentOf('package main\n\nfunc main() { http.Get("https://example.com/\\x41 b") }\n', 'go');
    expect(await diagnostics(document)).toEqual([['path-unescaped-char', ' ']]);
  });

  it('Rust: past a format! placeholder and an escape; the Rust grammar loaded for it alone', async () => {
    const { document } = documentOf('fn main() { reqwest::get(format!("https://example.com/{}/\\x41 b", q)); }\n', 'rust');
    expect(await diagnostics(document)).toEqual([['path-unescaped-char', ' ']]);
    expect(wasmModulesLoaded()).toContain('tree-sitter-rust');
    expect(wasmModulesLoaded()).not.toContain('tree-sitter-bash');
  });

  it('Java: the issue\'s URI.create("http://[::1:8080/"), and a text block\'s line past its indentation', async () => {
    const { document } = documentOf('class A {\n  URI u = URI.create("http://[::1:8080/");\n  String docsUrl = """\n      https://example.com/a b""";\n}\n', 'java');
    expect((await diagnostics(document)).sort()).toEqual([['host-ip-literal-unterminated', '[::1:8080'], ['path-unescaped-char', ' ']]);
    expect(wasmModulesLoaded()).toContain('tree-sitter-java');
  });

  it('Kotlin: past an escape and a template\'s hole, in a raw string, as the `kotlin` language of VS Code\'s Kotlin extension and of Neovim', async () => {
    const text = 'val u = URI("https://example.com/$id/\\u0041 b")\nval docs = """https://example.com/%zz"""\n';
    const { document } = documentOf(text, 'kotlin');
    expect((await diagnostics(document)).sort()).toEqual([['path-unescaped-char', ' '], ['pct-invalid-triplet', '%zz']]);
    expect(wasmModulesLoaded()).toContain('tree-sitter-kotlin');
  });

  it('C#: past an escape and an interpolation\'s hole, in a multi-line raw string past its indentation, as VS Code\'s `csharp` and Neovim\'s `cs`', async () => {
    const text = 'class A {\n  Uri u = new Uri($"https://example.com/{id}/\\x41 b");\n  string docs = """\n      https://example.com/%zz\n      """;\n}\n';
    for (const language of ['csharp', 'cs']) {
      const { document } = documentOf(text, language);
      expect((await diagnostics(document)).sort()).toEqual([['path-unescaped-char', ' '], ['pct-invalid-triplet', '%zz']]);
    }
    expect(wasmModulesLoaded()).toContain('tree-sitter-c-sharp');
  });

  it('Ruby: past an interpolation and an escape, and in a squiggly heredoc past its indentation', async () => {
    const { document } = documentOf('redirect_to "https://example.com/#{id}/\\x41 b"\nbody = <<~EOS\n  Docs: https://example.com/%zz\nEOS\n', 'ruby');
    expect((await diagnostics(document)).sort()).toEqual([['path-unescaped-char', ' '], ['pct-invalid-triplet', '%zz']]);
    expect(wasmModulesLoaded()).toContain('tree-sitter-ruby');
  });

  it('PHP: the code past an interpolation and an escape, and the HTML around it', async () => {
    const { document } = documentOf('<a href="https://example.com/a b">a</a>\n<?php\n$page = file_get_contents("https://example.com/{$id}/\\x41 c");\n', 'php');
    expect((await diagnostics(document)).sort()).toEqual([['path-unescaped-char', ' '], ['path-unescaped-char', ' ']]);
    expect(wasmModulesLoaded()).toContain('tree-sitter-php');
  });

  it('shell: an escaped space of an unquoted word is reported as the two characters that write it', async () => {
    const { document } = documentOf('curl https://example.com/a\\ b\n', 'shellscript');
    expect(await diagnostics(document)).toEqual([['path-unescaped-char', '\\ ']]);
  });

  it('a plain-text document with a shell #! line is a shell script', async () => {
    const document = TextDocument.create('file:///work/project/bin/deploy', 'plaintext', 1, '#!/usr/bin/env bash\ncurl "https://example.com/?q=a b"\n');
    expect(await diagnostics(document)).toEqual([['query-unescaped-char', ' ']]);
  });

  it('.env: a password with an "@"', async () => {
    const document = TextDocument.create('file:///work/project/.env', 'plaintext', 1, 'DATABASE_URL=postgres://user:p@ss@db/app\n');
    expect((await diagnostics(document)).map(([code]) => code).sort()).toEqual(['userinfo-password', 'userinfo-unescaped-char']);
  });

  it('TOML, INI, properties files, Dockerfiles and Makefiles, by VS Code\'s language ids and Neovim\'s filetypes, past escapes and holes, loading no WebAssembly module', async () => {
    const before = wasmModulesLoaded();
    const cases: [uri: string, languageId: string, text: string][] = [
      ['Cargo.toml', 'toml', 'homepage = "https://example.com/\\u0041 b"\n'],
      ['tox.ini', 'ini', '[testenv]\nurl = https://example.com/%(x)s b\n'],
      ['a/setup.cfg', 'dosini', '[metadata]\nurl = https://example.com/c d\n'],
      // VS Code gives `.cfg` files its `properties` id: read as INI.
      ['b/setup.cfg', 'properties', '[metadata]\nurl = https://example.com/e f\n'],
      ['app.properties', 'properties', 'app.url=https\\://example.com/g\\ h\n'],
      ['b/app.properties', 'jproperties', 'app.url=https://example.com/i\\u0020j\n'],
      ['Dockerfile', 'dockerfile', 'FROM alpine\nRUN curl "https://example.com/$V k"\n'],
      ['Makefile', 'makefile', 'all:\n\tcurl "https://example.com/$(V) l"\n'],
      ['b/Makefile', 'make', 'URL = https://example.com/$@ m\n'],
      // Plain text by its extension: VS Code has no TOML language of its own.
      ['pyproject.toml', 'plaintext', "[project]\nurls = { homepage = 'https://example.com/n o' }\n"],
    ];
    for (const [name, languageId, text] of cases) {
      const document = TextDocument.create(`file:///work/project/${name}`, languageId, 1, text);
      const found = await diagnostics(document);
      expect(found, `${name} as ${languageId}`).toEqual([['path-unescaped-char', /\\u0020/.test(text) ? '\\u0020' : /\\ /.test(text) ? '\\ ' : ' ']]);
    }
    // A `.conf` file VS Code names `properties` is neither a properties nor an INI file: not read.
    const conf = TextDocument.create('file:///work/project/nginx/site.conf', 'properties', 1, 'return 301 https://example.com/p q;\n');
    expect(await diagnostics(conf)).toEqual([]);
    expect(wasmModulesLoaded()).toEqual(before);
  });
});
