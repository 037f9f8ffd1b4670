// The README's `pnpm examples` excerpt, held to what the command prints. The excerpt shows some
// lines of some files of ESLint's output on examples/ (the stylish format) and its closing summary;
// this script runs ESLint as `pnpm examples` does (on the built plugin: run `pnpm build` first) and
// writes each line shown again from the real output (by its file and its line:column), and the
// summary as printed. `--check` fails when the README differs from that, or shows a line the
// output no longer has.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = `${ROOT}README.md`;
const OPEN = '$ pnpm examples\n';

process.env.NO_COLOR = '1';
process.env.FORCE_COLOR = '0';
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: 'examples/eslint.config.js' });
const results = await eslint.lintFiles(['examples']);
const formatter = await eslint.loadFormatter('stylish');
// eslint-disable-next-line no-control-regex
const output = (await formatter.format(results)).replace(/\u001b\[[0-9;]*m/g, '').replaceAll(`${ROOT}`, '');

/** The real output as blocks: each file's header and its message lines by `line:column`, and the summary lines. */
const blocks = new Map();
let current;
const summary = [];
for (const line of output.split('\n')) {
  if (/^\S/.test(line) && !line.startsWith('✖')) {
    current = new Map();
    blocks.set(line, current);
  } else if (/^\s+\d+:\d+\s/.test(line) && current) current.set(/^\s+(\d+:\d+)/.exec(line)[1], line);
  else if (line.startsWith('✖') || (summary.length > 0 && line.trim() !== '')) summary.push(line);
}

const text = readFileSync(README, 'utf8');
const start = text.indexOf(OPEN);
const end = text.indexOf('```', start);
if (start < 0 || end < 0) throw new Error(`README.md has no "${OPEN.trim()}" block`);
const shown = text.slice(start + OPEN.length, end).replace(/\n$/, '').split('\n');
const problems = [];
const written = [];
let file;
for (const line of shown) {
  if (line.startsWith('✖') || (written.length > 0 && /^\s+\d+ errors? and/.test(line))) continue;
  if (/^\S/.test(line)) {
    file = line;
    if (!blocks.has(line)) problems.push(`the output has no file ${line}`);
    written.push(line);
  } else if (/^\s+\d+:\d+\s/.test(line)) {
    const at = /^\s+(\d+:\d+)/.exec(line)[1];
    const real = blocks.get(file)?.get(at);
    if (real === undefined) problems.push(`the output has no message at ${file}:${at}`);
    written.push(real ?? line);
  } else written.push(line);
}
while (written.length > 0 && written.at(-1) === '') written.pop();
const block = [...written, '', ...summary].join('\n') + '\n';
const next = text.slice(0, start + OPEN.length) + block + text.slice(end);

if (problems.length > 0) {
  for (const problem of problems) console.error(`README.md, the pnpm examples excerpt: ${problem}`);
  process.exit(1);
}
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('README.md: the pnpm examples excerpt differs from what the command prints; run pnpm docs:generate.');
    process.exit(1);
  }
  console.log('README.md: the pnpm examples excerpt matches the output.');
} else {
  if (next !== text) writeFileSync(README, next);
  console.log(`README.md: the pnpm examples excerpt ${next === text ? 'up to date' : 'written'}.`);
}
