/**
 * Local links in the editor: one workspace index over the disk with the open documents' buffers
 * laid over it (a document not yet saved exists, with its current text), the document context the
 * rule on local links reads, go-to-definition on a link (the file, or the heading's line), and
 * completion of paths and `#anchors` while a link is typed. Files created, changed, renamed or
 * deleted are told with `filesChanged`.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@urilint/core';
import {
  externalLinks,
  indexPath,
  isHtmlPath,
  isMarkdownPath,
  nodeLinkFileSystem,
  OverlayFileSystem,
  WorkspaceIndex,
  type DocumentContext,
  type ExternalLinks,
  type ExternalVerdict,
  type LinkFileSystem,
  type LinkOptions,
  type OnlineLinkSettings,
  type SourceKind,
} from '@urilint/discovery';
import { LinkCache } from '@urilint/links-online/cache';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItemKind, type CompletionItem, type Location, type Position } from 'vscode-languageserver-types';
import type { DocumentAnalysis } from './analysis.js';
import { toRange } from './diagnostics.js';
import { filePath } from './ignore.js';
import { fileUri } from './project.js';

export interface LocalLinksOptions {
  /** The file system under the buffers (default: the disk). */
  fs?: LinkFileSystem;
  /** Where to stop looking for the repository root when no `.git` is found (the first workspace folder). */
  fallbackRoot?: string;
  /** Told once each: the site generator recognised, a route no mapping fits (for the server's log). */
  notice?: (message: string) => void;
}

/** A link being typed: the destination so far (`[text](dest‸`, `href="dest‸`, `[label]: dest‸`), and where it starts. */
const TYPING = [/\]\(<?([^()\s<>]*)$/, /\]:[ \t]*<?([^\s<>]*)$/, /\b(?:href|src)\s*=\s*["']([^"'<>]*)$/i];

export class LocalLinks {
  readonly overlay: OverlayFileSystem;
  readonly index: WorkspaceIndex;
  readonly #notice: ((message: string) => void) | undefined;
  readonly #told = new Set<string>();
  /** The link caches read, by path: when each was read (its modification time and size) and its verdicts. */
  readonly #caches = new Map<string, { stamp: string; verdicts: ReadonlyMap<string, ExternalVerdict> }>();

  constructor(options: LocalLinksOptions = {}) {
    this.overlay = new OverlayFileSystem(options.fs ?? nodeLinkFileSystem);
    this.index = new WorkspaceIndex(this.overlay, options.fallbackRoot === undefined ? {} : { fallbackRoot: options.fallbackRoot });
    this.#notice = options.notice;
  }

  /** The open document as a buffer of the index: its text is what other documents' links see. */
  #buffer(path: string, text: string): void {
    if (this.overlay.buffers.get(path) === text) return;
    this.overlay.buffers.set(path, text);
    this.index.invalidate(path);
  }

  /**
   * The document context of a Markdown or HTML `file:` document (undefined for others). With
   * `external`, its external links are judged by those verdicts (see `externalLinksOf`).
   */
  context(document: TextDocument, kind: SourceKind, base?: string, external?: ExternalLinks): DocumentContext | undefined {
    const native = filePath(document.uri);
    if (native === undefined || (kind !== 'markdown' && kind !== 'html')) return undefined;
    const path = indexPath(native);
    const text = document.getText();
    this.#buffer(path, text);
    return { path, kind, text, links: this.index, ...(base === undefined ? {} : { base }), ...(external === undefined ? {} : { external }) };
  }

  /**
   * Where the link cache of a document's project is (`onlineLinks.cache`): relative to its
   * configuration's folder, else to its repository's root, as `urilint scan` reads it.
   */
  cachePath(documentPath: string, settings: OnlineLinkSettings, configFile?: string): string {
    const root = configFile === undefined ? this.index.repositoryRoot(indexPath(directoryOfPath(documentPath))) : directoryOfPath(configFile);
    return resolve(root, settings.cache);
  }

  /**
   * The verdicts of external links a document's project has kept (`scan --online`, or the editor's
   * "check external links"): read from the cache file, never from the network, and read again when
   * the file changes. `undefined` when the cache holds none, so that the rule stays on local links.
   * `asked` gathers the keys of the links the rule asks about (all of them when `collect`).
   */
  externalLinksOf(cachePath: string, settings: OnlineLinkSettings, options: { asked?: Set<string>; collect?: boolean } = {}): ExternalLinks | undefined {
    const verdicts = options.collect === true ? new Map<string, ExternalVerdict>() : this.#cachedVerdicts(cachePath);
    if (verdicts.size === 0 && options.collect !== true) return undefined;
    return externalLinks(verdicts, { allowHosts: settings.allowHosts ?? [], exclude: settings.exclude ?? [] }, options.asked);
  }

  /** The verdicts of a cache file, read again only when its modification time or size changed. */
  #cachedVerdicts(path: string): ReadonlyMap<string, ExternalVerdict> {
    let stamp = '';
    try {
      const stats = statSync(path);
      stamp = `${stats.mtimeMs}:${stats.size}`;
    } catch {
      this.#caches.delete(path);
      return new Map();
    }
    const known = this.#caches.get(path);
    if (known?.stamp === stamp) return known.verdicts;
    const cache = LinkCache.read(path, (message) => this.#notice?.(`links: ${message}`));
    const verdicts = new Map(cache.all());
    this.#caches.set(path, { stamp, verdicts });
    return verdicts;
  }

  /** Tells the log what the index had to say, each once. */
  tell(): void {
    if (this.#notice === undefined) return;
    for (const note of this.index.notes) {
      // GitHub's reading is the default: said only when a generator's rules apply.
      if (this.#told.has(note) || note.startsWith('no site generator')) continue;
      this.#told.add(note);
      this.#notice(`links: ${note}`);
    }
  }

  /** A document closed: its buffer goes, the file on disk (if any) counts again. */
  close(uri: string): void {
    const native = filePath(uri);
    if (native === undefined) return;
    const path = indexPath(native);
    if (this.overlay.buffers.delete(path)) this.index.invalidate(path);
  }

  /** Files created, changed or deleted on disk (`workspace/didChangeWatchedFiles`). */
  filesChanged(uris: readonly string[]): void {
    for (const uri of uris) {
      const native = filePath(uri);
      if (native !== undefined) this.index.invalidate(indexPath(native));
    }
  }

  /** Go-to-definition on a link: the file, at the heading or element its fragment names (else its start). */
  provideDefinition(document: TextDocument, analysis: DocumentAnalysis, position: Position, options: LinkOptions): Location[] {
    const context = this.context(document, analysis.kind, analysis.base);
    if (context === undefined) return [];
    const offset = document.offsetAt(position);
    const index = analysis.uriRanges.findIndex(([start, end]) => start <= offset && offset <= end);
    const candidate = index < 0 ? undefined : analysis.candidates[index];
    if (candidate === undefined || candidate.holes.length > 0) return [];
    const reference = /[ \t]/.test(candidate.uri) ? parse(candidate.uri.replace(/[ \t]/g, '%20')) : candidate.reference;
    const result = this.index.resolveLink(reference, context, options);
    if (result.status !== 'ok' && result.status !== 'case-mismatch' && result.status !== 'missing-anchor' && result.status !== 'missing-line') return [];
    const target = result.target;
    const uri = target.path === context.path ? document.uri : fileUri(target.path);
    if (target.offset === undefined) return [{ uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }];
    const text = target.path === context.path ? context.text : this.overlay.readFile(target.path);
    const at = positionIn(text ?? '', target.offset);
    return [{ uri, range: { start: at, end: at } }];
  }

  /** Completion while a link is typed: the entries of the folder typed so far, or after `#` the target's ids. */
  /**
   * Completion while a link is typed. `roots` are the workspace folders' paths: a folder is listed
   * only inside one of them (inside the repository that holds the document when there are none),
   * and inside that repository, so `[c](../../../` lists nothing above the workspace.
   */
  provideCompletion(document: TextDocument, kind: SourceKind, position: Position, options: LinkOptions, roots: readonly string[] = []): CompletionItem[] {
    const context = this.context(document, kind);
    if (context === undefined) return [];
    const offset = document.offsetAt(position);
    const line = document.getText({ start: { line: position.line, character: 0 }, end: position });
    const typed = TYPING.map((pattern) => pattern.exec(line)?.[1]).find((match) => match !== undefined);
    if (typed === undefined || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(typed)) return [];
    const hash = typed.indexOf('#');
    if (hash >= 0) return this.#anchors(context, typed.slice(0, hash), typed.slice(hash + 1), offset, document, options);
    return this.#paths(context, typed, offset, document, roots);
  }

  #anchors(context: DocumentContext, pathPart: string, typed: string, offset: number, document: TextDocument, options: LinkOptions): CompletionItem[] {
    let target = context.path;
    if (pathPart !== '') {
      const result = this.index.resolveLink(parse(pathPart.replace(/ /g, '%20')), context, { ...options });
      if (result.status !== 'ok' && result.status !== 'case-mismatch') return [];
      target = result.target.directory ? (this.index.folderPage(result.target.path) ?? '') : result.target.path;
    }
    if (!isMarkdownPath(target) && !isHtmlPath(target)) return [];
    const anchors = this.index.anchorsOf(target, options, target === context.path ? context.text : undefined);
    const range = toRange(document, [offset - typed.length, offset]);
    return (anchors?.anchors ?? []).map((anchor) => ({
      label: anchor.id,
      kind: CompletionItemKind.Reference,
      ...(anchor.title === undefined ? {} : { detail: anchor.title }),
      textEdit: { range, newText: anchor.id },
    }));
  }

  #paths(context: DocumentContext, typed: string, offset: number, document: TextDocument, roots: readonly string[]): CompletionItem[] {
    const slash = typed.lastIndexOf('/');
    const folderPart = typed.slice(0, slash + 1);
    const namePart = typed.slice(slash + 1);
    const documentDir = context.path.slice(0, context.path.lastIndexOf('/') + 1);
    const repository = this.index.repositoryRoot(documentDir.slice(0, -1) || '/');
    const base = folderPart.startsWith('/') ? `${repository}/` : documentDir;
    const folder = normalizeFolder(base + folderPart.replace(/^\//, ''));
    // Inside the repository (a document in none has no bound there: `/`), and inside a workspace folder when there are any.
    const bounds = roots.length > 0 ? roots.map(indexPath) : repository === '/' ? [] : [repository];
    if (!isInside(folder, repository) || !bounds.some((root) => isInside(folder, root))) return [];
    const range = toRange(document, [offset - namePart.length, offset]);
    const items: CompletionItem[] = this.index
      .list(folder)
      .filter((entry) => entry.name !== '.git' && entry.name !== 'node_modules' && !(folder + entry.name === context.path))
      .map((entry) => ({
        label: entry.directory ? `${entry.name}/` : entry.name,
        kind: entry.directory ? CompletionItemKind.Folder : CompletionItemKind.File,
        textEdit: { range, newText: (entry.directory ? `${entry.name}/` : entry.name).replace(/[ ()<>%]/g, (ch) => encodeURIComponent(ch)) },
        ...(entry.directory ? { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } } : {}),
      }));
    if (folderPart.startsWith('/')) items.push(...this.#routes(context, folderPart, range, new Set(items.map((item) => item.label))));
    return items;
  }

  /** A site-absolute path typed on a generated site: the next segment of each route of its pages (`/blog/2023/` → `11/`). */
  #routes(context: DocumentContext, folderPart: string, range: ReturnType<typeof toRange>, taken: ReadonlySet<string>): CompletionItem[] {
    const site = this.index.site(context.path.slice(0, context.path.lastIndexOf('/')) || '/');
    if (site.generator === undefined) return [];
    const next = new Map<string, boolean>();
    for (const key of this.index.routeIndex(site).pages.keys()) {
      if (!key.startsWith(folderPart) || key.length === folderPart.length) continue;
      const [segment, ...more] = key.slice(folderPart.length).split('/');
      if (segment === undefined || segment === '') continue;
      next.set(segment, next.get(segment) === true || more.length > 0);
    }
    const items: CompletionItem[] = [];
    for (const [segment, folder] of next) {
      const label = folder ? `${segment}/` : segment;
      if (taken.has(label)) continue;
      items.push({
        label,
        kind: folder ? CompletionItemKind.Folder : CompletionItemKind.File,
        detail: 'route',
        textEdit: { range, newText: label.replace(/[ ()<>%]/g, (ch) => encodeURIComponent(ch)) },
        ...(folder ? { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } } : {}),
      });
    }
    return items;
  }
}

/** Whether a folder (ending in `/`) is `root` or below it. */
function isInside(folder: string, root: string): boolean {
  return folder.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** `/a/b/../c/./` as `/a/c/`. */
function normalizeFolder(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return `/${out.join('/')}${out.length > 0 ? '/' : ''}`.replace(/^\/([A-Za-z]:)/, '$1');
}

/** The LSP position of an offset of a text (UTF-16 columns). */
function positionIn(text: string, offset: number): Position {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: offset - start };
}

/** The folder of a native path. */
function directoryOfPath(path: string): string {
  return resolve(path, '..');
}
