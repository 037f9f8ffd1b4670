#!/usr/bin/env node
// Memory of the language server on one very large document (issue 27, item 16): a real server
// process over stdio, run under `/usr/bin/time -v`; `initialize`, a `didOpen` of a generated
// JavaScript file of --mb megabytes (one URI with a space, then code without URIs), until the
// server answers it (its diagnostics), then `didClose` and a request answered after it. Prints the
// server's resident set after the open and after the close (VmRSS of /proc), its peak (time's
// "Maximum resident set size") and the wall time of the open. A benchmark, never a test.
//
//   node lsp-large-document.mjs                                     (this checkout's build, 50 MB)
//   node lsp-large-document.mjs --server /other/checkout/packages/language-server/dist/bin.js --mb 50
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { server: { type: 'string' }, mb: { type: 'string', default: '50' }, wait: { type: 'string', default: '300' } } });
const server = values.server ?? path.join(ROOT, 'packages/language-server/dist/bin.js');
const timeFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'urilint-lsp-large-')), 'time.txt');

const child = spawn('/usr/bin/time', ['-v', '-o', timeFile, process.execPath, server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
const exited = new Promise((resolve) => child.on('exit', resolve));

/** The node process under time: its only child. */
function serverPid() {
  return Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
}
const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${serverPid()}/status`, 'utf8'))[1]) / 1024;

// The base protocol by hand: a bench has no client library.
const send = (message) => {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
  child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
  child.stdin.write(body);
};
const waiters = [];
let buffer = Buffer.alloc(0);
child.stdout.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(/content-length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString('latin1'))[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
    buffer = buffer.subarray(end + 4 + length);
    // Requests from the server (configuration, registrations): answered with null.
    if (message.id !== undefined && message.method !== undefined) send({ id: message.id, result: Array.isArray(message.params?.items) ? message.params.items.map(() => null) : null });
    for (const waiter of waiters.splice(0)) if (!waiter(message)) waiters.push(waiter);
  }
});
const next = (test) => new Promise((resolve) => waiters.push((message) => (test(message) ? (resolve(message), true) : false)));

const uri = 'file:///bench/bundle.js';
// One URI with a problem, then ordinary code without URIs (as a bundle is mostly).
// eslint-disable-next-line urilint/no-unescaped-chars -- the problem the server is to report
const first = 'fetch("https://example.com/a b");\n';
const filler = 'function step(state, index) { return state.items[index] + compute(index, 42); }\n';
const text = first + filler.repeat(Math.ceil((Number(values.mb) * 1000 * 1000 - first.length) / filler.length));

send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null } });
await next((message) => message.id === 1);
send({ method: 'initialized', params: {} });
await sleep(500);
const idle = rssMiB();
const started = performance.now();
send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'javascript', version: 1, text } } });
// Waited for at most --wait seconds: a server still busy then is measured as it is, and stopped.
const published = await Promise.race([next((message) => message.method === 'textDocument/publishDiagnostics' && message.params.uri === uri), sleep(Number(values.wait) * 1000).then(() => undefined)]);
const openSeconds = (performance.now() - started) / 1000;
const afterOpen = rssMiB();
if (published === undefined) {
  process.kill(serverPid(), 'SIGKILL');
  await exited;
  const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'))?.[1] ?? 0) / 1024;
  console.log(`server: ${server}`);
  console.log(`node ${process.version}, document ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB: no diagnostics within ${values.wait} s; RSS then ${Math.round(afterOpen)} MiB (idle ${Math.round(idle)} MiB), peak ${Math.round(peak)} MiB (wall clock, loaded machine)`);
  process.exit(0);
}
send({ method: 'textDocument/didClose', params: { textDocument: { uri } } });
send({ id: 2, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 0, character: 10 } } });
await next((message) => message.id === 2);
await sleep(2000);
const afterClose = rssMiB();
send({ id: 3, method: 'shutdown' });
await next((message) => message.id === 3);
send({ method: 'exit' });
await exited;
const peak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(timeFile, 'utf8'))[1]) / 1024;

const mib = (value) => `${Math.round(value)} MiB`;
console.log(`server: ${server}`);
console.log(`node ${process.version}, document ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB, ${published.params.diagnostics.length} diagnostics published`);
console.log(`RSS idle ${mib(idle)}, after didOpen ${mib(afterOpen)}, after didClose ${mib(afterClose)}, peak ${mib(peak)}; didOpen answered in ${openSeconds.toFixed(1)} s (wall clock, loaded machine)`);
