/**
 * The online check as a front end runs it (`scan --online`, the editor's "check external links"):
 * the project's `onlineLinks` settings, the network through undici (the private-address guard, the
 * host limits' connections, the token for github.com from `GITHUB_TOKEN` or `GH_TOKEN`), the cache
 * read first and filled after. Writing the cache back is the caller's (it says where it failed).
 */
import { formatCount, type OnlineLinkSettings } from '@urilint/discovery';
import type { LinkCache } from './cache.js';
import { systemClock } from './fetcher.js';
import { undiciFetcher } from './http.js';
import { checkLinks, type RunResult } from './run.js';
import { DEFAULT_HOST_LIMITS } from './scheduler.js';

export interface OnlineOptions {
  settings: OnlineLinkSettings;
  cache: LinkCache;
  /** The `User-Agent` sent (see `userAgent`). */
  userAgent: string;
  /** Where the token for github.com comes from. */
  env: Readonly<Record<string, string | undefined>>;
  /** Names resolved to fixed addresses before the system resolver (tests serve `docs.example.org` on loopback). */
  resolve?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Checks the links named by `keys` (see `checkLinks`) over the network. */
export async function checkOnline(keys: Iterable<string>, options: OnlineOptions): Promise<RunResult> {
  const { settings } = options;
  const token = options.env.GITHUB_TOKEN ?? options.env.GH_TOKEN;
  const connections = Math.max(DEFAULT_HOST_LIMITS.concurrency, ...Object.values(settings.hosts).map((limits) => limits.concurrency ?? 0));
  const http = undiciFetcher({
    userAgent: options.userAgent,
    timeoutMs: settings.timeout * 1000,
    connections,
    allowHosts: settings.allowHosts ?? [],
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    ...(token === undefined || token === '' ? {} : { githubToken: token }),
  });
  try {
    return await checkLinks(keys, {
      fetch: http.fetch,
      clock: systemClock,
      settings,
      cache: options.cache,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    });
  } finally {
    await http.close();
  }
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A run in a sentence: `12 external links (3 pages from the cache, 9 pages checked with 10 requests to 4 hosts): 1 broken, 0 moved, 2 unknown`. */
export function describeRun(links: number, result: RunResult): string {
  const counts = { ok: 0, broken: 0, moved: 0, unknown: 0 };
  for (const verdict of result.verdicts.values()) counts[verdict.status]++;
  const hosts = result.peak.size;
  return `${plural(links, 'external link')} (${plural(result.cached, 'page')} from the cache, ${plural(result.checked, 'page')} checked with ${plural(result.requests, 'request')} to ${plural(hosts, 'host')}): ${counts.broken} broken, ${counts.moved} moved, ${counts.unknown} unknown${result.cancelled ? '; cancelled before the end' : ''}`;
}
