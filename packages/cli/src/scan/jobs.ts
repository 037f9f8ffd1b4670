/**
 * How many threads `urilint scan` checks its files on when `--jobs` is not given: a pure function
 * of the work (files and bytes of each kind) and of the machine (cores, load), so that workers are
 * started only where they are expected to finish sooner than the main thread alone.
 */
import type { SourceKind } from '@urilint/discovery';

/** The files of one kind, and their bytes. */
export interface KindWork {
  files: number;
  bytes: number;
}

/** What a scan is to read. */
export interface ScanWork {
  /** Files and bytes by reader kind (`sourceKindOf`). */
  kinds: Partial<Record<SourceKind, KindWork>>;
  /** Bytes of the Markdown and HTML files checked with `no-broken-links` on (their links are resolved against an index each thread builds). */
  linkBytes: number;
}

/** What the machine has free. */
export interface Machine {
  /** `os.availableParallelism()`. */
  cores: number;
  /**
   * The cores other work keeps busy: measured over the scan's start (`othersLoad`), or, where that
   * interval was too short to tell, the one-minute load average (`os.loadavg()[0]`; 0 where the
   * platform has none).
   */
  load: number;
}

/** The machine's and this process's CPU time at one moment (`cpuSample` in the command). */
export interface CpuSample {
  /** Milliseconds since some fixed moment (`performance.now()`). */
  wallMs: number;
  /** This process's CPU time, all its threads (`process.cpuUsage()`), in milliseconds. */
  ownMs: number;
  /** The machine's busy and idle time, summed over its CPUs (`os.cpus()`), in milliseconds. */
  busyMs: number;
  idleMs: number;
}

/**
 * The shortest interval that `othersLoad` reads: the kernel counts CPU time in ticks of 10 ms, so
 * that over 100 ms on two cores a count is off by a tenth of a core at most.
 */
export const MIN_SAMPLE_MS = 100;

/**
 * How many of `cores` other work kept busy between two samples: the machine's busy time less this
 * process's own, as a share of all the CPU time that passed. The one-minute load average lags by a
 * minute: it still counts the run that just ended (a scan run twice in a row saw its own first run
 * as other work and kept to one thread on two idle cores). Undefined when the samples are less than
 * `MIN_SAMPLE_MS` apart or count no time.
 */
export function othersLoad(before: CpuSample, after: CpuSample, cores: number): number | undefined {
  if (after.wallMs - before.wallMs < MIN_SAMPLE_MS) return undefined;
  const busy = after.busyMs - before.busyMs;
  const total = busy + (after.idleMs - before.idleMs);
  if (!(total > 0)) return undefined;
  const others = Math.max(0, busy - (after.ownMs - before.ownMs));
  return Math.min(cores, (cores * others) / total);
}

export interface JobsChoice {
  jobs: number;
  /** The main thread's estimated time alone, and with `jobs` threads, in milliseconds (for `--stats`). */
  alone: number;
  estimate: number;
}

/**
 * The time `--jobs 1` takes to read and check one byte, in nanoseconds, by kind: wall-clock time on
 * an idle machine less that of an empty run, on samples of the workspace's node_modules (bench/
 * README.md, issue 16; 2026-11-25, Node 20, two cores): Markdown 5.67 MB in 5.8 s with
 * `no-broken-links` on, JavaScript 8.1 MB in 1.45 s. Wall-clock, not CPU time: the main thread alone
 * already keeps about one and a half cores busy (V8 collects on helper threads), which workers
 * cannot use twice. The JSON, YAML and CSS figures are older CPU-time ones on small samples (0.3 and
 * 0.08 MB for YAML and CSS, mostly loading the parser); HTML and the components were not measured
 * and count as Markdown and as the default.
 */
export const NS_PER_BYTE: Readonly<Partial<Record<SourceKind, number>>> = {
  markdown: 1000,
  html: 1000,
  js: 170,
  json: 300,
  yaml: 1600,
  css: 1600,
  text: 50,
};
const DEFAULT_NS_PER_BYTE = 600;

/** What a worker costs before its first result: starting the thread and loading discovery (measured on JavaScript). */
export const WORKER_START_MS = 200;

/**
 * What a worker spends more, once, on the reader of a kind it meets: loading it and running it cold
 * until it is compiled. Markdown's reader (micromark and mdast) is the costly one: two workers on a
 * 3 MB Markdown tree used 3.0–3.6 s more CPU than the main thread alone, with the link rule on or
 * off. Kinds not listed: nothing beyond `WORKER_START_MS` was measured.
 */
export const READER_START_MS: Readonly<Partial<Record<SourceKind, number>>> = { markdown: 1500 };

/**
 * What each worker beyond the first spends again on the link index, per byte of the documents checked
 * with `no-broken-links` on, at most (every worker repeating all of it): every thread lists the
 * folders and reads the headings of the documents its files link to. Fitted so that the estimate is
 * not below what was measured: two workers on 5.67 MB of Markdown took 6.7 s against 5.8 s for the
 * main thread alone (and 2.6 s against 2.4 s on 1.6 MB), using 12.3 s of CPU against 8.4 s.
 */
export const LINK_INDEX_NS_PER_BYTE = 740;

/**
 * Workers must be estimated to take at most this share of the main thread's time alone: the margin
 * for what the estimate leaves out (the main thread's own collector threads, which workers compete
 * with). Two workers on 8.1 MB of JavaScript took 0.92× the main thread's time alone, where the
 * estimate says 0.64×.
 */
export const WORTH_IT = 0.7;

/** The main thread's estimated time for `work`, in milliseconds. */
export function aloneMs(work: ScanWork): number {
  let ns = 0;
  for (const [kind, { bytes }] of Object.entries(work.kinds) as [SourceKind, KindWork][]) ns += bytes * (NS_PER_BYTE[kind] ?? DEFAULT_NS_PER_BYTE);
  return ns / 1e6;
}

/** What each worker spends before it is up to speed on `work`: its start and the readers of the kinds it meets. */
export function startMs(work: ScanWork): number {
  let ms = WORKER_START_MS;
  for (const kind of Object.keys(work.kinds) as SourceKind[]) ms += READER_START_MS[kind] ?? 0;
  return ms;
}

/** The estimated time of `jobs` workers on `work`: their start (side by side), an even share each, and the link index that each repeats. */
export function workersMs(work: ScanWork, jobs: number): number {
  return startMs(work) + aloneMs(work) / jobs + ((work.linkBytes * LINK_INDEX_NS_PER_BYTE) / 1e6) * (1 - 1 / jobs);
}

/** Cores no other work is using: the cores less the load, rounded, at least one. */
export function freeCores(machine: Machine): number {
  return Math.max(1, Math.min(machine.cores, Math.round(machine.cores - Math.max(0, machine.load))));
}

/**
 * The default number of jobs: 1 (the main thread) unless some number of workers, at most the free
 * cores, is estimated to take no more than `WORTH_IT` of the main thread's time alone; then the
 * number estimated fastest.
 */
export function chooseJobs(work: ScanWork, machine: Machine): JobsChoice {
  const alone = aloneMs(work);
  const files = Object.values(work.kinds).reduce((sum, kind) => sum + (kind?.files ?? 0), 0);
  let best: JobsChoice = { jobs: 1, alone, estimate: alone };
  for (let jobs = 2; jobs <= Math.min(freeCores(machine), files); jobs++) {
    const estimate = workersMs(work, jobs);
    if (estimate <= alone * WORTH_IT && estimate < best.estimate) best = { jobs, alone, estimate };
  }
  return best;
}

/** The work of a list of files: each counted under its kind, and under `linkBytes` when the link rule reads it. */
export function workOf(files: readonly { kind: SourceKind; bytes: number; links: boolean }[]): ScanWork {
  const work: ScanWork = { kinds: {}, linkBytes: 0 };
  for (const file of files) {
    const kind = (work.kinds[file.kind] ??= { files: 0, bytes: 0 });
    kind.files++;
    kind.bytes += file.bytes;
    if (file.links && (file.kind === 'markdown' || file.kind === 'html')) work.linkBytes += file.bytes;
  }
  return work;
}
