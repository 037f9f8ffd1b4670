#!/usr/bin/env node
// The Markdown reader against markdownlint-cli2 (issue 16): `urilint scan --jobs 1 --format json`
// (default preset, and again with `--rule no-broken-links=off` to show the local-link rule's share)
// against `markdownlint-cli2` with all its default rules, on the same real Markdown.
//
// The set: the .md/.markdown files of the workspace's pnpm store (each real file once, 1 byte to
// 1 MB), ordered by a seeded hash of their store-relative path (seed 16) and taken in that order up
// to --mb megabytes; copied into one temporary folder as `<package@version>/<path in package>`, so
// links between a package's documents still resolve. The set depends only on the store (the
// lockfile): its fingerprint (count, bytes, SHA-256 of the names and contents) is printed.
// markdownlint-cli2 is the bench package's devDependency (bench/package.json).
//
// Each round runs the three commands in a rotating order, each under /usr/bin/time: its wall time
// (spawn to exit) and its CPU time (user + system, which other work on a shared machine disturbs
// less); the figures are the medians over the rounds of each urilint run's time ÷ markdownlint-cli2's
// in the same round. The 1-minute load average is read as each round starts and its range printed.
//
//   pnpm build && node markdown.bench.mjs [--rounds 9] [--mb 1.6]
//   node markdown.bench.mjs --differential [--mb 1.6]   # the reader against @eslint/markdown's tree on the set: differences
//   node markdown.bench.mjs --keep DIR                  # copy the set into DIR and stop
//   node markdown.bench.mjs --baseline CHECKOUT         # also the scan of another built checkout (before/after), in the same rounds
import './node.mjs';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, STORE } from './eslint/corpus.mjs';
import { timedNode } from './timed.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '9' },
    mb: { type: 'string', default: '1.6' },
    differential: { type: 'boolean', default: false },
    keep: { type: 'string' },
    baseline: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const BUDGET = Number(values.mb) * 1e6;
const SEED = 16;
const BIN = path.join(ROOT, 'packages/cli/dist/bin.js');
const MARKDOWNLINT_PACKAGE = path.join(ROOT, 'bench/node_modules/markdownlint-cli2');
const MARKDOWNLINT_BIN = path.join(MARKDOWNLINT_PACKAGE, 'markdownlint-cli2-bin.mjs');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The Markdown files of the pnpm store as `{ file, name }`: `name` is `<package@version>/<path in package>`, each real file once. */
function storeMarkdown() {
  const out = [];
  for (const entry of readdirSync(STORE, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const base = path.join(STORE, entry.name, 'node_modules');
    const walk = (dir, rel) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const child of entries) {
        const full = path.join(dir, child.name);
        // Not a link (a package's dependencies), not a nested package folder of another package.
        if (child.isDirectory() && child.name !== 'node_modules') walk(full, `${rel}/${child.name}`);
        else if (child.isFile() && /\.(?:md|markdown)$/i.test(child.name)) out.push({ file: full, name: `${entry.name}${rel}/${child.name}` });
      }
    };
    walk(base, '');
  }
  return out;
}

/** A 32-bit FNV-1a hash of `text` after the seed: the order the set is taken in. */
function seededHash(text) {
  let h = (0x811c9dc5 ^ SEED) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The fixed selection copied into `dir`: what was copied, and its fingerprint. */
function copySet(dir) {
  const all = storeMarkdown()
    .map((entry) => ({ ...entry, key: seededHash(entry.name) }))
    .sort((a, b) => a.key - b.key || (a.name < b.name ? -1 : 1));
  const hash = createHash('sha256');
  const files = [];
  let bytes = 0;
  for (const entry of all) {
    if (bytes >= BUDGET) break;
    const size = statSync(entry.file).size;
    if (size === 0 || size > 1_000_000) continue;
    const target = path.join(dir, entry.name);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(entry.file, target);
    hash.update(entry.name).update('\0').update(readFileSync(entry.file)).update('\0');
    files.push(target);
    bytes += size;
  }
  return { files, bytes, fingerprint: hash.digest('hex').slice(0, 16) };
}

/** One run under /usr/bin/time (`timed.mjs`): wall and CPU milliseconds, and the process's output. */
function run(command, cwd) {
  return timedNode(command, { cwd });
}

/** Lines and columns of `text` as micromark counts them (CR LF, CR, LF), 1-based. */
function locator(text) {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|[\r\n]/g)) starts.push(match.index + match[0].length);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return `${low + 1}:${offset - starts[low] + 1}`;
  };
}

/**
 * Each file of the set linted twice with every URI rule but `no-broken-links` (the `all` preset's
 * options): by the ESLint plugin on `@eslint/markdown`'s tree (`markdown/gfm`), and by discovery's
 * Markdown reader (`discoverMarkdown`, what `urilint scan` and the language server read) with the
 * same checks. Prints the files whose findings (rule, start, end, message, fix) differ.
 */
async function differential(files) {
  const fromRoot = createRequire(path.join(ROOT, 'package.json'));
  const { Linter } = await import(pathToFileURL(fromRoot.resolve('eslint')).href);
  const markdown = (await import(pathToFileURL(fromRoot.resolve('@eslint/markdown')).href)).default;
  const plugin = (await import(pathToFileURL(path.join(ROOT, 'packages/eslint-plugin/dist/index.js')).href)).default;
  const discovery = await import(pathToFileURL(path.join(ROOT, 'packages/discovery/dist/index.js')).href);
  const names = discovery.RULE_NAMES.filter((name) => name !== 'no-broken-links');
  const options = Object.fromEntries(names.map((name) => [name, discovery.presetOptions(name, 'all')]));
  const config = [
    { files: ['**/*.md'], plugins: { markdown, urilint: plugin }, language: 'markdown/gfm', rules: Object.fromEntries(names.map((name) => [`urilint/${name}`, Object.keys(options[name]).length === 0 ? 'error' : ['error', options[name]]])) },
  ];
  const linter = new Linter();
  let differing = 0;
  let findings = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const at = locator(text);
    const eslint = linter
      .verify(text, config, { filename: 'doc.md' })
      .map((m) => (m.ruleId === null ? `fatal ${m.message}` : `${m.ruleId.slice('urilint/'.length)} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.message}${m.fix ? ` fix ${m.fix.range} ${JSON.stringify(m.fix.text)}` : ''}`))
      .sort();
    // Template tags masked, as both hosts read them.
    const candidates = discovery.discoverMarkdown(discovery.maskTemplates(text, discovery.templateSyntaxes(undefined)).text);
    for (const candidate of candidates) candidate.source = text;
    const reader = discovery
      .runRules(candidates, options)
      .map((f) => {
        let fix = '';
        if (f.fix !== undefined && f.fix.length > 0) {
          // ESLint merges a fix's edits into one: the span they cover, rewritten.
          const from = Math.min(...f.fix.map((edit) => edit.range[0]));
          const to = Math.max(...f.fix.map((edit) => edit.range[1]));
          const fixed = discovery.applySourceEdits(text, f.fix);
          fix = ` fix ${from},${to} ${JSON.stringify(fixed.slice(from, to + fixed.length - text.length))}`;
        }
        const eslintMessage = plugin.rules[f.rule].meta.messages[f.messageId].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key) => f.data[key] ?? '');
        return `${f.rule} ${at(f.range[0])}-${at(f.range[1])} ${eslintMessage}${fix}`;
      })
      .sort();
    findings += eslint.length;
    if (eslint.join('\n') !== reader.join('\n')) {
      differing++;
      const only = (a, b) => a.filter((x) => !b.includes(x));
      console.log(`\n${path.relative(path.dirname(path.dirname(files[0])), file)}:`);
      for (const line of only(eslint, reader)) console.log(`  eslint only: ${line}`);
      for (const line of only(reader, eslint)) console.log(`  reader only: ${line}`);
    }
  }
  console.log(`\n${files.length} files, ${findings} ESLint findings; files whose findings differ: ${differing}`);
  return differing;
}

console.log(`node ${process.version} · ${os.cpus()[0]?.model ?? '?'} · ${os.cpus().length} cores · ${os.platform()} ${os.arch()}`);
const dir = values.keep ? path.resolve(values.keep) : mkdtempSync(path.join(os.tmpdir(), 'urilint-markdown-bench-'));
if (values.keep) mkdirSync(dir, { recursive: true });
try {
  const set = copySet(dir);
  const markdownlintVersion = JSON.parse(readFileSync(path.join(MARKDOWNLINT_PACKAGE, 'package.json'), 'utf8')).version;
  console.log(`set: ${set.files.length} Markdown files, ${(set.bytes / 1e6).toFixed(2)} MB, fingerprint ${set.fingerprint} (seed ${SEED}); markdownlint-cli2 ${markdownlintVersion}`);
  if (values.keep) {
    console.log(`copied into ${dir}`);
  } else if (values.differential) {
    process.exitCode = (await differential(set.files)) === 0 ? 0 : 1;
  } else {
    const scan = (bin, ...more) => [bin, 'scan', '--jobs', '1', '--no-gitignore', '--no-config', '--format', 'json', '--no-progress', ...more, '.'];
    const commands = {
      'urilint scan --jobs 1 (default preset)': scan(BIN),
      'urilint scan --jobs 1 --rule no-broken-links=off': scan(BIN, '--rule', 'no-broken-links=off'),
      'markdownlint-cli2 (default rules)': [MARKDOWNLINT_BIN, '**/*.{md,markdown}'],
    };
    if (values.baseline) {
      const baseline = path.resolve(values.baseline);
      commands[`baseline ${path.basename(baseline)}: urilint scan --jobs 1 (default preset)`] = scan(path.join(baseline, 'packages/cli/dist/bin.js'));
      commands[`baseline ${path.basename(baseline)}: --rule no-broken-links=off`] = scan(path.join(baseline, 'packages/cli/dist/bin.js'), '--rule', 'no-broken-links=off');
    }
    const names = Object.keys(commands);
    const times = Object.fromEntries(names.map((name) => [name, []]));
    const cpus = Object.fromEntries(names.map((name) => [name, []]));
    const counts = {};
    console.log(`load before ${load()}`);
    // One unmeasured run each: the file cache warm for all.
    for (const name of names) run(commands[name], dir);
    /** The 1-minute load average as each round starts: how busy the shared machine was. */
    const loads = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(os.loadavg()[0]);
      const order = names.map((_, k) => names[(k + round) % names.length]);
      for (const name of order) {
        const result = run(commands[name], dir);
        times[name].push(result.ms);
        cpus[name].push(result.cpu);
        counts[name] = commands[name][0] === MARKDOWNLINT_BIN ? `${result.stderr.split('\n').filter((line) => / MD\d{3}\//.test(line)).length} findings` : `${JSON.parse(result.stdout).length} findings`;
      }
    }
    const reference = 'markdownlint-cli2 (default rules)';
    console.log(`\n| command | wall ÷ markdownlint-cli2 (median of per-round ratios) | min–max | CPU ÷ markdownlint-cli2 (median of per-round ratios) | min–max | median wall ms | median CPU ms | output |`);
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const name of names) {
      const wall = times[name].map((ms, k) => ms / times[reference][k]);
      const cpu = cpus[name].map((ms, k) => ms / cpus[reference][k]);
      const range = (list) => `${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)}`;
      console.log(
        `| ${name} | ${median(wall).toFixed(2)}× | ${range(wall)} | ${median(cpu).toFixed(2)}× | ${range(cpu)} | ${median(times[name]).toFixed(0)} | ${median(cpus[name]).toFixed(0)} | ${counts[name]} |`,
      );
    }
    console.log(`\n${ROUNDS} rounds; 1-minute load as each round started ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; load after ${load()}`);
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
