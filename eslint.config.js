import js from '@eslint/js';
import tseslint from 'typescript-eslint';
// The repository lints itself with its own plugin, from its build: `pnpm check`
// runs `pnpm build` before `pnpm lint` (run `pnpm build` first when linting alone).
import urilint from './packages/eslint-plugin/dist/index.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    ...urilint.configs.recommended,
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    // Files whose malformed URIs are deliberate data, not mistakes. Only these are
    // left out; the rules stay on, unchanged, for every other file.
    ignores: [
      // The planted problems that `pnpm examples` shows (and test/eslint-examples.test.ts checks).
      // (ESLint 10 lints files under examples/ with the nearer examples/eslint.config.js, which
      // skips app/ in such a run; this entry keeps them out should that config move.)
      'examples/**',
      // Tests whose inputs are invalid URIs on purpose: core's parser and diagnostics
      // tests, the CLI's output tests, the plugin's rule tests, and the root tests
      // that lint planted snippets.
      'packages/core/test/**/*.test.ts',
      'packages/cli/test/**/*.test.ts',
      'packages/eslint-plugin/test/**/*.test.ts',
      'packages/discovery/test/**/*.test.ts',
      'packages/language-server/test/**/*.test.ts',
      'test/eslint-*.test.ts',
      'test/neovim.test.ts',
      // The benchmark's input set mixes valid and invalid URIs on purpose.
      'bench/parse.bench.mjs',
      // The tables of diagnostic codes: each code's `example` is a URI that must
      // produce that diagnostic (the code-table test checks it), so each is malformed.
      'packages/core/src/**/codes.ts',
    ],
  },
);
