import { CODES, type DiagnosticCode } from './codes.js';
import type { Component, Diagnostic, Suggestion, TextEdit } from './types.js';

/** A diagnostic with its code's severity and section from `CODES`. */
export function diagnostic(
  code: DiagnosticCode,
  start: number,
  end: number,
  component: Component,
  message: string,
  fix?: TextEdit[],
  suggestions?: Suggestion[],
): Diagnostic {
  const info = CODES[code];
  const result: Diagnostic = { code, severity: info.severity, start, end, message, spec: info.spec, component };
  if (fix !== undefined) result.fix = fix;
  if (suggestions !== undefined && suggestions.length > 0) result.suggestions = suggestions;
  return result;
}
