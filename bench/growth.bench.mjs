// Time growth on the pathological inputs: what the tests' work counts cannot see.
//
// The tests show linear cost by counting the JavaScript executed (packages/core/test/support/work.ts),
// which is the same on every run. Regular expressions and native string functions run outside what is
// counted, so this benchmark times the same inputs (packages/core/test/fixtures/pathological.json) at
// two sizes and prints the ratio: about 10 when linear, about 100 when quadratic. It never runs in the
// tests: a timing fails when the machine is busy.
//
//   node growth.bench.mjs [--small 100000] [--factor 10]   (after pnpm build)
import './node.mjs';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { make } from '../packages/core/test/fixtures/pathological-inputs.mjs';

const CORE = new URL('../packages/core/dist/index.js', import.meta.url);
const DISCOVERY = new URL('../packages/discovery/dist/index.js', import.meta.url);
for (const built of [CORE, DISCOVERY]) {
  if (!existsSync(built)) {
    console.error(`${built.pathname} is missing: run pnpm build first.`);
    process.exit(2);
  }
}
const { parse, findUris } = await import(CORE.href);
const { discoverText } = await import(DISCOVERY.href);

const { values } = parseArgs({ options: { small: { type: 'string', default: '100000' }, factor: { type: 'string', default: '10' } } });
const small = Number(values.small);
const factor = Number(values.factor);
const TABLE = JSON.parse(readFileSync(new URL('../packages/core/test/fixtures/pathological.json', import.meta.url), 'utf8'));
const RUN = { parse, findUris, discoverText };

/** The fastest of five runs, in milliseconds, after one warm-up. */
function fastest(run, input) {
  run(input);
  let best = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    const start = performance.now();
    run(input);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

console.log(`node ${process.version} · ${os.cpus()[0]?.model ?? 'cpu'} · ${os.cpus().length} cores · load ${os.loadavg()[0].toFixed(2)}`);
console.log(`${small.toLocaleString('en')} characters against ${(small * factor).toLocaleString('en')}: linear ≈ ${factor}, quadratic ≈ ${factor * factor}\n`);
console.log('| function | input | ms (small) | ms (large) | growth |');
console.log('| --- | --- | ---: | ---: | ---: |');
let worst = 0;
for (const [family, inputs] of Object.entries(TABLE)) {
  if (family.startsWith('$')) continue;
  // discoverMarkdown's inputs: bench/pathological-rss.bench.mjs runs them through the command line.
  if (RUN[family] === undefined) continue;
  for (const [name, shape] of Object.entries(inputs)) {
    if (name.startsWith('$')) continue;
    const a = fastest(RUN[family], make(shape, small));
    const b = fastest(RUN[family], make(shape, small * factor));
    const growth = b / Math.max(a, 0.01);
    worst = Math.max(worst, growth);
    console.log(`| ${family} | ${name} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${growth.toFixed(1)} |`);
  }
}
console.log(`\nlargest growth: ${worst.toFixed(1)}`);
