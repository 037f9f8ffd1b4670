#!/usr/bin/env node
// What eslint-plugin-urilint's `recommended` config costs: the same code body linted with a base
// config (@eslint/js `recommended`) and with the base plus `urilint.configs.recommended`.
//
//   node bench/eslint/cost.mjs               (from the repo root, after `pnpm build`)
//   node bench/eslint/cost.mjs --runs 5      (5 timed runs of each config instead of 3)
//   node bench/eslint/cost.mjs --limit 2000  (the first 2,000 files by path instead of all)
//
// One untimed warm-up run (base + urilint, so every rule is warm), then RUNS timed runs of each, alternating (base, urilint,
// base, urilint, …), each with a fresh ESLint instance and no cache; wall time is the median. A
// last run with `stats: true` gives ESLint's per-rule times (not used for the wall times: the
// timers cost time themselves). Prints a summary and writes bench/eslint/cost-results.json.
import '../node.mjs';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { ROOT, baseConfig, buildInfo, collectCorpus, jsSourceType, loadTools, packageOf, setSourceType } from './corpus.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('--runs', 3);
const LIMIT = option('--limit', Infinity);
// A partial run (--limit or --runs) never overwrites the full results: it writes to the temp directory.
const OUT = Number.isFinite(LIMIT) || RUNS !== 3 ? path.join(os.tmpdir(), 'urilint-cost-results.json') : path.join(ROOT, 'bench/eslint/cost-results.json');
const TARGET = 5; // percent

const log = (text) => process.stderr.write(`${text}\n`);
const rel = (file) => path.relative(ROOT, file);

const { ESLint, tsParser, plugin, eslintVersion, requireFromRoot } = await loadTools();
const build = buildInfo(); // taken when the plugin is loaded: other builds may follow during the run
const js = requireFromRoot('@eslint/js');
const jsVersion = requireFromRoot('@eslint/js/package.json').version;

// Globals for no-undef: Node's own, the CommonJS wrapper's, and the common browser ones (the corpus
// has both); without them no-undef would report every `require` and `window`.
const globals = Object.fromEntries(
  [
    ...Object.getOwnPropertyNames(globalThis),
    ...['require', 'module', 'exports', '__dirname', '__filename'],
    ...['window', 'document', 'navigator', 'location', 'self', 'HTMLElement', 'Element', 'Node', 'XMLHttpRequest', 'localStorage', 'sessionStorage', 'getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame', 'Deno', 'Bun'],
  ].map((name) => [name, 'readonly']),
);

const corpus = collectCorpus();
let files = corpus.files.slice(0, LIMIT);

function makeEslint(withUrilint, sourceType, stats = false) {
  const all = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.ts'];
  const config = [
    ...baseConfig({ tsParser, sourceType }),
    { files: all, ...js.configs.recommended, languageOptions: { globals } },
    ...(withUrilint ? [{ files: all, ...plugin.configs.recommended }] : []),
  ];
  return new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config, errorOnUnmatchedPattern: false, allowInlineConfig: false, cache: false, stats });
}

const groupsOf = (list) => {
  const groups = { module: [], commonjs: [] };
  for (const file of list) groups[jsSourceType(file)].push(file);
  return groups;
};

/** One whole run: every file, a fresh ESLint per source type. Returns seconds and the results. */
async function lintAll(withUrilint, stats = false) {
  const groups = groupsOf(files);
  const load = os.loadavg()[0];
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const results = [];
  for (const type of ['module', 'commonjs']) results.push(...(await makeEslint(withUrilint, type, stats).lintFiles(groups[type])));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6, load, results };
}

// Warm-up, file by file where a batch throws: a file that crashes ESLint or the plugin, or that does
// not parse, leaves the timed corpus (and is reported), so both configs lint the same files.
log(`${files.length} files (${corpus.skipped.length} bundled/minified skipped); warm-up…`);
const crashes = [];
const parseErrors = new Set();
{
  const groups = groupsOf(files);
  for (const type of ['module', 'commonjs']) {
    for (let i = 0; i < groups[type].length; i += 200) {
      const batch = groups[type].slice(i, i + 200);
      let results;
      try {
        results = await makeEslint(true, type).lintFiles(batch);
      } catch {
        results = [];
        for (const file of batch) {
          try {
            results.push(...(await makeEslint(true, type).lintFiles([file])));
          } catch (error) {
            crashes.push({ file: rel(file), stack: String(error?.stack ?? error) });
            log(`  CRASH on ${rel(file)}: ${String(error?.message ?? error).split('\n')[0]}`);
          }
        }
      }
      for (const result of results) {
        if (!result.messages.some((m) => m.fatal)) continue;
        // An ES module in a "commonjs" package (a bundler's `.esm.js`): read it as the other type.
        const other = type === 'module' ? 'commonjs' : 'module';
        const again = result.filePath.endsWith('.ts') ? undefined : await makeEslint(true, other).lintFiles([result.filePath]).catch(() => undefined);
        if (again?.[0] && !again[0].messages.some((m) => m.fatal)) setSourceType(result.filePath, other);
        else parseErrors.add(result.filePath);
      }
    }
  }
  const dropped = new Set([...parseErrors, ...crashes.map((c) => path.join(ROOT, c.file))]);
  files = files.filter((file) => !dropped.has(file));
}
log(`timed corpus: ${files.length} files in ${new Set(files.map(packageOf)).size} packages (${parseErrors.size} dropped on a parse error, ${crashes.length} on a crash)`);

const times = { base: [], urilint: [] };
const cpuTimes = { base: [], urilint: [] };
const loads = [];
let baseMessages = 0;
let urilintMessages = 0;
for (let run = 1; run <= RUNS; run++) {
  for (const withUrilint of [false, true]) {
    const { seconds, cpuSeconds, load, results } = await lintAll(withUrilint);
    cpuTimes[withUrilint ? 'urilint' : 'base'].push(cpuSeconds);
    loads.push(load);
    const count = results.reduce((n, r) => n + r.messages.length, 0);
    if (withUrilint) urilintMessages = count;
    else baseMessages = count;
    times[withUrilint ? 'urilint' : 'base'].push(seconds);
    log(`  run ${run}/${RUNS} ${withUrilint ? 'base + urilint' : 'base          '}: ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU, load ${load.toFixed(2)} (${count} messages)`);
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const baseMedian = median(times.base);
const urilintMedian = median(times.urilint);
const overhead = ((urilintMedian - baseMedian) / baseMedian) * 100;
const cpuOverhead = ((median(cpuTimes.urilint) - median(cpuTimes.base)) / median(cpuTimes.base)) * 100;

// Per-rule times: ESLint's `stats` option (the numbers TIMING=1 prints), summed over all files.
log('  stats run (base + urilint, stats: true)…');
const { results: statResults } = await lintAll(true, true);
const ruleMs = {};
let parseMs = 0;
let totalMs = 0;
for (const result of statResults) {
  for (const pass of result.stats?.times?.passes ?? []) {
    parseMs += pass.parse?.total ?? 0;
    totalMs += pass.total ?? 0;
    for (const [rule, { total }] of Object.entries(pass.rules ?? {})) ruleMs[rule] = (ruleMs[rule] ?? 0) + total;
  }
}
const rulesMs = Object.values(ruleMs).reduce((a, b) => a + b, 0);
const urilintRules = Object.entries(ruleMs).filter(([rule]) => rule.startsWith('urilint/'));
const urilintMs = urilintRules.reduce((a, [, ms]) => a + ms, 0);

const cpus = os.cpus();
const report = {
  date: new Date().toISOString(),
  machine: { node: process.version, cpu: cpus[0]?.model.trim(), cores: cpus.length, platform: `${os.platform()} ${os.release()}`, memoryGB: Math.round(os.totalmem() / 2 ** 30) },
  eslint: eslintVersion,
  eslintJs: jsVersion,
  plugin: plugin.meta,
  build,
  corpus: { files: files.length, packages: new Set(files.map(packageOf)).size, limit: Number.isFinite(LIMIT) ? LIMIT : null, droppedParseErrors: [...parseErrors].map(rel), crashes },
  runs: RUNS,
  wallSeconds: { base: times.base, urilint: times.urilint, baseMedian, urilintMedian },
  cpuSeconds: { base: cpuTimes.base, urilint: cpuTimes.urilint, baseMedian: median(cpuTimes.base), urilintMedian: median(cpuTimes.urilint) },
  cpuOverheadPercent: cpuOverhead,
  loadAverageAtRunStart: loads,
  overheadPercent: overhead,
  targetPercent: TARGET,
  targetMet: overhead < TARGET,
  messages: { base: baseMessages, urilint: urilintMessages },
  stats: {
    totalMs,
    parseMs,
    rulesMs,
    urilintMs,
    urilintPercentOfTotal: (urilintMs / totalMs) * 100,
    urilintRules: Object.fromEntries(urilintRules.sort((a, b) => b[1] - a[1])),
    topRules: Object.fromEntries(Object.entries(ruleMs).sort((a, b) => b[1] - a[1]).slice(0, 12)),
  },
};
writeFileSync(OUT, `${JSON.stringify(report, null, 1)}\n`);

const ms = (value) => `${value.toFixed(0).padStart(7)} ms`;
console.log(
  [
    `eslint-plugin-urilint ${plugin.meta.version} cost — ${report.date}`,
    `machine: node ${process.version}, ${report.machine.cpu}, ${report.machine.cores} cores; ESLint ${eslintVersion}, @eslint/js ${jsVersion}`,
    `corpus: ${files.length} files in ${report.corpus.packages} packages; ${RUNS} timed runs of each config, alternating`,
    `  base (@eslint/js recommended):          ${times.base.map((t) => t.toFixed(2)).join(' / ')} s  median ${baseMedian.toFixed(2)} s`,
    `  base + urilint.configs.recommended:     ${times.urilint.map((t) => t.toFixed(2)).join(' / ')} s  median ${urilintMedian.toFixed(2)} s`,
    `  difference: ${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)}% wall (target: under ${TARGET}%: ${report.targetMet ? 'met' : 'NOT met'}); ${cpuOverhead >= 0 ? '+' : ''}${cpuOverhead.toFixed(1)}% process CPU time`,
    `  CPU seconds (median): base ${median(cpuTimes.base).toFixed(2)}, base + urilint ${median(cpuTimes.urilint).toFixed(2)}; 1-min load average at the runs' starts: ${loads.map((l) => l.toFixed(2)).join(' ')}`,
    `per-rule time (stats: true, one run, summed over files): total ${ms(totalMs)}, parse ${ms(parseMs)}, all rules ${ms(rulesMs)}`,
    ...urilintRules.map(([rule, value]) => `  ${rule.padEnd(40)} ${ms(value)}  ${((value / totalMs) * 100).toFixed(2)}% of total`),
    `  urilint rules together                   ${ms(urilintMs)}  ${report.stats.urilintPercentOfTotal.toFixed(2)}% of total`,
    `  slowest rules:`,
    ...Object.entries(report.stats.topRules).map(([rule, value]) => `    ${rule.padEnd(38)} ${ms(value)}`),
    crashes.length ? `CRASHES: ${crashes.map((c) => c.file).join(', ')}` : 'no crash',
    `results: ${OUT.startsWith(ROOT) ? rel(OUT) : OUT}`,
  ].join('\n'),
);
