/** The progress line of `urilint scan` on a terminal's standard error: files done of all, URIs found. */
import type { Writable } from 'node:stream';
import { formatCount } from '@urilint/discovery';

/** Nothing is drawn for a scan that ends sooner; then at most this often. */
const FIRST_DRAW_MS = 300;
const DRAW_EVERY_MS = 100;

const CLEAR_LINE = '\r\u001b[K';

export class Progress {
  readonly #stream: Writable;
  readonly #columns: number;
  #total = 0;
  #done = 0;
  #uris = 0;
  #shown = '';
  #timer: NodeJS.Timeout | undefined;
  #first: NodeJS.Timeout | undefined;

  /** `stream` is a terminal (the caller checks), `columns` its width. */
  constructor(stream: Writable, columns: number) {
    this.#stream = stream;
    this.#columns = Math.max(20, columns);
  }

  start(total: number): void {
    this.#total = total;
    this.#first = setTimeout(() => {
      this.#draw();
      this.#timer = setInterval(() => this.#draw(), DRAW_EVERY_MS);
      this.#timer.unref();
    }, FIRST_DRAW_MS);
    this.#first.unref();
  }

  update(done: number, uris: number): void {
    this.#done = done;
    this.#uris = uris;
  }

  /** Removes the line (before other output is written, and at the end); the next tick draws it again. */
  clear(): void {
    if (this.#shown === '') return;
    this.#stream.write(CLEAR_LINE);
    this.#shown = '';
  }

  stop(): void {
    clearTimeout(this.#first);
    clearInterval(this.#timer);
    this.clear();
  }

  #draw(): void {
    const percent = this.#total === 0 ? 100 : Math.floor((this.#done / this.#total) * 100);
    const line = `urilint scan: ${formatCount(this.#done)}/${formatCount(this.#total)} files (${percent}%), ${formatCount(this.#uris)} URIs`.slice(0, this.#columns - 1);
    if (line === this.#shown) return;
    this.#stream.write(CLEAR_LINE + line);
    this.#shown = line;
  }
}
