/**
 * A baseline for adopting urilint in a repository with findings already in it: `--suppress-all`
 * records today's findings, counted per file and code, in `urilint-suppressions.json`; later scans
 * report only what goes beyond those counts, so moving lines or editing elsewhere in a file does not
 * break it (ESLint's bulk suppressions work the same way). `--prune-suppressions` removes the counts
 * no longer reached.
 */
import { existsSync, statSync } from 'node:fs';
import { leadsOutOf, parseSuppressions, readRegularFile, suppressedFindings, SUPPRESSIONS_FILE, writtenPath, type SuppressionCounts } from '@urilint/discovery';
import { UsageError } from '../args.js';
import type { Problem } from './file-check.js';
import { present, replaceFile } from './replace-file.js';

export const DEFAULT_SUPPRESSIONS_FILE = SUPPRESSIONS_FILE;

export type { SuppressionCounts };

/**
 * Stops the scan when the suppressions file, or a folder on its way, is a symbolic link out of the
 * repository that holds it: the tree chose the name, so urilint neither reads the target (nor
 * shows it in an error) nor writes it.
 */
export function checkSuppressionsPath(path: string, shown: string): void {
  if (leadsOutOf(path)) {
    throw new UsageError(`The suppressions file '${shown}' leads out of the repository through a symbolic link: it is neither read nor written.`, 'scan');
  }
}

/** The suppressions of a file on disk; none when there is no file. A file that is not what it should be is a usage error. */
export function readSuppressions(path: string, shown = path): SuppressionCounts {
  if (!present(path)) return {};
  checkSuppressionsPath(path, shown);
  if (!existsSync(path)) return {};
  const text = readRegularFile(path);
  if (text === undefined) throw new UsageError(`The suppressions file '${shown}' is not a regular file that can be read.`, 'scan');
  const parsed = parseSuppressions(text);
  if ('counts' in parsed) return parsed.counts;
  if (parsed.error.kind === 'json') throw new UsageError(`The suppressions file '${shown}' is not JSON: ${parsed.error.message}.`, 'scan');
  throw new UsageError(`The suppressions file '${shown}' is ${parsed.error.message}: write it again with --suppress-all.`, 'scan');
}

/**
 * Writes the counts with files and codes in a fixed order, so the file diffs cleanly: as one step
 * (a temporary file renamed over it), at the real path of the name, which `checkSuppressionsPath`
 * has kept inside the repository; a file replaced keeps its mode and owner.
 */
export function writeSuppressions(path: string, counts: SuppressionCounts, shown = path): void {
  checkSuppressionsPath(path, shown);
  const sorted: SuppressionCounts = {};
  for (const file of Object.keys(counts).sort()) {
    const codes = counts[file]!;
    const entries = Object.keys(codes)
      .sort()
      .filter((code) => codes[code]!.count > 0)
      .map((code) => [code, { count: codes[code]!.count }] as const);
    if (entries.length > 0) sorted[file] = Object.fromEntries(entries);
  }
  const target = writtenPath(path);
  let options = {};
  if (existsSync(target)) {
    const stats = statSync(target);
    if (!stats.isFile()) throw new UsageError(`The suppressions file '${shown}' is not a regular file: it is not written.`, 'scan');
    options = { mode: stats.mode & 0o7777, owner: { uid: stats.uid, gid: stats.gid } };
  }
  const reason = replaceFile(target, JSON.stringify(sorted, null, 2) + '\n', options);
  if (reason !== undefined) throw new UsageError(`The suppressions file '${shown}' is not written: ${reason}.`, 'scan');
}

/** What is seen in one run, against the recorded counts. */
export class Baseline {
  readonly #recorded: SuppressionCounts;
  /** Findings seen per file and code, suppressed or not. */
  readonly seen: SuppressionCounts = {};
  suppressed = 0;

  constructor(recorded: SuppressionCounts) {
    this.#recorded = recorded;
  }

  /** The problems of a file beyond its recorded counts: the first findings of each code in the file are the suppressed ones. */
  filter(file: string, problems: readonly Problem[]): Problem[] {
    const suppressed = suppressedFindings(problems, (problem) => problem.code, this.#recorded[file]);
    const kept: Problem[] = [];
    problems.forEach((problem, index) => {
      ((this.seen[file] ??= {})[problem.code] ??= { count: 0 }).count++;
      if (suppressed[index]) this.suppressed++;
      else kept.push(problem);
    });
    return kept;
  }

  /** The recorded counts that were not reached in this run (fixed findings), as `file code (recorded → seen)`. */
  stale(scanned: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const [file, codes] of Object.entries(this.#recorded)) {
      if (!scanned.has(file)) continue;
      for (const [code, { count }] of Object.entries(codes)) {
        const seen = this.seen[file]?.[code]?.count ?? 0;
        if (seen < count) out.push(`${file} ${code} (${count} recorded, ${seen} now)`);
      }
    }
    return out;
  }

  /** The recorded counts lowered to what was seen, for the files scanned; others kept as they are. */
  pruned(scanned: ReadonlySet<string>): SuppressionCounts {
    const out: SuppressionCounts = {};
    for (const [file, codes] of Object.entries(this.#recorded)) {
      for (const [code, { count }] of Object.entries(codes)) {
        const keep = scanned.has(file) ? Math.min(count, this.seen[file]?.[code]?.count ?? 0) : count;
        if (keep > 0) (out[file] ??= {})[code] = { count: keep };
      }
    }
    return out;
  }
}
