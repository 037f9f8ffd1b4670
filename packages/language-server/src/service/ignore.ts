import { matchesAny } from '@urilint/discovery';

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
 * Whether a document is left out by the editor's `ignore` patterns: each is matched, with the
 * configuration file's matcher (`.gitignore` conventions, `@urilint/discovery`'s `matchesAny`),
 * against the document's path relative to every workspace folder it is in, and against its
 * absolute path (so `**` + `/fixtures/**` holds outside every folder too).
 */
export function isIgnored(uri: string, patterns: readonly string[], workspaceFolders: readonly string[]): boolean {
  if (patterns.length === 0) return false;
  const path = filePath(uri);
  if (path === undefined) return false;
  const candidates = [path];
  for (const folder of workspaceFolders) {
    const root = filePath(folder);
    if (root === undefined) continue;
    const prefix = root.endsWith('/') ? root : `${root}/`;
    if (path.startsWith(prefix)) candidates.push(path.slice(prefix.length));
  }
  return candidates.some((candidate) => matchesAny(patterns, candidate));
}
