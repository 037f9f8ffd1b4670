export { LinkCache, CACHE_VERSION } from './cache.js';
export { checkPage, pageIds, retryAfterMs, type CheckOptions, type PageResult, type PageVerdict } from './check.js';
export { NetworkError, systemClock, type Clock, type Fetcher, type HttpRequest, type HttpResponse, type NetworkErrorKind } from './fetcher.js';
export { errorKind, guardedLookup, undiciFetcher, type HttpFetcher, type HttpOptions } from './http.js';
export { checkLinks, linkKeys, type RunOptions, type RunResult } from './run.js';
export { DEFAULT_HOST_LIMITS, DEFAULT_TOTAL_CONCURRENCY, hostKey, HostScheduler } from './scheduler.js';

/** The `User-Agent` of the online check: the tool's name, version and home page, so that a host's owner can tell who asks. */
export function userAgent(version: string): string {
  return `urilint/${version} (link check; +https://github.com/urilint/urilint)`;
}
export { checkOnline, describeRun, type OnlineOptions } from './online.js';
