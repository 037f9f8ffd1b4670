#!/usr/bin/env node
// False-positive survey: eslint-plugin-urilint's `recommended` config (then `strict`) over the
// JavaScript and TypeScript sources of every package in the workspace's pnpm store.
//
//   node bench/eslint/survey.mjs            (from the repo root, after `pnpm build`)
//   node bench/eslint/survey.mjs --limit 200  (the first 200 files by path: a quick check)
//
// Prints a summary to stdout, progress to stderr, and writes bench/eslint/survey-results.json.
// Exits non-zero only on an unexpected crash of this script; a crash of ESLint or of the plugin
// on one file is recorded (file and stack) and the survey goes on.
import '../node.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, baseConfig, buildInfo, collectCorpus, jsSourceType, loadTools, mulberry32, packageOf, setSourceType } from './corpus.mjs';

const MAX_JSON_BYTES = 1_900_000;
const BATCH = 100;
const SAMPLE_SIZE = 200;
const SAMPLE_SEED = 3986;
const REVIEW_ALL_BELOW = 300;

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
// A partial run (--limit) never overwrites the full results: it writes to the temp directory.
const OUT = Number.isFinite(limit) ? path.join(os.tmpdir(), 'urilint-survey-results.json') : path.join(ROOT, 'bench/eslint/survey-results.json');

const log = (text) => process.stderr.write(`${text}\n`);
const rel = (file) => path.relative(ROOT, file);

const tools = await loadTools();
const build = buildInfo(); // taken when the plugin is loaded: other builds may follow during the run
const { ESLint, tsParser, plugin, eslintVersion } = tools;
const discovery = await import(pathToFileURL(path.join(ROOT, 'packages/eslint-plugin/dist/discovery/index.js')).href);

log('collecting the corpus…');
const corpus = collectCorpus();
const files = corpus.files.slice(0, limit);
const packages = new Set(files.map(packageOf));
log(`${corpus.total} files found, ${corpus.skipped.length} skipped (bundled/minified), ${files.length} to lint in ${packages.size} packages`);

// --- a counting rule: the URI candidates the plugin found, and the strings containing "://" ---------
const counts = { stringsWithScheme: 0, candidates: 0, byContext: {}, namespaces: 0 };
/** filePath → [{ start, end, value, context, sink }]: to show each message's candidate in the results. */
const candidatesByFile = new Map();
const countPlugin = {
  rules: {
    count: {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const countText = (text) => {
          if (text.includes('://')) counts.stringsWithScheme++;
        };
        return {
          Literal(node) {
            if (typeof node.value === 'string') countText(node.value);
          },
          TemplateElement(node) {
            countText(node.value.cooked ?? node.value.raw);
          },
          JSXText(node) {
            countText(node.value);
          },
          'Program:exit'() {
            const found = discovery.getCandidates(context);
            counts.candidates += found.length;
            const list = [];
            for (const candidate of found) {
              counts.byContext[candidate.context] = (counts.byContext[candidate.context] ?? 0) + 1;
              if (candidate.namespace) counts.namespaces++;
              list.push({
                start: candidate.node.range[0],
                end: candidate.node.range[1],
                value: candidate.value.slice(candidate.uriStart, candidate.uriEnd),
                context: candidate.context,
                sink: candidate.sink,
              });
            }
            if (list.length > 0) candidatesByFile.set(context.filename, list);
          },
        };
      },
    },
  },
};

function makeEslint(pluginConfig, sourceType, withCount) {
  const extra = withCount ? [{ files: ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.ts'], plugins: { survey: countPlugin }, rules: { 'survey/count': 'warn' } }] : [];
  return new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [...baseConfig({ tsParser, sourceType }), { files: ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.ts'], ...pluginConfig }, ...extra],
    // The corpus is node_modules: baseConfig un-ignores it with "!**/node_modules/". (`ignore: false` does
    // not do it: ESLint 10.15 then still ignores node_modules, by its default config, and warns.)
    errorOnUnmatchedPattern: false,
    allowInlineConfig: false, // the packages' own eslint-disable comments and rule settings do not apply
    cache: false,
  });
}

/** Line `line` (1-based) of `text`. */
function lineOf(text, line) {
  let start = 0;
  for (let i = 1; i < line; i++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return '';
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
}

function offsetOf(text, line, column) {
  let start = 0;
  for (let i = 1; i < line; i++) start = text.indexOf('\n', start) + 1;
  return start + column - 1;
}

/** Lints `files` in batches; a batch that throws is linted file by file, so one crash costs one file. */
async function run(name, pluginConfig, withCount) {
  const engines = { module: makeEslint(pluginConfig, 'module', withCount), commonjs: makeEslint(pluginConfig, 'commonjs', withCount) };
  const groups = { module: [], commonjs: [] };
  for (const file of files) groups[jsSourceType(file)].push(file);
  const results = [];
  const crashes = [];
  const started = process.hrtime.bigint();
  let done = 0;
  for (const type of ['module', 'commonjs']) {
    const list = groups[type];
    for (let i = 0; i < list.length; i += BATCH) {
      const batch = list.slice(i, i + BATCH);
      try {
        results.push(...(await engines[type].lintFiles(batch)));
      } catch {
        for (const file of batch) {
          try {
            results.push(...(await engines[type].lintFiles([file])));
          } catch (error) {
            crashes.push({ file: rel(file), sourceType: type, message: String(error?.message ?? error), stack: String(error?.stack ?? error) });
            log(`  CRASH on ${rel(file)}: ${String(error?.message ?? error).split('\n')[0]}`);
          }
        }
      }
      done += batch.length;
      log(`  [${name}] ${done}/${files.length} files, ${((Number(process.hrtime.bigint() - started) / 1e9)).toFixed(1)} s`);
    }
  }
  // A file that does not parse as its package's type is retried as the other one: packages ship ES
  // modules for bundlers (`esquery.esm.js`, `dist/esnext/`) in "commonjs" packages.
  const retried = [];
  for (let i = 0; i < results.length; i++) {
    const fatal = results[i].messages.find((m) => m.fatal);
    if (!fatal || results[i].filePath.endsWith('.ts')) continue;
    const file = results[i].filePath;
    const other = jsSourceType(file) === 'module' ? 'commonjs' : 'module';
    try {
      const [again] = await engines[other].lintFiles([file]);
      if (again && !again.messages.some((m) => m.fatal)) {
        results[i] = again;
        setSourceType(file, other);
        retried.push({ file: rel(file), as: other, firstError: fatal.message });
      }
    } catch (error) {
      crashes.push({ file: rel(file), sourceType: other, message: String(error?.message ?? error), stack: String(error?.stack ?? error) });
    }
  }
  if (retried.length) log(`  [${name}] ${retried.length} files parsed only as the other source type`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const parseErrors = [];
  const messages = [];
  const perRule = {};
  const perCode = {};
  for (const result of results) {
    const fatal = result.messages.find((m) => m.fatal);
    if (fatal) {
      parseErrors.push({ file: rel(result.filePath), line: fatal.line, column: fatal.column, message: fatal.message });
      continue;
    }
    let text;
    for (const m of result.messages) {
      if (m.ruleId === 'survey/count') continue;
      text ??= result.source ?? readFileSync(result.filePath, 'utf8');
      const code = /\[([a-z0-9-]+)\]$/.exec(m.message)?.[1] ?? '(none)';
      const rule = m.ruleId ?? '(eslint)';
      perRule[rule] = (perRule[rule] ?? 0) + 1;
      perCode[`${rule} ${code}`] = (perCode[`${rule} ${code}`] ?? 0) + 1;
      const at = offsetOf(text, m.line, m.column);
      const candidate = (candidatesByFile.get(result.filePath) ?? []).find((c) => c.start <= at && at < Math.max(c.end, c.start + 1));
      let source = lineOf(text, m.line);
      if (source.length > 240) source = source.slice(Math.max(0, m.column - 100), m.column + 140);
      messages.push({
        file: rel(result.filePath),
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        rule,
        code,
        message: m.message,
        source: source.trim(),
        candidate: candidate ? { value: candidate.value.length > 300 ? `${candidate.value.slice(0, 300)}…` : candidate.value, context: candidate.context, sink: candidate.sink } : undefined,
      });
    }
  }
  return { name, seconds, linted: results.length - parseErrors.length, parseErrors, retried, crashes, messages, perRule, perCode };
}

const startedAt = new Date();
const recommended = await run('recommended', plugin.configs.recommended, true);
const strict = await run('strict', plugin.configs.strict, false);

// --- review sample (seeded): every message below REVIEW_ALL_BELOW, else SAMPLE_SIZE of them ---------
function sampleOf(messages, size = SAMPLE_SIZE) {
  if (messages.length < Math.min(REVIEW_ALL_BELOW, size + 1)) return messages.map((_, i) => i);
  const random = mulberry32(SAMPLE_SEED);
  const indices = messages.map((_, i) => i);
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  return indices.slice(0, size).sort((a, b) => a - b);
}
const sample = sampleOf(recommended.messages);
// prefer-normalized is strict-only: its messages are reviewed from the strict pass.
const strictOnly = strict.messages.filter((m) => m.rule === 'urilint/prefer-normalized');
const strictSample = sampleOf(strictOnly);

// The other strict-only rules: every message kept, and a seeded sample of each for the review.
const STRICT_RULE_SAMPLE = 25;
const recommendedRules = new Set(Object.keys(plugin.configs.recommended.rules));
const otherStrictRules = [...new Set(strict.messages.map((m) => m.rule))]
  .filter((rule) => !recommendedRules.has(rule) && rule !== 'urilint/prefer-normalized')
  .sort();
const strictByRule = Object.fromEntries(otherStrictRules.map((rule) => [rule, strict.messages.filter((m) => m.rule === rule)]));
const strictRuleSamples = Object.fromEntries(Object.entries(strictByRule).map(([rule, list]) => [rule, sampleOf(list, STRICT_RULE_SAMPLE)]));

const summary = (pass) => ({
  seconds: Number(pass.seconds.toFixed(1)),
  filesLinted: pass.linted,
  parseErrors: pass.parseErrors.length,
  crashes: pass.crashes.length,
  messages: pass.messages.length,
  perRule: pass.perRule,
  perCode: pass.perCode,
});

const report = {
  date: startedAt.toISOString(),
  node: process.version,
  eslint: eslintVersion,
  plugin: plugin.meta,
  build,
  corpus: {
    root: 'node_modules/.pnpm/*/node_modules/** (.js .mjs .cjs .ts, not .d.ts; real paths deduplicated)',
    filesFound: corpus.total,
    filesSelected: files.length,
    limit: Number.isFinite(limit) ? limit : null,
    packages: packages.size,
    skippedBundles: corpus.skipped.map((s) => ({ file: rel(s.file), reason: s.reason, bytes: s.bytes })),
    sourceTypes: files.reduce((acc, f) => ((acc[jsSourceType(f)] = (acc[jsSourceType(f)] ?? 0) + 1), acc), {}),
  },
  strings: { containingSchemeSlashes: counts.stringsWithScheme, uriCandidates: counts.candidates, candidatesByContext: counts.byContext, namespaceCandidates: counts.namespaces },
  recommended: { ...summary(recommended), parseErrorFiles: recommended.parseErrors, otherSourceType: recommended.retried, crashFiles: recommended.crashes },
  strict: { ...summary(strict), parseErrorFiles: strict.parseErrors, crashFiles: strict.crashes },
  review: {
    recommended: { seed: SAMPLE_SEED, size: sample.length, of: recommended.messages.length, indices: sample },
    preferNormalized: { seed: SAMPLE_SEED, size: strictSample.length, of: strictOnly.length, indices: strictSample },
    strictRules: Object.fromEntries(
      Object.entries(strictRuleSamples).map(([rule, indices]) => [rule, { seed: SAMPLE_SEED, size: indices.length, of: strictByRule[rule].length, indices }]),
    ),
  },
  messages: { recommended: recommended.messages, preferNormalized: strictOnly, strictRules: strictByRule },
  truncated: false,
};

// Keep the file under ~2 MB: drop messages not in a review sample, then cut the lists; counts stay.
let json = JSON.stringify(report, null, 1);
if (json.length > MAX_JSON_BYTES) {
  report.truncated = true;
  const keep = (list, indices) => {
    const wanted = new Set(indices);
    return list.map((m, i) => (wanted.has(i) ? m : null));
  };
  report.messages = {
    recommended: keep(recommended.messages, sample),
    preferNormalized: keep(strictOnly, strictSample),
    strictRules: Object.fromEntries(Object.entries(strictByRule).map(([rule, list]) => [rule, keep(list, strictRuleSamples[rule])])),
  };
  json = JSON.stringify(report, null, 1);
}
writeFileSync(OUT, `${json}\n`);

// --- stdout summary -----------------------------------------------------------------------------
const table = (object) =>
  Object.entries(object)
    .sort((a, b) => b[1] - a[1])
    .map(([key, value]) => `    ${String(value).padStart(6)}  ${key}`)
    .join('\n');
const out = [];
out.push(`eslint-plugin-urilint ${plugin.meta.version} survey — ${startedAt.toISOString()} — node ${process.version}, ESLint ${eslintVersion}`);
out.push(`corpus: ${files.length} files in ${packages.size} packages (of ${corpus.total} found; ${corpus.skipped.length} skipped as bundled/minified:`);
const reasons = {};
for (const s of corpus.skipped) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
for (const [reason, n] of Object.entries(reasons)) out.push(`    ${n} ${reason}`);
out.push(`  )`);
out.push(`strings containing "://": ${counts.stringsWithScheme}; URI candidates found by the plugin: ${counts.candidates} ${JSON.stringify(counts.byContext)}`);
for (const pass of [recommended, strict]) {
  out.push(`\n[${pass.name}] ${pass.linted} files linted in ${pass.seconds.toFixed(1)} s (${pass.retried.length} of them as the other source type than their package's); ${pass.parseErrors.length} skipped on a parse error; ${pass.crashes.length} crashed`);
  for (const e of pass.parseErrors) out.push(`    parse error: ${e.file}:${e.line}:${e.column} ${e.message}`);
  for (const c of pass.crashes) out.push(`    CRASH: ${c.file}: ${c.message.split('\n')[0]}`);
  out.push(`  ${pass.messages.length} messages; per rule:\n${table(pass.perRule)}\n  per rule and code:\n${table(pass.perCode)}`);
}
out.push(`\nreview sample: ${sample.length} of ${recommended.messages.length} recommended messages, ${strictSample.length} of ${strictOnly.length} prefer-normalized messages (seed ${SAMPLE_SEED})`);
out.push(`results: ${OUT.startsWith(ROOT) ? rel(OUT) : OUT} (${(json.length / 1e6).toFixed(2)} MB${report.truncated ? ', message list truncated to the review samples' : ''})`);
console.log(out.join('\n'));
