import type { DiagnosticCode } from '@urilint/core';

/** Core's codes for a character that must be percent-encoded where it stands (`no-unescaped-chars`). */
export const UNESCAPED_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'userinfo-unescaped-char',
  'host-unescaped-char',
  'path-unescaped-char',
  'query-unescaped-char',
  'fragment-unescaped-char',
  'iri-char',
]);
