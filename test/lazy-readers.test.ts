// Each reader's parser is loaded only when a file of its kind is read (issue 16): importing
// @urilint/discovery, the ESLint plugin, `urilint` or the language server loads none of them, ESLint
// with the plugin on JavaScript loads none (ESLint parsed the file), and reading a Markdown file
// loads the Markdown parsers alone. Each case runs the built packages in a child process and lists
// the modules it loaded (test/support/loaded-modules.ts): modules are counted, never timed.
//
// Needs the build (`pnpm check` runs `pnpm build` first).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadedBy, loadedByRun, type Loaded } from './support/loaded-modules.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DISCOVERY = join(ROOT, 'packages/discovery');
const PLUGIN = join(ROOT, 'packages/eslint-plugin');

/** The parsers of discovery's readers, by the reader that needs them. */
const PARSERS = {
  js: ['typescript', '@typescript-eslint/parser', '@typescript-eslint/typescript-estree', '@typescript-eslint/scope-manager', 'oxc-parser'],
  markdown: ['mdast-util-from-markdown', 'micromark-extension-gfm', 'mdast-util-gfm', 'micromark'],
  yaml: ['yaml'],
  css: ['@eslint/css-tree'],
  html: ['es-html-parser'],
  json: ['@humanwhocodes/momoa'],
} as const;
const ALL_PARSERS = Object.values(PARSERS).flat();

/** urilint's own modules among those loaded, relative to packages/ (each package's dist is one bundled file; scripts/bundle-dist.mjs). */
function urilintModules(loaded: Loaded): string[] {
  const packages = join(ROOT, 'packages') + sep;
  return loaded.modules.filter((file) => file.startsWith(packages)).map((file) => relative(packages, file).split(sep).join('/')).sort();
}

/** The parsers among the packages loaded. */
function parsersIn(loaded: Loaded): string[] {
  return ALL_PARSERS.filter((name) => loaded.packages.has(name));
}

const dir = mkdtempSync(join(tmpdir(), 'urilint-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readers load their parsers only when a file of their kind is read', () => {
  it('importing @urilint/discovery loads no parser', async () => {
    const loaded = await loadedBy("await import('@urilint/discovery');", DISCOVERY);
    // Core's and discovery's bundles, and parsers.js, which stays a module of its own (its `require` loads the parsers), with html-tree.js, which it shares with the browser build.
    expect(urilintModules(loaded)).toEqual(['core/dist/index.js', 'discovery/dist/html-tree.js', 'discovery/dist/index.js', 'discovery/dist/parsers.js']);
    expect(parsersIn(loaded)).toEqual([]);
  });

  it('reading a Markdown document loads the Markdown parsers and no other', async () => {
    const loaded = await loadedBy(
      "const { discoverDocument } = await import('@urilint/discovery');\n" +
        "console.log(discoverDocument('# Links\\n\\nSee [the spec](https://www.rfc-editor.org/rfc/rfc3986 \"RFC\").\\n', 'markdown').candidates.length);",
      DISCOVERY,
    );
    expect(loaded.stdout.trim()).toBe('1');
    expect(parsersIn(loaded)).toEqual(PARSERS.markdown);
  });

  it.each([
    ['yaml', 'url: https://example.com/a\n'],
    ['css', 'a { background: url(https://example.com/a.png) }\n'],
    ['html', '<a href="https://example.com/a">a</a>\n'],
    ['json', '{ "url": "https://example.com/a" }\n'],
  ] as const)('reading %s loads its parser alone', async (kind, text) => {
    const loaded = await loadedBy(`const { discoverDocument } = await import('@urilint/discovery');\nconsole.log(discoverDocument(${JSON.stringify(text)}, '${kind}').candidates.length);`, DISCOVERY);
    expect(loaded.stdout.trim()).toBe('1');
    expect(parsersIn(loaded)).toEqual(PARSERS[kind]);
  });

  it('importing eslint-plugin-urilint loads no parser', async () => {
    const loaded = await loadedBy("const { default: plugin } = await import('eslint-plugin-urilint');\nconsole.log(Object.keys(plugin.rules).length > 0);", PLUGIN);
    expect(loaded.stdout.trim()).toBe('true');
    expect(parsersIn(loaded)).toEqual([]);
    // One file per package (issue 16: start-up): importing the plugin once loaded about 150 of urilint's modules.
    expect(urilintModules(loaded)).toEqual(['core/dist/index.js', 'discovery/dist/html-tree.js', 'discovery/dist/index.js', 'discovery/dist/parsers.js', 'eslint-plugin/dist/index.js']);
    // typescript-eslint's eslint-utils (CommonJS) is not loaded for RuleCreator: the plugin's createRule stands in for it.
    expect([...loaded.packages].sort()).toEqual(['@eslint-community/eslint-utils', 'eslint-visitor-keys']);
  });

  it('ESLint with the recommended config on JavaScript loads no parser of urilint (ESLint parsed the file)', async () => {
    const loaded = await loadedBy(
      "const { Linter } = await import('eslint');\n" +
        "const { default: urilint } = await import('eslint-plugin-urilint');\n" +
        // eslint-disable-next-line urilint/no-unescaped-chars, urilint/no-invalid-percent-encoding -- the rules must report them
        "const messages = new Linter().verify('fetch(\"http://a b/\");\\n// see https://example.com/%zz\\n', [urilint.configs.recommended], 'a.js');\n" +
        "console.log(messages.map((m) => m.ruleId).join(' '));",
      PLUGIN,
    );
    expect(loaded.stdout.trim()).toBe('urilint/no-unescaped-chars urilint/no-invalid-percent-encoding');
    expect(parsersIn(loaded)).toEqual([]);
  });

  it('urilint scan of a Markdown file loads the Markdown parsers alone', async () => {
    const file = join(dir, 'guide.md');
    writeFileSync(file, '# Guide\n\nRead [RFC 3986](https://www.rfc-editor.org/rfc/rfc3986).\n');
    const loaded = await loadedByRun([join(ROOT, 'packages/cli/dist/bin.js'), 'scan', '--no-config', file], { cwd: dir });
    expect(loaded.stdout).toMatch(/1 file scanned/);
    expect(parsersIn(loaded)).toEqual(PARSERS.markdown);
  });

  it('the language server answers initialize without loading a parser', async () => {
    const message = (body: object): string => {
      const json = JSON.stringify({ jsonrpc: '2.0', ...body });
      return `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
    };
    const initialize = message({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const stop = message({ method: 'initialized', params: {} }) + message({ id: 2, method: 'shutdown' }) + message({ method: 'exit' });
    // Its input ends with exit, which it may read before it has answered shutdown (then it exits with 1): what matters is what it loaded.
    const loaded = await loadedByRun([join(ROOT, 'packages/language-server/dist/bin.js'), '--stdio'], { cwd: dir, input: initialize, then: { output: /"capabilities"/, input: stop }, anyExitCode: true });
    expect(loaded.stdout).toMatch(/"capabilities"/);
    expect(parsersIn(loaded)).toEqual([]);
  });
});
