/** The link index's file system on Node's `fs`: paths with `/`, anything unreadable as none. */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { readRegularFile } from '../config/node-fs.js';
import type { DirectoryEntry, LinkFileSystem } from './workspace.js';

/** A path as the index writes it (`/` separators) as Node reads it. */
const native = (path: string): string => (process.platform === 'win32' ? path.replace(/^\/([A-Za-z]:)/, '$1') : path) || '/';

export const nodeLinkFileSystem: LinkFileSystem = {
  readDirectory(path: string): DirectoryEntry[] | undefined {
    try {
      return readdirSync(native(path), { withFileTypes: true }).map((entry) => {
        // A symbolic link counts as what it points to; the index follows it only inside the repository.
        if (entry.isSymbolicLink()) {
          let directory: boolean;
          try {
            directory = statSync(`${native(path)}/${entry.name}`).isDirectory();
          } catch {
            directory = false;
          }
          return { name: entry.name, directory, link: true };
        }
        return { name: entry.name, directory: entry.isDirectory() };
      });
    } catch {
      return undefined;
    }
  },
  readFile(path: string): string | undefined {
    // A regular file only: a FIFO named like a linked document would hold the check forever.
    return readRegularFile(native(path));
  },
  realPath(path: string): string | undefined {
    try {
      return indexPath(realpathSync.native(native(path)));
    } catch {
      return undefined;
    }
  },
};

/** A native path (`C:\repo\a.md`) as the index writes it (`C:/repo/a.md`). */
export function indexPath(path: string): string {
  return path.replace(/\\/g, '/');
}
