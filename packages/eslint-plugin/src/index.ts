import type { TSESLint } from '@typescript-eslint/utils';
import { rules } from './rules/index.js';

const PLUGIN_NAME = 'urilint';
const VERSION = '0.1.0';

type RuleName = keyof typeof rules;

function configOf(name: string, include: (rule: (typeof rules)[RuleName]) => boolean): TSESLint.FlatConfig.Config {
  const entries = (Object.keys(rules) as RuleName[]).filter((name) => include(rules[name])).map((name) => [`${PLUGIN_NAME}/${name}`, 'error'] as const);
  return { name: `${PLUGIN_NAME}/${name}`, plugins: { [PLUGIN_NAME]: plugin }, rules: Object.fromEntries(entries) };
}

const plugin = {
  meta: { name: 'eslint-plugin-urilint', version: VERSION },
  rules,
  configs: {} as Record<'recommended' | 'strict' | 'all', TSESLint.FlatConfig.Config>,
} satisfies TSESLint.FlatConfig.Plugin;

plugin.configs.recommended = configOf('recommended', (rule) => rule.meta.docs?.recommended === true);
plugin.configs.strict = configOf('strict', (rule) => rule.meta.docs?.strict === true);
plugin.configs.all = configOf('all', () => true);

export default plugin;
// `require('eslint-plugin-urilint')` (Node ≥ 20.19 loads ES modules) gives the plugin itself.
export { plugin as 'module.exports' };
