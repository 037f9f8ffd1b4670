/**
 * Checks files on a pool of worker threads, handing out batches to whichever
 * worker is free; with one job on a small tree (or no built worker), in the
 * main thread.
 *
 * Memory stays bounded: each worker's heap is capped (`WORKER_HEAP_MB`), so a
 * worker collects its garbage instead of growing towards V8's default limit of
 * a quarter of the machine's memory, and files whose trees would not fit under
 * the cap (larger than `HEAVY_BYTES`, or one that stopped a worker for memory)
 * are checked one at a time, each in a worker of its own, so that no two large
 * trees are held at once and their garbage leaves with their worker: after a
 * pool, or before the main thread's own files (see `checkFiles`).
 */
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { collectGarbage } from '@urilint/discovery';
import { checkFile, prepareTasks, type CheckSettings, type FileResult, type FileTask } from './file-check.js';

/** The most files in one batch, and the bytes a batch aims at: at most this, at least the minimum. */
const MAX_BATCH_FILES = 64;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
const MIN_BATCH_BYTES = 64 * 1024;
/** A batch holds at most this share of what is left for each worker, so batches shrink towards the end and the workers finish together. */
const BATCHES_PER_WORKER = 8;

const WORKER = new URL('./worker.js', import.meta.url);

/**
 * The old generation of a worker's heap, in MB. Checking every file of this workspace's node_modules
 * up to `HEAVY_BYTES` in one heap of 256 MB succeeded; with 128 MB one worker ran out, and V8 stopped
 * the whole process instead of the worker alone (the file was in the middle of `JSON.parse`), so the
 * cap is kept where no file was seen to reach it.
 */
export const WORKER_HEAP_MB = 256;
/** Files larger than this are checked after the others, one at a time, each in a worker of its own. */
export const HEAVY_BYTES = 1024 * 1024;

/**
 * A worker that checks one large file has no cap on its old generation, and a young generation of
 * 8 MB (V8's default here is 48): the tree of a large file outlives its first collections anyway,
 * and the smaller nursery is memory not taken at the peak. `urilint scan` of typescript.js (9.1 MB)
 * peaked at 470 MB with the default and 451 MB with this, for the same CPU time within noise.
 */
const HEAVY_LIMITS = { maxYoungGenerationSizeMb: 8 } as const;

/**
 * The young generation of each worker when two or more share the files, in MB (V8's default here is
 * 48): their nurseries are held side by side at the peak of a run. Over this workspace's node_modules
 * two workers peaked at 664 MB with the default and 541 MB with this, for about 9% more CPU time; one
 * worker peaked at 500 MB either way (its peak is the large files'), so it keeps the default.
 */
const POOL_YOUNG_MB = 16;

/** The resource limits of a worker of a pool of `jobs` with this cap on its old generation. */
export function poolLimits(heapMb: number, jobs: number): ResourceLimits {
  return jobs > 1 ? { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: POOL_YOUNG_MB } : { maxOldGenerationSizeMb: heapMb };
}

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

  readonly #maxFiles: number;

  constructor(tasks: readonly FileTask[], jobs: number, maxFiles = MAX_BATCH_FILES) {
    this.#tasks = tasks;
    this.#jobs = jobs;
    this.#maxFiles = maxFiles;
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
    while (this.#next < this.#tasks.length && batch.length < this.#maxFiles) {
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
  await prepareTasks(tasks);
  for (const task of tasks) {
    onResult(task.index, checkFile(task, settings));
    // Let output be written and the progress line be drawn between files.
    await nextTurn();
  }
}

/** The tasks for the pool, and those checked afterwards one at a time (larger than `HEAVY_BYTES`), each in order. */
export function splitHeavy(tasks: readonly FileTask[]): { light: FileTask[]; heavy: FileTask[] } {
  const light: FileTask[] = [];
  const heavy: FileTask[] = [];
  for (const task of tasks) (task.size > HEAVY_BYTES ? heavy : light).push(task);
  return { light, heavy };
}

interface PoolOptions {
  jobs: number;
  /** The cap of each worker's old generation (MB); none: V8's default. */
  heapMb?: number;
  /** Each file in a worker of its own, which exits after it: its heap goes with it. */
  alone?: boolean;
}

/**
 * Checks `tasks` on workers; resolves with the files that stopped a capped worker alone by running
 * out of memory (to be checked again without the cap).
 */
function inWorkers(tasks: readonly FileTask[], options: PoolOptions, settings: CheckSettings, onResult: OnResult): Promise<FileTask[]> {
  const batches = new Batches(tasks, options.jobs, options.alone === true ? 1 : MAX_BATCH_FILES);
  const left: FileTask[] = [];
  let running = 0;
  return new Promise((resolve) => {
    const start = (): void => {
      running++;
      const worker = new Worker(WORKER, { workerData: settings, resourceLimits: options.heapMb === undefined ? HEAVY_LIMITS : poolLimits(options.heapMb, options.jobs) });
      let current: FileTask[] | undefined;
      let failure: string | undefined;
      let outOfMemory = false;
      const feed = (): void => {
        current = batches.take();
        if (current) worker.postMessage(current);
        else void worker.terminate();
      };
      worker.on('message', (results: [number, FileResult][]) => {
        for (const [index, result] of results) onResult(index, result);
        if (options.alone === true) {
          current = undefined;
          void worker.terminate();
        } else feed();
      });
      worker.on('error', (error) => {
        failure = error instanceof Error ? error.message : String(error);
        outOfMemory ||= (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      });
      worker.on('exit', () => {
        running--;
        // A worker that stopped in the middle of a batch (out of memory): each of its files is tried
        // again alone; a file that runs a capped worker out of memory by itself is tried again
        // without the cap, and one that stops a worker otherwise fails.
        const lost = current;
        current = undefined;
        if (lost !== undefined && lost.length > 1) batches.giveBack(lost);
        else if (lost !== undefined && outOfMemory && options.heapMb !== undefined) left.push(lost[0]!);
        else if (lost !== undefined && outOfMemory) {
          // A file too large for the memory Node gives a worker: its own failure, said plainly, not a bug.
          onResult(lost[0]!.index, { status: 'failed', message: 'it ran out of memory while it was checked (a lower --max-file-size skips such files)', internal: false });
        } else if (lost !== undefined) onResult(lost[0]!.index, { status: 'failed', message: `the worker checking it stopped: ${failure ?? 'it exited'}`, internal: true });
        if (!batches.empty) start();
        else if (running === 0) resolve(left);
      });
      feed();
    };
    const workers = Math.min(options.jobs, tasks.length);
    if (workers === 0) resolve(left);
    for (let i = 0; i < workers; i++) start();
  });
}

/**
 * Above this many bytes (files over `HEAVY_BYTES` aside), even one job runs in a worker: a worker's
 * heap is capped, the main thread's is not, and V8 lets an uncapped heap grow to a quarter of the
 * machine's memory before it collects (over this workspace's node_modules, `--jobs 1` in the main
 * thread peaked at 715 MB, and at 429 MB with a 256 MB heap).
 */
export const MAIN_THREAD_MAX_BYTES = 16 * 1024 * 1024;

/** Where the files go: to the main thread or to a pool of `jobs` capped workers, and one at a time each to a worker of its own (`last`: see `checkFiles` for when). */
export interface Plan {
  main: FileTask[];
  pool: FileTask[];
  jobs: number;
  last: FileTask[];
}

/** The plan for `tasks` with `jobs` jobs, where workers can be started (`workers`) or not. */
export function planOf(tasks: readonly FileTask[], jobs: number, workers = true): Plan {
  if (!workers) return { main: [...tasks], pool: [], jobs: 0, last: [] };
  const { light, heavy } = splitHeavy(tasks);
  const bytes = light.reduce((sum, task) => sum + task.size, 0);
  if ((jobs <= 1 && bytes <= MAIN_THREAD_MAX_BYTES) || light.length <= 1) return { main: light, pool: [], jobs: 0, last: heavy };
  return { main: [], pool: light, jobs: Math.min(Math.max(1, jobs), light.length), last: heavy };
}

/**
 * Checks every task and calls `onResult` as results arrive, in any order.
 * Returns the number of workers that ran at once (0 when the main thread did the work).
 *
 * The files larger than `HEAVY_BYTES` are each checked alone in a worker of its own (without the
 * cap): a large tree is never held beside another, and its garbage leaves with its worker. Where
 * the main thread checks the other files, the large ones come first, while the main thread's heap
 * is small: its heap is not capped, and what its files leave stays resident. eslint's repository (16
 * MB in the main thread, and its 1.1 MB CHANGELOG.md) peaked at 394–414 MB with the large file
 * first and 555–738 MB with it last, in the same time. Where a pool checks the others, the large
 * ones come last: first, over this workspace's node_modules, they peaked higher (567 MB against
 * 543 MB with two workers).
 */
export async function checkFiles(tasks: readonly FileTask[], jobs: number, settings: CheckSettings, onResult: OnResult): Promise<number> {
  const plan = planOf(tasks, jobs, workersAvailable());
  const alone = { jobs: 1, alone: true } as const;
  // No pool: the large files first (also when no other file is in the run: each of them is checked).
  if (plan.pool.length === 0 && plan.last.length > 0) await inWorkers(plan.last, alone, settings, onResult);
  await inProcess(plan.main, settings, onResult);
  if (plan.pool.length === 0) return plan.last.length > 0 ? 1 : 0;
  // What listing the tree left (over this workspace's node_modules, a heap of 97 MB holding 18 MB of
  // live objects) would stay resident beside the workers until V8 next needed room.
  collectGarbage();
  const left = await inWorkers(plan.pool, { jobs: plan.jobs, heapMb: WORKER_HEAP_MB }, settings, onResult);
  const last = [...plan.last, ...left].sort((a, b) => a.index - b.index);
  if (last.length > 0) await inWorkers(last, alone, settings, onResult);
  return plan.jobs;
}
