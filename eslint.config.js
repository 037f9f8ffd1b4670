import js from '@eslint/js';
import tseslint from 'typescript-eslint';
// The repository lints itself with its own plugin, from its build: `pnpm check`
// runs `pnpm build` before `pnpm lint` (run `pnpm build` first when linting alone).
import urilint from './packages/eslint-plugin/dist/index.js';

const CLOCK = 'Tests never read a clock: count work with expectLinearWork (packages/core/test/support/work.ts), or time it in bench/.';

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
    // Tests never read a clock: a timing fails when the machine is busy and blocks everyone's
    // landing. Count work instead (packages/core/test/support/work.ts); timings go in bench/.
    files: ['packages/*/test/**', 'test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          ['performance', 'now'],
          ['Date', 'now'],
          ['process', 'hrtime'],
        ].map(([object, property]) => ({ object, property, message: CLOCK })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK },
        { selector: 'Identifier[name=/^(cheapestRun|growthRatio)$/]', message: CLOCK },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: 'node:perf_hooks', message: CLOCK }, { name: 'perf_hooks', message: CLOCK }] }],
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
      'packages/playground/test/**/*.test.ts',
      // The playground's first example: a URI and a snippet with problems to show.
      'packages/playground/src/state.ts',
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
