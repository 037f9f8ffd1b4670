import { applyEdits, maskSecrets, redactSecrets, type Diagnostic, type TextEdit, type UriReference } from '@urilint/core';
import { display, visible, type DisplayText } from './display.js';
import type { Style } from './style.js';

/** Columns before the input on its line (`✓ ` / `✗ `); carets are shifted by as much. */
const GUTTER = 2;

/** Applies edits, or returns undefined when they overlap (a core bug: fixes never should). */
function tryApply(input: string, edits: readonly TextEdit[]): string | undefined {
  try {
    return applyEdits(input, [...edits]);
  } catch {
    return undefined;
  }
}

function formatDiagnostic(input: string, view: DisplayText, diagnostic: Diagnostic, style: Style): string[] {
  const columns = view.columns(diagnostic.start, diagnostic.end);
  const width = Math.max(1, columns.end - columns.start);
  const pad = ' '.repeat(GUTTER + columns.start);
  const carets = style.severity(diagnostic.severity, '^'.repeat(width));
  const label = `${style.severity(diagnostic.severity, diagnostic.severity)} ${style.bold(diagnostic.code)}`;
  const spec = diagnostic.spec === '—' ? '' : ` (${diagnostic.spec})`;
  const lines = [`${pad}${carets} ${label}: ${visible(diagnostic.message)}${spec}`];
  const fixed = diagnostic.fix === undefined ? undefined : tryApply(input, diagnostic.fix);
  if (fixed !== undefined) lines.push(`${pad}${' '.repeat(width + 1)}${style.dim('fix:')} ${visible(maskSecrets(fixed))}`);
  return lines;
}

/** The input with the fixes of all its diagnostics applied, when more than one has a fix. */
export function combinedFix(result: UriReference): string | undefined {
  const fixes = result.diagnostics.flatMap((diagnostic) => (diagnostic.fix === undefined ? [] : [diagnostic.fix]));
  return fixes.length > 1 ? tryApply(result.input, fixes.flat()) : undefined;
}

/**
 * The human report for one parse result: `✓`/`✗` and the input, then for each
 * diagnostic a caret line under its span with the severity, code, message and
 * spec, and the repaired input when it has a fix; then all fixes together.
 */
export function formatResult(result: UriReference, style: Style): string[] {
  // Secrets (a password, an access token) as bullets, one per character: the carets still line up.
  const view = display(maskSecrets(result.input, result));
  const mark = result.valid ? style.green('✓') : style.red('✗');
  const lines = [`${mark} ${view.text}`];
  for (const diagnostic of result.diagnostics) {
    lines.push(...formatDiagnostic(result.input, view, diagnostic, style));
  }
  const fixed = combinedFix(result);
  if (fixed !== undefined) lines.push(`${' '.repeat(GUTTER)}${style.dim('fixed:')} ${visible(maskSecrets(fixed))}`);
  return lines;
}

/** A parse result as JSON with its secrets masked wherever they appear (the input, fixes, normal forms). */
export function maskedJson(value: unknown, reference: UriReference, space?: number): string {
  return redactSecrets(JSON.stringify(value, null, space), reference);
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
