/**
 * One run of the online check: the links deduplicated by their normal form, each page requested
 * once (every fragment asked of it read from the same answer), the cache consulted first and
 * filled after, the hosts' limits kept by the scheduler, transient failures tried again with
 * exponential backoff (capped) or after the host's `Retry-After`, and a total time budget.
 */
import { hostMatches } from '@urilint/core';
import { defaultOnlineLinkSettings, externalLinkFilter, fragmentOf, linearRegExp, pageKey, type ExternalVerdict, type HostLimits, type OnlineLinkSettings } from '@urilint/discovery';
import type { LinkCache } from './cache.js';
import { checkPage, type PageResult, type PageVerdict } from './check.js';
import type { Clock, Fetcher } from './fetcher.js';
import { DEFAULT_HOST_LIMITS, hostKey, HostScheduler } from './scheduler.js';

export interface RunOptions {
  fetch: Fetcher;
  clock: Clock;
  /** The project's `onlineLinks` (defaults for what it leaves out). */
  settings?: Partial<OnlineLinkSettings>;
  /** Verdicts of earlier runs; fresh ones are not asked again, and the new ones are put in. */
  cache?: LinkCache;
  /** Limits of a host no `settings.hosts` pattern matches. */
  hostDefaults?: Required<HostLimits>;
  /** Requests at once over all hosts. Default 64. */
  totalConcurrency?: number;
  /**
   * Tries of a page after a transient failure (429, 503, a reset, a timeout) at the same point of
   * its redirects. Default 2. A try that got further along the redirects than the one before does
   * not count (each hop of a chain may meet its own 429); the redirects bound those.
   */
  retries?: number;
  /**
   * Requests in a row to one host that it took and never answered in time, after which the host is
   * taken as down for the rest of the run: its pages not yet answered are `unknown` without another
   * request. Default 3.
   */
  downAfter?: number;
  /** The first backoff, doubled each time, and its cap (ms). Defaults 1,000 and 30,000. */
  backoffMs?: number;
  backoffCapMs?: number;
  /** A `Retry-After` longer than this (ms) is not waited for in this run: the verdict says when. Default 60,000. */
  maxRetryAfterMs?: number;
  /** Stops the run: what is left is not checked (and not reported). */
  signal?: AbortSignal;
  /** Before the first page and after each: pages done, pages to do. */
  onProgress?: (done: number, total: number) => void;
}

export interface RunResult {
  /** The verdict of each link that was checked or found fresh in the cache, by its key. */
  verdicts: Map<string, ExternalVerdict>;
  /** Requests sent. */
  requests: number;
  /** Pages answered from the cache, and pages requested. */
  cached: number;
  checked: number;
  /** The most requests each host had at once. */
  peak: ReadonlyMap<string, number>;
  /** The run was cancelled before the end. */
  cancelled: boolean;
}

/** The URL requested for a key: the first `remap` whose pattern matches, applied; or the key. The patterns are a configuration's: the linear-time engine runs them. */
function remapped(url: string, remap: OnlineLinkSettings['remap']): string {
  for (const { pattern, replacement } of remap) {
    // A pattern the engine cannot run is refused by the configuration's validation and skipped here.
    const expression = linearRegExp(pattern);
    if (expression?.test(url) === true) return expression.replace(url, replacement);
  }
  return url;
}

function acceptedFor(host: string, accept: OnlineLinkSettings['accept']): number[] {
  const name = host.replace(/:\d+$/, '');
  return Object.entries(accept).flatMap(([pattern, statuses]) => (pattern === host || hostMatches(name, [pattern]) ? statuses : []));
}

/** The keys of the links given (as written) that the settings let through: what a run would check. */
export function linkKeys(urls: Iterable<string>, settings: Partial<OnlineLinkSettings> = {}): Set<string> {
  const keyOf = externalLinkFilter(settings);
  const keys = new Set<string>();
  for (const url of urls) {
    const key = keyOf(url);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

/**
 * Checks the links named by `keys` (from `linkKeys`, or the keys a rule asked for): those fresh in
 * the cache are taken from it, the others requested. Never throws for a link: every failure is a
 * verdict.
 */
export async function checkLinks(keys: Iterable<string>, options: RunOptions): Promise<RunResult> {
  const settings: OnlineLinkSettings = { ...defaultOnlineLinkSettings(), ...options.settings };
  const { clock } = options;
  const started = clock.now();
  const deadline = started + settings.budget * 1000;
  const verdicts = new Map<string, ExternalVerdict>();
  const pages = new Map<string, Set<string>>();
  for (const key of keys) {
    const page = pageKey(key);
    let set = pages.get(page);
    if (set === undefined) pages.set(page, (set = new Set()));
    set.add(key);
  }
  // What the cache answers: a page is requested when any of its links is stale or new.
  const toCheck: [string, Set<string>][] = [];
  let cached = 0;
  for (const [page, pageKeys] of pages) {
    const fresh = [...pageKeys].map((key) => [key, options.cache?.fresh(key, started, settings.maxAge)] as const);
    if (fresh.every(([, verdict]) => verdict !== undefined)) {
      for (const [key, verdict] of fresh) verdicts.set(key, verdict!);
      cached++;
    } else toCheck.push([page, pageKeys]);
  }
  const scheduler = new HostScheduler(clock, settings.hosts, options.hostDefaults ?? DEFAULT_HOST_LIMITS, options.totalConcurrency);
  const retries = options.retries ?? 2;
  const backoff = options.backoffMs ?? 1000;
  const cap = options.backoffCapMs ?? 30_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 60_000;
  let requests = 0;
  let done = 0;
  const dated = (verdict: PageVerdict, at: number): ExternalVerdict => {
    const out: ExternalVerdict = { status: verdict.status, reason: verdict.reason, checkedAt: at };
    if (verdict.httpStatus !== undefined) out.httpStatus = verdict.httpStatus;
    if (verdict.target !== undefined) out.target = verdict.target;
    if (verdict.retryAfterMs !== undefined) out.retryAt = at + verdict.retryAfterMs;
    return out;
  };

  const unanswered = (verdict: PageVerdict): PageResult => ({ page: verdict, fragments: new Map(), requests: 0, hops: 0 });
  const outOfTime = (): PageResult => unanswered({ status: 'unknown', reason: `the time budget of ${settings.budget} s ran out before it was checked` });
  // Per host, the requests in a row it took and left unanswered (timeouts); any answer starts it again.
  const downAfter = options.downAfter ?? 3;
  const silence = new Map<string, number>();
  const isDown = (host: string): boolean => (silence.get(host) ?? 0) >= downAfter;
  const hostDown = (): PageResult =>
    unanswered({ status: 'unknown', reason: `its host did not answer ${downAfter} requests in a row in time, so it was not asked again in this run`, transient: true, noAnswer: true });
  const cancelled = (): boolean => options.signal?.aborted === true;
  const checkOne = async (page: string, pageKeys: Set<string>): Promise<void> => {
    const url = remapped(page, settings.remap);
    const host = hostKey(url);
    const fragments = settings.fragments ? [...new Set([...pageKeys].map(fragmentOf).filter((f): f is string => f !== undefined))] : [];
    const accept = acceptedFor(host, settings.accept);
    let result: PageResult | undefined;
    // Tries that failed at the same point of the redirects as the one before.
    let stuck = 0;
    for (;;) {
      if (cancelled()) return;
      const previous = result;
      let skippedFor: 'budget' | 'down' | undefined;
      // The budget and the host's silence are looked at while the page waits for its turn (the host's delay and pauses).
      const request = async (): Promise<PageResult> => {
        const answer = await checkPage(url, fragments, options.fetch, () => clock.now(), { accept, ...(options.signal === undefined ? {} : { signal: options.signal }) });
        // Counted before the host's slot is given to the next page, which then sees it.
        silence.set(host, answer.page.noAnswer === true ? (silence.get(host) ?? 0) + 1 : 0);
        return answer;
      };
      const next = await scheduler.run(host, request, {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        skip: () => {
          if (clock.now() >= deadline) skippedFor = 'budget';
          else if (isDown(host)) skippedFor = 'down';
          return skippedFor !== undefined;
        },
        skipped: () => undefined,
      });
      if (next === undefined) {
        // A page that was tried keeps its last verdict, unless its host went silent since another failure.
        if (skippedFor === 'down') result = previous?.page.noAnswer === true ? previous : hostDown();
        else result = previous ?? outOfTime();
        break;
      }
      result = next;
      requests += result.requests;
      const verdict = result.page;
      if (verdict.status !== 'unknown' || verdict.transient !== true) break;
      if (previous === undefined || result.hops <= previous.hops) stuck++;
      if (stuck > retries) break;
      if (verdict.retryAfterMs !== undefined) {
        // The host said when: no request to it before then, from this page or any other.
        if (verdict.retryAfterMs > maxRetryAfter) break;
        scheduler.pause(host, verdict.retryAfterMs);
      } else if (!isDown(host)) {
        await clock.sleep(Math.min(backoff * 2 ** (stuck - 1), cap), options.signal);
      }
    }
    if (cancelled()) return;
    const at = clock.now();
    for (const key of pageKeys) {
      const fragment = fragmentOf(key);
      const base = fragment === undefined ? result.page : (result.fragments.get(fragment) ?? result.page);
      const verdict = dated(base, at);
      // A moved page keeps the link's fragment in its target.
      if (verdict.target !== undefined && fragment !== undefined) verdict.target = `${verdict.target.replace(/#.*$/, '')}${key.slice(key.indexOf('#'))}`;
      verdicts.set(key, verdict);
      options.cache?.set(key, verdict);
    }
    done++;
    options.onProgress?.(done, toCheck.length);
  };

  // Every page is started at once; the scheduler lets through what the hosts' limits allow.
  options.onProgress?.(0, toCheck.length);
  await Promise.all(toCheck.map(([page, pageKeys]) => checkOne(page, pageKeys)));
  return { verdicts, requests, cached, checked: toCheck.length, peak: scheduler.peak, cancelled: cancelled() };
}
