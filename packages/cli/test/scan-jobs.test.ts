import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { aloneMs, chooseJobs, freeCores, LINK_INDEX_NS_PER_BYTE, MIN_SAMPLE_MS, othersLoad, NS_PER_BYTE, READER_START_MS, startMs, WORKER_START_MS, workersMs, workOf, WORTH_IT, type ScanWork } from '../src/scan/jobs.js';
import { HEAVY_BYTES, MAIN_THREAD_MAX_BYTES, WORKER_HEAP_MB, planOf, poolLimits, splitHeavy } from '../src/scan/pool.js';

const MB = 1_000_000;
const quiet2 = { cores: 2, load: 0 };
const quiet8 = { cores: 8, load: 0.3 };

/** A tree of one kind: `files` files of `bytes` in all, checked with the link rule on or off. */
function tree(kind: 'js' | 'markdown' | 'json', bytes: number, files = 100, links = kind === 'markdown'): ScanWork {
  return workOf(Array.from({ length: files }, () => ({ kind, bytes: bytes / files, links })));
}

describe('the default number of jobs', () => {
  it('counts files and bytes by kind, and the link bytes of Markdown and HTML only', () => {
    const work = workOf([
      { kind: 'markdown', bytes: 100, links: true },
      { kind: 'markdown', bytes: 50, links: false },
      { kind: 'html', bytes: 30, links: true },
      { kind: 'js', bytes: 1000, links: true },
    ]);
    expect(work).toEqual({ kinds: { markdown: { files: 2, bytes: 150 }, html: { files: 1, bytes: 30 }, js: { files: 1, bytes: 1000 } }, linkBytes: 130 });
    expect(aloneMs(work)).toBeCloseTo((150 * NS_PER_BYTE.markdown! + 30 * NS_PER_BYTE.html! + 1000 * NS_PER_BYTE.js!) / 1e6);
  });

  it('keeps a small tree on the main thread: a worker costs more to start than it saves', () => {
    expect(chooseJobs(tree('js', 100_000), quiet8).jobs).toBe(1);
    expect(chooseJobs(tree('markdown', 1 * MB), quiet8).jobs).toBe(1);
    expect(chooseJobs({ kinds: {}, linkBytes: 0 }, quiet8).jobs).toBe(1);
  });

  it('starts workers for a large tree when cores are free', () => {
    expect(chooseJobs(tree('js', 8 * MB), quiet2).jobs).toBe(2);
    expect(chooseJobs(tree('json', 4 * MB), quiet2).jobs).toBe(2);
    expect(chooseJobs(tree('markdown', 12 * MB, 100, false), quiet2).jobs).toBe(2);
    expect(chooseJobs(tree('js', 200 * MB), quiet8).jobs).toBe(8);
  });

  it('keeps Markdown checked with the link rule on the main thread: each worker would repeat the link index', () => {
    // Measured on two idle cores: two workers took 1.15× the main thread's time on 5.67 MB.
    for (const bytes of [1, 4, 6, 50, 500].map((n) => n * MB)) {
      expect(chooseJobs(tree('markdown', bytes), quiet2).jobs).toBe(1);
      expect(chooseJobs(tree('markdown', bytes), quiet8).jobs).toBe(1);
    }
  });

  it('starts workers from the size where their estimate falls within WORTH_IT of the time alone, later for Markdown, whose reader is slow to start', () => {
    // Markdown without the link rule: with it, no size is large enough (see below).
    const of = (kind: 'js' | 'markdown', bytes: number): ScanWork => tree(kind, bytes, 100, false);
    const smallest = (kind: 'js' | 'markdown'): number => {
      let bytes = 1000;
      while (chooseJobs(of(kind, bytes), quiet2).jobs === 1) bytes = Math.ceil(bytes * 1.05);
      return bytes;
    };
    for (const kind of ['js', 'markdown'] as const) {
      const bytes = smallest(kind);
      expect(workersMs(of(kind, bytes), 2)).toBeLessThanOrEqual(aloneMs(of(kind, bytes)) * WORTH_IT);
      expect(workersMs(of(kind, bytes / 1.05), 2)).toBeGreaterThan(aloneMs(of(kind, bytes / 1.05)) * WORTH_IT);
    }
    expect(startMs(tree('markdown', 1))).toBe(WORKER_START_MS + READER_START_MS.markdown!);
    expect(startMs(tree('js', 1))).toBe(WORKER_START_MS);
    expect(smallest('markdown')).toBeGreaterThan(smallest('js'));
  });

  it('counts the link index each worker builds again: Markdown with the link rule needs more bytes than without', () => {
    const bytes = 12 * MB;
    const withLinks = tree('markdown', bytes, 100, true);
    const without = tree('markdown', bytes, 100, false);
    expect(workersMs(withLinks, 2) - workersMs(without, 2)).toBeCloseTo(((bytes * LINK_INDEX_NS_PER_BYTE) / 1e6) * 0.5);
    expect(chooseJobs(without, quiet2).jobs).toBe(2);
    expect(chooseJobs(withLinks, quiet2).jobs).toBe(1);
  });

  it('uses only the cores other work leaves free, at least one', () => {
    expect(freeCores({ cores: 2, load: 0.2 })).toBe(2);
    expect(freeCores({ cores: 2, load: 1.2 })).toBe(1);
    expect(freeCores({ cores: 2, load: 14 })).toBe(1);
    expect(freeCores({ cores: 8, load: 3 })).toBe(5);
    expect(chooseJobs(tree('js', 200 * MB), { cores: 2, load: 14 }).jobs).toBe(1);
    expect(chooseJobs(tree('js', 200 * MB), { cores: 8, load: 3 }).jobs).toBe(5);
  });

  it('counts as other work the machine\'s busy time less its own over the scan\'s start, not a load average that still holds the last run', () => {
    const at = (wallMs: number, ownMs: number, busyMs: number, idleMs: number) => ({ wallMs, ownMs, busyMs, idleMs });
    const start = at(1000, 500, 10_000, 50_000);
    // Two cores, 200 ms: 400 ms of CPU time passed. The scan listed files for 140 ms of it, nothing else ran.
    const alone = othersLoad(start, at(1200, 640, 10_150, 50_250), 2)!;
    expect(alone).toBeCloseTo((2 * 10) / 400);
    expect(freeCores({ cores: 2, load: alone })).toBe(2);
    expect(chooseJobs(tree('js', 12 * MB), { cores: 2, load: alone }).jobs).toBe(2);
    // Another process kept one core busy the whole time.
    const shared = othersLoad(start, at(1200, 640, 10_340, 50_060), 2)!;
    expect(shared).toBeCloseTo(1);
    expect(chooseJobs(tree('js', 12 * MB), { cores: 2, load: shared }).jobs).toBe(1);
    // The process's own count ahead of the machine's (ticks of 10 ms): no other work, never below 0.
    expect(othersLoad(start, at(1200, 700, 10_150, 50_250), 2)).toBe(0);
    // Other work on every core: at most the cores.
    expect(othersLoad(start, at(1200, 500, 10_400, 50_000), 2)).toBe(2);
    // Too short an interval, or one in which no time was counted: not known.
    expect(othersLoad(start, at(1000 + MIN_SAMPLE_MS - 1, 540, 10_100, 50_100), 2)).toBeUndefined();
    expect(othersLoad(start, at(1200, 500, 10_000, 50_000), 2)).toBeUndefined();
  });

  it('never starts more workers than there are files', () => {
    expect(chooseJobs(tree('js', 50 * MB, 3), quiet8).jobs).toBe(3);
  });

  it('gives its estimates: the workers start, share the work, and repeat the link index', () => {
    const work = tree('markdown', 3 * MB);
    const alone = 3 * MB * NS_PER_BYTE.markdown! / 1e6;
    expect(workersMs(work, 2)).toBeCloseTo(WORKER_START_MS + READER_START_MS.markdown! + alone / 2 + (3 * MB * LINK_INDEX_NS_PER_BYTE) / 1e6 / 2);
    // Not worth it: the main thread, whose estimate is its time alone.
    expect(chooseJobs(work, quiet2)).toEqual({ jobs: 1, alone: expect.closeTo(alone, 3) as number, estimate: expect.closeTo(alone, 3) as number });
  });
});

describe('files too large for a worker', () => {
  it('are set apart, in order, for the main thread', () => {
    const sizes = [10, HEAVY_BYTES + 1, 20, HEAVY_BYTES, 5 * HEAVY_BYTES];
    const tasks = sizes.map((size, index) => ({ index, path: `f${index}`, size, writable: true, settings: 0 }));
    const { light, heavy } = splitHeavy(tasks);
    expect(light.map((task) => task.index)).toEqual([0, 2, 3]);
    expect(heavy.map((task) => task.index)).toEqual([1, 4]);
  });
});

describe('the limits of a pool worker', () => {
  it('caps the old generation, and the young one only where two or more workers run side by side', () => {
    expect(poolLimits(WORKER_HEAP_MB, 1)).toEqual({ maxOldGenerationSizeMb: WORKER_HEAP_MB });
    const two = poolLimits(WORKER_HEAP_MB, 2);
    expect(two.maxOldGenerationSizeMb).toBe(WORKER_HEAP_MB);
    expect(two.maxYoungGenerationSizeMb).toBeLessThan(48);
    expect(poolLimits(WORKER_HEAP_MB, 8)).toEqual(two);
  });
});

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** Runs the built `urilint scan` in `cwd`. */
function scan(cwd: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'scan', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

describe('a large file in a scan (the built command)', () => {
  const temp = mkdtempSync(join(tmpdir(), 'urilint-scan-jobs-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('is checked alone in a worker of its own (before the main thread\'s files, after a pool\'s), and reported in its place', async () => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first (the tests build nothing).`);
    mkdirSync(join(temp, 'tree'));
    for (let i = 0; i < 6; i++) writeFileSync(join(temp, 'tree', `f${i}.txt`), `see http://0x7f.1/${i}%zz\n`);
    // Larger than HEAVY_BYTES: between the small files in the order of the report.
    writeFileSync(join(temp, 'tree', 'f2-large.txt'), `${'filler text\n'.repeat(Math.ceil((HEAVY_BYTES + 1000) / 12))}http://0x7f.1/large%zz\n`);
    const args = ['--no-config', '--format', 'json', '--stats', 'tree'];
    const [one, two] = await Promise.all([scan(temp, ['--jobs', '1', ...args]), scan(temp, ['--jobs', '2', ...args])]);
    const files = (run: { stdout: string }): string[] => (JSON.parse(run.stdout) as { file: string }[]).map((problem) => problem.file);
    expect([...new Set(files(one))]).toEqual(['tree/f0.txt', 'tree/f1.txt', 'tree/f2-large.txt', 'tree/f2.txt', 'tree/f3.txt', 'tree/f4.txt', 'tree/f5.txt']);
    expect(two.stdout).toBe(one.stdout);
    // With --jobs 1 the small files are read in the main thread and the large one in one worker; with --jobs 2, two at once.
    expect(one.stderr).toMatch(/^workers: 1$/m);
    expect(two.stderr).toMatch(/^workers: 2$/m);
    expect(one.stderr).toMatch(/^files scanned: 7$/m);
    expect(two.stderr).toMatch(/^files scanned: 7$/m);
  });
});

describe('where the files go', () => {
  const tasks = (sizes: number[]) => sizes.map((size, index) => ({ index, path: `f${index}`, size, writable: true, settings: 0 }));
  const indexes = (list: readonly { index: number }[]): number[] => list.map((task) => task.index);

  it('one job on a small tree: the main thread, the large files in workers of their own', () => {
    const plan = planOf(tasks([10, HEAVY_BYTES + 1, 20]), 1);
    expect([indexes(plan.main), indexes(plan.pool), plan.jobs, indexes(plan.last)]).toEqual([[0, 2], [], 0, [1]]);
  });

  it('one job on a tree over MAIN_THREAD_MAX_BYTES: one capped worker instead of the main thread', () => {
    const count = Math.ceil(MAIN_THREAD_MAX_BYTES / HEAVY_BYTES) + 1;
    const plan = planOf(tasks(Array.from({ length: count }, () => HEAVY_BYTES)), 1);
    expect([plan.main.length, plan.pool.length, plan.jobs, plan.last.length]).toEqual([0, count, 1, 0]);
  });

  it('several jobs: a pool of at most one worker per file', () => {
    expect(planOf(tasks([10, 20, 30]), 8).jobs).toBe(3);
    expect(planOf(tasks([10, 20, 30]), 2).jobs).toBe(2);
    expect(indexes(planOf(tasks([10, 20, 30]), 2).pool)).toEqual([0, 1, 2]);
    // One small file: no pool is worth starting.
    expect(planOf(tasks([10, 5 * HEAVY_BYTES]), 2)).toMatchObject({ pool: [], jobs: 0 });
  });

  it('no built worker (the sources under a test runner): everything in the main thread', () => {
    const plan = planOf(tasks([10, HEAVY_BYTES + 1]), 4, false);
    expect([indexes(plan.main), plan.pool.length, plan.last.length]).toEqual([[0, 1], 0, 0]);
  });
});
