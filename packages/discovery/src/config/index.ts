export { compileGlob, type GlobMatcher, type GlobResult } from './glob.js';
export { directoryOf, parseConfig, parseJsonc, type ConfigOverride, type ConfigResult, type ProjectConfig } from './load.js';
export { leadsOutOf, namedConfigFileSystem, nodeConfigFileSystem, readRegularFile, repositoryOf, writtenPath } from './node-fs.js';
export {
  CONFIG_FILE_NAMES,
  configsIn,
  findConfig,
  isIgnoredByConfig,
  loadConfig,
  matchesAny,
  ProjectConfigs,
  relativeToConfig,
  resolveSettings,
  searchedFolders,
  type ConfigFileSystem,
  type ConfigLocation,
  type ProjectConfigsOptions,
} from './project.js';
export {
  CONFIG_SCHEMA,
  CONFIG_SCHEMA_URL,
  configJsonSchema,
  defaultProjectSettings,
  PRESETS,
  PROJECT_SETTING_KEYS,
  PROJECT_SETTINGS,
  RULE_SEVERITIES,
  settingJsonSchema,
  settingSchema,
  SOURCE_KINDS,
  toJsonSchema,
  type Preset,
  type ProjectSettings,
  type RuleSetting,
  type RuleSeverity,
  type SettingDefinition,
  type SettingSchema,
} from './schema.js';
export { closest, expectedOf, formatConfigProblem, type ConfigProblem } from './validate.js';
export { parseSuppressions, suppressedFindings, SUPPRESSIONS_FILE, type CodeCounts, type SuppressionCounts, type SuppressionsError } from './suppressions.js';
