import { discoverDocument, runRules, sourceRangeOf, type Finding, type JsSourceCode, type RuleName, type SourceKind, type UriCandidate } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DiagnosticSeverity } from 'vscode-languageserver-types';
import { checkCancelled, type Cancellation } from './cancellation.js';
import { disabledBy } from './directives.js';
import { filePath } from './ignore.js';
import { activeRules } from './rules.js';
import { LANGUAGES, type Settings } from './settings.js';

/** A finding of a rule that is on, with the severity the settings give it. */
export interface ReportedFinding extends Finding {
  rule: RuleName;
  severity: DiagnosticSeverity;
}

/** Everything the features read of one version of a document: found once, read by every feature. */
export interface DocumentAnalysis {
  uri: string;
  version: number;
  kind: SourceKind;
  candidates: UriCandidate[];
  /** Each candidate's URI as a source range, in the order of `candidates`. */
  uriRanges: [number, number][];
  findings: ReportedFinding[];
  /** JavaScript or TypeScript that parsed. */
  sourceCode?: JsSourceCode;
  /** The document's own base URI (`<base href>`), when it has one. */
  base?: string;
  parseError?: string;
}

/** The reader for a document's language id (undefined for a language urilint does not read). */
export function sourceKind(languageId: string): SourceKind | undefined {
  return Object.hasOwn(LANGUAGES, languageId) ? (LANGUAGES as Record<string, SourceKind>)[languageId] : undefined;
}

/** The path of a `file:` document (for JSX and the JSON dialect), or its URI. */
function documentPath(uri: string): string {
  return filePath(uri) ?? uri;
}

/** The settings that change what an analysis finds: a document is analysed again when they change. */
function settingsKey(settings: Settings): string {
  return JSON.stringify([settings.preset, settings.rules, settings.sinks, settings.linkComponents, settings.comments]);
}

/**
 * Finds and checks the URIs of documents, once per version and settings: the
 * diagnostics, hovers, code actions and links of a version all read the same
 * analysis.
 */
export class AnalysisCache {
  readonly #entries = new Map<string, { version: number; key: string; analysis: DocumentAnalysis }>();

  get(document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis {
    const key = settingsKey(settings);
    const entry = this.#entries.get(document.uri);
    if (entry && entry.version === document.version && entry.key === key) return entry.analysis;
    const analysis = analyzeDocument(document, settings, token);
    this.#entries.set(document.uri, { version: document.version, key, analysis });
    return analysis;
  }

  forget(uri: string): void {
    this.#entries.delete(uri);
  }
}

/** Discovers the document's URIs and runs the rules that are on; disable comments are honoured in JS/TS. */
export function analyzeDocument(document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis {
  const kind = sourceKind(document.languageId) ?? 'text';
  const text = document.getText();
  const found = discoverDocument(text, kind, {
    filePath: documentPath(document.uri),
    sinks: settings.sinks,
    linkComponents: settings.linkComponents,
    comments: settings.comments,
  });
  checkCancelled(token);
  const rules = activeRules(settings);
  const options = Object.fromEntries([...rules].map(([name, rule]) => [name, rule.options]));
  const comments = found.sourceCode?.ast.comments?.map((comment) => ({ text: text.slice(comment.range[0], comment.range[1]), start: comment.range[0] }));
  const disabled = kind === 'js' ? disabledBy(text, comments) : () => false;
  const findings: ReportedFinding[] = [];
  for (const finding of runRules(found.candidates, options, found.sourceCode)) {
    const rule = finding.rule as RuleName;
    if (disabled(rule, finding.range[0])) continue;
    findings.push({ ...finding, rule, severity: rules.get(rule)!.severity });
  }
  const analysis: DocumentAnalysis = {
    uri: document.uri,
    version: document.version,
    kind,
    candidates: found.candidates,
    uriRanges: found.candidates.map((candidate) => uriRange(candidate)),
    findings,
  };
  if (found.sourceCode) analysis.sourceCode = found.sourceCode;
  if (found.base !== undefined) analysis.base = found.base;
  if (found.parseError !== undefined) analysis.parseError = found.parseError;
  return analysis;
}

/** The source range of a candidate's URI (for prose, the URI inside the sentence). */
function uriRange(candidate: UriCandidate): [number, number] {
  try {
    return sourceRangeOf(candidate, 0, candidate.uri.length);
  } catch {
    return candidate.range;
  }
}
