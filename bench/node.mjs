// `--node PATH`: runs the benchmark that imports this module first on the Node executable at PATH
// (`.ci/node24/node_modules/.bin/node`, which `pnpm test:node24` installs), with the same arguments
// without `--node`; the processes it starts (`process.execPath`) are that Node too. Every benchmark
// prints `process.version` beside its figures, so each figure names the Node it was measured on.
//
//   node bench/lsp.bench.mjs --node .ci/node24/node_modules/.bin/node --lines 10000
//
// Imported before every other module of the benchmark, this runs before any of them is evaluated.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import process from 'node:process';

const at = process.argv.findIndex((arg, index) => index >= 2 && (arg === '--node' || arg.startsWith('--node=')));
if (at >= 0) {
  const arg = process.argv[at];
  const node = arg === '--node' ? process.argv[at + 1] : arg.slice('--node='.length);
  if (node === undefined || node === '') {
    console.error('--node needs the path of a node executable');
    process.exit(2);
  }
  process.argv.splice(at, arg === '--node' ? 2 : 1);
  let same = false;
  try {
    same = realpathSync(node) === realpathSync(process.execPath);
  } catch {
    console.error(`--node ${node}: no such file`);
    process.exit(2);
  }
  if (!same) {
    const child = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
    if (child.error !== undefined) {
      console.error(`--node ${node}: ${child.error.message}`);
      process.exit(2);
    }
    process.exit(child.status ?? 1);
  }
}
