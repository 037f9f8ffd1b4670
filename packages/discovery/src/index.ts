export { UriCandidate, textCandidate, type CandidateContext, type CandidateInit, type Part } from './candidate.js';
export { findingOf, renderMessage, sourceEditsOf, sourceRangeOf, type Finding, type FindingOptions, type FindingSuggestion, type SourceEdit } from './finding.js';
export { applySourceEdits, safeEdits } from './fixes.js';
export { OffsetMap, type TextMap } from './text-map.js';
export { discoverJs, discoveryOptions, literalCandidates, uriListeners, type DiscoveryOptions, type EslintPathWork } from './js/discover.js';
export { hasJsx, parseJs, type JsParseOptions, type JsSourceCode } from './js/source-code.js';
export {
  escapeFor,
  mapJsxAttribute,
  mapStringLiteral,
  mapTemplateElement,
  mapTemplateElementAt,
  replaceCooked,
  sourceRange,
  type CookedEdit,
  type CookedMap,
  type JsxDialect,
  type QuoteKind,
} from './js/literal-map.js';
export { forEachCandidate, presetOptions, presetRules, ruleRunner, runDocumentRules, runRules, RULE_CHECKS, RULE_NAMES, type CheckContext, type RuleCheck, type RuleName } from './rules/index.js';
export { MALFORMED_CODES } from './rules/no-malformed.js';
export { DIFFERENTIAL_CODES } from './rules/no-parser-differential.js';
export { SCHEME_SPECIFIC_CODES } from './rules/valid-scheme-specific.js';
export { DEFAULT_INSECURE_SCHEMES } from './rules/no-insecure-scheme.js';
export { DEFAULT_TEST_FILES, isTestFile, type FileContext } from './test-files.js';
export { NORMAL_FORM_OPTION_DESCRIPTIONS } from './rules/prefer-normalized.js';
export type { NoCredentialsOptions } from './rules/no-credentials.js';
export type { NoInsecureSchemeOptions } from './rules/no-insecure-scheme.js';
export type { NoInvalidPercentEncodingOptions } from './rules/no-invalid-percent-encoding.js';
export type { NoUnescapedCharsOptions } from './rules/no-unescaped-chars.js';
export type { NoUnknownSchemeOptions } from './rules/no-unknown-scheme.js';
export type { PreferNormalizedOptions } from './rules/prefer-normalized.js';
export { hasUriShape, looksLikePattern, XML_NAMESPACES } from './shape.js';
export { proseCandidates } from './prose.js';
export { discoverJsText, setJsReader, type JsReader, type JsTextOptions, type JsTextResult } from './js/text.js';
export { collectGarbage } from './memory.js';
export { loadParsers } from './parsers.js';
export { DEFAULT_MAX_FILE_SIZE, formatBytes, formatCount } from './size.js';
export { loadNative, nativeRawTransfer, nativeUnavailable, parseNative, returnNativeMemoryEarly, setNativeNotice, setNativeRawTransfer } from './js/native.js';
export { discoverDocument, grammarOf, MAX_URIS_PER_DOCUMENT, isTemplateFile, loadGrammarsFor, sourceKindOf, sourceKindOfText, type ComponentKind, type DocumentOptions, type DocumentUris, type ProgramKind, type SourceKind } from './document.js';
export { wasmModulesLoaded, type GrammarName } from './languages/tree-sitter.js';
export { discoverDotenv } from './languages/dotenv.js';
export { discoverToml } from './languages/toml.js';
export { discoverIni } from './languages/ini.js';
export { discoverProperties } from './languages/properties.js';
export { discoverDockerfile } from './languages/dockerfile.js';
export { discoverMakefile } from './languages/makefile.js';
export { braceEnd, discoverComponent, type ComponentOptions, type ComponentUris, type Dialect, type Framework } from './formats/component.js';
export { ANGULAR, discoverAngular, hasAngularSyntax } from './formats/angular.js';
export { isAngularTemplate, projectSourceKind, type ProjectFileSystem } from './formats/angular-project.js';
export { ASTRO, discoverAstro } from './formats/astro.js';
export { discoverSvelte, SVELTE } from './formats/svelte.js';
export { discoverVue, VUE } from './formats/vue.js';
export { discoverCss, cssCandidates } from './formats/css.js';
export { discoverHtml, htmlCandidates, type HtmlDiscovery } from './formats/html.js';
export { discoverJson, jsonCandidates, type JsonMode } from './formats/json.js';
export { discoverMarkdown, markdownCandidates } from './formats/markdown.js';
export { discoverText } from './formats/text.js';
export { discoverYaml } from './formats/yaml.js';
export { JsDiscovery, type JsEditResult } from './js/discover.js';
export { disabledBy, type CommentText } from './directives.js';
export { lineAt, lineStarts } from './lines.js';
export {
  CONTROL_SENTINEL,
  EXPRESSION_SENTINEL,
  findTemplateTags,
  maskTemplates,
  serverProgramOf,
  type ServerProgram,
  TEMPLATE_SYNTAX_DESCRIPTIONS,
  TEMPLATE_SYNTAXES,
  templateSyntaxes,
  type TemplateSetting,
  type TemplateSyntax,
  type TemplateTag,
} from './templates.js';
export * from './config/index.js';
export type { DocumentContext } from './links/context.js';
export {
  DEFAULT_CACHE_FILE,
  defaultOnlineLinkSettings,
  externalLinkFilter,
  externalLinkKey,
  externalLinks,
  fragmentOf,
  notChecked,
  pageKey,
  type ExternalLinks,
  type ExternalPolicy,
  type ExternalStatus,
  type ExternalVerdict,
  type HostLimits,
  type NotChecked,
  type OnlineLinkSettings,
} from './links/external.js';
export { LinearRegExp, linearRegExp, type LinearMatch, type LinearRegExpResult } from './linear-regex.js';
export { htmlAnchors, markdownAnchors, normalizeLabel, type Anchor, type AnchorOptions, type DocumentAnchors, type UndefinedReference } from './links/anchors.js';
export { MemoryFileSystem, OverlayFileSystem } from './links/memory-fs.js';
export { indexPath, nodeLinkFileSystem } from './links/node-fs.js';
export { plainSite, recogniseSite, type GeneratorName, type SiteProfile } from './links/sites.js';
export { ROUTING_RULES, type PageCollection, type RouteRule } from './links/routing.js';
export { slug, Slugger, SLUG_STYLES, type SlugStyle } from './links/slug.js';
export {
  closest,
  editDistance,
  isHtmlPath,
  isMarkdownPath,
  WorkspaceIndex,
  type DirectoryEntry,
  type LinkFileSystem,
  type LinkOptions,
  type LinkResult,
  type LinkSource,
  type LinkTarget,
} from './links/workspace.js';
export type { NoBrokenLinksOptions } from './rules/no-broken-links.js';
