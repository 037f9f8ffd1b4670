/**
 * Checks files on a pool of worker threads, handing out batches to whichever
 * worker is free; with one job (or no built worker), in the main thread.
 */
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkFile, type CheckSettings, type FileResult, type FileTask } from './file-check.js';

/** The most files in one batch: enough to keep messages few, few enough that the workers finish together. */
const MAX_BATCH = 32;
/** Batches per worker at least, so a batch of large files does not leave the other workers idle at the end. */
const BATCHES_PER_WORKER = 8;

const WORKER = new URL('./worker.js', import.meta.url);

export type OnResult = (index: number, result: FileResult) => void;

/** Whether the worker script is there: it is when running from the build, not from the sources under a test runner. */
export function workersAvailable(): boolean {
  return existsSync(fileURLToPath(WORKER));
}

/** The batch size for `files` files on `jobs` workers. */
export function batchSize(files: number, jobs: number): number {
  return Math.max(1, Math.min(MAX_BATCH, Math.ceil(files / (jobs * BATCHES_PER_WORKER))));
}

async function inProcess(tasks: readonly FileTask[], settings: CheckSettings, onResult: OnResult): Promise<void> {
  for (const task of tasks) {
    onResult(task.index, checkFile(task, settings));
    // Let output be written and the progress line be drawn between files.
    await nextTurn();
  }
}

function inWorkers(tasks: readonly FileTask[], jobs: number, settings: CheckSettings, onResult: OnResult): Promise<void> {
  const size = batchSize(tasks.length, jobs);
  const queue: FileTask[][] = [];
  for (let i = 0; i < tasks.length; i += size) queue.push(tasks.slice(i, i + size));
  let running = 0;
  return new Promise((resolve) => {
    const start = (): void => {
      running++;
      const worker = new Worker(WORKER, { workerData: settings });
      let current: FileTask[] | undefined;
      let failure: string | undefined;
      const feed = (): void => {
        current = queue.shift();
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
        if (lost !== undefined && lost.length > 1) queue.unshift(...lost.map((task) => [task]));
        else if (lost !== undefined) onResult(lost[0]!.index, { status: 'failed', message: `the worker checking it stopped: ${failure ?? 'it exited'}`, internal: true });
        if (queue.length > 0) start();
        else if (running === 0) resolve();
      });
      feed();
    };
    const workers = Math.min(jobs, queue.length);
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
  return Math.min(jobs, Math.ceil(tasks.length / batchSize(tasks.length, jobs)));
}
