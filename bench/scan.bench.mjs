// Throughput of `urilint scan` over a large real tree: the workspace's node_modules (every
// package's code, types, JSON, READMEs and licences). Runs the built CLI as a user would, once
// with the default number of jobs (a worker thread per core) and once with `--jobs 1` (the main
// thread alone), and checks that each run completed: exit code 0 or 1, no file that failed, no
// worker that stopped, and as many problems in the JSON output as the summary counts.
//
// Run: `pnpm bench:scan` from bench/ (or `node scan.bench.mjs`) once the packages are built
// (`pnpm build` at the root). Options: --path DIR (default: ../node_modules), --serial=false to
// skip the --jobs 1 run (about twice as long as the other).
import './node.mjs';
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: fileURLToPath(new URL('../node_modules', import.meta.url)) },
    serial: { type: 'string', default: 'true' },
  },
});

if (!existsSync(BIN)) {
  console.error(`${BIN} is missing: run \`pnpm build\` at the repository's root first.`);
  process.exit(2);
}
values.path = resolve(values.path);
if (!existsSync(values.path)) {
  console.error(`${values.path} does not exist: run \`pnpm install\` first, or pass --path DIR.`);
  process.exit(2);
}

/** Runs `urilint scan` with `args` and collects its output, exit code and wall time. */
function runScan(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'scan', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code, signal, seconds: (performance.now() - started) / 1000, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

/** The `name: value` lines of `--stats`. */
function statsOf(stderr) {
  const stats = {};
  for (const match of stderr.matchAll(/^([a-zA-Z][a-zA-Z ]*): (\d+(?:\.\d+)?)$/gm)) stats[match[1]] = Number(match[2]);
  return stats;
}

function check(label, run) {
  const problems = [];
  if (run.signal !== null) problems.push(`killed by ${run.signal}`);
  if (run.code !== 0 && run.code !== 1) problems.push(`exit code ${run.code}`);
  if (/worker checking it stopped|internal error/i.test(run.stderr)) problems.push('a worker stopped or an internal error was reported');
  let findings;
  try {
    findings = JSON.parse(run.stdout);
  } catch (error) {
    problems.push(`the JSON output does not parse: ${error.message}`);
  }
  const stats = statsOf(run.stderr);
  if (stats['files failed'] !== 0) problems.push(`${stats['files failed']} files failed`);
  if (Array.isArray(findings) && findings.length !== stats.problems) problems.push(`${findings.length} findings in the JSON, ${stats.problems} in the summary`);
  if (problems.length > 0) {
    console.error(`${label}: the scan did not complete cleanly: ${problems.join('; ')}\n${run.stderr.slice(-4000)}`);
    process.exit(1);
  }
  return { stats, findings: findings.length };
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const configs = [{ label: `default (--jobs ${os.availableParallelism()})`, args: [] }];
if (values.serial !== 'false') configs.push({ label: '--jobs 1', args: ['--jobs', '1'] });

const rows = [];
for (const config of configs) {
  const before = load();
  process.stderr.write(`scanning ${values.path} with ${config.label} (load ${before}) …\n`);
  const run = await runScan(['--no-gitignore', '--format', 'json', '--stats', '--no-progress', ...config.args, values.path]);
  const { stats, findings } = check(config.label, run);
  rows.push({ ...config, run, stats, findings, before, after: load() });
  process.stderr.write(`  ${fmt(run.seconds, 1)} s, exit code ${run.code}\n`);
}

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(`urilint scan ${values.path} --no-gitignore --format json --stats`);
console.log(`${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${cpu} · ${os.availableParallelism()} cores · ${os.platform()} ${os.arch()}\n`);
console.log('| jobs | files | bytes | URIs | findings | wall s | files/s | URIs/s | MB/s | load before → after (1, 5, 15 min) | exit |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
for (const { label, run, stats, findings, before, after } of rows) {
  const files = stats['files scanned'];
  const seconds = run.seconds;
  console.log(
    `| ${label} | ${fmt(files)} | ${fmt(stats['bytes scanned'])} | ${fmt(stats.URIs)} | ${fmt(findings)} | ${fmt(seconds, 1)} | ${fmt(files / seconds, 1)} | ${fmt(stats.URIs / seconds, 1)} | ${fmt(stats['bytes scanned'] / 1e6 / seconds, 2)} | ${before} → ${after} | ${run.code} |`,
  );
}
const skipped = rows[0].stats;
console.log(`\nskipped: ${skipped['files skipped binary']} binary, ${skipped['files skipped too large']} larger than 10 MiB; read without a full parse: ${skipped['files read without a full parse']}`);
if (rows.length === 2) {
  // node_modules can change while the runs go on (vitest writes its cache and temp files there):
  // the findings are compared file by file, over the files both runs report.
  const byFile = (row) => {
    const files = new Map();
    for (const finding of JSON.parse(row.run.stdout)) files.set(finding.file, [...(files.get(finding.file) ?? []), finding]);
    return files;
  };
  const [first, second] = rows.map(byFile);
  const both = [...first.keys()].filter((file) => second.has(file));
  const differ = both.filter((file) => JSON.stringify(first.get(file)) !== JSON.stringify(second.get(file)));
  const once = first.size + second.size - 2 * both.length;
  console.log(
    `same findings with both job counts: ${differ.length === 0 ? 'yes' : `NO, in ${differ.join(', ')}`} (${both.length} files with findings in both runs` +
      `${once > 0 ? `, ${once} in one run only: the tree changed between the runs` : ''}); speed-up of the default over --jobs 1: ${fmt(rows[1].run.seconds / rows[0].run.seconds, 2)}×`,
  );
  if (differ.length > 0) process.exitCode = 1;
}
