import { suppressedFindings, SUPPRESSIONS_FILE } from '@urilint/discovery';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { DocumentSettings } from './project.js';

/** What a suppressed finding's message ends with. */
export const SUPPRESSED_SUFFIX = ` (suppressed by ${SUPPRESSIONS_FILE})`;

/**
 * The diagnostics of a document with the findings its baseline records (`urilint scan
 * --suppress-all`) lowered to hints, or left out with `suppressed: "hide"`: as `scan` counts
 * them, the first findings of each code in the file, in document order. Never an error.
 */
export function applySuppressions(diagnostics: readonly Diagnostic[], settings: DocumentSettings): Diagnostic[] {
  const counts = settings.project?.suppressions?.counts;
  if (counts === undefined) return [...diagnostics];
  const order = diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort((a, b) => a.diagnostic.range.start.line - b.diagnostic.range.start.line || a.diagnostic.range.start.character - b.diagnostic.range.start.character || a.diagnostic.range.end.line - b.diagnostic.range.end.line || a.diagnostic.range.end.character - b.diagnostic.range.end.character || a.index - b.index);
  const flags = suppressedFindings(order, (entry) => String(entry.diagnostic.code), counts);
  const suppressed = new Set(order.filter((_, i) => flags[i]).map((entry) => entry.index));
  const out: Diagnostic[] = [];
  diagnostics.forEach((diagnostic, index) => {
    if (!suppressed.has(index)) out.push(diagnostic);
    else if (settings.suppressed !== 'hide') out.push({ ...diagnostic, severity: DiagnosticSeverity.Hint, message: `${diagnostic.message}${SUPPRESSED_SUFFIX}` });
  });
  return out;
}
