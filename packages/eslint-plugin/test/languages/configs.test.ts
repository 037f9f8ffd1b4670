/**
 * The language configs: `<language>/recommended` and `<language>/strict` set
 * the files, the language (of the plugin registered under the name its own
 * docs use) and the same rules as `recommended` and `strict`; they are plain
 * data (ESLint's `--cache` hashes them) and load no language plugin.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { configOf, lint, MAJORS } from '../support/languages.js';

const LANGUAGES = {
  markdown: { language: 'markdown/gfm', file: 'docs/guide.md', code: '[a](https://example.com/a|b)\n' },
  json: { language: 'json/json', file: 'config/app.json', code: '{ "a": "https://example.com/a|b" }\n' },
  jsonc: { language: 'json/jsonc', file: 'settings.jsonc', code: '// c\n{ "a": "https://example.com/a|b" }\n' },
  json5: { language: 'json/json5', file: 'data.json5', code: "{ a: 'https://example.com/a|b', }\n" },
  html: { language: 'html/html', file: 'public/index.html', code: '<a href="https://example.com/a|b">x</a>\n' },
  css: { language: 'css/css', file: 'src/site.css', code: 'a { background: url(https://example.com/a|b) }\n' },
} as const;

type Language = keyof typeof LANGUAGES;

describe('language configs', () => {
  it('are the recommended and strict configs of each language, and nothing more', () => {
    const keys = Object.keys(plugin.configs).sort();
    const expected = ['all', 'recommended', 'strict', ...Object.keys(LANGUAGES).flatMap((language) => [`${language}/recommended`, `${language}/strict`])].sort();
    expect(keys).toEqual(expected);
  });

  for (const [name, { language }] of Object.entries(LANGUAGES)) {
    for (const preset of ['recommended', 'strict'] as const) {
      it(`${name}/${preset}: files, language "${language}", the rules of ${preset}, the plugin`, () => {
        const config = plugin.configs[`${name as Language}/${preset}`] as Record<string, unknown>;
        expect(config['name']).toBe(`urilint/${name}/${preset}`);
        expect(config['language']).toBe(language);
        expect(Array.isArray(config['files']) && (config['files'] as unknown[]).length > 0).toBe(true);
        expect(config['rules']).toEqual(plugin.configs[preset].rules);
        expect(config['rules']).not.toBe(plugin.configs[preset].rules);
        expect(config['plugins']).toEqual({ urilint: plugin });
        expect(JSON.parse(JSON.stringify({ ...config, plugins: undefined }))).toEqual({ ...config, plugins: undefined });
      });
    }
  }

  it('recommended, strict and all are as they were: no files, no language', () => {
    for (const name of ['recommended', 'strict', 'all'] as const) {
      expect(Object.keys(plugin.configs[name]).sort()).toEqual(['name', 'plugins', 'rules']);
    }
  });

  it('the package lists the language plugins as optional peers, not dependencies', () => {
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const name of ['@eslint/markdown', '@eslint/json', '@eslint/css', '@html-eslint/eslint-plugin']) {
      expect(pkg['dependencies']?.[name], name).toBeUndefined();
      expect(pkg['peerDependencies']?.[name], name).toEqual(expect.any(String));
      expect(pkg['peerDependenciesMeta']?.[name], name).toEqual({ optional: true });
    }
  });
});

describe.each(MAJORS)('each language config under ESLint $major', (major) => {
  for (const [name, { file, code }] of Object.entries(LANGUAGES)) {
    it(`${name}/recommended lints ${file} (matched by its files) with the plugin registered under its usual name`, () => {
      const messages = lint(major, code, file, configOf(`${name as Language}/recommended`));
      expect(messages.map((m) => m.ruleId)).toEqual(['urilint/no-unescaped-chars']);
    });
  }
});
