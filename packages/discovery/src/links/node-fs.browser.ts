/** `node-fs.ts` in a browser build: no folder and no file can be read. */
import type { LinkFileSystem } from './workspace.js';

export const nodeLinkFileSystem: LinkFileSystem = {
  readDirectory: () => undefined,
  readFile: () => undefined,
};

export function indexPath(path: string): string {
  return path.replace(/\\/g, '/');
}
