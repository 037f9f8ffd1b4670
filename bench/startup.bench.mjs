#!/usr/bin/env node
// Start-up and ESLint overhead (issue 16), every figure a ratio of runs made side by side in one run:
//
// 1. ESLint (the root's, with typescript-eslint's parser) on a real repository's JavaScript and
//    TypeScript files, with the parser alone and with eslint-plugin-urilint's `recommended` config
//    added: --rounds rounds, the two runs in alternating order; the median of the per-round ratios.
// 2. The same two configs on one small TypeScript file (start-up: loading ESLint, the parser, the plugin).
// 3. `urilint scan` of one small Markdown file and of one small TypeScript file, and the language
//    server from spawn to its answer to `initialize`, against `node -e 0` and against ESLint's own
//    start (2's parser-only run), in rotating order over --small-rounds rounds; their absolute
//    medians too, for the 300 ms targets (the machine is shared: read them with the load printed).
//
//   pnpm build && node startup.bench.mjs [--repo DIR] [--rounds 3] [--small-rounds 15] [--only repo|small]
//
// The repository defaults to /work/survey/repos/react-router (any git checkout with ≥ 500 JS/TS files
// will do: its tracked .js/.jsx/.mjs/.cjs/.ts/.tsx/.mts/.cts files are linted).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
const JS_TS = /\.(?:js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;

const dir = mkdtempSync(path.join(os.tmpdir(), 'urilint-startup-'));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Two ESLint configs for the files under `base`: typescript-eslint's parser alone, and with urilint's recommended config. */
function eslintConfigs(name, base) {
  const files = `['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}']`;
  const parserOnly = path.join(dir, `${name}.parser.config.mjs`);
  const recommended = path.join(dir, `${name}.recommended.config.mjs`);
  const head = `import parser from ${JSON.stringify(TS_PARSER)};\nconst base = { basePath: ${JSON.stringify(base)}, files: ${files}, languageOptions: { parser } };\n`;
  writeFileSync(parserOnly, `${head}export default [base];\n`);
  writeFileSync(
    recommended,
    `${head}import urilint from ${JSON.stringify(PLUGIN_DIST)};\nexport default [base, { ...urilint.configs.recommended, basePath: ${JSON.stringify(base)}, files: ${files} }];\n`,
  );
  return { parserOnly, recommended };
}

/** ESLint with `config` on `files` in `cwd`: the time from spawn to exit, and the messages of urilint's rules. */
function eslint(config, files, cwd) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [ESLINT_BIN, '--config', config, '--no-warn-ignored', '--format', 'json', ...files], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  if (result.status !== 0 && result.status !== 1) throw new Error(`eslint --config ${config} exited with ${result.status}: ${result.stderr.slice(0, 2000)}`);
  const report = JSON.parse(result.stdout);
  const messages = report.flatMap((file) => file.messages);
  return { ms, files: report.length, urilint: messages.filter((m) => m.ruleId?.startsWith('urilint/')).length, fatal: messages.filter((m) => m.fatal).length };
}

/** A command from spawn to exit. */
function timed(args, cwd) {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0 && result.status !== 1) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr.slice(0, 2000)}`);
  return ms;
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
  console.log(`\n### ESLint ${ESLINT_VERSION} on ${path.basename(REPO)} (${commit}): ${files.length} JS/TS files, ${ROUNDS} rounds, load before ${load()}\n`);
  const rows = { parserOnly: [], recommended: [] };
  let last;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['parserOnly', 'recommended'] : ['recommended', 'parserOnly'];
    for (const name of order) {
      last = { ...last, [name]: eslint(configs[name], files, REPO) };
      rows[name].push(last[name].ms);
    }
  }
  const ratio = median(rows.recommended.map((ms, i) => ms / rows.parserOnly[i]));
  console.log('| run | × parser alone (median of per-round ratios) | files linted | urilint messages | parse errors |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(`| typescript-eslint parser, no rule | 1.00× | ${last.parserOnly.files} | ${last.parserOnly.urilint} | ${last.parserOnly.fatal} |`);
  console.log(`| + urilint \`recommended\` | **${ratio.toFixed(3)}×** | ${last.recommended.files} | ${last.recommended.urilint} | ${last.recommended.fatal} |`);
  console.log(`\nper-round ratios: ${rows.recommended.map((ms, i) => (ms / rows.parserOnly[i]).toFixed(3)).join(', ')}; load after ${load()}`);
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
    'ESLint, parser alone, one file': () => eslint(configs.parserOnly, [ts], one).ms,
    'ESLint + urilint recommended, one file': () => eslint(configs.recommended, [ts], one).ms,
    'urilint scan README.md': () => timed([CLI, 'scan', '--no-progress', md], one),
    'urilint scan client.ts': () => timed([CLI, 'scan', '--no-progress', ts], one),
    'language server: initialize answered': () => initialize(one),
  };
  const names = Object.keys(runs);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  console.log(`\n### One small file: ${SMALL_ROUNDS} rounds in rotating order, load before ${load()}\n`);
  for (let round = 0; round < SMALL_ROUNDS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      times[name].push(await runs[name]());
    }
  }
  const node = times['node -e 0'];
  const eslintStart = times['ESLint, parser alone, one file'];
  const ratio = (name, base) => median(times[name].map((ms, i) => ms / base[i])).toFixed(2);
  console.log('| run | × `node -e 0` | × ESLint (parser alone, one file) | median ms |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const name of names) console.log(`| ${name} | ${ratio(name, node)}× | ${ratio(name, eslintStart)}× | ${median(times[name]).toFixed(0)} |`);
  console.log(`\nload after ${load()}`);
}

try {
  console.log(`node ${process.version} · ${os.cpus()[0]?.model ?? '?'} · ${os.cpus().length} cores · ${os.platform()} ${os.arch()}`);
  if (values.only !== 'small') repository();
  if (values.only !== 'repo') await small();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
