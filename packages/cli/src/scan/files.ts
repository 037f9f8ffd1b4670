/**
 * Which files `urilint scan` reads: the paths named (all of the current
 * directory by default), directories walked recursively, in a fixed order.
 */
import { Buffer } from 'node:buffer';
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readRegularFile, serverProgramOf, sourceKindOf, sourceKindOfText } from '@urilint/discovery';

/**
 * Plain-text extensions read as prose besides the language server's
 * document kinds (code, JSON, Markdown, HTML, CSS, YAML; see `sourceKindOf`).
 */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(['txt', 'text', 'rst', 'adoc', 'asciidoc', 'org', 'textile', 'rdoc']);

/** Files without an extension that are text by name (compared without case). */
export const TEXT_NAMES: ReadonlySet<string> = new Set(['readme', 'changelog', 'changes', 'history', 'news', 'authors', 'contributors', 'license', 'licence', 'copying', 'notice']);

/** Directories never entered, whatever `.gitignore` says. */
const ALWAYS_SKIPPED: ReadonlySet<string> = new Set(['.git']);

/**
 * Whether a file found while walking a directory is read: by its extension, its name for
 * extensionless text files and programs (`Gemfile`, `Rakefile`), or, with its path, as a server's
 * configuration (`nginx.conf`, a `*.conf` under `nginx/` or `conf.d/`, `Caddyfile`, `.htaccess`,
 * `haproxy.cfg`, a systemd unit, or a copy to start from such as `nginx.conf.example`), whose variables are template holes.
 */
export function isScannedName(name: string, path?: string): boolean {
  if (path !== undefined && serverProgramOf(path) !== undefined) return true;
  const dot = name.lastIndexOf('.');
  // `.env` and `.gitmodules` (their only dot first) are read as what they are, like `.env.local`; `Dockerfile`, `Makefile` by name.
  if (dot <= 0) return TEXT_NAMES.has(name.toLowerCase()) || sourceKindOf(name) !== 'text';
  if (sourceKindOf(name) !== 'text') return true;
  return TEXT_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

/** How many bytes of an executable file without an extension are read for its `#!` line. */
const SHEBANG_BYTES = 256;

/**
 * Whether a file found while walking a directory is a script of a language urilint reads, named by
 * its `#!` line: an executable file without an extension (`bin/n`, `neofetch`, a `deploy` script)
 * whose first line is `#!/bin/sh`, `#!/usr/bin/env python3`, ruby or php. Only such a file's first
 * bytes are read here; a file that is not executable is never opened for this.
 */
export function isScript(name: string, path: string): boolean {
  if (name.includes('.') || TEXT_NAMES.has(name.toLowerCase()) || sourceKindOf(name) !== 'text') return false;
  let fd: number | undefined;
  try {
    const stats = statSync(path);
    if (!stats.isFile() || (stats.mode & 0o111) === 0) return false;
    fd = openSync(path, 'r');
    const bytes = Buffer.alloc(SHEBANG_BYTES);
    const read = readSync(fd, bytes, 0, SHEBANG_BYTES, 0);
    return sourceKindOfText('text', bytes.subarray(0, read).toString('utf8')) !== 'text';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export interface FoundFile {
  /** The path to open (absolute). */
  path: string;
  /** The path as printed: the path named on the command line, then the path inside it (as ripgrep prints them). */
  display: string;
  /** Named on the command line (not found by walking a directory). */
  explicit: boolean;
  /** Its size when it was found (0 if it could not be read then). */
  size: number;
  /** Reached through a symbolic link, or named as one: read, never written by `--fix`. */
  link: boolean;
  /** Its real path when it was found. */
  real: string;
}

export interface WalkResult {
  /** Sorted by `display`. */
  files: FoundFile[];
  /** Directories named on the command line that `.gitignore` or `--ignore` leaves out (nothing in them is read). */
  ignoredRoots: { path: string; by: '.gitignore' | '--ignore' | 'configuration' }[];
  /** Entries that could not be read while walking (a directory without permission): their display path and why. */
  errors: { display: string; message: string }[];
  /** Symbolic links met while walking and not followed (all of them, or with `followSymlinks` those leading out of the roots). */
  linksNotFollowed: number;
  /** FIFOs, sockets and devices met while walking (and not left out by an ignore): never opened. */
  notRegular: number;
}

export interface WalkOptions {
  cwd: string;
  gitignore: boolean;
  /** More patterns to leave out (`--ignore`), in `.gitignore` syntax, relative to `cwd`; they apply with or without `gitignore`. */
  ignore?: readonly string[];
  /** More to leave out: the `ignore` of the configuration that applies to a path (it and `--ignore` apply with or without `gitignore`). */
  isIgnored?: (path: string, directory: boolean) => boolean;
  /**
   * Follow the symbolic links found while walking whose targets stay inside the named roots
   * (`--follow-symlinks`). By default no link found in a tree is followed, file or directory:
   * a tree from a stranger must not make the scan read (or `--fix` write) outside it.
   */
  followSymlinks?: boolean;
}

/** A named path that cannot be scanned: the command stops with exit code 2. */
export class PathError extends Error {}

/** One `.gitignore`: its patterns apply to paths below its directory. */
interface IgnoreFile {
  base: string;
  rules: Ignore;
}

const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/**
 * The `.gitignore` of a folder: a regular file only. As git (since 2.32) does, a `.gitignore` that
 * is a symbolic link is not read, wherever it points; a FIFO in its place is not waited on.
 */
function readIgnoreFile(directory: string): IgnoreFile | undefined {
  const text = readRegularFile(join(directory, '.gitignore'), { noFollow: true });
  if (text === undefined) return undefined;
  return { base: directory, rules: ignore({ ignorecase: IGNORE_CASE }).add(text) };
}

/**
 * Whether `.gitignore` files leave `path` out: each file's patterns are read
 * relative to its directory, a deeper file's match (or `!` re-include) wins.
 */
function isIgnored(stack: readonly IgnoreFile[], path: string, directory: boolean): boolean {
  let ignored = false;
  for (const file of stack) {
    const rel = relative(file.base, path);
    if (rel === '' || rel.startsWith('..')) continue;
    let result: { ignored: boolean; unignored: boolean };
    try {
      result = file.rules.test(rel.split(sep).join('/') + (directory ? '/' : ''));
    } catch {
      continue; // A name the package does not take as a relative path (`...`): no pattern is about it.
    }
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** Whether `path` is `root` or inside it. */
function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The `.gitignore` files above `directory` that apply to it: up to the root
 * of the git repository it is in (the directory holding `.git`), as git reads
 * them. Outside a repository, those from the current directory down, so that
 * `urilint scan sub` leaves out what `urilint scan` leaves out in `sub`.
 */
function ancestorIgnoreFiles(directory: string, cwd: string): IgnoreFile[] {
  const above: string[] = [];
  let current = directory;
  let repository = false;
  for (;;) {
    if (existsSync(join(current, '.git'))) {
      repository = true;
      break;
    }
    const parent = dirname(current);
    if (parent === current) break;
    above.push(parent);
    current = parent;
  }
  return above
    .filter((dir) => repository || within(cwd, dir))
    .reverse()
    .map(readIgnoreFile)
    .filter((file): file is IgnoreFile => file !== undefined);
}

function describe(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ELOOP') return 'too many levels of symbolic links';
  return error instanceof Error ? error.message : String(error);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * Whether a path named on the command line reaches its file or folder through a symbolic link: the
 * file itself or any folder on its way below the folder it shares with the current directory (whose
 * own path is the user's). `scan --fix outlink/out.js`, with `outlink` a link in the tree, must not
 * write where the link leads.
 */
export function throughLink(path: string, cwd: string): boolean {
  let shared = cwd;
  while (!within(shared, path)) {
    const parent = dirname(shared);
    if (parent === shared) break;
    shared = parent;
  }
  const below = relative(shared, path);
  if (below === '') return false;
  let current = shared;
  for (const segment of below.split(sep)) {
    current = join(current, segment);
    try {
      if (lstatSync(current).isSymbolicLink()) return true;
    } catch {
      return false;
    }
  }
  return false;
}

function realpath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Paths compared segment by segment, so a directory's files stay together (`a/b` before `a-c`), as the walk meets them. */
export function comparePaths(a: string, b: string): number {
  const x = a.split(sep);
  const y = b.split(sep);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const order = byCodeUnits(x[i]!, y[i]!);
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

/** The display path of `name` inside a directory shown as `display` (`.` shows its entries bare, as ripgrep does). */
function child(display: string, name: string): string {
  return display === '.' ? name : display.endsWith(sep) ? display + name : display + sep + name;
}

class Walker {
  readonly files: FoundFile[] = [];
  readonly errors: WalkResult['errors'] = [];
  /** Real paths of the directories entered and the files taken: a symbolic-link loop or a second path to one file is skipped. */
  readonly #seen = new Set<string>();
  readonly #gitignore: boolean;
  readonly #extra: IgnoreFile | undefined;
  readonly #configured: ((path: string, directory: boolean) => boolean) | undefined;
  readonly #followSymlinks: boolean;
  /** The real paths of the directories named: a followed link must lead inside one of them. */
  readonly roots: string[] = [];
  linksNotFollowed = 0;
  notRegular = 0;

  constructor(gitignore: boolean, extra: IgnoreFile | undefined, followSymlinks: boolean, configured?: (path: string, directory: boolean) => boolean) {
    this.#gitignore = gitignore;
    this.#extra = extra;
    this.#configured = configured;
    this.#followSymlinks = followSymlinks;
  }

  /** Whether a real path is one of the roots or inside one. */
  inRoots(real: string): boolean {
    return this.roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep));
  }

  /** Whether the `.gitignore` files of `stack`, the `--ignore` patterns or the configuration leave `path` out. */
  ignored(stack: readonly IgnoreFile[], path: string, directory: boolean): boolean {
    return (
      (stack.length > 0 && isIgnored(stack, path, directory)) ||
      (this.#extra !== undefined && isIgnored([this.#extra], path, directory)) ||
      this.#configured?.(path, directory) === true
    );
  }

  /** Takes a file unless it was taken through another path. */
  take(path: string, display: string, real: string, explicit: boolean, size: number | undefined, link: boolean): void {
    if (this.#seen.has(real)) return;
    this.#seen.add(real);
    this.files.push({ path, display, explicit, size: size ?? sizeOf(path), link, real });
  }

  /** Walks a directory; `throughLink` when it was reached through a symbolic link (its files are never written). */
  walk(directory: string, display: string, stack: readonly IgnoreFile[], throughLink = false): void {
    const real = realpath(directory);
    if (this.#seen.has(real)) return;
    this.#seen.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch (error) {
      this.errors.push({ display, message: describe(error) });
      return;
    }
    entries.sort((a, b) => byCodeUnits(a.name, b.name));
    let rules = stack;
    if (this.#gitignore && entries.some((entry) => entry.name === '.gitignore' && !entry.isDirectory())) {
      const file = readIgnoreFile(directory);
      if (file) rules = [...stack, file];
    }
    for (const entry of entries) {
      const path = join(directory, entry.name);
      // A name that is not valid UTF-8 comes with U+FFFD in place of its bytes, and no file has that name.
      if (entry.name.includes('\uFFFD') && !existsAsNamed(path)) {
        if (!this.ignored(rules, path, entry.isDirectory())) this.errors.push({ display: child(display, entry.name), message: NOT_UTF8 });
        continue;
      }
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      let linked = false;
      let size: number | undefined;
      if (entry.isSymbolicLink()) {
        if (!this.#followSymlinks) {
          this.linksNotFollowed++;
          continue;
        }
        let stats: Stats;
        try {
          stats = statSync(path);
        } catch {
          continue; // A dangling link or a loop of links: nothing to read.
        }
        // Only inside the roots: a link to ../outside or /etc is never followed.
        if (!this.inRoots(realpath(path))) {
          this.linksNotFollowed++;
          continue;
        }
        isDirectory = stats.isDirectory();
        isFile = stats.isFile();
        size = stats.size;
        linked = true;
      }
      if (isDirectory && ALWAYS_SKIPPED.has(entry.name)) continue;
      if (!isDirectory && !isFile) {
        // A FIFO would block the read, a device never end: counted, never opened.
        if (!this.ignored(rules, path, false)) this.notRegular++;
        continue;
      }
      if (isFile && !isScannedName(entry.name, path) && !isScript(entry.name, path)) continue;
      if (this.ignored(rules, path, isDirectory)) continue;
      const shown = child(display, entry.name);
      if (isDirectory) this.walk(path, shown, rules, throughLink || linked);
      else this.take(path, shown, linked ? realpath(path) : join(real, entry.name), false, size, throughLink || linked);
    }
  }
}

/** Why a file or folder whose name is not valid UTF-8 is not read. */
export const NOT_UTF8 = 'its name is not valid UTF-8, which urilint cannot open by name; rename it to scan it';

/** Whether `path` names an entry (a link counts, whatever it points to). */
function existsAsNamed(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The files to scan under the named paths, sorted by the path printed.
 * A named file is always read (whatever its name, `.gitignore` or `--ignore`);
 * a named directory is walked, and left out whole when they leave it out.
 * Throws `PathError` for a named path that does not exist or cannot be read.
 */
export function findFiles(paths: readonly string[], options: WalkOptions): WalkResult {
  const patterns = options.ignore ?? [];
  const extra = patterns.length > 0 ? { base: options.cwd, rules: ignore({ ignorecase: IGNORE_CASE }).add([...patterns]) } : undefined;
  const walker = new Walker(options.gitignore, extra, options.followSymlinks === true, options.isIgnored);
  for (const given of paths) {
    const path = resolve(options.cwd, given);
    try {
      if (statSync(path).isDirectory()) walker.roots.push(realpath(path));
    } catch {
      // Reported below, in order.
    }
  }
  const ignoredRoots: WalkResult['ignoredRoots'] = [];
  for (const given of paths) {
    const path = resolve(options.cwd, given);
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      throw new PathError(code === 'ENOENT' || code === 'ENOTDIR' ? `The path '${given}' does not exist.` : `The path '${given}' cannot be read: ${describe(error)}.`);
    }
    if (stats.isFile()) {
      // A file named on the command line is read even through a link; `--fix` never writes through one.
      walker.take(path, given, realpath(path), true, stats.size, throughLink(path, options.cwd));
      continue;
    }
    if (!stats.isDirectory()) throw new PathError(`The path '${given}' is neither a file nor a directory.`);
    try {
      readdirSync(path);
    } catch (error) {
      throw new PathError(`The directory '${given}' cannot be read: ${describe(error)}.`);
    }
    const stack = options.gitignore ? ancestorIgnoreFiles(path, options.cwd) : [];
    if (walker.ignored(stack, path, true)) {
      const by = stack.length > 0 && isIgnored(stack, path, true) ? '.gitignore' : extra !== undefined && isIgnored([extra], path, true) ? '--ignore' : 'configuration';
      ignoredRoots.push({ path: given, by });
      continue;
    }
    const display = given === '.' || given === `.${sep}` ? '.' : given;
    walker.walk(path, display, stack, throughLink(path, options.cwd));
  }
  const files = walker.files.sort((a, b) => comparePaths(a.display, b.display));
  return { files, ignoredRoots, errors: walker.errors, linksNotFollowed: walker.linksNotFollowed, notRegular: walker.notRegular };
}
