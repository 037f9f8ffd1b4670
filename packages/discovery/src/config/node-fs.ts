/**
 * The configuration's file system on Node's `fs`: files as UTF-8, anything unreadable as none.
 *
 * A project file found by the search (a configuration, a `package.json`, the suppressions file)
 * that is a symbolic link is read only when its target lies inside the repository that holds the
 * link (the folder with `.git` above it; without one, the link's own folder): a link in a cloned
 * tree never has its target outside the tree read, nor shown in a problem (SECURITY.md).
 * `namedConfigFileSystem` reads a file through any link: for a path named by the user (`--config`).
 */
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { ConfigFileSystem } from './project.js';

function read(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The folder with `.git` at or above `directory`, or `directory` when there is none. */
function repositoryOf(directory: string): string {
  for (let current = directory; ; ) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return directory;
    current = parent;
  }
}

/** Whether `path` is a symbolic link whose target lies outside the repository holding it. */
function linksOut(path: string): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
    const root = realpathSync(repositoryOf(dirname(path)));
    const inside = relative(root, realpathSync(path));
    return inside === '' || inside.startsWith('..') || isAbsolute(inside);
  } catch {
    return true;
  }
}

export const nodeConfigFileSystem: ConfigFileSystem = {
  readFile(path: string): string | undefined {
    return linksOut(path) ? undefined : read(path);
  },
  exists(path: string): boolean {
    return existsSync(path);
  },
};

export const namedConfigFileSystem: ConfigFileSystem = {
  readFile: read,
  exists(path: string): boolean {
    return existsSync(path);
  },
};
