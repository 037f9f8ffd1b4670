// eslint-plugin-urilint under ESLint 10 (the repository's `eslint`) and ESLint 9
// (`eslint9`, an alias of eslint@9.39.5 in the root devDependencies): the same
// messages and the same fixes; configs and rule options that `--cache` can hash;
// and the package loaded the way users load it, `require('eslint-plugin-urilint')`.
//
// The plugin is loaded from its build (packages/eslint-plugin/dist, through the
// package's `exports`): `pnpm check` runs `pnpm build` before the tests; on its
// own, run `pnpm build` first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint as ESLint10, Linter as Linter10 } from 'eslint';
import { ESLint as ESLint9, Linter as Linter9 } from 'eslint9';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PLUGIN_DIR = join(ROOT, 'packages/eslint-plugin');
const PLUGIN_DIST = join(PLUGIN_DIR, 'dist/index.js');

/** What this test reads of the plugin (its own types live in dist, which may not be built yet). */
interface UrilintPlugin {
  meta: { name: string; version: string };
  rules: Record<string, { meta: { schema: unknown; defaultOptions?: unknown; fixable?: string } }>;
  configs: Record<string, { name?: string; rules: Record<string, unknown> }>;
}

/** `require` as seen from the plugin's package directory: its own name and its devDependencies resolve. */
const requireFromPlugin = createRequire(join(PLUGIN_DIR, 'package.json'));

let urilint: UrilintPlugin;
let tsParser: unknown;

beforeAll(() => {
  if (!existsSync(PLUGIN_DIST)) {
    throw new Error(`${relative(ROOT, PLUGIN_DIST)} is missing: these tests use the built plugin. Run \`pnpm build\` first (\`pnpm check\` does).`);
  }
  // Node's own require (Node ≥ 20.19 loads ES modules): the package's "exports" → dist/index.js.
  urilint = requireFromPlugin('eslint-plugin-urilint') as UrilintPlugin;
  tsParser = requireFromPlugin('@typescript-eslint/parser');
});

/** Planted problems of every kind the recommended config reports, in TypeScript. */
const TS_SNIPPET = [
  "import axios from 'axios';",
  '',
  'export async function load(id: string, done: number): Promise<unknown[]> {',
  "  const report = await fetch('https://cdn.example.com/assets/Quarterly Report 2026.pdf');",
  '  const items = await axios.get(`https://api.example.com/items?filter[status]=open&id=${id}|x&range=<1>`);',
  "  const health: string = 'http://[2001:db8::7::1]:8080/status';",
  "  const files = 'ftp://ftp.example.com:21a/files';",
  "  const metrics = 'http://2001:db8::1/metrics';",
  "  const legacy = new URL('https://example.com/100%-off?name=%C3%28&typo=%2O&bad=%zz');",
  "  const summary = fetch('https://cdn.example.com/summary\\x202026.pdf');",
  "  const socket = new WebSocket('web_hook://events.example.com/stream');",
  '  const badge = `https://badges.example.com/progress?value=${done}%`;',
  "  const wiki = 'https://user@corp.example@intranet.example.com/café#install#linux';",
  '  return [report, items, health, files, metrics, legacy, summary, socket, badge, wiki];',
  '}',
  '',
].join('\n');

/** And in JSX attributes. */
const TSX_SNIPPET = [
  'export function Footer({ year }: { year: number }) {',
  '  return (',
  '    <footer>',
  '      <a href="https://example.com/terms of service">Terms</a>',
  '      <img src="https://cdn.example.com/img/logo 2x.png" alt="" />',
  '      <a href={`https://example.com/archive/${year}/résumé#a#b`}>Archive</a>',
  '      <form action="https://example.com/newsletter%2Osignup" />',
  '      <svg xmlns="http://www.w3.org/2000/svg" />',
  '    </footer>',
  '  );',
  '}',
  '',
].join('\n');

/** The codes each snippet yields under the recommended config, one per message, sorted. */
const SNIPPETS = [
  {
    filename: 'snippet.ts',
    code: TS_SNIPPET,
    codes: [
      'fragment-unescaped-char',
      'host-ipv6-double-compression',
      'host-ipv6-missing-brackets',
      'iri-char',
      'path-unescaped-char',
      'path-unescaped-char',
      'pct-invalid-triplet',
      'pct-invalid-triplet',
      'pct-invalid-triplet',
      'pct-invalid-triplet',
      'pct-invalid-utf8',
      'port-invalid-char',
      'query-unescaped-char',
      'query-unescaped-char',
      'scheme-invalid-char',
      'userinfo-unescaped-char',
    ],
  },
  {
    filename: 'snippet.tsx',
    code: TSX_SNIPPET,
    // A URI's repeated problem is one report (its two "é", its two spaces).
    codes: ['fragment-unescaped-char', 'iri-char', 'path-unescaped-char', 'path-unescaped-char', 'pct-invalid-triplet'],
  },
];

function flatConfig(): object[] {
  return [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tsParser, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
    },
    urilint.configs.recommended!,
  ];
}

/** The languages with a config of their own (`<language>/recommended`, `<language>/strict`). */
const LANGUAGE_NAMES = ['markdown', 'json', 'jsonc', 'json5', 'html', 'css'];

/**
 * One planted snippet per ESLint language plugin, each with an escape and
 * multi-byte text before the URI (the per-language details are tested in
 * packages/eslint-plugin/test/languages).
 */
const LANGUAGE_SNIPPETS = [
  { filename: 'guide.md', code: 'é 😀 [a](https://example.com/a\\(b\\)|c) and <https://example.com/d|e>\n\n```\nhttps://example.com/code{x\n```\n', count: 2 },
  { filename: 'config.json', code: '{ "é\\u0020😀": "https:\\/\\/example.com\\/a\\u007cb", "https://example.com/key|x": 1 }\n', count: 1 },
  { filename: 'settings.jsonc', code: '// é 😀 https://example.com/a{b\n{ "a": "https://example.com/c|d" }\n', count: 2 },
  { filename: 'data.json5', code: "{ é: 'https://example.com/it\\'s|x', }\n", count: 1 },
  { filename: 'page.html', code: '<p>é 😀 <a href="https://example.com/?a=1&amp;b=2&#x20;c">x</a></p><script>fetch("https://example.com/a b")</script>\n', count: 1 },
  { filename: 'site.css', code: '@import "https://example.com/a b.css";\n.é😀 { background: url(https://example.com/x\\ y.png) }\n', count: 2 },
];

/** The language plugins, loaded as users load them (from the plugin package, where they are devDependencies). */
function languageConfig(): object[] {
  const plugins = {
    markdown: requireFromPlugin('@eslint/markdown'),
    json: requireFromPlugin('@eslint/json'),
    css: requireFromPlugin('@eslint/css'),
    html: requireFromPlugin('@html-eslint/eslint-plugin'),
  };
  const unwrap = (module: { default?: unknown }): unknown => module.default ?? module;
  return [
    { plugins: Object.fromEntries(Object.entries(plugins).map(([name, module]) => [name, unwrap(module as { default?: unknown })])) },
    ...LANGUAGE_NAMES.map((language) => urilint.configs[`${language}/recommended`]!),
  ];
}

interface Message {
  ruleId: string | null;
  message: string;
  line: number;
  column: number;
  endLine?: number | undefined;
  endColumn?: number | undefined;
  severity: number;
  fatal?: boolean | undefined;
  fix?: unknown;
  suggestions?: unknown;
}

/** The parts of a message both majors agree on (ESLint 10 dropped `nodeType`). */
function essentials(messages: readonly Message[]): object[] {
  return messages.map((m) => ({
    ruleId: m.ruleId,
    message: m.message,
    line: m.line,
    column: m.column,
    endLine: m.endLine,
    endColumn: m.endColumn,
    severity: m.severity,
    fatal: m.fatal ?? false,
    fix: m.fix,
    suggestions: m.suggestions ?? [],
  }));
}

describe('ESLint 9 and ESLint 10', () => {
  it('run the versions this test means', () => {
    expect(Linter10.version).toMatch(/^10\./);
    expect(Linter9.version).toMatch(/^9\./);
  });

  for (const { filename, code, codes } of SNIPPETS) {
    it(`Linter: the same messages and fix output on ${filename}`, () => {
      const config = flatConfig();
      const linter10 = new Linter10({ configType: 'flat' });
      const linter9 = new Linter9({ configType: 'flat' });
      const messages10 = linter10.verify(code, config as never, filename) as Message[];
      const messages9 = linter9.verify(code, config as never, filename) as Message[];
      expect(messages10.filter((m) => m.fatal)).toEqual([]);
      expect(messages10.every((m) => m.ruleId?.startsWith('urilint/'))).toBe(true);
      expect(messages10.map((m) => /\[([a-z0-9-]+)\]$/.exec(m.message)?.[1]).sort()).toEqual(codes);
      expect(essentials(messages9)).toEqual(essentials(messages10));

      const fixed10 = linter10.verifyAndFix(code, config as never, filename);
      const fixed9 = linter9.verifyAndFix(code, config as never, filename);
      expect(fixed10.fixed).toBe(true);
      expect(fixed9.output).toBe(fixed10.output);
      expect(essentials(fixed9.messages as Message[])).toEqual(essentials(fixed10.messages as Message[]));
      // A "[" or "]", a second "#" in a fragment, or an "@" in the userinfo is left as written: encoding it is a suggestion, never applied by --fix.
      const left = fixed10.messages.filter((m) => m.ruleId === 'urilint/no-unescaped-chars');
      expect(left.filter((m) => !(/^(?:"[[\]#@]"|\d+ characters) must be percent-encoded/.test(m.message) && m.fix === undefined && (m.suggestions?.length ?? 0) > 0))).toEqual([]);
    });
  }

  for (const { filename, code, count } of LANGUAGE_SNIPPETS) {
    it(`Linter: the same messages and fix output on ${filename} (ESLint's language plugins)`, () => {
      const config = languageConfig();
      const linter10 = new Linter10({ configType: 'flat' });
      const linter9 = new Linter9({ configType: 'flat' });
      const messages10 = linter10.verify(code, config as never, filename) as Message[];
      const messages9 = linter9.verify(code, config as never, filename) as Message[];
      expect(messages10.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
      expect(messages10.map((m) => m.ruleId)).toEqual(Array(count).fill('urilint/no-unescaped-chars'));
      expect(essentials(messages9)).toEqual(essentials(messages10));

      const fixed10 = linter10.verifyAndFix(code, config as never, filename);
      const fixed9 = linter9.verifyAndFix(code, config as never, filename);
      expect(fixed10.output).not.toBe(code);
      expect(fixed10.messages).toEqual([]);
      expect(fixed9.output).toBe(fixed10.output);
      expect(essentials(fixed9.messages as Message[])).toEqual([]);
    });
  }

  it('ESLint class: the same results and fix output through lintText', async () => {
    for (const { filename, code } of SNIPPETS) {
      const options = { cwd: ROOT, overrideConfigFile: true, overrideConfig: flatConfig(), fix: true };
      const [result10] = await new ESLint10(options as never).lintText(code, { filePath: join(ROOT, filename) });
      const [result9] = await new ESLint9(options as never).lintText(code, { filePath: join(ROOT, filename) });
      expect(result10!.output).toBeDefined();
      expect(result9!.output).toBe(result10!.output);
      expect(essentials(result9!.messages as Message[])).toEqual(essentials(result10!.messages as Message[]));
    }
  });
});

describe('--cache safety', () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'urilint-eslint-cache-'));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('configs are plain JSON data', () => {
    const languageConfigs = LANGUAGE_NAMES.flatMap((language) => [`${language}/recommended`, `${language}/strict`]);
    expect(Object.keys(urilint.configs).sort()).toEqual(['all', 'recommended', 'strict', ...languageConfigs].sort());
    for (const [name, config] of Object.entries(urilint.configs)) {
      expect(JSON.parse(JSON.stringify(config.rules)), name).toEqual(config.rules);
      expect(Object.keys(config.rules).length, name).toBeGreaterThan(0);
      // Besides the plugin itself: the files, ignores and language of a language config are strings.
      const { plugins: _plugins, ...data } = config as Record<string, unknown>;
      expect(JSON.parse(JSON.stringify(data)), name).toEqual(data);
    }
    expect(JSON.parse(JSON.stringify(urilint.meta))).toEqual(urilint.meta);
  });

  it("every rule's schema and default options survive structuredClone", () => {
    for (const [name, rule] of Object.entries(urilint.rules)) {
      expect(structuredClone(rule.meta.schema), name).toEqual(rule.meta.schema);
      expect(JSON.parse(JSON.stringify(rule.meta.schema)), name).toEqual(rule.meta.schema);
      if (rule.meta.defaultOptions !== undefined) expect(structuredClone(rule.meta.defaultOptions), name).toEqual(rule.meta.defaultOptions);
    }
  });

  for (const [major, ESLintClass] of [
    ['10', ESLint10],
    ['9', ESLint9],
  ] as const) {
    it(`ESLint ${major} with cache: true lints examples/app/src and examples/docs the same twice`, async () => {
      const options = { cwd: ROOT, overrideConfigFile: 'examples/eslint.config.js', cache: true, cacheLocation: join(cacheDir, `eslint${major}.cache`) };
      const first = await new ESLintClass(options as never).lintFiles(['examples/app/src', 'examples/docs']);
      expect(existsSync(options.cacheLocation)).toBe(true);
      const second = await new ESLintClass(options as never).lintFiles(['examples/app/src', 'examples/docs']);
      const summary = (results: typeof first) => results.map((r) => [relative(ROOT, r.filePath), essentials(r.messages as Message[])]);
      expect(first.reduce((n, r) => n + r.errorCount, 0)).toBeGreaterThan(0);
      expect(summary(second)).toEqual(summary(first));
    });
  }
});

describe("require('eslint-plugin-urilint')", () => {
  it('resolves through the package "exports" to the build and gives the plugin with rules and configs', () => {
    expect(requireFromPlugin.resolve('eslint-plugin-urilint')).toBe(PLUGIN_DIST);
    expect(urilint.meta.name).toBe('eslint-plugin-urilint');
    expect(Object.keys(urilint.rules)).toEqual(expect.arrayContaining(['no-invalid-percent-encoding', 'no-malformed', 'no-unescaped-chars', 'prefer-normalized']));
    expect(Object.keys(urilint.configs.recommended!.rules)).toEqual(
      expect.arrayContaining(['urilint/no-invalid-percent-encoding', 'urilint/no-malformed', 'urilint/no-unescaped-chars']),
    );
    expect(urilint.configs.strict!.rules).toHaveProperty('urilint/prefer-normalized');
    // `all` has every rule; `recommended` is a part of `strict`.
    expect(Object.keys(urilint.configs.all!.rules).sort()).toEqual(Object.keys(urilint.rules).map((name) => `urilint/${name}`).sort());
    for (const rule of Object.keys(urilint.configs.recommended!.rules)) expect(urilint.configs.strict!.rules).toHaveProperty(rule);
  });
});
