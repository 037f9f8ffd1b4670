import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CodeActionContext, CompletionItem, Diagnostic, DocumentLink, Hover, Location, Position, Range } from 'vscode-languageserver-types';
import { AnalysisCache, languageOf, sourceKind, type DocumentAnalysis } from './analysis.js';
import { checkCancelled, type Cancellation } from './cancellation.js';
import { provideCodeActions } from './code-actions.js';
import { provideDiagnostics } from './diagnostics.js';
import { provideHover } from './hover.js';
import { filePath, isIgnored } from './ignore.js';
import { provideDocumentLinks } from './links.js';
import { LocalLinks } from './local-links.js';
import { fileUri, type DocumentSettings } from './project.js';
import { DEFAULT_SETTINGS, SUPPRESSED_DISPLAYS, type Settings } from './settings.js';
import { applySuppressions } from './suppressed.js';
import { DEFAULT_MAX_FILE_SIZE, formatBytes, formatCount, matchesAny, MAX_URIS_PER_DOCUMENT, PROJECT_SETTINGS, relativeToConfig, TEMPLATE_SYNTAXES, type LinkFileSystem, type LinkOptions } from '@urilint/discovery';
import { activeRules } from './rules.js';

/**
 * urilint as a language service: pure functions of a document and its
 * settings that return LSP types. The settings may carry what the project's files say of the
 * document (`DocumentSettings`, from `ProjectFiles`): its configuration's `ignore` and `kinds`,
 * and the counts of its baseline. It knows nothing of the transport; the
 * server wires it to a connection, and tests call it on in-memory documents.
 */
export interface UrilintLanguageService {
  /** Whether the document is one the settings have urilint check (its language is on, its path is not ignored). */
  isChecked(document: TextDocument, settings: DocumentSettings): boolean;
  analyze(document: TextDocument, settings: DocumentSettings, token?: Cancellation): DocumentAnalysis;
  /** The findings as diagnostics; those the project's baseline records as hints (or none, with `suppressed: "hide"`). */
  provideDiagnostics(document: TextDocument, settings: DocumentSettings, token?: Cancellation): Diagnostic[];
  provideHover(document: TextDocument, position: Position, settings: DocumentSettings, token?: Cancellation): Hover | null;
  provideCodeActions(document: TextDocument, range: Range, context: CodeActionContext, settings: DocumentSettings, token?: Cancellation): CodeAction[];
  provideDocumentLinks(document: TextDocument, settings: DocumentSettings, token?: Cancellation): DocumentLink[];
  /** Go-to-definition on a local link: the file, or the heading its fragment names. */
  provideDefinition(document: TextDocument, position: Position, settings: DocumentSettings, token?: Cancellation): Location[];
  /** Completion of paths and `#anchors` while a local link is typed (Markdown and HTML). */
  provideCompletion(document: TextDocument, position: Position, settings: DocumentSettings, token?: Cancellation): CompletionItem[];
  /**
   * Files created, changed, renamed or deleted (`workspace/didChangeWatchedFiles`): the index forgets
   * them, and the open Markdown and HTML documents are analysed again. Returns those documents' URIs.
   */
  filesChanged(uris: readonly string[], open: readonly TextDocument[]): string[];
  /** Drops what is kept of a closed document; returns whether it was over the size cap (its text is garbage now, and large). */
  forget(uri: string): boolean;
  /**
   * Checks the external links of a document on the network (`@urilint/links-online`, loaded then):
   * the links the local-link rule asks about, the project's cache first, the verdicts kept in the
   * cache after. The documents of `open` are analysed again with them; their URIs are returned.
   */
  checkExternalLinks(document: TextDocument, settings: DocumentSettings, open: readonly TextDocument[], options: ExternalCheckOptions): Promise<ExternalCheckResult>;
  /** The documents the service keeps anything of (an analysis, a text, a buffer of the link index, a notice told), by URI. */
  held(): string[];
}

export interface ExternalCheckOptions {
  /** The server's version, for the `User-Agent`. */
  version: string;
  /** Where the token for github.com comes from (`GITHUB_TOKEN`, `GH_TOKEN`). */
  env: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
  /** Names resolved to fixed addresses (tests serve hosts on loopback). */
  resolve?: Record<string, string>;
  /** When the links are known, and after each page: pages done, pages to do. */
  onProgress?: (done: number, total: number) => void;
}

export interface ExternalCheckResult {
  /** The run in a sentence, for the user. */
  summary: string;
  links: number;
  cancelled: boolean;
  /** The open documents to diagnose again. */
  again: string[];
  /** Why the cache could not be written, when it could not. */
  cacheError?: string;
}

/** Settings as the client sent them, made whole: missing or mistyped values take their defaults. */
export function normalizeSettings(raw: unknown): Settings {
  const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const pick = <K extends keyof Settings>(key: K, ok: (value: unknown) => boolean): Settings[K] =>
    (ok(given[key]) ? given[key] : DEFAULT_SETTINGS[key]) as Settings[K];
  const strings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');
  return {
    enable: pick('enable', (value) => typeof value === 'boolean'),
    preset: pick('preset', (value) => value === 'recommended' || value === 'strict' || value === 'all' || value === 'none'),
    rules: pick('rules', (value) => value !== null && typeof value === 'object' && !Array.isArray(value)),
    baseUri: pick('baseUri', (value) => typeof value === 'string'),
    ignore: pick('ignore', strings),
    languages: pick('languages', strings),
    sinks: pick('sinks', strings),
    linkComponents: pick('linkComponents', strings),
    comments: pick('comments', (value) => typeof value === 'boolean'),
    templates: pick('templates', (value) => typeof value === 'boolean' || (Array.isArray(value) && value.every((item) => (TEMPLATE_SYNTAXES as readonly unknown[]).includes(item)))),
    testFiles: pick('testFiles', strings),
    fixTestFiles: pick('fixTestFiles', (value) => typeof value === 'boolean'),
    // Keys left out keep their defaults, as in the configuration file.
    onlineLinks: PROJECT_SETTINGS.onlineLinks.merge!(DEFAULT_SETTINGS.onlineLinks, pick('onlineLinks', (value) => value !== null && typeof value === 'object' && !Array.isArray(value))),
    debounce: pick('debounce', (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0),
    suppressed: pick('suppressed', (value) => (SUPPRESSED_DISPLAYS as readonly unknown[]).includes(value)),
  };
}

export interface LanguageServiceOptions {
  /** The workspace folders' URIs: `ignore` patterns match paths relative to them. */
  workspaceFolders?: () => readonly string[];
  /**
   * Told once per document and reason when a reader stopped before the end of a document (a tree
   * too deep, an exception) and its text was searched instead: for the server's log.
   */
  notice?: (message: string) => void;
  /** The file system local links are resolved in (default: the disk, with the open documents over it). */
  linkFileSystem?: LinkFileSystem;
  /**
   * The largest document checked, in UTF-8 bytes (default: `DEFAULT_MAX_FILE_SIZE`, the size
   * `urilint scan` reads by default). A larger one is not read at all: nothing of it is parsed or kept.
   */
  maxDocumentBytes?: number;
  /** Told once when a document is over `maxDocumentBytes`, and again only after it was under it: for the user. */
  skipped?: (message: string) => void;
}

export function createLanguageService(options: LanguageServiceOptions = {}): UrilintLanguageService {
  const firstFolder = (): string | undefined => {
    const folder = options.workspaceFolders?.()[0];
    return folder === undefined ? undefined : filePath(folder);
  };
  const links = new LocalLinks({
    ...(options.linkFileSystem === undefined ? {} : { fs: options.linkFileSystem }),
    ...(firstFolder() === undefined ? {} : { fallbackRoot: firstFolder()! }),
    ...(options.notice === undefined ? {} : { notice: options.notice }),
  });
  const cache = new AnalysisCache(links);
  /** The options of the local-link rule for a document (its preset's, or the settings'). */
  const linkOptions = (settings: Settings): LinkOptions => activeRules(settings).get('no-broken-links')?.options ?? {};
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_FILE_SIZE;
  /** The documents over the size cap whose skipping was told. */
  const tooLarge = new Set<string>();
  const withinSize = (document: TextDocument): boolean => {
    const text = document.getText();
    // UTF-8 takes one to three bytes for each UTF-16 unit: counted only when that does not decide.
    const over = text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes);
    if (!over) {
      tooLarge.delete(document.uri);
      return true;
    }
    if (!tooLarge.has(document.uri)) {
      tooLarge.add(document.uri);
      const size = formatBytes(Buffer.byteLength(text, 'utf8'));
      options.skipped?.(`${document.uri} is not checked: it is ${size}, larger than ${formatBytes(maxBytes)}, the most urilint reads of a file (as urilint scan's default --max-file-size).`);
    }
    return false;
  };
  const isChecked = (document: TextDocument, settings: DocumentSettings): boolean => {
    const kind = sourceKind(languageOf(document));
    if (!settings.enable || !settings.languages.includes(languageOf(document)) || kind === undefined) return false;
    if (!withinSize(document)) return false;
    const project = settings.project;
    if (project?.kinds !== undefined && !project.kinds.includes(kind)) return false;
    if (project?.ignoreBase === undefined) return !isIgnored(document.uri, settings.ignore, options.workspaceFolders?.() ?? []);
    // The configuration's patterns, relative to its folder, as `urilint scan` reads them.
    const path = filePath(document.uri);
    const relative = path === undefined ? undefined : relativeToConfig({ directory: project.ignoreBase }, path);
    return relative === undefined || relative === '' || !matchesAny(settings.ignore, relative);
  };
  /** The reason told for a document with more URIs than are checked. */
  const UNCHECKED = '\0unchecked';
  /** The reasons already told for each document, so the log says each once. */
  const noticed = new Map<string, Set<string>>();
  const analysis = (document: TextDocument, settings: Settings, token?: Cancellation): DocumentAnalysis | undefined => {
    checkCancelled(token);
    if (!isChecked(document, settings)) return undefined;
    const result = cache.get(document, settings, token);
    checkCancelled(token);
    // Every kind of document, JavaScript and TypeScript too (a syntax error while it is typed): each reason once.
    if (result?.parseError !== undefined && options.notice !== undefined && noticed.get(document.uri)?.has(result.parseError) !== true) {
      noticed.set(document.uri, (noticed.get(document.uri) ?? new Set()).add(result.parseError));
      options.notice(`${document.uri} was read without a full parse (${result.parseError}); its text was searched for URIs instead.`);
    }
    if (result?.unchecked !== undefined && options.notice !== undefined && noticed.get(document.uri)?.has(UNCHECKED) !== true) {
      noticed.set(document.uri, (noticed.get(document.uri) ?? new Set()).add(UNCHECKED));
      options.notice(`${document.uri} holds ${formatCount(result.unchecked)} URIs past the first ${formatCount(MAX_URIS_PER_DOCUMENT)}; they were not checked.`);
    }
    return result;
  };
  return {
    isChecked,
    analyze: (document, settings, token) => cache.get(document, settings, token),
    provideDiagnostics(document, settings, token) {
      const found = analysis(document, settings, token);
      return found === undefined ? [] : applySuppressions(provideDiagnostics(document, found), settings);
    },
    provideHover(document, position, settings, token) {
      const found = analysis(document, settings, token);
      return found === undefined ? null : provideHover(document, found, position, settings);
    },
    provideCodeActions(document, range, context, settings, token) {
      let found = analysis(document, settings, token);
      // The refactors map a selection into a URI's text: that needs the text maps of this very version.
      const selection = range.start.line !== range.end.line || range.start.character !== range.end.character;
      if (found?.derived && selection) found = cache.fresh(document, settings, token);
      return found === undefined ? [] : provideCodeActions(document, found, range, context);
    },
    provideDocumentLinks(document, settings, token) {
      const found = analysis(document, settings, token);
      return found === undefined ? [] : provideDocumentLinks(document, found);
    },
    provideDefinition(document, position, settings, token) {
      const found = analysis(document, settings, token);
      return found === undefined ? [] : links.provideDefinition(document, found, position, linkOptions(settings));
    },
    provideCompletion(document, position, settings, token) {
      checkCancelled(token);
      const kind = sourceKind(languageOf(document));
      if (!isChecked(document, settings) || kind === undefined || !activeRules(settings).has('no-broken-links')) return [];
      const roots = (options.workspaceFolders?.() ?? []).flatMap((folder) => filePath(folder) ?? []);
      return links.provideCompletion(document, kind, position, linkOptions(settings), roots);
    },
    filesChanged(uris, open) {
      links.filesChanged(uris);
      const again = open.filter((document) => sourceKind(languageOf(document)) === 'markdown' || sourceKind(languageOf(document)) === 'html').map((document) => document.uri);
      for (const uri of again) cache.forget(uri);
      return again;
    },
    forget: (uri) => {
      noticed.delete(uri);
      cache.forget(uri);
      links.close(uri);
      return tooLarge.delete(uri);
    },
    async checkExternalLinks(document, settings, open, check) {
      const path = filePath(document.uri);
      const keys = path !== undefined && isChecked(document, settings) ? cache.externalLinksAsked(document, settings) : new Set<string>();
      if (path === undefined || keys.size === 0) return { summary: 'no external link to check in this document', links: 0, cancelled: false, again: [] };
      const online = await import('@urilint/links-online');
      const cachePath = links.cachePath(path, settings.onlineLinks, settings.project?.configFile);
      const linkCache = online.LinkCache.read(cachePath, options.notice === undefined ? undefined : (message) => options.notice!(`links: ${message}`));
      const result = await online.checkOnline(keys, {
        settings: settings.onlineLinks,
        cache: linkCache,
        userAgent: online.userAgent(check.version),
        env: check.env,
        ...(check.signal === undefined ? {} : { signal: check.signal }),
        ...(check.resolve === undefined ? {} : { resolve: check.resolve }),
        ...(check.onProgress === undefined ? {} : { onProgress: check.onProgress }),
      });
      let cacheError: string | undefined;
      try {
        linkCache.write(cachePath);
      } catch (error) {
        cacheError = `the link cache ${cachePath} cannot be written: ${error instanceof Error ? error.message : String(error)}`;
      }
      const again = open.filter((each) => sourceKind(languageOf(each)) === 'markdown' || sourceKind(languageOf(each)) === 'html').map((each) => each.uri);
      for (const uri of again) cache.forget(uri);
      return { summary: online.describeRun(keys.size, result), links: keys.size, cancelled: result.cancelled, again, ...(cacheError === undefined ? {} : { cacheError }) };
    },
    held: () => [...new Set([...cache.uris, ...[...links.overlay.buffers.keys()].map(fileUri), ...noticed.keys(), ...tooLarge])],
  };
}

export { CancelledError, type Cancellation } from './cancellation.js';
export { updateDocument, type TextEdit } from './changes.js';
export { DECODE_KIND, ENCODE_KIND, FIX_ALL_KIND } from './code-actions.js';
export { RULE_DOCS_BASE, type DiagnosticData } from './diagnostics.js';
export {
  DEFAULT_SETTINGS,
  FILE_EXTENSIONS,
  LANGUAGES,
  SETTINGS_SCHEMA,
  SUPPRESSED_DISPLAYS,
  type LanguageId,
  type Preset,
  type RuleSetting,
  type RuleSeverity,
  type Settings,
  type SuppressedDisplay,
} from './settings.js';
export {
  CONFIG_INVALID,
  fileUri,
  isProjectFile,
  mergeSettings,
  problemDiagnostic,
  ProjectFiles,
  SUPPRESSIONS_INVALID,
  type DocumentProject,
  type DocumentSettings,
  type ProjectFilesOptions,
} from './project.js';
export { applySuppressions, SUPPRESSED_SUFFIX } from './suppressed.js';
export { prepareDocument, type AnalysisWork, type DocumentAnalysis, type ReportedFinding } from './analysis.js';
