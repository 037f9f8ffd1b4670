#!/usr/bin/env node
// The versions the packages' code states (the ESLint plugin's `meta.version`, the language server's
// `--version` and `serverInfo`), written from each package's package.json: `pnpm version-packages`
// runs this after `changeset version` bumps the package.json files. `--check` changes nothing and
// exits 1 when a stated version differs (`pnpm docs:check`, so a bump without it fails CI).
//
//   node scripts/sync-versions.mjs [--check] [--root DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, root: { type: 'string' } } });
const root = path.resolve(values.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

/** Where a version is stated: the file, its package, and the text around the version (group 1 and 3). */
const PLACES = [
  { file: 'packages/eslint-plugin/src/index.ts', pkg: 'packages/eslint-plugin', pattern: /^(const VERSION = ')([^']*)(';)$/m },
  { file: 'packages/language-server/src/bin.ts', pkg: 'packages/language-server', pattern: /(process\.stdout\.write\(')([^'\\]*)(\\n'\);)/ },
  { file: 'packages/language-server/src/server.ts', pkg: 'packages/language-server', pattern: /^(const SERVER_VERSION = ')([^']*)(';)$/m },
];

const stale = [];
for (const { file, pkg, pattern } of PLACES) {
  const { version } = JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8'));
  const text = readFileSync(path.join(root, file), 'utf8');
  const match = pattern.exec(text);
  if (match === null) {
    console.error(`${file}: the version statement (${pattern}) is not there any more: update scripts/sync-versions.mjs.`);
    process.exit(2);
  }
  if (match[2] === version) continue;
  stale.push(`${file}: ${match[2]}, ${pkg}/package.json: ${version}`);
  if (!values.check) writeFileSync(path.join(root, file), text.replace(pattern, `$1${version}$3`));
}
if (stale.length > 0) {
  console.error(`${values.check ? 'Stale' : 'Updated'} versions:\n  ${stale.join('\n  ')}`);
  if (values.check) {
    console.error('Run node scripts/sync-versions.mjs (pnpm version-packages runs it after changeset version).');
    process.exit(1);
  }
}
