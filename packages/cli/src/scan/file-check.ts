/**
 * Checking one file: read it, skip it when binary or too large, find its URIs
 * with the reader of its kind, run the rules, and with `--fix` apply the safe
 * fixes. Runs in a worker thread or, with `--jobs 1`, in the main thread;
 * everything it returns can be posted between threads.
 */
import { accessSync, closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { maskSpans, secretSpans, type Span } from '@urilint/core';
import { replaceFile, type FsPath } from './replace-file.js';
import {
  applySourceEdits,
  disabledBy,
  discoverDocument,
  loadGrammarsFor,
  sourceKindOf,
  sourceKindOfText,
  type SourceKind,
  lineAt as lineOf,
  lineStarts,
  runDocumentRules,
  runRules,
  safeEdits,
  projectSourceKind,
  sourceRangeOf,
  type DocumentContext,
  type Finding,
  type UriCandidate,
  type RuleName,
  type TemplateSetting,
  externalLinks,
  type ExternalLinks,
  type ExternalPolicy,
  type ExternalVerdict,
  indexPath,
  nodeLinkFileSystem,
  WorkspaceIndex,
} from '@urilint/discovery';

export type Severity = 'error' | 'warning';

/** How one file is checked: what its configuration (with the command line's flags over it) resolves to. */
export interface FileSettings {
  /** The rules that are on, with the severity of their findings. */
  rules: [RuleName, Severity][];
  /** Each rule's options (a preset's, or the configuration's). */
  ruleOptions: Partial<Record<RuleName, object>>;
  /** The template syntaxes read as holes (`templates`, `--templates`, `--no-templates`). */
  templates: TemplateSetting;
  /** More URL sinks in JavaScript and TypeScript. */
  sinks: string[];
  /** JSX components whose URL attributes hold URLs. */
  linkComponents: string[];
  /** Check the URIs in comments of code files. */
  comments: boolean;
  /** The file is a test file (`testFiles`): its fixes are suggestions, not applied, unless `fixTestFiles`. */
  testFile: boolean;
  /** Apply fixes in test files too. */
  fixTestFiles: boolean;
}

/** What the workers are told once: each distinct file settings, and how to treat files. */
export interface CheckSettings {
  /** The distinct settings of the files; a task names its own by index. */
  files: FileSettings[];
  /** Files larger than this many bytes are skipped. */
  maxFileSize: number;
  /** `--minified`: minified JavaScript and CSS found while walking are read too (see `isMinified`). */
  minified?: boolean;
  /** Apply the safe fixes and write the files. */
  fix: boolean;
  /** Report errors only. */
  errorsOnly: boolean;
  /** `--no-inline-config`: false when ESLint's disable comments are not honoured. */
  inlineConfig?: boolean;
  /**
   * External links (`--online`, `--offline`): the verdicts by key and who may be checked; with
   * `collect`, each file's result lists the links without a verdict, and nothing is reported.
   */
  external?: { verdicts: Record<string, ExternalVerdict>; policy: ExternalPolicy; collect?: boolean };
}

/** One file to check; `index` is its place in the sorted list. */
export interface FileTask {
  index: number;
  /** The path to open (absolute). */
  path: string;
  /** Its size when it was found, in bytes: how the files are shared out. */
  size: number;
  /** `--fix` may write it: a regular file not reached through a symbolic link. */
  writable: boolean;
  /** Its real path when it was found (for a writable file): `--fix` writes only while the path still leads there. */
  real?: string;
  /** The bytes of its path, when they are not valid UTF-8 (`path` then shows them as U+FFFD): what is opened. */
  raw?: Uint8Array;
  /** Its settings: an index into `CheckSettings.files`. */
  settings: number;
  /** Named on the command line: read whatever it holds (a minified file too). */
  explicit?: boolean;
}

/** The part of the source line a problem is on, cut to a readable width around the problem. */
export interface SourceExcerpt {
  text: string;
  /** The problem's span in `text` (UTF-16 offsets; `end` at most `text.length`). */
  start: number;
  end: number;
  /** Text of the line was left out before / after the excerpt. */
  cutBefore: boolean;
  cutAfter: boolean;
}

export interface Problem {
  /** 1-based line and column; the column counts UTF-16 code units. `endColumn` is one past the last character. */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
  rule: string;
  severity: Severity;
  message: string;
  fixable: boolean;
  excerpt: SourceExcerpt;
}

export type SkipReason = 'binary' | 'too-large' | 'minified';

/** The extensions of the files a minifier writes: JavaScript and CSS. */
const MINIFIABLE = /\.(?:js|mjs|cjs|css)$/i;

/**
 * Minified JavaScript or CSS (`bootstrap.min.css`, a bundle's `swagger-ui-bundle.js`): GitHub
 * Linguist's rule, an average line longer than 110 characters, in a file of at least 2 KiB. What
 * is in it was written by a build from sources elsewhere, usually another project's: a fix there
 * is overwritten by the next build, and its sample values and feature tests (an IRI on purpose) are
 * no one's links. Scan leaves such a file found while walking unread; named, it is read.
 */
export function isMinified(path: string, text: string): boolean {
  if (!MINIFIABLE.test(path) || text.length < 2048) return false;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.length / lines > 110;
}

export type FileResult =
  | {
      status: 'checked';
      bytes: number;
      uris: number;
      problems: Problem[];
      /** Why the file did not parse, when it did not: its URIs were read without a tree. */
      parseError?: string;
      /** URIs past the first `MAX_URIS_PER_DOCUMENT` of the file: found, not checked. */
      unchecked?: number;
      /** Safe fixes applied and written. */
      fixed: number;
      /** Why fixes found were not written. */
      notWritten?: string;
      /** What the link index has to say once (the sites recognised, routes no mapping fits), new since the last file of this thread. */
      linkNotes?: string[];
      /** With `external.collect`: the keys of the external links without a verdict. */
      externalAsked?: string[];
    }
  | { status: 'skipped'; reason: SkipReason; bytes: number }
  | { status: 'failed'; message: string; /** A bug, not a file that cannot be read. */ internal: boolean };

/** Bytes looked at for a NUL byte, as git and ripgrep do. */
export const BINARY_SNIFF_BYTES = 8192;
/** ESLint's number of fix passes: a fix can make room for another. */
const MAX_FIX_PASSES = 10;
/** Longest source excerpt shown, in UTF-16 code units, and how much of the line before the problem is kept when cutting. */
const EXCERPT_WIDTH = 160;
const EXCERPT_LEAD = 40;

const BOM = '\uFEFF';

/** Where line `line` (0-based) ends, before its line break. */
function lineEnd(text: string, starts: readonly number[], line: number): number {
  let end = line + 1 < starts.length ? starts[line + 1]! : text.length;
  if (end > starts[line]! && text.charCodeAt(end - 1) === 10) end--;
  if (end > starts[line]! && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The line of `[start, end)`, cut to `EXCERPT_WIDTH` around the span without splitting a surrogate pair. */
function excerptOf(text: string, starts: readonly number[], start: number, end: number, secrets: Checked['secrets']): SourceExcerpt {
  const line = lineOf(starts, start);
  const from = starts[line]!;
  const to = lineEnd(text, starts, line);
  let a = from;
  let b = to;
  if (to - from > EXCERPT_WIDTH) {
    a = Math.max(from, start - EXCERPT_LEAD);
    b = Math.min(to, a + EXCERPT_WIDTH);
    if (a > from && isLowSurrogate(text.charCodeAt(a))) a--;
    if (b < to && isLowSurrogate(text.charCodeAt(b))) b++;
  }
  return {
    // A password in the line is never printed: a CI log is read by more people than the repository.
    text: maskSpans(text.slice(a, b), secrets, a),
    start: Math.min(start, b) - a,
    end: Math.max(Math.min(end, b), Math.min(start, b)) - a,
    cutBefore: a > from,
    cutAfter: b < to,
  };
}

interface Checked {
  findings: (Finding & { severity: Severity })[];
  uris: number;
  /** Source ranges of the secrets in the file's URIs (passwords, secret query values): never shown in a code frame. */
  secrets: Span[];
  parseError?: string;
  /** URIs past the first `MAX_URIS_PER_DOCUMENT` of the file: not checked. */
  unchecked?: number;
}

/** The source range of each URI's secrets (its password, secret query values), found through core's `secretSpans`. */
function secretsOf(candidates: readonly UriCandidate[]): Span[] {
  const out: Span[] = [];
  for (const candidate of candidates) {
    for (const secret of secretSpans(candidate.reference)) {
      const [start, end] = sourceRangeOf(candidate, secret.start, secret.end);
      if (start < end) out.push({ start, end });
    }
  }
  return out;
}

/** The workspace index of this thread: each folder listed and each document's ids read once per run. */
let linkIndex: WorkspaceIndex | undefined;
/** The index's notes already passed on. */
const toldNotes = new Set<string>();

/** The notes of the link index not yet passed on. */
function newLinkNotes(): string[] {
  const notes = [...(linkIndex?.notes ?? [])].filter((note) => !toldNotes.has(note));
  for (const note of notes) toldNotes.add(note);
  return notes;
}

/** The external links' verdicts of this thread's run, made once from `CheckSettings.external`, and the keys asked for without one. */
let externalOf: { from: CheckSettings['external']; links: ExternalLinks; asked: Set<string> } | undefined;

function externalFor(external: CheckSettings['external']): ExternalLinks | undefined {
  if (external === undefined) return undefined;
  if (externalOf?.from !== external) {
    const asked = new Set<string>();
    externalOf = { from: external, links: externalLinks(external.verdicts, external.policy, asked), asked };
  }
  return externalOf.links;
}

/** A Markdown or HTML file checked with the local-link rule on: its document context. */
function linkDocument(text: string, path: string, kind: DocumentContext['kind'], base: string | undefined, settings: FileSettings, external: CheckSettings['external']): DocumentContext | undefined {
  if ((kind !== 'markdown' && kind !== 'html') || !settings.rules.some(([name]) => name === 'no-broken-links')) return undefined;
  linkIndex ??= new WorkspaceIndex(nodeLinkFileSystem, { fallbackRoot: indexPath(process.cwd()) });
  const links = externalFor(external);
  return { path: indexPath(path), kind, text, links: linkIndex, ...(base === undefined ? {} : { base }), ...(links === undefined ? {} : { external: links }) };
}

function checkText(text: string, path: string, settings: FileSettings, errorsOnly: boolean, external?: CheckSettings['external'], inlineConfig = true): Checked {
  // An HTML file of an Angular project is an Angular template, as ESLint reads it.
  const kind = projectSourceKind(path, nodeLinkFileSystem);
  const found = discoverDocument(text, kind, {
    filePath: path,
    templates: settings.templates,
    sinks: settings.sinks,
    linkComponents: settings.linkComponents,
    comments: settings.comments,
  });
  const severities = new Map(settings.rules);
  // ESLint's disable comments count in JavaScript and TypeScript, as in ESLint and the language server.
  const comments = found.sourceCode?.ast.comments?.map((comment) => ({ text: text.slice(comment.range[0], comment.range[1]), start: comment.range[0] }));
  const disabled = kind === 'js' && inlineConfig ? disabledBy(text, comments) : () => false;
  const options = Object.fromEntries(settings.rules.map(([name]) => [name, settings.ruleOptions[name] ?? {}]));
  const document = linkDocument(text, path, kind, found.base, settings, external);
  const file = { testFile: settings.testFile, fixTestFiles: settings.fixTestFiles };
  const findings = [...runRules(found.candidates, options, found.sourceCode, document, file), ...(document === undefined ? [] : runDocumentRules(document, options, file))]
    .filter((finding) => !disabled(finding.rule, finding.range[0]))
    // An advisory finding (an external link moved, or not checkable now) is a warning at most.
    .map((finding) => ({ ...finding, severity: finding.advisory === true ? 'warning' : (severities.get(finding.rule as RuleName) ?? 'error') }))
    .filter((finding) => !errorsOnly || finding.severity === 'error');
  // By position; findings at one place keep the order of the rules.
  findings.sort((x, y) => x.range[0] - y.range[0] || x.range[1] - y.range[1]);
  const checked: Checked = { findings, uris: found.candidates.length, secrets: secretsOf(found.candidates) };
  if (found.parseError !== undefined) checked.parseError = found.parseError;
  if (found.unchecked !== undefined) checked.unchecked = found.unchecked;
  return checked;
}

function problemsOf(text: string, findings: Checked['findings'], secrets: Checked['secrets']): Problem[] {
  if (findings.length === 0) return [];
  const starts = lineStarts(text);
  return findings.map((finding) => {
    const [start, end] = finding.range;
    const line = lineOf(starts, start);
    const endLine = lineOf(starts, end);
    return {
      line: line + 1,
      column: start - starts[line]! + 1,
      endLine: endLine + 1,
      endColumn: end - starts[endLine]! + 1,
      code: finding.code ?? finding.rule,
      rule: finding.rule,
      severity: finding.severity,
      message: finding.message,
      fixable: finding.fix !== undefined,
      excerpt: excerptOf(text, starts, start, end, secrets),
    };
  });
}

/** The first `BINARY_SNIFF_BYTES` hold a NUL byte. */
export function looksBinary(bytes: Uint8Array): boolean {
  return unicodeOf(bytes) === 'utf8' && bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** How a text file is encoded: UTF-16 when it starts with a byte order mark of UTF-16 (LE `FF FE`, BE `FE FF`), else UTF-8. */
export function unicodeOf(bytes: Uint8Array): 'utf8' | 'utf16le' | 'utf16be' {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  return 'utf8';
}

/** The bytes' text in their encoding (see `unicodeOf`), its byte order mark included as U+FEFF. */
export function decodeText(bytes: Buffer): string {
  const encoding = unicodeOf(bytes);
  if (encoding === 'utf8') return bytes.toString('utf8');
  if (encoding === 'utf16le') return bytes.toString('utf16le');
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16().toString('utf16le') + (bytes.length % 2 === 1 ? '\uFFFD' : '');
}

/** The text as bytes of `encoding`. */
export function encodeText(text: string, encoding: 'utf8' | 'utf16le' | 'utf16be'): Buffer {
  if (encoding === 'utf8') return Buffer.from(text, 'utf8');
  const bytes = Buffer.from(text, 'utf16le');
  return encoding === 'utf16le' ? bytes : bytes.swap16();
}

/** What a file was when it was read: a writer in between changes one of these (or its content). */
interface Identity {
  dev: number;
  ino: number;
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

function identityOf(fd: number): Identity {
  const stats = fstatSync(fd, { bigint: true });
  return { dev: Number(stats.dev), ino: Number(stats.ino), size: Number(stats.size), mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}

function sameIdentity(a: Identity, b: Identity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** Reads `length` bytes at `position` into `into` (at `offset`) until they are all there or the file ends; returns the count read. */
function readFully(fd: number, into: Buffer, offset: number, length: number, position: number): number {
  let read = 0;
  while (read < length) {
    const n = readSync(fd, into, offset + read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return read;
}

type ReadResult =
  | { bytes: Buffer; /** Every byte of the file as it was when opened, and no more since: `--fix` writes only from such a read. */ complete: boolean; identity: Identity }
  | { size: number; binary?: true }
  | { notRegular: true };

/**
 * Reads the file unless it is larger than `maxFileSize` (then only its size) or binary: its first
 * `BINARY_SNIFF_BYTES` are read first, and a NUL byte among them ends the read there, so a large
 * binary (or sparse) file costs 8 KiB. It is opened without blocking and checked on the open
 * descriptor: a FIFO or device put in its place since the walk is never waited on.
 */
function readFile(path: FsPath, maxFileSize: number): ReadResult {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { notRegular: true };
    const identity = identityOf(fd);
    const size = identity.size;
    if (size > maxFileSize) return { size };
    const bytes = Buffer.allocUnsafe(size);
    const head = readFully(fd, bytes, 0, Math.min(size, BINARY_SNIFF_BYTES), 0);
    if (looksBinary(bytes.subarray(0, head))) return { size, binary: true };
    const read = head < Math.min(size, BINARY_SNIFF_BYTES) ? head : head + readFully(fd, bytes, head, size - head, head);
    // Short (the file was cut while read), or longer than when opened, or touched meanwhile: not whole.
    const more = readSync(fd, Buffer.allocUnsafe(1), 0, 1, size);
    const complete = read === size && more === 0 && sameIdentity(identity, identityOf(fd));
    return { bytes: bytes.subarray(0, read), complete, identity };
  } finally {
    closeSync(fd);
  }
}

/** The content and identity of the file at `path` now, read whole; `undefined` when it is no regular file or cannot be read. */
function readNow(path: FsPath): { bytes: Buffer; identity: Identity } | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const identity = identityOf(fd);
    const bytes = Buffer.allocUnsafe(identity.size + 1);
    const read = readFully(fd, bytes, 0, identity.size + 1, 0);
    return { bytes: bytes.subarray(0, read), identity };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The safe fixes applied pass after pass, as ESLint does, until none is left or a pass changes nothing. */
function fixText(text: string, path: string, settings: FileSettings, errorsOnly: boolean, first: Checked, external: CheckSettings['external'], inlineConfig = true): { text: string; checked: Checked; fixed: number } {
  let current = text;
  let checked = first;
  let fixed = 0;
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const edits = safeEdits(checked.findings);
    if (edits.length === 0) break;
    const taken = new Set(edits);
    let next: string;
    try {
      next = applySourceEdits(current, edits);
    } catch {
      break;
    }
    if (next === current) break;
    fixed += checked.findings.filter((finding) => finding.fix !== undefined && finding.fix.every((edit) => taken.has(edit))).length;
    current = next;
    checked = checkText(current, path, settings, errorsOnly, external, inlineConfig);
  }
  return { text: current, checked, fixed };
}

/**
 * Replaces a regular file's content as one step (`replaceFile`: a temporary file beside it, with
 * its mode and owner, renamed over it), only while it still is what was read. Returns why nothing
 * was written: the path is no longer that regular file (a link, or a folder on its way changed
 * since the walk), it is read-only, or its content or identity changed; `undefined` when written.
 * The last comparison reads the file again immediately before the rename, after the temporary file
 * is written, so that a write landing at any moment before it is kept, never overwritten.
 */
function writeAtomically(path: FsPath, real: string | undefined, read: { bytes: Buffer; identity: Identity }, text: string | Buffer): string | undefined {
  const stats = lstatSync(path);
  if (stats.isSymbolicLink()) return 'it is a symbolic link';
  if (!stats.isFile()) return 'it is not a regular file';
  // A folder on its way turned into a link since the walk: the name now leads elsewhere.
  if (real !== undefined && typeof path === 'string' && realpathSync(path) !== real) return 'a folder on its way is a symbolic link now';
  // Nobody may write it (root too would be allowed): a file made read-only on purpose stays as it is.
  if ((stats.mode & 0o222) === 0 || !writable(path)) return 'it is read-only';
  const changed = (): string | undefined => {
    const now = readNow(path);
    return now === undefined || !sameIdentity(now.identity, read.identity) || !now.bytes.equals(read.bytes) ? 'it changed during the scan' : undefined;
  };
  const before = changed();
  if (before !== undefined) return before;
  return replaceFile(path, text, { mode: stats.mode & 0o7777, owner: { uid: stats.uid, gid: stats.gid }, beforeRename: changed });
}

/** Whether this process may write the file (its permission bits, for this user). */
function writable(path: FsPath): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function messageOf(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'the file no longer exists';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}

/** How many bytes of a file without an extension are read for its `#!` line. */
const SHEBANG_BYTES = 256;

/** The first bytes of a file as text, or '' when it cannot be read. */
function firstLine(path: FsPath): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const bytes = Buffer.alloc(SHEBANG_BYTES);
    const read = readSync(fd, bytes, 0, SHEBANG_BYTES, 0);
    return bytes.subarray(0, read).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Loads the tree-sitter grammars the tasks' files are read with (Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell), by their
 * names, or for a file without an extension by its `#!` line: checking stays synchronous, and no
 * grammar is loaded for a language no file of the run is written in. Never rejects.
 */
export async function prepareTasks(tasks: readonly FileTask[]): Promise<void> {
  const kinds = new Set<SourceKind>();
  for (const task of tasks) {
    const kind = sourceKindOf(task.path);
    const extensionless = !/\.[^./\\]+$/.test(task.path.slice(Math.max(task.path.lastIndexOf('/'), task.path.lastIndexOf('\\')) + 1));
    kinds.add(kind === 'text' && extensionless ? sourceKindOfText(kind, firstLine(task.raw === undefined ? task.path : Buffer.from(task.raw))) : kind);
  }
  await loadGrammarsFor(kinds);
}

/** Checks one file; never throws (a failure is a result). */
export function checkFile(task: FileTask, settings: CheckSettings): FileResult {
  // A name that is not valid UTF-8 is opened by its bytes (a worker receives them as a Uint8Array).
  const path: FsPath = task.raw === undefined ? task.path : Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength);
  let file: ReadResult;
  try {
    file = readFile(path, settings.maxFileSize);
  } catch (error) {
    return { status: 'failed', message: `cannot read it: ${messageOf(error)}`, internal: false };
  }
  if ('notRegular' in file) return { status: 'failed', message: 'cannot read it: it is no longer a regular file', internal: false };
  if (!('bytes' in file)) return { status: 'skipped', reason: file.binary === true ? 'binary' : 'too-large', bytes: file.size };
  const { bytes } = file;
  try {
    const encoding = unicodeOf(bytes);
    const decoded = decodeText(bytes);
    const bom = decoded.startsWith(BOM);
    const text = bom ? decoded.slice(1) : decoded;
    if (task.explicit !== true && settings.minified !== true && isMinified(task.path, text)) return { status: 'skipped', reason: 'minified', bytes: bytes.length };
    const fileSettings = settings.files[task.settings]!;
    if (settings.external?.collect === true) {
      externalOf?.asked.clear();
      checkText(text, task.path, fileSettings, settings.errorsOnly, settings.external, settings.inlineConfig);
      return { status: 'checked', bytes: bytes.length, uris: 0, problems: [], fixed: 0, externalAsked: [...(externalOf?.asked ?? [])] };
    }
    const checked = checkText(text, task.path, fileSettings, settings.errorsOnly, settings.external, settings.inlineConfig);
    let final = { text, checked, fixed: 0 };
    let notWritten: string | undefined;
    if (settings.fix && checked.findings.some((finding) => finding.fix !== undefined)) {
      const fixed = fixText(text, task.path, fileSettings, settings.errorsOnly, checked, settings.external, settings.inlineConfig);
      if (fixed.text !== text) {
        // Bytes that are not UTF-8 were read as U+FFFD: writing the text back would change them.
        if (!encodeText(decoded, encoding).equals(bytes)) notWritten = encoding === 'utf8' ? 'it is not valid UTF-8' : 'it is not valid UTF-16';
        else if (!task.writable) notWritten = 'it was reached through a symbolic link';
        else if (!file.complete) notWritten = 'it changed while it was read';
        else {
          try {
            // Written only if it still holds what was read: an editor's save in between is kept.
            const outcome = writeAtomically(path, task.real, file, encodeText((bom ? BOM : '') + fixed.text, encoding));
            if (outcome === undefined) final = fixed;
            else notWritten = outcome;
          } catch (error) {
            notWritten = `it cannot be written: ${messageOf(error)}`;
          }
        }
      }
    }
    const result: FileResult = { status: 'checked', bytes: bytes.length, uris: final.checked.uris, problems: problemsOf(final.text, final.checked.findings, final.checked.secrets), fixed: final.fixed };
    if (final.checked.parseError !== undefined) result.parseError = final.checked.parseError;
    if (final.checked.unchecked !== undefined) result.unchecked = final.checked.unchecked;
    if (notWritten !== undefined) result.notWritten = notWritten;
    const notes = newLinkNotes();
    if (notes.length > 0) result.linkNotes = notes;
    return result;
  } catch (error) {
    return { status: 'failed', message: `internal error, please report it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, internal: true };
  }
}
