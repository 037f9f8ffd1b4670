// Configuration of eslint-doc-generator (`pnpm docs` writes, `pnpm docs:check` verifies; CI runs the check).
// The package is `type: module`, so this file is an ES module; cosmiconfig loads it with `import()`.
// The generator loads the built plugin (`dist/`): build it first.

/** @type {import('eslint-doc-generator').GenerateOptions} */
const config = {
  // `recommended` and `strict` are shown with these emojis; `all` (every rule) is not a column, and
  // neither are the language configs (`markdown/recommended`…): each has the rules of `recommended`
  // or `strict` for the files of one ESLint language plugin (README "Configs", docs/languages.md).
  configEmoji: [
    ['recommended', '✅'],
    ['strict', '🔒'],
  ],
  ignoreConfig: [
    'all',
    ...['markdown', 'json', 'jsonc', 'json5', 'html', 'css'].flatMap((language) => [`${language}/recommended`, `${language}/strict`]),
  ],
  // Used both in README.md and in docs/rules/*.md, so absolute (the same base as the rules' `docs.url`).
  urlConfigs: 'https://github.com/urilint/urilint/blob/main/packages/eslint-plugin/README.md#configs',
  pathRuleDoc: 'docs/rules/{name}.md',
  pathRuleList: 'README.md',
  ruleDocTitleFormat: 'prefix-name',
  ruleDocNotices: ['deprecated', 'configs', 'fixable', 'hasSuggestions', 'options'],
  ruleListColumns: ['name', 'description', 'configsError', 'fixable', 'hasSuggestions', 'options'],
  // Every rule doc has these sections (test/docs.test.ts checks the examples in them against the rule).
  ruleDocSectionInclude: ['Examples', 'When not to use it'],
  ruleDocSectionOptions: true,
};

export default config;
