#!/usr/bin/env node
// Writes schema/urilint.config.schema.json and the settings table of README.md from the project
// settings' one definition (PROJECT_SETTINGS, in the built package); with --check, writes nothing
// and exits 1 when either is stale. `pnpm docs:check` runs the check.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const check = process.argv.includes('--check');
const schemaPath = fileURLToPath(new URL('../schema/urilint.config.schema.json', import.meta.url));
const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
let discovery;
try {
  discovery = await import('../dist/index.js');
} catch {
  console.error('generate-config-docs: build @urilint/discovery first (pnpm build).');
  process.exit(2);
}

const START = /<!-- config-settings:start[^>]*-->/;
const END = '<!-- config-settings:end -->';

function cell(text) {
  return String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function type(schema) {
  if (schema.anyOf) return schema.anyOf.map(type).join(' or ');
  if (schema.enum) return schema.enum.map((item) => '`' + item + '`').join(' \\| ');
  if (schema.type === 'array') return schema.items?.enum ? 'array of ' + schema.items.enum.map((item) => '`' + item + '`').join(' \\| ') : 'array of strings';
  return schema.type;
}

const schemaText = JSON.stringify(discovery.configJsonSchema(), null, 2) + '\n';
const rows = discovery.PROJECT_SETTING_KEYS.map((key) => {
  const schema = discovery.settingJsonSchema(key);
  const inOverrides = discovery.PROJECT_SETTINGS[key].inOverrides === false ? ' Not in `overrides`.' : '';
  return `| \`${key}\` | ${type(schema)} | \`${cell(JSON.stringify(schema.default))}\` | ${cell(schema.description)}${inOverrides} |`;
});
const table = ['| key | type | default | what it does |', '| --- | --- | --- | --- |', ...rows].join('\n');

const readme = readFileSync(readmePath, 'utf8');
const start = readme.match(START);
const end = readme.indexOf(END);
if (!start || end < 0) {
  console.error('generate-config-docs: README.md has no config-settings:start / config-settings:end markers.');
  process.exit(2);
}
let nextReadme = `${readme.slice(0, start.index + start[0].length)}\n${table}\n${readme.slice(end)}`;

// The site generators' routing rules (ROUTING_RULES, src/links/routing.ts), each with its documented example.
const ROUTING_START = /<!-- routing-rules:start[^>]*-->/;
const ROUTING_END = '<!-- routing-rules:end -->';
const routingStart = nextReadme.match(ROUTING_START);
const routingEnd = nextReadme.indexOf(ROUTING_END);
if (!routingStart || routingEnd < 0) {
  console.error('generate-config-docs: README.md has no routing-rules:start / routing-rules:end markers.');
  process.exit(2);
}
const routing = ['| generator | rule | example | documented at |', '| --- | --- | --- | --- |', ...discovery.ROUTING_RULES.map((rule) => `| ${rule.generator} | ${cell(rule.rule)} | ${cell(rule.example)} | <${rule.source}> |`)].join('\n');
nextReadme = `${nextReadme.slice(0, routingStart.index + routingStart[0].length)}\n${routing}\n${nextReadme.slice(routingEnd)}`;
let current = '';
try {
  current = readFileSync(schemaPath, 'utf8');
} catch {
  // Not written yet.
}
if (check) {
  let stale = false;
  if (current !== schemaText) {
    console.error('packages/discovery/schema/urilint.config.schema.json is stale; run `pnpm docs:generate`.');
    stale = true;
  }
  if (nextReadme !== readme) {
    console.error('packages/discovery/README.md: the configuration settings table or the routing rules are stale; run `pnpm docs:generate`.');
    stale = true;
  }
  if (stale) process.exit(1);
} else {
  if (current !== schemaText) writeFileSync(schemaPath, schemaText);
  if (nextReadme !== readme) writeFileSync(readmePath, nextReadme);
}
