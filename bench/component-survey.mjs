// urilint on real framework components (issue 17's survey): Vue, Svelte, Astro and Angular.
//
//   node bench/component-survey.mjs --repos /work/survey17/repos [--out bench/component-survey-results.json]
//     [--verdicts bench/component-survey-verdicts.json] [--root DIR]
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
const kindOf = (file) => (file.endsWith('.component.html') ? 'angular' : /\.(vue|svelte|astro)$/.exec(file)?.[1]);
const SKIP = /(?:^|\/)(?:node_modules|dist|build|vendor|\.svelte-kit|\.nuxt|coverage)\//;
const verdicts = existsSync(VERDICTS) ? JSON.parse(readFileSync(VERDICTS, 'utf8')) : {};

const results = { eslint: 'eslint@9 (root eslint9)', repos: [] };
const unread = [];
for (const name of execFileSync('ls', [REPOS], { encoding: 'utf8' }).split('\n').filter(Boolean)) {
  const dir = path.join(REPOS, name);
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  const files = execFileSync('git', ['ls-files'], { cwd: dir, encoding: 'utf8' }).split('\n').filter((file) => kindOf(file) !== undefined && !SKIP.test(file));
  const repo = { name, commit, files: {}, parseErrors: [], crashes: [], eslint: 0, scan: 0, onlyEslint: [], onlyScan: [], messages: [] };
  const eslintPlaces = new Set();
  for (const file of files) {
    const kind = kindOf(file);
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
  repo.onlyEslint = [...eslintPlaces].filter((p) => !scanPlaces.has(p));
  repo.onlyScan = [...scanPlaces].filter((p) => !eslintPlaces.has(p));
  const tally = { true: 0, false: 0, 'test data': 0, unread: 0 };
  for (const message of repo.messages) tally[message.verdict?.split(':')[0] ?? 'unread'] = (tally[message.verdict?.split(':')[0] ?? 'unread'] ?? 0) + 1;
  repo.verdicts = tally;
  results.repos.push(repo);
  console.error(`${name} @ ${commit.slice(0, 12)}: ${files.length} files ${JSON.stringify(repo.files)}, ${repo.candidates ?? 0} URI candidates, ESLint ${repo.eslint}, scan ${repo.scan}, only ESLint ${repo.onlyEslint.length}, only scan ${repo.onlyScan.length}, parse errors ${repo.parseErrors.length}, crashes ${repo.crashes.length}, verdicts ${JSON.stringify(tally)}`);
}
writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);
if (unread.length > 0) console.log(`${unread.length} messages without a verdict:\n${unread.join('\n')}`);
