import type { Component, Diagnostic, DiagnosticCode, Suggestion, TextEdit } from '@urilint/core';
import { fixIsSafe, unsafeFixReason, type SourceView } from './fix-gate.js';
import type { Part, UriCandidate } from './candidate.js';

/** Replace the source text `[range[0], range[1])` with `text`. */
export interface SourceEdit {
  range: [number, number];
  text: string;
}

/** A repair offered, not applied. */
export interface FindingSuggestion {
  messageId: string;
  data: Record<string, string>;
  /** What it does, as a sentence. */
  message: string;
  edits: SourceEdit[];
}

/**
 * What a rule reports, in source coordinates: the same for the ESLint plugin,
 * the language server and the command line. `range` and the edits are
 * offsets (UTF-16 code units) into the source text the candidate was found in.
 */
export interface Finding {
  rule: string;
  /** Core's diagnostic code; absent for a rule that reports something of its own (no-unencoded-interpolation). */
  code?: DiagnosticCode;
  /** The RFC section the problem comes from, when there is one. */
  spec?: string;
  /** The sentence for people: the text of the message without its code. */
  message: string;
  /** For ESLint: the rule's message id and the data its template reads. */
  messageId: string;
  data: Record<string, string>;
  range: [number, number];
  /** A repair that keeps what the URI means: applied by `--fix`, "fix all" and the preferred quick-fix. */
  fix?: SourceEdit[];
  suggestions: FindingSuggestion[];
  /** Reported as a warning even where the rule's findings are errors (an external link that could not be checked). */
  advisory?: boolean;
}

function partAt(candidate: UriCandidate, at: number): Part | undefined {
  return candidate.parts.find((part) => part.start <= at && at < part.end) ?? candidate.parts.find((part) => part.end === at);
}

/** The source offset of value offset `at` (the start of that character). */
function sourceStart(candidate: UriCandidate, at: number): number {
  const part = partAt(candidate, at);
  if (part === undefined) return candidate.range[0];
  if (part.kind === 'hole') return part.range[0];
  return part.map.sourceRange(part.mapOffset + (at - part.start), part.mapOffset + (at - part.start))[0];
}

/** The source offset just after value offset `at - 1` (the end of the character before `at`). */
function sourceEnd(candidate: UriCandidate, at: number): number {
  const part = candidate.parts.find((p) => p.start < at && at <= p.end);
  if (part === undefined) return sourceStart(candidate, at);
  if (part.kind === 'hole') return part.range[1];
  const k = part.mapOffset + (at - part.start);
  return part.map.sourceRange(k - 1, k)[1];
}

/** The source range of `[start, end)` of the candidate's URI. */
export function sourceRangeOf(candidate: UriCandidate, start: number, end: number): [number, number] {
  const from = candidate.uriStart + start;
  const to = candidate.uriStart + end;
  const a = sourceStart(candidate, from);
  return [a, to > from ? Math.max(a, sourceEnd(candidate, to)) : a];
}

/**
 * Core's edits on the URI as source edits, through the text maps so the
 * source's quotes and other escapes stay as they are. `undefined` when an
 * edit is not inside one piece of source text (it would touch a `${…}` or
 * span two literals): such a problem is reported without a fix.
 */
export function sourceEditsOf(candidate: UriCandidate, edits: readonly TextEdit[]): SourceEdit[] | undefined {
  const out: SourceEdit[] = [];
  for (const edit of edits) {
    const from = candidate.uriStart + edit.start;
    const to = candidate.uriStart + edit.end;
    const part = candidate.parts.find((p) => p.kind === 'text' && p.start <= from && to <= p.end && (from < p.end || from === to));
    if (part === undefined || part.kind !== 'text') return undefined;
    const edited = part.map.replace(part.mapOffset + (from - part.start), part.mapOffset + (to - part.start), edit.text);
    if (edited === undefined) return undefined;
    out.push(edited);
  }
  return out;
}

/** `{{name}}` in a rule's message template replaced from `data`. */
export function renderMessage(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => data[name] ?? whole);
}

/** How a rule reports one of core's diagnostics. */
export interface FindingOptions {
  /** Apply core's fix (it keeps what the URI means). */
  fix?: boolean;
  /** Offer the diagnostic's suggestions under this message id. */
  suggest?: string;
  /** More data for the message template. */
  data?: Record<string, string>;
  /** The message, when the rule words it itself (the template rendered with the data); else core's. */
  message?: string;
}

/**
 * The fix core proposed for a finding's diagnostic, in the URI's coordinates, when the rule applies
 * fixes, and whether the gate let it through alone: what `finishFindings` (uri-findings.ts) joins
 * into the one fix of the URI.
 */
export const PROPOSED_FIXES = new WeakMap<Finding, { edits: readonly TextEdit[]; safe: boolean }>();

/** Where in the candidate's URI a finding of one of core's diagnostics stands, and in which component: what `finishFindings` reads to report a URI's characters at once. */
export const FINDING_SPANS = new WeakMap<Finding, { start: number; end: number; component: Component }>();

/** The source text of a candidate and where a piece of its URI is written in it: what the fix gate reads. */
export function sourceViewOf(candidate: UriCandidate): SourceView | undefined {
  return candidate.source === undefined ? undefined : { text: candidate.source, range: (start, end) => sourceRangeOf(candidate, start, end) };
}

/** `Replace "a" with "b"` / `Insert "c"` for the edits, as a suggestion's words. */
export function describeEdits(uri: string, edits: readonly TextEdit[]): string {
  const words = edits.map((edit) => (edit.start === edit.end ? `insert "${edit.text}"` : `replace "${uri.slice(edit.start, edit.end)}" with "${edit.text}"`)).join(', ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What a fix that the gate holds back is offered as: the fix itself, saying why it is not applied,
 * and, for a `\` in a URL of a browser scheme, the `/` that browsers read it as.
 */
function heldBack(candidate: UriCandidate, fix: readonly TextEdit[], reason: string, view: SourceView | undefined): Suggestion[] {
  const uri = candidate.uri;
  const out: Suggestion[] = [];
  const slashes = fix.map((edit) => ({ ...edit, text: '/'.repeat(edit.end - edit.start) }));
  if (fix.every((edit) => edit.end > edit.start && /^\\+$/.test(uri.slice(edit.start, edit.end))) && fixIsSafe(candidate, slashes, view)) {
    out.push({ message: 'Write "/" for "\\", as browsers read it.', edits: slashes });
  }
  out.push({ message: `${describeEdits(uri, fix)} (not applied automatically: ${reason}).`, edits: [...fix] });
  return out;
}

/** How a hole is shown in a message: its own source text (`${port}`, `{{ site.url }}`), shortened. */
function holeText(candidate: UriCandidate, part: Extract<Part, { kind: 'hole' }>): string | undefined {
  const source = candidate.source;
  if (source === undefined) return undefined;
  const text = source.slice(part.range[0], part.range[1]).replace(/\s+/g, ' ');
  const short = text.length <= 30 ? text : `${text.slice(0, 29)}…`;
  // A JavaScript hole's range is its expression: shown as the template literal writes it.
  return part.node !== undefined && part.node.type !== 'TemplateLiteral' && part.node.type !== 'Literal' && !text.startsWith('{') ? `\${${short}}` : short;
}

/**
 * Core's message with the placeholders that stand for holes shown as the holes' own text: for a
 * port written `${port}x`, core parsed the placeholder `1` in the hole's place and its message
 * quotes the port as "1x"; the user reads "${port}x". Each quoted excerpt that is a piece of the URI over a hole (the one
 * nearest the problem) is written with the holes' text.
 */
export function messageWithHoles(candidate: UriCandidate, message: string, start: number, end: number): string {
  const holes = candidate.parts.filter((part): part is Extract<Part, { kind: 'hole' }> => part.kind === 'hole' && part.end > candidate.uriStart && part.start < candidate.uriEnd);
  if (holes.length === 0 || candidate.source === undefined) return message;
  const uri = candidate.uri;
  return message.replace(/"([^"]+)"/g, (whole, quoted: string) => {
    let best: number | undefined;
    for (let at = uri.indexOf(quoted); at !== -1; at = uri.indexOf(quoted, at + 1)) {
      const covers = holes.some((hole) => hole.start - candidate.uriStart < at + quoted.length && at < hole.end - candidate.uriStart);
      if (!covers) continue;
      const distance = at + quoted.length < start ? start - (at + quoted.length) : at > end ? at - end : 0;
      const bestDistance = best === undefined ? Infinity : best + quoted.length < start ? start - (best + quoted.length) : best > end ? best - end : 0;
      if (distance < bestDistance) best = at;
    }
    if (best === undefined) return whole;
    let shown = '';
    let k = best;
    while (k < best + quoted.length) {
      const hole = holes.find((h) => h.start - candidate.uriStart <= k && k < h.end - candidate.uriStart);
      if (hole === undefined) {
        shown += uri[k];
        k++;
        continue;
      }
      const text = holeText(candidate, hole);
      if (text === undefined) return whole;
      shown += text;
      k = hole.end - candidate.uriStart;
    }
    return `"${shown}"`;
  });
}

/** One core diagnostic of a candidate as a finding, with its fix and suggestions mapped to the source. */
export function findingOf(rule: string, candidate: UriCandidate, diagnostic: Diagnostic, messageId: string, options: FindingOptions = {}): Finding {
  const view = sourceViewOf(candidate);
  // Every automatic fix passes the gate (fix-gate.ts); one it holds back is a suggestion.
  const reason = options.fix && diagnostic.fix ? unsafeFixReason(candidate, diagnostic.fix, view) : undefined;
  const fix = options.fix && diagnostic.fix && reason === undefined ? sourceEditsOf(candidate, diagnostic.fix) : undefined;
  const offered = [...(reason !== undefined && diagnostic.fix ? heldBack(candidate, diagnostic.fix, reason, view) : []), ...(diagnostic.suggestions ?? [])];
  const suggest = options.suggest ?? (reason !== undefined ? 'suggestion' : undefined);
  const suggestions: FindingSuggestion[] =
    suggest === undefined
      ? []
      : offered.flatMap((suggestion) => {
          const edits = sourceEditsOf(candidate, suggestion.edits);
          return edits === undefined ? [] : [{ messageId: suggest, data: { suggestion: suggestion.message }, message: suggestion.message, edits }];
        });
  const finding: Finding = {
    rule,
    code: diagnostic.code,
    spec: diagnostic.spec,
    message: options.message ?? messageWithHoles(candidate, diagnostic.message, diagnostic.start, diagnostic.end),
    messageId,
    data: { message: messageWithHoles(candidate, diagnostic.message, diagnostic.start, diagnostic.end), code: diagnostic.code, ...options.data },
    range: sourceRangeOf(candidate, diagnostic.start, diagnostic.end),
    suggestions,
  };
  if (fix !== undefined) finding.fix = fix;
  if (options.fix && diagnostic.fix) PROPOSED_FIXES.set(finding, { edits: diagnostic.fix, safe: fix !== undefined });
  FINDING_SPANS.set(finding, { start: diagnostic.start, end: diagnostic.end, component: diagnostic.component });
  return finding;
}
