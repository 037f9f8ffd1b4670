#!/usr/bin/env node
// Start-up and ESLint overhead (issue 16), every figure a ratio of runs made side by side in one run:
//
// 1. ESLint (the root's, with typescript-eslint's parser) on a real repository's JavaScript and
//    TypeScript files, with the parser alone, with one of ESLint's own rules (`no-debugger`: what
//    ESLint spends on a file once any rule is configured), with the preset's ten rules doing nothing
//    (their names, options and schemas; `create` returns no listener: what ESLint spends on ten
//    configured plugin rules) and with eslint-plugin-urilint's `recommended` config added: --rounds
//    rounds, the runs in rotating order; the median of the per-round ratios, against the parser
//    alone, and `recommended` against the one built-in rule and against the ten rules doing nothing.
// 2. The same two configs on one small TypeScript file (start-up: loading ESLint, the parser, the plugin).
// 3. `urilint scan` of one small Markdown file and of one small TypeScript file, and the language
//    server from spawn to its answer to `initialize`, against `node -e 0` and against ESLint's own
//    start (2's parser-only run), in rotating order over --small-rounds rounds; their absolute
//    medians too, for the 300 ms targets (the machine is shared: read them with the load printed).
//
// Under /usr/bin/time (where there is one) each ESLint and scan run also gives its CPU time (user +
// system): on the shared machine, a process's CPU time moves far less with the load than its wall
// time, so both ratios are printed, each the median of the per-round ratios.
//
// --before DIR adds the recommended config of another build of the plugin (DIR: a checkout of an
// earlier commit, installed and built) to the same rounds, so a change is measured side by side.
//
//   pnpm build && node startup.bench.mjs [--repo DIR] [--rounds 3] [--small-rounds 15] [--only repo|small] [--before DIR]
//
// The repository defaults to /work/survey/repos/react-router (any git checkout with ≥ 500 JS/TS files
// will do: its tracked .js/.jsx/.mjs/.cjs/.ts/.tsx/.mts/.cts files are linted).
import './node.mjs';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { PLUGIN_DIST, ROOT } from './eslint/corpus.mjs';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: '/work/survey/repos/react-router' },
    rounds: { type: 'string', default: '3' },
    'small-rounds': { type: 'string', default: '15' },
    only: { type: 'string' },
    before: { type: 'string' },
  },
});
const REPO = path.resolve(values.repo);
const ROUNDS = Number(values.rounds);
const SMALL_ROUNDS = Number(values['small-rounds']);
const CLI = path.join(ROOT, 'packages/cli/dist/bin.js');
const SERVER = path.join(ROOT, 'packages/language-server/dist/bin.js');
for (const file of [CLI, SERVER, PLUGIN_DIST]) {
  if (!existsSync(file)) {
    console.error(`${path.relative(ROOT, file)} is missing: run \`pnpm build\` first.`);
    process.exit(2);
  }
}
const fromRoot = createRequire(path.join(ROOT, 'package.json'));
const ESLINT_BIN = path.join(path.dirname(fromRoot.resolve('eslint/package.json')), 'bin/eslint.js');
const ESLINT_VERSION = fromRoot('eslint/package.json').version;
const TS_PARSER = createRequire(path.join(ROOT, 'packages/eslint-plugin/package.json')).resolve('@typescript-eslint/parser');
const BEFORE_DIST = values.before === undefined ? undefined : path.resolve(values.before, 'packages/eslint-plugin/dist/index.js');
if (BEFORE_DIST !== undefined && !existsSync(BEFORE_DIST)) {
  console.error(`--before: ${BEFORE_DIST} is missing (install and build that checkout first).`);
  process.exit(2);
}
/** The --before checkout's commit (or its folder's name, for an exported tree that is no git checkout). */
function beforeLabel(dir) {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return path.basename(path.resolve(dir));
  }
}
const BEFORE = values.before === undefined ? undefined : beforeLabel(values.before);
const JS_TS = /\.(?:js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;

const dir = mkdtempSync(path.join(os.tmpdir(), 'urilint-startup-'));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** ESLint configs for the files under `base`: typescript-eslint's parser alone, with one of ESLint's rules, and with urilint's recommended config. */
function eslintConfigs(name, base) {
  const files = `['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}']`;
  const parserOnly = path.join(dir, `${name}.parser.config.mjs`);
  const oneRule = path.join(dir, `${name}.one-rule.config.mjs`);
  const recommended = path.join(dir, `${name}.recommended.config.mjs`);
  const head = `import parser from ${JSON.stringify(TS_PARSER)};\nconst base = { basePath: ${JSON.stringify(base)}, files: ${files}, languageOptions: { parser } };\n`;
  writeFileSync(parserOnly, `${head}export default [base];\n`);
  // One of ESLint's own rules: what configuring any rule costs ESLint itself (it validates each configured rule's options with ajv).
  writeFileSync(oneRule, `${head}export default [{ ...base, rules: { 'no-debugger': 'error' } }];\n`);
  writeFileSync(
    recommended,
    `${head}import urilint from ${JSON.stringify(PLUGIN_DIST)};\nexport default [base, { ...urilint.configs.recommended, basePath: ${JSON.stringify(base)}, files: ${files} }];\n`,
  );
  // The preset's rules with their names, options, schemas and defaults, each doing nothing (`create` returns no listener):
  // what ESLint spends on a file for ten configured plugin rules, and the plugin's loading, without any of urilint's work.
  const hollow = path.join(dir, `${name}.hollow.config.mjs`);
  writeFileSync(
    hollow,
    `${head}import urilint from ${JSON.stringify(PLUGIN_DIST)};\nconst rules = Object.fromEntries(Object.entries(urilint.rules).map(([name, rule]) => [name, { meta: rule.meta, defaultOptions: rule.defaultOptions, create: () => ({}) }]));\nexport default [base, { ...urilint.configs.recommended, plugins: { urilint: { ...urilint, rules } }, basePath: ${JSON.stringify(base)}, files: ${files} }];\n`,
  );
  const configs = { parserOnly, oneRule, hollow, recommended };
  if (BEFORE_DIST !== undefined) {
    configs.before = path.join(dir, `${name}.before.config.mjs`);
    writeFileSync(configs.before, `${head}import urilint from ${JSON.stringify(BEFORE_DIST)};\nexport default [base, { ...urilint.configs.recommended, basePath: ${JSON.stringify(base)}, files: ${files} }];\n`);
  }
  return configs;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const cpuFile = path.join(dir, 'cpu.txt');

/** `node args` in `cwd`: wall time from spawn to exit, CPU time (user + system, under /usr/bin/time; NaN without it) and the result. */
function run(args, cwd) {
  const [command, commandArgs] = TIME ? [TIME, ['-o', cpuFile, '-f', '%U %S', process.execPath, ...args]] : [process.execPath, args];
  const start = performance.now();
  const result = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  if (result.status !== 0 && result.status !== 1) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr.slice(0, 2000)}`);
  const cpu = TIME ? readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').reduce((sum, seconds) => sum + Number(seconds) * 1000, 0) : NaN;
  return { ms, cpu, stdout: result.stdout };
}

/** ESLint with `config` on `files` in `cwd`: wall and CPU time, and the messages of urilint's rules. */
function eslint(config, files, cwd) {
  const { ms, cpu, stdout } = run([ESLINT_BIN, '--config', config, '--no-warn-ignored', '--format', 'json', ...files], cwd);
  const report = JSON.parse(stdout);
  const messages = report.flatMap((file) => file.messages);
  return { ms, cpu, files: report.length, urilint: messages.filter((m) => m.ruleId?.startsWith('urilint/')).length, fatal: messages.filter((m) => m.fatal).length };
}

/** A command from spawn to exit: wall and CPU time. */
function timed(args, cwd) {
  const { ms, cpu } = run(args, cwd);
  return { ms, cpu };
}

/** The language server from spawn to its answer to `initialize` (then it is stopped). */
function initialize(cwd) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [SERVER, '--stdio'], { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('"capabilities"')) return;
      const ms = performance.now() - start;
      child.kill();
      child.on('exit', () => resolve(ms));
    });
    const json = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
  });
}

function repository() {
  const files = execFileSync('git', ['ls-files'], { cwd: REPO, encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\n')
    .filter((file) => JS_TS.test(file) && existsSync(path.join(REPO, file)));
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
  const configs = eslintConfigs('repo', REPO);
  console.log(`\n### ESLint ${ESLINT_VERSION}, node ${process.version}, on ${path.basename(REPO)} (${commit}): ${files.length} JS/TS files, ${ROUNDS} rounds, load before ${load()}\n`);
  // One of ESLint's own rules as a second reference: what ESLint spends on a file once any rule is configured.
  const names = BEFORE_DIST === undefined ? ['parserOnly', 'oneRule', 'hollow', 'recommended'] : ['parserOnly', 'oneRule', 'hollow', 'recommended', 'before'];
  const rows = Object.fromEntries(names.map((name) => [name, []]));
  let last;
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating (two configs) or rotating (three) order.
    const order = names.map((_, i) => names[(i + round) % names.length]);
    if (names.length === 2 && round % 2 === 1) order.reverse();
    for (const name of order) {
      last = { ...last, [name]: eslint(configs[name], files, REPO) };
      rows[name].push(last[name]);
    }
  }
  const ratios = (name, key, reference = 'parserOnly') => rows[name].map((run, i) => run[key] / rows[reference][i][key]);
  const fixed = (list) => list.map((r) => r.toFixed(3)).join(', ');
  const ms = (name, key) => median(rows[name].map((run) => run[key])).toFixed(0);
  const label = {
    parserOnly: 'typescript-eslint parser, no rule',
    oneRule: '+ one built-in rule (`no-debugger`)',
    hollow: "+ `recommended`'s ten rules doing nothing (same options and schemas)",
    recommended: '+ urilint `recommended`',
    before: `+ urilint \`recommended\`, built at ${BEFORE}`,
  };
  console.log('| run | wall: × parser alone (median of per-round ratios) | CPU: × parser alone | median wall ms | median CPU ms | files linted | urilint messages | parse errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const name of names) {
    const bold = (text) => (name === 'recommended' ? `**${text}**` : text);
    console.log(
      `| ${label[name]} | ${bold(`${median(ratios(name, 'ms')).toFixed(3)}×`)} | ${bold(`${median(ratios(name, 'cpu')).toFixed(3)}×`)} | ${ms(name, 'ms')} | ${ms(name, 'cpu')} | ${last[name].files} | ${last[name].urilint} | ${last[name].fatal} |`,
    );
  }
  if (BEFORE_DIST !== undefined) console.log(`\nper-round ratios, built at ${BEFORE}: wall ${fixed(ratios('before', 'ms'))}; CPU ${fixed(ratios('before', 'cpu'))}`);
  console.log(`per-round ratios: wall ${fixed(ratios('recommended', 'ms'))}; CPU ${fixed(ratios('recommended', 'cpu'))}; load after ${load()}`);
  console.log(`per-round ratios, one built-in rule ÷ parser alone: wall ${fixed(ratios('oneRule', 'ms'))}; CPU ${fixed(ratios('oneRule', 'cpu'))}`);
  console.log(`per-round ratios, ten rules doing nothing ÷ parser alone: wall ${fixed(ratios('hollow', 'ms'))}; CPU ${fixed(ratios('hollow', 'cpu'))}`);
  const againstHollow = (key) => ratios('recommended', key, 'hollow');
  console.log(`recommended ÷ ten rules doing nothing (urilint's own work): wall ${median(againstHollow('ms')).toFixed(3)}× (rounds ${fixed(againstHollow('ms'))}); CPU ${median(againstHollow('cpu')).toFixed(3)}× (rounds ${fixed(againstHollow('cpu'))})`);
  if (BEFORE_DIST !== undefined) {
    const againstBefore = (key) => ratios('recommended', key, 'before');
    console.log(`recommended ÷ built at ${BEFORE}: wall ${median(againstBefore('ms')).toFixed(3)}× (rounds ${fixed(againstBefore('ms'))}); CPU ${median(againstBefore('cpu')).toFixed(3)}× (rounds ${fixed(againstBefore('cpu'))})`);
  }
  const againstOne = (key) => ratios('recommended', key, 'oneRule');
  console.log(`recommended ÷ one built-in rule: wall ${median(againstOne('ms')).toFixed(3)}× (rounds ${fixed(againstOne('ms'))}); CPU ${median(againstOne('cpu')).toFixed(3)}× (rounds ${fixed(againstOne('cpu'))})`);
}

async function small() {
  const one = path.join(dir, 'one');
  execFileSync('mkdir', ['-p', one]);
  const ts = path.join(one, 'client.ts');
  const md = path.join(one, 'README.md');
  writeFileSync(ts, "const BASE = 'https://api.example.com/v1';\n\nexport function user(id: string): Promise<Response> {\n  return fetch(`${BASE}/users/${encodeURIComponent(id)}`);\n}\n");
  writeFileSync(md, '# Client\n\nSee [the API](https://api.example.com/docs) and <https://www.rfc-editor.org/rfc/rfc3986>.\n');
  const configs = eslintConfigs('one', one);
  const runs = {
    'node -e 0': () => timed(['-e', '0'], one),
    'ESLint, parser alone, one file': () => eslint(configs.parserOnly, [ts], one),
    'ESLint + one built-in rule (no-debugger), one file': () => eslint(configs.oneRule, [ts], one),
    'ESLint + urilint recommended, one file': () => eslint(configs.recommended, [ts], one),
    ...(BEFORE_DIST === undefined ? {} : { [`ESLint + urilint recommended built at ${BEFORE}, one file`]: () => eslint(configs.before, [ts], one) }),
    'urilint scan README.md': () => timed([CLI, 'scan', '--no-progress', md], one),
    'urilint scan client.ts': () => timed([CLI, 'scan', '--no-progress', ts], one),
    'language server: initialize answered': async () => ({ ms: await initialize(one), cpu: NaN }),
  };
  const names = Object.keys(runs);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  console.log(`\n### One small file, node ${process.version}: ${SMALL_ROUNDS} rounds in rotating order, load before ${load()}\n`);
  for (let round = 0; round < SMALL_ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      times[name].push(await runs[name]());
    }
  }
  const node = times['node -e 0'];
  const eslintStart = times['ESLint, parser alone, one file'];
  const ratiosOf = (name, base, key) => times[name].map((run, i) => run[key] / base[i][key]);
  const ratio = (name, base, key = 'ms') => {
    const value = median(ratiosOf(name, base, key));
    return Number.isNaN(value) ? '—' : `${value.toFixed(2)}×`;
  };
  const ms = (name, key) => {
    const value = median(times[name].map((run) => run[key]));
    return Number.isNaN(value) ? '—' : value.toFixed(0);
  };
  console.log('| run | wall: × `node -e 0` | wall: × ESLint (parser alone, one file) | CPU: × ESLint (parser alone, one file) | median wall ms | median CPU ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const name of names) console.log(`| ${name} | ${ratio(name, node)} | ${ratio(name, eslintStart)} | ${ratio(name, eslintStart, 'cpu')} | ${ms(name, 'ms')} | ${ms(name, 'cpu')} |`);
  const recommended = 'ESLint + urilint recommended, one file';
  const oneRule = 'ESLint + one built-in rule (no-debugger), one file';
  const fixed = (list) => list.map((r) => r.toFixed(2)).join(', ');
  console.log(`\n${recommended} ÷ parser alone, per round: wall ${fixed(ratiosOf(recommended, eslintStart, 'ms'))}; CPU ${fixed(ratiosOf(recommended, eslintStart, 'cpu'))}`);
  if (BEFORE_DIST !== undefined) {
    const before = `ESLint + urilint recommended built at ${BEFORE}, one file`;
    console.log(`${before} ÷ parser alone, per round: wall ${fixed(ratiosOf(before, eslintStart, 'ms'))}; CPU ${fixed(ratiosOf(before, eslintStart, 'cpu'))}`);
    console.log(`${recommended} ÷ ${before}: wall ${ratio(recommended, times[before])}, CPU ${ratio(recommended, times[before], 'cpu')} (medians of per-round ratios)`);
  }
  console.log(`${recommended} ÷ ${oneRule}: wall ${ratio(recommended, times[oneRule])}, CPU ${ratio(recommended, times[oneRule], 'cpu')} (medians of per-round ratios)`);
  console.log(`\nload after ${load()}`);
}

try {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').filter(Boolean).length;
  console.log(`node ${process.version} · ${os.cpus()[0]?.model ?? '?'} · ${os.cpus().length} cores · ${os.platform()} ${os.arch()} · urilint at ${commit}${changed ? ` (+ ${changed} files changed in the work tree)` : ''} · CPU times ${TIME ? 'from /usr/bin/time' : 'not measured (no /usr/bin/time)'}`);
  if (values.only !== 'small') repository();
  if (values.only !== 'repo') await small();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
