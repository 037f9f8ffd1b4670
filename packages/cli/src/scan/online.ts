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

  const result = await online.checkOnline(keys, { settings: options.settings, cache, userAgent: online.userAgent(version()), env: options.env });
  try {
    cache.write(cachePath);
  } catch (error) {
    await warn(`the link cache ${cachePath} cannot be written: ${error instanceof Error ? error.message : String(error)}`);
  }
  await write(io.stderr, `urilint: online: ${online.describeRun(keys.size, result)}.\n`);
  const verdicts: Record<string, ExternalVerdict> = Object.fromEntries(cache.all());
  for (const [key, verdict] of result.verdicts) verdicts[key] = verdict;
  return verdicts;
}
