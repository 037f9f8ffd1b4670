/**
 * Finding the configuration of a file and resolving its settings. Files are read through a small
 * interface, so the language server can hand in unsaved buffers and tests an in-memory tree.
 */
import { compileGlob, type GlobMatcher } from './glob.js';
import { directoryOf, parseConfig, type ConfigResult, type ProjectConfig } from './load.js';
import { defaultProjectSettings, PROJECT_SETTING_KEYS, PROJECT_SETTINGS, type ProjectSettings } from './schema.js';
import type { ConfigProblem } from './validate.js';

/** How configurations are read. Paths are absolute. */
export interface ConfigFileSystem {
  /** The text of a file, or `undefined` when there is none (or it cannot be read). */
  readFile(path: string): string | undefined;
  /**
   * Whether a file or folder exists: how a repository's root (`.git`) is found. Without it, a
   * path exists when `readFile` reads it (so a `.git` folder is not seen and the search goes on
   * to the filesystem's root).
   */
  exists?(path: string): boolean;
}

/** The names of configuration files, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES = ['urilint.config.jsonc', 'urilint.config.json'] as const;

/** A configuration file found: its path and whether it is a `package.json` (its `"urilint"` key). */
export interface ConfigLocation {
  file: string;
  packageJson: boolean;
}

function join(directory: string, name: string): string {
  return directory.endsWith('/') ? directory + name : `${directory}/${name}`;
}

function exists(fs: ConfigFileSystem, path: string): boolean {
  return fs.exists ? fs.exists(path) : fs.readFile(path) !== undefined;
}

/** Whether a `package.json` text has a top-level `"urilint"` key (one that does not parse has none). */
function hasUrilintKey(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'urilint');
  } catch {
    return false;
  }
}

/**
 * The configurations of one folder (not above it): `urilint.config.jsonc`, `urilint.config.json`
 * and a `package.json` with a `"urilint"` key. More than one is an error (see `findConfig`).
 */
export function configsIn(directory: string, fs: ConfigFileSystem): ConfigLocation[] {
  const found: ConfigLocation[] = [];
  for (const name of CONFIG_FILE_NAMES) {
    const file = join(directory, name);
    if (fs.readFile(file) !== undefined) found.push({ file, packageJson: false });
  }
  const packageJson = join(directory, 'package.json');
  const text = fs.readFile(packageJson);
  if (text !== undefined && hasUrilintKey(text)) found.push({ file: packageJson, packageJson: true });
  return found;
}

/**
 * The folders searched for the configuration of a file in `directory`: it, then each folder
 * above, up to and including the repository's root (the first folder holding `.git`) or the
 * filesystem's root.
 */
export function searchedFolders(directory: string, fs: ConfigFileSystem): string[] {
  const out: string[] = [];
  let current = directory.replace(/\\/g, '/').replace(/(?<=.)\/+$/, '');
  for (;;) {
    out.push(current);
    if (exists(fs, join(current, '.git'))) break;
    const parent = directoryOf(current);
    if (parent === current || parent === '.') break;
    current = parent;
  }
  return out;
}

function oneOf(found: ConfigLocation[], fs: ConfigFileSystem): ConfigResult | undefined {
  if (found.length === 0) return undefined;
  if (found.length > 1) {
    const [first, ...rest] = found;
    const problems: ConfigProblem[] = rest.map((other) => ({
      file: other.file,
      line: 1,
      column: 1,
      offset: 0,
      endOffset: 0,
      key: other.packageJson ? 'urilint' : '',
      message: `a second configuration in the folder of ${first!.file}; urilint reads one per folder`,
      expected: 'one of urilint.config.jsonc, urilint.config.json or the "urilint" key of package.json',
    }));
    return { config: undefined, problems };
  }
  return loadConfig(found[0]!, fs);
}

/** Reads and validates one configuration file (a `package.json`: its `"urilint"` key). */
export function loadConfig(location: ConfigLocation | string, fs: ConfigFileSystem): ConfigResult {
  const { file, packageJson } = typeof location === 'string' ? { file: location, packageJson: /(^|[\\/])package\.json$/.test(location) } : location;
  const text = fs.readFile(file);
  if (text === undefined) {
    return { config: undefined, problems: [{ file, line: 1, column: 1, offset: 0, endOffset: 0, key: '', message: 'the configuration file cannot be read', expected: 'a readable file' }] };
  }
  return parseConfig(text, file, { packageJson });
}

/**
 * The configuration of the files of `directory`: the nearest folder, from `directory` upward to
 * the repository's root, that holds one. `undefined` when none does. Two in one folder are an
 * error, never a silent choice.
 */
export function findConfig(directory: string, fs: ConfigFileSystem): ConfigResult | undefined {
  for (const folder of searchedFolders(directory, fs)) {
    const result = oneOf(configsIn(folder, fs), fs);
    if (result !== undefined) return result;
  }
  return undefined;
}

/** A path relative to the configuration's folder, `/`-separated; `undefined` when outside it. */
export function relativeToConfig(config: Pick<ProjectConfig, 'directory'>, path: string): string | undefined {
  const normal = path.replace(/\\/g, '/');
  const base = config.directory.endsWith('/') ? config.directory : `${config.directory}/`;
  return normal.startsWith(base) ? normal.slice(base.length) : undefined;
}

const matchers = new Map<string, GlobMatcher | undefined>();

function matcherOf(pattern: string): GlobMatcher | undefined {
  let matcher = matchers.get(pattern);
  if (matcher === undefined && !matchers.has(pattern)) {
    const compiled = compileGlob(pattern);
    matcher = 'matcher' in compiled ? compiled.matcher : undefined;
    matchers.set(pattern, matcher);
  }
  return matcher;
}

/** Whether one of the patterns matches a path (relative to the configuration's folder) or a folder it is in. */
export function matchesAny(patterns: readonly string[], relative: string, directory = false): boolean {
  return patterns.some((pattern) => matcherOf(pattern)?.matches(relative, directory) === true);
}

/**
 * The settings of one file: the defaults, then what the configuration sets, then each entry of
 * `overrides` whose `files` match the file, in order. Without a configuration, the defaults.
 * With `base`, it stands for the defaults: the configuration replaces the keys it names and
 * keeps the others (`rules` merge per rule), as the language server puts the file over the
 * editor's settings.
 */
export function resolveSettings(config: ProjectConfig | undefined, filePath: string, base?: ProjectSettings): ProjectSettings {
  const settings = base === undefined ? defaultProjectSettings() : structuredClone(base);
  if (config === undefined) return settings;
  const apply = (layer: Partial<ProjectSettings>): void => {
    for (const key of PROJECT_SETTING_KEYS) {
      if (!Object.hasOwn(layer, key)) continue;
      const definition = PROJECT_SETTINGS[key] as { merge?: (before: unknown, after: unknown) => unknown };
      const value = structuredClone(layer[key]);
      (settings as unknown as Record<string, unknown>)[key] = definition.merge ? definition.merge(settings[key], value) : value;
    }
  };
  apply(config.settings);
  const relative = relativeToConfig(config, filePath);
  if (relative !== undefined) for (const entry of config.overrides) if (matchesAny(entry.files, relative)) apply(entry.settings);
  return settings;
}

/** Whether the configuration's `ignore` leaves a file (or, with `directory`, a folder) out. */
export function isIgnoredByConfig(config: ProjectConfig | undefined, path: string, directory = false): boolean {
  const ignore = config?.settings.ignore;
  if (config === undefined || ignore === undefined || ignore.length === 0) return false;
  const relative = relativeToConfig(config, path);
  return relative !== undefined && relative !== '' && matchesAny(ignore, relative, directory);
}

export interface ProjectConfigsOptions {
  /** Read this configuration for every file, without a search (`urilint scan --config`). */
  config?: string;
  /** Read none: every file has the defaults (`urilint scan --no-config`). */
  noConfig?: boolean;
}

/**
 * The configurations of many files, each folder searched and each file read once: what a scan
 * of a tree or a server with many documents asks. `forget()` drops what was read (a
 * configuration was saved), so the next question reads again.
 */
export class ProjectConfigs {
  readonly #fs: ConfigFileSystem;
  readonly #options: ProjectConfigsOptions;
  readonly #byFolder = new Map<string, ConfigResult | undefined>();
  #explicit: ConfigResult | undefined;

  constructor(fs: ConfigFileSystem, options: ProjectConfigsOptions = {}) {
    this.#fs = fs;
    this.#options = options;
  }

  /** The configuration of the files in a folder (`undefined`: none, the defaults apply). */
  forDirectory(directory: string): ConfigResult | undefined {
    if (this.#options.noConfig) return undefined;
    if (this.#options.config !== undefined) return (this.#explicit ??= loadConfig(this.#options.config, this.#fs));
    const key = directory.replace(/\\/g, '/');
    if (this.#byFolder.has(key)) return this.#byFolder.get(key);
    // Each folder on the way up is answered by the search, so siblings share their parents' answer.
    const folders = searchedFolders(key, this.#fs);
    let result: ConfigResult | undefined;
    let answered = folders.length;
    for (let i = 0; i < folders.length; i++) {
      if (this.#byFolder.has(folders[i]!)) {
        result = this.#byFolder.get(folders[i]!);
        answered = i;
        break;
      }
      result = oneOf(configsIn(folders[i]!, this.#fs), this.#fs);
      if (result !== undefined) {
        answered = i + 1;
        this.#byFolder.set(folders[i]!, result);
        break;
      }
    }
    for (let i = 0; i < answered; i++) this.#byFolder.set(folders[i]!, result);
    return result;
  }

  /** The configuration of a file. */
  forFile(path: string): ConfigResult | undefined {
    return this.forDirectory(directoryOf(path));
  }

  /** Every configuration read so far that has problems, each once. */
  problems(): ConfigProblem[] {
    const results = new Set([...this.#byFolder.values(), this.#explicit]);
    return [...results].flatMap((result) => result?.problems ?? []);
  }

  /** Drops what was read, so the next question reads the files again. */
  forget(): void {
    this.#byFolder.clear();
    this.#explicit = undefined;
  }
}
