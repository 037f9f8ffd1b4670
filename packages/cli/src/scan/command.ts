import { availableParallelism, cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WriteStream } from 'node:tty';
import { dirname, relative, resolve } from 'node:path';
import { flag, text, texts, UsageError, type ParsedArgs } from '../args.js';
import { printablePath } from '../display.js';
import { styleOf } from '../check.js';
import { isTty, write, writeLines, type Io } from '../io.js';
import { version } from '../main.js';
import type { CheckSettings, FileResult, FileSettings, FileTask, Severity, SkipReason } from './file-check.js';
import { Baseline, checkSuppressionsPath, DEFAULT_SUPPRESSIONS_FILE, readSuppressions, writeSuppressions } from './suppressions.js';
import { githubAnnotation, gitlabIssues, inShard, repositoryPath, type GitlabIssue } from './ci-formats.js';
import { findFiles, PathError, type FoundFile } from './files.js';
import { checkFiles } from './pool.js';
import { chooseJobs, MIN_SAMPLE_MS, othersLoad, workOf, type CpuSample, type ScanWork } from './jobs.js';
import { externalVerdicts, type ExternalMode } from './online.js';
import { Progress } from './progress.js';
import {
  emptyTally,
  formatBytes,
  formatProblems,
  FORMATS,
  jsonProblem,
  sarifLog,
  statsLines,
  summaryLine,
  type FileProblems,
  type Format,
  type JsonProblem,
  type Tally,
} from './report.js';
import { activeRules, PRESETS, ruleFlags, type Preset, type RuleFlag } from './rules.js';
import {
  DEFAULT_MAX_FILE_SIZE,
  formatCount,
  loadNative,
  MAX_URIS_PER_DOCUMENT,
  RULE_CHECKS,
  formatConfigProblem,
  isIgnoredByConfig,
  isTestFile,
  namedConfigFileSystem,
  nodeConfigFileSystem,
  ProjectConfigs,
  resolveSettings,
  sourceKindOf,
  TEMPLATE_SYNTAXES,
  type ProjectSettings,
  type RuleName,
  type TemplateSetting,
  type TemplateSyntax,
} from '@urilint/discovery';

const SIZE = /^(\d+(?:\.\d+)?)\s*(?:([kmg])(?:i?b)?|b)?$/i;

/** `10M`, `512k`, `1.5G`, `100`: a size in bytes. */
export function parseSize(value: string): number | undefined {
  const match = SIZE.exec(value.trim());
  if (!match) return undefined;
  const power = { k: 1, m: 2, g: 3 }[(match[2] ?? '').toLowerCase()] ?? 0;
  return Math.floor(Number(match[1]) * 1024 ** power);
}

function oneOf<T extends string>(parsed: ParsedArgs, name: string, choices: readonly T[], fallback: T): T {
  const value = text(parsed, name);
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`The option '--${name}' takes one of ${choices.join(', ')}, not '${value}'.`, 'scan');
  return value as T;
}

function jobsOf(parsed: ParsedArgs): number | undefined {
  const value = text(parsed, 'jobs');
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`The option '--jobs' takes a whole number of at least 1, not '${value}'.`, 'scan');
  return Number(value);
}

/**
 * The largest file scan reads, whatever `--max-file-size` says: a file's text is one string, and
 * V8 holds no string longer than this (`buffer.constants.MAX_STRING_LENGTH`, 2^29 - 24 UTF-16
 * units on 64-bit Node 20 and 24; a byte of UTF-8 is at most one unit). A larger file was read
 * whole and then failed as an internal error.
 */
export const MAX_TEXT_BYTES = 500 * 1024 * 1024;

function maxFileSizeOf(parsed: ParsedArgs): number {
  const value = text(parsed, 'max-file-size');
  if (value === undefined) return DEFAULT_MAX_FILE_SIZE;
  const size = parseSize(value);
  if (size === undefined) throw new UsageError(`The option '--max-file-size' takes a size such as 10M, 512K or 100000, not '${value}'.`, 'scan');
  return Math.min(size, MAX_TEXT_BYTES);
}

/** `--templates LIST` / `--no-templates`: the template syntaxes read as holes (`undefined`: neither was given). */
function templatesOf(parsed: ParsedArgs): TemplateSetting | undefined {
  const list = text(parsed, 'templates');
  if (flag(parsed, 'no-templates')) {
    if (list !== undefined) throw new UsageError("The options '--templates' and '--no-templates' cannot be given together.", 'scan');
    return false;
  }
  if (list === undefined) return undefined;
  const names = list.split(',').map((name) => name.trim()).filter((name) => name.length > 0);
  const unknown = names.filter((name) => !(TEMPLATE_SYNTAXES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(`The option '--templates' takes a comma-separated list of ${TEMPLATE_SYNTAXES.join(', ')}, not '${list}'.`, 'scan');
  }
  return names as TemplateSyntax[];
}

/** `--shard i/n`: this run checks the files of shard i of n (1 ≤ i ≤ n). */
function shardOf(parsed: ParsedArgs): [number, number] | undefined {
  const value = text(parsed, 'shard');
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [index, count] = match === null ? [0, 0] : [Number(match[1]), Number(match[2])];
  if (count < 1 || index < 1 || index > count) throw new UsageError(`The option '--shard' takes i/n with 1 ≤ i ≤ n (--shard 2/4), not '${value}'.`, 'scan');
  return [index, count];
}

/** `--max-warnings N`: exit 1 when there are more warnings than N. */
function maxWarningsOf(parsed: ParsedArgs): number | undefined {
  const value = text(parsed, 'max-warnings');
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`The option '--max-warnings' takes a whole number of at least 0, not '${value}'.`, 'scan');
  return Number(value);
}

interface Options {
  suppressAll: boolean;
  pruneSuppressions: boolean;
  suppressionsFile: string;
  shard: [number, number] | undefined;
  maxWarnings: number | undefined;
  /** `--templates`/`--no-templates`, when given: over the configuration's. */
  templates: TemplateSetting | undefined;
  followSymlinks: boolean;
  format: Format;
  fix: boolean;
  /** `--preset`, when given: over the configuration's. */
  preset: Preset | undefined;
  /** `--rule`, in order: over the configuration's rules. */
  rules: RuleFlag[];
  /** `--config PATH`: that file for every file, no search. */
  config: string | undefined;
  /** `--no-config`: no configuration file is read. */
  noConfig: boolean;
  jobs: number | undefined;
  maxFileSize: number;
  gitignore: boolean;
  /** `--minified`: minified JavaScript and CSS found while walking are read too. */
  minified: boolean;
  ignore: string[];
  quiet: boolean;
  /** `--no-inline-config`: ESLint's disable comments are not honoured. */
  inlineConfig: boolean;
  progress: boolean;
  stats: boolean;
  /** `--online` / `--offline`: external links checked on the network (and the cache), or from the cache alone. */
  external: ExternalMode | undefined;
  paths: string[];
}

function optionsOf(parsed: ParsedArgs, io: Io): Options {
  const preset = text(parsed, 'preset') === undefined ? undefined : oneOf<Preset>(parsed, 'preset', PRESETS, 'recommended');
  const config = text(parsed, 'config');
  const noConfig = flag(parsed, 'no-config');
  if (config !== undefined && noConfig) throw new UsageError("The options '--config' and '--no-config' cannot be given together.", 'scan');
  const quiet = flag(parsed, 'quiet');
  if (flag(parsed, 'online') && flag(parsed, 'offline')) throw new UsageError("The options '--online' and '--offline' cannot be given together.", 'scan');
  return {
    suppressAll: flag(parsed, 'suppress-all'),
    pruneSuppressions: flag(parsed, 'prune-suppressions'),
    suppressionsFile: text(parsed, 'suppressions-location') ?? DEFAULT_SUPPRESSIONS_FILE,
    shard: shardOf(parsed),
    maxWarnings: maxWarningsOf(parsed),
    templates: templatesOf(parsed),
    followSymlinks: flag(parsed, 'follow-symlinks'),
    format: oneOf(parsed, 'format', FORMATS, 'text'),
    fix: flag(parsed, 'fix'),
    preset,
    rules: ruleFlags(texts(parsed, 'rule')),
    config,
    noConfig,
    jobs: jobsOf(parsed),
    maxFileSize: maxFileSizeOf(parsed),
    gitignore: !flag(parsed, 'no-gitignore'),
    minified: flag(parsed, 'minified'),
    ignore: texts(parsed, 'ignore'),
    quiet,
    inlineConfig: !flag(parsed, 'no-inline-config'),
    progress: !quiet && !flag(parsed, 'no-progress') && isTty(io.stderr),
    stats: flag(parsed, 'stats'),
    external: flag(parsed, 'online') ? 'online' : flag(parsed, 'offline') ? 'offline' : undefined,
    paths: parsed.positionals.length > 0 ? parsed.positionals : ['.'],
  };
}

/** Why a file named on the command line was skipped. */
function skipReason(reason: SkipReason, maxFileSize: number): string {
  if (reason === 'binary') return 'a binary file (a NUL byte in its first 8 KiB)';
  if (reason === 'minified') return 'minified (pass --minified to read it)';
  return maxFileSize >= MAX_TEXT_BYTES ? `larger than ${formatBytes(MAX_TEXT_BYTES)}, the most scan reads as text (whatever --max-file-size says)` : `larger than --max-file-size (${formatBytes(maxFileSize)})`;
}

/** The machine's and this process's CPU time now. */
function cpuSample(): CpuSample {
  let busyMs = 0;
  let idleMs = 0;
  for (const { times } of cpus()) {
    busyMs += times.user + times.nice + times.sys + times.irq;
    idleMs += times.idle;
  }
  const { user, system } = process.cpuUsage();
  return { wallMs: performance.now(), ownMs: (user + system) / 1000, busyMs, idleMs };
}

/**
 * The default jobs for `work`: the cores that other work left idle since `since` (the scan's start),
 * measured; where that was too short to tell and the choice depends on it, after waiting out the
 * rest of `MIN_SAMPLE_MS`; the one-minute load average where the platform counts no CPU time.
 */
async function defaultJobs(work: ScanWork, since: CpuSample): Promise<number> {
  const cores = availableParallelism();
  let load = othersLoad(since, cpuSample(), cores);
  if (load === undefined && chooseJobs(work, { cores, load: 0 }).jobs > 1) {
    await sleep(Math.max(0, MIN_SAMPLE_MS - (performance.now() - since.wallMs)) + 5);
    load = othersLoad(since, cpuSample(), cores);
  }
  return chooseJobs(work, { cores, load: load ?? loadavg()[0] ?? 0 }).jobs;
}

/** `urilint scan [PATH...]` once its arguments are parsed (and are not `--help`): returns the exit code. */
export async function scanCommand(parsed: ParsedArgs, io: Io): Promise<number> {
  const options = optionsOf(parsed, io);
  const style = styleOf(parsed, io);
  const started = performance.now();
  // What the machine does while the files are listed: the default jobs leave other work its cores.
  const startSample = cpuSample();
  const cwd = process.cwd();

  // The configuration of each folder, read once: --config names one for all, --no-config none.
  // A configuration named with --config is read even through a link (you named it); those found by the search are not read through a link out of their repository.
  const configs = new ProjectConfigs(
    options.config !== undefined ? namedConfigFileSystem : nodeConfigFileSystem,
    options.noConfig ? { noConfig: true } : options.config !== undefined ? { config: resolve(cwd, options.config) } : {},
  );
  if (options.config !== undefined) configs.forDirectory(cwd);
  const isIgnored = (path: string, directory: boolean): boolean => {
    const result = configs.forDirectory(dirname(path));
    return result?.config !== undefined && isIgnoredByConfig(result.config, path, directory);
  };

  let found: ReturnType<typeof findFiles>;
  try {
    found = findFiles(options.paths, { cwd, gitignore: options.gitignore, ignore: options.ignore, isIgnored, followSymlinks: options.followSymlinks });
  } catch (error) {
    if (error instanceof PathError) throw new UsageError(error.message, 'scan');
    throw error;
  }
  // Each file's settings: the defaults, its configuration (with the overrides that match it), then the flags.
  const resolved = new Map<FoundFile, ProjectSettings>();
  for (const file of found.files) resolved.set(file, resolveSettings(configs.forFile(file.path)?.config, file.path));
  const problems = configs.problems();
  if (problems.length > 0) {
    await writeLines(io.stderr, problems.map((problem) => formatConfigProblem(problem, relative(cwd, problem.file) || problem.file)));
    await write(io.stderr, `urilint: ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} in the configuration; nothing was scanned.\n`);
    return 2;
  }
  for (const root of found.ignoredRoots) {
    const hint = root.by === '.gitignore' ? '; pass --no-gitignore to scan it' : root.by === 'configuration' ? "; pass --no-config to scan it" : '';
    await write(io.stderr, `urilint: '${printablePath(root.path)}' is left out by ${root.by === 'configuration' ? "the configuration's ignore" : root.by}${hint}.\n`);
  }
  for (const error of found.errors) await write(io.stderr, `urilint: ${printablePath(error.display)}: cannot be read: ${error.message}\n`);

  // A file found in a directory is read when its configuration checks its kind and one of its rules
  // reads that kind (`no-broken-links` alone reads no code); a file named, always.
  const readsKind = (settings: ProjectSettings, kind: ReturnType<typeof sourceKindOf>): boolean =>
    activeRules(options.preset ?? settings.preset, settings.rules, options.rules).rules.some(([name]) => {
      const kinds = (RULE_CHECKS[name] as { kinds?: readonly string[] }).kinds;
      return kinds === undefined || kinds.includes(kind);
    });
  const kept = found.files.filter((file) => {
    if (file.explicit) return true;
    const settings = resolved.get(file)!;
    const kind = sourceKindOf(file.path);
    return settings.kinds.includes(kind) && readsKind(settings, kind);
  });
  const files = options.shard === undefined ? kept : kept.filter((file) => inShard(repositoryPath(file.path, cwd), options.shard![0], options.shard![1]));
  const table: FileSettings[] = [];
  const tableIndex = new Map<string, number>();
  const settingsOf = (settings: ProjectSettings, path: string): number => {
    const file: FileSettings = {
      ...activeRules(options.preset ?? settings.preset, settings.rules, options.rules),
      templates: options.templates ?? settings.templates,
      sinks: settings.sinks,
      linkComponents: settings.linkComponents,
      comments: settings.comments,
      // Test files by the patterns of the file's configuration, read from its folder (without one, from the working directory).
      testFile: isTestFile(path, settings.testFiles, configs.forFile(path)?.config?.directory ?? cwd),
      fixTestFiles: settings.fixTestFiles,
    };
    const key = JSON.stringify(file);
    let index = tableIndex.get(key);
    if (index === undefined) {
      index = table.push(file) - 1;
      tableIndex.set(key, index);
    }
    return index;
  };
  const tasks: FileTask[] = files.map((file, index) => ({
    index,
    path: file.path,
    size: Math.min(file.size, options.maxFileSize),
    writable: !file.link,
    ...(file.link ? {} : { real: file.real }),
    settings: settingsOf(resolved.get(file)!, file.path),
    ...(file.explicit ? { explicit: true } : {}),
  }));
  // Each file's settings are in the table now: the resolved copies (about 0.7 KB a file) are not kept through the run.
  resolved.clear();
  if (table.length === 0) settingsOf(resolveSettings(configs.forDirectory(cwd)?.config, resolve(cwd, 'file')), resolve(cwd, 'file'));
  if (table.every((entry) => entry.rules.length === 0)) throw new UsageError('No rule is on: give --rule NAME with --preset none.', 'scan');
  // What SARIF lists: every rule on for some file.
  const rulesOn = new Map<RuleName, Severity>();
  for (const entry of table) for (const [name, severity] of entry.rules) if (!rulesOn.has(name)) rulesOn.set(name, severity);
  const settings: CheckSettings = {
    files: table,
    maxFileSize: options.maxFileSize,
    ...(options.minified ? { minified: true } : {}),
    fix: options.fix,
    errorsOnly: options.quiet,
    ...(options.inlineConfig ? {} : { inlineConfig: false }),
  };
  // By default, workers only where they are estimated to pay off: by the bytes of each kind, the
  // link index each worker builds again, and the cores other work leaves free (jobs.ts).
  const jobs = options.jobs ?? (await defaultJobs(workOf(tasks.map((task) => ({ kind: sourceKindOf(task.path), bytes: task.size, links: table[task.settings]!.rules.some(([name]) => name === 'no-broken-links') }))), startSample));
  // Workers read JavaScript with the native parser and stay silent when it cannot load here: the
  // main thread tries it once, so that such a platform gets its one notice from this process.
  if (jobs > 1) loadNative();
  if (options.external !== undefined) {
    // One policy for the run: the configuration of the first path named (of the current directory by default).
    const first = resolve(cwd, options.paths[0] ?? '.');
    const here = (found.files.some((file) => file.path === first) ? configs.forFile(first) : configs.forDirectory(first))?.config;
    const online = resolveSettings(here, resolve(first, 'file')).onlineLinks;
    const verdicts = await externalVerdicts({ mode: options.external, settings: online, root: here?.directory ?? cwd, tasks, jobs, check: settings, env: io.env ?? process.env }, io);
    settings.external = { verdicts, policy: { allowHosts: online.allowHosts ?? [], exclude: online.exclude ?? [] } };
  }

  const tally: Tally = emptyTally();
  tally.linksNotFollowed = found.linksNotFollowed;
  tally.notRegular = found.notRegular;
  const json: JsonProblem[] = [];
  const gitlab: GitlabIssue[] = [];
  // The baseline: recorded findings are not reported (with --suppress-all, every finding is recorded).
  const suppressionsPath = resolve(cwd, options.suppressionsFile);
  // Before the scan: a baseline that cannot be written stops it before any work.
  if (options.suppressAll || options.pruneSuppressions) checkSuppressionsPath(suppressionsPath, options.suppressionsFile);
  const baseline = new Baseline(options.suppressAll ? {} : readSuppressions(suppressionsPath, options.suppressionsFile));
  const scannedPaths = new Set<string>();
  const sarif: FileProblems[] = [];
  let unreadable = false;
  let internal = false;
  const progress = options.progress ? new Progress(io.stderr, (io.stderr as WriteStream).columns ?? 80) : undefined;
  /** What the link index said, once per run. */
  const linkNotes = new Set<string>();

  /** Reports one file's result; called in the order of `files`. */
  const report = async (file: FoundFile, given: FileResult): Promise<void> => {
    let result = given;
    if (result.status === 'failed') {
      tally.failed++;
      if (result.internal) internal = true;
      else unreadable = true;
      progress?.clear();
      await write(io.stderr, `urilint: ${printablePath(file.display)}: ${result.message}\n`);
      return;
    }
    if (result.status === 'skipped') {
      tally.skipped[result.reason]++;
      progress?.clear();
      if (file.explicit) await write(io.stderr, `urilint: ${printablePath(file.display)}: skipped, ${skipReason(result.reason, options.maxFileSize)}.\n`);
      return;
    }
    tally.files++;
    // The link index says each thing once per run: a route no mapping fits now, the sites recognised with --stats.
    for (const note of result.linkNotes ?? []) {
      // Each thread words its first example; the kind of note is said once.
      const kind = note.replace(/ such as "[^"]*"(?: (?:in|from) \S+)?/, '');
      if (linkNotes.has(kind)) continue;
      linkNotes.add(kind);
      if (note.startsWith('cannot resolve')) {
        progress?.clear();
        await write(io.stderr, `urilint: ${note}.\n`);
      }
    }
    const path = repositoryPath(file.path, cwd);
    scannedPaths.add(path);
    const kept = baseline.filter(path, result.problems);
    if (!options.suppressAll) result = { ...result, problems: kept };
    else result = { ...result, problems: [] };
    tally.bytes += result.bytes;
    tally.uris += result.uris;
    tally.fixed += result.fixed;
    if (result.parseError !== undefined) tally.notParsed++;
    if (result.unchecked !== undefined) {
      tally.unchecked += result.unchecked;
      progress?.clear();
      await write(io.stderr, `urilint: ${printablePath(file.display)}: ${formatCount(result.unchecked)} URIs past the first ${formatCount(MAX_URIS_PER_DOCUMENT)} of the file were not checked.\n`);
    }
    if (result.problems.length > 0) tally.filesWithProblems++;
    for (const problem of result.problems) {
      if (problem.severity === 'error') tally.errors++;
      else tally.warnings++;
      if (problem.fixable) tally.fixable++;
    }
    if (result.notWritten !== undefined) {
      progress?.clear();
      await write(io.stderr, `urilint: ${printablePath(file.display)}: the fixes were not written: ${result.notWritten}.\n`);
    }
    if (result.problems.length === 0) return;
    if (options.format === 'json') json.push(...result.problems.map((problem) => jsonProblem(file.display, problem)));
    else if (options.format === 'gitlab') gitlab.push(...gitlabIssues(repositoryPath(file.path, cwd), result.problems));
    else if (options.format === 'github') await write(io.stdout, result.problems.map((problem) => githubAnnotation(repositoryPath(file.path, cwd), problem) + '\n').join(''));
    else if (options.format === 'sarif') sarif.push({ display: file.display, path: file.path, problems: result.problems });
    else {
      progress?.clear();
      await write(io.stdout, formatProblems(printablePath(file.display), result.problems, style).map((lines) => lines.join('\n') + '\n\n').join(''));
    }
  };

  // Results arrive in any order; they are reported in the order of the files as soon as all before them are in.
  const results: (FileResult | undefined)[] = new Array<FileResult | undefined>(files.length);
  let cursor = 0;
  let done = 0;
  let uris = 0;
  let reporting = Promise.resolve();
  const drain = async (): Promise<void> => {
    while (cursor < files.length && results[cursor] !== undefined) {
      const index = cursor++;
      const result = results[index]!;
      results[index] = undefined;
      await report(files[index]!, result);
    }
  };
  progress?.start(files.length);
  let workers: number;
  try {
    workers = await checkFiles(tasks, jobs, settings, (index, result) => {
      results[index] = result;
      done++;
      if (result.status === 'checked') uris += result.uris;
      progress?.update(done, uris);
      reporting = reporting.then(drain);
    });
    await reporting;
  } finally {
    progress?.stop();
  }

  if (options.format === 'json') {
    await write(io.stdout, json.length === 0 ? '[]\n' : `[\n${json.map((problem) => JSON.stringify(problem)).join(',\n')}\n]\n`);
  } else if (options.format === 'gitlab') {
    await write(io.stdout, JSON.stringify(gitlab, null, 2) + '\n');
  } else if (options.format === 'sarif') {
    const log = sarifLog(sarif, { cwd, version: version(), rules: [...rulesOn] });
    await write(io.stdout, JSON.stringify(log, null, 2) + '\n');
  }
  if (options.suppressAll) {
    writeSuppressions(suppressionsPath, baseline.seen, options.suppressionsFile);
    const recorded = Object.values(baseline.seen).reduce((sum, codes) => sum + Object.values(codes).reduce((n, { count }) => n + count, 0), 0);
    await write(io.stderr, `urilint: ${recorded} ${recorded === 1 ? 'finding' : 'findings'} written to ${options.suppressionsFile}; later scans report only new ones.\n`);
  } else {
    const stale = baseline.stale(scannedPaths);
    if (options.pruneSuppressions) {
      writeSuppressions(suppressionsPath, baseline.pruned(scannedPaths), options.suppressionsFile);
      if (stale.length > 0) await write(io.stderr, `urilint: ${stale.length} suppressions no longer occur and were pruned: ${stale.join('; ')}.\n`);
    } else if (stale.length > 0) {
      await write(io.stderr, `urilint: ${stale.length} suppressions in ${options.suppressionsFile} no longer occur (${stale.join('; ')}); remove them with --prune-suppressions.\n`);
    }
    if (baseline.suppressed > 0) await write(io.stderr, `urilint: ${baseline.suppressed} known ${baseline.suppressed === 1 ? 'finding' : 'findings'} suppressed by ${options.suppressionsFile}.\n`);
  }
  const summary = summaryLine(tally, options.maxFileSize, options.fix);
  if (options.format === 'text') await write(io.stdout, `${summary}\n`);
  else await write(io.stderr, `${summary}\n`);
  if (options.stats) await writeLines(io.stderr, statsLines(tally, (performance.now() - started) / 1000, workers));
  if (options.stats) await writeLines(io.stderr, [...linkNotes].filter((note) => !note.startsWith('cannot resolve')).map((note) => `links: ${note}`));
  if (internal) return 3;
  if (unreadable || found.errors.length > 0) return 2;
  if (options.maxWarnings !== undefined && tally.warnings > options.maxWarnings) {
    await write(io.stderr, `urilint: ${tally.warnings} warnings, more than --max-warnings ${options.maxWarnings}.\n`);
    return 1;
  }
  return tally.errors > 0 ? 1 : 0;
}
