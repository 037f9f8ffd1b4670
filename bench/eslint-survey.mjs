// eslint-plugin-urilint on real repositories, beside its peers (issue 14's survey).
//
//   node bench/eslint-survey.mjs --repos /work/survey/repos --out bench/eslint-survey-results.json
//     [--env /work/survey/env] [--work /work/survey/out] [--verdicts bench/eslint-survey-verdicts.json] [--no-fix] [--scan]
//     [--only REPO,REPO]
//
// --repos is a directory whose subdirectories are git checkouts of real repositories (their commits
// are recorded). The publishable packages are packed as npm users get them (`pnpm pack`, after
// `pnpm build`) and installed with ESLint 9, typescript-eslint, @microsoft/eslint-plugin-sdl and
// eslint-plugin-react in a scratch npm project (--env; reused while the tarballs are unchanged),
// never inside this repository. Each repository's JS/TS/JSX/TSX files (git ls-files; not
// node_modules, dist, build, vendored, minified or bundled files) are linted, the same list for every
// config, with (a) urilint.configs.recommended, (b) urilint.configs.strict, (c) the peers alone:
// @microsoft/sdl/no-insecure-url, core no-script-url and react/jsx-no-script-url; and (d) `--fix` with
// recommended on a copy of the repository (a local clone under --work), whose `git diff` is kept.
//
// Writes under --work: messages-REPO-CONFIG.json (every message with its source line and URI),
// fix-REPO.diff, crashes.json; and the summary (counts per repo × rule × code, the strict samples,
// the verdict tallies and false-positive rates) to --out. The verdicts, read by hand, live in
// --verdicts keyed by repo|file|line|code|URI (and |expression for no-unencoded-interpolation); messages of recommended and of the strict samples that
// have no verdict are printed, so a re-run shows what is new.
import './node.mjs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from './random.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE_SIZE = 50;
const SAMPLE_SEED = 3986;
const BATCH = 50;
const MAX_BYTES = 1_000_000;
const MAX_LINE = 5_000;
const EXTENSIONS = /\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx)$/;
/** Path segments that are not the repository's own source. */
const SKIP_DIRS = /(?:^|\/)(?:node_modules|dist|build|vendor|vendors|third_party|third-party|coverage|\.git)\//;
const MINIFIED = /[.-]min\.(?:js|mjs|cjs)$|\.bundle\.js$/;
const PEERS = {
  eslint: 'eslint@9.39.5',
  'typescript-eslint': 'typescript-eslint@8.72.0',
  '@microsoft/eslint-plugin-sdl': '@microsoft/eslint-plugin-sdl@1.1.0',
  'eslint-plugin-react': 'eslint-plugin-react@7.37.5',
};

// --- arguments ----------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const REPOS = option('--repos');
const OUT = path.resolve(option('--out', path.join(ROOT, 'bench/eslint-survey-results.json')));
const ENV = path.resolve(option('--env', '/work/survey/env'));
const WORK = path.resolve(option('--work', '/work/survey/out'));
const VERDICTS = path.resolve(option('--verdicts', path.join(ROOT, 'bench/eslint-survey-verdicts.json')));
const FIX = !argv.includes('--no-fix');
/** With --scan: `urilint scan` (the built CLI of this checkout) on the same files, compared place by place. */
const COMPARE_SCAN = argv.includes('--scan');
const CLI = path.join(ROOT, 'packages/cli/dist/bin.js');
if (!REPOS) {
  console.error('usage: node bench/eslint-survey.mjs --repos DIR [--out FILE] [--env DIR] [--work DIR] [--verdicts FILE] [--no-fix]');
  process.exit(2);
}
for (const dir of [ENV, WORK]) {
  if (path.resolve(dir).startsWith(`${ROOT}${path.sep}`)) {
    console.error(`${dir} is inside the repository: the scratch project and the outputs live outside it.`);
    process.exit(2);
  }
}
const log = (text) => process.stderr.write(`${text}\n`);
const sh = (command, args, options = {}) => execFileSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], ...options });

// --- the packages as npm users get them, installed in a scratch project --------------------------
if (!existsSync(path.join(ROOT, 'packages/eslint-plugin/dist/index.js'))) {
  console.error('packages/eslint-plugin/dist is missing: run pnpm build first.');
  process.exit(2);
}
const packDir = mkdtempSync(path.join(os.tmpdir(), 'urilint-survey-packs-'));
log('packing the publishable packages…');
sh('pnpm', ['--filter', './packages/*', '--filter', '!urilint-vscode', 'pack', '--pack-destination', packDir], { cwd: ROOT });
/** The tarballs' contents (not their gzip bytes, which carry a time): the same hash, the same packages. */
const tarballs = readdirSync(packDir).filter((name) => name.endsWith('.tgz')).sort();
const packHash = createHash('sha256');
for (const name of tarballs) packHash.update(name).update(sh('tar', ['-xzOf', path.join(packDir, name)], { encoding: 'buffer' }));
const packDigest = packHash.digest('hex');
const stamp = path.join(ENV, 'survey-env.json');
const wanted = { packDigest, peers: PEERS };
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
if (installed !== JSON.stringify(wanted) || !existsSync(path.join(ENV, 'node_modules/eslint-plugin-urilint'))) {
  log(`installing the tarballs and the peers in ${ENV}…`);
  rmSync(ENV, { recursive: true, force: true });
  mkdirSync(path.join(ENV, 'packs'), { recursive: true });
  for (const name of tarballs) cpSync(path.join(packDir, name), path.join(ENV, 'packs', name));
  writeFileSync(path.join(ENV, 'package.json'), `${JSON.stringify({ name: 'urilint-eslint-survey', private: true, type: 'module' }, null, 2)}\n`);
  sh('npm', ['install', '--no-audit', '--no-fund', '--save-dev', ...tarballs.map((name) => `./packs/${name}`), ...Object.values(PEERS)], { cwd: ENV, stdio: ['ignore', 'pipe', 'inherit'] });
  writeFileSync(stamp, JSON.stringify(wanted));
} else log(`reusing ${ENV}: the tarballs are unchanged`);
rmSync(packDir, { recursive: true, force: true });

const requireEnv = createRequire(path.join(ENV, 'package.json'));
const load = async (name) => import(pathToFileURL(requireEnv.resolve(name)).href);
const versionOf = (name) => JSON.parse(readFileSync(path.join(ENV, 'node_modules', name, 'package.json'), 'utf8')).version;
const { ESLint } = await load('eslint');
const tseslint = (await load('typescript-eslint')).default;
const urilint = (await load('eslint-plugin-urilint')).default;
const sdl = (await load('@microsoft/eslint-plugin-sdl')).default;
const react = (await load('eslint-plugin-react')).default;
const discovery = await load('@urilint/discovery');
const versions = Object.fromEntries(['eslint', 'typescript-eslint', '@microsoft/eslint-plugin-sdl', 'eslint-plugin-react', 'eslint-plugin-urilint', '@urilint/core', '@urilint/discovery'].map((n) => [n, versionOf(n)]));
const git = (args, cwd) => {
  try {
    return sh('git', args, { cwd }).trim();
  } catch {
    return undefined;
  }
};
const build = {
  commit: git(['rev-parse', 'HEAD'], ROOT),
  packagesDirty: (git(['status', '--porcelain', '--', 'packages'], ROOT) ?? '') !== '',
  packDigest,
};

// --- the configs ----------------------------------------------------------------------------------
const base = [
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
  },
  // typescript-estree reads .ts as TypeScript without JSX (`<T>x` casts) whatever ecmaFeatures says.
];
const CONFIGS = {
  recommended: [...base, urilint.configs.recommended],
  strict: [...base, urilint.configs.strict],
  peers: [
    ...base,
    {
      plugins: { '@microsoft/sdl': sdl, react },
      settings: { react: { version: '19.0.0' } },
      rules: { '@microsoft/sdl/no-insecure-url': 'error', 'no-script-url': 'error', 'react/jsx-no-script-url': 'error' },
    },
  ],
};
const engine = (name, cwd, fix = false) =>
  new ESLint({ cwd, overrideConfigFile: true, overrideConfig: CONFIGS[name], allowInlineConfig: false, errorOnUnmatchedPattern: false, cache: false, fix });

// --- the files of a repository ---------------------------------------------------------------------
function filesOf(root) {
  const listed = (git(['ls-files', '-z'], root) ?? '').split('\0').filter(Boolean);
  const files = [];
  const skipped = [];
  for (const file of listed.sort()) {
    if (!EXTENSIONS.test(file) || SKIP_DIRS.test(file)) continue;
    const full = path.join(root, file);
    if (!existsSync(full) || !statSync(full).isFile()) continue;
    if (MINIFIED.test(file)) {
      skipped.push({ file, reason: 'minified name' });
      continue;
    }
    const bytes = statSync(full).size;
    if (bytes > MAX_BYTES) {
      skipped.push({ file, reason: `over ${MAX_BYTES} bytes` });
      continue;
    }
    const longest = Math.max(0, ...readFileSync(full, 'utf8').split('\n').map((line) => line.length));
    if (longest > MAX_LINE) {
      skipped.push({ file, reason: `a line of ${longest} characters (minified or generated)` });
      continue;
    }
    files.push(file);
  }
  return { files, skipped };
}

// --- linting ---------------------------------------------------------------------------------------
/** Lints in batches; a batch that throws is linted file by file, so a crash costs one file and is kept. */
async function lint(eslint, root, files, label) {
  const results = [];
  const crashes = [];
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH).map((file) => path.join(root, file));
    try {
      results.push(...(await eslint.lintFiles(batch)));
    } catch {
      for (const file of batch) {
        try {
          results.push(...(await eslint.lintFiles([file])));
        } catch (error) {
          crashes.push({ file: path.relative(root, file), config: label, message: String(error?.message ?? error), stack: String(error?.stack ?? error) });
          log(`  CRASH [${label}] ${path.relative(root, file)}: ${String(error?.message ?? error).split('\n')[0]}`);
        }
      }
    }
  }
  return { results, crashes };
}

const lineStartsOf = (text) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};

/** The URI candidates of a file, as the plugin reads it, to name each message's URI. */
const candidateCache = new Map();
function candidatesOf(full, text) {
  if (!candidateCache.has(full)) {
    let list = [];
    try {
      list = discovery.discoverJsText(text, { filePath: full }).candidates.map((c) => ({ start: c.range[0], end: c.range[1], uri: c.value.slice(c.uriStart, c.uriEnd), context: c.context, sink: c.sink }));
    } catch {
      // the message keeps its span's text
    }
    candidateCache.set(full, list);
  }
  return candidateCache.get(full);
}

function messagesOf(repo, root, results) {
  const messages = [];
  const parseErrors = [];
  for (const result of results) {
    const file = path.relative(root, result.filePath);
    const fatal = result.messages.find((m) => m.fatal);
    if (fatal) {
      parseErrors.push({ file, line: fatal.line, column: fatal.column, message: fatal.message });
      continue;
    }
    if (result.messages.length === 0) continue;
    const text = readFileSync(result.filePath, 'utf8');
    const starts = lineStartsOf(text);
    const lineText = (line) => text.slice(starts[line - 1] ?? 0, (starts[line] ?? text.length + 1) - 1).replace(/\r$/, '');
    for (const m of result.messages) {
      const at = (starts[m.line - 1] ?? 0) + m.column - 1;
      const end = m.endLine ? (starts[m.endLine - 1] ?? 0) + m.endColumn - 1 : at + 1;
      const candidate = m.ruleId?.startsWith('urilint/') ? candidatesOf(result.filePath, text).find((c) => c.start <= at && at < Math.max(c.end, c.start + 1)) : undefined;
      let source = lineText(m.line);
      if (source.length > 300) source = `…${source.slice(Math.max(0, m.column - 120), m.column + 160)}…`;
      const code = /\[([a-z0-9-]+)\]$/.exec(m.message)?.[1] ?? '(none)';
      const uri = candidate?.uri ?? text.slice(at, Math.min(end, at + 300));
      messages.push({
        repo,
        file,
        line: m.line,
        column: m.column,
        rule: m.ruleId ?? '(eslint)',
        code,
        message: m.message,
        span: text.slice(at, Math.min(end, at + 200)),
        uri: uri.length > 300 ? `${uri.slice(0, 300)}…` : uri,
        context: candidate?.context,
        sink: candidate?.sink,
        source: source.trim(),
        fixable: Boolean(m.fix),
      });
    }
  }
  return { messages, parseErrors };
}

/** A verdict's key: repo|file|line|code|URI, and the interpolated expression for no-unencoded-interpolation
 * (one URI can hold several `${…}`, each judged on its own). */
const keyOf = (m) => `${m.repo}|${m.file}|${m.line}|${m.code}|${m.uri}${m.code === 'no-unencoded-interpolation' ? `|${m.span}` : ''}`;
const count = (messages, keyFn) => {
  const out = {};
  for (const m of messages) out[keyFn(m)] = (out[keyFn(m)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
};

function sampleOf(list, size, seed) {
  const random = mulberry32(seed);
  const indices = list.map((_, i) => i);
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  return indices.slice(0, size).sort((a, b) => a - b).map((i) => list[i]);
}

// --- the survey --------------------------------------------------------------------------------------
mkdirSync(WORK, { recursive: true });
const verdictFile = existsSync(VERDICTS) ? JSON.parse(readFileSync(VERDICTS, 'utf8')) : {};
const verdicts = verdictFile.verdicts ?? {};
/** Verdicts of the --fix hunks, keyed by repo|file|the first removed line (trimmed). */
const hunkVerdicts = verdictFile.fixHunks ?? {};
/** --only a,b: those repositories of --repos alone (a run that stopped, completed where it stopped). */
const ONLY = option('--only')?.split(',');
const repos = readdirSync(REPOS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(REPOS, entry.name, '.git')) && (ONLY === undefined || ONLY.includes(entry.name)))
  .map((entry) => entry.name)
  .sort();
const report = { date: new Date().toISOString(), node: process.version, versions, build, sample: { size: SAMPLE_SIZE, seed: SAMPLE_SEED }, repos: {} };
const allCrashes = [];
const unclassified = [];
for (const repo of repos) {
  const root = path.resolve(REPOS, repo);
  const commit = git(['rev-parse', 'HEAD'], root);
  const { files, skipped } = filesOf(root);
  log(`\n${repo} @ ${commit}: ${files.length} files (${skipped.length} skipped)`);
  const entry = { commit, files: files.length, jsxTsx: files.filter((f) => /\.[jt]sx$/.test(f)).length, skipped, configs: {} };
  const perConfig = {};
  for (const name of Object.keys(CONFIGS)) {
    const started = process.hrtime.bigint();
    const { results, crashes } = await lint(engine(name, root), root, files, name);
    const { messages, parseErrors } = messagesOf(repo, root, results);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    perConfig[name] = messages;
    allCrashes.push(...crashes.map((c) => ({ repo, ...c })));
    writeFileSync(path.join(WORK, `messages-${repo}-${name}.json`), `${JSON.stringify(messages, null, 1)}\n`);
    entry.configs[name] = {
      seconds: Number(seconds.toFixed(1)),
      linted: results.length - parseErrors.length,
      parseErrors,
      crashes: crashes.map(({ file, message }) => ({ file, message })),
      messages: messages.length,
      perRule: count(messages, (m) => m.rule),
      perCode: count(messages, (m) => `${m.rule} ${m.code}`),
    };
    log(`  [${name}] ${messages.length} messages, ${parseErrors.length} parse errors, ${crashes.length} crashes, ${seconds.toFixed(1)} s`);
  }

  // `urilint scan` on the same files with the same presets: the same findings at the same places.
  // ESLint runs with allowInlineConfig: false (every finding, whatever the repository disables), so
  // scan runs with --no-inline-config, the same switch.
  if (COMPARE_SCAN) {
    entry.scan = {};
    for (const name of ['recommended', 'strict']) {
      const scanPlaces = new Set();
      for (let at = 0; at < files.length; at += 200) {
        let out;
        try {
          out = execFileSync('node', [CLI, 'scan', '--format', 'json', '--no-config', '--no-inline-config', '--preset', name, '--jobs', '1', '--', ...files.slice(at, at + 200)], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
        } catch (error) {
          out = error.stdout;
        }
        for (const problem of JSON.parse(out || '[]')) scanPlaces.add(`${problem.file}:${problem.line}:${problem.column}:urilint/${problem.rule}`);
      }
      const eslintPlaces = new Set(perConfig[name].filter((m) => m.rule.startsWith('urilint/')).map((m) => `${m.file}:${m.line}:${m.column}:${m.rule}`));
      const onlyEslint = [...eslintPlaces].filter((p) => !scanPlaces.has(p));
      const onlyScan = [...scanPlaces].filter((p) => !eslintPlaces.has(p));
      entry.scan[name] = { eslint: eslintPlaces.size, scan: scanPlaces.size, onlyEslint, onlyScan };
      log(`  [scan ${name}] ${scanPlaces.size} places, ESLint ${eslintPlaces.size}; only ESLint ${onlyEslint.length}, only scan ${onlyScan.length}`);
    }
  }

  // Verdicts: every recommended message, and a seeded sample of the strict messages.
  const seed = SAMPLE_SEED ^ [...repo].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  const strictSample = sampleOf(perConfig.strict, SAMPLE_SIZE, seed);
  writeFileSync(path.join(WORK, `sample-${repo}-strict.json`), `${JSON.stringify(strictSample, null, 1)}\n`);
  const tally = (list, label) => {
    const out = { messages: list.length, tp: 0, fp: 0, testData: 0, unclassified: 0, byPattern: {}, falsePositives: [] };
    for (const m of list) {
      const verdict = verdicts[keyOf(m)];
      if (!verdict) {
        out.unclassified++;
        unclassified.push({ label, key: keyOf(m), rule: m.rule, source: m.source });
      } else if (verdict.verdict === 'tp') out.tp++;
      else if (verdict.verdict === 'test-data') out.testData++;
      if (verdict?.pattern) out.byPattern[`${verdict.verdict} ${verdict.pattern} (${m.rule} ${m.code})`] = (out.byPattern[`${verdict.verdict} ${verdict.pattern} (${m.rule} ${m.code})`] ?? 0) + 1;
      if (verdict?.verdict === 'fp') {
        out.fp++;
        out.falsePositives.push({ file: m.file, line: m.line, rule: m.rule, code: m.code, uri: m.uri, reason: verdict.reason });
      }
    }
    const judged = out.tp + out.fp;
    out.fpRateExcludingTestData = judged ? Number((out.fp / judged).toFixed(4)) : null;
    return out;
  };
  entry.review = {
    recommended: tally(perConfig.recommended, `${repo} recommended`),
    strictSample: { seed, ...tally(strictSample, `${repo} strict sample`), sample: strictSample.map(keyOf) },
  };

  // --fix with recommended on a copy: a local clone at the same commit, its git diff kept.
  if (FIX) {
    const copy = path.join(WORK, 'fix', repo);
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(path.dirname(copy), { recursive: true });
    // A snapshot may lack some files (large binaries): the checkout leaves out what the repository's own tree lacks.
    const absent = (git(['ls-files', '--deleted'], root) ?? '').split('\n').filter(Boolean);
    sh('git', ['clone', '--quiet', '--shared', '--no-checkout', root, copy]);
    if (absent.length > 0) sh('git', ['sparse-checkout', 'set', '--no-cone', '/*', ...absent.map((file) => `!/${file}`)], { cwd: copy });
    sh('git', ['checkout', '--quiet', '--detach', commit], { cwd: copy });
    const fixer = engine('recommended', copy, true);
    const { results, crashes } = await lint(fixer, copy, files, 'recommended --fix');
    allCrashes.push(...crashes.map((c) => ({ repo, ...c })));
    await ESLint.outputFixes(results);
    const diff = git(['diff', '--no-color', '-U2'], copy) ?? '';
    writeFileSync(path.join(WORK, `fix-${repo}.diff`), diff ? `${diff}\n` : '');
    const filesChanged = (diff.match(/^diff --git /gm) ?? []).length;
    // Each hunk, keyed by its file and first removed line, with the verdict read by hand.
    const hunks = [];
    let file = '';
    for (const part of diff.split(/^(?=diff --git |@@ )/m)) {
      if (part.startsWith('diff --git ')) file = /^\+\+\+ b\/(.*)$/m.exec(part)?.[1] ?? file;
      else if (part.startsWith('@@ ')) {
        const removed = part.split('\n').find((line) => line.startsWith('-'))?.slice(1).trim() ?? '';
        const key = `${repo}|${file}|${removed}`;
        const verdict = hunkVerdicts[key];
        hunks.push({ key, header: part.split('\n')[0], verdict: verdict?.verdict ?? 'unclassified', reason: verdict?.reason });
        if (!verdict) unclassified.push({ label: `${repo} --fix hunk`, key, rule: 'hunk', source: part.split('\n').filter((l) => /^[-+]/.test(l)).join(' / ') });
      }
    }
    const hunkCounts = count(hunks, (h) => h.verdict);
    entry.fix = { filesChanged, hunks: hunks.length, verdicts: hunkCounts, hunkList: hunks, remaining: results.reduce((n, r) => n + r.messages.length, 0), diff: path.join(WORK, `fix-${repo}.diff`) };
    log(`  [--fix] ${filesChanged} files, ${hunks.length} hunks`);
  }
  report.repos[repo] = entry;
}

// Totals over the repositories.
const totals = { files: 0, recommended: { messages: 0, tp: 0, fp: 0, testData: 0, unclassified: 0 }, strictSample: { messages: 0, tp: 0, fp: 0, testData: 0, unclassified: 0 } };
for (const entry of Object.values(report.repos)) {
  totals.files += entry.files;
  for (const kind of ['recommended', 'strictSample']) for (const k of Object.keys(totals[kind])) totals[kind][k] += entry.review[kind][k];
}
for (const kind of ['recommended', 'strictSample']) {
  const t = totals[kind];
  t.fpRateExcludingTestData = t.tp + t.fp ? Number((t.fp / (t.tp + t.fp)).toFixed(4)) : null;
}
report.totals = totals;
report.crashes = allCrashes.map(({ repo, file, config, message }) => ({ repo, file, config, message }));
writeFileSync(path.join(WORK, 'crashes.json'), `${JSON.stringify(allCrashes, null, 1)}\n`);
writeFileSync(OUT, `${JSON.stringify(report, null, 1)}\n`);

// --- stdout ------------------------------------------------------------------------------------------
const out = [`eslint-plugin-urilint ${versions['eslint-plugin-urilint']} (urilint ${build.commit?.slice(0, 7)}${build.packagesDirty ? ', packages/ with local changes' : ''}), ESLint ${versions.eslint}, node ${process.version}`];
for (const [repo, entry] of Object.entries(report.repos)) {
  out.push(`\n## ${repo} @ ${entry.commit}: ${entry.files} files (${entry.jsxTsx} JSX/TSX), ${entry.skipped.length} skipped`);
  for (const [name, c] of Object.entries(entry.configs)) {
    out.push(`  [${name}] ${c.messages} messages, ${c.parseErrors.length} parse errors, ${c.crashes.length} crashes`);
    for (const [key, n] of Object.entries(c.perCode)) out.push(`      ${String(n).padStart(5)}  ${key}`);
  }
  const r = entry.review;
  out.push(`  recommended verdicts: ${r.recommended.tp} TP, ${r.recommended.fp} FP, ${r.recommended.testData} test data, ${r.recommended.unclassified} unclassified`);
  out.push(`  strict sample (${r.strictSample.messages}, seed ${r.strictSample.seed}): ${r.strictSample.tp} TP, ${r.strictSample.fp} FP, ${r.strictSample.testData} test data, ${r.strictSample.unclassified} unclassified`);
  for (const [kind, r2] of [['recommended', r.recommended], ['strict sample', r.strictSample]]) for (const [pattern, n] of Object.entries(r2.byPattern)) out.push(`      ${kind}: ${String(n).padStart(3)}  ${pattern}`);
  if (entry.scan) for (const [name, c] of Object.entries(entry.scan)) out.push(`  scan ${name}: ${c.scan} places, ESLint ${c.eslint}, only ESLint ${c.onlyEslint.length} ${c.onlyEslint.slice(0, 5).join(' ')}, only scan ${c.onlyScan.length} ${c.onlyScan.slice(0, 5).join(' ')}`);
  if (entry.fix) out.push(`  --fix: ${entry.fix.filesChanged} files, ${entry.fix.hunks} hunks ${JSON.stringify(entry.fix.verdicts)} → ${entry.fix.diff}`);
}
out.push(`\ntotals: ${JSON.stringify(totals)}`);
out.push(`crashes: ${allCrashes.length}${allCrashes.length ? ` (stacks in ${path.join(WORK, 'crashes.json')})` : ''}`);
if (unclassified.length) {
  out.push(`\n${unclassified.length} messages without a verdict in ${path.relative(ROOT, VERDICTS)}:`);
  for (const u of unclassified) out.push(`  [${u.label}] ${u.key}\n      ${u.rule}: ${u.source.slice(0, 200)}`);
}
out.push(`\nresults: ${OUT}; messages and diffs: ${WORK}`);
console.log(out.join('\n'));
