/**
 * The document context of the rules on local links under ESLint: the file's path and text, and
 * one workspace index per working directory over the disk, shared by every file of the run.
 */
import { indexPath, nodeLinkFileSystem, WorkspaceIndex, type DocumentContext, type UriCandidate } from '@urilint/discovery';

interface FileContext {
  filename?: string;
  physicalFilename?: string;
  cwd?: string;
  sourceCode: { text?: unknown };
}

const indexes = new Map<string, WorkspaceIndex>();

/** The index of the files under `cwd` (folders listed and documents' ids read once per process). */
function indexFor(cwd: string): WorkspaceIndex {
  let index = indexes.get(cwd);
  if (index === undefined) {
    index = new WorkspaceIndex(nodeLinkFileSystem, { fallbackRoot: indexPath(cwd) });
    indexes.set(cwd, index);
  }
  return index;
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
