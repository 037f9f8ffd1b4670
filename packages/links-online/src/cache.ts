/**
 * The verdicts kept across runs, in one JSON file of the project (committed or ignored, as the
 * project likes): each with the time it was decided, trusted for the hours `maxAge` gives its
 * status (a working link longer than a failure), so a run checks again only what is stale or new.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ExternalStatus, ExternalVerdict } from '@urilint/discovery';

export const CACHE_VERSION = 1;

const STATUSES: readonly ExternalStatus[] = ['ok', 'broken', 'moved', 'unknown'];

function isVerdict(value: unknown): value is ExternalVerdict {
  if (typeof value !== 'object' || value === null) return false;
  const verdict = value as Record<string, unknown>;
  return STATUSES.includes(verdict.status as ExternalStatus) && typeof verdict.reason === 'string' && typeof verdict.checkedAt === 'number';
}

export class LinkCache {
  private readonly entries = new Map<string, ExternalVerdict>();

  constructor(entries: Iterable<[string, ExternalVerdict]> = []) {
    for (const [key, verdict] of entries) this.entries.set(key, verdict);
  }

  /** The cache in a file; empty when the file is missing or is not a cache of this version (a warning says why). */
  static read(path: string, warn?: (message: string) => void): LinkCache {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return new LinkCache();
    }
    try {
      const data = JSON.parse(text) as { version?: unknown; links?: unknown };
      if (data.version !== CACHE_VERSION || typeof data.links !== 'object' || data.links === null) throw new Error(`not a cache of version ${CACHE_VERSION}`);
      return new LinkCache(Object.entries(data.links as Record<string, unknown>).filter((entry): entry is [string, ExternalVerdict] => isVerdict(entry[1])));
    } catch (error) {
      warn?.(`the link cache ${path} is not used: ${error instanceof Error ? error.message : String(error)}`);
      return new LinkCache();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The verdict of a key when still fresh at `now`: younger than its status's `maxAge` (hours). */
  fresh(key: string, now: number, maxAge: Readonly<Record<ExternalStatus, number>>): ExternalVerdict | undefined {
    const verdict = this.entries.get(key);
    if (verdict === undefined) return undefined;
    // A host that asked to be left alone until later is not asked again before then.
    if (verdict.status === 'unknown' && verdict.retryAt !== undefined && verdict.retryAt > now) return verdict;
    const age = now - verdict.checkedAt;
    return age < 0 || age > maxAge[verdict.status] * 3_600_000 ? undefined : verdict;
  }

  /** Every verdict, fresh or not: what `--offline` and the editor show (a stale verdict is still the last known). */
  all(): ReadonlyMap<string, ExternalVerdict> {
    return this.entries;
  }

  set(key: string, verdict: ExternalVerdict): void {
    this.entries.set(key, verdict);
  }

  /** The cache as its file holds it: keys sorted, so that a committed cache changes line by line. */
  toJSON(): { version: number; links: Record<string, ExternalVerdict> } {
    const keys = [...this.entries.keys()].sort();
    return { version: CACHE_VERSION, links: Object.fromEntries(keys.map((key) => [key, this.entries.get(key)!])) };
  }

  /** Writes the file as one step (a temporary file beside it, renamed over it), making its folder. */
  write(path: string): void {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(this.toJSON(), null, 1) + '\n');
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }
}
