import { PROJECT_SETTINGS, settingJsonSchema, type Preset, type ProjectSettings, type RuleSetting, type RuleSeverity } from '@urilint/discovery';

export type { Preset, RuleSetting, RuleSeverity };

/**
 * The `urilint` section of the client's settings, as the service reads it: the project settings
 * (defined once in `@urilint/discovery`, with the configuration file's) but `kinds`, which the
 * editor's `languages` stands for, and the settings only an editor has.
 */
export interface Settings extends Omit<ProjectSettings, 'kinds'> {
  /** Check documents at all. */
  enable: boolean;
  /** The language ids to check. */
  languages: string[];
  /** Milliseconds to wait after the last edit before checking a document again (push diagnostics). */
  debounce: number;
  /** How the findings `urilint-suppressions.json` records are shown: as hints, or not at all. */
  suppressed: SuppressedDisplay;
}

/** How suppressed findings are shown: `hint` (the lowest severity, the message says why) or `hide` (not at all). */
export type SuppressedDisplay = 'hint' | 'hide';

export const SUPPRESSED_DISPLAYS: readonly SuppressedDisplay[] = ['hint', 'hide'];

/** Every language id the service reads, and the reader it uses. */
export const LANGUAGES = {
  javascript: 'js',
  javascriptreact: 'js',
  typescript: 'js',
  typescriptreact: 'js',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  markdown: 'markdown',
  html: 'html',
  css: 'css',
  yaml: 'yaml',
  plaintext: 'text',
  // Neovim sends the filetype as the language id: `text` for plain text.
  text: 'text',
  // Template languages, read as the markup they produce, their tags as holes.
  liquid: 'html',
  nunjucks: 'html',
  handlebars: 'html',
  jinja: 'html',
  'jinja-html': 'html',
  'django-html': 'html',
  twig: 'html',
  erb: 'html',
  php: 'php',
  gohtml: 'html',
  gotmpl: 'html',
  helm: 'yaml',
  // Framework components, each read by its reader (scripts, markup and styles).
  vue: 'vue',
  svelte: 'svelte',
  astro: 'astro',
  // Programs and environment files, read on their tree-sitter grammars (environment files line by line).
  python: 'python',
  go: 'go',
  rust: 'rust',
  java: 'java',
  // The Kotlin extension's language id, and Neovim's filetype.
  kotlin: 'kotlin',
  // VS Code's language id of C#; Neovim's filetype is `cs`.
  csharp: 'csharp',
  cs: 'csharp',
  ruby: 'ruby',
  shellscript: 'shell',
  // Neovim's filetypes of shell scripts.
  sh: 'shell',
  bash: 'shell',
  dotenv: 'dotenv',
  // Configuration files: VS Code's own language ids (and Even Better TOML's), then Neovim's filetypes.
  toml: 'toml',
  ini: 'ini',
  properties: 'properties',
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  dosini: 'ini',
  jproperties: 'properties',
  make: 'makefile',
} as const;

export type LanguageId = keyof typeof LANGUAGES;

/**
 * Files read by their extension when the editor gives them only a plain-text language id
 * (`plaintext`, `text`): VS Code has no `json5` language and opens a `.json5` file as `plaintext`.
 * The VS Code extension selects these files by pattern (`**` + `/*.json5`).
 */
export const FILE_EXTENSIONS: Readonly<Record<string, LanguageId>> = { '.json5': 'json5', '.env': 'dotenv', '.toml': 'toml' };

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  enable: true,
  preset: PROJECT_SETTINGS.preset.default,
  rules: PROJECT_SETTINGS.rules.default,
  baseUri: PROJECT_SETTINGS.baseUri.default,
  ignore: PROJECT_SETTINGS.ignore.default,
  languages: Object.keys(LANGUAGES),
  sinks: PROJECT_SETTINGS.sinks.default,
  linkComponents: PROJECT_SETTINGS.linkComponents.default,
  comments: PROJECT_SETTINGS.comments.default,
  templates: PROJECT_SETTINGS.templates.default,
  testFiles: PROJECT_SETTINGS.testFiles.default,
  fixTestFiles: PROJECT_SETTINGS.fixTestFiles.default,
  onlineLinks: PROJECT_SETTINGS.onlineLinks.default,
  debounce: 200,
  suppressed: 'hint',
};

/**
 * Each setting's JSON schema, with the text users read: the VS Code
 * extension's `contributes.configuration` and the server README's table are
 * generated from it.
 */
export const SETTINGS_SCHEMA: Record<keyof Settings, Record<string, unknown>> = {
  enable: { type: 'boolean', default: DEFAULT_SETTINGS.enable, description: 'Check URIs in open documents.' },
  preset: settingJsonSchema('preset'),
  rules: settingJsonSchema('rules'),
  baseUri: settingJsonSchema('baseUri'),
  ignore: settingJsonSchema('ignore'),
  languages: {
    type: 'array',
    items: { type: 'string', enum: Object.keys(LANGUAGES) },
    default: DEFAULT_SETTINGS.languages,
    description: 'The language ids whose documents are checked.',
  },
  sinks: settingJsonSchema('sinks'),
  linkComponents: settingJsonSchema('linkComponents'),
  comments: settingJsonSchema('comments'),
  templates: settingJsonSchema('templates'),
  testFiles: settingJsonSchema('testFiles'),
  fixTestFiles: settingJsonSchema('fixTestFiles'),
  onlineLinks: settingJsonSchema('onlineLinks'),
  debounce: { type: 'number', minimum: 0, default: DEFAULT_SETTINGS.debounce, description: 'Milliseconds to wait after the last edit before checking a document again.' },
  suppressed: {
    type: 'string',
    enum: SUPPRESSED_DISPLAYS,
    default: DEFAULT_SETTINGS.suppressed,
    description:
      'How the findings recorded in `urilint-suppressions.json` (`urilint scan --suppress-all`) are shown: `hint`, at the lowest severity with "(suppressed by urilint-suppressions.json)" in the message, or `hide`, not at all.',
  },
};
