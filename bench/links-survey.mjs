#!/usr/bin/env node
/**
 * The local-link survey (issue 18): `no-broken-links` beside markdownlint-cli2 (MD051, MD052) and
 * remark-validate-links on documentation trees, every run offline, with wall times, the findings
 * matched against the peers' (same file, ±3 lines) and against the verdicts read by hand in
 * links-survey-verdicts.json: 'true' (broken as the tree stands), 'false' (the link works where the
 * document is read), 'test-data' (a fixture of the project's own tests: counted apart, as not false).
 *
 *   node links-survey.mjs --trees DIR --peers DIR [--repos a+b,c+d] [--out FILE] [--verdicts FILE]
 *   node links-survey.mjs --trees DIR --cost REPO [--rounds 3]
 *
 * --cost: what link checking adds to a scan of REPO (`--jobs 1`, the recommended preset, with and
 *         without `--rule no-broken-links=off`, in alternating order), as CPU time (user + system,
 *         from /usr/bin/time) and wall time, each the median of the rounds; the ratio is what to read
 *         on a shared machine, where wall time follows the load.
 *
 * --trees: a folder holding one tree per repository, named owner+name (`git archive` of the commit
 *          in the verdicts file, with an empty `.git` folder so the repository root is found).
 * --peers: a folder where `npm install markdownlint-cli2 remark-cli remark-gfm remark-frontmatter
 *          remark-validate-links` was run (outside the workspace: the peers are not dependencies).
 * --verdicts: the verdicts file (default links-survey-verdicts.json; the second survey's, issue 30, is
 *          links-survey-2-verdicts.json).
 * Needs `pnpm build` first (the command line from packages/cli/dist).
 */
import './node.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args[at + 1];
};
const trees = resolve(flag('--trees', '/tmp/links-survey'));
const peers = resolve(flag('--peers', '/tmp/links-peers'));
const out = flag('--out', undefined);
const cli = join(here, '../packages/cli/dist/bin.js');
if (!existsSync(cli)) throw new Error('Build the packages first: pnpm build');
const verdicts = JSON.parse(readFileSync(resolve(here, flag('--verdicts', 'links-survey-verdicts.json')), 'utf8'));
const repos = (flag('--repos', undefined)?.split(',') ?? Object.keys(verdicts.repositories)).filter((repo) => {
  if (existsSync(join(trees, repo))) return true;
  console.error(`${repo}: no tree at ${join(trees, repo)} (git archive ${verdicts.repositories[repo]?.commit ?? '?'}), skipped`);
  return false;
});

function timed(command, argv, cwd) {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, argv, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (run.error) throw run.error;
  return { seconds, stdout: run.stdout, stderr: run.stderr, status: run.status };
}

const strip = stripVTControlCharacters;

function runUrilint(repo) {
  const run = timed(process.execPath, [cli, 'scan', repo, '--preset', 'none', '--rule', 'no-broken-links', '--format', 'json', '--jobs', '1', '--stats'], trees);
  const lines = new Map();
  const textOf = (f) => {
    if (f.line !== f.endLine) return undefined;
    if (!lines.has(f.file)) lines.set(f.file, readFileSync(join(trees, f.file), 'utf8').split(/\r?\n/));
    return lines.get(f.file)[f.line - 1]?.slice(f.column - 1, f.endColumn - 1);
  };
  const findings = JSON.parse(run.stdout).map((f) => ({ file: f.file.slice(repo.length + 1), line: f.line, message: f.message, text: textOf(f) }));
  const notes = strip(run.stderr).split('\n').filter((line) => line.trim() !== '');
  return { seconds: run.seconds, findings, notes };
}

function runMarkdownlint(repo, configDir) {
  const run = timed(join(peers, 'node_modules/.bin/markdownlint-cli2'), ['--config', join(configDir, '.markdownlint-cli2.jsonc')], join(trees, repo));
  const findings = [];
  for (const line of strip(`${run.stdout}\n${run.stderr}`).split('\n')) {
    const match = /^(.*?):(\d+)(?::\d+)? (?:error )?(MD05[123])\S* (.*)$/.exec(line);
    if (match) findings.push({ file: match[1], line: Number(match[2]), kind: match[3], message: match[4] });
  }
  return { seconds: run.seconds, findings };
}

function runRemark(repo) {
  const bin = join(peers, 'node_modules/.bin/remark');
  // Plugins named by path: remark resolves a bare name from the tree, where none is installed.
  const plugins = ['remark-gfm', 'remark-frontmatter', 'remark-validate-links=repository:false'].flatMap((p) => ['--use', p.replace(/^[^=]+/, (name) => join(peers, 'node_modules', name, 'index.js'))]);
  const run = timed(bin, ['.', '--quiet', '--no-stdout', '--no-color', '--ignore-pattern', 'node_modules', ...plugins], join(trees, repo));
  const findings = [];
  const crashed = [];
  let file;
  for (const line of strip(run.stderr).split('\n')) {
    const match = /^\s*(\d+):(\d+)(?:-\d+:\d+)?\s+warning\s+(.*?)\s+(missing-[a-z-]+)/.exec(line);
    if (match) findings.push({ file, line: Number(match[1]), kind: match[4], message: match[3].trim() });
    else if (/^\S/.test(line) && !line.startsWith('⚠')) file = line.trim();
    // remark-validate-links throws on a destination it cannot decode (`%` not followed by two hex digits): that file's links are not checked by it.
    if (/^\s*error\s+Cannot process file/.test(line)) crashed.push(file);
  }
  return { seconds: run.seconds, findings, crashed };
}

const near = (a, b) => a.file === b.file && Math.abs(a.line - b.line) <= 3;

/** The verdict read by hand for a finding: the first rule whose file and text patterns match. */
function verdictOf(repo, finding) {
  for (const rule of verdicts.repositories[repo]?.verdicts ?? []) {
    if (!new RegExp(rule.file).test(finding.file)) continue;
    if (rule.text !== undefined && !new RegExp(rule.text).test(finding.text ?? '')) continue;
    if (rule.message !== undefined && !new RegExp(rule.message).test(finding.message)) continue;
    return rule;
  }
  return undefined;
}

const costOf = flag('--cost', undefined);
if (costOf !== undefined) {
  const rounds = Number(flag('--rounds', '3'));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const runs = { with: [], without: [] };
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 === 0 ? ['with', 'without'] : ['without', 'with']) {
      const extra = which === 'without' ? ['--rule', 'no-broken-links=off'] : [];
      const run = timed('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, cli, 'scan', costOf, '--jobs', '1', '--format', 'json', ...extra], trees);
      const [, user, system] = /cpu ([\d.]+) ([\d.]+)/.exec(run.stderr) ?? [];
      if (user === undefined) throw new Error(`no CPU time for ${which}: ${run.stderr.slice(-500)}`);
      runs[which].push({ wall: run.seconds, cpu: Number(user) + Number(system) });
      console.log(`round ${round + 1} ${which} no-broken-links: wall ${run.seconds.toFixed(2)} s, CPU ${(Number(user) + Number(system)).toFixed(2)} s`);
    }
  }
  const cpu = { with: median(runs.with.map((r) => r.cpu)), without: median(runs.without.map((r) => r.cpu)) };
  const wall = { with: median(runs.with.map((r) => r.wall)), without: median(runs.without.map((r) => r.wall)) };
  console.log(`${costOf}: CPU median ${cpu.with.toFixed(2)} s with, ${cpu.without.toFixed(2)} s without: ${(cpu.with / cpu.without).toFixed(2)}×; wall median ${wall.with.toFixed(2)} s / ${wall.without.toFixed(2)} s: ${(wall.with / wall.without).toFixed(2)}× (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  process.exit(0);
}

const configDir = mkdtempSync(join(tmpdir(), 'links-survey-'));
writeFileSync(join(configDir, '.markdownlint-cli2.jsonc'), JSON.stringify({ config: { default: false, MD051: true, MD052: true, MD053: true }, gitignore: false, globs: ['**/*.md', '!**/node_modules/**'] }));
const versions = Object.fromEntries(
  ['markdownlint-cli2', 'markdownlint', 'remark-cli', 'remark-validate-links'].map((name) => {
    try {
      return [name, JSON.parse(readFileSync(join(peers, 'node_modules', name, 'package.json'), 'utf8')).version];
    } catch {
      return [name, undefined];
    }
  }),
);
const results = { date: new Date().toISOString(), node: process.version, commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim(), versions, repositories: {} };
for (const repo of repos) {
  const files = readdirSync(join(trees, repo), { recursive: true }).filter((name) => /\.md$/.test(name) && !name.includes('node_modules')).length;
  const urilint = runUrilint(repo);
  const mdl = runMarkdownlint(repo, configDir);
  const remark = runRemark(repo);
  const peersFound = [...mdl.findings, ...remark.findings];
  const tally = { true: 0, false: 0, testData: 0, unread: 0 };
  const unread = [];
  for (const finding of urilint.findings) {
    const verdict = verdictOf(repo, finding);
    finding.verdict = verdict?.verdict ?? 'unread';
    if (verdict === undefined) unread.push(finding);
    tally[verdict === undefined ? 'unread' : { true: 'true', false: 'false', 'test-data': 'testData' }[verdict.verdict]]++;
  }
  const row = {
    commit: verdicts.repositories[repo]?.commit,
    markdownFiles: files,
    urilint: { seconds: +urilint.seconds.toFixed(2), findings: urilint.findings.length, ...tally, falseRate: urilint.findings.length === 0 ? 0 : +((100 * tally.false) / urilint.findings.length).toFixed(1) },
    markdownlint: { seconds: +mdl.seconds.toFixed(2), findings: mdl.findings.length, notReportedByUrilint: mdl.findings.filter((p) => !urilint.findings.some((f) => near(f, p))).length },
    remark: { seconds: +remark.seconds.toFixed(2), findings: remark.findings.length, filesItCouldNotProcess: remark.crashed, notReportedByUrilint: remark.findings.filter((p) => !urilint.findings.some((f) => near(f, p))).length },
    urilintNotByPeers: urilint.findings.filter((f) => !peersFound.some((p) => near(f, p))).length,
    notes: urilint.notes,
  };
  const missed = {
    markdownlint: mdl.findings.filter((p) => !urilint.findings.some((f) => near(f, p))),
    remark: remark.findings.filter((p) => !urilint.findings.some((f) => near(f, p))),
  };
  results.repositories[repo] = { ...row, findings: urilint.findings, unread, missedByUrilint: missed };
  console.log(`${repo} ${row.commit?.slice(0, 7)}: urilint ${row.urilint.findings} (${tally.true} true, ${tally.false} false, ${tally.testData} test data, ${tally.unread} unread; ${row.urilint.falseRate}% false) in ${row.urilint.seconds} s · markdownlint MD051/MD052/MD053 ${row.markdownlint.findings} in ${row.markdownlint.seconds} s (${row.markdownlint.notReportedByUrilint} not by urilint) · remark-validate-links ${row.remark.findings} in ${row.remark.seconds} s (${row.remark.notReportedByUrilint} not by urilint)`);
  for (const finding of unread) console.log(`  unread: ${finding.file}:${finding.line} ${finding.message}`);
}
/** JSON with the first levels indented and each finding on one line. */
function compact(value, depth = 0) {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (depth >= 4 || value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => pad + compact(item, depth + 1)).join(',\n')}\n${close}]`;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${compact(item, depth + 1)}`).join(',\n')}\n${close}}`;
}
if (out !== undefined) writeFileSync(out, `${compact(results)}\n`);
