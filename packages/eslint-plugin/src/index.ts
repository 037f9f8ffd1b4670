import type { TSESLint } from '@typescript-eslint/utils';
import { rules } from './rules/index.js';
import { presetOptions } from '@urilint/discovery';

const PLUGIN_NAME = 'urilint';
const VERSION = '0.1.0';

type RuleName = keyof typeof rules;
type Preset = 'recommended' | 'strict';

/** The configs for files of the ESLint language plugins: `<language>/recommended` and `<language>/strict`. */
type LanguageConfigName = `${'markdown' | 'json' | 'jsonc' | 'json5' | 'html' | 'css'}/${Preset}`;

/**
 * The files of each language config and the `language` it sets: the names a
 * language plugin is registered under in `plugins` (`markdown`, `json`,
 * `html`, `css`), as each plugin's own documentation does. The language
 * plugins are the user's (optional peer dependencies), never loaded here.
 */
const JSONC_FILES = ['**/*.jsonc', '**/tsconfig.json', '**/tsconfig.*.json', '**/jsconfig.json', '**/jsconfig.*.json', '**/.vscode/*.json'];
const LANGUAGES: Readonly<Record<string, { files: string[]; ignores?: string[]; language: string }>> = {
  markdown: { files: ['**/*.md', '**/*.markdown'], language: 'markdown/gfm' },
  // `.json` is strict JSON, except the files that editors and their tools read as JSON with comments.
  json: { files: ['**/*.json'], ignores: JSONC_FILES.slice(1), language: 'json/json' },
  jsonc: { files: JSONC_FILES, language: 'json/jsonc' },
  json5: { files: ['**/*.json5'], language: 'json/json5' },
  html: { files: ['**/*.html', '**/*.htm'], language: 'html/html' },
  css: { files: ['**/*.css'], language: 'css/css' },
};

/** Each rule of the preset: `'error'`, or `['error', options]` where the preset gives the rule options of its own. */
function rulesOf(preset: 'recommended' | 'strict' | 'all', include: (rule: (typeof rules)[RuleName]) => boolean): TSESLint.FlatConfig.Rules {
  const entries = (Object.keys(rules) as RuleName[]).filter((name) => include(rules[name])).map((name) => {
    const options = presetOptions(name, preset);
    const entry: TSESLint.FlatConfig.RuleEntry = Object.keys(options).length === 0 ? 'error' : ['error', options];
    return [`${PLUGIN_NAME}/${name}`, entry] as const;
  });
  return Object.fromEntries(entries);
}

function configOf(name: 'recommended' | 'strict' | 'all', include: (rule: (typeof rules)[RuleName]) => boolean): TSESLint.FlatConfig.Config {
  return { name: `${PLUGIN_NAME}/${name}`, plugins: { [PLUGIN_NAME]: plugin }, rules: rulesOf(name, include) };
}

const plugin = {
  meta: { name: 'eslint-plugin-urilint', version: VERSION },
  rules,
  configs: {} as Record<'recommended' | 'strict' | 'all' | LanguageConfigName, TSESLint.FlatConfig.Config>,
} satisfies TSESLint.FlatConfig.Plugin;

plugin.configs.recommended = configOf('recommended', (rule) => rule.meta.docs?.recommended === true);
plugin.configs.strict = configOf('strict', (rule) => rule.meta.docs?.strict === true);
plugin.configs.all = configOf('all', () => true);

for (const [language, { files, ignores, language: languageName }] of Object.entries(LANGUAGES)) {
  for (const preset of ['recommended', 'strict'] as const) {
    const name = `${language}/${preset}` as LanguageConfigName;
    // `language` is a string ("markdown/gfm"): typescript-eslint's FlatConfig type does not know the key yet.
    plugin.configs[name] = {
      ...plugin.configs[preset],
      name: `${PLUGIN_NAME}/${name}`,
      rules: { ...plugin.configs[preset].rules },
      files,
      ...(ignores ? { ignores } : {}),
      language: languageName,
    } as TSESLint.FlatConfig.Config;
  }
}

export default plugin;
// `require('eslint-plugin-urilint')` (Node ≥ 20.19 loads ES modules) gives the plugin itself.
export { plugin as 'module.exports' };
