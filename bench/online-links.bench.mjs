// The online check of external links (`urilint scan --online`) against linkinator and
// markdown-link-check on one generated Markdown site whose links point at HTTP servers this script
// starts on loopback: one server (one port of 127.0.0.1) per host, with injected latency, rate
// limits (429 with Retry-After), 404/410 pages, 301/302 chains, redirect loops, missing fragments,
// HEAD-refusing hosts, connections reset once, and hosts that stall or always reset. Every server
// counts the requests it gets and the most it had at once. The tools run one after the other in
// one run; for each: the planted broken links it reports (recall), the healthy links it reports
// broken, the requests the servers saw, the most requests any host had at once, and the wall time.
//
// Run (after `pnpm build` at the root): `node bench/online-links.bench.mjs` [--links 20000]
// [--hosts 200] [--files 100] [--seed 3986] [--tools urilint,linkinator,markdown-link-check]
// [--json FILE]. Run on demand, never in tests. Times depend on the machine's load: read the
// ratios of one run.
import './node.mjs';
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout } from 'node:timers';
import { mulberry32 } from './random.mjs';

const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const LINKINATOR = fileURLToPath(new URL('./node_modules/linkinator/build/src/cli.js', import.meta.url));
const MLC = fileURLToPath(new URL('./node_modules/markdown-link-check/markdown-link-check', import.meta.url));

const { values } = parseArgs({
  options: {
    links: { type: 'string', default: '20000' },
    hosts: { type: 'string', default: '200' },
    files: { type: 'string', default: '100' },
    paths: { type: 'string', default: '60' },
    seed: { type: 'string', default: '3986' },
    tools: { type: 'string', default: 'urilint,linkinator,markdown-link-check' },
    json: { type: 'string' },
  },
});
for (const file of [BIN, LINKINATOR, MLC]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`pnpm install\` and \`pnpm build\` at the repository's root first.`);
    process.exit(2);
  }
}
const LINKS = Number(values.links);
const HOSTS = Number(values.hosts);
const FILES = Number(values.files);
const PATHS = Number(values.paths);
const random = mulberry32(Number(values.seed));
const pick = (n) => Math.floor(random() * n);

// ---- Hosts: a profile each (the first few of each kind; the rest plain, with a latency).
const RATE = { limit: 5, windowMs: 1000 };
function profileOf(h) {
  if (h < 10) return 'rate-limited'; // more than 5 requests in a second: 429 Retry-After: 1
  if (h < 20) return '429-once'; // each path's first request: 429 Retry-After: 2
  if (h < 23) return 'reset-once'; // each path's first request: the connection reset
  if (h < 24) return 'reset-always'; // down
  if (h < 26) return 'stall'; // answers nothing for 15 s, then drops the connection: down
  if (h < 31) return 'head-refused'; // 405 to HEAD
  if (h < 36) return 'slow'; // 300-800 ms
  return 'plain';
}
const IDS = ['intro', 'usage', 'options', 'api', 'faq'];
/** A path's kind: what it answers. */
function kindOf() {
  const r = random();
  if (r < 0.05) return 'e404';
  if (r < 0.07) return 'e410';
  if (r < 0.12) return 'r301'; // 301 → /moved/i (200)
  if (r < 0.17) return 'r302-chain'; // 302 → /tmp/i → 301 → /moved/i (200)
  if (r < 0.19) return 'r-to-404'; // 301 → /moved/i/x (404)
  if (r < 0.2) return 'loop'; // 302 → /loop/i → 302 → /p/i
  return 'ok';
}
const hosts = [];
for (let h = 0; h < HOSTS; h++) {
  const profile = profileOf(h);
  const down = profile === 'stall' || profile === 'reset-always';
  const paths = Array.from({ length: down ? 3 : PATHS }, () => kindOf());
  const latency = profile === 'slow' ? 300 + pick(500) : 5 + pick(36);
  hosts.push({ h, profile, down, paths, latency, port: 0, server: undefined, stats: undefined, seen: new Set(), times: [] });
}

function page(ids) {
  return `<!doctype html><html><head><title>page</title></head><body>${ids.map((id) => `<h2 id="${id}">${id}</h2><p>text</p>`).join('')}</body></html>`;
}

function handler(host) {
  return (req, res) => {
    const stats = host.stats;
    stats.requests++;
    stats.active++;
    stats.peak = Math.max(stats.peak, stats.active);
    let closed = false;
    const done = () => {
      if (!closed) {
        closed = true;
        stats.active--;
      }
    };
    res.on('close', done);
    const url = new URL(req.url ?? '/', 'http://x');
    const key = `${url.pathname}`;
    const first = !host.seen.has(key);
    host.seen.add(key);
    if (host.profile === 'stall') {
      setTimeout(() => req.socket.destroy(), 15_000);
      return;
    }
    if (host.profile === 'reset-always' || (host.profile === 'reset-once' && first)) {
      req.socket.destroy();
      return;
    }
    const answer = () => {
      if (res.destroyed) return;
      if (host.profile === 'rate-limited') {
        const now = performance.now();
        host.times = host.times.filter((t) => now - t < RATE.windowMs);
        if (host.times.length >= RATE.limit) {
          stats.tooMany++;
          res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('slow down');
          return;
        }
        host.times.push(now);
      }
      if (host.profile === '429-once' && first) {
        stats.tooMany++;
        res.writeHead(429, { 'retry-after': '2', 'content-type': 'text/plain' }).end('slow down');
        return;
      }
      if (host.profile === 'head-refused' && req.method === 'HEAD') {
        res.writeHead(405, { allow: 'GET' }).end();
        return;
      }
      const html = (body) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : body);
      const notFound = (status = 404) => res.writeHead(status, { 'content-type': 'text/html' }).end(req.method === 'HEAD' ? undefined : '<p>not here</p>');
      const redirect = (status, to) => res.writeHead(status, { location: to }).end();
      const m = /^\/(p|moved|tmp|loop)\/(\d+)(\/x)?$/.exec(url.pathname);
      if (m === null) return notFound();
      const [, area, n, x] = m;
      const i = Number(n);
      const kind = host.paths[i];
      if (kind === undefined) return notFound();
      if (area === 'p') {
        if (kind === 'ok') return html(page(IDS));
        if (kind === 'e404') return notFound(404);
        if (kind === 'e410') return notFound(410);
        if (kind === 'r301') return redirect(301, `/moved/${i}`);
        if (kind === 'r302-chain') return redirect(302, `/tmp/${i}`);
        if (kind === 'r-to-404') return redirect(301, `/moved/${i}/x`);
        if (kind === 'loop') return redirect(302, `/loop/${i}`);
      }
      if (area === 'tmp' && kind === 'r302-chain') return redirect(301, `/moved/${i}`);
      if (area === 'loop' && kind === 'loop') return redirect(302, `/p/${i}`);
      if (area === 'moved' && x === undefined && (kind === 'r301' || kind === 'r302-chain')) return html(page(IDS));
      return notFound();
    };
    setTimeout(answer, host.latency);
  };
}

// ---- The site: FILES Markdown files, LINKS links; paths skewed so that links repeat across files.
const truth = new Map(); // url as written → 'broken' | 'healthy' | 'down'
const described = new Map(); // url as written → its host's profile and its path's kind
const linksOf = Array.from({ length: FILES }, () => []);
const liveHosts = hosts.filter((host) => !host.down);
const downHosts = hosts.filter((host) => host.down);
for (let l = 0; l < LINKS; l++) {
  const host = random() < 0.005 ? downHosts[pick(downHosts.length)] : liveHosts[pick(liveHosts.length)];
  const i = Math.floor(host.paths.length * random() ** 2);
  const kind = host.paths[i];
  let fragment = '';
  let missing = false;
  if (random() < 0.15) {
    missing = random() < 0.1;
    fragment = missing ? `#gone-${pick(5)}` : `#${IDS[pick(IDS.length)]}`;
  }
  linksOf[l % FILES].push({ h: host.h, path: `/p/${i}${fragment}`, kind, missing, down: host.down });
}

async function listen(host) {
  host.server = createServer(handler(host));
  host.server.keepAliveTimeout = 5000;
  await new Promise((resolve) => host.server.listen(0, '127.0.0.1', resolve));
  host.port = host.server.address().port;
}
await Promise.all(hosts.map(listen));

const site = mkdtempSync(join(os.tmpdir(), 'urilint-online-bench-'));
const files = [];
for (let f = 0; f < FILES; f++) {
  const lines = [`# Page ${f}`, ''];
  for (const [n, link] of linksOf[f].entries()) {
    const url = `http://127.0.0.1:${hosts[link.h].port}${link.path}`;
    truth.set(url, link.down ? 'down' : link.missing || ['e404', 'e410', 'r-to-404', 'loop'].includes(link.kind) ? 'broken' : 'healthy');
    described.set(url, `${hosts[link.h].profile} ${link.kind}${link.missing ? ' missing-fragment' : ''}`);
    lines.push(`- [link ${n}](${url})`);
  }
  const file = join(site, `page-${String(f).padStart(3, '0')}.md`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  files.push(file);
}

function resetServers() {
  for (const host of hosts) {
    host.stats = { requests: 0, active: 0, peak: 0, tooMany: 0 };
    host.seen = new Set();
    host.times = [];
  }
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

const TOOLS = {
  async urilint() {
    const cacheDir = mkdtempSync(join(os.tmpdir(), 'urilint-online-cache-'));
    writeFileSync(join(site, 'urilint.config.jsonc'), JSON.stringify({ onlineLinks: { allowHosts: ['127.0.0.1'], cache: join(cacheDir, 'links-cache.json') } }));
    const result = await run(process.execPath, [BIN, 'scan', '--online', '--format', 'json', '--no-progress', '.'], site);
    rmSync(cacheDir, { recursive: true, force: true });
    rmSync(join(site, 'urilint.config.jsonc'));
    const broken = new Set();
    for (const finding of JSON.parse(result.stdout.trim() === '' ? '[]' : result.stdout)) {
      if (finding.code === 'no-broken-links' && finding.severity === 'error') broken.add(/^"([^"]+)"/.exec(finding.message)?.[1]);
    }
    return { broken, note: result.stderr.trim().split('\n').find((line) => line.startsWith('urilint: online')) ?? result.stderr.slice(0, 500) };
  },
  async linkinator() {
    // Its JSON goes to a file: through a pipe, the process exits before a large report is written out.
    const report = join(os.tmpdir(), `linkinator-${process.pid}.json`);
    const result = await run('sh', ['-c', `exec "$0" "$1" '*.md' --markdown --recurse --check-fragments --format json > "$2"`, process.execPath, LINKINATOR, report], site);
    const broken = new Set();
    const text = readFileSync(report, 'utf8');
    rmSync(report, { force: true });
    const json = JSON.parse(text.slice(text.indexOf('{')));
    for (const link of json.links) if (link.state === 'BROKEN' && link.url.startsWith('http://127.0.0.1')) broken.add(link.url);
    return { broken, note: `exit ${result.code}, ${json.links.length} link results` };
  },
  async 'markdown-link-check'() {
    // As its README shows: once per file (find … | xargs -n1 markdown-link-check).
    const broken = new Set();
    let dead = 0;
    for (const file of files) {
      const result = await run(process.execPath, [MLC, file], site);
      for (const match of result.stdout.matchAll(/\[✖\] (\S+)/g)) {
        broken.add(match[1]);
        dead++;
      }
    }
    return { broken, note: `${dead} dead reports over ${files.length} processes` };
  },
};

const planted = [...truth].filter(([, t]) => t === 'broken').map(([url]) => url);
const healthy = [...truth].filter(([, t]) => t === 'healthy').map(([url]) => url);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
console.log(`online-links bench at ${commit}, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (a shared, loaded machine: times are of this run only)`);
console.log(`site: ${FILES} files, ${LINKS} links, ${truth.size} distinct URLs as written over ${HOSTS} hosts (127.0.0.1, one port each); planted broken ${planted.length}, healthy ${healthy.length}, on down hosts ${truth.size - planted.length - healthy.length}`);

const results = [];
for (const name of values.tools.split(',')) {
  resetServers();
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  const { broken, note } = await TOOLS[name]();
  const seconds = (performance.now() - started) / 1000;
  let active = 0;
  for (const host of hosts) active += host.stats.active;
  const missed = planted.filter((url) => !broken.has(url));
  const found = planted.length - missed.length;
  const falseBroken = healthy.filter((url) => broken.has(url));
  const requests = hosts.reduce((sum, host) => sum + host.stats.requests, 0);
  const peak = Math.max(...hosts.map((host) => host.stats.peak));
  const overTwo = hosts.filter((host) => host.stats.peak > 2).length;
  const tooMany = hosts.reduce((sum, host) => sum + host.stats.tooMany, 0);
  const row = { tool: name, seconds, found, planted: planted.length, falseBroken: falseBroken.length, falseExamples: falseBroken.slice(0, 5).map((url) => `${url} (${described.get(url)})`), missedExamples: missed.slice(0, 5).map((url) => `${url} (${described.get(url)})`), requests, peak, hostsOverTwo: overTwo, tooMany, load: [loadBefore, os.loadavg()[0]], note };
  results.push(row);
  console.log(`${name}: ${seconds.toFixed(1)} s wall (load ${loadBefore.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}); broken found ${found}/${planted.length}; healthy reported broken ${falseBroken.length}; requests ${requests}; most at once on one host ${peak} (hosts over 2: ${overTwo}); 429s drawn ${tooMany}; ${note}`);
  if (falseBroken.length > 0) console.log(`  healthy reported broken, e.g. ${row.falseExamples.join('; ')}`);
  if (missed.length > 0) console.log(`  broken not reported, e.g. ${row.missedExamples.join('; ')}`);
  // Stalled requests of a tool that gave up are dropped before the next tool starts.
  if (active > 0) for (const host of hosts) host.server.closeAllConnections();
}
const ours = results.find((row) => row.tool === 'urilint');
const peers = results.filter((row) => row.tool !== 'urilint');
if (ours !== undefined && peers.length > 0) {
  const fastest = peers.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
  console.log(`urilint wall ÷ fastest peer (${fastest.tool}): ${(ours.seconds / fastest.seconds).toFixed(2)}× (target ≤ 0.5×); requests ÷ fewest of peers: ${(ours.requests / Math.min(...peers.map((p) => p.requests))).toFixed(2)}×`);
}
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify({ commit, node: process.version, date: new Date().toISOString(), site: { files: FILES, links: LINKS, hosts: HOSTS, distinct: truth.size, planted: planted.length, healthy: healthy.length }, results }, null, 2)}\n`);
rmSync(site, { recursive: true, force: true });
for (const host of hosts) {
  host.server.closeAllConnections();
  host.server.close();
}
