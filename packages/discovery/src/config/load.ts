/**
 * Reading one configuration: `urilint.config.jsonc`, `urilint.config.json` (both JSON with
 * comments and trailing commas) or the `"urilint"` key of a `package.json`, validated against
 * the settings' schema.
 */
import type { DocumentNode, ValueNode } from '@humanwhocodes/momoa';
import { momoa } from '../parsers.js';
import { CONFIG_SCHEMA, type ProjectSettings } from './schema.js';
import { Validator, valueOf, type ConfigProblem } from './validate.js';

/** A configuration that holds: its settings as written, and its overrides. */
export interface ProjectConfig {
  /** The file it was read from. */
  file: string;
  /** The folder of that file: `ignore` and `overrides[].files` are relative to it (`/`-separated, no trailing `/` but at the root). */
  directory: string;
  /** Whether it is the `"urilint"` key of a `package.json`. */
  packageJson: boolean;
  /** The settings the file sets (the rest take their defaults). */
  settings: Partial<ProjectSettings>;
  /** The entries of `overrides`, in order. */
  overrides: ConfigOverride[];
}

export interface ConfigOverride {
  files: string[];
  settings: Partial<ProjectSettings>;
}

/** A configuration read: the configuration when it holds, else every problem found (and no configuration). */
export type ConfigResult = { config: ProjectConfig; problems: [] } | { config: undefined; problems: ConfigProblem[] };

/** The folder of a path, `/`-separated. */
export function directoryOf(path: string): string {
  const normal = path.replace(/\\/g, '/');
  const slash = normal.lastIndexOf('/');
  if (slash < 0) return '.';
  return slash === 0 ? '/' : /^[A-Za-z]:$/.test(normal.slice(0, slash)) ? normal.slice(0, slash + 1) : normal.slice(0, slash);
}

function settingsOf(value: Record<string, unknown>): Partial<ProjectSettings> {
  const out: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(value)) if (key !== '$schema' && key !== 'overrides' && key !== 'files') out[key] = setting;
  return out as Partial<ProjectSettings>;
}

/** Parses JSON with comments and trailing commas; a syntax error is a problem at its place. */
export function parseJsonc(text: string, file: string): { document: DocumentNode } | { problem: ConfigProblem } {
  try {
    return { document: momoa().parse(text, { mode: 'jsonc', ranges: true, allowTrailingCommas: true }) };
  } catch (error) {
    const at = error as { message?: string; line?: number; column?: number; offset?: number };
    const message = String(at.message ?? error).replace(/\s*\(\d+:\d+\)$/, '');
    const offset = at.offset ?? 0;
    return {
      problem: {
        file,
        line: at.line ?? 1,
        column: at.column ?? 1,
        offset,
        endOffset: Math.min(text.length, offset + 1),
        key: '',
        message: `invalid JSON: ${message.replace(/\.$/, '')}`,
        expected: 'JSON with comments and trailing commas',
      },
    };
  }
}

/**
 * A configuration from its text. With `packageJson`, the text is a `package.json` and the
 * configuration its `"urilint"` key (a `package.json` without one gives `undefined`).
 */
export function parseConfig(text: string, file: string, options: { packageJson?: boolean } = {}): ConfigResult {
  const parsed = parseJsonc(text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text, file);
  if ('problem' in parsed) return { config: undefined, problems: [parsed.problem] };
  let root: ValueNode = parsed.document.body;
  let prefix = '';
  if (options.packageJson) {
    const member = root.type === 'Object' ? root.members.find((m) => m.name.type === 'String' && m.name.value === 'urilint') : undefined;
    if (member === undefined) {
      return {
        config: undefined,
        problems: [{ file, line: 1, column: 1, offset: 0, endOffset: 0, key: 'urilint', message: 'this package.json has no "urilint" key', expected: 'a "urilint" key holding the configuration' }],
      };
    }
    root = member.value;
    prefix = 'urilint';
  }
  const validator = new Validator(file, text);
  validator.check(root, CONFIG_SCHEMA, prefix);
  if (validator.problems.length > 0) return { config: undefined, problems: validator.problems };
  const value = valueOf(root) as Record<string, unknown>;
  const overrides = (value.overrides as Record<string, unknown>[] | undefined) ?? [];
  return {
    config: {
      file,
      directory: directoryOf(file),
      packageJson: options.packageJson === true,
      settings: settingsOf(value),
      overrides: overrides.map((entry) => ({ files: entry.files as string[], settings: settingsOf(entry) })),
    },
    problems: [],
  };
}
