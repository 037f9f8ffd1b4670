import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 60_000,
  },
});
