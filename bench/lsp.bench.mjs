#!/usr/bin/env node
// Latency of the urilint language service (@urilint/language-server's `service`) on one large
// TypeScript document, as an editor sees it: hovers on an analysed version, diagnostics of a new
// document, and diagnostics again after a one-character edit. A benchmark, never a test.
//
//   pnpm --filter @urilint/bench run bench:lsp        (after `pnpm build` at the repo root)
//   node lsp.bench.mjs --lines 2000                   (from bench/: a 2,000-line file instead of 10,000)
//   node lsp.bench.mjs --json > lsp-results.json      (results as JSON on stdout; the table goes to stderr)
//
// The document is generated (ts-document.mjs) from a seeded PRNG (mulberry32), the same on every run: an API
// client and React-ish components (no JSX: it is a .ts file) with `fetch`, `new URL`, axios-like
// calls, templates with `${}`, string constants, comments with links and `url:` keys; about one URI
// every 5–10 lines, a few percent of them with a problem (a space, `%zz`, `|`). The service is
// called in-process, without the LSP transport: the figures are the service's compute time.
import './node.mjs';
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setImmediate } from 'node:timers';
import { parseArgs } from 'node:util';
import { generateDocument, mulberry32 } from './ts-document.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = {
  core: path.join(ROOT, 'packages/core/dist/index.js'),
  discovery: path.join(ROOT, 'packages/discovery/dist/index.js'),
  'language-server': path.join(ROOT, 'packages/language-server/dist/service/index.js'),
};

const DEFAULT_LINES = 10_000;
const SEED = 5987; // the document hovered and edited
const HOVERS = 1000;
const HOVER_WARMUP = 50;
const WARMUP = 5; // untimed calls before each timed series of diagnostics
const REPEATS = 25; // timed calls of each series (the brief asks for at least 20)
const TARGETS = { hoverP99: 5, fullMedian: 50, editMedian: 10 }; // ms
const EDIT_RATIO_TARGET = 0.25; // issue 16: re-diagnosis after an edit ≤ 0.25× ts.createSourceFile on the same text
const COLD_RATIO_TARGET = 1.0; // issue 16: cold diagnostics of a new file ≤ 1.0× ts.createSourceFile on the same text
const CODE_EDIT_RATIO_TARGET = 1.0; // issue 33: re-diagnosis after a character typed in code (the tree changes) ≤ 1.0× ts.createSourceFile on the same text

// ---------------------------------------------------------------------------------------------
// Options, and the built packages

function fail(message, code = 1) {
  process.stderr.write(`lsp.bench: ${message}\n`);
  process.exit(code);
}

function readOptions(argv) {
  try {
    const { values } = parseArgs({ args: argv, options: { lines: { type: 'string' }, json: { type: 'boolean', default: false } } });
    const lines = values.lines === undefined ? DEFAULT_LINES : Number(values.lines);
    if (!Number.isInteger(lines) || lines < 1000) throw new Error(`--lines must be an integer of at least 1000, got ${values.lines}`);
    return { lines, json: values.json };
  } catch (error) {
    return fail(`${error.message}\nusage: node lsp.bench.mjs [--lines <N, default ${DEFAULT_LINES}>] [--json]`);
  }
}

async function loadPackages() {
  const missing = Object.entries(DIST).filter(([, file]) => !existsSync(file));
  if (missing.length > 0) {
    fail(
      `${missing.map(([, file]) => path.relative(ROOT, file)).join(', ')} missing: the packages are not built.\n` +
        'Build them first: `pnpm build` at the repo root (about a minute), then `pnpm --filter @urilint/bench run bench:lsp`.',
      2,
    );
  }
  try {
    const service = await import('@urilint/language-server/service');
    const discovery = await import(pathToFileURL(DIST.discovery).href);
    const { TextDocument } = await import('vscode-languageserver-textdocument');
    // TypeScript's parser, as discovery resolves it: the reference every ratio is taken against.
    const fromDiscovery = createRequire(path.join(ROOT, 'packages/discovery/package.json'));
    const ts = fromDiscovery('typescript');
    for (const name of ['createLanguageService', 'normalizeSettings']) if (typeof service[name] !== 'function') throw new Error(`the service does not export ${name}()`);
    for (const name of ['parseNative', 'loadNative', 'nativeRawTransfer', 'discoverJs', 'runRules', 'presetRules']) if (typeof discovery[name] !== 'function') throw new Error(`discovery does not export ${name}()`);
    // The oxc-parser module the native reader loaded: for the phase split (its parse and hand-over alone).
    const oxc = discovery.loadNative();
    if (oxc === null) throw new Error(`the native parser does not load here (${discovery.nativeUnavailable?.()})`);
    return { service, discovery, TextDocument, ts, oxc };
  } catch (error) {
    return fail(`cannot load the built packages (${error.message}).\nRebuild them: \`pnpm build\` at the repo root.`, 2);
  }
}

/** What was measured: the commit, whether packages/ had uncommitted changes, when and what was built. */
function buildInfo() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return undefined;
    }
  };
  const filesUnder = (dir, test) => {
    const out = [];
    const walk = (at) => {
      for (const entry of readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (test(entry.name)) out.push(full);
      }
    };
    if (existsSync(dir)) walk(dir);
    return out.sort();
  };
  const packages = {};
  for (const name of Object.keys(DIST)) {
    const dir = path.join(ROOT, 'packages', name);
    const dist = filesUnder(path.join(dir, 'dist'), (file) => file.endsWith('.js'));
    const src = filesUnder(path.join(dir, 'src'), (file) => file.endsWith('.ts'));
    const hash = createHash('sha256');
    for (const file of dist) hash.update(path.relative(dir, file)).update(readFileSync(file));
    const builtAt = Math.min(...dist.map((file) => statSync(file).mtimeMs));
    const newerSources = src.filter((file) => statSync(file).mtimeMs > builtAt).map((file) => path.relative(ROOT, file));
    packages[name] = { distBuilt: new Date(builtAt).toISOString(), distSha256: hash.digest('hex').slice(0, 16), sourcesNewerThanDist: newerSources };
  }
  const dirty = git('status', '--porcelain', '--', 'packages');
  return { commit: git('rev-parse', '--short', 'HEAD'), packagesUncommitted: dirty ? dirty.split('\n') : [], packages };
}

// ---------------------------------------------------------------------------------------------
// The generated document

// ---------------------------------------------------------------------------------------------
// Statistics and output

const time = (run) => {
  const start = performance.now();
  const result = run();
  return { ms: performance.now() - start, result };
};
const sortedOf = (values) => [...values].sort((a, b) => a - b);
/** Nearest-rank percentile. */
const percentile = (values, p) => {
  const sorted = sortedOf(values);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => {
  const sorted = sortedOf(values);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const summary = (values) => ({
  n: values.length,
  median: median(values),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
  min: Math.min(...values),
  max: Math.max(...values),
  mean: values.reduce((a, b) => a + b, 0) / values.length,
});
const round = (value, digits = 3) => Number(value.toFixed(digits));
const load = () => os.loadavg().map((value) => round(value, 2));
const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${load().join(', ')}`;
  }
};
const integer = (value) => value.toLocaleString('en-US');
const ms = (value) => (value === undefined ? '' : value < 10 ? value.toFixed(2) : value.toFixed(1));
const ratio = (value) => (value === undefined ? '' : `${value.toFixed(3)}×`);

// ---------------------------------------------------------------------------------------------

async function main() {
  const { lines, json } = readOptions(process.argv.slice(2));
  const { service: lsp, discovery, TextDocument, ts, oxc } = await loadPackages();
  const build = buildInfo();
  const out = json ? (text) => process.stderr.write(`${text}\n`) : (text) => process.stdout.write(`${text}\n`);
  const log = (text) => process.stderr.write(`  ${text}\n`);
  const started = performance.now();
  const uptimeAtStart = uptime();
  const stale = Object.entries(build.packages).filter(([, info]) => info.sourcesNewerThanDist.length > 0);
  for (const [name, info] of stale) log(`WARNING: ${name}: ${info.sourcesNewerThanDist.length} source file(s) newer than its dist (${info.sourcesNewerThanDist[0]}…): run \`pnpm build\``);

  const service = lsp.createLanguageService();
  const settings = lsp.normalizeSettings(undefined);
  const filePath = '/bench/lsp/api-client.ts';
  const uriOf = (name) => `file:///bench/lsp/${name}.ts`;

  // The document, and one fresh text per cold call: the seeds differ, so no URI repeats from one to
  // the next except the shared hosts and constants a real codebase repeats too.
  log(`generating ${integer(lines)}-line documents…`);
  const hovered = generateDocument(lines, SEED);
  const coldSeeds = Array.from({ length: WARMUP + REPEATS }, (_, i) => SEED + 1 + i);
  const phaseSeeds = Array.from({ length: WARMUP + REPEATS }, (_, i) => SEED + 1001 + i);
  const coldTexts = coldSeeds.map((seed) => generateDocument(lines, seed).text);
  const phaseTexts = phaseSeeds.map((seed) => generateDocument(lines, seed).text);
  const loads = {};

  // 1. Hover, on an analysed version of the document.
  loads.hover = load();
  log(`hover: analysing the document, then ${HOVER_WARMUP} warm-up and ${HOVERS} timed hovers (load ${loads.hover.join(' ')})`);
  let document = TextDocument.create(uriOf('api-client'), 'typescript', 1, hovered.text);
  const first = time(() => service.provideDiagnostics(document, settings));
  const analysis = service.analyze(document, settings);
  const contexts = {};
  for (const candidate of analysis.candidates) contexts[candidate.context] = (contexts[candidate.context] ?? 0) + 1;
  const hoverRandom = mulberry32(SEED ^ 0x5bd1e995);
  const hoverPositions = (count) =>
    Array.from({ length: count }, () => {
      const [start, end] = analysis.uriRanges[Math.floor(hoverRandom() * analysis.uriRanges.length)];
      return document.positionAt(start + Math.floor(hoverRandom() * (end - start + 1)));
    });
  for (const position of hoverPositions(HOVER_WARMUP)) service.provideHover(document, position, settings);
  const hoverMs = [];
  let hoverMisses = 0;
  let hoverChars = 0;
  for (const position of hoverPositions(HOVERS)) {
    const start = performance.now();
    const hover = service.provideHover(document, position, settings);
    hoverMs.push(performance.now() - start);
    if (hover === null) hoverMisses++;
    else hoverChars += hover.contents.value.length;
  }

  // 2. Full-document diagnostics of a new document: a fresh URI each call, so no analysis is cached.
  //    `distinct`: a text never analysed before (another seed), then ts.createSourceFile on the same
  //    text right after (the per-round ratio); `same`: the hovered text again.
  // 3. Interleaved with them (so that both see the same load), the phases, timed one by one from
  //    outside on texts of other seeds again: what the service runs, in its order — parseNative (the
  //    native reader: oxc-parser, then one walk), discoverJs, runRules — then, on the same text, oxc's
  //    parse and hand-over alone (as the reader calls it: by raw transfer where supported), oxc with
  //    the JSON hand-over (Node 20's only one), and TypeScript's parser.
  const rawTransfer = (discovery.parseNative('x', { filePath }), discovery.nativeRawTransfer());
  const OXC_OPTIONS = { sourceType: 'module', astType: 'ts', range: true, preserveParens: false, lang: 'ts' };
  const oxcParse = (text, raw) => {
    const result = oxc.parseSync('file.ts', text, raw ? { ...OXC_OPTIONS, experimentalRawTransfer: true } : OXC_OPTIONS);
    return [result.program, result.comments, result.errors];
  };
  loads.full = load();
  log(`full diagnostics and phases: ${WARMUP} warm-up + ${REPEATS} timed rounds (load ${loads.full.join(' ')})`);
  const rules = Object.fromEntries(discovery.presetRules(settings.preset).map((name) => [name, {}]));
  const discoveryOptions = { sinks: settings.sinks, linkComponents: settings.linkComponents, comments: settings.comments };
  const full = { distinct: [], same: [] };
  const fullDiagnostics = { distinct: [], same: [] };
  const phases = { parseNative: [], discoverJs: [], runRules: [], oxc: [], oxcJson: [], tsParse: [], fallback: [] };
  const coldRef = { tsParse: [], ratio: [] };
  const fallbackCandidates = [];
  const seenUris = new Set(analysis.candidates.map((candidate) => candidate.uri));
  const seenBefore = [];
  for (let i = 0; i < WARMUP + REPEATS; i++) {
    const timed = i >= WARMUP;
    for (const kind of ['distinct', 'same']) {
      const uri = uriOf(`cold-${kind}-${i}`);
      const cold = TextDocument.create(uri, 'typescript', 1, kind === 'distinct' ? coldTexts[i] : hovered.text);
      const { ms: took, result } = time(() => service.provideDiagnostics(cold, settings));
      // Side by side: TypeScript's parser on the same text, right after.
      const tsParse = kind === 'distinct' ? time(() => ts.createSourceFile('api-client.ts', cold.getText(), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)) : undefined;
      if (kind === 'distinct') {
        // How many of this text's URIs an earlier text (or the hovered one) already had: discovery
        // parses and analyses each distinct URI string once per process, so those cost less.
        const uris = service.analyze(cold, settings).candidates.map((candidate) => candidate.uri);
        if (timed) seenBefore.push(uris.filter((value) => seenUris.has(value)).length / uris.length);
        for (const value of uris) seenUris.add(value);
      }
      service.forget(uri);
      if (!timed) continue;
      if (tsParse) {
        coldRef.tsParse.push(tsParse.ms);
        coldRef.ratio.push(took / tsParse.ms);
      }
      full[kind].push(took);
      fullDiagnostics[kind].push(result.length);
    }
    const parsed = time(() => discovery.parseNative(phaseTexts[i], { filePath }));
    const found = time(() => discovery.discoverJs(parsed.result, discoveryOptions));
    const checked = time(() => discovery.runRules(found.result, rules, parsed.result));
    const oxcAlone = time(() => oxcParse(phaseTexts[i], rawTransfer));
    const oxcJson = time(() => oxcParse(phaseTexts[i], false));
    const tsParse = time(() => ts.createSourceFile('api-client.ts', phaseTexts[i], ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
    // For comparison, discovery's fallback for a file that does not parse: TypeScript's parser
    // fails (on a stray `)` appended), then its scanner alone finds the literals and comments.
    const fallback = time(() => discovery.discoverJsText(`${phaseTexts[i]}\n)`, { filePath, ...discoveryOptions }));
    if (fallback.result.parseError === undefined) fail('the text with a stray `)` parsed: the fallback was not measured');
    if (!timed) continue;
    phases.fallback.push(fallback.ms);
    fallbackCandidates.push(fallback.result.candidates.length / found.result.length);
    phases.parseNative.push(parsed.ms);
    phases.discoverJs.push(found.ms);
    phases.runRules.push(checked.ms);
    phases.oxc.push(oxcAlone.ms);
    phases.oxcJson.push(oxcJson.ms);
    phases.tsParse.push(tsParse.ms);
  }
  // Turning a cached analysis into LSP diagnostics (ranges, data): the same version again.
  const conversion = [];
  for (let i = 0; i < WARMUP + REPEATS; i++) {
    const { ms: took } = time(() => service.provideDiagnostics(document, settings));
    if (i >= WARMUP) conversion.push(took);
  }

  // 4. One character typed inside a URL string in the middle half of the document, then its
  //    diagnostics; each edit on another line, one after the other on the same document.
  loads.edit = load();
  log(`edits: ${WARMUP} warm-up + ${REPEATS} timed edits (load ${loads.edit.join(' ')})`);
  const editRandom = mulberry32(SEED ^ 0x2545f491);
  const text = document.getText();
  const byLine = new Map();
  analysis.candidates.forEach((candidate, index) => {
    if (candidate.context === 'prose' || candidate.holes.length > 0) return;
    const [start, end] = analysis.uriRanges[index];
    if (text.slice(start, end) !== candidate.uri) return; // no escapes: the range is the string's own text
    const line = document.positionAt(start).line;
    if (line < lines * 0.25 || line > lines * 0.75 || byLine.has(line)) return;
    // Typing inside a word of the URI: after a lowercase letter, never at its end.
    const spots = [];
    for (let at = start + 1; at < end; at++) if (/[a-z]/.test(text[at - 1])) spots.push(at);
    if (spots.length > 0) byLine.set(line, spots);
  });
  const editLines = [...byLine.keys()];
  for (let i = editLines.length - 1; i > 0; i--) {
    const j = Math.floor(editRandom() * (i + 1));
    [editLines[i], editLines[j]] = [editLines[j], editLines[i]];
  }
  if (editLines.length < WARMUP + REPEATS) fail(`only ${editLines.length} lines of the middle half hold a URL string to edit; use more --lines`);
  const edits = editLines.slice(0, WARMUP + REPEATS).map((line) => {
    const spots = byLine.get(line);
    return { position: document.positionAt(spots[Math.floor(editRandom() * spots.length)]), char: 'abcdefghijklmnopqrstuvwxyz'[Math.floor(editRandom() * 26)] };
  });
  const edit = { update: [], diagnostics: [], tsParse: [], ratio: [], count: [], lines: [], derived: [], rediscovered: [], diffed: [] };
  for (const [i, { position, char }] of edits.entries()) {
    // Other lines are untouched by earlier edits, so positions taken on version 1 still hold. The
    // change goes through the service's `updateDocument`, as the server's TextDocuments applies a
    // didChange: a range and a text, which the service reads instead of comparing the texts.
    const updated = time(() => lsp.updateDocument(document, [{ range: { start: position, end: position }, text: char }], document.version + 1));
    document = updated.result;
    const { ms: took, result } = time(() => service.provideDiagnostics(document, settings));
    // Side by side: TypeScript's parser on the same edited text, right after.
    const tsParse = time(() => ts.createSourceFile('api-client.ts', document.getText(), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
    const after = service.analyze(document, settings);
    if (after.version !== document.version) fail('the analysis after an edit is not of the edited version');
    if (i < WARMUP) continue;
    // Whether the service applied the edit to the last version's tree (no parse) or parsed again.
    edit.derived.push(after.work ? !after.work.parsed : after.derived === true);
    edit.rediscovered.push(after.work?.rediscovered ?? null);
    edit.diffed.push(after.work?.diffed ?? null);
    edit.update.push(updated.ms);
    edit.tsParse.push(tsParse.ms);
    edit.ratio.push(took / tsParse.ms);
    edit.diagnostics.push(took);
    edit.count.push(result.length);
    edit.lines.push(position.line + 1);
    // The next keystroke comes after a turn of the event loop, as in an editor: the service's idle step (setting a freshly parsed tree up for edits) runs there, off the timed request.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // 5. Typing code, not a URL: an `x` typed on an empty line of the middle half (the tree changes:
  //    a new expression statement), then its diagnostics; each on another empty line, one after the
  //    other on the same document, after the URL edits above.
  loads.code = load();
  log(`code edits: ${WARMUP} warm-up + ${REPEATS} timed edits (load ${loads.code.join(' ')})`);
  const codeRandom = mulberry32(SEED ^ 0x68e31da4);
  const emptyLines = [];
  for (let line = Math.ceil(lines * 0.25); line <= lines * 0.75; line++) {
    const start = document.offsetAt({ line, character: 0 });
    const end = document.offsetAt({ line: line + 1, character: 0 });
    if (/^\r?\n$/.test(document.getText().slice(start, end))) emptyLines.push(line);
  }
  for (let i = emptyLines.length - 1; i > 0; i--) {
    const j = Math.floor(codeRandom() * (i + 1));
    [emptyLines[i], emptyLines[j]] = [emptyLines[j], emptyLines[i]];
  }
  if (emptyLines.length < WARMUP + REPEATS) fail(`only ${emptyLines.length} empty lines in the middle half; use more --lines`);
  const code = { diagnostics: [], tsParse: [], ratio: [], count: [], lines: [], derived: [] };
  for (const [i, line] of emptyLines.slice(0, WARMUP + REPEATS).entries()) {
    const position = { line, character: 0 };
    document = lsp.updateDocument(document, [{ range: { start: position, end: position }, text: 'x' }], document.version + 1);
    const { ms: took, result } = time(() => service.provideDiagnostics(document, settings));
    const tsParse = time(() => ts.createSourceFile('api-client.ts', document.getText(), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
    const after = service.analyze(document, settings);
    if (after.version !== document.version) fail('the analysis after a code edit is not of the edited version');
    if (after.parseError) fail(`the document with an \`x\` typed on line ${line + 1} does not parse: ${after.parseError}`);
    if (i >= WARMUP) {
      code.derived.push(after.work ? !after.work.parsed : after.derived === true);
      code.tsParse.push(tsParse.ms);
      code.ratio.push(took / tsParse.ms);
      code.diagnostics.push(took);
      code.count.push(result.length);
      code.lines.push(line + 1);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  loads.end = load();
  const uptimeAtEnd = uptime();

  // Document statistics, from the hovered document's first analysis.
  const candidates = analysis.candidates.length;
  const doc = {
    lines,
    bytes: Buffer.byteLength(hovered.text),
    seed: SEED,
    sections: hovered.sections,
    exports: Math.min(5, hovered.sections),
    candidates,
    linesPerUri: lines / candidates,
    candidatesByContext: contexts,
    plantedProblems: hovered.planted,
    findings: analysis.findings.length,
    findingsByRule: analysis.findings.reduce((by, finding) => ({ ...by, [finding.rule]: (by[finding.rule] ?? 0) + 1 }), {}),
    parseError: analysis.parseError ?? null,
    firstAnalysisMs: first.ms,
  };
  if (analysis.parseError) fail(`the generated document does not parse: ${analysis.parseError}`);

  const s = {
    hover: summary(hoverMs),
    fullDistinct: summary(full.distinct),
    fullSame: summary(full.same),
    edit: summary(edit.diagnostics),
    ...(edit.derived.some(Boolean) ? { editDerived: summary(edit.diagnostics.filter((_, i) => edit.derived[i])) } : {}),
    ...(edit.derived.some((derived) => !derived) ? { editParsed: summary(edit.diagnostics.filter((_, i) => !edit.derived[i])) } : {}),
    update: summary(edit.update),
    editTsParse: summary(edit.tsParse),
    editRatio: summary(edit.ratio),
    ...(edit.derived.some(Boolean) ? { editRatioDerived: summary(edit.ratio.filter((_, i) => edit.derived[i])) } : {}),
    codeEdit: summary(code.diagnostics),
    codeEditTsParse: summary(code.tsParse),
    codeEditRatio: summary(code.ratio),
    conversion: summary(conversion),
    coldTsParse: summary(coldRef.tsParse),
    coldRatio: summary(coldRef.ratio),
    ...Object.fromEntries(Object.entries(phases).map(([name, values]) => [name, summary(values)])),
  };
  const met = {
    hoverP99: s.hover.p99 <= TARGETS.hoverP99,
    fullMedian: s.fullDistinct.median <= TARGETS.fullMedian,
    editMedian: s.edit.median <= TARGETS.editMedian,
    editRatio: s.editRatio.median <= EDIT_RATIO_TARGET,
    coldRatio: s.coldRatio.median <= COLD_RATIO_TARGET,
    codeEditRatio: s.codeEditRatio.median <= CODE_EDIT_RATIO_TARGET,
  };
  const split = {
    tsParse: s.tsParse.median,
    oxc: s.oxc.median,
    oxcJson: s.oxcJson.median,
    walk: s.parseNative.median - s.oxc.median,
    discoverJs: s.discoverJs.median,
    runRules: s.runRules.median,
    toLspDiagnostics: s.conversion.median,
  };
  split.rest = s.fullDistinct.median - (s.parseNative.median + s.discoverJs.median + s.runRules.median + s.conversion.median);
  const wallSeconds = (performance.now() - started) / 1000;

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: { node: process.version, cpu: cpus[0]?.model.trim(), cores: cpus.length, platform: `${os.platform()} ${os.arch()} ${os.release()}`, memoryGB: Math.round(os.totalmem() / 2 ** 30) },
    build,
    uptime: { start: uptimeAtStart, end: uptimeAtEnd },
    loadAverageAtSectionStart: loads,
    settings: { preset: settings.preset, rules: Object.keys(rules), comments: settings.comments },
    document: doc,
    method: {
      hovers: HOVERS,
      hoverWarmup: HOVER_WARMUP,
      warmup: WARMUP,
      repeats: REPEATS,
      percentile: 'nearest rank',
      full: 'provideDiagnostics on a TextDocument with a URI never analysed; distinct: a text of another seed each call; same: the hovered text again',
      edit: "one letter inserted inside a URL string (no holes, no escapes) on a different line in the middle half each time, the service's updateDocument (a didChange range, as the server applies it) to version + 1, then provideDiagnostics; then ts.createSourceFile on the same edited text, and the ratio of the two per edit (median of the ratios)",
      codeEdit: "an `x` typed at the start of an empty line (a new expression statement: the tree changes) on a different line of the middle half each time, after the URL edits, through updateDocument to version + 1, then provideDiagnostics; then ts.createSourceFile on the same edited text, and the ratio of the two per edit (median of the ratios)",
      cold: 'each distinct full-diagnostics call is followed by ts.createSourceFile on the same text; the ratio of the two per round (median of the ratios)',
      phases: `interleaved with the full-diagnostics calls, on texts of other seeds, each phase timed alone: parseNative (oxc-parser, hand-over by ${rawTransfer ? 'raw transfer' : 'JSON'}, then the reader's one walk), discoverJs, runRules (recommended preset); then on the same text oxc-parser's parseSync alone as the reader calls it, oxc-parser with the JSON hand-over, ts.createSourceFile, and discoverJsText on the text + a stray ")" (the fallback: failed TS parse, then the scanner)`,
    },
    targetsMs: TARGETS,
    targetsRatio: { cold: COLD_RATIO_TARGET, edit: EDIT_RATIO_TARGET, codeEdit: CODE_EDIT_RATIO_TARGET },
    nativeHandOver: rawTransfer ? 'raw transfer' : 'JSON',
    met,
    coldRatioOfMedians: round(s.fullDistinct.median / s.coldTsParse.median, 3),
    summaryMs: Object.fromEntries(Object.entries(s).map(([name, values]) => [name, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key === 'n' ? value : round(value)]))])),
    splitMs: Object.fromEntries(Object.entries(split).map(([name, value]) => [name, round(value)])),
    counts: {
      hoverMisses,
      meanHoverMarkdownChars: round(hoverChars / Math.max(1, HOVERS - hoverMisses), 1),
      fullDiagnostics,
      unseenTextUrisSeenBefore: round(median(seenBefore), 3),
      fallbackCandidatesPerParsedCandidate: round(median(fallbackCandidates), 3),
      editDiagnostics: edit.count,
      editLines: edit.lines,
      editDerived: edit.derived,
      editRediscovered: edit.rediscovered,
      editDiffed: edit.diffed,
      codeEditDiagnostics: code.count,
      codeEditLines: code.lines,
      codeEditDerived: code.derived,
    },
    samplesMs: {
      hover: hoverMs.map((value) => round(value, 4)),
      fullDistinct: full.distinct.map((value) => round(value)),
      fullSame: full.same.map((value) => round(value)),
      edit: edit.diagnostics.map((value) => round(value)),
      update: edit.update.map((value) => round(value, 4)),
      editTsParse: edit.tsParse.map((value) => round(value)),
      editRatio: edit.ratio.map((value) => round(value, 4)),
      codeEdit: code.diagnostics.map((value) => round(value)),
      codeEditTsParse: code.tsParse.map((value) => round(value)),
      codeEditRatio: code.ratio.map((value) => round(value, 4)),
      conversion: conversion.map((value) => round(value)),
      coldTsParse: coldRef.tsParse.map((value) => round(value)),
      coldRatio: coldRef.ratio.map((value) => round(value, 4)),
      ...Object.fromEntries(Object.entries(phases).map(([name, values]) => [name, values.map((value) => round(value))])),
    },
    wallSeconds: round(wallSeconds, 1),
    processSeconds: round(process.uptime(), 1),
  };

  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  const row = (cells) => `| ${cells.join(' | ')} |`;
  const share = (value) => `${((value / s.fullDistinct.median) * 100).toFixed(0)}%`;
  out(
    [
      `# urilint language server latency, ${report.date.slice(0, 10)}`,
      `node ${process.version} (native reader's hand-over: ${report.nativeHandOver}) · ${report.machine.cpu ?? 'unknown CPU'} · ${cpus.length} cores · ${report.machine.platform}`,
      `build: commit ${build.commit}${build.packagesUncommitted.length ? ` + ${build.packagesUncommitted.length} uncommitted change(s) under packages/` : ''} · language-server dist ${build.packages['language-server'].distBuilt} · discovery dist ${build.packages.discovery.distBuilt}${stale.length ? ' · STALE: rebuild' : ''}`,
      `document: ${integer(lines)} lines of TypeScript, ${integer(doc.bytes)} bytes (seed ${SEED}), ${integer(candidates)} URIs (one per ${doc.linesPerUri.toFixed(1)} lines: ${Object.entries(contexts).map(([key, value]) => `${value} ${key}`).join(', ')}), ${doc.plantedProblems} planted problems, ${doc.findings} diagnostics`,
      `uptime at start: ${uptimeAtStart}`,
      '',
      row(['measurement', 'n', 'median', 'p95', 'p99', 'min', 'max', 'target', 'verdict', 'load 1/5/15 min']),
      row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---', '---']),
      row(['hover on an analysed version (ms)', s.hover.n, ms(s.hover.median), ms(s.hover.p95), ms(s.hover.p99), ms(s.hover.min), ms(s.hover.max), `p99 ≤ ${TARGETS.hoverP99}`, verdict(met.hoverP99), loads.hover.join(' ')]),
      row(['full diagnostics, new document, unseen text (ms)', s.fullDistinct.n, ms(s.fullDistinct.median), ms(s.fullDistinct.p95), '', ms(s.fullDistinct.min), ms(s.fullDistinct.max), `median ≤ ${TARGETS.fullMedian}`, verdict(met.fullMedian), loads.full.join(' ')]),
      row(['  ts.createSourceFile on the same text, right after (ms)', s.coldTsParse.n, ms(s.coldTsParse.median), ms(s.coldTsParse.p95), '', ms(s.coldTsParse.min), ms(s.coldTsParse.max), '', '', loads.full.join(' ')]),
      row(['full diagnostics ÷ ts.createSourceFile, per round (×)', s.coldRatio.n, ratio(s.coldRatio.median), ratio(s.coldRatio.p95), '', ratio(s.coldRatio.min), ratio(s.coldRatio.max), `median ≤ ${COLD_RATIO_TARGET}×`, verdict(met.coldRatio), loads.full.join(' ')]),
      row(['full diagnostics, new document, same text (ms)', s.fullSame.n, ms(s.fullSame.median), ms(s.fullSame.p95), '', ms(s.fullSame.min), ms(s.fullSame.max), `(median ≤ ${TARGETS.fullMedian})`, `(${verdict(s.fullSame.median <= TARGETS.fullMedian)})`, loads.full.join(' ')]),
      row(['re-diagnosis after a one-character edit (ms)', s.edit.n, ms(s.edit.median), ms(s.edit.p95), '', ms(s.edit.min), ms(s.edit.max), `median ≤ ${TARGETS.editMedian}`, verdict(met.editMedian), loads.edit.join(' ')]),
      ...[
        ['  of which applied to the last version\'s tree (ms)', s.editDerived],
        ['  of which parsed again (ms)', s.editParsed],
      ]
        .filter(([, values]) => values !== undefined)
        .map(([label, values]) => row([label, values.n, ms(values.median), ms(values.p95), '', ms(values.min), ms(values.max), '', '', loads.edit.join(' ')])),
      row(['  the edit itself: updateDocument (ms)', s.update.n, ms(s.update.median), ms(s.update.p95), '', ms(s.update.min), ms(s.update.max), '', '', loads.edit.join(' ')]),
      row(['  ts.createSourceFile on the same edited text, right after (ms)', s.editTsParse.n, ms(s.editTsParse.median), ms(s.editTsParse.p95), '', ms(s.editTsParse.min), ms(s.editTsParse.max), '', '', loads.edit.join(' ')]),
      row(['re-diagnosis ÷ ts.createSourceFile, per edit (×)', s.editRatio.n, ratio(s.editRatio.median), ratio(s.editRatio.p95), '', ratio(s.editRatio.min), ratio(s.editRatio.max), `median ≤ ${EDIT_RATIO_TARGET}×`, verdict(met.editRatio), loads.edit.join(' ')]),
      ...(s.editRatioDerived ? [row(['  of the edits applied to the last version\'s tree (×)', s.editRatioDerived.n, ratio(s.editRatioDerived.median), ratio(s.editRatioDerived.p95), '', ratio(s.editRatioDerived.min), ratio(s.editRatioDerived.max), '', '', loads.edit.join(' ')])] : []),
      row(['re-diagnosis after an `x` typed on an empty line: code, the tree changes (ms)', s.codeEdit.n, ms(s.codeEdit.median), ms(s.codeEdit.p95), '', ms(s.codeEdit.min), ms(s.codeEdit.max), '', '', loads.code.join(' ')]),
      row(['  ts.createSourceFile on the same edited text, right after (ms)', s.codeEditTsParse.n, ms(s.codeEditTsParse.median), ms(s.codeEditTsParse.p95), '', ms(s.codeEditTsParse.min), ms(s.codeEditTsParse.max), '', '', loads.code.join(' ')]),
      row(['code re-diagnosis ÷ ts.createSourceFile, per edit (×)', s.codeEditRatio.n, ratio(s.codeEditRatio.median), ratio(s.codeEditRatio.p95), '', ratio(s.codeEditRatio.min), ratio(s.codeEditRatio.max), `median ≤ ${CODE_EDIT_RATIO_TARGET}×`, verdict(met.codeEditRatio), loads.code.join(' ')]),
      '',
      `where the time of full diagnostics goes (medians over ${REPEATS} other unseen texts, each phase timed alone, interleaved with the calls above):`,
      '',
      row(['phase', 'median ms', 'share of full diagnostics']),
      row(['---', '---:', '---:']),
      row([`oxc-parser parseSync, hand-over by ${report.nativeHandOver}`, ms(split.oxc), share(split.oxc)]),
      row(["the reader's walk: parents, node lists, light scopes (parseNative − the above)", ms(split.walk), share(split.walk)]),
      row(['= parseNative', ms(s.parseNative.median), share(s.parseNative.median)]),
      row(['discoverJs (finding the URIs, parsing each)', ms(split.discoverJs), share(split.discoverJs)]),
      row(['runRules (recommended preset)', ms(split.runRules), share(split.runRules)]),
      row(['findings → LSP diagnostics (cached version again)', ms(split.toLspDiagnostics), share(split.toLspDiagnostics)]),
      row(['rest (full diagnostics median − the four above)', ms(split.rest), share(split.rest)]),
      row(['(for comparison: TypeScript\'s parser, ts.createSourceFile)', ms(split.tsParse), share(split.tsParse)]),
      row(['(for comparison: oxc-parser parseSync with the JSON hand-over, Node 20\'s only one)', ms(split.oxcJson), share(split.oxcJson)]),
      row(['(for comparison: the fallback for a file that does not parse — TS parse fails, then the scanner alone)', ms(s.fallback.median), share(s.fallback.median)]),
      '',
      `targets: hover p99 ≤ ${TARGETS.hoverP99} ms: ${verdict(met.hoverP99)} (${ms(s.hover.p99)} ms) · full diagnostics ≤ ${TARGETS.fullMedian} ms: ${verdict(met.fullMedian)} (median ${ms(s.fullDistinct.median)} ms) · and ≤ ${COLD_RATIO_TARGET}× ts.createSourceFile on the same text: ${verdict(met.coldRatio)} (median of the per-round ratios ${ratio(s.coldRatio.median)}; oxc's parse and hand-over alone: ${ratio(split.oxc / split.tsParse)}, with the JSON hand-over ${ratio(split.oxcJson / split.tsParse)}, ratios of the phase medians) · re-diagnosis after a one-line edit ≤ ${TARGETS.editMedian} ms: ${verdict(met.editMedian)} (median ${ms(s.edit.median)} ms) · and ≤ ${EDIT_RATIO_TARGET}× ts.createSourceFile on the same text: ${verdict(met.editRatio)} (median ${ratio(s.editRatio.median)})`,
      `edits: ${edit.derived.filter(Boolean).length} of ${edit.derived.length} applied to the last version's tree (candidates found again: ${[...new Set(edit.rediscovered.filter((_, i) => edit.derived[i]))].join(', ')}; texts compared: ${edit.diffed.filter(Boolean).length})`,
      `code edits: ${code.derived.filter(Boolean).length} of ${code.derived.length} applied to the last version's tree; diagnostics per edit: ${Math.min(...code.count)}–${Math.max(...code.count)}`,
      `unseen texts: a median ${(median(seenBefore) * 100).toFixed(0)}% of their URIs (shared hosts and constants) were in an earlier text: discovery parses each distinct URI once per process`,
      `first analysis in the process (JIT cold): ${ms(first.ms)} ms · hovers without a URI: ${hoverMisses} · diagnostics per edit: ${Math.min(...edit.count)}–${Math.max(...edit.count)}`,
      `uptime at end: ${uptimeAtEnd}`,
      `wall time: ${report.wallSeconds.toFixed(1)} s measured (${report.processSeconds.toFixed(1)} s with Node's start-up and loading)`,
    ].join('\n'),
  );
  if (json) process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
}

await main();
