export { parse } from './parse.js';
export { CODES, DIAGNOSTIC_CODES, type CodeInfo, type DiagnosticCode } from './codes.js';
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
  TextEdit,
  UriReference,
} from './types.js';
export { recompose, type UriComponents } from './recompose.js';
