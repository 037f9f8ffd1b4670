import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

/** One edit of a text: `[start, end)` of the text before it replaced by `text` (UTF-16 offsets). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The edits that led from one version of a document to the next, in the order they were applied; `undefined` for a whole-text change. */
interface Step {
  from: number;
  to: number;
  edits: TextEdit[] | undefined;
}

/** At most this many versions are remembered per document: an analysis further behind compares texts instead. */
const MAX_STEPS = 64;

/** The recent changes of each document object, as `updateDocument` applied them. */
const logs = new WeakMap<TextDocument, Step[]>();

/**
 * Applies a `didChange` notification's content changes to a document, as
 * `TextDocument.update` does (it is what `TextDocuments` calls), and remembers
 * each change as offsets, so that the next analysis reads the edits instead of
 * comparing the two texts. Each change's range is read on the text the
 * changes before it in the same notification made, as LSP says.
 */
export function updateDocument(document: TextDocument, changes: readonly TextDocumentContentChangeEvent[], version: number): TextDocument {
  const from = document.version;
  let edits: TextEdit[] | undefined = [];
  let updated = document;
  for (const change of changes) {
    if ('range' in change && change.range !== undefined) {
      const a = updated.offsetAt(change.range.start);
      const b = updated.offsetAt(change.range.end);
      // A range written end first is read as TextDocument reads it: from the lesser position.
      edits?.push({ start: Math.min(a, b), end: Math.max(a, b), text: change.text });
    } else {
      edits = undefined;
    }
    updated = TextDocument.update(updated, [change], version);
  }
  if (changes.length === 0) updated = TextDocument.update(updated, [], version);
  const log = logs.get(document) ?? [];
  log.push({ from, to: version, edits });
  if (log.length > MAX_STEPS) log.splice(0, log.length - MAX_STEPS);
  logs.delete(document);
  logs.set(updated, log);
  return updated;
}

/**
 * The edits from version `from` of a document to its current version, in the
 * order they apply, when `updateDocument` made every step between them;
 * otherwise undefined (the caller compares texts). Steps up to the current
 * version are then forgotten.
 */
export function editsSince(document: TextDocument, from: number): TextEdit[] | undefined {
  const log = logs.get(document);
  if (log === undefined) return undefined;
  const first = log.findIndex((step) => step.from === from);
  let edits: TextEdit[] | undefined;
  if (first >= 0) {
    edits = [];
    let version = from;
    for (const step of log.slice(first)) {
      if (step.from !== version || step.edits === undefined) {
        edits = undefined;
        break;
      }
      edits.push(...step.edits);
      version = step.to;
    }
    if (version !== document.version) edits = undefined;
  }
  const last = log.findLastIndex((step) => step.to === document.version);
  log.splice(0, last + 1);
  return edits;
}
