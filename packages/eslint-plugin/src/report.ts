import type { TSESLint } from '@typescript-eslint/utils';
import type { Diagnostic, TextEdit } from '@urilint/core';
import { replaceCooked, sourceRange } from './source/literal-map.js';
import type { Part, UriCandidate } from './discovery/candidate.js';

export interface SourceEdit {
  range: [number, number];
  text: string;
}

function partAt(candidate: UriCandidate, at: number): Part | undefined {
  return candidate.parts.find((part) => part.start <= at && at < part.end) ?? candidate.parts.find((part) => part.end === at);
}

/** The source offset of value offset `at` (the start of that character). */
function sourceStart(candidate: UriCandidate, at: number): number {
  const part = partAt(candidate, at);
  if (part === undefined) return candidate.node.range[0];
  if (part.kind === 'hole') return part.node.range[0];
  return sourceRange(part.map, part.mapOffset + (at - part.start), part.mapOffset + (at - part.start))[0];
}

/** The source offset just after value offset `at - 1` (the end of the character before `at`). */
function sourceEnd(candidate: UriCandidate, at: number): number {
  const part = candidate.parts.find((p) => p.start < at && at <= p.end);
  if (part === undefined) return sourceStart(candidate, at);
  if (part.kind === 'hole') return part.node.range[1];
  const k = part.mapOffset + (at - part.start);
  return sourceRange(part.map, k - 1, k)[1];
}

/** The source range of `[start, end)` of the candidate's URI. */
export function sourceRangeOf(candidate: UriCandidate, start: number, end: number): [number, number] {
  const from = candidate.uriStart + start;
  const to = candidate.uriStart + end;
  const a = sourceStart(candidate, from);
  return [a, to > from ? Math.max(a, sourceEnd(candidate, to)) : a];
}

/**
 * Core's edits on the URI as source edits, through the literal maps so the
 * literal's quotes and other escapes stay as they are. `undefined` when an
 * edit is not inside one piece of literal text (it would touch a `${…}` or
 * span two literals): such a problem is reported without a fix.
 */
export function sourceEditsOf(candidate: UriCandidate, edits: readonly TextEdit[]): SourceEdit[] | undefined {
  const out: SourceEdit[] = [];
  for (const edit of edits) {
    const from = candidate.uriStart + edit.start;
    const to = candidate.uriStart + edit.end;
    const part = candidate.parts.find((p) => p.kind === 'text' && p.start <= from && to <= p.end && (from < p.end || from === to));
    if (part === undefined || part.kind !== 'text') return undefined;
    out.push(replaceCooked(part.map, part.mapOffset + (from - part.start), part.mapOffset + (to - part.start), edit.text));
  }
  return out;
}

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * Calls `check` for each candidate of the file; an unexpected error in one
 * candidate skips that candidate, never the file: a rule never crashes ESLint.
 */
export function forEachCandidate(candidates: readonly UriCandidate[], check: (candidate: UriCandidate) => void): void {
  for (const candidate of candidates) {
    try {
      check(candidate);
    } catch {
      // Reported nothing for this candidate rather than abort the whole lint run.
    }
  }
}

/** Reports one core diagnostic of a candidate, with its fix and suggestions mapped to the source. */
export function reportDiagnostic<MessageId extends string>(
  context: Readonly<TSESLint.RuleContext<MessageId, readonly unknown[]>>,
  candidate: UriCandidate,
  diagnostic: Diagnostic,
  messageId: MessageId,
  options: { fix?: boolean; suggest?: MessageId; data?: Record<string, string> } = {},
): void {
  const sourceCode = (context as Context).sourceCode;
  const [start, end] = sourceRangeOf(candidate, diagnostic.start, diagnostic.end);
  const edits = options.fix && diagnostic.fix ? sourceEditsOf(candidate, diagnostic.fix) : undefined;
  const suggestions =
    options.suggest === undefined
      ? []
      : (diagnostic.suggestions ?? []).flatMap((suggestion) => {
          const mapped = sourceEditsOf(candidate, suggestion.edits);
          return mapped === undefined
            ? []
            : [
                {
                  messageId: options.suggest!,
                  data: { suggestion: suggestion.message },
                  fix: (fixer: TSESLint.RuleFixer) => mapped.map((e) => fixer.replaceTextRange(e.range, e.text)),
                },
              ];
        });
  context.report({
    loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(end) },
    messageId,
    data: { message: diagnostic.message, code: diagnostic.code, ...options.data },
    fix: edits === undefined ? null : (fixer) => edits.map((e) => fixer.replaceTextRange(e.range, e.text)),
    suggest: suggestions,
  });
}
