#!/usr/bin/env node
// Writes the settings table of README.md from SETTINGS_SCHEMA (the built service);
// with --check, writes nothing and exits 1 when the README is stale. CI runs the check.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const check = process.argv.includes('--check');
const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
let settings;
try {
  settings = await import('../dist/service/settings.js');
} catch {
  console.error('generate-readme: build the language server first (pnpm build).');
  process.exit(2);
}

const START = /<!-- settings:start[^>]*-->/;
const END = '<!-- settings:end -->';

/** A JSON value as table text: short values in code, escaped for a table cell. */
function value(json) {
  return '`' + JSON.stringify(json).replace(/\|/g, '\\|') + '`';
}

function type(schema) {
  if (schema.enum) return schema.enum.map((item) => '`' + item + '`').join(' \\| ');
  if (schema.type === 'array') return schema.items?.enum ? 'array of language ids' : 'array of strings';
  return schema.type;
}

const rows = Object.entries(settings.SETTINGS_SCHEMA).map(
  ([name, schema]) => `| \`urilint.${name}\` | ${type(schema)} | ${value(schema.default)} | ${String(schema.description).replace(/\|/g, '\\|')} |`,
);
const table = ['| setting | type | default | what it does |', '| --- | --- | --- | --- |', ...rows].join('\n');

const readme = readFileSync(readmePath, 'utf8');
const start = readme.match(START);
const end = readme.indexOf(END);
if (!start || end < 0) {
  console.error('generate-readme: README.md has no settings:start / settings:end markers.');
  process.exit(2);
}
const startEnd = start.index + start[0].length;
const next = `${readme.slice(0, startEnd)}\n${table}\n${readme.slice(end)}`;
if (check) {
  if (next !== readme) {
    console.error('packages/language-server/README.md: the settings table is stale; run `pnpm docs:generate`.');
    process.exit(1);
  }
} else if (next !== readme) {
  writeFileSync(readmePath, next);
}
