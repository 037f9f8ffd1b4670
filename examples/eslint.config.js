// The config `pnpm examples` runs: eslint-plugin-urilint's recommended rules on
// the TypeScript/JSX project in examples/app. `app/src` holds planted problems
// (each under a `// planted:` comment); `app/clean` holds only correct URIs.
// The plugin is imported from its build, so run `pnpm build` first (`pnpm examples` does).
import { createRequire } from 'node:module';
import urilint from '../packages/eslint-plugin/dist/index.js';

// @typescript-eslint/parser is a devDependency of the plugin package: resolve it from there.
const require = createRequire(new URL('../packages/eslint-plugin/package.json', import.meta.url));
const tsParser = require('@typescript-eslint/parser');

export default [
  // `eslint .` at the repository root (`pnpm lint`) looks this file up for everything under
  // examples/, with examples/ as the base path: the planted problems are not the repository's
  // lint errors, so that run skips app/. `pnpm examples` and the tests pass this file with
  // `--config` / `overrideConfigFile` from the root, where the base path is the working
  // directory and "app/**" does not match "examples/app/…", so there app/ is linted.
  { ignores: ['app/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tsParser,
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
  },
  urilint.configs.recommended,
];
