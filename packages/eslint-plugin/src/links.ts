/**
 * The document context of the rules on local links under ESLint: the file's path and text, and
 * one workspace index per working directory over the disk, shared by every file of a run (files
 * linted without a pause of `INDEX_IDLE_MS` between them).
 */
import { indexPath, nodeLinkFileSystem, WorkspaceIndex, type DocumentContext, type UriCandidate } from '@urilint/discovery';

interface FileContext {
  filename?: string;
  physicalFilename?: string;
  cwd?: string;
  sourceCode: { text?: unknown };
}

/**
 * How long the index may go unused before the next file starts a new one. One ESLint run lints
 * its files back to back and shares what was listed and read; an editor's ESLint lives on and
 * lints a document again when it changes, by which time files may have been created, renamed or
 * deleted (ESLint tells a rule nothing of that): a pause this long reads the disk afresh.
 */
export const INDEX_IDLE_MS = 2_000;

const indexes = new Map<string, { index: WorkspaceIndex; used: number }>();

/** The index of the files under `cwd` (folders listed and documents' ids read once per run). */
function indexFor(cwd: string): WorkspaceIndex {
  const now = Date.now();
  let known = indexes.get(cwd);
  if (known === undefined || now - known.used > INDEX_IDLE_MS || now < known.used) {
    known = { index: new WorkspaceIndex(nodeLinkFileSystem, { fallbackRoot: indexPath(cwd) }), used: now };
    indexes.set(cwd, known);
  }
  known.used = now;
  return known.index;
}

/** Markdown and HTML files on disk (not `<text>` or a code block's virtual file): their document context. */
export function linkDocument(context: FileContext, kind: string, candidates: readonly UriCandidate[]): DocumentContext | undefined {
  if (kind !== 'markdown' && kind !== 'html') return undefined;
  const path = context.physicalFilename ?? context.filename;
  const text = context.sourceCode.text;
  if (typeof path !== 'string' || typeof text !== 'string' || !/^(?:\/|[A-Za-z]:[\\/])/.test(path) || path !== (context.filename ?? path)) return undefined;
  const cwd = context.cwd ?? process.cwd();
  const base = candidates.find((candidate) => candidate.sink === '<base href>')?.uri;
  return { path: indexPath(path), kind, text, links: indexFor(cwd), ...(base === undefined ? {} : { base }) };
}
