import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { normalizeSettings, type Settings } from '../../src/service/index.js';

/** The cursor in a test document: `‸`. A selection is written `«…»`. */
export const CURSOR = '‸';

const EXTENSIONS: Record<string, string> = {
  javascript: 'js',
  javascriptreact: 'jsx',
  typescript: 'ts',
  typescriptreact: 'tsx',
  json: 'json',
  jsonc: 'jsonc',
  json5: 'json5',
  markdown: 'md',
  html: 'html',
  css: 'css',
  yaml: 'yaml',
  plaintext: 'txt',
  python: 'py',
  go: 'go',
  rust: 'rs',
  java: 'java',
  kotlin: 'kt',
  csharp: 'cs',
  cs: 'cs',
  ruby: 'rb',
  php: 'php',
  shellscript: 'sh',
  dotenv: 'env',
};

let version = 0;

export interface Marked {
  document: TextDocument;
  /** The cursor's position, when the text had a `‸`. */
  position: Position;
  /** The selection, when the text had `«…»` (else an empty range at the cursor). */
  range: Range;
}

/** An in-memory document, with the cursor (`‸`) or the selection (`«…»`) taken out of the text. */
export function documentOf(marked: string, languageId = 'typescript'): Marked {
  let text = marked;
  const cursor = text.indexOf(CURSOR);
  if (cursor >= 0) text = text.slice(0, cursor) + text.slice(cursor + CURSOR.length);
  const open = text.indexOf('«');
  let selection: [number, number] | undefined;
  if (open >= 0) {
    text = text.slice(0, open) + text.slice(open + 1);
    const close = text.indexOf('»');
    text = text.slice(0, close) + text.slice(close + 1);
    selection = [open, close];
  }
  const document = TextDocument.create(`file:///work/project/src/file${++version}.${EXTENSIONS[languageId] ?? 'txt'}`, languageId, 1, text);
  const at = cursor >= 0 ? cursor : (selection?.[0] ?? 0);
  const position = document.positionAt(at);
  const range = selection ? { start: document.positionAt(selection[0]), end: document.positionAt(selection[1]) } : { start: position, end: position };
  return { document, position, range };
}

/** The settings a client would send: the defaults with `overrides`. */
export function settingsWith(overrides: Partial<Settings> = {}): Settings {
  return { ...normalizeSettings(undefined), ...overrides };
}

/** The document's text after a workspace edit's changes to it. */
export function applyWorkspaceEdit(document: TextDocument, edit: WorkspaceEdit | undefined): string {
  const edits: TextEdit[] = edit?.changes?.[document.uri] ?? [];
  return TextDocument.applyEdits(document, edits);
}

/** The same document at the next version with new text. */
export function nextVersion(document: TextDocument, text: string): TextDocument {
  return TextDocument.create(document.uri, document.languageId, document.version + 1, text);
}

/** The UTF-16 position of `needle` (its `nth` occurrence, from 0) in `text`: how LSP counts columns. */
export function positionOf(document: TextDocument, needle: string, nth = 0, from = 0): Position {
  let index = document.getText().indexOf(needle, from);
  for (let i = 0; i < nth; i++) index = document.getText().indexOf(needle, index + 1);
  if (index < 0) throw new Error(`${JSON.stringify(needle)} is not in the document`);
  return document.positionAt(index);
}
