/**
 * `urilint scan` reads Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell scripts and `.env` files (issue 31): the help lists them,
 * each grammar is loaded only for a run that holds its language, the planted problems are found at
 * their line and column, and `--fix` writes in the literal's own syntax.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wasmModulesLoaded } from '@urilint/discovery';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

const dir = mkdtempSync(join(tmpdir(), 'urilint-languages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PYTHON = 'import requests\n\nrequests.get(f"https://example.com/{user}/\\x41 b")\n';
const GO = 'package main\n\nimport "net/http"\n\nfunc main() { http.Get("https://example.com/a b") }\n';
const RUST = 'fn main() {\n    let _ = reqwest::get(format!("https://example.com/{}/\\u{41} b", q));\n}\n';
const JAVA = 'class App {\n    URI home = URI.create("http://[::1:8080/");\n    String page = String.format("https://example.com/%s/a b", q);\n}\n';
const KOTLIN = 'fun page(client: HttpClient, id: String) = client.get("https://example.com/${id}/\\u0041 b")\n';
const CSHARP = 'class App {\n    Task<string> Page(HttpClient client, string id) => client.GetStringAsync($@"https://example.com/{id}/C:\\x a b");\n}\n';
const RUBY = 'require "net/http"\n\nNet::HTTP.get(URI(format("https://example.com/%s/\\x41 b", q)))\n';
const PHP = '<a href="https://example.com/a b">a</a>\n<?php\n$page = file_get_contents(sprintf("https://example.com/%s/\\x41 c", $q));\n';
const SHELL = '#!/bin/sh\ncurl "https://example.com/?q=a b"\n';
const DOTENV = 'DATABASE_URL=postgres://user:p@ss@db/app\n';

interface Problem {
  file: string;
  line: number;
  column: number;
  code: string;
}

async function scan(...args: string[]): Promise<Problem[]> {
  return JSON.parse((await run(['scan', '--format', 'json', '--no-config', '--jobs', '1', ...args])).stdout) as Problem[];
}

describe('urilint scan and other languages', () => {
  it('scan --help lists Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell and .env files', async () => {
    const help = (await run(['scan', '--help'])).stdout;
    const listing = help.slice(help.indexOf('Files read in a directory'), help.indexOf('Template tags are holes'));
    for (const extension of ['.py', '.go', '.rs', '.java', '.kt', '.kts', '.cs', '.csx', '.rb', '.rake', '.gemspec', 'Gemfile', '.php', '.phtml', '.sh', '.bash', '.env', '.toml', 'Pipfile', '.ini', '.cfg', '.gitmodules', '.properties', 'Dockerfile', 'Dockerfile.*', '*.dockerfile', 'Makefile', 'GNUmakefile', '*.mk']) expect(listing).toContain(extension);
  });

  it('a run of Python files loads the Python grammar and no other; the problem is found past the f-string\'s hole and the escape', async () => {
    const project = join(dir, 'py');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'app.py'), PYTHON);
    const found = await scan(project);
    const line = PYTHON.split('\n')[2]!;
    expect(found.map((p) => [p.line, p.column, p.code])).toEqual([[3, line.indexOf(' b') + 1, 'path-unescaped-char']]);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python']);
  });

  it('Go, a shell script named by its #! line, and .env: each problem at its line and column', async () => {
    const project = join(dir, 'all');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'main.go'), GO);
    writeFileSync(join(project, 'deploy'), SHELL);
    writeFileSync(join(project, '.env'), DOTENV);
    const found = await scan(join(project, 'main.go'), join(project, 'deploy'), join(project, '.env'));
    const byFile = (name: string): [number, number, string][] => found.filter((p) => p.file.endsWith(name)).map((p) => [p.line, p.column, p.code]);
    expect(byFile('main.go')).toEqual([[5, GO.split('\n')[4]!.indexOf(' b') + 1, 'path-unescaped-char']]);
    expect(byFile('deploy')).toEqual([[2, SHELL.split('\n')[1]!.indexOf(' b') + 1, 'query-unescaped-char']]);
    expect(byFile('.env').map(([, , code]) => code).sort()).toEqual(['userinfo-password', 'userinfo-unescaped-char']);
    expect(wasmModulesLoaded()).toEqual(['web-tree-sitter', 'tree-sitter-python', 'tree-sitter-go', 'tree-sitter-bash']);
  });

  it('a directory walk reads an executable script without an extension by its #! line, and no other file without one', async () => {
    const project = join(dir, 'scripts');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'bin'));
    // bin/n, neofetch: a tool that is one executable script.
    writeFileSync(join(project, 'bin', 'tool'), SHELL);
    chmodSync(join(project, 'bin', 'tool'), 0o755);
    // The same text, not executable; and an executable that is no script of a language read.
    writeFileSync(join(project, 'bin', 'notes'), SHELL);
    chmodSync(join(project, 'bin', 'notes'), 0o644);
    writeFileSync(join(project, 'bin', 'awkward'), '#!/usr/bin/awk -f\n{ print "https://example.com/a b" }\n');
    chmodSync(join(project, 'bin', 'awkward'), 0o755);
    const found = await scan(project);
    expect(found.map((p) => [p.file.slice(project.length + 1), p.line, p.code])).toEqual([['bin/tool', 2, 'query-unescaped-char']]);
  });

  it('Rust: the problem is found past the format! placeholder and the escape, and --fix keeps both; the Rust grammar is loaded last', async () => {
    const project = join(dir, 'rs');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'main.rs'), RUST);
    const found = await scan(join(project, 'main.rs'));
    const line = RUST.split('\n')[1]!;
    expect(found.map((p) => [p.line, p.column, p.code])).toEqual([[2, line.indexOf(' b') + 1, 'path-unescaped-char']]);
    expect(wasmModulesLoaded().at(-1)).toBe('tree-sitter-rust');
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'main.rs'), 'utf8')).toBe(RUST.replace('\\u{41} b', '\\u{41}%20b'));
  });

  it('Java: the issue\'s URI.create("http://[::1:8080/") at its column, and --fix writes "%" as "%%" in a format string', async () => {
    const project = join(dir, 'java');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'App.java'), JAVA);
    // `recommended`: "http:" (scheme-insecure) is a `strict` finding.
    const found = await scan(project);
    const lines = JAVA.split('\n');
    expect(found.map((p) => [p.line, p.column, p.code]).sort()).toEqual(
      [
        [2, lines[1]!.indexOf('[') + 1, 'host-ip-literal-unterminated'],
        [3, lines[2]!.indexOf(' b') + 1, 'path-unescaped-char'],
      ].sort(),
    );
    expect(wasmModulesLoaded().at(-1)).toBe('tree-sitter-java');
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'App.java'), 'utf8')).toBe(JAVA.replace('a b', 'a%%20b'));
  });

  it('Ruby: the problem is found past the format conversion and the escape (line 3, column 54), a Gemfile is read while walking, and --fix writes "%" as "%%" in the format', async () => {
    const project = join(dir, 'rb');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'client.rb'), RUBY);
    writeFileSync(join(project, 'Gemfile'), 'source "https://rubygems.org/%zz"\n');
    const found = await scan(project);
    // `Net::HTTP.get(URI(format("` is 26 characters, the URL's 20 (27-46), `%s/` 3 (47-49), `\x41` 4 (50-53): the space is column 54.
    expect(found.map((p) => [p.file.replace(/^.*[\\/]/, ''), p.line, p.column, p.code]).sort()).toEqual([
      ['Gemfile', 1, 30, 'pct-invalid-triplet'],
      ['client.rb', 3, 54, 'path-unescaped-char'],
    ]);
    expect(wasmModulesLoaded().at(-1)).toBe('tree-sitter-ruby');
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'client.rb'), 'utf8')).toBe(RUBY.replace('\\x41 b', '\\x41%%20b'));
  });

  it('PHP: the HTML around the code and the code past the sprintf conversion and the escape (line 3, column 63), and --fix writes each in its syntax', async () => {
    const project = join(dir, 'php');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'index.php'), PHP);
    const found = await scan(project);
    // `<a href="` is 9 characters and "https://example.com/a" 21: the space is column 31. `$page = file_get_contents(sprintf("` is 35, the URL's 20 (36-55), `%s/` 3 (56-58), `\x41` 4 (59-62): the space is column 63.
    expect(found.map((p) => [p.line, p.column, p.code]).sort()).toEqual([
      [1, 31, 'path-unescaped-char'],
      [3, 63, 'path-unescaped-char'],
    ]);
    expect(wasmModulesLoaded().at(-1)).toBe('tree-sitter-php');
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'index.php'), 'utf8')).toBe(PHP.replace('a b', 'a%20b').replace('\\x41 c', '\\x41%%20c'));
  });

  it('Kotlin: the problem past the template\'s hole and the escape (line 1, column 88), and --fix writes "%20" in the literal', async () => {
    const project = join(dir, 'kotlin');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'App.kt'), KOTLIN);
    const found = await scan(project);
    // `fun page(client: HttpClient, id: String) = client.get("` is 55 characters, the URL's "https://example.com/" 20 (56-75),
    // `${id}` 5 (76-80), `/` 81, `\u0041` 6 (82-87, an "A"), then the space at 88.
    expect(found.map((p) => [p.line, p.column, p.code])).toEqual([[1, 88, 'path-unescaped-char']]);
    expect(wasmModulesLoaded().at(-1)).toBe('tree-sitter-kotlin');
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'App.kt'), 'utf8')).toBe(KOTLIN.replace('0041 b', '0041%20b'));
  });

  it('C#: the problems past the verbatim interpolated string\'s hole and its backslash (line 2, columns 108 and 110), and --fix writes "%20" in the literal', async () => {
    const project = join(dir, 'csharp');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'App.cs'), CSHARP);
    const found = await scan(project);
    // `    Task<string> Page(HttpClient client, string id) => client.GetStringAsync($@"` is 80 characters, the URL's "https://example.com/" 20 (81-100),
    // `{id}` 4 (101-104), `/C:` (105-107), then `\` (108, a backslash in a verbatim string), `x` 109, a space 110, `a` 111, a space 112.
    // The backslash, and the two spaces as one problem (a report joins repeats of one character).
    expect(found.map((p) => [p.line, p.column, p.code]).sort()).toEqual([
      [2, 108, 'path-unescaped-char'],
      [2, 110, 'path-unescaped-char'],
    ]);
    expect(wasmModulesLoaded().at(-1)).toBe('tree-sitter-c-sharp');
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'App.cs'), 'utf8')).toBe(CSHARP.replace('x a b', 'x%20a%20b'));
  });

  it('TOML, INI, properties files, Dockerfiles and Makefiles found while walking, extensionless names among them: each problem at its line and column, no WebAssembly module loaded for them, and --fix in each value\'s syntax', async () => {
    const project = join(dir, 'config');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'docker'));
    mkdirSync(join(project, 'src/main/resources'), { recursive: true });
    const files: Record<string, string> = {
      'Cargo.toml': '[package]\nhomepage = "https://example.com/\\u00e9 a"\n',
      'setup.cfg': '[metadata]\nurl = https://example.com/b c\n',
      '.gitmodules': '[submodule "lib"]\n\turl = https://example.com/%zz.git\n',
      'src/main/resources/application.properties': 'app.url=https\\://example.com/d\\ e\n',
      Dockerfile: 'FROM alpine\nRUN curl -fsSL "https://example.com/$VERSION f" \\\n    | sh\n',
      'docker/Dockerfile.prod': 'FROM alpine\nADD https://example.com/%yy /tmp/\n',
      'web.dockerfile': 'FROM alpine\nLABEL org.opencontainers.image.source="https://example.com/g h"\n',
      Makefile: 'URL = https://example.com/$(VERSION)/i j\n',
      GNUmakefile: 'all:\n\tcurl "https://example.com/$@/k l"\n',
      'rules.mk': '# https://example.com/%xx\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text);
    const before = wasmModulesLoaded();
    const found = await scan(project);
    expect(found.map((p) => [p.file.replace(/\\/g, '/').replace(/^.*\/config\//, ''), p.line, p.column, p.code]).sort()).toEqual(
      [
        // `homepage = "` is 12 characters, "https://example.com/" 20 (13-32), `\u00e9` 6 (33-38): the "é" at 33, the space at 39.
        ['Cargo.toml', 2, 33, 'iri-char'],
        ['Cargo.toml', 2, 39, 'path-unescaped-char'],
        ['setup.cfg', 2, 28, 'path-unescaped-char'],
        // A tab and `url = ` (7), "https://example.com/" (8-27): `%zz` at 28.
        ['.gitmodules', 2, 28, 'pct-invalid-triplet'],
        // `app.url=` 8, `https\://example.com/` 21 (9-29), `d` 30: the escaped space `\ ` at 31.
        ['src/main/resources/application.properties', 1, 31, 'path-unescaped-char'],
        // `RUN curl -fsSL "` 16, "https://example.com/" 20 (17-36), `$VERSION` 8 (37-44): the space at 45.
        ['Dockerfile', 2, 45, 'path-unescaped-char'],
        ['docker/Dockerfile.prod', 2, 25, 'pct-invalid-triplet'],
        // `LABEL org.opencontainers.image.source="` 39, "https://example.com/" 20 (40-59), `g` 60: the space at 61.
        ['web.dockerfile', 2, 61, 'path-unescaped-char'],
        // `URL = ` 6, "https://example.com/" 20 (7-26), `$(VERSION)` 10 (27-36), `/i` (37-38): the space at 39.
        ['Makefile', 1, 39, 'path-unescaped-char'],
        // A tab, `curl "` 6 (2-7), "https://example.com/" 20 (8-27), `$@/k` (28-31): the space at 32.
        ['GNUmakefile', 2, 32, 'path-unescaped-char'],
        ['rules.mk', 1, 23, 'pct-invalid-triplet'],
      ].sort(),
    );
    expect(wasmModulesLoaded()).toEqual(before);
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    const read = (name: string): string => readFileSync(join(project, name), 'utf8');
    expect(read('Cargo.toml')).toBe(files['Cargo.toml']!.replace('\\u00e9 a', '%C3%A9%20a'));
    expect(read('src/main/resources/application.properties')).toBe(files['src/main/resources/application.properties']!.replace('d\\ e', 'd%20e'));
    expect(read('Dockerfile')).toBe(files.Dockerfile!.replace('$VERSION f', '$VERSION%20f'));
    expect(read('GNUmakefile')).toBe(files.GNUmakefile!.replace('$@/k l', '$@/k%20l'));
  });

  it('--fix writes in the literal: the escape and the f-string\'s hole stay', async () => {
    const project = join(dir, 'fix');
    mkdirSync(join(project, '.git'), { recursive: true });
    writeFileSync(join(project, 'app.py'), PYTHON);
    await run(['scan', '--fix', '--no-config', '--jobs', '1', project]);
    expect(readFileSync(join(project, 'app.py'), 'utf8')).toBe(PYTHON.replace('\\x41 b', '\\x41%20b'));
  });
});
