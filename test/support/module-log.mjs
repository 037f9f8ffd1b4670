// `node --import ./module-log.mjs …` records which modules a process loads (see loaded-modules.ts):
// the ES modules through a loader hook, and at exit every module in the CommonJS cache, which holds
// what `require` loaded, ES modules loaded by `require` included.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const log = process.env['URILINT_MODULE_LOG'];
if (log) {
  register('./module-log-hooks.mjs', import.meta.url);
  const cache = createRequire(import.meta.url).cache;
  process.on('exit', () => appendFileSync(log, Object.keys(cache).join('\n') + '\n'));
}
