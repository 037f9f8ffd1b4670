/**
 * The project settings, defined once: their type, default, JSON schema and description. The
 * configuration file (`urilint.config.jsonc`) is validated against them, its JSON Schema file and
 * docs table are generated from them, and the language server's editor settings take theirs from
 * them. Adding a setting is one entry in `ProjectSettings` and one in `PROJECT_SETTINGS`.
 */
import { RULE_CHECKS, RULE_NAMES, type RuleName } from '../rules/index.js';
import { TEMPLATE_SYNTAX_DESCRIPTIONS, TEMPLATE_SYNTAXES, type TemplateSetting } from '../templates.js';
import type { SourceKind } from '../document.js';
import { DEFAULT_TEST_FILES } from '../test-files.js';
import { defaultOnlineLinkSettings, type OnlineLinkSettings } from '../links/external.js';

/** The subset of JSON Schema the settings are written in, with two keys of ours (left out of the generated file). */
export interface SettingSchema {
  type?: 'string' | 'boolean' | 'number' | 'array' | 'object';
  enum?: readonly string[];
  items?: SettingSchema;
  uniqueItems?: boolean;
  /** A regular expression each string matches (from our own schemas only, never from a file). */
  pattern?: string;
  minItems?: number;
  minimum?: number;
  anyOf?: readonly SettingSchema[];
  properties?: Readonly<Record<string, SettingSchema>>;
  additionalProperties?: boolean | SettingSchema;
  required?: readonly string[];
  description?: string;
  default?: unknown;
  markdownDescription?: string;
  /** Ours: each string is a glob, checked as one (`src/**`, `*.md`). */
  glob?: boolean;
  /** Ours: each string is a regular expression, checked as the linear-time engine compiles it. */
  regex?: boolean;
  /** Ours: what a key or value of this schema names, for messages (`rule`, `preset`). */
  noun?: string;
}

/** A rule's severity: `off`, or how its findings are reported (`urilint scan` reports `information` and `hint` as warnings). */
export type RuleSeverity = 'off' | 'error' | 'warning' | 'information' | 'hint';

/** A rule's setting: its severity, or its severity and its options (the ESLint rule's options). */
export type RuleSetting = RuleSeverity | { severity?: RuleSeverity; options?: Record<string, unknown> };

export type Preset = 'recommended' | 'strict' | 'all' | 'none';

export const PRESETS: readonly Preset[] = ['recommended', 'strict', 'all', 'none'];

export const RULE_SEVERITIES: readonly RuleSeverity[] = ['off', 'error', 'warning', 'information', 'hint'];

/** Every kind of file a reader exists for, as `kinds` names them. */
export const SOURCE_KINDS: readonly SourceKind[] = ['js', 'json', 'markdown', 'html', 'css', 'yaml', 'text', 'vue', 'svelte', 'astro', 'angular', 'python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell', 'dotenv', 'toml', 'ini', 'properties', 'dockerfile', 'makefile'];

/** The settings of a project: what the configuration file holds, and what resolving it gives for one file. */
export interface ProjectSettings {
  /** The rules on before `rules` adjusts them: the ESLint plugin's configs of the same names. */
  preset: Preset;
  /** Per rule (the ESLint rule names without `urilint/`): its severity, or `{ severity, options }`. */
  rules: Partial<Record<RuleName, RuleSetting>>;
  /** Patterns of files and folders not to check. */
  ignore: string[];
  /** The base URI relative references are resolved against in hovers and links, when the document names none. */
  baseUri: string;
  /** More URL sinks for JS/TS: `name.path` or `module:name.path`. */
  sinks: string[];
  /** JSX components whose URL attributes hold URLs (`Link`, `Image`). */
  linkComponents: string[];
  /** Check the URIs in comments of code files. */
  comments: boolean;
  /** Template syntax read as holes: all (`true`), none (`false`) or the syntaxes named. */
  templates: TemplateSetting;
  /** The kinds of file checked. */
  kinds: SourceKind[];
  /** Patterns of test files: their fixes are suggestions, never applied by `--fix`, unless `fixTestFiles`. */
  testFiles: string[];
  /** Apply fixes in test files too. */
  fixTestFiles: boolean;
  /** The online check of external links (`urilint scan --online`, the editor's "Check links in this file"). */
  onlineLinks: OnlineLinkSettings;
}

export interface SettingDefinition<T> {
  default: T;
  /** The value's schema; `default` and `description` are added from this definition. */
  schema: SettingSchema;
  description: string;
  /** Whether an entry of `overrides` may set it (default true). */
  inOverrides?: boolean;
  /** How an override's value combines with the value before it (default: it replaces it). */
  merge?: (before: T, after: T) => T;
}

type Definitions = { readonly [K in keyof ProjectSettings]: SettingDefinition<ProjectSettings[K]> };

const severity: SettingSchema = { type: 'string', enum: RULE_SEVERITIES, noun: 'severity' };

/** Each rule's entry merged over the one before: a severity alone keeps the options, options alone keep the severity. */
function mergeRules(before: ProjectSettings['rules'], after: ProjectSettings['rules']): ProjectSettings['rules'] {
  const out: ProjectSettings['rules'] = { ...before };
  const asObject = (setting: RuleSetting): Exclude<RuleSetting, string> => (typeof setting === 'string' ? { severity: setting } : setting);
  for (const [name, setting] of Object.entries(after) as [RuleName, RuleSetting][]) {
    const previous = out[name];
    const merged = previous === undefined ? setting : { ...asObject(previous), ...asObject(setting) };
    out[name] = typeof merged === 'object' && Object.keys(merged).length === 1 && merged.severity !== undefined ? merged.severity : merged;
  }
  return out;
}

/** The schema of a rule's options, as its ESLint rule has it: a rule without options takes an empty object. */
function optionsSchemaOf(name: RuleName): SettingSchema {
  return RULE_CHECKS[name].optionsSchema ?? { type: 'object', properties: {}, additionalProperties: false };
}

export const PROJECT_SETTINGS: Definitions = {
  preset: {
    default: 'recommended',
    schema: { type: 'string', enum: PRESETS, noun: 'preset' },
    description: "The rules that are on before `rules` adjusts them: the ESLint plugin's configs of the same names (`none`: only the rules listed in `rules`).",
  },
  rules: {
    default: {},
    schema: {
      type: 'object',
      noun: 'rule',
      properties: Object.fromEntries(
        RULE_NAMES.map((name) => [
          name,
          { anyOf: [severity, { type: 'object', properties: { severity, options: optionsSchemaOf(name) }, additionalProperties: false }] },
        ]),
      ),
      additionalProperties: false,
    },
    description:
      "Per rule (the ESLint rule name without `urilint/`): its severity (`off`, `error`, `warning`, `information`, `hint`), or `{ \"severity\": …, \"options\": … }` with the ESLint rule's options.",
    merge: mergeRules,
  },
  ignore: {
    default: [],
    schema: { type: 'array', items: { type: 'string', glob: true } },
    description:
      'Patterns of files and folders not to check, relative to the folder of the configuration file (in editor settings, of the workspace folder): `dist/`, `**/*.min.js`, `test/fixtures/**`; a pattern without `/` matches a name at any depth.',
    inOverrides: false,
  },
  baseUri: {
    default: '',
    schema: { type: 'string' },
    description: 'The absolute URI that relative references are resolved against in hovers, when the document names none (`<base href>` in HTML); by default the document itself.',
  },
  sinks: {
    default: [],
    schema: { type: 'array', items: { type: 'string' } },
    description: "More URL sinks in JavaScript and TypeScript (`myFetch`, `api.get`, `my-http:request`): their first argument is a URL. The same as the ESLint plugin's `settings.urilint.sinks`.",
  },
  linkComponents: {
    default: [],
    schema: { type: 'array', items: { type: 'string' } },
    description: 'JSX components whose `href`/`src` attributes hold URLs (`Link`, `Image`). The same as `settings.urilint.linkComponents`.',
  },
  comments: {
    default: true,
    schema: { type: 'boolean' },
    description: 'Check the URIs in comments of code files (`https://…`, `mailto:…` in running text). The same as `settings.urilint.comments`.',
  },
  templates: {
    default: true,
    schema: { anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string', enum: TEMPLATE_SYNTAXES, noun: 'template syntax' }, uniqueItems: true }] },
    description: `Template syntax read as holes, never reported and never touched by a fix: \`true\` for all, \`false\` for none (a project that writes \`{{\` in its URIs), or a list of ${TEMPLATE_SYNTAXES.map((name) => `\`${name}\` (${TEMPLATE_SYNTAX_DESCRIPTIONS[name]})`).join(', ')}. The same as the ESLint plugin's \`settings.urilint.templates\`.`,
  },
  kinds: {
    default: [...SOURCE_KINDS],
    schema: { type: 'array', items: { type: 'string', enum: SOURCE_KINDS, noun: 'file kind' }, uniqueItems: true },
    description:
      'The kinds of file checked, each read by its reader: `js` (JavaScript, TypeScript, JSX), `json`, `markdown`, `html` (and template files), `css`, `yaml`, `text` (any other file), and the framework components `vue`, `svelte`, `astro` and `angular` (`*.component.html`, or HTML written with Angular syntax), the programs `python` (`.py`, `.pyi`, `.pyw`), `go` (`.go`), `rust` (`.rs`), `java` (`.java`), `kotlin` (`.kt`, `.kts`), `csharp` (`.cs`, `.csx`), `ruby` (`.rb`, `.rake`, `.gemspec`, `Gemfile`, `Rakefile`, or a `#!` line naming ruby), `php` (`.php`, `.phtml`, or a `#!` line naming php: its code, and the HTML around it as `html`) and `shell` (`.sh`, `.bash`, or a `#!` line naming sh, bash, dash, ksh or ash), and the configuration files `dotenv` (`.env`, `.env.*`, `*.env`), `toml` (`.toml`, `Pipfile`), `ini` (`.ini`, `.cfg` but `haproxy.cfg`, `.gitmodules`, `.gitconfig`), `properties` (`.properties`), `dockerfile` (`Dockerfile`, `Dockerfile.*`, `*.dockerfile`, `Containerfile`) and `makefile` (`Makefile`, `makefile`, `GNUmakefile`, `Makefile.*`, `*.mk`, `*.mak`).',
  },
  testFiles: {
    default: [...DEFAULT_TEST_FILES],
    schema: { type: 'array', items: { type: 'string', glob: true } },
    description:
      'Patterns of test files, relative to the folder of the configuration file (for the ESLint plugin, of its working directory; in the editor without a configuration file, the whole path: use patterns without `/`). Their problems are reported as in any file, but a fix there is offered as a suggestion, never applied by `--fix`, ESLint\'s `--fix` or the editor\'s fix-all: test data is written as it is on purpose (a raw URL given to the code under test to see that it encodes it). `[]` for none. The same as the ESLint plugin\'s `settings.urilint.testFiles`.',
    inOverrides: false,
  },
  fixTestFiles: {
    default: false,
    schema: { type: 'boolean' },
    description: 'Apply fixes in test files (`testFiles`) as in any other file. The same as the ESLint plugin\'s `settings.urilint.fixTestFiles`.',
  },
  onlineLinks: {
    default: defaultOnlineLinkSettings(),
    schema: {
      type: 'object',
      noun: 'key',
      properties: {
        allowHosts: { type: 'array', items: { type: 'string' }, description: 'Hosts contacted although reserved for examples, loopback or private (`docs.internal`, `*.corp.example`, `127.0.0.1`).' },
        exclude: { type: 'array', items: { type: 'string', regex: true }, description: 'Regular expressions of links never checked online.' },
        accept: { type: 'object', additionalProperties: { type: 'array', items: { type: 'number', minimum: 100 } }, description: 'Per host pattern, statuses taken as working besides 2xx.' },
        hosts: {
          type: 'object',
          additionalProperties: { type: 'object', properties: { concurrency: { type: 'number', minimum: 1 }, delayMs: { type: 'number', minimum: 0 } }, additionalProperties: false },
          description: 'Per host pattern: requests at once (`concurrency`) and milliseconds between two that start (`delayMs`).',
        },
        remap: {
          type: 'array',
          items: { type: 'object', properties: { pattern: { type: 'string', regex: true }, replacement: { type: 'string' } }, required: ['pattern', 'replacement'], additionalProperties: false },
          description: 'Rewrites before a request, in order: a regular expression and its replacement (`$1`).',
        },
        cache: { type: 'string', description: 'The cache file of verdicts, relative to the configuration\'s folder.' },
        maxAge: {
          type: 'object',
          properties: { ok: { type: 'number', minimum: 0 }, moved: { type: 'number', minimum: 0 }, broken: { type: 'number', minimum: 0 }, unknown: { type: 'number', minimum: 0 } },
          additionalProperties: false,
          description: 'Hours a verdict is trusted, by verdict.',
        },
        timeout: { type: 'number', minimum: 1, description: 'Seconds one request may take.' },
        budget: { type: 'number', minimum: 1, description: 'Seconds the whole check may take.' },
        fragments: { type: 'boolean', description: 'Check `#fragment`s against the ids of HTML pages.' },
      },
      additionalProperties: false,
    },
    description:
      'The online check of external `http`/`https` links, which runs only when asked (`urilint scan --online`, the editor\'s "Check links in this file"): `allowHosts`, `exclude`, `accept` (statuses per host), `hosts` (`concurrency`, `delayMs` per host), `remap`, `cache` (the verdicts\' file), `maxAge` (hours per verdict), `timeout` and `budget` (seconds), `fragments`. Keys left out keep their defaults.',
    inOverrides: false,
    merge: (before, after) => ({ ...before, ...after, maxAge: { ...before.maxAge, ...after.maxAge }, hosts: { ...before.hosts, ...after.hosts } }),
  },
};

export const PROJECT_SETTING_KEYS = Object.keys(PROJECT_SETTINGS) as (keyof ProjectSettings)[];

/** Every setting at its default (fresh arrays and objects: the caller may change them). */
export function defaultProjectSettings(): ProjectSettings {
  return Object.fromEntries(PROJECT_SETTING_KEYS.map((key) => [key, structuredClone(PROJECT_SETTINGS[key].default)])) as unknown as ProjectSettings;
}

/** A setting's schema with its default and description, as validation reads it (our keys kept). */
export function settingSchema(key: keyof ProjectSettings): SettingSchema {
  const definition = PROJECT_SETTINGS[key];
  return { ...definition.schema, default: definition.default, description: definition.description };
}

/** A schema as a JSON Schema (draft-07) document holds it: our own keys left out. */
export function toJsonSchema(schema: SettingSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'glob' || key === 'regex' || key === 'noun' || value === undefined) continue;
    if (key === 'items' || key === 'additionalProperties') out[key] = typeof value === 'object' ? toJsonSchema(value as SettingSchema) : value;
    else if (key === 'anyOf') out[key] = (value as SettingSchema[]).map(toJsonSchema);
    else if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, SettingSchema>).map(([name, sub]) => [name, toJsonSchema(sub)]));
    else out[key] = value;
  }
  return out;
}

/** The JSON Schema of one setting (with default and description): what editor settings declare. */
export function settingJsonSchema(key: keyof ProjectSettings): Record<string, unknown> {
  return toJsonSchema(settingSchema(key));
}

/** Where the JSON Schema of the configuration file is published (the package ships it as `schema/urilint.config.schema.json`). */
export const CONFIG_SCHEMA_URL = 'https://raw.githubusercontent.com/urilint/urilint/main/packages/discovery/schema/urilint.config.schema.json';

function configSchemaOf(inOverride: boolean): SettingSchema {
  const properties: Record<string, SettingSchema> = {};
  if (!inOverride) properties.$schema = { type: 'string', description: 'The JSON Schema of this file, for editors that complete and check it.' };
  else {
    properties.files = {
      type: 'array',
      items: { type: 'string', glob: true },
      minItems: 1,
      description: 'The files this entry applies to: patterns relative to the folder of the configuration file (`src/legacy/**`, `*.md`).',
    };
  }
  for (const key of PROJECT_SETTING_KEYS) if (!inOverride || PROJECT_SETTINGS[key].inOverrides !== false) properties[key] = settingSchema(key);
  if (!inOverride) {
    properties.overrides = {
      type: 'array',
      items: configSchemaOf(true),
      description: 'Settings for some files: each entry whose `files` match a file applies over the settings above, in order (a later entry wins).',
    };
  }
  return { type: 'object', properties, additionalProperties: false, ...(inOverride ? { required: ['files'] } : {}), noun: 'key' };
}

/** The schema of the whole configuration (our keys kept): what validation walks. */
export const CONFIG_SCHEMA: SettingSchema = /* @__PURE__ */ configSchemaOf(false);

/** The JSON Schema (draft-07) of the configuration file: `schema/urilint.config.schema.json` is this, generated. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: CONFIG_SCHEMA_URL,
    title: 'urilint configuration',
    description: 'urilint.config.jsonc, urilint.config.json or the "urilint" key of package.json.',
    ...toJsonSchema(CONFIG_SCHEMA),
  };
}
