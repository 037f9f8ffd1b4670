#!/usr/bin/env node
// `urilint scan` with its default jobs against `--jobs 1` (issue 16: workers only when they pay off),
// on two trees copied from the workspace's node_modules into one temporary folder each, so both runs
// read exactly the same files: the Markdown files (documentation) and the .js/.mjs/.cjs files (code),
// every k-th real file under 1 MB sorted by path, up to --mb megabytes each. Each round runs the two
// in alternating order under /usr/bin/time, which gives the peak resident set of the whole process
// (workers included); the figures are the median of the per-round time ratios and the median peak RSS.
//
//   pnpm build && node scan-jobs.bench.mjs [--rounds 3] [--mb 4]
//   node scan-jobs.bench.mjs --rss-only [--path DIR] [--jobs N] [--rounds 1]   # runs over DIR (default: the workspace's node_modules): peak RSS
//
// The default chooses its jobs by the work and the free cores (packages/cli/src/scan/jobs.ts): the
// workers it started in each round are listed, since on a loaded machine it stays on one thread.
import './node.mjs';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { MAX_LINE, ROOT, STORE } from './eslint/corpus.mjs';
import { timedNode } from './timed.mjs';

const { values } = parseArgs({
  options: { rounds: { type: 'string' }, mb: { type: 'string', default: '4' }, 'rss-only': { type: 'boolean', default: false }, path: { type: 'string' }, jobs: { type: 'string' } },
});
const ROUNDS = Number(values.rounds ?? (values['rss-only'] ? 1 : 3));
const BUDGET = Number(values.mb) * 1e6;
const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** `urilint scan` of `dir` under /usr/bin/time: wall seconds, CPU seconds (user + system), peak RSS in MB, the workers it started. */
function scan(dir, jobs) {
  const args = [BIN, 'scan', '--no-gitignore', '--no-config', '--format', 'json', '--no-progress', '--stats', ...(jobs ? ['--jobs', jobs] : []), dir];
  const { ms, cpu, mb, stdout, stderr } = timedNode(args);
  const workers = Number(/^workers: (\d+)$/m.exec(stderr)?.[1]);
  return { s: ms / 1000, cpu: cpu / 1000, mb, workers, findings: JSON.parse(stdout).length };
}

/** The real files of the pnpm store matching `pattern` (each once), sorted by path. */
function storeFiles(pattern) {
  const out = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && pattern.test(entry.name)) out.push(full);
    }
  };
  walk(STORE);
  return out.sort();
}

/** Every k-th file (k chosen to spread the sample over the store) copied into a new folder, up to the budget. */
function sample(name, pattern) {
  const all = storeFiles(pattern);
  const dir = mkdtempSync(path.join(os.tmpdir(), `urilint-scan-jobs-${name}-`));
  const totalBytes = all.reduce((sum, file) => sum + statSync(file).size, 0);
  const step = Math.max(1, Math.floor(totalBytes / BUDGET / 1.2));
  let bytes = 0;
  let count = 0;
  for (let i = 0; i < all.length && bytes < BUDGET; i += step) {
    const size = statSync(all[i]).size;
    if (size === 0 || size > 1_000_000) continue;
    if (readFileSync(all[i], 'utf8').split('\n').some((line) => line.length > MAX_LINE)) continue;
    const folder = path.join(dir, String(Math.floor(count / 100)));
    mkdirSync(folder, { recursive: true });
    copyFileSync(all[i], path.join(folder, `${String(count).padStart(5, '0')}${path.extname(all[i])}`));
    bytes += size;
    count++;
  }
  return { dir, count, bytes };
}

console.log(`node ${process.version} · ${os.cpus()[0]?.model ?? '?'} · ${os.cpus().length} cores · ${os.platform()} ${os.arch()}`);
if (values['rss-only']) {
  const target = path.resolve(values.path ?? path.join(ROOT, 'node_modules'));
  for (let round = 0; round < ROUNDS; round++) {
    const before = load();
    const run = scan(target, values.jobs);
    console.log(
      `urilint scan ${values.jobs ? `--jobs ${values.jobs}` : '(default jobs)'} ${target}: ${run.s} s, CPU ${run.cpu.toFixed(1)} s, peak RSS ${run.mb.toFixed(0)} MB, workers ${run.workers}, ${run.findings} findings; load ${before} → ${load()}`,
    );
  }
} else {
  const startLoad = load();
  console.log('\n| tree | files | MB | default ÷ --jobs 1, time (median of per-round ratios) | CPU time, same | workers of the default | peak RSS default | peak RSS --jobs 1 |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const [name, pattern] of [
    ['Markdown', /\.(?:md|markdown)$/i],
    ['JavaScript', /\.(?:js|mjs|cjs)$/],
  ]) {
    const tree = sample(name, pattern);
    try {
      const runs = { default: [], one: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? ['default', 'one'] : ['one', 'default'];
        for (const which of order) runs[which].push(scan(tree.dir, which === 'one' ? '1' : undefined));
      }
      if (runs.default.some((r, i) => r.findings !== runs.one[i].findings)) throw new Error(`${name}: the two runs found different numbers of findings`);
      const ratio = median(runs.default.map((r, i) => r.s / runs.one[i].s));
      console.log(
        `| ${name} | ${tree.count} | ${(tree.bytes / 1e6).toFixed(1)} | ${ratio.toFixed(2)}× (${runs.default.map((r, i) => (r.s / runs.one[i].s).toFixed(2)).join(', ')}) | ${median(runs.default.map((r, i) => r.cpu / runs.one[i].cpu)).toFixed(2)}× | ${runs.default.map((r) => r.workers).join(', ')} | ${median(runs.default.map((r) => r.mb)).toFixed(0)} MB | ${median(runs.one.map((r) => r.mb)).toFixed(0)} MB |`,
      );
    } finally {
      rmSync(tree.dir, { recursive: true, force: true });
    }
  }
  console.log(`\n${ROUNDS} rounds; load before ${startLoad}, after ${load()}`);
}
