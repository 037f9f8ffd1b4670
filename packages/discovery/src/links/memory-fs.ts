/**
 * File systems for the link index that are not the disk: a tree held in memory (tests, the
 * examples of the docs), and the editor's unsaved buffers laid over another file system, so an
 * open document that was never saved counts as existing and its text is the buffer's.
 */
import type { DirectoryEntry, LinkFileSystem } from './workspace.js';

/** A tree in memory from `{ path: text }` (absolute paths with `/`); folders follow from the paths. */
export class MemoryFileSystem implements LinkFileSystem {
  readonly #files = new Map<string, string>();
  readonly #dirs = new Map<string, Map<string, boolean>>();

  constructor(files: Readonly<Record<string, string>> = {}) {
    for (const [path, text] of Object.entries(files)) this.write(path, text);
  }

  /** Adds a file, or a folder when the path ends with `/`. */
  write(path: string, text = ''): void {
    const folder = path.endsWith('/');
    const clean = folder ? path.slice(0, -1) : path;
    if (!folder) this.#files.set(clean, text);
    const parts = clean.split('/');
    for (let k = 1; k < parts.length; k++) {
      const dir = parts.slice(0, k).join('/') || '/';
      if (!this.#dirs.has(dir)) this.#dirs.set(dir, new Map());
      this.#dirs.get(dir)!.set(parts[k]!, k < parts.length - 1 || folder);
    }
    if (folder && !this.#dirs.has(clean)) this.#dirs.set(clean, new Map());
  }

  delete(path: string): void {
    this.#files.delete(path);
    const at = path.lastIndexOf('/');
    this.#dirs.get(path.slice(0, at) || '/')?.delete(path.slice(at + 1));
  }

  readDirectory(path: string): DirectoryEntry[] | undefined {
    const entries = this.#dirs.get(path);
    return entries === undefined ? undefined : [...entries].map(([name, directory]) => ({ name, directory }));
  }

  readFile(path: string): string | undefined {
    return this.#files.get(path);
  }
}

/** Open buffers (`path → text`) over a file system: they exist, with their current text. */
export class OverlayFileSystem implements LinkFileSystem {
  readonly #base: LinkFileSystem;
  readonly buffers = new Map<string, string>();

  constructor(base: LinkFileSystem) {
    this.#base = base;
  }

  readDirectory(path: string): DirectoryEntry[] | undefined {
    const listed = this.#base.readDirectory(path);
    const prefix = path.endsWith('/') ? path : `${path}/`;
    const extra: DirectoryEntry[] = [];
    const folders = new Set<string>();
    for (const buffer of this.buffers.keys()) {
      if (!buffer.startsWith(prefix)) continue;
      const rest = buffer.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash >= 0) folders.add(rest.slice(0, slash));
      else extra.push({ name: rest, directory: false });
    }
    for (const folder of folders) extra.push({ name: folder, directory: true });
    if (listed === undefined && extra.length === 0) return undefined;
    const names = new Set((listed ?? []).map((entry) => entry.name));
    return [...(listed ?? []), ...extra.filter((entry) => !names.has(entry.name))];
  }

  readFile(path: string): string | undefined {
    return this.buffers.get(path) ?? this.#base.readFile(path);
  }

  realPath(path: string): string | undefined {
    return this.#base.realPath === undefined ? path : (this.#base.realPath(path) ?? (this.buffers.has(path) ? path : undefined));
  }
}
