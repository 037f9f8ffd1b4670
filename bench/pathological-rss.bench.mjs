// Peak memory and time of `urilint scan` on each pathological input the project knows, each made
// just under the default --max-file-size (10 MiB): the inputs of
// packages/core/test/fixtures/pathological.json (parse, findUris and discoverText as .txt files,
// discoverMarkdown as .md files) and issue 27's 7 MB of link reference definitions. Each file is
// scanned by the built command line in a process of its own, under /usr/bin/time -v, and its
// "Maximum resident set size" and wall-clock time printed as a Markdown table. Issue 27 requires
// at most 1 GB for any input under the default size limit. It never runs in the tests.
//
//   pnpm build && node bench/pathological-rss.bench.mjs [--only REGEX] [--timeout 600]
import './node.mjs';
import { Buffer } from 'node:buffer';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { fill, make } from '../packages/core/test/fixtures/pathological-inputs.mjs';

const CLI = new URL('../packages/cli/dist/bin.js', import.meta.url);
if (!existsSync(CLI)) {
  console.error(`${CLI.pathname} is missing: run pnpm build first.`);
  process.exit(2);
}
if (!existsSync('/usr/bin/time')) {
  console.error('/usr/bin/time is missing (apt-get install time).');
  process.exit(2);
}
const { values } = parseArgs({ options: { only: { type: 'string' }, timeout: { type: 'string', default: '600' } } });
const only = values.only === undefined ? undefined : new RegExp(values.only);
const MAX = 10 * 1024 * 1024 - 1024;
const TABLE = JSON.parse(readFileSync(new URL('../packages/core/test/fixtures/pathological.json', import.meta.url), 'utf8'));

/** The input of the shape, as large as fits in MAX bytes of UTF-8 (lone surrogates are written as U+FFFD, 3 bytes). */
function underLimit(shape) {
  let size = MAX;
  for (;;) {
    const text = make(shape, size);
    const bytes = Buffer.byteLength(text);
    if (bytes <= MAX) return text;
    size = Math.floor(size * (MAX / bytes) * 0.999);
  }
}

const inputs = [];
for (const [family, shapes] of Object.entries(TABLE)) {
  if (family.startsWith('$')) continue;
  for (const [name, shape] of Object.entries(shapes)) {
    if (name.startsWith('$')) continue;
    inputs.push({ family, name, ext: family === 'discoverMarkdown' ? 'md' : 'txt', text: () => underLimit(shape) });
  }
}
inputs.push({ family: 'issue 27', name: '7 MB of link reference definitions', ext: 'md', text: () => fill('[l{n}]: https://example.com/{n}\n', 7_000_000) });

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {
  // Not a checkout.
}
console.log(`commit ${commit} · node ${process.version} · ${os.cpus()[0]?.model ?? 'cpu'} · ${os.cpus().length} cores · load ${os.loadavg()[0].toFixed(2)} · ${new Date().toISOString()}\n`);
console.log('| family | input | MB | exit | read without a full parse | URIs checked | URIs not checked | peak RSS (MB) | time (s) |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const dir = mkdtempSync(path.join(os.tmpdir(), 'urilint-rss-'));
let worst = 0;
try {
  for (const input of inputs) {
    if (only !== undefined && !only.test(`${input.family} ${input.name}`)) continue;
    const file = path.join(dir, `input.${input.ext}`);
    const text = input.text();
    writeFileSync(file, text);
    // The findings go nowhere: what is measured is the scan, not a terminal printing them.
    const run = spawnSync('/usr/bin/time', ['-v', process.execPath, CLI.pathname, 'scan', '--no-config', '--stats', '--format', 'json', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 28,
      timeout: Number(values.timeout) * 1000,
    });
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr ?? '');
    const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(run.stderr ?? '');
    const notParsed = /files read without a full parse: (\d+)/.exec(run.stderr ?? '');
    const uris = /^URIs: ([\d,]+)/m.exec(run.stderr ?? '');
    const unchecked = /^URIs not checked[^:]*: ([\d,]+)/m.exec(run.stderr ?? '');
    const mb = rss === null ? NaN : Number(rss[1]) / 1024;
    worst = Math.max(worst, Number.isNaN(mb) ? 0 : mb);
    const seconds = wall === null ? NaN : Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
    const exit = run.error !== undefined ? 'timeout' : String(/Exit status: (\d+)/.exec(run.stderr ?? '')?.[1] ?? run.status);
    console.log(
      `| ${input.family} | ${input.name} | ${(Buffer.byteLength(text) / 1048576).toFixed(2)} | ${exit} | ${notParsed?.[1] ?? '?'} | ${uris?.[1] ?? '?'} | ${unchecked?.[1] ?? '?'} | ${mb.toFixed(0)} | ${seconds.toFixed(1)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nlargest peak RSS: ${worst.toFixed(0)} MB (issue 27: at most 1,024)`);
