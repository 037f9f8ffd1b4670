// Patterns a tree writes (issue 27, item 5), timed before and after, side by side in one run:
// `urilint scan` on three hostile trees, each grown in steps, run by the command of an older checkout
// (`--before`, built with `pnpm build`: the patterns went to JavaScript's backtracking engine there)
// and by this checkout's, one after the other at each size. A run still going after `--cap` seconds
// is stopped and printed as such. The tests count the work instead (tree-patterns.test.ts); this
// never runs in them: a timing fails when the machine is busy.
//
//   node tree-patterns.bench.mjs --before /path/to/older/checkout [--cap 20]   (after pnpm build)
//
// The attacks:
//   vercel   vercel.json redirects `/docs/:p(a*a*a*a*a*a*a*a*a*a*b)`; a page links to /docs/aaa…a (n a's)
//   customIds  urilint.config.jsonc's no-broken-links customIds ["(a|a)*b"]; a heading `## aaa…a`
//   ignore   urilint.config.jsonc's ignore ["*a*a*a*a*a*a*a*a*a*a*b"]; a file named aaa…a.md
import './node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { before: { type: 'string' }, cap: { type: 'string', default: '20' } } });
const AFTER = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const BEFORE = values.before === undefined ? undefined : join(values.before, 'packages/cli/dist/bin.js');
for (const bin of [AFTER, BEFORE]) {
  if (bin === undefined) {
    console.error('--before DIR: an older checkout, built (pnpm build), to time beside this one');
    process.exit(2);
  }
  if (!existsSync(bin)) {
    console.error(`${bin} is missing: run pnpm build there first.`);
    process.exit(2);
  }
}
const cap = Number(values.cap);
const STARS = 'a*a*a*a*a*a*a*a*a*a*b';

const ATTACKS = {
  vercel: {
    sizes: [10, 20, 30, 40, 60, 10_000],
    tree: (n) => ({
      '.git/HEAD': '',
      'next.config.js': 'module.exports = {};\n',
      'vercel.json': JSON.stringify({ redirects: [{ source: `/docs/:p(${STARS})`, destination: '/', permanent: true }] }),
      'pages/docs/intro.md': '# Intro\n',
      'pages/index.md': `[no b](/docs/${'a'.repeat(n)})\n`,
    }),
  },
  customIds: {
    sizes: [10, 20, 24, 28, 32, 10_000],
    tree: (n) => ({
      '.git/HEAD': '',
      'urilint.config.jsonc': JSON.stringify({ rules: { 'no-broken-links': { severity: 'error', options: { customIds: ['(a|a)*b'] } } } }),
      'page.md': `## ${'a'.repeat(n)}\n\n[nope](#nope)\n`,
    }),
  },
  ignore: {
    sizes: [10, 20, 30, 40, 60, 250],
    tree: (n) => ({
      '.git/HEAD': '',
      'urilint.config.jsonc': JSON.stringify({ ignore: [`*${STARS}`] }),
      // A problem in the file, so that a scan that reads it has something to report.
      // eslint-disable-next-line urilint/no-unescaped-chars
      [`${'a'.repeat(n)}.md`]: 'see https://example.com/a{b\n',
    }),
  },
};

const base = mkdtempSync(join(os.tmpdir(), 'urilint-tree-patterns-'));

function write(dir, files) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** Wall milliseconds of `urilint scan .` in `dir`, or undefined when stopped at the cap. */
function scan(bin, dir) {
  const start = performance.now();
  const result = spawnSync(process.execPath, [bin, 'scan', '--no-progress', '.'], { cwd: dir, encoding: 'utf8', timeout: cap * 1000, killSignal: 'SIGKILL' });
  const ms = performance.now() - start;
  if (result.signal !== null) return undefined;
  if (result.status !== 0 && result.status !== 1) throw new Error(`scan in ${dir} exited with ${result.status}: ${result.stderr.slice(0, 500)}`);
  return ms;
}

const shown = (ms) => (ms === undefined ? `> ${cap} s (stopped)` : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

console.log(`tree-patterns: ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`before: ${BEFORE}\nafter:  ${AFTER}\n`);
console.log('| attack | n | before | after |\n| --- | ---: | ---: | ---: |');
try {
  for (const [name, attack] of Object.entries(ATTACKS)) {
    let stopped = false;
    for (const n of attack.sizes) {
      const dir = join(base, `${name}-${n}`);
      write(dir, attack.tree(n));
      // Once the older command was stopped, larger sizes would be too: it is not run again.
      const before = stopped ? undefined : scan(BEFORE, dir);
      const after = scan(AFTER, dir);
      console.log(`| ${name} | ${n.toLocaleString('en-US')} | ${stopped ? 'not run (stopped at a smaller n)' : shown(before)} | ${shown(after)} |`);
      stopped ||= before === undefined;
    }
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
