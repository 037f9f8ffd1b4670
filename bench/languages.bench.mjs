#!/usr/bin/env node
// The languages read on tree-sitter (issue 31), against the tree-sitter parse alone, as ratios
// measured in one run. A benchmark, never a test.
//
// (i) Reading: for each language, a set of real files (every file of the language under --corpus,
//     sorted by path, every k-th one up to --files), read as `urilint scan` reads them
//     (`discoverDocument`, then every rule of `recommended`: all findings) against the tree-sitter
//     parse alone of the same files (the same grammar's WebAssembly, `parser.parse`, the tree freed).
//     Each round times both over the whole set, in alternating order; the figure is the median over
//     the rounds of (reading ÷ parse), in CPU time (`process.cpuUsage`) and wall time.
// (ii) The language server's cold diagnostics over stdio: the built server (`urilint-language-server
//     --stdio`) is started as an editor starts it; each round opens a new 10,000-line Python or Go
//     document (a text never analysed before; program-document.mjs) and times the wall time from
//     sending `didOpen` to receiving its `publishDiagnostics`; the same text is then parsed alone by
//     tree-sitter in this process. The figure is the median of per-round ratios. The server's CPU
//     time over all timed rounds (from /proc) is given beside it, against the parses' CPU time.
//
//   node bench/languages.bench.mjs --corpus /work/survey/31l            (a folder of checkouts)
//   node bench/languages.bench.mjs --corpus DIR --node .ci/node24/node_modules/.bin/node
//   options: --rounds N (15), --files N (per language, 150), --lines N (10000), --lsp-rounds N (20)
//
// Targets (issue 31): reading ≤ 2× the parse alone; cold diagnostics ≤ 1.5× the parse alone.
// After `pnpm build`.
import './node.mjs';
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateGo, generatePython } from './program-document.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READ_TARGET = 2;
const COLD_TARGET = 1.5;
const WARMUP = 3;

function fail(message) {
  process.stderr.write(`languages.bench: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({ options: { corpus: { type: 'string' }, rounds: { type: 'string', default: '15' }, files: { type: 'string', default: '150' }, lines: { type: 'string', default: '10000' }, 'lsp-rounds': { type: 'string', default: '20' }, 'max-size': { type: 'string', default: '500000' } } });
const rounds = Number(values.rounds);
const perLanguage = Number(values.files);
const lines = Number(values.lines);
const lspRounds = Number(values['lsp-rounds']);
if (values.corpus === undefined || !existsSync(values.corpus)) fail('usage: node bench/languages.bench.mjs --corpus <folder of checkouts> [--rounds N] [--files N] [--lines N] [--lsp-rounds N]');
if (![rounds, perLanguage, lines, lspRounds].every((n) => Number.isInteger(n) && n > 0)) fail('--rounds, --files, --lines and --lsp-rounds take positive integers');

const discoveryEntry = path.join(ROOT, 'packages/discovery/dist/index.js');
const serverBin = path.join(ROOT, 'packages/language-server/dist/bin.js');
if (!existsSync(discoveryEntry) || !existsSync(serverBin)) fail('build first (`pnpm build`)');
const discovery = await import(pathToFileURL(discoveryEntry).href);
const fromDiscovery = createRequire(path.join(ROOT, 'packages/discovery/package.json'));
// The same module instance discovery runs on (required from the same place).
const { Parser, Language } = fromDiscovery('web-tree-sitter');

/** Languages, the extensions of their files, their source kind and their grammar's package. */
const LANGUAGES = [
  { kind: 'python', extensions: ['.py'], grammar: 'tree-sitter-python' },
  { kind: 'go', extensions: ['.go'], grammar: 'tree-sitter-go' },
  { kind: 'rust', extensions: ['.rs'], grammar: 'tree-sitter-rust' },
  { kind: 'java', extensions: ['.java'], grammar: 'tree-sitter-java' },
  { kind: 'kotlin', extensions: ['.kt', '.kts'], grammar: 'tree-sitter-kotlin' },
  { kind: 'csharp', extensions: ['.cs'], grammar: 'tree-sitter-c-sharp' },
  { kind: 'ruby', extensions: ['.rb'], grammar: 'tree-sitter-ruby' },
  { kind: 'php', extensions: ['.php'], grammar: 'tree-sitter-php' },
  { kind: 'shell', extensions: ['.sh', '.bash'], grammar: 'tree-sitter-bash' },
];
// Each grammar's WebAssembly file, where discovery finds it.
const { wasmFile: wasmOf } = await import(pathToFileURL(path.join(ROOT, 'packages/discovery/dist/parsers.js')).href);

// ---------------------------------------------------------------------------------------------
// Measuring

const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const measure = (run) => {
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
const x = (value) => `${value.toFixed(2)}×`;

/** Every file of `extensions` under `dir` (no node_modules, vendor or dot folders), sorted by path. */
function filesUnder(dir, extensions, maxSize) {
  const found = [];
  const walk = (at) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      // A symbolic link is followed (a corpus folder may link checkouts kept elsewhere).
      const stat = entry.isSymbolicLink() ? statSync(full, { throwIfNoEntry: false }) : entry;
      if (stat === undefined) continue;
      if (stat.isDirectory()) {
        if (!entry.name.startsWith('.') && entry.name !== 'node_modules' && entry.name !== 'vendor') walk(full);
      } else if (stat.isFile() && extensions.some((ext) => entry.name.endsWith(ext)) && statSync(full).size <= maxSize) found.push(full);
    }
  };
  walk(dir);
  return found.sort();
}

/** Every k-th of `files`, at most `count`. */
const sample = (files, count) => (files.length <= count ? files : files.filter((_, i) => i % Math.ceil(files.length / count) === 0));

const recommended = Object.fromEntries(discovery.presetRules('recommended').map((name) => [name, discovery.presetOptions(name, 'recommended')]));
/** What `urilint scan` does with one file's text: its URIs, then every rule of `recommended`. */
const readFile = (text, kind, filePath) => {
  const found = discovery.discoverDocument(text, kind, { filePath });
  return discovery.runRules(found.candidates, recommended, found.sourceCode, undefined, {}).length;
};

const loadAtStart = load1();
console.log(`# languages on tree-sitter against the tree-sitter parse alone, ${new Date().toISOString().slice(0, 16)} UTC`);
console.log(`node ${process.version} · ${os.cpus().length} cores · load (1 min) ${loadAtStart} at the start · corpus ${path.resolve(values.corpus)}`);
console.log('');

// ---------------------------------------------------------------------------------------------
// (i) Reading against the parse alone

await Parser.init({ locateFile: () => wasmOf('web-tree-sitter') });
const readRows = [];
for (const language of LANGUAGES) {
  const files = sample(filesUnder(values.corpus, language.extensions, Number(values['max-size'])), perLanguage).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  if (files.length === 0) continue;
  await discovery.loadGrammarsFor([language.kind]);
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasmOf(language.grammar)));
  const parseAll = () => {
    for (const { text } of files) parser.parse(text)?.delete();
  };
  let findings = 0;
  const readAll = () => {
    findings = 0;
    for (const { file, text } of files) findings += readFile(text, language.kind, file);
  };
  const samples = { parse: [], read: [] };
  for (let i = 0; i < WARMUP + rounds; i++) {
    const order = i % 2 === 0 ? ['parse', 'read'] : ['read', 'parse'];
    const round = {};
    for (const name of order) round[name] = measure(name === 'parse' ? parseAll : readAll);
    if (i < WARMUP) continue;
    samples.parse.push(round.parse);
    samples.read.push(round.read);
  }
  parser.delete();
  const ratio = (key) => median(samples.read.map((s, i) => s[key] / samples.parse[i][key]));
  const ms = (name, key) => median(samples[name].map((s) => s[key])).toFixed(1);
  const lineCount = files.reduce((sum, { text }) => sum + text.split('\n').length, 0);
  readRows.push({ kind: language.kind, files: files.length, lines: lineCount, findings, cpu: ratio('cpu'), wall: ratio('wall'), parseMs: ms('parse', 'cpu'), readMs: ms('read', 'cpu') });
}
console.log(`## (i) reading (discoverDocument + every rule of recommended) ÷ tree-sitter parse alone, same files · ${rounds} rounds (+${WARMUP} warm-up) · target ≤ ${READ_TARGET}×`);
console.log('');
console.log('| language | files | lines | findings | CPU time | wall time | CPU ms: parse / read (medians) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of readRows) console.log(`| ${row.kind} | ${row.files} | ${row.lines.toLocaleString('en-US')} | ${row.findings} | ${x(row.cpu)} | ${x(row.wall)} | ${row.parseMs} / ${row.readMs} |`);
console.log(`load (1 min) ${load1()} after (i)`);
console.log('');

// ---------------------------------------------------------------------------------------------
// (ii) The language server's cold diagnostics over stdio against the parse alone

/** A language server over stdio: JSON-RPC with Content-Length headers. */
function startServer() {
  const child = spawn(process.execPath, [serverBin, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = Buffer.alloc(0);
  let nextId = 1;
  const pending = new Map();
  const waiting = new Map();
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
      buffer = buffer.subarray(headerEnd + 4 + length);
      const at = performance.now();
      if (message.id !== undefined && message.method === undefined) {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      } else if (message.id !== undefined) {
        // A request of the server's (configuration, registration): answered with nothing.
        send({ jsonrpc: '2.0', id: message.id, result: message.method === 'workspace/configuration' ? message.params.items.map(() => null) : null });
      } else if (message.method === 'textDocument/publishDiagnostics') {
        waiting.get(message.params.uri)?.({ at, diagnostics: message.params.diagnostics });
        waiting.delete(message.params.uri);
      }
    }
  });
  const send = (message) => {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  };
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      send({ jsonrpc: '2.0', id, method, params });
    });
  const notify = (method, params) => send({ jsonrpc: '2.0', method, params });
  const diagnosticsOf = (uri) => new Promise((resolve) => waiting.set(uri, resolve));
  /** The server's CPU milliseconds so far (utime + stime from /proc). */
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  };
  return { child, request, notify, diagnosticsOf, cpuMs };
}

const server = startServer();
await server.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
server.notify('initialized', {});

const coldRows = [];
for (const [kind, languageId, generate, grammar, ext] of [
  ['python', 'python', generatePython, 'tree-sitter-python', 'py'],
  ['go', 'go', generateGo, 'tree-sitter-go', 'go'],
]) {
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasmOf(grammar)));
  const ratios = [];
  const serverMs = [];
  const parseMs = [];
  let serverCpu = 0;
  let parseCpu = 0;
  let diagnostics = 0;
  for (let i = 0; i < WARMUP + lspRounds; i++) {
    const { text } = generate(lines, 31_000 + i);
    const uri = `file:///bench/languages-cold/${kind}-${i}.${ext}`;
    const cpuBefore = server.cpuMs();
    const published = server.diagnosticsOf(uri);
    const start = performance.now();
    server.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    const { at, diagnostics: list } = await published;
    const wall = at - start;
    const cpuAfter = server.cpuMs();
    server.notify('textDocument/didClose', { textDocument: { uri } });
    const parse = measure(() => parser.parse(text)?.delete());
    if (i < WARMUP) continue;
    ratios.push(wall / parse.wall);
    serverMs.push(wall);
    parseMs.push(parse.wall);
    serverCpu += cpuAfter - cpuBefore;
    parseCpu += parse.cpu;
    diagnostics += list.length;
  }
  parser.delete();
  coldRows.push({ kind, ratio: median(ratios), serverMs: median(serverMs).toFixed(1), parseMs: median(parseMs).toFixed(1), cpuRatio: serverCpu / parseCpu, diagnostics: diagnostics / lspRounds });
}
await server.request('shutdown', null);
server.notify('exit', null);

console.log(`## (ii) the language server's cold diagnostics over stdio (didOpen → publishDiagnostics) ÷ tree-sitter parse alone of the same text · ${lspRounds} rounds (+${WARMUP} warm-up), a new ${lines.toLocaleString('en-US')}-line document each · target ≤ ${COLD_TARGET}×`);
console.log('');
console.log('| document | wall time (median of per-round ratios) | server CPU ÷ parse CPU (all rounds) | wall ms: server / parse (medians) | diagnostics per document |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of coldRows) console.log(`| ${row.kind} | ${x(row.ratio)} | ${x(row.cpuRatio)} | ${row.serverMs} / ${row.parseMs} | ${row.diagnostics} |`);
console.log(`load (1 min) ${load1()} at the end`);
