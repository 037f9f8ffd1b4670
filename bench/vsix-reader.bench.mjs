#!/usr/bin/env node
// The VS Code extension's bundled server (packages/vscode/dist/server.js) reading TypeScript with
// oxc-parser's WebAssembly build, against the same bundle without the .wasm file, where it reads with
// typescript-estree after one notice, and against @urilint/language-server's own command with the
// workspace's node_modules, which reads with oxc-parser's native binding (issue 16, packaging). The
// servers run side by side, the bundles each copied with what the .vsix holds into a folder where no
// node_modules is in reach, and are sent the same new 10,000-line TypeScript document (ts-document.mjs,
// a new seed each round, under a new name) in interleaved rounds, the order rotating; each figure is
// the median over the rounds of (time from didOpen to its diagnostics ÷ the other's in that round).
//
//   pnpm build && node vsix-reader.bench.mjs [--rounds 9] [--lines 10000]     (from bench/)
import './node.mjs';
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDocument } from './ts-document.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'packages/vscode/dist');
const WASM = 'oxc-parser.wasm32-wasip1.wasm';
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' }, lines: { type: 'string', default: '10000' } } });
const ROUNDS = Number(values.rounds);
const LINES = Number(values.lines);

/** An LSP client over a server's stdio: requests, notifications, and a wait for a message. */
function startServer(folder, script = path.join(folder, 'server.js')) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));
  const child = spawn(process.execPath, [script, '--stdio'], { cwd: folder, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffer = Buffer.alloc(0);
  let nextId = 1;
  const waiting = [];
  const log = [];
  const send = (message) => {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(buffer.toString('ascii', 0, headerEnd))[1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.toString('utf8', headerEnd + 4, headerEnd + 4 + length));
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (message.method === 'window/logMessage') log.push(message.params.message);
      if (message.method === 'workspace/configuration') send({ id: message.id, result: message.params.items.map(() => null) });
      else if (message.method !== undefined && message.id !== undefined) send({ id: message.id, result: null });
      for (let i = waiting.length - 1; i >= 0; i--) {
        if (waiting[i].match(message)) {
          waiting[i].resolve(message);
          waiting.splice(i, 1);
        }
      }
    }
  });
  const waitFor = (match) => new Promise((resolve) => waiting.push({ match, resolve }));
  return {
    child,
    log,
    async request(method, params) {
      const id = nextId++;
      const answer = waitFor((message) => message.id === id && message.method === undefined);
      send({ id, method, params });
      return answer;
    },
    notify: (method, params) => send({ method, params }),
    waitFor,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'urilint-vsix-reader-'));
const servers = {};
try {
  for (const [label, files] of [['WebAssembly (oxc-parser)', ['server.js', WASM]], ['no .wasm (typescript-estree)', ['server.js']], ['native binding (unbundled)', []]]) {
    const folder = path.join(scratch, label.replace(/\W+/g, '-'));
    mkdirSync(folder);
    for (const file of files) copyFileSync(path.join(DIST, file), path.join(folder, file));
    // The third: @urilint/language-server's own command, with the workspace's node_modules (oxc-parser's native binding).
    const server = files.length > 0 ? startServer(folder) : startServer(folder, path.join(ROOT, 'packages/language-server/dist/bin.js'));
    await server.request('initialize', { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: { workspace: { configuration: true } } });
    server.notify('initialized', {});
    servers[label] = { server, folder, times: [] };
  }
  const labels = Object.keys(servers);
  const loads = [];
  for (let round = -2; round < ROUNDS; round++) {
    const text = generateDocument(LINES, 7000 + round).text;
    loads.push(os.loadavg()[0]);
    for (const label of labels.map((_, i) => labels[(i + round + 2) % labels.length])) {
      const { server, folder, times } = servers[label];
      const uri = pathToFileURL(path.join(folder, `round${round + 2}.ts`)).href;
      const published = server.waitFor((message) => message.method === 'textDocument/publishDiagnostics' && message.params.uri === uri);
      const start = performance.now();
      server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
      const message = await published;
      const elapsed = performance.now() - start;
      if (message.params.diagnostics.length === 0) throw new Error(`${label}: no diagnostics for ${uri}`);
      if (round >= 0) times.push(elapsed);
      server.notify('textDocument/didClose', { textDocument: { uri } });
    }
  }
  const [wasm, estree, native] = labels.map((label) => servers[label].times);
  console.log(`node ${process.version} · ${os.cpus().length} cores · ${LINES}-line TypeScript · ${ROUNDS} rounds · load (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
  for (const label of labels) {
    const { times, server } = servers[label];
    console.log(`${label}: didOpen → diagnostics median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); log: ${JSON.stringify(server.log)}`);
  }
  console.log(`WebAssembly ÷ typescript-estree, median of per-round ratios: ${median(wasm.map((t, i) => t / estree[i])).toFixed(2)}×`);
  console.log(`WebAssembly ÷ native binding, median of per-round ratios: ${median(wasm.map((t, i) => t / native[i])).toFixed(2)}×`);
} finally {
  for (const { server } of Object.values(servers)) server.child.kill();
  rmSync(scratch, { recursive: true, force: true });
}
