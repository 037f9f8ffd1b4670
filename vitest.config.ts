import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const include = ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The test files that count work (`packages/core/test/support/work.ts`): V8's block coverage drops
 * the counts of functions that optimised code inlines or runs (Maglev on Node 24 lost a third of a
 * run's count, and not the same third every run), so these files run in workers whose code stays in
 * V8's baseline tier, where every count is kept. Found by their import, so a new test that counts
 * work runs there without being listed.
 */
function workCountingFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.test.ts') && /from '[./]*(?:core\/test\/)?support\/work\.js'/.test(readFileSync(path, 'utf8'))) {
        files.push(path.split('\\').join('/'));
      }
    }
  };
  for (const dir of [...readdirSync('packages').map((name) => join('packages', name, 'test')), 'test']) if (existsSync(dir)) walk(dir);
  return files;
}

const countingWork = workCountingFiles();

export default defineConfig({
  resolve: {
    alias: {
      // Tests run against the sources; the built packages are exercised by the CLI's end-to-end tests.
      '@urilint/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
      '@urilint/discovery': fileURLToPath(new URL('./packages/discovery/src/index.ts', import.meta.url)),
      '@urilint/links-online/cache': fileURLToPath(new URL('./packages/links-online/src/cache.ts', import.meta.url)),
      '@urilint/links-online': fileURLToPath(new URL('./packages/links-online/src/index.ts', import.meta.url)),
    },
  },
  test: {
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'tests', include, exclude: [...configDefaults.exclude, ...countingWork] } },
      // --max-opt=1: Ignition and Sparkplug only (no Maglev, no Turbofan), set when the worker starts.
      { extends: true, test: { name: 'work', include: countingWork, execArgv: ['--max-opt=1'] } },
    ],
  },
});
