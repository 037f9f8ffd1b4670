/** The configuration's file system on Node's `fs`: files as UTF-8, anything unreadable as none. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ConfigFileSystem } from './project.js';

export const nodeConfigFileSystem: ConfigFileSystem = {
  readFile(path: string): string | undefined {
    try {
      if (!statSync(path).isFile()) return undefined;
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  exists(path: string): boolean {
    return existsSync(path);
  },
};
