/**
 * The real `Fetcher`: undici's `request` through an `Agent` that keeps at most `connections`
 * sockets per origin, with a resolver that never hands a public name a private address (a DNS
 * answer pointing at the internal network is refused, unless the project allows the host) and
 * that can map names to addresses of the project's choosing (`docs.example.org` → `127.0.0.1`).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { hostMatches, isNonPublicHost } from '@urilint/core';
import { Agent, request } from 'undici';
import { NetworkError, type Fetcher, type HttpRequest, type HttpResponse, type NetworkErrorKind } from './fetcher.js';

export interface HttpOptions {
  /** Sockets per origin at most. Default 2. */
  connections?: number;
  /** Milliseconds for the connection and the response's headers, and between two parts of its body. Default 10,000. */
  timeoutMs?: number;
  /** The `User-Agent` sent. */
  userAgent: string;
  /** Names resolved to these addresses instead of through DNS (lower-case names). */
  resolve?: Readonly<Record<string, string>>;
  /** Hosts whose addresses may be private or loopback. */
  allowHosts?: readonly string[];
  /** Certificates trusted besides the system's (PEM). */
  ca?: string | readonly string[];
  /** A token sent to github.com and api.github.com over HTTPS (`GITHUB_TOKEN`); never shown. */
  githubToken?: string;
  /** Bytes of an HTML page read at most for its ids. Default 5 MiB. */
  maxBodyBytes?: number;
}

const GITHUB_HOSTS = new Set(['github.com', 'api.github.com']);

const TLS_CODES = /^(?:ERR_TLS_|ERR_SSL_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|CERT_|UNABLE_TO_|ERR_OSSL_|HOSTNAME_MISMATCH)/;

/** The kind of a failure below HTTP, from the codes of Node and undici (through `cause`s). */
export function errorKind(error: unknown): { kind: NetworkErrorKind; message: string } {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = String((current as { code?: unknown }).code ?? '');
    const message = current instanceof Error ? current.message : String(current);
    if (code === 'ENOTFOUND') return { kind: 'no-such-host', message: 'no such host' };
    if (code === 'EURILINT_NON_PUBLIC') return { kind: 'non-public-address', message };
    if (code === 'EAI_AGAIN' || code === 'ESERVFAIL') return { kind: 'dns', message: 'the name could not be resolved now (DNS)' };
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT' || code === 'TimeoutError') {
      return { kind: 'timeout', message: 'it did not answer in time' };
    }
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return { kind: 'reset', message: 'the connection was reset' };
    if (code === 'ECONNREFUSED') return { kind: 'refused', message: 'the connection was refused' };
    if (TLS_CODES.test(code)) return { kind: 'tls', message: `${message} (${code})` };
    if (code === 'UND_ERR_ABORTED' || (current as { name?: unknown }).name === 'AbortError') return { kind: 'aborted', message: 'the check was cancelled' };
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for `net.connect`: the project's own mapping first, then DNS, refusing non-public answers for hosts not allowed. */
export function guardedLookup(resolve: Readonly<Record<string, string>>, allowHosts: readonly string[]) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    const name = hostname.toLowerCase();
    const deliver = (addresses: LookupAddress[]): void => {
      if (options.all === true) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const mapped = resolve[name];
    if (mapped !== undefined) {
      deliver([{ address: mapped, family: isIP(mapped) === 6 ? 6 : 4 }]);
      return;
    }
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error !== null) {
        callback(error, options.all === true ? [] : '');
        return;
      }
      const allowed = hostMatches(name, allowHosts);
      const refused = addresses.find((entry) => !allowed && isNonPublicHost(entry.family === 6 ? `[${entry.address}]` : entry.address));
      if (refused !== undefined || addresses.length === 0) {
        const denied: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused?.address ?? 'no address'}, which is not on the public Internet; allow it in onlineLinks.allowHosts to check it`);
        denied.code = 'EURILINT_NON_PUBLIC';
        callback(denied, options.all === true ? [] : '');
        return;
      }
      deliver(addresses);
    });
  };
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

export interface HttpFetcher {
  fetch: Fetcher;
  /** Closes every socket; the fetcher is not used after. */
  close(): Promise<void>;
}

/** A `Fetcher` over undici, with its own `Agent`. */
export function undiciFetcher(options: HttpOptions): HttpFetcher {
  const timeout = options.timeoutMs ?? 10_000;
  const maxBody = options.maxBodyBytes ?? 5 * 1024 * 1024;
  const agent = new Agent({
    connections: options.connections ?? 2,
    headersTimeout: timeout,
    bodyTimeout: timeout,
    connectTimeout: timeout,
    keepAliveTimeout: 4_000,
    connect: {
      lookup: guardedLookup(options.resolve ?? {}, options.allowHosts ?? []) as never,
      ...(options.ca === undefined ? {} : { ca: options.ca as string | string[] }),
    },
  });
  const fetch: Fetcher = async (req: HttpRequest, signal?: AbortSignal): Promise<HttpResponse> => {
    const url = new URL(req.url);
    const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: req.readBody === true ? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' : '*/*' };
    if (options.githubToken !== undefined && options.githubToken !== '' && url.protocol === 'https:' && GITHUB_HOSTS.has(url.hostname)) headers.authorization = `Bearer ${options.githubToken}`;
    try {
      const response = await request(url, { method: req.method, headers, dispatcher: agent, ...(signal === undefined ? {} : { signal }) });
      const out: HttpResponse = { status: response.statusCode, headers: headerRecord(response.headers) };
      const type = out.headers['content-type'] ?? '';
      if (req.method === 'GET' && req.readBody === true && /html/i.test(type)) {
        const chunks: Buffer[] = [];
        let bytes = 0;
        for await (const chunk of response.body) {
          chunks.push(chunk as Buffer);
          bytes += (chunk as Buffer).length;
          if (bytes >= maxBody) break;
        }
        if (bytes >= maxBody) response.body.destroy();
        out.body = Buffer.concat(chunks).toString('utf8');
      } else {
        await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      }
      return out;
    } catch (error) {
      const { kind, message } = errorKind(error);
      throw new NetworkError(kind, message);
    }
  };
  return { fetch, close: () => agent.close() };
}
