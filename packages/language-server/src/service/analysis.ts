import { disabledBy, discoverDocument, runDocumentRules, runRules, sourceRangeOf, type DocumentContext, type Finding, type JsDiscovery, type JsSourceCode, type RuleName, type SourceEdit, type SourceKind, type UriCandidate } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DiagnosticSeverity } from 'vscode-languageserver-types';
import { checkCancelled, type Cancellation } from './cancellation.js';
import type { LocalLinks } from './local-links.js';
import { filePath } from './ignore.js';
import { activeRules, type ActiveRule } from './rules.js';
import { FILE_EXTENSIONS, LANGUAGES, type Settings } from './settings.js';

/** A finding of a rule that is on, with the severity the settings give it. */
export interface ReportedFinding extends Finding {
  rule: RuleName;
  severity: DiagnosticSeverity;
}

/** One candidate's findings of the rules that are on. */
export interface CandidateFindings {
  /** Reported: its diagnostics. */
  reported: ReportedFinding[];
  /** Turned off by an `eslint-disable` comment. */
  disabled: ReportedFinding[];
}

/** Everything the features read of one version of a document: found once, read by every feature. */
export interface DocumentAnalysis {
  uri: string;
  version: number;
  kind: SourceKind;
  candidates: UriCandidate[];
  /** Each candidate's URI as a source range, in the order of `candidates`. */
  uriRanges: [number, number][];
  /** The findings of the rules that are on, less those a disable comment turns off: the diagnostics. */
  findings: ReportedFinding[];
  /** Each candidate's findings, split as `findings` splits them: what is reported, and what a disable comment turns off. */
  findingsOf: ReadonlyMap<UriCandidate, CandidateFindings>;
  /**
   * True when this version was derived from the last one through an edit
   * inside one literal or comment: the candidates the edit did not touch keep
   * the text maps of the version they were found in (ranges and findings are
   * current). Features that map offsets inside a URI ask for a fresh analysis.
   */
  derived: boolean;
  /** JavaScript or TypeScript that parsed. */
  sourceCode?: JsSourceCode;
  /** The document's own base URI (`<base href>`), when it has one. */
  base?: string;
  parseError?: string;
}

/** The language a document is read as: its language id, or for plain text the language its file extension names (`FILE_EXTENSIONS`). */
export function languageOf(document: Pick<TextDocument, 'uri' | 'languageId'>): string {
  if (document.languageId !== 'plaintext' && document.languageId !== 'text') return document.languageId;
  const path = (filePath(document.uri) ?? document.uri).toLowerCase();
  const extension = Object.keys(FILE_EXTENSIONS).find((ending) => path.endsWith(ending));
  return extension === undefined ? document.languageId : FILE_EXTENSIONS[extension]!;
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
  return JSON.stringify([settings.preset, settings.rules, settings.sinks, settings.linkComponents, settings.comments, settings.templates]);
}

/** What is kept of a version to derive the next from it. */
interface State {
  version: number;
  key: string;
  text: string;
  analysis: DocumentAnalysis;
  session: JsDiscovery | undefined;
  rules: Map<RuleName, ActiveRule>;
  /** Every finding of each candidate, before disable comments. */
  byCandidate: Map<UriCandidate, ReportedFinding[]>;
  uriRangeOf: Map<UriCandidate, [number, number]>;
}

/** The source range of a candidate's URI (for prose, the URI inside the sentence). */
function uriRange(candidate: UriCandidate): [number, number] {
  try {
    return sourceRangeOf(candidate, 0, candidate.uri.length);
  } catch {
    return candidate.range;
  }
}

/** The findings of the rules that are on, for each candidate. */
function check(candidates: readonly UriCandidate[], rules: Map<RuleName, ActiveRule>, sourceCode: JsSourceCode | undefined, document?: DocumentContext): Map<UriCandidate, ReportedFinding[]> {
  const options = Object.fromEntries([...rules].map(([name, rule]) => [name, rule.options]));
  const out = new Map<UriCandidate, ReportedFinding[]>();
  for (const candidate of candidates) {
    const findings = runRules([candidate], options, sourceCode, document).map((finding) => {
      const rule = finding.rule as RuleName;
      return { ...finding, rule, severity: rules.get(rule)!.severity };
    });
    out.set(candidate, findings);
  }
  return out;
}

/** The findings in candidate order, less those a disable comment turns off (JS and TS), and each candidate's share of them. */
function reported(
  state: Pick<State, 'byCandidate'>,
  candidates: readonly UriCandidate[],
  kind: SourceKind,
  text: string,
  sourceCode: JsSourceCode | undefined,
): { findings: ReportedFinding[]; findingsOf: Map<UriCandidate, CandidateFindings> } {
  const comments = sourceCode?.ast.comments?.map((comment) => ({ text: text.slice(comment.range[0], comment.range[1]), start: comment.range[0] }));
  const disabledAt = kind === 'js' ? disabledBy(text, comments) : () => false;
  const findings: ReportedFinding[] = [];
  const findingsOf = new Map<UriCandidate, CandidateFindings>();
  for (const candidate of candidates) {
    const split: CandidateFindings = { reported: [], disabled: [] };
    for (const finding of state.byCandidate.get(candidate) ?? []) (disabledAt(finding.rule, finding.range[0]) ? split.disabled : split.reported).push(finding);
    findings.push(...split.reported);
    findingsOf.set(candidate, split);
  }
  return { findings, findingsOf };
}

/** `[start, end)` of the old text replaced by `text`: the one edit between two versions (their common prefix and suffix left out). */
export function differenceOf(before: string, after: string): { start: number; end: number; text: string } | undefined {
  if (before === after) return undefined;
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}

/**
 * Finds and checks the URIs of documents, once per version and settings: the
 * diagnostics, hovers, code actions and links of a version all read the same
 * analysis. In JavaScript and TypeScript an edit inside one literal or comment
 * (typing in a URL) is applied to the last version's tree, and only that
 * literal's URIs are found and checked again; any other edit parses the file again.
 */
export class AnalysisCache {
  readonly #states = new Map<string, State>();
  /** Local links: the document context of Markdown and HTML documents (the workspace index). */
  readonly #links: LocalLinks | undefined;

  constructor(links?: LocalLinks) {
    this.#links = links;
  }

  get(document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis {
    const key = settingsKey(settings);
    const state = this.#states.get(document.uri);
    if (state && state.version === document.version && state.key === key) return state.analysis;
    const derived = state && state.key === key ? this.#derive(state, document) : undefined;
    const next = derived ?? this.#analyze(document, settings, key, token);
    this.#states.set(document.uri, next);
    return next.analysis;
  }

  /** An analysis whose every candidate has current text maps: parsed again if the last one was derived. */
  fresh(document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis {
    const analysis = this.get(document, settings, token);
    if (!analysis.derived) return analysis;
    const next = this.#analyze(document, settings, settingsKey(settings), token);
    this.#states.set(document.uri, next);
    return next.analysis;
  }

  forget(uri: string): void {
    this.#states.delete(uri);
  }

  #analyze(document: TextDocument, settings: Settings, key: string, token?: Cancellation): State {
    const language = languageOf(document);
    const kind = sourceKind(language) ?? 'text';
    const text = document.getText();
    const found = discoverDocument(text, kind, {
      filePath: documentPath(document.uri),
      sinks: settings.sinks,
      linkComponents: settings.linkComponents,
      comments: settings.comments,
      templates: settings.templates,
      ...(language === 'jsonc' || language === 'json5' ? { jsonMode: language } : {}),
    });
    checkCancelled(token);
    const rules = activeRules(settings);
    const linkContext = rules.has('no-broken-links') ? this.#links?.context(document, kind, found.base) : undefined;
    const byCandidate = check(found.candidates, rules, found.sourceCode, linkContext);
    const uriRangeOf = new Map(found.candidates.map((candidate) => [candidate, uriRange(candidate)]));
    const analysis: DocumentAnalysis = {
      uri: document.uri,
      version: document.version,
      kind,
      candidates: found.candidates,
      uriRanges: found.candidates.map((candidate) => uriRangeOf.get(candidate)!),
      ...reported({ byCandidate }, found.candidates, kind, text, found.sourceCode),
      derived: false,
    };
    if (linkContext !== undefined) {
      // Findings of the document as a whole (a reference to no definition), after those of its URIs.
      const options = Object.fromEntries([...rules].map(([name, rule]) => [name, rule.options]));
      const whole = runDocumentRules(linkContext, options).map((finding) => ({ ...finding, rule: finding.rule as RuleName, severity: rules.get(finding.rule as RuleName)!.severity }));
      analysis.findings = [...analysis.findings, ...whole].sort((a, b) => a.range[0] - b.range[0]);
      this.#links?.tell();
    }
    if (found.sourceCode) analysis.sourceCode = found.sourceCode;
    if (found.base !== undefined) analysis.base = found.base;
    if (found.parseError !== undefined) analysis.parseError = found.parseError;
    return { version: document.version, key, text, analysis, session: found.session, rules, byCandidate, uriRangeOf };
  }

  /** The next version's state from the last one, when one edit inside a literal or comment leads from it to the new text. */
  #derive(state: State, document: TextDocument): State | undefined {
    const session = state.session;
    if (session === undefined) return undefined;
    const text = document.getText();
    const edit = differenceOf(state.text, text);
    if (edit === undefined) return { ...state, version: document.version, analysis: { ...state.analysis, version: document.version } };
    const change = session.edit(edit.start, edit.end, edit.text);
    if (change === undefined) {
      // The tree no longer matches any text this state holds: the next version is parsed afresh.
      state.session = undefined;
      return undefined;
    }
    const delta = edit.text.length - (edit.end - edit.start);
    const move = (offset: number): number => (offset >= edit.end ? offset + delta : offset);
    const moveRange = (range: readonly [number, number]): [number, number] => [move(range[0]), move(range[1])];
    const moveEdits = (edits: readonly SourceEdit[]): SourceEdit[] => edits.map((e) => ({ range: moveRange(e.range), text: e.text }));
    const removed = new Set(change.removed);
    const byCandidate = new Map<UriCandidate, ReportedFinding[]>();
    const uriRangeOf = new Map<UriCandidate, [number, number]>();
    for (const [candidate, findings] of state.byCandidate) {
      if (removed.has(candidate)) continue;
      byCandidate.set(
        candidate,
        findings.map((finding) => {
          const moved: ReportedFinding = {
            ...finding,
            range: moveRange(finding.range),
            suggestions: finding.suggestions.map((suggestion) => ({ ...suggestion, edits: moveEdits(suggestion.edits) })),
          };
          if (finding.fix) moved.fix = moveEdits(finding.fix);
          return moved;
        }),
      );
      uriRangeOf.set(candidate, moveRange(state.uriRangeOf.get(candidate)!));
    }
    for (const [candidate, findings] of check(change.added, state.rules, session.sourceCode)) byCandidate.set(candidate, findings);
    for (const candidate of change.added) uriRangeOf.set(candidate, uriRange(candidate));
    const candidates = [...session.candidates];
    const analysis: DocumentAnalysis = {
      ...state.analysis,
      version: document.version,
      candidates,
      uriRanges: candidates.map((candidate) => uriRangeOf.get(candidate)!),
      ...reported({ byCandidate }, candidates, state.analysis.kind, text, session.sourceCode),
      derived: true,
    };
    return { ...state, version: document.version, text, analysis, byCandidate, uriRangeOf };
  }
}
