/**
 * `scan --online` and `--offline`: the verdicts of external links that `no-broken-links` reports.
 * Online, a first pass over the Markdown and HTML files lists the links the rule would ask about,
 * `@urilint/links-online` checks them (the cache first), and the cache is written back; offline,
 * the cache alone answers. Nothing goes out without `--online`.
 */
import { resolve } from 'node:path';
import { sourceKindOf, type ExternalVerdict, type OnlineLinkSettings } from '@urilint/discovery';
import { write, type Io } from '../io.js';
import { version } from '../main.js';
import type { CheckSettings, FileTask } from './file-check.js';
import { checkFiles } from './pool.js';

export type ExternalMode = 'online' | 'offline';

export interface OnlineOptions {
  mode: ExternalMode;
  /** The project's `onlineLinks` (the configuration of the current directory). */
  settings: OnlineLinkSettings;
  /** The folder `settings.cache` is relative to: the configuration's, else the current directory. */
  root: string;
  tasks: readonly FileTask[];
  jobs: number;
  check: CheckSettings;
  /** Where the token for github.com comes from (`GITHUB_TOKEN`, `GH_TOKEN`). */
  env: Readonly<Record<string, string | undefined>>;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** The verdicts the scan reports, by key: the cache's (offline), or the cache's and this run's (online). */
export async function externalVerdicts(options: OnlineOptions, io: Io): Promise<Record<string, ExternalVerdict>> {
  const online = await import('@urilint/links-online');
  const cachePath = resolve(options.root, options.settings.cache);
  const warn = (message: string): Promise<void> => write(io.stderr, `urilint: ${message}.\n`);
  const warnings: string[] = [];
  const cache = online.LinkCache.read(cachePath, (message) => warnings.push(message));
  for (const message of warnings) await warn(message);
  if (options.mode === 'offline') return Object.fromEntries(cache.all());

  // The links the rule asks about, from the files it reads.
  const policy = { allowHosts: options.settings.allowHosts ?? [], exclude: options.settings.exclude ?? [] };
  const readers = options.tasks.filter((task) => {
    const kind = sourceKindOf(task.path);
    return kind === 'markdown' || kind === 'html';
  });
  const keys = new Set<string>();
  await checkFiles(readers, options.jobs, { ...options.check, fix: false, external: { verdicts: {}, policy, collect: true } }, (_index, result) => {
    if (result.status === 'checked') for (const key of result.externalAsked ?? []) keys.add(key);
  });

  const token = options.env.GITHUB_TOKEN ?? options.env.GH_TOKEN;
  const maxConcurrency = Math.max(online.DEFAULT_HOST_LIMITS.concurrency, ...Object.values(options.settings.hosts).map((limits) => limits.concurrency ?? 0));
  const http = online.undiciFetcher({
    userAgent: online.userAgent(version()),
    timeoutMs: options.settings.timeout * 1000,
    connections: maxConcurrency,
    allowHosts: options.settings.allowHosts ?? [],
    ...(token === undefined || token === '' ? {} : { githubToken: token }),
  });
  let result: Awaited<ReturnType<typeof online.checkLinks>>;
  try {
    result = await online.checkLinks(keys, { fetch: http.fetch, clock: online.systemClock, settings: options.settings, cache });
  } finally {
    await http.close();
  }
  try {
    cache.write(cachePath);
  } catch (error) {
    await warn(`the link cache ${cachePath} cannot be written: ${error instanceof Error ? error.message : String(error)}`);
  }
  const counts = { ok: 0, broken: 0, moved: 0, unknown: 0 };
  for (const verdict of result.verdicts.values()) counts[verdict.status]++;
  const hosts = new Set([...result.peak.keys()]).size;
  await write(
    io.stderr,
    `urilint: online: ${plural(keys.size, 'external link')} (${plural(result.cached, 'page')} from the cache, ${plural(result.checked, 'page')} checked with ${plural(result.requests, 'request')} to ${plural(hosts, 'host')}): ${counts.broken} broken, ${counts.moved} moved, ${counts.unknown} unknown.\n`,
  );
  const verdicts: Record<string, ExternalVerdict> = Object.fromEntries(cache.all());
  for (const [key, verdict] of result.verdicts) verdicts[key] = verdict;
  return verdicts;
}
