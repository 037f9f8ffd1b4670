#!/usr/bin/env node
// Writes the "Configs" table of README.md from the built plugin's configs (between the
// `configs table` markers), so the rules each config holds cannot drift from what it holds.
// With --check it writes nothing and fails when the table would change. Build the plugin first.
import { readFileSync, writeFileSync } from 'node:fs';

const README = new URL('../README.md', import.meta.url);
const BEGIN = '<!-- begin auto-generated configs table -->';
const END = '<!-- end auto-generated configs table -->';

const { default: plugin } = await import(new URL('../dist/index.js', import.meta.url).href);
const names = (config) => Object.keys(config.rules ?? {}).map((name) => name.replace(/^urilint\//, ''));
const list = (rules) => rules.map((name) => `[\`${name}\`](docs/rules/${name}.md)`).join(', ');
const options = (config) =>
  Object.entries(config.rules ?? {})
    .filter(([, entry]) => Array.isArray(entry) && entry.length > 1)
    .map(([name, entry]) => `\`${name.replace(/^urilint\//, '')}\` with \`${JSON.stringify(entry[1])}\``);

const recommended = names(plugin.configs.recommended);
const strict = names(plugin.configs.strict);
const added = strict.filter((name) => !recommended.includes(name));
const all = names(plugin.configs.all);
const strictOptions = options(plugin.configs.strict);
const allOptions = options(plugin.configs.all);
const languages = Object.keys(plugin.configs).filter((name) => name.endsWith('/recommended'));

const table = [
  '| | config | rules |',
  '| --- | --- | --- |',
  `| ✅ | \`urilint.configs.recommended\` | ${recommended.length} rules that report what is wrong and almost never fire on correct code: ${list(recommended)} |`,
  `| 🔒 | \`urilint.configs.strict\` | \`recommended\` plus ${added.length} style and policy rules: ${list(added)}${strictOptions.length > 0 ? `; ${strictOptions.join(', ')}` : ''} |`,
  `| | \`urilint.configs.all\` | all ${all.length} rules, including those added in later versions (may report more after an upgrade)${allOptions.length > 0 ? `; ${allOptions.join(', ')}` : ''} |`,
  `| | ${languages.map((name, k) => (k === 0 ? `\`urilint.configs['${name}']\`` : `\`['${name}']\``)).join(', ')} | the rules of \`recommended\` on the files of one ESLint language plugin, with \`files\` and \`language\` set (and the same \`…/strict\`); see [Markdown, JSON, HTML and CSS](docs/languages.md) |`,
].join('\n');

const text = readFileSync(README, 'utf8');
const start = text.indexOf(BEGIN);
const end = text.indexOf(END);
if (start < 0 || end < start) {
  console.error(`README.md has no ${BEGIN} … ${END} section.`);
  process.exit(2);
}
const next = `${text.slice(0, start + BEGIN.length)}\n\n${table}\n\n${text.slice(end)}`;
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('README.md: the Configs table is stale; run `pnpm docs` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(README, next);
}
