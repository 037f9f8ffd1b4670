/**
 * A baseline for adopting urilint in a repository with findings already in it: `--suppress-all`
 * records today's findings, counted per file and code, in `urilint-suppressions.json`; later scans
 * report only what goes beyond those counts, so moving lines or editing elsewhere in a file does not
 * break it (ESLint's bulk suppressions work the same way). `--prune-suppressions` removes the counts
 * no longer reached.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseSuppressions, suppressedFindings, SUPPRESSIONS_FILE, type SuppressionCounts } from '@urilint/discovery';
import { UsageError } from '../args.js';
import type { Problem } from './file-check.js';

export const DEFAULT_SUPPRESSIONS_FILE = SUPPRESSIONS_FILE;

export type { SuppressionCounts };

/** The suppressions of a file on disk; none when there is no file. A file that is not what it should be is a usage error. */
export function readSuppressions(path: string, shown = path): SuppressionCounts {
  if (!existsSync(path)) return {};
  const parsed = parseSuppressions(readFileSync(path, 'utf8'));
  if ('counts' in parsed) return parsed.counts;
  if (parsed.error.kind === 'json') throw new UsageError(`The suppressions file '${shown}' is not JSON: ${parsed.error.message}.`, 'scan');
  throw new UsageError(`The suppressions file '${shown}' is ${parsed.error.message}: write it again with --suppress-all.`, 'scan');
}

/** Writes the counts with files and codes in a fixed order, so the file diffs cleanly. */
export function writeSuppressions(path: string, counts: SuppressionCounts): void {
  const sorted: SuppressionCounts = {};
  for (const file of Object.keys(counts).sort()) {
    const codes = counts[file]!;
    const entries = Object.keys(codes)
      .sort()
      .filter((code) => codes[code]!.count > 0)
      .map((code) => [code, { count: codes[code]!.count }] as const);
    if (entries.length > 0) sorted[file] = Object.fromEntries(entries);
  }
  writeFileSync(path, JSON.stringify(sorted, null, 2) + '\n');
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
