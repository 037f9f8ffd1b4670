/**
 * The one interface between the check and the network: a request in, a response or a
 * `NetworkError` out. `undiciFetcher` (http.ts) is the real one; tests give the check the same
 * one over servers they start on loopback.
 */

export interface HttpRequest {
  url: string;
  method: 'HEAD' | 'GET';
  /** GET: read the body (an HTML page whose ids a fragment is looked up in), up to a limit. */
  readBody?: boolean;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>;
  /** The body as text, when asked for and the response is HTML. */
  body?: string;
}

/** What went wrong below HTTP. */
export type NetworkErrorKind = 'no-such-host' | 'dns' | 'timeout' | 'reset' | 'refused' | 'tls' | 'non-public-address' | 'aborted' | 'other';

export class NetworkError extends Error {
  constructor(
    readonly kind: NetworkErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export type Fetcher = (request: HttpRequest, signal?: AbortSignal) => Promise<HttpResponse>;

/** Time, injected: the check and the scheduler never read a clock of their own. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` (at once when aborted). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The clock of a real run: `Date.now` and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (ms <= 0 || signal?.aborted === true) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};
