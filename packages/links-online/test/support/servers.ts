/**
 * HTTP(S) servers on loopback for the online check's tests: each counts the requests it gets and
 * the most it had at once. Nothing here reaches another address: the servers listen on 127.0.0.1
 * and the fetcher maps the test's host names there through its resolver option.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/fetcher.js';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestServer {
  port: number;
  /** `METHOD path` of every request, in order of arrival. */
  log: string[];
  /** The `Host` and `User-Agent` headers of each request. */
  hosts: string[];
  agents: string[];
  /** Requests being answered now, and the most at once. */
  active: number;
  peak: number;
  close(): Promise<void>;
}

export async function startServer(handler: Handler, tls?: { key: string; cert: string }): Promise<TestServer> {
  const state = { log: [] as string[], hosts: [] as string[], agents: [] as string[], active: 0, peak: 0 };
  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    state.log.push(`${request.method} ${request.url}`);
    state.hosts.push(request.headers.host ?? '');
    state.agents.push(request.headers['user-agent'] ?? '');
    state.active++;
    state.peak = Math.max(state.peak, state.active);
    let counted = true;
    const finish = (): void => {
      if (!counted) return;
      counted = false;
      state.active--;
    };
    response.on('finish', finish);
    response.on('close', finish);
    handler(request, response);
  };
  const server: Server = tls === undefined ? createHttpServer(listener) : createHttpsServer(tls, listener);
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get log() {
      return state.log;
    },
    get hosts() {
      return state.hosts;
    },
    get agents() {
      return state.agents;
    },
    get active() {
      return state.active;
    },
    get peak() {
      return state.peak;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A self-signed certificate for `names`, made with openssl into a temporary folder. */
export function selfSignedCertificate(names: readonly string[]): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'urilint-tls-'));
  try {
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${names[0]}`,
      '-addext',
      `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Virtual time: `now` starts at `start`; `sleep(ms)` wakes its sleeper at once (on a later turn of
 * the event loop) with `now` moved to the time it asked for. Sleepers wake in the order of their
 * times, time never goes back, and no real wait is made. `sleeps` records each sleep asked for.
 */
export function virtualClock(start = 1_800_000_000_000): Clock & { sleeps: number[]; advance(ms: number): void } {
  let now = start;
  const sleeps: number[] = [];
  const sleepers: { wake: number; resolve: () => void }[] = [];
  const wakeFirst = (): void => {
    sleepers.sort((a, b) => a.wake - b.wake);
    const first = sleepers.shift();
    if (first === undefined) return;
    now = Math.max(now, first.wake);
    first.resolve();
  };
  return {
    sleeps,
    now: () => now,
    advance(ms) {
      now += ms;
    },
    sleep(ms) {
      sleeps.push(ms);
      return new Promise((resolve) => {
        sleepers.push({ wake: now + Math.max(0, ms), resolve });
        setImmediate(wakeFirst);
      });
    },
  };
}
