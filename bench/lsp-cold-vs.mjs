#!/usr/bin/env node
// Cold diagnostics of the language service, this checkout's build against another checkout's build,
// side by side in one process: each round opens a new 10,000-line TypeScript document (a text never
// analysed before) in both services, in alternating order, then times `ts.createSourceFile` on the
// same text. Every figure is a median of per-round ratios, in CPU time (`process.cpuUsage`, which
// counts the garbage collector's threads too) and in wall time, so that both builds see the same
// load. A benchmark, never a test.
//
//   node bench/lsp-cold-vs.mjs --base /work/wt/other [--rounds 30] [--lines 10000]
//   node bench/lsp-cold-vs.mjs --base /work/wt/other --node .ci/node24/node_modules/.bin/node
//   node --expose-gc bench/lsp-cold-vs.mjs …          (a full collection before each timed call)
//
// Both checkouts must be built (`pnpm build`); the base's language server reads its own discovery.
import './node.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDocument } from './ts-document.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARMUP = 5;

function fail(message) {
  process.stderr.write(`lsp-cold-vs: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({ options: { base: { type: 'string' }, rounds: { type: 'string', default: '30' }, lines: { type: 'string', default: '10000' } } });
if (values.base === undefined) fail('usage: node bench/lsp-cold-vs.mjs --base <another built checkout> [--rounds N] [--lines N]');
const rounds = Number(values.rounds);
const lines = Number(values.lines);
if (!Number.isInteger(rounds) || rounds < 5) fail('--rounds must be an integer of at least 5');
if (!Number.isInteger(lines) || lines < 1000) fail('--lines must be an integer of at least 1000');

/** The service, `TextDocument` and the commit of a built checkout. */
async function load(root) {
  const entry = path.join(root, 'packages/language-server/dist/service/index.js');
  if (!existsSync(entry)) fail(`${entry} missing: build that checkout first (\`pnpm build\`)`);
  const service = await import(pathToFileURL(entry).href);
  const fromServer = createRequire(path.join(root, 'packages/language-server/package.json'));
  const { TextDocument } = await import(pathToFileURL(fromServer.resolve('vscode-languageserver-textdocument')).href);
  let commit;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    commit = '?';
  }
  return { service: service.createLanguageService(), settings: service.normalizeSettings(undefined), TextDocument, commit, root };
}

const builds = { this: await load(ROOT), base: await load(path.resolve(values.base)) };
const ts = createRequire(path.join(ROOT, 'packages/discovery/package.json'))('typescript');

const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
// With --expose-gc, a full collection before each timed call: no call pays for the garbage the one before it left.
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
const measure = (run) => {
  collect();
  const wall = performance.now();
  const start = cpu();
  const result = run();
  return { cpu: cpu() - start, wall: performance.now() - wall, result };
};
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load1 = () => os.loadavg()[0].toFixed(2);

const loadAtStart = load1();
const samples = { this: [], base: [], ts: [] };
let differing = 0;
let diagnosticCount = 0;
for (let i = 0; i < WARMUP + rounds; i++) {
  const text = generateDocument(lines, 31_000 + i).text;
  const order = i % 2 === 0 ? ['this', 'base'] : ['base', 'this'];
  const round = {};
  for (const name of order) {
    const build = builds[name];
    const document = build.TextDocument.create(`file:///bench/cold-vs/${i}.ts`, 'typescript', 1, text);
    round[name] = measure(() => build.service.provideDiagnostics(document, build.settings));
    build.service.forget(document.uri);
  }
  // The two builds must report the same diagnostics (ranges, codes, messages) on every text.
  if (JSON.stringify(round.this.result) !== JSON.stringify(round.base.result)) differing++;
  diagnosticCount += round.this.result.length;
  const reference = measure(() => ts.createSourceFile('cold-vs.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  if (i < WARMUP) continue;
  samples.this.push(round.this);
  samples.base.push(round.base);
  samples.ts.push(reference);
}

const ratios = (a, b, key) => median(samples[a].map((sample, i) => sample[key] / samples[b][i][key]));
const ms = (name, key) => median(samples[name].map((sample) => sample[key])).toFixed(1);
const x = (value) => `${value.toFixed(3)}×`;
console.log(`# cold diagnostics, this build against a base build, ${new Date().toISOString().slice(0, 16)} UTC`);
console.log(`node ${process.version}${typeof globalThis.gc === 'function' ? ' (a full collection before each timed call)' : ''} · ${os.cpus().length} cores · ${rounds} rounds (+${WARMUP} warm-up) of a new ${lines.toLocaleString('en-US')}-line TypeScript document · load (1 min) ${loadAtStart} at the start, ${load1()} at the end`);
console.log(`this: ${builds.this.commit} (${builds.this.root}) · base: ${builds.base.commit} (${builds.base.root}) · ${diagnosticCount.toLocaleString('en-US')} diagnostics in all; texts on which the two builds' diagnostics differ: ${differing}`);
console.log('');
console.log('| measure (median of per-round ratios) | CPU time | wall time |');
console.log('| --- | ---: | ---: |');
console.log(`| this ÷ base | ${x(ratios('this', 'base', 'cpu'))} | ${x(ratios('this', 'base', 'wall'))} |`);
console.log(`| this ÷ ts.createSourceFile | ${x(ratios('this', 'ts', 'cpu'))} | ${x(ratios('this', 'ts', 'wall'))} |`);
console.log(`| base ÷ ts.createSourceFile | ${x(ratios('base', 'ts', 'cpu'))} | ${x(ratios('base', 'ts', 'wall'))} |`);
console.log(`| medians (ms): this / base / ts.createSourceFile | ${ms('this', 'cpu')} / ${ms('base', 'cpu')} / ${ms('ts', 'cpu')} | ${ms('this', 'wall')} / ${ms('base', 'wall')} / ${ms('ts', 'wall')} |`);
