import { defineConfig } from 'vite';
import { browserModules, SOURCE_ENTRIES } from './browser-modules.js';
import { offline } from './offline.js';

export default defineConfig({
  // Relative URLs: the built site works from any folder and from file://.
  base: './',
  resolve: { alias: SOURCE_ENTRIES },
  plugins: [browserModules(), offline()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
    // Browsers the page supports follow <link rel="modulepreload"> themselves; one that does not still loads the modules.
    modulePreload: { polyfill: false },
  },
});
