// The config `pnpm examples` runs: eslint-plugin-urilint's recommended rules on
// the TypeScript/JSX project in examples/app and on the documentation in
// examples/docs (Markdown, JSON with comments, HTML and CSS, read by ESLint's
// language plugins). `app/src` and `docs/` hold planted problems (each under a
// `planted:` comment); `app/clean` holds only correct URIs.
// The plugin is imported from its build, so run `pnpm build` first (`pnpm examples` does).
import { createRequire } from 'node:module';
import css from '@eslint/css';
import json from '@eslint/json';
import markdown from '@eslint/markdown';
import html from '@html-eslint/eslint-plugin';
import urilint from '../packages/eslint-plugin/dist/index.js';

// @typescript-eslint/parser is a devDependency of the plugin package: resolve it from there.
const require = createRequire(new URL('../packages/eslint-plugin/package.json', import.meta.url));
const tsParser = require('@typescript-eslint/parser');

export default [
  // `eslint .` at the repository root (`pnpm lint`) looks this file up for everything under
  // examples/, with examples/ as the base path: the planted problems are not the repository's
  // lint errors, so that run skips app/ and docs/. `pnpm examples` and the tests pass this file
  // with `--config` / `overrideConfigFile` from the root, where the base path is the working
  // directory and "app/**" does not match "examples/app/…", so there app/ and docs/ are linted.
  { ignores: ['app/**', 'docs/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tsParser,
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
  },
  urilint.configs.recommended,
  // The language plugins, under the names urilint's language configs use in `language`.
  { plugins: { markdown, json, css, html } },
  urilint.configs['markdown/recommended'],
  urilint.configs['json/recommended'],
  urilint.configs['jsonc/recommended'],
  urilint.configs['json5/recommended'],
  urilint.configs['html/recommended'],
  urilint.configs['css/recommended'],
];
