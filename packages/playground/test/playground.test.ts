// The playground, built with Vite and loaded in headless Chromium (Debian's `chromium`, driven by
// playwright-core: no browser is downloaded): its bundle holds no Node built-in and stays within its
// size, and in the page a URI and a snippet are typed, their spans, problems and diagnostics read, a
// fix applied, the findings compared with `urilint scan`'s for the same text, and a shared link
// opened again. PLAYGROUND_SCREENSHOTS=1 writes docs/uri-view.png and docs/code-view.png.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UNREACHED, isNodeBuiltin } from '../browser-modules.js';
import { INITIAL } from '../src/state.js';
import { buildSite, ROOT, serve, type Built } from './site.js';

/** Debian's package installs it here; CHROMIUM_PATH names another. */
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CLI = path.join(ROOT, '../cli/dist/bin.js');
/** The size the page's first load and one reader may reach, gzip-compressed (issue 34). */
const BUDGET = 150 * 1024;
/** How long a wait in the page may take (the default 30 s is short on a loaded machine running the whole suite). */
const WAIT = 80_000;

let site: Built;
let origin: string;
let server: Server;
let browser: Browser;
/** Every request the pages made. */
const requests: string[] = [];

beforeAll(async () => {
  site = await buildSite();
  ({ origin, server } = await serve(site.dir));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

async function open(url: string, width = 1000): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  // The machine running the suite may be loaded: waits in the page get time enough.
  page.setDefaultTimeout(WAIT);
  page.on('request', (request) => requests.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('html[data-ready=true]');
  expect(errors).toEqual([]);
  return page;
}

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;

describe('the browser bundle', () => {
  it('holds no Node built-in: only modules of dependencies that name some on a path a page never takes (BROWSER_UNREACHED) get empty modules for them', () => {
    const ids = site.chunks.flatMap((chunk) => chunk.moduleIds.map((id) => ({ chunk: chunk.fileName, id })));
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter(({ id }) => isNodeBuiltin(id))).toEqual([]);
    // Empty modules in place of built-ins: ours (browser-modules.ts) and those TypeScript's package.json maps to `false` for browsers.
    const stubs = ids.filter(({ id }) => id.startsWith('\0urilint-unavailable:') || id.includes('__vite-browser-external'));
    expect(stubs.length).toBeGreaterThan(0);
    const unreached = Object.keys(BROWSER_UNREACHED);
    // Each empty module is in a chunk of such a module, or in a chunk of its own that one of those imports (a dynamic `import('module')`).
    const listed = site.chunks.filter((c) => c.moduleIds.some((id) => unreached.some((module) => id.endsWith(module))));
    for (const { chunk } of stubs) expect(listed.some((c) => c.fileName === chunk || c.imports.includes(chunk) || c.dynamicImports.includes(chunk)), chunk).toBe(true);
    // discovery's Node modules are replaced by their .browser.ts.
    for (const name of ['parsers', 'host', 'memory', 'config/node-fs', 'links/node-fs']) expect(ids.some(({ id }) => id.endsWith(`discovery/src/${name}.ts`)), name).toBe(false);
    for (const name of ['parsers', 'host']) expect(ids.some(({ id }) => id.endsWith(`discovery/src/${name}.browser.ts`)), name).toBe(true);
  });

  it('loads core, discovery and the JSON reader within 150 kB gzip; the other readers (the programs\' each in a chunk of its own), the grammars and the editor come on demand', () => {
    const entry = site.chunks.find((chunk) => chunk.isEntry)!;
    const byName = new Map(site.chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (names: readonly string[]): Set<string> => {
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const imported of byName.get(name)!.imports) visit(imported);
      };
      names.forEach(visit);
      return seen;
    };
    const first = closure([entry.fileName]);
    const holding = (fragment: string) => site.chunks.filter((chunk) => chunk.moduleIds.some((id) => id.includes(fragment))).map((c) => c.fileName);
    // The first load: core and discovery, no parser and no editor.
    expect(holding('core/src/parse.ts').every((name) => first.has(name))).toBe(true);
    expect(holding('discovery/src/document.ts').every((name) => first.has(name))).toBe(true);
    for (const lazy of ['@humanwhocodes/momoa', 'micromark', 'yaml/browser/dist', 'es-html-parser', 'css-tree', 'typescript/lib/typescript.js', '@typescript-eslint/typescript-estree', '@typescript-eslint/scope-manager', 'web-tree-sitter/tree-sitter.js', '@codemirror/view', ...['python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell'].map((language) => `discovery/src/languages/${language}.ts`)]) {
      const chunks = holding(lazy);
      expect(chunks.length, lazy).toBeGreaterThan(0);
      for (const name of chunks) expect(first.has(name), `${lazy} in ${name}`).toBe(false);
    }
    const css = site.assets.filter((asset) => asset.fileName.endsWith('.css')).reduce((sum, asset) => sum + gzip(String(asset.source)), 0);
    const sizeOf = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + gzip(byName.get(name)!.code), 0);
    /** The gzip size of the one WebAssembly file of the build named `name-<hash>.wasm`. */
    const wasm = (name: string): number => {
      const files = site.assets.filter((asset) => new RegExp(`^assets/${name}-[\\w-]{8}\\.wasm$`).test(asset.fileName));
      expect(files.map((asset) => asset.fileName), name).toHaveLength(1);
      return gzipSync(files[0]!.source, { level: 9 }).length;
    };
    const json = closure(holding('@humanwhocodes/momoa'));
    const withJson = new Set([...first, ...json]);
    const figures = {
      first: sizeOf(first) + css,
      withJson: sizeOf(withJson) + css,
      markdown: sizeOf([...closure(holding('micromark/'))].filter((name) => !first.has(name))),
      editor: sizeOf([...closure(holding('@codemirror/view'))].filter((name) => !first.has(name))),
      typescript: sizeOf(holding('typescript/lib/typescript.js')),
      // typescript-estree's converter and scope-manager, with TypeScript: the tree of JavaScript and TypeScript.
      estree: sizeOf([...closure(holding('@typescript-eslint/scope-manager'))].filter((name) => !first.has(name) && !holding('typescript/lib/typescript.js').includes(name))),
      // web-tree-sitter (its JavaScript and its WebAssembly), with the first program; then each grammar's WebAssembly.
      treeSitter: sizeOf([...closure(holding('web-tree-sitter/tree-sitter.js'))].filter((name) => !first.has(name))) + wasm('tree-sitter'),
      python: wasm('tree-sitter-python'),
      go: wasm('tree-sitter-go'),
      rust: wasm('tree-sitter-rust'),
      java: wasm('tree-sitter-java'),
      kotlin: wasm('tree-sitter-kotlin'),
      // Its file is named for the grammar (c_sharp), not the package.
      csharp: wasm('tree-sitter-c_sharp'),
      ruby: wasm('tree-sitter-ruby'),
      php: wasm('tree-sitter-php'),
      bash: wasm('tree-sitter-bash'),
    };
    console.log(`playground bundle, gzip: ${JSON.stringify(figures)}`);
    expect(figures.withJson).toBeLessThanOrEqual(BUDGET);
  });
});

interface Found {
  line: number;
  column: number;
  code: string;
  message: string;
}

/**
 * What `urilint scan --format json` reports for `text` in a file named `file` (no configuration: the
 * recommended preset): its findings, and how many of them have a fix (its summary's "N problems
 * fixable with --fix", on standard error).
 */
function scan(file: string, text: string): { findings: Found[]; fixable: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'urilint-playground-scan-'));
  writeFileSync(path.join(dir, file), text);
  const result = spawnSync(process.execPath, [CLI, 'scan', '--format', 'json', file], { cwd: dir, encoding: 'utf8' });
  const findings = (JSON.parse(result.stdout) as { line: number; column: number; code?: string; rule: string; message: string }[]).map((f) => ({ line: f.line, column: f.column, code: f.code ?? f.rule, message: f.message }));
  const fixable = /(\d+) problems? fixable with --fix/.exec(result.stderr);
  return { findings, fixable: fixable === null ? 0 : Number(fixable[1]) };
}

async function pageFindings(page: Page): Promise<Found[]> {
  return page.$$eval('#findings li.finding', (items) =>
    items.map((item) => ({ line: Number(item.getAttribute('data-line')), column: Number(item.getAttribute('data-column')), code: item.getAttribute('data-code')!, message: item.querySelector('.message')!.textContent! })),
  );
}

/** The editor's text, line by line. */
const editorText = (page: Page) => page.$$eval('.cm-line', (lines) => lines.map((line) => line.textContent).join('\n'));

/** Replaces the editor's text by typing it, as a person would (select all, then type). */
async function typeCode(page: Page, text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Waits until the findings list is of `text` read as `file`, and returns their number. */
async function settled(page: Page, file: string, text: string): Promise<number> {
  await page.waitForFunction(
    ([f, length]) => {
      const list = document.querySelector('#findings');
      return list?.getAttribute('data-file') === f && list.getAttribute('data-length') === String(length) && document.querySelectorAll('.cm-lintRange').length >= Math.min(Number(list.getAttribute('data-count')), 1);
    },
    [file, text.length] as const,
  );
  return Number(await page.getAttribute('#findings', 'data-count'));
}

describe('the playground in Chromium', () => {
  it('draws a typed URI as coloured components, the password masked, underlines its problems and applies a fix', { timeout: 180_000 }, async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM}: install Debian's chromium`).toBe(true);
    const page = await open(`${origin}/`);
    await page.fill('#uri', '');
    await page.locator('#uri').pressSequentially('https://ann:s3cret@exa mple.org:8443/a/b c?x=1&y#frag');
    const spans = await page.$$eval('[data-testid=uri-spans] [data-component]', (items) => items.map((item) => [item.getAttribute('data-component'), item.textContent]));
    expect(spans).toEqual([
      ['scheme', 'https'],
      ['user', 'ann'],
      ['password', '••••••'],
      ['host', 'exa'],
      ['host', ' '],
      ['host', 'mple.org'],
      ['port', '8443'],
      ['path-segment', 'a'],
      ['path-segment', 'b'],
      ['path-segment', ' '],
      ['path-segment', 'c'],
      ['query-name', 'x'],
      ['query-value', '1'],
      ['query-name', 'y'],
      ['fragment', 'frag'],
    ]);
    // The password appears nowhere in the page.
    expect(await page.locator('#uri-result').innerText()).not.toContain('s3cret');
    const codes = await page.$$eval('[data-testid=problems] > li', (items) => items.map((item) => item.getAttribute('data-code')));
    expect(codes).toEqual(expect.arrayContaining(['userinfo-password', 'host-unescaped-char', 'path-unescaped-char']));
    // Each problem is underlined at its characters: the spaces.
    const underlined = await page.$$eval('[data-testid=uri-spans] .problem.error', (items) => items.map((item) => item.textContent));
    expect(underlined).toEqual([' ', ' ']);
    const problem = page.locator('[data-testid=problems] > li[data-code=path-unescaped-char]');
    expect(await problem.innerText()).toContain('RFC 3986 §3.3');
    // The URL Standard's reading beside RFC 3986's: its host parser fails on a space in a domain, though Chromium's own URL keeps it.
    expect(await page.locator('[data-testid=whatwg-failure]').innerText()).toBe("A browser's URL rejects it: Invalid URL");
    // The fix, applied by keyboard: focus the button and press Enter.
    await problem.locator('button.apply').focus();
    const typed = await page.evaluate(() => location.hash);
    await page.keyboard.press('Enter');
    expect(await page.inputValue('#uri')).toBe('https://ann:s3cret@exa mple.org:8443/a/b%20c?x=1&y#frag');
    // The shared link reproduces the state, once the fragment (compressed, written after the fix) says it.
    await page.waitForFunction((before) => location.hash.startsWith('#s=') && location.hash !== before, typed);
    const link = page.url();
    const again = await open(link);
    expect(await again.inputValue('#uri')).toBe('https://ann:s3cret@exa mple.org:8443/a/b%20c?x=1&y#frag');
    expect(await again.locator('[data-testid=uri-spans]').innerText()).toBe(await page.locator('[data-testid=uri-spans]').innerText());
    await page.fill('#base', 'http://example.com/x/y');
    await page.fill('#uri', '../z?q#f');
    expect(await page.locator('[data-testid=resolved]').innerText()).toBe('http://example.com/z?q#f');
    await page.fill('#uri', 'HTTP://Example.COM:80/%7ea/./b');
    expect(await page.locator('[data-testid=normalized]').innerText()).toBe('http://example.com/~a/b');
    // A host the two read differently: the URL Standard reads the IPv4 address 0x7f.1 as 127.0.0.1, its row marked.
    await page.fill('#base', '');
    await page.fill('#uri', 'http://0x7f.1/a');
    expect(await page.locator('[data-testid=whatwg-href]').innerText()).toBe('http://127.0.0.1/a');
    expect(await page.locator('[data-testid=readings] tr.differs').first().getAttribute('data-component')).toBe('host');
    if (process.env['PLAYGROUND_SCREENSHOTS']) {
      await page.fill('#base', 'http://example.com/docs/guide/');
      await page.fill('#uri', 'http://user:hunter2@0x7f.1:8080/a b/%zz?q=1&token=s3cret#top');
      await page.screenshot({ path: path.join(ROOT, 'docs/uri-view.png'), fullPage: true });
    }
    await page.close();
    await again.close();
  });

  it('shows the findings of a typed snippet as editor diagnostics, equal to `urilint scan`\'s for each language, and applies a quick-fix on click', { timeout: 180_000 }, async () => {
    const page = await open(`${origin}/`);
    await page.click('#tab-code');
    // Each language's snippet, with the problems it plants in its own syntax and their number.
    const snippets: [string, string, number][] = [
      // A key's value with a space in its path; a query with "%zz".
      ['snippet.json', '{\n  "homepage": "https://example.com/docs/a b.html",\n  "bugs": "https://example.com/issues?q=%zz"\n}\n', 2],
      // A comment's URL with "%zz"; a value with a space, before a trailing comma.
      ['snippet.jsonc', '{\n  // The site: https://example.com/%zz\n  "homepage": "https://example.com/a b", // a trailing comma next\n}\n', 2],
      // An unquoted key's single-quoted value with a space; an IP literal without its "]".
      ['snippet.json5', "{\n  homepage: 'https://example.com/a b',\n  bugs: \"http://[::1/issues\",\n}\n", 2],
      ['snippet.md', '# Links\n\nSee <https://example.com/%zz> and [x](http://[::1/).\n', 2],
      ['snippet.html', '<a href="https://example.com/a b">x</a>\n<img src="http://[1:2:3:4:5:6:7:8:9]/i.png">\n<div style="background: url(https://example.com/%zz.png)"></div>\n', 3],
      ['snippet.css', '.a { background: url("https://example.com/a b.png"); }\n@import "http://example.com/%zz.css";\n', 2],
      ['snippet.yaml', 'homepage: https://example.com/a b\nrepo: "git+https://exa mple.com/x.git"\n', 2],
      ['snippet.txt', 'Docs at https://example.com/%zz and http://exa mple.com/.\n', 1],
      // A template literal with a `${…}` hole: a space in its path and "%zz" in its query (2); a
      // relative reference known as a URL only by its sink, `fetch` (1).
      ['snippet.js', 'const id = 7;\nfetch(`https://example.com/a b/${id}?q=%zz`);\nfetch(\'/api/a b\');\n', 3],
      // Typed code: a string with "%zz" (1), a template whose IP literal has no "]" (1), a relative
      // reference known by its sink, `new URL` (1).
      [
        'snippet.ts',
        "const base: string = 'https://example.com/%zz';\nexport async function get(id: number): Promise<Response> {\n  return fetch(`http://[::1/items/${id}`);\n}\nexport const guide = new URL('docs/a b', 'https://example.com/');\n",
        3,
      ],
      // JSX attributes: a string with a space (1), an expression's template with "%zz" (1), a relative
      // `href` with a space (1).
      [
        'snippet.jsx',
        'export const Nav = ({ page }) => (\n  <nav>\n    <a href="https://example.com/a b">Docs</a>\n    <a href={`https://example.com/${page}?q=%zz`}>Page</a>\n    <a href="/guide/a b">Guide</a>\n  </nav>\n);\n',
        3,
      ],
      // A typed component: a JSX `src` template with a space after its hole (1), a typed string with "%zz" (1).
      [
        'snippet.tsx',
        'type Props = { slug: string };\nexport function Card({ slug }: Props) {\n  return <img src={`https://cdn.example.com/${slug} x.png`} alt="" />;\n}\nconst home: string = "http://example.com/%zz";\n',
        2,
      ],
      // A static `href` with a space (1), a `:href` binding's template with "%zz" (1), a relative
      // reference in the script known by its sink (1).
      [
        'snippet.vue',
        '<template>\n  <a href="https://example.com/a b">Docs</a>\n  <a :href="`https://example.com/${slug}?q=%zz`">Page</a>\n</template>\n<script setup>\nconst slug = \'x\';\nfetch(\'/api/a b\');\n</script>\n',
        3,
      ],
      // An attribute with a `{slug}` hole and a space (1), a `{…}` attribute's template whose IP literal has no "]" (1).
      ['snippet.svelte', "<script>\n  let slug = 'x';\n</script>\n<a href=\"https://example.com/{slug}/a b\">Page</a>\n<img src={`http://[::1/${slug}.png`} alt=\"\" />\n", 2],
      // The front matter's string with "%zz" (1), a `{…}` attribute's template with a space (1), a static `href` with "%zz" (1).
      [
        'snippet.astro',
        "---\nconst api = 'https://example.com/%zz';\nconst slug = 'x';\n---\n<a href={`https://example.com/${slug} page`}>Page</a>\n<link rel=\"canonical\" href=\"http://example.com/%zz\" />\n",
        3,
      ],
      // A `[href]` binding's string with a space (1), an `{{ }}` interpolation in a URL followed by "%zz" (1).
      ['snippet.component.html', '<a [href]="\'https://example.com/a b\'">Docs</a>\n<a href="https://example.com/{{ slug }}?q=%zz">Page</a>\n', 2],
      // A `{{ }}` tag inside a URL, then a space (1); an IP literal without its "]" before a tag (1).
      ['snippet.njk', '<a href="https://example.com/{{ page.slug }}/a b">Page</a>\n<img src="http://[::1/{{ image }}.png">\n', 2],
      // Programs on tree-sitter grammars. An f-string's `{user}` hole, then a space (1); an IP literal without its "]" (1).
      ['snippet.py', 'import requests\n\nuser = "ann"\nrequests.get(f"https://example.com/users/{user}/a b")\nDOCS = "http://[::1/docs"\n', 2],
      // A raw string with a space (1); an interpreted string with "%zz" (1).
      ['snippet.go', 'package main\n\nimport "net/http"\n\nfunc main() {\n\thttp.Get(`https://example.com/a b`)\n\t_ = "http://example.com/%zz"\n}\n', 2],
      // A `format!` string's `{id}` hole, then a space (1); an IP literal without its "]" (1).
      ['snippet.rs', 'fn main() {\n    let id = 7;\n    let url = format!("https://example.com/items/{id}/a b");\n    let docs = "http://[::1/docs";\n}\n', 2],
      // A text block's URL with "%zz" (1); a string with a space (1).
      ['Snippet.java', 'class Snippet {\n    String api = """\n        https://example.com/api?q=%zz\n        """;\n    String docs = "http://example.com/a b";\n}\n', 2],
      // A `$slug` template, then a space (1); a raw string whose IP literal has no "]" (1).
      ['Snippet.kt', 'import java.net.URI\n\nval slug = "x"\nval page = URI("https://example.com/$slug/a b")\nval docs = """http://[::1/docs"""\n', 2],
      // An interpolated string's `{slug}` hole, then a space (1); a verbatim string whose IP literal has no "]" (1).
      ['Snippet.cs', 'class Snippet {\n    static string slug = "x";\n    Uri page = new Uri($"https://example.com/{slug}/a b");\n    string docs = @"http://[::1/docs";\n}\n', 2],
      // A `#{slug}` interpolation in a URL, then a space (1); a single-quoted string whose IP literal has no "]" (1).
      ['snippet.rb', 'require "net/http"\n\nslug = "x"\nNet::HTTP.get(URI("https://example.com/#{slug}/a b"))\nDOCS = \'http://[::1/docs\'\n', 2],
      // A `{$slug}` interpolation in a URL, then a space (1); a single-quoted string whose IP literal has no "]" (1).
      ['snippet.php', '<?php\n$slug = "x";\n$page = file_get_contents("https://example.com/{$slug}/a b");\n$docs = \'http://[::1/docs\';\n', 2],
      // A `$VERSION` expansion in a URL, then a space (1); an unquoted word whose IP literal has no "]" (1).
      ['snippet.sh', '#!/bin/sh\ncurl "https://example.com/$VERSION/a b"\nwget http://[::1/file\n', 2],
      // A value with a space (1); a quoted value with "%zz" (1).
      ['.env', 'API_URL=https://example.com/a b\nDOCS_URL="http://example.com/%zz"\n', 2],
    ];
    // Every language of the picker has its snippet.
    expect(await page.$$eval('#language option', (options) => options.map((option) => (option as HTMLOptionElement).value).sort())).toEqual(snippets.map(([file]) => file).sort());
    // Each grammar's WebAssembly is fetched when its language is first picked, web-tree-sitter's with the first.
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    const fetched = (name: string) => seen.some((url) => new RegExp(`/assets/${name}-[\\w-]{8}\\.wasm$`).test(url));
    const GRAMMARS: Record<string, string> = { 'snippet.py': 'tree-sitter-python', 'snippet.go': 'tree-sitter-go', 'snippet.rs': 'tree-sitter-rust', 'Snippet.java': 'tree-sitter-java', 'Snippet.kt': 'tree-sitter-kotlin', 'Snippet.cs': 'tree-sitter-c_sharp', 'snippet.rb': 'tree-sitter-ruby', 'snippet.php': 'tree-sitter-php', 'snippet.sh': 'tree-sitter-bash' };
    for (const [file, text, count] of snippets) {
      const grammar = GRAMMARS[file];
      if (file === 'snippet.py') expect(fetched('tree-sitter'), 'web-tree-sitter before the first program').toBe(false);
      if (grammar !== undefined) expect(fetched(grammar), `${grammar} before ${file}`).toBe(false);
      await page.selectOption('#language', file);
      await typeCode(page, text);
      expect(await settled(page, file, text), file).toBe(count);
      if (grammar !== undefined) expect(fetched(grammar) && fetched('tree-sitter'), `${grammar} with ${file}`).toBe(true);
      expect(await page.$$eval('.cm-lintRange', (marks) => marks.length), file).toBeGreaterThan(0);
      const scanned = scan(file, text);
      expect(await pageFindings(page), file).toEqual(scanned.findings);
      expect(await pageFindings(page), file).toHaveLength(count);
      // The same findings have a fix (scan's "fixable with --fix"), and the text was read with a full parse, as scan reads it.
      expect(await page.$$eval('#findings li.finding button.apply', (buttons) => buttons.length), file).toBe(scanned.fixable);
      expect(await page.$$eval('#findings li.note', (notes) => notes.map((note) => note.textContent)), file).toEqual([]);
    }
    // A quick-fix from the editor's own diagnostic: hover the underline, click its action.
    await page.selectOption('#language', 'snippet.json');
    await typeCode(page, '{ "homepage": "https://example.com/docs/a b.html" }\n');
    expect(await settled(page, 'snippet.json', '{ "homepage": "https://example.com/docs/a b.html" }\n')).toBe(1);
    await page.hover('.cm-lintRange');
    await page.click('.cm-diagnosticAction');
    expect(await settled(page, 'snippet.json', '{ "homepage": "https://example.com/docs/a%20b.html" }\n')).toBe(0);
    expect(await editorText(page)).toBe('{ "homepage": "https://example.com/docs/a%20b.html" }\n');
    // A space in a host: the page reads it as the URL Standard and scan do, though Chromium's own URL accepts it.
    const hostSpace = '{ "homepage": "http://exa mple.com/docs" }\n';
    await typeCode(page, hostSpace);
    expect(await settled(page, 'snippet.json', hostSpace)).toBe(scan('snippet.json', hostSpace).findings.length);
    expect(await pageFindings(page)).toEqual(scan('snippet.json', hostSpace).findings);
    expect(await page.evaluate(() => new URL('http://exa mple.com/docs').hostname), "Chromium's own reading").toBe('exa%20mple.com');
    // The link reproduces the language, the text and its findings.
    await typeCode(page, '{ "a": "https://example.com/%zz" }\n');
    expect(await settled(page, 'snippet.json', '{ "a": "https://example.com/%zz" }\n')).toBe(1);
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    await page.waitForTimeout(300);
    const again = await open(page.url());
    expect(await settled(again, 'snippet.json', '{ "a": "https://example.com/%zz" }\n')).toBe(1);
    expect(await again.inputValue('#language')).toBe('snippet.json');
    expect(await editorText(again)).toBe('{ "a": "https://example.com/%zz" }\n');
    expect(await pageFindings(again)).toEqual(await pageFindings(page));
    if (process.env['PLAYGROUND_SCREENSHOTS']) {
      await typeCode(page, '{\n  "homepage": "https://example.com/docs/a b.html",\n  "bugs": "https://example.com/issues?q=%zz",\n  "repository": "git+https://exa_mple.com/x.git"\n}\n');
      await page.waitForTimeout(600);
      await page.hover('.cm-lintRange >> nth=1');
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(ROOT, 'docs/code-view.png'), fullPage: true });
    }
    await page.close();
    await again.close();
  });

  it('works offline once loaded: its service worker keeps every file, a reader and a grammar not loaded before too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT);
    await page.goto(`${origin}/`);
    await page.waitForSelector('html[data-ready=true]');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    expect(await page.evaluate(() => fetch('https://example.com/').then(() => 'online', () => 'offline'))).toBe('offline');
    await page.reload();
    await page.waitForSelector('html[data-ready=true]');
    await page.click('#tab-code');
    await page.selectOption('#language', 'snippet.md');
    // A language picked is read at once, the text unchanged: the JSON sample as Markdown has one URI with a problem left.
    expect(await settled(page, 'snippet.md', INITIAL.code)).toBe(1);
    const text = 'See <https://example.com/%zz>.\n';
    await typeCode(page, text);
    expect(await settled(page, 'snippet.md', text)).toBe(1);
    expect(await pageFindings(page)).toEqual([{ line: 1, column: 26, code: 'pct-invalid-triplet', message: '"%" in "%zz" is not followed by two hexadecimal digits; a literal "%" is written "%25". Browsers accept the URI as written; RFC 3986 does not.' }]);
    // A program: web-tree-sitter and the Go grammar, WebAssembly files never fetched by the page before, come from the service worker's store.
    await page.selectOption('#language', 'snippet.go');
    const go = 'package main\n\nvar docs = `https://example.com/%zz`\n';
    await typeCode(page, go);
    expect(await settled(page, 'snippet.go', go)).toBe(1);
    expect(await page.$$eval('#findings li.note', (notes) => notes.length)).toBe(0);
    expect(await pageFindings(page)).toEqual([{ line: 3, column: 33, code: 'pct-invalid-triplet', message: '"%" in "%zz" is not followed by two hexadecimal digits; a literal "%" is written "%25". Browsers accept the URI as written; RFC 3986 does not.' }]);
    await context.close();
  }, 180_000);

  it('is usable 375 px wide, moves between views by keyboard, and sends no request beyond its own files', { timeout: 120_000 }, async () => {
    const page = await open(`${origin}/`, 375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.focus('#tab-uri');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-code');
    expect(await settled(page, 'snippet.json', INITIAL.code)).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const issue = new URL((await page.getAttribute('#issue', 'href'))!);
    expect(`${issue.origin}${issue.pathname}`).toBe('https://github.com/urilint/urilint/issues/new');
    expect(issue.searchParams.get('body')).toContain('"bugs": "https://example.com/issues?q=%zz"');
    await page.close();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    // The CSS written for a narrow screen is in the bundle the page loaded.
    expect(readFileSync(path.join(ROOT, 'src/style.css'), 'utf8')).toContain('overflow-wrap: anywhere');
  });
});

describe('the boundary', () => {
  it('fails the build of a module of discovery that imports a Node built-in, naming it', async () => {
    const { browserModules } = await import('../browser-modules.js');
    const plugin = browserModules();
    const resolveId = plugin.resolveId as (this: unknown, source: string, importer: string | undefined, options: object) => Promise<unknown>;
    const importer = path.join(ROOT, '../discovery/src/js/native.ts');
    await expect(resolveId.call({}, 'node:worker_threads', importer, {})).rejects.toThrow('discovery/src/js/native.ts imports the Node built-in "node:worker_threads"');
    await expect(resolveId.call({}, 'fs', importer, {})).rejects.toThrow('imports the Node built-in "fs"');
    // TypeScript's compiler, on its Node-only path, gets an empty module instead.
    const typescript = path.join(ROOT, '../../node_modules/.pnpm/typescript@5.9.3/node_modules/typescript/lib/typescript.js');
    expect(await resolveId.call({}, 'fs', typescript, {})).toBe('\0urilint-unavailable:fs');
  });
});
