import { directoryOf, disabledBy, discoverDocument, isAngularTemplate, loadGrammarsFor, sourceKindOf, sourceKindOfText, isTestFile, nodeLinkFileSystem, ruleRunner, runDocumentRules, sourceRangeOf, type DocumentContext, type ExternalLinks, type FileContext, type Finding, type JsDiscovery, type JsSourceCode, type RuleName, type SourceEdit, type SourceKind, type UriCandidate } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DiagnosticSeverity } from 'vscode-languageserver-types';
import { checkCancelled, type Cancellation } from './cancellation.js';
import { editsSince, type TextEdit } from './changes.js';
import type { LocalLinks } from './local-links.js';
import { filePath } from './ignore.js';
import { activeRules, type ActiveRule } from './rules.js';
import type { DocumentSettings } from './project.js';
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
  /** The findings of each candidate that has any, split as `findings` splits them: what is reported, and what a disable comment turns off. */
  findingsOf: ReadonlyMap<UriCandidate, CandidateFindings>;
  /**
   * True when this version was derived from the last one through an edit
   * inside one literal or comment: the candidates the edit did not touch keep
   * the text maps of the version they were found in (ranges and findings are
   * current). Features that map offsets inside a URI ask for a fresh analysis.
   */
  derived: boolean;
  /** What it took to analyse this version (counted, never timed: tests read it). */
  work: AnalysisWork;
  /** JavaScript or TypeScript that parsed. */
  sourceCode?: JsSourceCode;
  /** The document's own base URI (`<base href>`), when it has one. */
  base?: string;
  parseError?: string;
  /** URIs past the first `MAX_URIS_PER_DOCUMENT` of the document: found, not checked. */
  unchecked?: number;
}

/** The work one version's analysis did. */
export interface AnalysisWork {
  /** The whole document was read again (for JavaScript and TypeScript: parsed). */
  parsed: boolean;
  /** The edits were found by comparing the whole old and new texts (no change ranges from `updateDocument`). */
  diffed: boolean;
  /** The candidates found again (all of them after a full read; those of the edited expressions, and of the URIs that read an edited `const`, after an edit). */
  rediscovered: number;
  /** The tree was set up for edits while this version was analysed, not ahead of it in an idle step (`AnalysisCache` prepares it after a full read). */
  setUp: boolean;
}

/** The language a document is read as: its language id, or for plain text the language its file extension names (`FILE_EXTENSIONS`). */
export function languageOf(document: Pick<TextDocument, 'uri' | 'languageId'>): string {
  const path = (filePath(document.uri) ?? document.uri).toLowerCase();
  // VS Code gives its `properties` language id to `.cfg`, `.gitconfig`, `.conf` files too: such a file is read as INI when its name is one, and left alone when it is neither.
  if (document.languageId === 'properties') {
    const kind = sourceKindOf(path);
    return kind === 'ini' ? 'ini' : kind === 'properties' ? 'properties' : 'properties-like';
  }
  if (document.languageId !== 'plaintext' && document.languageId !== 'text') return document.languageId;
  const extension = Object.keys(FILE_EXTENSIONS).find((ending) => path.endsWith(ending));
  return extension === undefined ? document.languageId : FILE_EXTENSIONS[extension]!;
}

/** The reader for a document's language id (undefined for a language urilint does not read). */
export function sourceKind(languageId: string): SourceKind | undefined {
  return Object.hasOwn(LANGUAGES, languageId) ? (LANGUAGES as Record<string, SourceKind>)[languageId] : undefined;
}

/**
 * Loads what reading the document needs ahead of its analysis, which is synchronous: the tree-sitter
 * grammar of a Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP or shell document (a plain-text one by its `#!` line). Nothing for the
 * other kinds. Never rejects.
 */
export async function prepareDocument(document: TextDocument): Promise<void> {
  const kind = sourceKind(languageOf(document)) ?? 'text';
  await loadGrammarsFor([kind === 'text' ? sourceKindOfText(kind, document.getText().slice(0, 256)) : kind]);
}

/** The path of a `file:` document (for JSX and the JSON dialect), or its URI. */
function documentPath(uri: string): string {
  return filePath(uri) ?? uri;
}

/** The settings that change what an analysis finds: a document is analysed again when they change. */
function settingsKey(settings: Settings): string {
  return JSON.stringify([settings.preset, settings.rules, settings.sinks, settings.linkComponents, settings.comments, settings.templates, settings.testFiles, settings.fixTestFiles, (settings as DocumentSettings).project?.configFile]);
}

/** What is kept of a version to derive the next from it. */
interface State {
  version: number;
  key: string;
  text: string;
  analysis: DocumentAnalysis;
  session: JsDiscovery | undefined;
  rules: Map<RuleName, ActiveRule>;
  /** Whether the document is a test file (its fixes are suggestions unless `fixTestFiles`). */
  file: FileContext;
  /** Every finding of each candidate that has any, before disable comments. */
  byCandidate: Map<UriCandidate, ReportedFinding[]>;
  /** The same findings split by disable comments (`DocumentAnalysis.findingsOf`). */
  splitOf: Map<UriCandidate, CandidateFindings>;
  uris: UriRanges;
}

/** Where `offset` is after an edit: moved by its change of length when it is at or after the replaced text's end. */
function moveOffset(offset: number, edit: TextEdit): number {
  return offset >= edit.end ? offset + edit.text.length - (edit.end - edit.start) : offset;
}

/**
 * The source range of each candidate's URI, mapped lazily: a range is kept in
 * the text it was found in, with the number of edits made before it; reading
 * it moves it through the edits made since. An edit costs nothing here until a
 * feature reads the ranges (hovers and links do; diagnostics do not).
 */
class UriRanges {
  /** Each candidate's range, undefined until first read (then mapped through its text maps, in the version it was found in). */
  readonly #of = new Map<UriCandidate, { range: [number, number] | undefined; at: number }>();
  #edits: TextEdit[] = [];

  /** A candidate found in the current version: its range is mapped from its text maps when first read (a candidate's maps never move). */
  add(candidate: UriCandidate): void {
    this.#of.set(candidate, { range: undefined, at: this.#edits.length });
  }

  delete(candidate: UriCandidate): void {
    this.#of.delete(candidate);
  }

  edit(edit: TextEdit): void {
    this.#edits.push(edit);
    // Never read for long: bring every range up to date once, so the list of edits stays short.
    if (this.#edits.length >= 4096) {
      for (const candidate of this.#of.keys()) this.rangeOf(candidate);
      for (const entry of this.#of.values()) entry.at = 0;
      this.#edits = [];
    }
  }

  rangeOf(candidate: UriCandidate): [number, number] {
    const entry = this.#of.get(candidate)!;
    entry.range ??= uriRange(candidate);
    if (entry.at < this.#edits.length) {
      let [start, end] = entry.range;
      for (let i = entry.at; i < this.#edits.length; i++) {
        start = moveOffset(start, this.#edits[i]!);
        end = moveOffset(end, this.#edits[i]!);
      }
      entry.range = [start, end];
      entry.at = this.#edits.length;
    }
    return entry.range;
  }
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
function check(candidates: readonly UriCandidate[], rules: Map<RuleName, ActiveRule>, file: FileContext, sourceCode: JsSourceCode | undefined, document?: DocumentContext): Map<UriCandidate, ReportedFinding[]> {
  const options = Object.fromEntries([...rules].map(([name, rule]) => [name, rule.options]));
  const run = ruleRunner(options, sourceCode, document, file);
  const out = new Map<UriCandidate, ReportedFinding[]>();
  for (const candidate of candidates) {
    const findings = run(candidate).map((finding) => {
      const rule = finding.rule as RuleName;
      // Ranges copied: a rule may hand out a node's own range array, which an edit of the tree moves in place (the findings are moved on their own).
      return copyRanges({ ...finding, rule, severity: rules.get(rule)!.severity });
    });
    if (findings.length > 0) out.set(candidate, findings);
  }
  return out;
}

/** Where a disable comment turns a rule off (JS and TS): `(rule, offset) => boolean`. */
function disabledIn(kind: SourceKind, text: string, sourceCode: JsSourceCode | undefined): (rule: string, offset: number) => boolean {
  if (kind !== 'js') return () => false;
  const comments = sourceCode?.ast.comments?.map((comment) => ({ text: text.slice(comment.range[0], comment.range[1]), start: comment.range[0] }));
  return disabledBy(text, comments);
}

/** One candidate's findings split by disable comments. */
function splitBy(findings: readonly ReportedFinding[], disabledAt: (rule: string, offset: number) => boolean): CandidateFindings {
  const split: CandidateFindings = { reported: [], disabled: [] };
  for (const finding of findings) (disabledAt(finding.rule, finding.range[0]) ? split.disabled : split.reported).push(finding);
  return split;
}

/** The findings of each candidate that has any, split by disable comments. */
function splitAll(byCandidate: ReadonlyMap<UriCandidate, ReportedFinding[]>, disabledAt: (rule: string, offset: number) => boolean): Map<UriCandidate, CandidateFindings> {
  const out = new Map<UriCandidate, CandidateFindings>();
  for (const [candidate, findings] of byCandidate) out.set(candidate, splitBy(findings, disabledAt));
  return out;
}

/** The reported findings in candidate order. */
function reportedIn(candidates: readonly UriCandidate[], splitOf: ReadonlyMap<UriCandidate, CandidateFindings>): ReportedFinding[] {
  const findings: ReportedFinding[] = [];
  if (splitOf.size === 0) return findings;
  for (const candidate of candidates) {
    const split = splitOf.get(candidate);
    if (split !== undefined) findings.push(...split.reported);
  }
  return findings;
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
  /** The idle step of each document whose last full read's tree is not yet set up for edits. */
  readonly #pending = new Map<string, { cancel: () => void }>();
  /** Local links: the document context of Markdown and HTML documents (the workspace index). */
  readonly #links: LocalLinks | undefined;

  constructor(links?: LocalLinks) {
    this.#links = links;
  }

  get(document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis {
    const key = settingsKey(settings);
    const state = this.#states.get(document.uri);
    if (state && state.version === document.version && state.key === key) return state.analysis;
    // A new version arrived before the idle step: the edit sets the tree up itself, if it is derived.
    this.#cancelPending(document.uri);
    const derived = state && state.key === key ? this.#derive(state, document) : undefined;
    const next = derived ?? this.#analyze(document, settings, key, token);
    this.#states.set(document.uri, next);
    if (derived === undefined) this.#prepareLater(document.uri, next);
    return next.analysis;
  }

  /**
   * After a full read, sets its tree up for edits (`JsDiscovery.prepare`) in a step of its own once
   * the current request is answered (`setImmediate`), so that the next edit finds it ready. The
   * results do not change; a new version of the document first cancels the step.
   */
  #prepareLater(uri: string, state: State): void {
    const session = state.session;
    if (session === undefined) return;
    const run = (): void => {
      this.#pending.delete(uri);
      if (this.#states.get(uri) === state && state.session === session) session.prepare();
    };
    if (typeof setImmediate === 'function') {
      const handle = setImmediate(run);
      handle.unref?.();
      this.#pending.set(uri, { cancel: () => clearImmediate(handle) });
    } else {
      const handle = setTimeout(run, 0);
      this.#pending.set(uri, { cancel: () => clearTimeout(handle) });
    }
  }

  #cancelPending(uri: string): void {
    this.#pending.get(uri)?.cancel();
    this.#pending.delete(uri);
  }

  /** An analysis whose every candidate has current text maps: parsed again if the last one was derived. */
  fresh(document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis {
    const analysis = this.get(document, settings, token);
    if (!analysis.derived) return analysis;
    this.#cancelPending(document.uri);
    const next = this.#analyze(document, settings, settingsKey(settings), token);
    this.#states.set(document.uri, next);
    this.#prepareLater(document.uri, next);
    return next.analysis;
  }

  forget(uri: string): void {
    this.#cancelPending(uri);
    this.#states.delete(uri);
  }

  /** The documents whose last analysis (and text) is kept. */
  get uris(): string[] {
    return [...this.#states.keys()];
  }

  /**
   * The keys of the external links of a document that the local-link rule would ask the online
   * check about (none when the rule is off), its verdicts aside: what "check external links" checks.
   */
  externalLinksAsked(document: TextDocument, settings: Settings): Set<string> {
    const asked = new Set<string>();
    this.#analyze(document, settings, settingsKey(settings), undefined, asked);
    return asked;
  }

  /** The verdicts of external links kept for the document's project, or with `asked` none, to gather the links asked about. */
  #external(document: TextDocument, settings: Settings, asked?: Set<string>): ExternalLinks | undefined {
    const path = filePath(document.uri);
    if (path === undefined || this.#links === undefined) return undefined;
    const cachePath = this.#links.cachePath(path, settings.onlineLinks, (settings as DocumentSettings).project?.configFile);
    return this.#links.externalLinksOf(cachePath, settings.onlineLinks, asked === undefined ? {} : { asked, collect: true });
  }

  #analyze(document: TextDocument, settings: Settings, key: string, token?: Cancellation, asked?: Set<string>): State {
    const language = languageOf(document);
    const read = sourceKind(language) ?? 'text';
    // An HTML file of an Angular project is an Angular template, as ESLint reads it.
    const path = filePath(document.uri);
    const kind = read === 'html' && path !== undefined && isAngularTemplate(path, this.#links?.overlay ?? nodeLinkFileSystem) ? 'angular' : read;
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
    const linkContext = rules.has('no-broken-links') ? this.#links?.context(document, kind, found.base, this.#external(document, settings, asked)) : undefined;
    // A test file by the patterns, read from the configuration's folder when there is one (else the document's whole path).
    const configFile = (settings as DocumentSettings).project?.configFile;
    const file: FileContext = {
      testFile: isTestFile(documentPath(document.uri), settings.testFiles, configFile === undefined ? undefined : directoryOf(configFile)),
      fixTestFiles: settings.fixTestFiles,
    };
    const byCandidate = check(found.candidates, rules, file, found.sourceCode, linkContext);
    const uris = new UriRanges();
    for (const candidate of found.candidates) uris.add(candidate);
    const splitOf = splitAll(byCandidate, disabledIn(kind, text, found.sourceCode));
    const candidates = found.candidates;
    let uriRanges: [number, number][] | undefined;
    const analysis: DocumentAnalysis = {
      uri: document.uri,
      version: document.version,
      kind,
      candidates,
      // Read by hovers and links, not by diagnostics: mapped when first read.
      get uriRanges() {
        return (uriRanges ??= candidates.map((candidate) => uris.rangeOf(candidate)));
      },
      findings: reportedIn(found.candidates, splitOf),
      findingsOf: splitOf,
      derived: false,
      work: { parsed: true, diffed: false, rediscovered: found.candidates.length, setUp: false },
    };
    if (linkContext !== undefined) {
      // Findings of the document as a whole (a reference to no definition), after those of its URIs.
      const options = Object.fromEntries([...rules].map(([name, rule]) => [name, rule.options]));
      const whole = runDocumentRules(linkContext, options, file).map((finding) => ({ ...finding, rule: finding.rule as RuleName, severity: rules.get(finding.rule as RuleName)!.severity }));
      analysis.findings = [...analysis.findings, ...whole].sort((a, b) => a.range[0] - b.range[0]);
      this.#links?.tell();
    }
    if (found.sourceCode) analysis.sourceCode = found.sourceCode;
    if (found.base !== undefined) analysis.base = found.base;
    if (found.parseError !== undefined) analysis.parseError = found.parseError;
    if (found.unchecked !== undefined) analysis.unchecked = found.unchecked;
    return { version: document.version, key, text, analysis, session: found.session, rules, file, byCandidate, splitOf, uris };
  }

  /**
   * The next version's state from the last one, when every edit between them
   * stays inside one literal or comment. The edits are the change ranges
   * `updateDocument` recorded, or else what comparing the two texts finds.
   * The last state's maps are updated in place: only the edited expressions'
   * candidates are found and checked again, and only findings after an edit move.
   */
  #derive(state: State, document: TextDocument): State | undefined {
    const session = state.session;
    if (session === undefined) return undefined;
    const text = document.getText();
    let edits = editsSince(document, state.version);
    if (edits !== undefined && !leadsTo(edits, state.text.length, text.length)) edits = undefined;
    const diffed = edits === undefined;
    if (edits === undefined) {
      const edit = differenceOf(state.text, text);
      edits = edit === undefined ? [] : [edit];
    }
    const rediscoveredBefore = session.work.rediscovered;
    const setupsBefore = session.work.setups;
    const { byCandidate, splitOf, uris } = state;
    const kind = state.analysis.kind;
    let recount = false;
    // Edit by edit: a candidate found after one edit is moved by the next like any other.
    for (const edit of edits) {
      const change = session.edit(edit.start, edit.end, edit.text);
      if (change === undefined) {
        // The tree no longer matches any text this state holds (an earlier edit may have been applied): the next version is parsed afresh.
        state.session = undefined;
        return undefined;
      }
      for (const candidate of change.removed) {
        byCandidate.delete(candidate);
        splitOf.delete(candidate);
        uris.delete(candidate);
      }
      uris.edit(edit);
      // Only the findings after the edit move: each is copied with its new ranges (the last version's stay as they were).
      for (const [candidate, findings] of byCandidate) {
        if (!findings.some((finding) => finding.range[1] >= edit.end)) continue;
        const moved = new Map(findings.map((finding) => [finding, movedFinding(finding, edit)]));
        byCandidate.set(candidate, [...moved.values()]);
        const split = splitOf.get(candidate);
        if (split) splitOf.set(candidate, { reported: split.reported.map((finding) => moved.get(finding)!), disabled: split.disabled.map((finding) => moved.get(finding)!) });
      }
      const fresh = check(change.added, state.rules, state.file, session.sourceCode);
      for (const candidate of change.added) uris.add(candidate);
      if (fresh.size > 0) {
        const disabledAt = disabledIn(kind, session.sourceCode.text, session.sourceCode);
        for (const [candidate, findings] of fresh) {
          byCandidate.set(candidate, findings);
          splitOf.set(candidate, splitBy(findings, disabledAt));
        }
      }
      // Disable comments are read by line: a comment edited, or lines moved, and every finding is split again.
      if (change.token === 'comment' || change.lineBreaks) recount = true;
    }
    if (recount) {
      splitOf.clear();
      for (const [candidate, split] of splitAll(byCandidate, disabledIn(kind, text, session.sourceCode))) splitOf.set(candidate, split);
    }
    const candidates = [...session.candidates];
    let uriRanges: [number, number][] | undefined;
    const last = state.analysis;
    const analysis: DocumentAnalysis = {
      uri: last.uri,
      version: document.version,
      kind,
      candidates,
      // Read by hovers and links, not by diagnostics: mapped when first read.
      get uriRanges() {
        return (uriRanges ??= candidates.map((candidate) => uris.rangeOf(candidate)));
      },
      findings: reportedIn(candidates, splitOf),
      findingsOf: splitOf,
      derived: edits.length > 0 || last.derived,
      work: { parsed: false, diffed, rediscovered: session.work.rediscovered - rediscoveredBefore, setUp: session.work.setups > setupsBefore },
    };
    if (last.sourceCode !== undefined) analysis.sourceCode = last.sourceCode;
    if (last.base !== undefined) analysis.base = last.base;
    if (last.parseError !== undefined) analysis.parseError = last.parseError;
    if (last.unchecked !== undefined) analysis.unchecked = last.unchecked;
    return { ...state, version: document.version, text, analysis };
  }
}

/** Whether edits applied one after the other turn a text of `before` characters into one of `after`, each within the text it applies to. */
function leadsTo(edits: readonly TextEdit[], before: number, after: number): boolean {
  let length = before;
  for (const edit of edits) {
    if (edit.start < 0 || edit.start > edit.end || edit.end > length) return false;
    length += edit.text.length - (edit.end - edit.start);
  }
  return length === after;
}

/** A finding with arrays of its own for its range and its fixes' ranges. */
function copyRanges(finding: ReportedFinding): ReportedFinding {
  return movedFinding(finding, undefined);
}

/** A finding after an edit: its range and its fixes' ranges moved (copied, without an edit). */
function movedFinding(finding: ReportedFinding, edit: TextEdit | undefined): ReportedFinding {
  const moveRange = (range: readonly [number, number]): [number, number] => (edit === undefined ? [range[0], range[1]] : [moveOffset(range[0], edit), moveOffset(range[1], edit)]);
  const moveEdits = (edits: readonly SourceEdit[]): SourceEdit[] => edits.map((e) => ({ range: moveRange(e.range), text: e.text }));
  const moved: ReportedFinding = {
    ...finding,
    range: moveRange(finding.range),
    suggestions: finding.suggestions.map((suggestion) => ({ ...suggestion, edits: moveEdits(suggestion.edits) })),
  };
  if (finding.fix) moved.fix = moveEdits(finding.fix);
  return moved;
}
