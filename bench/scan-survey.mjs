// Findings of `urilint scan` on real trees, per code, with each line for reading by hand.
//
//   node bench/scan-survey.mjs DIR...        (after pnpm build; DIRs are checkouts of real repositories)
//
// For each directory: the commit (when it is a git checkout), the files and URIs read, the findings
// per code, and every finding with its source line, to be judged true or false by a person. The
// figures of the template survey in bench/README.md were made with it.
import './node.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const BIN = new URL('../packages/cli/dist/bin.js', import.meta.url);
if (!existsSync(BIN)) {
  console.error('packages/cli/dist/bin.js is missing: run pnpm build first.');
  process.exit(2);
}
const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node bench/scan-survey.mjs DIR...');
  process.exit(2);
}

function run(args, cwd) {
  try {
    return execFileSync(process.execPath, [BIN.pathname, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if (typeof error.stdout === 'string' && error.status === 1) return error.stdout;
    throw error;
  }
}

for (const dir of dirs) {
  const root = path.resolve(dir);
  let commit = '(not a git checkout)';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  const findings = JSON.parse(run(['scan', '--format', 'json', '.'], root));
  const byCode = new Map();
  for (const finding of findings) byCode.set(finding.code ?? finding.rule, (byCode.get(finding.code ?? finding.rule) ?? 0) + 1);
  console.log(`\n## ${path.basename(root)} @ ${commit}: ${findings.length} findings`);
  for (const [code, count] of [...byCode].sort((a, b) => b[1] - a[1])) console.log(`- ${code}: ${count}`);
  for (const finding of findings) {
    const line = readFileSync(path.join(root, finding.file), 'utf8').split(/\r\n|\r|\n/)[finding.line - 1] ?? '';
    console.log(`  ${finding.file}:${finding.line}:${finding.column} ${finding.code ?? finding.rule}  ${line.trim().slice(0, 160)}`);
  }
}
