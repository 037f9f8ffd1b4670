/**
 * The baseline `urilint scan --suppress-all` records: `urilint-suppressions.json`, per file
 * (relative to the folder it was written in, `/`-separated) and per diagnostic code, how many
 * findings are known. The first findings of each code in a file, in document order, are the
 * suppressed ones, so moving lines or editing elsewhere in a file keeps them. `urilint scan` and
 * the language server both read it through this module.
 */

import { momoa } from '../parsers.js';

/** The file's name, as `scan` writes it by default and the language server looks for it. */
export const SUPPRESSIONS_FILE = 'urilint-suppressions.json';

/** Per diagnostic code: how many findings are suppressed. */
export type CodeCounts = Record<string, { count: number }>;

/** Per file (relative to the folder of the suppressions file, with `/`), per diagnostic code: how many findings are suppressed. */
export type SuppressionCounts = Record<string, CodeCounts>;

/** What is wrong with a suppressions file: it is not JSON, or not the map it should be. */
export type SuppressionsError = { kind: 'json'; message: string } | { kind: 'shape'; message: string };

/**
 * Where JSON that does not parse goes wrong (`line 1, column 1`), without a word of its text: the
 * file may be something else entirely (JSON.parse's own message quotes its first bytes).
 */
function jsonErrorPlace(json: string): string {
  try {
    momoa().parse(json, { mode: 'json' });
  } catch (error) {
    const at = error as { line?: unknown; column?: unknown };
    if (typeof at.line === 'number' && typeof at.column === 'number') return `line ${at.line}, column ${at.column}`;
  }
  return 'its end';
}

/** The counts of a suppressions file's text, or what is wrong with it. */
export function parseSuppressions(text: string): { counts: SuppressionCounts } | { error: SuppressionsError } {
  let data: unknown;
  const json = text.replace(/^\uFEFF/, '');
  try {
    data = JSON.parse(json);
  } catch {
    return { error: { kind: 'json', message: `invalid JSON at ${jsonErrorPlace(json)}` } };
  }
  const valid =
    data !== null &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Object.values(data).every(
      (codes) =>
        codes !== null &&
        typeof codes === 'object' &&
        Object.values(codes as object).every((entry) => entry !== null && typeof entry === 'object' && Number.isInteger((entry as { count?: unknown }).count) && (entry as { count: number }).count > 0),
    );
  if (!valid) return { error: { kind: 'shape', message: 'not a map of files to codes to { "count": N }' } };
  return { counts: data as SuppressionCounts };
}

/**
 * Which of a file's findings the counts suppress: for each code, the first `count` findings of
 * that code, in the order given (give them in document order). One boolean per finding.
 */
export function suppressedFindings<T>(findings: readonly T[], codeOf: (finding: T) => string, counts: Readonly<CodeCounts> | undefined): boolean[] {
  const used = new Map<string, number>();
  return findings.map((finding) => {
    const code = codeOf(finding);
    const allowed = counts !== undefined && Object.hasOwn(counts, code) ? counts[code]!.count : 0;
    const n = used.get(code) ?? 0;
    if (n >= allowed) return false;
    used.set(code, n + 1);
    return true;
  });
}
