import { matchesAny } from '@urilint/discovery';
import { minimatch } from 'minimatch';

/** The file path of a `file:` URI, or undefined for other schemes (`untitled:`). */
export function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return undefined;
  }
}

/**
 * Whether a document is left out by the `ignore` patterns: each is matched
 * against the document's path relative to every workspace folder it is in,
 * and against its absolute path (`dot: true`, so `.github/**` matches).
 */
export function isIgnored(uri: string, patterns: readonly string[], workspaceFolders: readonly string[]): boolean {
  if (patterns.length === 0) return false;
  const path = filePath(uri);
  if (path === undefined) return false;
  const candidates = [path];
  const relatives: string[] = [];
  for (const folder of workspaceFolders) {
    const root = filePath(folder);
    if (root === undefined) continue;
    const prefix = root.endsWith('/') ? root : `${root}/`;
    if (path.startsWith(prefix)) relatives.push(path.slice(prefix.length));
  }
  candidates.push(...relatives);
  return patterns.some((pattern) => candidates.some((candidate) => minimatch(candidate, pattern, { dot: true }))) || relatives.some((relative) => matchesAny(patterns, relative));
}
