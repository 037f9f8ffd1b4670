/**
 * The project's own files as the editor reads them: the configuration (`urilint.config.jsonc`,
 * `urilint.config.json` or `package.json`'s `"urilint"` key, found and validated by
 * `@urilint/discovery`) and the baseline `urilint-suppressions.json`. The settings of a document
 * are the defaults, then the editor's, then the configuration's for the keys it names: the
 * project file wins over personal settings for what it says, and the settings only an editor
 * has (`enable`, `languages`, `debounce`, `suppressed`) stay the editor's.
 *
 * Files are read through discovery's `ConfigFileSystem` from disk, never from the editor's
 * buffers: an unsaved edit of a configuration is not the configuration until it is saved.
 */
import {
  directoryOf,
  formatConfigProblem,
  parseSuppressions,
  PROJECT_SETTING_KEYS,
  ProjectConfigs,
  relativeToConfig,
  resolveSettings,
  searchedFolders,
  SOURCE_KINDS,
  SUPPRESSIONS_FILE,
  CONFIG_FILE_NAMES,
  type CodeCounts,
  type ConfigFileSystem,
  type ConfigProblem,
  type ProjectConfig,
  type ProjectSettings,
  type SourceKind,
} from '@urilint/discovery';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { filePath } from './ignore.js';
import type { Settings } from './settings.js';

/** What the project's files give one document besides its settings. */
export interface DocumentProject {
  /** The configuration file whose settings apply. */
  configFile?: string;
  /** The folder the `ignore` patterns are relative to, when the configuration sets them (else they are the editor's, relative to the workspace folders). */
  ignoreBase?: string;
  /** The kinds of file the configuration checks (the editor's `languages` still apply). */
  kinds?: SourceKind[];
  /** The suppressions file that covers the document, and its counts for it per code. */
  suppressions?: { file: string; counts: CodeCounts };
}

/** A document's settings: the editor's with the project's over them, and what else the project says of it. */
export interface DocumentSettings extends Settings {
  project?: DocumentProject;
}

/**
 * The settings of a document at `path`: the editor's, then the configuration's (its top level,
 * then each override that matches the path) for the keys it names. `rules` merge per rule, as
 * overrides do: a rule the file names takes the file's setting, the other rules keep the editor's.
 */
export function mergeSettings(editor: Settings, config: ProjectConfig | undefined, path: string, suppressions?: DocumentProject['suppressions']): DocumentSettings {
  const project: DocumentProject = {};
  if (suppressions !== undefined) project.suppressions = suppressions;
  if (config === undefined) return suppressions === undefined ? editor : { ...editor, project };
  const base = { kinds: [...SOURCE_KINDS] } as Record<string, unknown>;
  for (const key of PROJECT_SETTING_KEYS) if (key !== 'kinds') base[key] = editor[key];
  const resolved = resolveSettings(config, path, base as unknown as ProjectSettings);
  const merged: DocumentSettings = { ...editor, project };
  for (const key of PROJECT_SETTING_KEYS) if (key !== 'kinds') (merged as unknown as Record<string, unknown>)[key] = resolved[key];
  project.configFile = config.file;
  project.kinds = resolved.kinds;
  if (Object.hasOwn(config.settings, 'ignore')) project.ignoreBase = config.directory;
  return merged;
}

/** Whether a path names a file that can change a document's settings: a configuration, a `package.json`, the suppressions file. */
export function isProjectFile(path: string): boolean {
  const name = path.slice(path.replace(/\\/g, '/').lastIndexOf('/') + 1);
  return (CONFIG_FILE_NAMES as readonly string[]).includes(name) || name === 'package.json' || name === SUPPRESSIONS_FILE;
}

/** The diagnostic code of a problem of the configuration file, and of the suppressions file. */
export const CONFIG_INVALID = 'config-invalid';
export const SUPPRESSIONS_INVALID = 'suppressions-invalid';

/** The `file:` URI of a path. */
export function fileUri(path: string): string {
  const normal = path.replace(/\\/g, '/');
  const encoded = `${normal.startsWith('/') ? '' : '/'}${normal.split('/').map(encodeURIComponent).join('/')}`;
  // A drive letter keeps its colon (`file:///C:/repo`).
  return `file://${encoded.replace(/^\/([A-Za-z])%3A(?=\/|$)/, '/$1:')}`;
}

/** A problem of a project file as a diagnostic at its place: source `urilint`, the key and what is expected in the message. */
export function problemDiagnostic(problem: ConfigProblem, text: string | undefined, code: string = CONFIG_INVALID): Diagnostic {
  const start = { line: problem.line - 1, character: problem.column - 1 };
  let end = start;
  if (text !== undefined && problem.endOffset > problem.offset) {
    const document = TextDocument.create('file:///x', 'jsonc', 0, text);
    const at = document.positionAt(problem.endOffset);
    if (at.line > start.line || (at.line === start.line && at.character >= start.character)) end = at;
  }
  const key = problem.key === '' ? '' : `${problem.key}: `;
  const expected = problem.expected === undefined ? '' : ` (expected ${problem.expected})`;
  return { range: { start, end }, severity: DiagnosticSeverity.Error, source: 'urilint', code, message: `${key}${problem.message}${expected}` };
}

interface SuppressionsFound {
  file: string;
  directory: string;
  counts: Record<string, CodeCounts>;
}

export interface ProjectFilesOptions {
  /** Told each distinct set of problems of a project file once (not on every re-check): for the server's log. */
  log?: (message: string) => void;
}

/**
 * The configurations and suppressions of the documents a server has open, each folder searched
 * and each file read once until `forget()` (a project file changed on disk). A configuration
 * with problems is never a silent default: its problems are kept for diagnostics on the file
 * and told to the log once, and its documents keep the last configuration read from that folder
 * that held (none if none did: then the editor's settings).
 */
export class ProjectFiles {
  readonly #fs: ConfigFileSystem;
  readonly #log: ((message: string) => void) | undefined;
  readonly #configs: ProjectConfigs;
  /** The last configuration that held, per folder. */
  readonly #lastGood = new Map<string, ProjectConfig>();
  /** The problems last told, per file. */
  readonly #told = new Map<string, string>();
  /** The suppressions file of each folder searched (`undefined`: none up to the repository's root). */
  readonly #suppressions = new Map<string, SuppressionsFound | undefined>();
  /** The problems of the suppressions files read since the last `forget()`. */
  readonly #suppressionProblems = new Map<string, ConfigProblem>();

  constructor(fs: ConfigFileSystem, options: ProjectFilesOptions = {}) {
    this.#fs = fs;
    this.#log = options.log;
    this.#configs = new ProjectConfigs(fs);
  }

  /** The settings of a document: for a `file:` URI, the editor's with its project's files over them; for any other, the editor's. */
  settingsFor(uri: string, editor: Settings): DocumentSettings {
    const path = filePath(uri);
    if (path === undefined) return editor;
    return mergeSettings(editor, this.configFor(path), path, this.suppressionsFor(path));
  }

  /** The configuration that applies to a file: the nearest, or when it has problems the last that held in its folder. */
  configFor(path: string): ProjectConfig | undefined {
    const result = this.#configs.forFile(path);
    if (result === undefined) return undefined;
    if (result.config !== undefined) {
      this.#lastGood.set(result.config.directory, result.config);
      this.#settled(result.config.file);
      return result.config;
    }
    this.#tell(result.problems);
    return this.#lastGood.get(directoryOf(result.problems[0]!.file));
  }

  /** The suppressions file nearest to a file (its folder, up to the repository's root) and its counts for that file. */
  suppressionsFor(path: string): DocumentProject['suppressions'] {
    const found = this.#suppressionsIn(directoryOf(path));
    if (found === undefined) return undefined;
    const relative = relativeToConfig(found, path);
    const counts = relative === undefined ? undefined : found.counts[relative];
    return counts === undefined ? undefined : { file: found.file, counts };
  }

  /** Every problem of the project files read since the last `forget()`, each once. */
  problems(): { file: string; code: string; problem: ConfigProblem }[] {
    return [
      ...this.#configs.problems().map((problem) => ({ file: problem.file, code: CONFIG_INVALID, problem })),
      ...[...this.#suppressionProblems.values()].map((problem) => ({ file: problem.file, code: SUPPRESSIONS_INVALID, problem })),
    ];
  }

  /** The problems as diagnostics, per file URI. */
  diagnostics(): Map<string, Diagnostic[]> {
    const out = new Map<string, Diagnostic[]>();
    const texts = new Map<string, string | undefined>();
    for (const { file, code, problem } of this.problems()) {
      if (!texts.has(file)) texts.set(file, this.#fs.readFile(file));
      const uri = fileUri(file);
      out.set(uri, [...(out.get(uri) ?? []), problemDiagnostic(problem, texts.get(file), code)]);
    }
    return out;
  }

  /** The folders whose project files decide these files' settings: each file's folder and those above it, up to the repository's root. */
  foldersOf(paths: Iterable<string>): Set<string> {
    const out = new Set<string>();
    for (const path of paths) for (const folder of searchedFolders(directoryOf(path), this.#fs)) out.add(folder);
    return out;
  }

  /** Drops what was read (a project file changed), so the next question reads the files again. The last good configurations are kept. */
  forget(): void {
    this.#configs.forget();
    this.#suppressions.clear();
    this.#suppressionProblems.clear();
  }

  #suppressionsIn(directory: string): SuppressionsFound | undefined {
    const key = directory.replace(/\\/g, '/');
    if (this.#suppressions.has(key)) return this.#suppressions.get(key);
    const folders = searchedFolders(key, this.#fs);
    let found: SuppressionsFound | undefined;
    let answered = folders.length;
    for (let i = 0; i < folders.length; i++) {
      const folder = folders[i]!;
      if (this.#suppressions.has(folder)) {
        found = this.#suppressions.get(folder);
        answered = i;
        break;
      }
      const file = folder.endsWith('/') ? `${folder}${SUPPRESSIONS_FILE}` : `${folder}/${SUPPRESSIONS_FILE}`;
      const text = this.#fs.readFile(file);
      if (text === undefined) continue;
      const parsed = parseSuppressions(text);
      if ('counts' in parsed) {
        this.#settled(file);
        found = { file, directory: folder, counts: parsed.counts };
      } else {
        const problem: ConfigProblem = {
          file,
          line: 1,
          column: 1,
          offset: 0,
          endOffset: 0,
          key: '',
          message: parsed.error.kind === 'json' ? `invalid JSON: ${parsed.error.message.replace(/\.$/, '')}` : `the file is ${parsed.error.message}`,
          expected: 'what urilint scan --suppress-all writes',
        };
        this.#suppressionProblems.set(file, problem);
        this.#tell([problem]);
      }
      // A suppressions file that does not read stops the search too: the one above is not this folder's baseline.
      answered = i + 1;
      break;
    }
    for (let i = 0; i < answered; i++) this.#suppressions.set(folders[i]!, found);
    return found;
  }

  /** Tells the problems of each file, unless they are the ones last told for it. */
  #tell(problems: readonly ConfigProblem[]): void {
    const byFile = new Map<string, ConfigProblem[]>();
    for (const problem of problems) byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem]);
    for (const [file, list] of byFile) {
      const text = list.map((problem) => formatConfigProblem(problem)).join('\n');
      if (this.#told.get(file) === text) continue;
      this.#told.set(file, text);
      const count = list.length === 1 ? 'a problem' : `${list.length} problems`;
      const fallback = file.endsWith(SUPPRESSIONS_FILE) ? 'no finding is shown as suppressed until it is fixed' : 'its documents keep the last settings it held, or the editor\'s';
      this.#log?.(`${file} has ${count} (${fallback}):\n${text}`);
    }
  }

  /** A file read without problems: the next problems it has are told again. */
  #settled(file: string): void {
    this.#told.delete(file);
  }
}
