/**
 * The fallback for clients that cannot watch files for the server (no dynamic registration of
 * `workspace/didChangeWatchedFiles`): Node's `fs.watch` on each folder whose project files
 * decide an open document's settings. A folder that cannot be watched (it does not exist, the
 * system has no watches left) is left out and tried again at the next update; an error closes
 * that folder's watch and never reaches the server.
 */
import { watch, type FSWatcher } from 'node:fs';

export class FolderWatcher {
  readonly #watchers = new Map<string, FSWatcher>();
  readonly #relevant: (name: string) => boolean;
  readonly #changed: () => void;
  readonly #delay: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  /**
   * `changed` is called once a burst of events on relevant names has settled for `delay` ms (a
   * save is often a truncation and a write, or a write and a rename: the file is read once,
   * whole).
   */
  constructor(relevant: (name: string) => boolean, changed: () => void, delay = 50) {
    this.#relevant = relevant;
    this.#changed = changed;
    this.#delay = delay;
  }

  /** Watches exactly these folders: new ones are added, the others closed. */
  update(folders: Iterable<string>): void {
    if (this.#closed) return;
    const wanted = new Set(folders);
    for (const [folder, watcher] of this.#watchers) {
      if (wanted.has(folder)) continue;
      watcher.close();
      this.#watchers.delete(folder);
    }
    for (const folder of wanted) {
      if (this.#watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, { persistent: false }, (_event, name) => {
          // Without a name (some platforms), any change may be ours.
          if (name === null || this.#relevant(String(name))) this.#schedule();
        });
        watcher.on('error', () => {
          watcher.close();
          if (this.#watchers.get(folder) === watcher) this.#watchers.delete(folder);
        });
        this.#watchers.set(folder, watcher);
      } catch {
        // Not watchable now (gone, or no watches left): the next update tries again.
      }
    }
  }

  /** The folders watched now. */
  folders(): string[] {
    return [...this.#watchers.keys()];
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  #schedule(): void {
    if (this.#closed) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#closed) this.#changed();
    }, this.#delay);
  }
}
