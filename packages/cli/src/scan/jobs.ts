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
  /** The one-minute load average (`os.loadavg()[0]`; 0 where the platform has none). */
  load: number;
}

export interface JobsChoice {
  jobs: number;
  /** The main thread's estimated time alone, and with `jobs` threads, in milliseconds (for `--stats`). */
  alone: number;
  estimate: number;
}

/**
 * Main-thread CPU time of reading and checking one byte, in nanoseconds, by kind: the user time of
 * `--jobs 1` on samples of the workspace's node_modules less that of an empty run (bench/README.md,
 * issue 16; 2026-11-25, Node 20). Markdown's includes `no-broken-links` (about a quarter of it). The
 * YAML and CSS samples were small (0.3 and 0.08 MB), so their figures are mostly loading the parser;
 * HTML and the components were not measured and count as Markdown and JavaScript.
 */
export const NS_PER_BYTE: Readonly<Partial<Record<SourceKind, number>>> = {
  markdown: 2800,
  html: 2800,
  js: 600,
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
 * folders and reads the headings of the documents its files link to. Two workers on a 3 MB Markdown
 * tree spent 0.6 s more with the rule on than off.
 */
export const LINK_INDEX_NS_PER_BYTE = 400;

/** Workers must be estimated to take at most this share of the main thread's time alone. */
export const WORTH_IT = 0.85;

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
