import { tryPercentDecode } from '@urilint/core';
import { safeEdits, sourceEditsOf, type SourceEdit, type UriCandidate } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type CodeActionContext, type Diagnostic, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-types';
import type { DocumentAnalysis, ReportedFinding } from './analysis.js';
import { toDiagnostic, toRange, type DiagnosticData } from './diagnostics.js';

/** The kind of the action that applies every safe fix (`"editor.codeActionsOnSave": { "source.fixAll.urilint": … }`). */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.urilint`;
export const ENCODE_KIND = `${CodeActionKind.RefactorRewrite}.urilint.encode`;
export const DECODE_KIND = `${CodeActionKind.RefactorRewrite}.urilint.decode`;

function workspaceEdit(document: TextDocument, edits: readonly SourceEdit[]): WorkspaceEdit {
  const changes: TextEdit[] = edits.map((edit) => ({ range: toRange(document, edit.range), newText: edit.text }));
  return { changes: { [document.uri]: changes } };
}

/** Whether an action of `kind` is wanted by a request whose `only` is `only` (a kind matches its sub-kinds). */
function wanted(kind: string, only: readonly string[] | undefined): boolean {
  return only === undefined || only.some((requested) => kind === requested || kind.startsWith(`${requested}.`));
}

function overlaps(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] <= b[1] && b[0] <= a[1];
}

/**
 * The findings the request is about: those whose range meets the requested
 * one, and those its diagnostics name by the offsets in their `data` (a
 * client may echo ranges back in other units; the data is the server's own).
 */
function findingsFor(document: TextDocument, analysis: DocumentAnalysis, range: [number, number], diagnostics: readonly Diagnostic[]): ReportedFinding[] {
  const named = new Set<string>();
  for (const diagnostic of diagnostics) {
    const data = diagnostic.data as Partial<DiagnosticData> | undefined;
    if (diagnostic.source !== 'urilint' || data?.uri !== document.uri || data.version !== analysis.version || !Array.isArray(data.offsets)) continue;
    named.add(`${data.rule}@${data.offsets[0]}:${data.offsets[1]}`);
  }
  return analysis.findings.filter((finding) => named.has(`${finding.rule}@${finding.range[0]}:${finding.range[1]}`) || overlaps(finding.range, range));
}

/** The edits of every safe fix of the document that do not overlap an earlier one: what "fix all" applies. */
export function safeFixes(analysis: DocumentAnalysis): SourceEdit[] {
  return safeEdits(analysis.findings);
}

/** The line's indentation, for a comment written above it. */
function indentation(document: TextDocument, line: number): string {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  return /^[ \t]*/.exec(text)?.[0] ?? '';
}

function disableActions(document: TextDocument, finding: ReportedFinding, diagnostic: Diagnostic): CodeAction[] {
  const rule = `urilint/${finding.rule}`;
  const line = document.positionAt(finding.range[0]).line;
  const above = `${indentation(document, line)}// eslint-disable-next-line ${rule}\n`;
  const text = document.getText();
  // The file comment goes first, after a `#!` line.
  const top = text.startsWith('#!') ? text.indexOf('\n') + 1 : 0;
  return [
    {
      title: `Disable ${rule} for this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: workspaceEdit(document, [{ range: [document.offsetAt({ line, character: 0 }), document.offsetAt({ line, character: 0 })], text: above }]),
    },
    {
      title: `Disable ${rule} for the entire file`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: workspaceEdit(document, [{ range: [top, top], text: `/* eslint-disable ${rule} */\n` }]),
    },
  ];
}

/** The quick-fixes of one finding: its safe fix (preferred), its suggestions, and in JS/TS the disable comments. */
function quickFixes(document: TextDocument, analysis: DocumentAnalysis, finding: ReportedFinding): CodeAction[] {
  const diagnostic = toDiagnostic(document, analysis, finding);
  const actions: CodeAction[] = [];
  if (finding.fix) {
    actions.push({
      title: `Fix: ${finding.message}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: workspaceEdit(document, finding.fix),
    });
  }
  for (const suggestion of finding.suggestions) {
    actions.push({ title: suggestion.message, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: false, edit: workspaceEdit(document, suggestion.edits) });
  }
  if (analysis.kind === 'js') actions.push(...disableActions(document, finding, diagnostic));
  return actions;
}

/**
 * The offset in the candidate's URI that source offset `at` stands at: where
 * a character starts (`start`) or where one ends (`end`); undefined when `at`
 * is not such a boundary of the URI's own text (inside an escape, outside it).
 */
function uriOffsetAt(candidate: UriCandidate, at: number, side: 'start' | 'end'): number | undefined {
  for (const part of candidate.parts) {
    if (part.kind !== 'text') continue;
    for (let k = part.start; k <= part.end; k++) {
      const m = part.mapOffset + (k - part.start);
      const position = side === 'start' || k === part.start ? part.map.sourceRange(m, m)[0] : part.map.sourceRange(m - 1, m)[1];
      if (position !== at) continue;
      const offset = k - candidate.uriStart;
      if (offset >= 0 && offset <= candidate.uri.length) return offset;
    }
  }
  return undefined;
}

/** Percent-encode and percent-decode of the selected part of one URI, written back through its text map. */
function refactors(document: TextDocument, analysis: DocumentAnalysis, selection: [number, number], only: readonly string[] | undefined): CodeAction[] {
  if (selection[0] === selection[1]) return [];
  const actions: CodeAction[] = [];
  for (const candidate of analysis.candidates) {
    const start = uriOffsetAt(candidate, selection[0], 'start');
    const end = uriOffsetAt(candidate, selection[1], 'end');
    if (start === undefined || end === undefined || end <= start || candidate.touchesHole(start, end)) continue;
    const text = candidate.uri.slice(start, end);
    let encoded: string | undefined;
    try {
      encoded = encodeURIComponent(text);
    } catch {
      encoded = undefined; // A lone surrogate has no UTF-8 encoding.
    }
    const decoded = tryPercentDecode(text);
    const edit = (replacement: string): SourceEdit[] | undefined => sourceEditsOf(candidate, [{ start, end, text: replacement }]);
    if (encoded !== undefined && encoded !== text && wanted(ENCODE_KIND, only)) {
      const edits = edit(encoded);
      if (edits) actions.push({ title: 'Percent-encode the selection (as encodeURIComponent does)', kind: ENCODE_KIND, edit: workspaceEdit(document, edits) });
    }
    if (decoded !== undefined && decoded !== text && wanted(DECODE_KIND, only)) {
      const edits = edit(decoded);
      if (edits) actions.push({ title: 'Percent-decode the selection', kind: DECODE_KIND, edit: workspaceEdit(document, edits) });
    }
    break;
  }
  return actions;
}

/** The code actions for a range: quick-fixes, fix-all, and the encode/decode refactors on a selection. */
export function provideCodeActions(document: TextDocument, analysis: DocumentAnalysis, range: Range, context: CodeActionContext): CodeAction[] {
  const only = context.only;
  const offsets: [number, number] = [document.offsetAt(range.start), document.offsetAt(range.end)];
  const actions: CodeAction[] = [];
  if (wanted(CodeActionKind.QuickFix, only)) {
    for (const finding of findingsFor(document, analysis, offsets, context.diagnostics)) actions.push(...quickFixes(document, analysis, finding));
  }
  if (wanted(FIX_ALL_KIND, only)) {
    const edits = safeFixes(analysis);
    if (edits.length > 0) actions.push({ title: 'Fix all safely fixable urilint problems', kind: FIX_ALL_KIND, edit: workspaceEdit(document, edits) });
  }
  actions.push(...refactors(document, analysis, offsets, only));
  return actions;
}
