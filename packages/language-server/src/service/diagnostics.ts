import type { SourceEdit } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { DocumentAnalysis, ReportedFinding } from './analysis.js';

/** Every rule's documentation, as the ESLint plugin's `docs.url`. */
export const RULE_DOCS_BASE = 'https://github.com/urilint/urilint/blob/main/packages/eslint-plugin/docs/rules/';

/**
 * What a diagnostic carries back to the server in a code action request: the
 * server's own offsets and edits, so a client that echoes ranges back in other
 * units (UTF-8, code points) still gets the right fix.
 */
export interface DiagnosticData {
  uri: string;
  version: number;
  rule: string;
  /** The finding's source range, UTF-16 offsets. */
  offsets: [number, number];
  fix?: SourceEdit[];
  suggestions: { title: string; edits: SourceEdit[] }[];
}

export function toRange(document: TextDocument, range: readonly [number, number]): Range {
  return { start: document.positionAt(range[0]), end: document.positionAt(range[1]) };
}

/** One finding as an LSP diagnostic: code, link to the rule's page, source `urilint`, and the data for its fixes. */
export function toDiagnostic(document: TextDocument, analysis: DocumentAnalysis, finding: ReportedFinding): Diagnostic {
  const data: DiagnosticData = {
    uri: analysis.uri,
    version: analysis.version,
    rule: finding.rule,
    offsets: finding.range,
    suggestions: finding.suggestions.map((suggestion) => ({ title: suggestion.message, edits: suggestion.edits })),
  };
  if (finding.fix) data.fix = finding.fix;
  return {
    range: toRange(document, finding.range),
    severity: finding.severity,
    code: finding.code ?? finding.rule,
    codeDescription: { href: `${RULE_DOCS_BASE}${finding.rule}.md` },
    source: 'urilint',
    message: finding.message,
    data,
  };
}

/** The diagnostics of a document version. */
export function provideDiagnostics(document: TextDocument, analysis: DocumentAnalysis): Diagnostic[] {
  return analysis.findings.map((finding) => toDiagnostic(document, analysis, finding));
}
