export { parse } from './parse.js';
export {
  CODES,
  DIAGNOSTIC_CODES,
  NORMAL_FORM_CODES,
  SCHEME_CODES,
  SECURITY_CODES,
  SYNTAX_CODES,
  TEMPLATE_CODES,
  WHATWG_CODES,
  type CodeInfo,
  type DiagnosticCode,
} from './codes.js';
export { applyEdits } from './edits.js';
export { UriError } from './errors.js';
export {
  encodeCodePoint,
  encodeFragment,
  encodeHost,
  encodeOctet,
  encodePath,
  encodePathSegment,
  encodeQuery,
  encodeUserinfo,
  isUriText,
  percentDecode,
  tryPercentDecode,
} from './percent.js';
export type {
  Component,
  Diagnostic,
  HostKind,
  HostSpan,
  ParseOptions,
  PathKind,
  PathSpan,
  Severity,
  Span,
  Suggestion,
  TextEdit,
  UriReference,
} from './types.js';
export { recompose, type UriComponents } from './recompose.js';
export { diagnostic } from './diagnostic.js';
export {
  DEFAULT_PORTS,
  checkScheme,
  defaultPort,
  HOST_LIST_SCHEMES,
  hostListOf,
  isNavigableScheme,
  lookupScheme,
  suggestScheme,
  type HostListEntry,
  type SchemeInfo,
} from './schemes/index.js';
export { formDecode, queryParameters, type QueryParameter } from './query.js';
export { checkSecurity, formatIPv4, parseIPv4Loose } from './security/index.js';
export { isPlaceholderCredential, maskPassword, maskSecrets, passwordSpan } from './security/userinfo.js';
export { isSecretParameter, maskSpans, redactSecrets, SECRET_BULLET, SECRET_QUERY_PARAMETERS, secretSpans, shownInput, type SecretSpan } from './security/secrets.js';
export { compareWithWhatwg, type WhatwgComparison, type WhatwgOptions } from './whatwg/index.js';
export { browserReading } from './whatwg/reading.js';
export { describeChar } from './messages.js';
export { SPECIAL_SCHEMES } from './whatwg/url.js';
export { NON_HIERARCHICAL_SCHEMES, findUris, hasOpaqueShape, type FindUrisOptions, type FoundUri } from './find.js';
export { analyze, type Analysis, type AnalyzeOptions } from './analyze.js';
export { parseBase, removeDotSegments, resolve, type ResolveOptions } from './resolve.js';
export { equivalent, normalize, normalizePercentEncoding, type EquivalentOptions, type NormalizeOptions } from './normalize.js';
export { toUri, type ToUriOptions } from './iri.js';
export { checkNormalForm, type NormalFormOptions } from './normal/index.js';
export { hostMatches, insecureSchemeFinding, isLocalOrReservedHost, isNonPublicHost, type InsecureSchemeFinding, type InsecureSchemeOptions } from './security/insecure.js';
export { checkUnexpandedTemplate, expandUriTemplate, findUriTemplateExpressions } from './template.js';
