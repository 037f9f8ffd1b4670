import { RULE_NAMES, TEMPLATE_SYNTAX_DESCRIPTIONS, TEMPLATE_SYNTAXES, type RuleName, type TemplateSetting } from '@urilint/discovery';

/** A rule's severity in the editor: `off`, or the LSP severity its findings get. */
export type RuleSeverity = 'off' | 'error' | 'warning' | 'information' | 'hint';

/** A rule's setting: its severity, or its severity and its options (the ESLint rule's options). */
export type RuleSetting = RuleSeverity | { severity?: RuleSeverity; options?: Record<string, unknown> };

export type Preset = 'recommended' | 'strict' | 'all' | 'none';

/** The `urilint` section of the client's settings, as the service reads it. */
export interface Settings {
  /** Check documents at all. */
  enable: boolean;
  /** The rules on before `rules` adjusts them: the ESLint plugin's configs of the same names. */
  preset: Preset;
  /** Per rule (the ESLint rule names without `urilint/`): its severity, or `{ severity, options }`. */
  rules: Partial<Record<RuleName, RuleSetting>>;
  /** The base URI relative references are resolved against in hovers and links, when the document names none (`<base href>`). */
  baseUri: string;
  /** Glob patterns of files not to check (matched against the path and the path relative to the workspace folder). */
  ignore: string[];
  /** The language ids to check. */
  languages: string[];
  /** More URL sinks for JS/TS: `name.path` or `module:name.path`, as the ESLint plugin's `settings.urilint.sinks`. */
  sinks: string[];
  /** JSX components whose URL attributes hold URLs (`Link`, `Image`), as `settings.urilint.linkComponents`. */
  linkComponents: string[];
  /** Check the URIs in comments of code files, as the ESLint plugin's `settings.urilint.comments`. */
  comments: boolean;
  /** Template syntax read as holes (`{{ url }}`, `{% if %}`): all (`true`), none (`false`) or the syntaxes named. */
  templates: TemplateSetting;
  /** Milliseconds to wait after the last edit before checking a document again (push diagnostics). */
  debounce: number;
}

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
  php: 'html',
  gohtml: 'html',
  gotmpl: 'html',
  helm: 'yaml',
} as const;

export type LanguageId = keyof typeof LANGUAGES;

/**
 * Files read by their extension when the editor gives them only a plain-text language id
 * (`plaintext`, `text`): VS Code has no `json5` language and opens a `.json5` file as `plaintext`.
 * The VS Code extension selects these files by pattern (`**` + `/*.json5`).
 */
export const FILE_EXTENSIONS: Readonly<Record<string, LanguageId>> = { '.json5': 'json5' };

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  enable: true,
  preset: 'recommended',
  rules: {},
  baseUri: '',
  ignore: [],
  languages: Object.keys(LANGUAGES),
  sinks: [],
  linkComponents: [],
  comments: true,
  templates: true,
  debounce: 200,
};

const SEVERITIES: readonly RuleSeverity[] = ['off', 'error', 'warning', 'information', 'hint'];

/**
 * Each setting's JSON schema, with the text users read: the VS Code
 * extension's `contributes.configuration` and the server README's table are
 * generated from it.
 */
export const SETTINGS_SCHEMA: Record<keyof Settings, Record<string, unknown>> = {
  enable: { type: 'boolean', default: DEFAULT_SETTINGS.enable, description: 'Check URIs in open documents.' },
  preset: {
    type: 'string',
    enum: ['recommended', 'strict', 'all', 'none'],
    default: DEFAULT_SETTINGS.preset,
    description: 'The rules that are on before `urilint.rules` adjusts them: the ESLint plugin\'s configs of the same names (`none`: only the rules listed in `urilint.rules`).',
  },
  rules: {
    type: 'object',
    default: {},
    description: 'Per rule (the ESLint rule name without `urilint/`): its severity (`off`, `error`, `warning`, `information`, `hint`), or `{ "severity": …, "options": … }` with the ESLint rule\'s options.',
    properties: Object.fromEntries(
      RULE_NAMES.map((name) => [
        name,
        {
          anyOf: [
            { type: 'string', enum: SEVERITIES },
            { type: 'object', properties: { severity: { type: 'string', enum: SEVERITIES }, options: { type: 'object' } }, additionalProperties: false },
          ],
        },
      ]),
    ),
    additionalProperties: false,
  },
  baseUri: {
    type: 'string',
    default: DEFAULT_SETTINGS.baseUri,
    description: 'The absolute URI that relative references are resolved against in hovers, when the document names none (`<base href>` in HTML); by default the document itself.',
  },
  ignore: { type: 'array', items: { type: 'string' }, default: DEFAULT_SETTINGS.ignore, description: 'Glob patterns of files not to check, matched against the path relative to the workspace folder and the absolute path.' },
  languages: {
    type: 'array',
    items: { type: 'string', enum: Object.keys(LANGUAGES) },
    default: DEFAULT_SETTINGS.languages,
    description: 'The language ids whose documents are checked.',
  },
  sinks: {
    type: 'array',
    items: { type: 'string' },
    default: DEFAULT_SETTINGS.sinks,
    description: 'More URL sinks in JavaScript and TypeScript (`myFetch`, `api.get`, `my-http:request`): their first argument is a URL. The same as the ESLint plugin\'s `settings.urilint.sinks`.',
  },
  linkComponents: {
    type: 'array',
    items: { type: 'string' },
    default: DEFAULT_SETTINGS.linkComponents,
    description: 'JSX components whose `href`/`src` attributes hold URLs (`Link`, `Image`). The same as `settings.urilint.linkComponents`.',
  },
  comments: {
    type: 'boolean',
    default: DEFAULT_SETTINGS.comments,
    description: 'Check the URIs in comments of code files (`https://…`, `mailto:…` in running text). The same as `settings.urilint.comments`.',
  },
  templates: {
    anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string', enum: [...TEMPLATE_SYNTAXES] }, uniqueItems: true }],
    default: DEFAULT_SETTINGS.templates,
    description: `Template syntax read as holes, never reported and never touched by a fix: \`true\` for all, \`false\` for none (a project that writes \`{{\` in its URIs), or a list of ${TEMPLATE_SYNTAXES.map((name) => `\`${name}\` (${TEMPLATE_SYNTAX_DESCRIPTIONS[name]})`).join(', ')}. The same as the ESLint plugin's \`settings.urilint.templates\`.`,
  },
  debounce: { type: 'number', minimum: 0, default: DEFAULT_SETTINGS.debounce, description: 'Milliseconds to wait after the last edit before checking a document again.' },
};
