// urilint on real framework components (issue 17's survey): Vue, Svelte, Astro and Angular.
//
//   node bench/component-survey.mjs --repos /work/survey17/repos [--out bench/component-survey-results.json]
//     [--verdicts bench/component-survey-verdicts.json] [--root DIR] [--strict] [--fix]
//
// --repos is a directory whose subdirectories are git checkouts of real applications (their commits
// are recorded). Each repository's tracked component files (`.vue`, `.svelte`, `.astro`,
// `*.component.html`; not node_modules, dist, build or vendored folders) are linted with ESLint 9
// (the root's `eslint9`) and the framework's own parser (vue-eslint-parser and svelte-eslint-parser
// with @typescript-eslint/parser for `lang="ts"`, @angular-eslint/template-parser,
// astro-eslint-parser) and the built plugin's `recommended` config, and scanned with the built
// `urilint scan --format json --no-config` on the same files. Every message is printed with its
// source line; ESLint's and scan's are compared place by place. --root is the urilint checkout whose
// builds are used (default: this one; run `pnpm build` first). The verdicts, read by hand, are kept
// in --verdicts keyed by repo|file|line|rule|text; messages without one are printed.
import './node.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(option('--root', HERE));
const REPOS = option('--repos');
const OUT = path.resolve(option('--out', path.join(HERE, 'bench/component-survey-results.json')));
const VERDICTS = path.resolve(option('--verdicts', path.join(HERE, 'bench/component-survey-verdicts.json')));
if (!REPOS) {
  console.error('usage: node bench/component-survey.mjs --repos DIR [--out FILE] [--verdicts FILE] [--root DIR]');
  process.exit(2);
}
const PLUGIN_DIST = path.join(ROOT, 'packages/eslint-plugin/dist/index.js');
const CLI = path.join(ROOT, 'packages/cli/dist/bin.js');
if (!existsSync(PLUGIN_DIST) || !existsSync(CLI)) {
  console.error(`${ROOT}: the packages are not built; run pnpm build first.`);
  process.exit(2);
}
const fromPlugin = createRequire(path.join(ROOT, 'packages/eslint-plugin/package.json'));
const fromRoot = createRequire(path.join(ROOT, 'package.json'));
const { Linter } = fromRoot('eslint9');
const plugin = (await import(pathToFileURL(PLUGIN_DIST).href)).default;
const tsParser = fromPlugin('@typescript-eslint/parser');
const espree = fromPlugin('espree');
const discovery = await import(pathToFileURL(path.join(ROOT, 'packages/discovery/dist/index.js')).href);
const PARSERS = {
  // By the script's lang, as eslint-plugin-vue's configs do: espree (with JSX, for render functions) for JavaScript.
  vue: { parser: fromPlugin('vue-eslint-parser'), parserOptions: { parser: { js: espree, jsx: espree, ts: tsParser, tsx: tsParser }, sourceType: 'module', ecmaVersion: 'latest', ecmaFeatures: { jsx: true } } },
  svelte: { parser: fromPlugin('svelte-eslint-parser'), parserOptions: { parser: tsParser } },
  astro: { parser: fromPlugin('astro-eslint-parser'), parserOptions: { parser: tsParser } },
  angular: { parser: fromPlugin('@angular-eslint/template-parser') },
};
/** The component kind of a tracked file: `.vue`, `.svelte`, `.astro`, and the HTML of an Angular project (`*.component.html`, or any `.html` under an angular.json or named by a templateUrl), as scan and the server read it. */
const kindOf = (file, dir) => {
  if (file.endsWith('.component.html')) return 'angular';
  if (file.endsWith('.html') && dir !== undefined) return discovery.projectSourceKind(path.join(dir, file), discovery.nodeLinkFileSystem) === 'angular' ? 'angular' : undefined;
  return /\.(vue|svelte|astro)$/.exec(file)?.[1];
};
const STRICT = argv.includes('--strict');
const FIX = argv.includes('--fix');
const SAMPLE_SIZE = 50;
/** A seeded shuffle's first `size` (mulberry32, as the ESLint survey samples). */
function sampleOf(list, size, seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const indices = list.map((_, i) => i);
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indices[i], indices[j]] = [indices[j], indices[i]];
  }
  return indices.slice(0, size).sort((x, y) => x - y).map((i) => list[i]);
}
const SKIP = /(?:^|\/)(?:node_modules|dist|build|vendor|\.svelte-kit|\.nuxt|coverage)\//;
const verdicts = existsSync(VERDICTS) ? JSON.parse(readFileSync(VERDICTS, 'utf8')) : {};

const results = { eslint: 'eslint@9 (root eslint9)', repos: [] };
const unread = [];
for (const name of execFileSync('ls', [REPOS], { encoding: 'utf8' }).split('\n').filter(Boolean)) {
  const dir = path.join(REPOS, name);
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  const files = execFileSync('git', ['ls-files'], { cwd: dir, encoding: 'utf8' }).split('\n').filter((file) => !SKIP.test(file) && kindOf(file, dir) !== undefined);
  const repo = { name, commit, files: {}, parseErrors: [], crashes: [], eslint: 0, scan: 0, onlyEslint: [], onlyScan: [], messages: [] };
  const eslintPlaces = new Set();
  for (const file of files) {
    const kind = kindOf(file, dir);
    repo.files[kind] = (repo.files[kind] ?? 0) + 1;
    const text = readFileSync(path.join(dir, file), 'utf8');
    // Only urilint's rules: the repositories' own eslint-disable comments name rules not loaded here.
    const config = [{ files: ['**/*.vue', '**/*.svelte', '**/*.astro', '**/*.html'], languageOptions: PARSERS[kind], linterOptions: { reportUnusedDisableDirectives: 'off' }, ...plugin.configs.recommended }];
    // What the readers see: the URI candidates of the file (markup, scripts and styles).
    repo.candidates = (repo.candidates ?? 0) + discovery.discoverDocument(text, discovery.sourceKindOf(file), { filePath: file }).candidates.length;
    let messages;
    try {
      messages = new Linter({ configType: 'flat' }).verify(text, config, file);
    } catch (error) {
      repo.crashes.push({ file, error: String(error).slice(0, 300) });
      continue;
    }
    const lines = text.split(/\r\n|[\r\n]/);
    for (const message of messages) {
      if (message.ruleId !== null && !message.ruleId.startsWith('urilint/')) continue;
      if (message.ruleId === null) {
        repo.parseErrors.push({ file, line: message.line, message: message.message });
        continue;
      }
      const line = lines[message.line - 1] ?? '';
      const spanned = message.endLine === message.line ? line.slice(message.column - 1, message.endColumn - 1) : line.slice(message.column - 1);
      const key = `${name}|${file}|${message.line}|${message.ruleId}|${spanned}`;
      eslintPlaces.add(`${file}:${message.line}:${message.column}:${message.endLine}:${message.endColumn}:${message.ruleId}`);
      repo.messages.push({ file, line: message.line, column: message.column, rule: message.ruleId, text: spanned, message: message.message, source: line.trim().slice(0, 200), verdict: verdicts[key] ?? null });
      if (verdicts[key] === undefined) unread.push(`${key}\n    ${line.trim().slice(0, 200)}\n    ${message.message}`);
    }
  }
  repo.eslint = repo.messages.length;
  // strict: every message kept; a seeded sample of 50 read by hand. --fix: each changed line of recommended's fix.
  const strictPlaces = new Set();
  if (STRICT || FIX) {
    repo.strict = [];
    repo.fixHunks = [];
    for (const file of files) {
      const kind = kindOf(file, dir);
      const text = readFileSync(path.join(dir, file), 'utf8');
      const lines = text.split(/\r\n|[\r\n]/);
      const configFor = (preset) => [{ files: ['**/*.vue', '**/*.svelte', '**/*.astro', '**/*.html'], languageOptions: PARSERS[kind], linterOptions: { reportUnusedDisableDirectives: 'off' }, ...plugin.configs[preset] }];
      if (STRICT) {
        let messages = [];
        try {
          messages = new Linter({ configType: 'flat' }).verify(text, configFor('strict'), file);
        } catch {
          continue;
        }
        for (const message of messages) {
          if (message.ruleId === null || !message.ruleId.startsWith('urilint/')) continue;
          const line = lines[message.line - 1] ?? '';
          const spanned = message.endLine === message.line ? line.slice(message.column - 1, message.endColumn - 1) : line.slice(message.column - 1);
          repo.strict.push({ file, line: message.line, column: message.column, rule: message.ruleId, text: spanned, message: message.message, source: line.trim().slice(0, 200), key: `${name}|${file}|${message.line}|${message.ruleId}|${spanned}` });
        }
      }
      if (FIX) {
        let fixed;
        try {
          fixed = new Linter({ configType: 'flat' }).verifyAndFix(text, configFor('recommended'), file);
        } catch {
          continue;
        }
        if (!fixed.fixed) continue;
        const after = fixed.output.split(/\r\n|[\r\n]/);
        for (let k = 0; k < Math.max(lines.length, after.length); k++) {
          if (lines[k] === after[k]) continue;
          const key = `${name}|${file}|${(lines[k] ?? '').trim()}`;
          const verdict = verdicts[key] ?? null;
          repo.fixHunks.push({ file, line: k + 1, removed: lines[k], added: after[k], verdict });
          if (verdict === null) unread.push(`${key}\n    - ${(lines[k] ?? '').trim().slice(0, 200)}\n    + ${(after[k] ?? '').trim().slice(0, 200)}`);
        }
      }
    }
    if (STRICT) {
      const seed = 3986 ^ [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
      repo.strictSample = sampleOf(repo.strict, SAMPLE_SIZE, seed).map((m) => ({ ...m, verdict: verdicts[m.key] ?? null }));
      for (const m of repo.strictSample) if (m.verdict === null) unread.push(`${m.key}\n    ${m.source}\n    ${m.message}`);
      const strictTally = { true: 0, false: 0, 'test data': 0, unread: 0 };
      for (const m of repo.strictSample) strictTally[m.verdict?.split(':')[0] ?? 'unread'] = (strictTally[m.verdict?.split(':')[0] ?? 'unread'] ?? 0) + 1;
      repo.strictVerdicts = strictTally;
      repo.strictCount = repo.strict.length;
      for (const m of repo.strict) strictPlaces.add(`${m.file}:${m.line}:${m.column}:${m.rule}`);
      delete repo.strict;
    }
  }
  // The same files through `urilint scan`, in batches (the command line has a length limit).
  const scanPlaces = new Set();
  for (let at = 0; at < files.length; at += 200) {
    let out;
    try {
      out = execFileSync(process.execPath, [CLI, 'scan', '--format', 'json', '--no-config', ...files.slice(at, at + 200)], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      out = error.stdout;
    }
    for (const problem of JSON.parse(out || '[]')) scanPlaces.add(`${problem.file}:${problem.line}:${problem.column}:${problem.endLine}:${problem.endColumn}:urilint/${problem.rule}`);
  }
  repo.scan = scanPlaces.size;
  if (STRICT) {
    const strictScan = new Set();
    for (let at = 0; at < files.length; at += 200) {
      let out;
      try {
        out = execFileSync('node', [CLI, 'scan', '--format', 'json', '--no-config', '--preset', 'strict', ...files.slice(at, at + 200)], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (error) {
        out = error.stdout;
      }
      for (const problem of JSON.parse(out || '[]')) strictScan.add(`${problem.file}:${problem.line}:${problem.column}:urilint/${problem.rule}`);
    }
    repo.strictScan = strictScan.size;
    repo.strictOnlyEslint = [...strictPlaces].filter((p) => !strictScan.has(p));
    repo.strictOnlyScan = [...strictScan].filter((p) => !strictPlaces.has(p));
  }
  repo.onlyEslint = [...eslintPlaces].filter((p) => !scanPlaces.has(p));
  repo.onlyScan = [...scanPlaces].filter((p) => !eslintPlaces.has(p));
  const tally = { true: 0, false: 0, 'test data': 0, unread: 0 };
  for (const message of repo.messages) tally[message.verdict?.split(':')[0] ?? 'unread'] = (tally[message.verdict?.split(':')[0] ?? 'unread'] ?? 0) + 1;
  repo.verdicts = tally;
  results.repos.push(repo);
  console.error(`${name} @ ${commit.slice(0, 12)}: ${files.length} files ${JSON.stringify(repo.files)}, ${repo.candidates ?? 0} URI candidates, ESLint ${repo.eslint}, scan ${repo.scan}, only ESLint ${repo.onlyEslint.length}, only scan ${repo.onlyScan.length}, parse errors ${repo.parseErrors.length}, crashes ${repo.crashes.length}, verdicts ${JSON.stringify(tally)}${STRICT ? `, strict ${repo.strictCount} (scan ${repo.strictScan}, only ESLint ${repo.strictOnlyEslint.length}, only scan ${repo.strictOnlyScan.length}), sample verdicts ${JSON.stringify(repo.strictVerdicts)}` : ''}${FIX ? `, --fix lines ${repo.fixHunks.length}` : ''}`);
}
writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
if (unread.length > 0) console.log(`${unread.length} messages without a verdict:\n${unread.join('\n')}`);
