/**
 * `node-fs.ts` in a browser build: a page has no file system, so every file reads as absent and
 * every path is its own real path. A browser front end gives discovery a `MemoryFileSystem`.
 */
import type { ConfigFileSystem } from './project.js';

export function readRegularFile(_path: string, _options: { noFollow?: boolean } = {}): string | undefined {
  return undefined;
}

export function repositoryOf(directory: string): string {
  return directory;
}

export function writtenPath(path: string): string {
  return path;
}

/** No path can be resolved, so every path is outside (as `node-fs.ts` says of one that cannot). */
export function leadsOutOf(_path: string, _repository?: string): boolean {
  return true;
}

const none: ConfigFileSystem = { readFile: () => undefined, exists: () => false };
export const nodeConfigFileSystem: ConfigFileSystem = none;
export const namedConfigFileSystem: ConfigFileSystem = none;
