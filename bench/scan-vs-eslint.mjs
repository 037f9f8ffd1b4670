#!/usr/bin/env node
// `urilint scan --jobs 1` against ESLint with typescript-eslint's parser and no rule, on the same
// real JavaScript (issue 16): a deterministic sample of the workspace's node_modules (every k-th real
// .js/.mjs/.cjs file under 1 MB without minified lines, sorted by path, up to --mb megabytes), copied
// into one temporary folder so that both tools read exactly the same files. Each round runs, in a
// rotating order, the scan with the native reader, the scan with URILINT_JS_READER=typescript-estree
// (the path before it) and ESLint, each under /usr/bin/time: its wall time (spawn to exit) and its CPU
// time (user + system), and the figures are the medians over the rounds of each run's time ÷ ESLint's
// in the same round. CPU time is the steadier of the two on a shared machine. `--keep DIR` copies the
// set into DIR (kept) instead of a temporary folder.
//
//   pnpm build && node scan-vs-eslint.mjs [--rounds 5] [--mb 8] [--keep DIR]
import './node.mjs';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { collectCorpus, MAX_LINE, ROOT } from './eslint/corpus.mjs';
import { timedNode } from './timed.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, mb: { type: 'string', default: '8' }, keep: { type: 'string' } } });
const ROUNDS = Number(values.rounds);
const BUDGET = Number(values.mb) * 1e6;
const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');
const fromRoot = createRequire(path.join(ROOT, 'package.json'));
const ESLINT_BIN = path.join(path.dirname(fromRoot.resolve('eslint/package.json')), 'bin/eslint.js');
const TS_PARSER = createRequire(path.join(ROOT, 'packages/eslint-plugin/package.json')).resolve('@typescript-eslint/parser');

const all = collectCorpus().files.filter((file) => /\.(?:js|mjs|cjs)$/.test(file));
const dir = values.keep === undefined ? mkdtempSync(path.join(os.tmpdir(), 'urilint-scan-vs-eslint-')) : path.resolve(values.keep);
if (values.keep !== undefined) mkdirSync(dir, { recursive: true });
let bytes = 0;
let count = 0;
for (let i = 0; i < all.length && bytes < BUDGET; i += 7) {
  const file = all[i];
  const size = statSync(file).size;
  if (size === 0 || size > 1_000_000) continue;
  const text = readFileSync(file, 'utf8');
  if (text.split('\n').some((line) => line.length > MAX_LINE)) continue;
  copyFileSync(file, path.join(dir, `${String(count).padStart(5, '0')}${path.extname(file)}`));
  bytes += size;
  count++;
}
writeFileSync(
  path.join(dir, 'eslint.config.mjs'),
  `import parser from ${JSON.stringify(TS_PARSER)};\nexport default [{ files: ['**/*.js', '**/*.mjs', '**/*.cjs'], languageOptions: { parser } }];\n`,
);

const runs = {
  'urilint scan --jobs 1 (native reader)': { command: [BIN, 'scan', '--jobs', '1', '--no-gitignore', '--no-config', '--format', 'json', '--no-progress', dir], env: {} },
  'urilint scan --jobs 1 (URILINT_JS_READER=typescript-estree)': {
    command: [BIN, 'scan', '--jobs', '1', '--no-gitignore', '--no-config', '--format', 'json', '--no-progress', dir],
    env: { URILINT_JS_READER: 'typescript-estree' },
  },
  'eslint, typescript-eslint parser, no rule': { command: [ESLINT_BIN, '--no-cache', '--format', 'json', dir], env: {}, cwd: dir },
};

/** One run under /usr/bin/time (`timed.mjs`): wall and CPU milliseconds. */
function run({ command, env, cwd }) {
  const { ms, cpu } = timedNode(command, { cwd: cwd ?? ROOT, env });
  return { wall: ms, cpu };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

try {
  console.error(`node ${process.version} · ${os.cpus().length} cores · ${count} files, ${(bytes / 1e6).toFixed(1)} MB · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const names = Object.keys(runs);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      times[name].push(run(runs[name]));
    }
  }
  const eslint = times['eslint, typescript-eslint parser, no rule'];
  const ratios = (name, key) => times[name].map((t, i) => t[key] / eslint[i][key]);
  console.log(`| run (${count} files, ${(bytes / 1e6).toFixed(1)} MB, ${ROUNDS} rounds, load at end ${os.loadavg()[0].toFixed(2)}) | wall × ESLint | CPU × ESLint | CPU per round | median CPU ms |`);
  console.log('| --- | ---: | ---: | --- | ---: |');
  for (const name of names) {
    const cpu = ratios(name, 'cpu');
    console.log(`| ${name} | ${median(ratios(name, 'wall')).toFixed(2)}× | ${median(cpu).toFixed(2)}× | ${cpu.map((r) => r.toFixed(2)).join(', ')} | ${Math.round(median(times[name].map((t) => t.cpu)))} |`);
  }
} finally {
  if (values.keep === undefined) rmSync(dir, { recursive: true, force: true });
}
