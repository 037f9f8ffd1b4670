/**
 * Checks files on a pool of worker threads, handing out batches to whichever
 * worker is free; with one job (or no built worker), in the main thread.
 */
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkFile, type CheckSettings, type FileResult, type FileTask } from './file-check.js';

/** The most files in one batch, and the bytes a batch aims at: at most this, at least the minimum. */
const MAX_BATCH_FILES = 64;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
const MIN_BATCH_BYTES = 64 * 1024;
/** A batch holds at most this share of what is left for each worker, so batches shrink towards the end and the workers finish together. */
const BATCHES_PER_WORKER = 8;

const WORKER = new URL('./worker.js', import.meta.url);

export type OnResult = (index: number, result: FileResult) => void;

/** Whether the worker script is there: it is when running from the build, not from the sources under a test runner. */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER));
}

/**
 * Hands out the files in batches, in order: each batch about the bytes left
 * divided by `jobs × BATCHES_PER_WORKER` (between the minimum and maximum), so
 * large batches early keep messages few and small ones late keep a large file
 * from leaving the other workers idle at the end. Files given back (by a
 * worker that stopped) come next, one by one.
 */
export class Batches {
  readonly #tasks: readonly FileTask[];
  readonly #jobs: number;
  readonly #retry: FileTask[] = [];
  #next = 0;
  #bytesLeft: number;

  constructor(tasks: readonly FileTask[], jobs: number) {
    this.#tasks = tasks;
    this.#jobs = jobs;
    this.#bytesLeft = tasks.reduce((sum, task) => sum + task.size, 0);
  }

  get empty(): boolean {
    return this.#retry.length === 0 && this.#next >= this.#tasks.length;
  }

  /** Files to try again, each in a batch of its own. */
  giveBack(tasks: readonly FileTask[]): void {
    this.#retry.push(...tasks);
  }

  take(): FileTask[] | undefined {
    const retry = this.#retry.shift();
    if (retry !== undefined) return [retry];
    if (this.#next >= this.#tasks.length) return undefined;
    const target = Math.min(MAX_BATCH_BYTES, Math.max(MIN_BATCH_BYTES, this.#bytesLeft / (this.#jobs * BATCHES_PER_WORKER)));
    const batch: FileTask[] = [];
    let bytes = 0;
    while (this.#next < this.#tasks.length && batch.length < MAX_BATCH_FILES) {
      const task = this.#tasks[this.#next]!;
      if (batch.length > 0 && bytes + task.size > target) break;
      batch.push(task);
      bytes += task.size;
      this.#next++;
    }
    this.#bytesLeft -= bytes;
    return batch;
  }
}

async function inProcess(tasks: readonly FileTask[], settings: CheckSettings, onResult: OnResult): Promise<void> {
  for (const task of tasks) {
    onResult(task.index, checkFile(task, settings));
    // Let output be written and the progress line be drawn between files.
    await nextTurn();
  }
}

function inWorkers(tasks: readonly FileTask[], jobs: number, settings: CheckSettings, onResult: OnResult): Promise<void> {
  const batches = new Batches(tasks, jobs);
  let running = 0;
  return new Promise((resolve) => {
    const start = (): void => {
      running++;
      const worker = new Worker(WORKER, { workerData: settings });
      let current: FileTask[] | undefined;
      let failure: string | undefined;
      const feed = (): void => {
        current = batches.take();
        if (current) worker.postMessage(current);
        else void worker.terminate();
      };
      worker.on('message', (results: [number, FileResult][]) => {
        for (const [index, result] of results) onResult(index, result);
        feed();
      });
      worker.on('error', (error) => {
        failure = error instanceof Error ? error.message : String(error);
      });
      worker.on('exit', () => {
        running--;
        // A worker that stopped in the middle of a batch (out of memory): each of its files is tried
        // again alone, and a file that stops a worker by itself fails.
        const lost = current;
        current = undefined;
        if (lost !== undefined && lost.length > 1) batches.giveBack(lost);
        else if (lost !== undefined) onResult(lost[0]!.index, { status: 'failed', message: `the worker checking it stopped: ${failure ?? 'it exited'}`, internal: true });
        if (!batches.empty) start();
        else if (running === 0) resolve();
      });
      feed();
    };
    const workers = Math.min(jobs, tasks.length);
    if (workers === 0) resolve();
    for (let i = 0; i < workers; i++) start();
  });
}

/**
 * Checks every task and calls `onResult` as results arrive, in any order.
 * Returns the number of workers used (0 when the main thread did the work).
 */
export async function checkFiles(tasks: readonly FileTask[], jobs: number, settings: CheckSettings, onResult: OnResult): Promise<number> {
  if (jobs <= 1 || tasks.length <= 1 || !workersAvailable()) {
    await inProcess(tasks, settings, onResult);
    return 0;
  }
  await inWorkers(tasks, jobs, settings, onResult);
  return Math.min(jobs, tasks.length);
}
