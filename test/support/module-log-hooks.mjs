// Module hooks that write the URL of every module the ES module loader loads, one a line, to the
// file named by the environment's URILINT_MODULE_LOG (see loaded-modules.ts). Loaded by
// module-log.mjs; they run on the loader's own thread, so they write synchronously.
import { appendFileSync } from 'node:fs';

const log = process.env['URILINT_MODULE_LOG'];

export async function load(url, context, nextLoad) {
  if (log) appendFileSync(log, `${url}\n`);
  return nextLoad(url, context);
}
