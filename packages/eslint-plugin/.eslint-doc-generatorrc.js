// Configuration of eslint-doc-generator (`pnpm docs` writes, `pnpm docs:check` verifies; CI runs the check).
// The package is `type: module`, so this file is an ES module; cosmiconfig loads it with `import()`.
// The generator loads the built plugin (`dist/`): build it first.

/** @type {import('eslint-doc-generator').GenerateOptions} */
const config = {
  // `recommended` and `strict` are shown with these emojis; `all` (every rule) is not a column.
  configEmoji: [
    ['recommended', '✅'],
    ['strict', '🔒'],
  ],
  ignoreConfig: ['all'],
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
