/**
 * The configuration's file system on Node's `fs`: files as UTF-8, anything unreadable as none.
 *
 * A project file found by the search (a configuration, a `package.json`, the suppressions file) is
 * read only when its real path (every symbolic link on the way resolved, the folders' and its own)
 * lies inside the real path of the repository that holds it (the folder with `.git` above it;
 * without one, its own folder): a link in a cloned tree never has a target outside the tree read,
 * nor shown in a problem (SECURITY.md). Only regular files are read: a FIFO in their place is
 * opened without waiting for a writer, seen for what it is, and left.
 * `namedConfigFileSystem` reads a file through any link: for a path named by the user (`--config`).
 */
import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ConfigFileSystem } from './project.js';

/**
 * The text of a regular file (UTF-8), or `undefined` when it cannot be read or is no regular file:
 * it is opened without blocking (a FIFO would wait for a writer forever, a device never end) and
 * checked on the open descriptor, so nothing can be swapped in between.
 */
export function readRegularFile(path: string | Buffer, options: { noFollow?: boolean } = {}): string | undefined {
  let fd: number;
  try {
    // With `noFollow`, a symbolic link in the file's own place fails the open (ELOOP).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow === true ? (constants.O_NOFOLLOW ?? 0) : 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The folder with `.git` at or above `directory`, or `directory` when there is none. */
export function repositoryOf(directory: string): string {
  for (let current = directory; ; ) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return directory;
    current = parent;
  }
}

/**
 * The real path of `path`; when it does not exist (yet), that of the name a writer would create:
 * the target of a dangling link, followed, or the name in its folder's real path. `undefined` when
 * none resolves (or links loop).
 */
function realPathOf(path: string, depth = 0): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    try {
      if (lstatSync(path).isSymbolicLink()) return depth < 40 ? realPathOf(resolve(dirname(path), readlinkSync(path)), depth + 1) : undefined;
    } catch {
      // No such name: it would be created in its folder.
    }
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return undefined;
    }
  }
}

/** The path a writer of `path` would create or replace: {@link realPathOf}, inside the repository when {@link leadsOutOf} says so. */
export function writtenPath(path: string): string {
  return realPathOf(path) ?? path;
}

/**
 * Whether the real path of `path` (or, when it does not exist yet, of its folder) lies outside the
 * real path of `repository` (by default the repository that holds `path`): a symbolic link on the
 * way, the file itself or any folder above it, leads out. A path that cannot be resolved is
 * outside.
 */
export function leadsOutOf(path: string, repository = repositoryOf(dirname(path))): boolean {
  const real = realPathOf(path);
  if (real === undefined) return true;
  let root: string;
  try {
    root = realpathSync(repository);
  } catch {
    return true;
  }
  const inside = relative(root, real);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside);
}

export const nodeConfigFileSystem: ConfigFileSystem = {
  readFile(path: string): string | undefined {
    // Most candidates do not exist: they cost one look-up.
    if (!existsSync(path) || leadsOutOf(path)) return undefined;
    return readRegularFile(path);
  },
  exists(path: string): boolean {
    return existsSync(path);
  },
};

export const namedConfigFileSystem: ConfigFileSystem = {
  readFile: (path) => readRegularFile(path),
  exists(path: string): boolean {
    return existsSync(path);
  },
};
