/**
 * ESLint's disable comments in JavaScript and TypeScript, honoured by the
 * language server and `urilint scan` as ESLint honours them: `// eslint-disable-next-line
 * urilint/no-malformed`, `// eslint-disable-line`, and `/* eslint-disable *\/`
 * … `/* eslint-enable *\/` blocks, each with an optional rule list (none:
 * every rule) and an optional `-- reason`.
 */

import { lineAt, lineStarts } from './lines.js';

interface Directive {
  kind: 'disable' | 'enable' | 'disable-line' | 'disable-next-line';
  /** The rules named (`no-malformed` for `urilint/no-malformed`), or undefined for all. */
  rules: Set<string> | undefined;
  /** The offset the comment starts and ends at. */
  start: number;
  end: number;
}

const DIRECTIVE = /^\s*eslint-(disable|enable|disable-line|disable-next-line)(?:\s+([\s\S]*))?$/;

function parseDirective(comment: string, start: number): Directive | undefined {
  const body = comment.startsWith('//') ? comment.slice(2) : comment.slice(2, -2);
  const match = DIRECTIVE.exec(body);
  if (!match) return undefined;
  const kind = match[1] as Directive['kind'];
  // A line comment cannot hold a block directive, and `eslint-disable-line` must fit on its line.
  if (comment.startsWith('//') && (kind === 'disable' || kind === 'enable')) return undefined;
  const list = (match[2] ?? '').split(/\s--\s|^--\s/)[0]!.trim();
  const rules = list === '' ? undefined : new Set(list.split(/\s*,\s*/).filter(Boolean));
  return { kind, rules, start, end: start + comment.length };
}

function names(directive: Directive, rule: string): boolean {
  return directive.rules === undefined || directive.rules.has(`urilint/${rule}`);
}

/** A comment's text and where it starts. */
export interface CommentText {
  text: string;
  start: number;
}

/**
 * The comments of a file that did not parse, by a scan that skips string and
 * template literals (a `//` in `"https://…"` starts no comment).
 */
function scanComments(text: string): CommentText[] {
  const comments: CommentText[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      i++;
      while (i < text.length && text[i] !== c && (c === '`' || (text[i] !== '\n' && text[i] !== '\r'))) i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      let end = i;
      while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
      comments.push({ text: text.slice(i, end), start: i });
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      comments.push({ text: text.slice(i, end), start: i });
      i = end;
    } else {
      i++;
    }
  }
  return comments;
}

/**
 * A predicate that says whether a finding of `rule` starting at `offset` is
 * turned off by a disable comment. `comments` are the parser's (with their
 * delimiters); without them (a file that does not parse) the text is scanned.
 */
export function disabledBy(text: string, comments?: readonly CommentText[]): (rule: string, offset: number) => boolean {
  if (!text.includes('eslint-')) return () => false;
  const directives: Directive[] = [];
  for (const comment of comments ?? scanComments(text)) {
    if (!comment.text.includes('eslint-')) continue;
    const directive = parseDirective(comment.text, comment.start);
    if (directive) directives.push(directive);
  }
  if (directives.length === 0) return () => false;
  const starts = lineStarts(text);
  const lineOf = (offset: number): number => lineAt(starts, offset);
  return (rule, offset) => {
    const line = lineOf(offset);
    let disabled = false;
    for (const directive of directives) {
      if (!names(directive, rule)) continue;
      if (directive.kind === 'disable-line' && lineOf(directive.start) === line) return true;
      if (directive.kind === 'disable-next-line' && lineOf(directive.end) + 1 === line) return true;
      // Blocks apply from the comment on, in the order they are written.
      if (directive.start <= offset && directive.kind === 'disable') disabled = true;
      if (directive.start <= offset && directive.kind === 'enable') disabled = false;
    }
    return disabled;
  };
}
