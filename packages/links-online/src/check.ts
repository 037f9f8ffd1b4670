/**
 * The check of one page, pure over a `Fetcher`: HEAD first (GET when the host refuses HEAD, or when
 * a fragment must be looked up in the page), redirects followed one hop at a time, and the answer
 * read as a verdict. No retry, no waiting, no cache: the run (run.ts) does those.
 */
import type { ExternalStatus } from '@urilint/discovery';
import { NetworkError, type Fetcher, type HttpResponse } from './fetcher.js';

/** A verdict before it is dated. */
export interface PageVerdict {
  status: ExternalStatus;
  reason: string;
  httpStatus?: number;
  /** `moved`: where the permanent redirects lead. */
  target?: string;
  /** `unknown`: the host's `Retry-After`, in ms from now. */
  retryAfterMs?: number;
  /** Worth trying again in this run (429, 503, a reset, a timeout). */
  transient?: boolean;
  /** The host took the connection or the request and did not answer in time. */
  noAnswer?: boolean;
}

export interface PageResult {
  page: PageVerdict;
  /** Each fragment asked for: missing from an HTML page (`broken`), or as the page. */
  fragments: Map<string, PageVerdict>;
  requests: number;
  /** Redirects followed before the answer (or failure) that gave the page's verdict. */
  hops: number;
}

export interface CheckOptions {
  /** Statuses taken as working besides 2xx. */
  accept?: readonly number[];
  /** Redirects followed at most (browsers: 20; curl: 50). Default 10. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

const REASONS: Readonly<Record<number, string>> = {
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusText(status: number): string {
  const text = REASONS[status];
  return text === undefined ? `HTTP ${status}` : `${status} ${text}`;
}

/** Statuses with which a host refuses HEAD (or a bot's HEAD) while GET may work. */
const HEAD_REFUSED = new Set([400, 403, 405, 406, 501]);

/** `Retry-After` (RFC 9110 §10.2.3): seconds, or an HTTP date (read against `now`). */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function verdictOfStatus(response: HttpResponse, accept: readonly number[], now: number): PageVerdict {
  const status = response.status;
  const reason = statusText(status);
  if ((status >= 200 && status < 300) || accept.includes(status)) return { status: 'ok', reason, httpStatus: status };
  if (status === 404 || status === 410) return { status: 'broken', reason: `it answers ${reason}`, httpStatus: status };
  if (status === 429 || status === 503) {
    const wait = retryAfterMs(response.headers['retry-after'], now);
    return { status: 'unknown', reason: `it answers ${reason}`, httpStatus: status, transient: true, ...(wait === undefined ? {} : { retryAfterMs: wait }) };
  }
  if (status >= 500) return { status: 'unknown', reason: `it answers ${reason}`, httpStatus: status, transient: true };
  if (status === 403) return { status: 'unknown', reason: 'it answers 403 Forbidden (a host that turns away automated requests; accept 403 for it in `onlineLinks.accept` if so)', httpStatus: status };
  return { status: 'unknown', reason: `it answers ${reason}`, httpStatus: status };
}

function verdictOfError(error: unknown): PageVerdict {
  if (!(error instanceof NetworkError)) return { status: 'unknown', reason: `the request failed (${error instanceof Error ? error.message : String(error)})` };
  switch (error.kind) {
    case 'no-such-host':
      return { status: 'broken', reason: 'no such host (the name does not resolve)' };
    case 'timeout':
      return { status: 'unknown', reason: error.message, transient: true, noAnswer: true };
    case 'reset':
      return { status: 'unknown', reason: 'the connection was reset', transient: true };
    case 'dns':
      return { status: 'unknown', reason: error.message, transient: true };
    case 'tls':
      return { status: 'unknown', reason: `TLS failed: ${error.message}` };
    default:
      return { status: 'unknown', reason: error.message };
  }
}

/** The ids and names of an HTML page: what a fragment can point at. */
export function pageIds(html: string): Set<string> {
  const ids = new Set<string>();
  const pattern = /<[a-z][^>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
  for (const match of html.matchAll(pattern)) {
    const value = match[1] ?? match[2] ?? match[3] ?? '';
    ids.add(value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
  }
  return ids;
}

/**
 * Fragments whose target a page's markup does not say: text fragments (`:~:text=`), GitHub's line
 * and range anchors (`L10`, `L10-L20`, set by script), an empty one and `top` (the page's start).
 */
function unknowable(fragment: string): boolean {
  return fragment === 'top' || fragment.startsWith(':~:') || /^L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?$/.test(fragment);
}

/** Whether an HTML page holds the fragment: its id or name, or GitHub's `user-content-` prefix of it. */
function holds(ids: ReadonlySet<string>, fragment: string): boolean {
  return ids.has(fragment) || ids.has(`user-content-${fragment}`) || ids.has(`user-content-${fragment.toLowerCase()}`);
}

/**
 * Checks one page: `url` as requested, `fragments` the fragments links ask of it (a GET then reads
 * the page). Redirects: 301 and 308 make it `moved` to where they lead (as long as every hop
 * before was permanent too); 302, 303 and 307 are followed without making it moved; a loop or more
 * than `maxRedirects` hops is `broken`.
 */
export async function checkPage(url: string, fragments: readonly string[], fetch: Fetcher, now: () => number, options: CheckOptions = {}): Promise<PageResult> {
  const accept = options.accept ?? [];
  const maxRedirects = options.maxRedirects ?? 10;
  const wantBody = fragments.length > 0;
  let requests = 0;
  let current = url;
  let permanentTarget: string | undefined;
  let permanentStatus = 301;
  let allPermanent = true;
  const seen = new Set<string>([url]);
  let hop = 0;
  const result = (page: PageVerdict, fragmentVerdicts = new Map<string, PageVerdict>()): PageResult => {
    for (const fragment of fragments) if (!fragmentVerdicts.has(fragment)) fragmentVerdicts.set(fragment, page);
    return { page, fragments: fragmentVerdicts, requests, hops: hop };
  };
  for (; ; hop++) {
    let response: HttpResponse;
    try {
      requests++;
      response = await fetch({ url: current, method: wantBody ? 'GET' : 'HEAD', readBody: wantBody }, options.signal);
      if (!wantBody && HEAD_REFUSED.has(response.status) && !accept.includes(response.status)) {
        requests++;
        response = await fetch({ url: current, method: 'GET' }, options.signal);
      }
    } catch (error) {
      const verdict = verdictOfError(error);
      return result(hop === 0 ? verdict : { ...verdict, reason: `${verdict.reason} after a redirect to ${current}` });
    }
    const status = response.status;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location !== undefined && status !== 304) {
      let next: string;
      try {
        next = new URL(location, current).href;
      } catch {
        return result({ status: 'broken', reason: `it redirects to "${location}", which is no URL`, httpStatus: status });
      }
      if (seen.has(next)) return result({ status: 'broken', reason: `its redirects loop (${statusText(status)} back to ${next})`, httpStatus: status });
      if (hop >= maxRedirects) return result({ status: 'broken', reason: `more than ${maxRedirects} redirects`, httpStatus: status });
      seen.add(next);
      if (allPermanent && (status === 301 || status === 308)) {
        if (permanentTarget === undefined) permanentStatus = status;
        permanentTarget = next;
      } else allPermanent = false;
      current = next;
      continue;
    }
    let page = verdictOfStatus(response, accept, now());
    if (page.status !== 'ok') {
      if (hop > 0) page = { ...page, reason: `${page.reason} after a redirect to ${current}` };
      return result(page);
    }
    if (permanentTarget !== undefined) page = { status: 'moved', reason: statusText(permanentStatus), httpStatus: permanentStatus, target: permanentTarget };
    const verdicts = new Map<string, PageVerdict>();
    if (wantBody && response.body !== undefined) {
      const ids = pageIds(response.body);
      // A page without a single id is built by script (or is no document): what it holds cannot be known.
      if (ids.size > 0) {
        for (const fragment of fragments) {
          if (unknowable(fragment) || holds(ids, fragment)) continue;
          verdicts.set(fragment, { status: 'broken', reason: `the page holds no id "${fragment}"`, httpStatus: status });
        }
      }
    }
    return result(page, verdicts);
  }
}
