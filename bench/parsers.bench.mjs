#!/usr/bin/env node
// JavaScript/TypeScript parsers for discovery, side by side (issue 16): TypeScript's own
// `ts.createSourceFile`, typescript-estree's `parse` (TypeScript's tree converted to ESTree), `parseJs`
// (@typescript-eslint/parser's parseForESLint: the conversion plus scope analysis, what discovery ran
// before), oxc-parser's native binding and its WebAssembly build (as the VS Code extension loads it; with
// --wasi-binding DIR, the threaded @oxc-parser/binding-wasm32-wasi installed in DIR too), and the scope
// analysis of @typescript-eslint/scope-manager run on oxc's tree. Every figure is a ratio to
// `ts.createSourceFile` measured in the same rounds: the runs are interleaved (one of each per round,
// in a rotating order) and each ratio is the median over the rounds of (parser ÷ TypeScript).
//
// It first checks what discovery needs of oxc's tree (stops with an error if any check fails):
// UTF-16 offsets after non-ASCII text, comments with ranges, JSX, TypeScript syntax, and an error for
// invalid input.
//
//   pnpm build && node parsers.bench.mjs              (from bench/; --rounds N, --files N, --wasi-binding DIR)
//
// Inputs: the 10,000-line TypeScript file of lsp.bench.mjs (ts-document.mjs), and a deterministic
// sample of the workspace's node_modules JavaScript (every real .js/.mjs/.cjs file under 1 MB whose
// lines are under 5,000 characters, sorted by path, every k-th one), parsed file by file.
import './node.mjs';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readFileSync, rmSync } from 'node:fs';
import { collectCorpus } from './eslint/corpus.mjs';
import { generateDocument } from './ts-document.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, files: { type: 'string', default: '400' }, 'wasi-binding': { type: 'string' } } });
const ROUNDS = Number(values.rounds);
const FILES = Number(values.files);

const fromDiscovery = createRequire(path.join(ROOT, 'packages/discovery/package.json'));
const ts = fromDiscovery('typescript');
const fromParser = createRequire(fromDiscovery.resolve('@typescript-eslint/parser'));
const estree = fromParser('@typescript-eslint/typescript-estree');
const scopeManager = fromParser('@typescript-eslint/scope-manager');
const discovery = await import(pathToFileURL(path.join(ROOT, 'packages/discovery/dist/index.js')).href);
const oxc = await import(pathToFileURL(fromDiscovery.resolve('oxc-parser')).href);
/**
 * oxc-parser's WebAssembly build as the VS Code extension's server loads it: `parser.wasm32-wasip1.wasm`
 * from dist/ (pnpm build copies it there), through packages/vscode/src/oxc-wasm.ts, bundled here by esbuild
 * into a temporary file.
 */
function loadExtensionWasm() {
  const vscode = path.join(ROOT, 'packages/vscode');
  const esbuild = createRequire(path.join(vscode, 'package.json'))('esbuild');
  const outfile = path.join(os.tmpdir(), `urilint-oxc-wasm-${process.pid}.cjs`);
  esbuild.buildSync({ entryPoints: [path.join(vscode, 'src/oxc-wasm.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'error' });
  try {
    return createRequire(import.meta.url)(outfile).loadOxcWasm(path.join(vscode, 'dist'));
  } finally {
    rmSync(outfile, { force: true });
  }
}
let wasm;
try {
  wasm = loadExtensionWasm();
} catch (error) {
  console.error(`oxc-parser (WebAssembly) left out: ${error instanceof Error ? error.message : error}`);
}
/** --wasi-binding DIR: also @oxc-parser/binding-wasm32-wasi (the threaded WASI flavour) installed in DIR, which no package here depends on. */
let wasiThreads;
if (values['wasi-binding']) wasiThreads = createRequire(path.join(path.resolve(values['wasi-binding']), 'package.json'))('@oxc-parser/binding-wasm32-wasi');

function check(condition, message) {
  if (!condition) {
    console.error(`oxc-parser: ${message}`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// What discovery needs of the tree

function checkTree(parse, label) {
  const text = '// héllo 😀 https://a.example/x\nconst s = "ü😀"; fetch("http://a%20b/" + s);\nlet j = <a href="x">é</a>;\ntype T = { a: string };\n';
  const result = parse('f.tsx', text, { range: true, sourceType: 'module', astType: 'ts', preserveParens: false });
  // A binding's result hands each field over once (a second read is empty): read it once.
  const raw = result.program;
  const program = typeof raw === 'string' ? JSON.parse(raw).node : raw;
  const comments = result.comments;
  check(result.errors.length === 0, `${label}: errors on valid TSX`);
  check(comments.length === 1 && text.slice(comments[0].start, comments[0].end) === '// héllo 😀 https://a.example/x', `${label}: comment range is not in UTF-16 code units`);
  const argument = program.body[1].expression.arguments[0];
  check(text.slice(...argument.range) === '"http://a%20b/" + s', `${label}: a node after non-ASCII text is not at its UTF-16 range`);
  check(program.body[2].declarations[0].init.type === 'JSXElement', `${label}: no JSX`);
  check(program.body[3].type === 'TSTypeAliasDeclaration', `${label}: no TS-ESTree node`);
  const invalid = parse('f.ts', 'const x = ;', { range: true });
  check(invalid.errors.length > 0, `${label}: no error for invalid input`);
}

checkTree(oxc.parseSync, 'native');
if (wasm) checkTree(wasm.parseSync, 'wasm');
if (wasiThreads) checkTree(wasiThreads.parseSync, 'wasm32-wasi');

// ---------------------------------------------------------------------------------------------
// Inputs

const document = generateDocument(10_000, 5987).text;
const all = collectCorpus().files.filter((file) => /\.(?:js|mjs|cjs)$/.test(file)).sort();
const step = Math.max(1, Math.floor(all.length / FILES));
const sample = all.filter((_, index) => index % step === 0).slice(0, FILES).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
// typescript-estree, like discovery, must parse each: those it rejects (and oxc too) are left out.
const corpus = sample.filter(({ text }) => {
  try {
    estree.parse(text, { range: true, comment: true, jsx: true });
    return oxc.parseSync('f.jsx', text, { range: true }).errors.length === 0;
  } catch {
    return false;
  }
});

// ---------------------------------------------------------------------------------------------
// Parsers

const OXC_OPTIONS = { range: true, sourceType: 'module', astType: 'ts', preserveParens: false };
const consume = (result) => (result.program.body.length >= 0 ? result.comments.length : 0);
const parsers = {
  'ts.createSourceFile': (name, text) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false, name.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX),
  'typescript-estree parse': (name, text) => estree.parse(text, { range: true, comment: true, jsx: !name.endsWith('.ts') }),
  'parseJs (parseForESLint: + scope analysis)': (name, text) => discovery.parseJs(text, { filePath: name }),
  'oxc-parser (native)': (name, text) => consume(oxc.parseSync(name, text, OXC_OPTIONS)),
  'oxc-parser (native) + scope-manager analyze': (name, text) => scopeManager.analyze(oxc.parseSync(name, text, OXC_OPTIONS).program, { sourceType: 'module', jsxPragma: null, lib: ['esnext'] }),
  'parseNative (discovery: oxc + parents + scopes)': (name, text) => discovery.parseNative(text, { filePath: name }),
};
if (wasm) parsers['oxc-parser (WebAssembly, wasip1: the VS Code extension\'s)'] = (name, text) => consume(wrapWasm(wasm.parseSync(name, text, OXC_OPTIONS)));
if (wasiThreads) parsers['oxc-parser (WebAssembly, @oxc-parser/binding-wasm32-wasi)'] = (name, text) => consume(wrapWasm(wasiThreads.parseSync(name, text, OXC_OPTIONS)));
if (typeof discovery.parseNative !== 'function') delete parsers['parseNative (discovery: oxc + parents + scopes)'];

function wrapWasm(result) {
  return { program: JSON.parse(result.program).node, comments: result.comments };
}

const inputs = {
  '10,000-line TypeScript (ts-document.mjs)': [{ name: 'api-client.ts', text: document }],
  [`node_modules JavaScript (${corpus.length} files)`]: corpus.map(({ file, text }) => ({ name: path.basename(file).replace(/\.[mc]?js$/, '.js'), text })),
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

console.error(`node ${process.version} · ${os.cpus()[0]?.model ?? 'cpu'} · ${os.cpus().length} cores · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const [label, files] of Object.entries(inputs)) {
  const bytes = files.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0);
  const names = Object.keys(parsers);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = -2; round < ROUNDS; round++) {
    // Rotate the order so that no parser always runs right after a collection of another's garbage.
    const order = names.map((_, i) => names[(i + round + 2) % names.length]);
    for (const name of order) {
      const parse = parsers[name];
      const start = performance.now();
      for (const { name: file, text } of files) parse(file, text);
      const elapsed = performance.now() - start;
      if (round >= 0) times[name].push(elapsed);
    }
  }
  const base = times['ts.createSourceFile'];
  console.log(`\n${label}: ${(bytes / 1e6).toFixed(2)} MB, ${ROUNDS} rounds · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('| parser | × ts.createSourceFile (median of per-round ratios) |');
  console.log('| --- | ---: |');
  for (const name of names) console.log(`| ${name} | ${median(times[name].map((t, i) => t / base[i])).toFixed(2)}× |`);
}
