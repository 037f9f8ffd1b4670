/**
 * What a rule's findings on one URI become before any front end sees them: ESLint, `urilint scan`,
 * the language server and the baseline all read these, so they count and fix the same thing.
 *
 * 1. **One fix per URI.** The fixes of a rule's findings on one URI are one fix, applied together
 *    or not at all: each finding carries every edit (the first applied settles the others). Taken
 *    one at a time, ESLint drops an edit that touches the one before it (`?q=\u2603 §10` became
 *    `?q=%E2%98%83 %C2%A710`), and a URI is left half encoded. The edits are gated together
 *    (fix-gate.ts); when they do not pass, none is applied and each is offered as a suggestion.
 * 2. **One report per URI and problem.** Findings of one message on one URI (each space of an
 *    inline SVG `data:` URI) are one finding, and so are those of one code for characters to
 *    encode in one component (its spaces, `<`, `>` and `#`): the message names the characters and
 *    says how many times, its range runs from the first to the last, its fix carries every edit.
 * 3. **What browsers accept.** A character RFC 3986 rejects that the URL parser of browsers takes
 *    (encoding it, or keeping it) is said to be so in the message.
 * 4. **Test data left as written.** In a test file (test-files.ts) a fix is a suggestion, unless
 *    the project opts in.
 */
import { applyEdits, browserReading, describeChar, encodeCodePoint, type DiagnosticCode, type TextEdit } from '@urilint/core';
import type { UriCandidate } from './candidate.js';
import { describeEdits, FINDING_SPANS, PROPOSED_FIXES, sourceEditsOf, sourceViewOf, type Finding, type FindingSuggestion, type SourceEdit } from './finding.js';
import { unsafeFixReason } from './fix-gate.js';
import type { FileContext } from './test-files.js';
import { UNESCAPED_CODES } from './unescaped-codes.js';

/** The codes of characters RFC 3986 rejects and that browsers may still accept in a URL. */
const BROWSER_TOLERATED: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([...UNESCAPED_CODES, 'pct-invalid-triplet']);

/** The sentence added to such a message when browsers parse the URI as it is written. */
export const BROWSERS_ACCEPT = 'Browsers accept the URI as written; RFC 3986 does not.';

/** The message of a problem found `count` times in one URI: `…: 188 times; write them as "%20".` */
export function repeatedMessage(message: string, count: number): string {
  const advice = /[:;] (?:in a URI )?write (?:it|them) /.exec(message);
  if (advice !== null) return `${message.slice(0, advice.index)}: ${count} times; ${message.slice(advice.index + 2).replace(/write (?:it|them) /, 'write them ')}`;
  return `${message.replace(/\.$/, '')} (${count} times).`;
}

/** The suggestion a fix is offered as when it is not applied. */
function suggestionOf(message: string, edits: SourceEdit[]): FindingSuggestion {
  return { messageId: 'suggestion', data: { suggestion: message }, message, edits };
}

/** Whether two edits of the URI cannot both be applied: they overlap, or insert at one place. */
function clash(a: TextEdit, b: TextEdit): boolean {
  return (a.start < b.end && b.start < a.end) || (a.start === b.start && (a.start === a.end || b.start === b.end));
}

/**
 * The fixes of the findings that passed the gate alone, joined into one fix gated as a whole; each
 * finding carries it. A fix that overlaps one taken before it (a dot segment removed around a
 * triplet to decode) is left to the next pass, as a suggestion in this one.
 */
function joinFixes(candidate: UriCandidate, findings: readonly Finding[]): void {
  const proposed = findings
    .filter((finding) => finding.fix !== undefined && PROPOSED_FIXES.get(finding)?.safe === true)
    .map((finding) => ({ finding, edits: PROPOSED_FIXES.get(finding)!.edits }));
  if (proposed.length < 2) return;
  const first = (edits: readonly TextEdit[]): number => Math.min(...edits.map((edit) => edit.start));
  proposed.sort((a, b) => first(a.edits) - first(b.edits));
  const edits: TextEdit[] = [];
  const taken: typeof proposed = [];
  const later: typeof proposed = [];
  for (const entry of proposed) {
    const fresh = entry.edits.filter((edit) => !edits.some((other) => other.start === edit.start && other.end === edit.end && other.text === edit.text));
    if (fresh.some((edit) => edits.some((other) => clash(edit, other)))) {
      later.push(entry);
      continue;
    }
    edits.push(...fresh);
    taken.push(entry);
  }
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const reason = taken.length < 2 ? undefined : unsafeFixReason(candidate, edits, sourceViewOf(candidate));
  const joined = taken.length < 2 ? undefined : reason === undefined ? sourceEditsOf(candidate, edits) : undefined;
  const hold = (entry: (typeof proposed)[number], why: string): void => {
    const own = entry.finding.fix!;
    delete entry.finding.fix;
    entry.finding.suggestions = [suggestionOf(`${describeEdits(candidate.uri, entry.edits)} (not applied automatically: ${why}).`, own), ...entry.finding.suggestions];
  };
  for (const entry of taken) {
    if (taken.length < 2) continue;
    if (joined !== undefined) entry.finding.fix = joined;
    else hold(entry, `with the URI's other fixes ${reason ?? 'it cannot be written in the source'}`);
  }
  for (const entry of later) hold(entry, "it overlaps another fix of the URI; it applies once that one is");
}

/** Whether source edits overlap or replace one place twice (ESLint rejects such a fix or suggestion). */
function overlapping(edits: readonly SourceEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (after.range[0] < before.range[1] || (after.range[0] === before.range[0] && after.range[1] === before.range[1])) return true;
  }
  return false;
}

/** The reason in a held-back fix's words, `Replace "<" with "%3C" (not applied automatically: …).`: what the members of a group share. */
function reasonOf(message: string): string | undefined {
  return /\((not applied automatically: .*)\)\.$/.exec(message)?.[1];
}

/**
 * The suggestions of a group: each one all members offer, its edits joined: with the same words, they
 * are said once (`…, in all 3 places.`); with the same reason for different characters, the edits are
 * said in words. Else every member's own, each once.
 */
function groupSuggestions(members: readonly Finding[], source: string | undefined): FindingSuggestion[] {
  const first = members[0]!;
  const joined = first.suggestions.map((suggestion, i) => {
    const same = members.map((member) => member.suggestions[i]);
    if (same.some((other) => other === undefined || other.messageId !== suggestion.messageId)) return undefined;
    const edits = same.flatMap((other) => other!.edits);
    if (overlapping(edits)) return undefined;
    let message: string;
    if (same.every((other) => other!.message === suggestion.message)) message = `${suggestion.message.replace(/\.$/, '')}, in all ${members.length} places.`;
    else {
      const reason = reasonOf(suggestion.message);
      if (reason === undefined || source === undefined || same.some((other) => reasonOf(other!.message) !== reason)) return undefined;
      message = `${describeSourceEdits(source, edits)} (${reason}).`;
    }
    return { ...suggestion, data: { ...suggestion.data, ...(suggestion.data.suggestion === undefined ? {} : { suggestion: message }) }, message, edits };
  });
  if (joined.every((suggestion) => suggestion !== undefined)) return joined as FindingSuggestion[];
  const seen = new Set<string>();
  return members.flatMap((member) => member.suggestions).filter((suggestion) => !seen.has(suggestion.message) && seen.add(suggestion.message) !== undefined);
}

/** The characters to encode named at most this many at a time in a report of the URI's characters; the rest are counted. */
const NAMED_CHARACTERS = 8;

/** A character core asks to percent-encode, as a report of the URI's characters reads it: a code of these, in one component. */
interface CharacterProblem {
  /** `the path`, `the data`: the component as core's message names it. */
  where: string;
  /** `allowed only in an IRI`, for a non-ASCII character; `undefined` for one of the ASCII ones. */
  why: string | undefined;
}

/** What a message of core's about characters to encode says, when it is one. */
function characterProblem(finding: Finding): CharacterProblem | undefined {
  const message = finding.data['message'];
  if (finding.code === undefined || !UNESCAPED_CODES.has(finding.code) || message === undefined) return undefined;
  if (finding.code === 'iri-char') {
    const match = / in (the [a-z ]+?) (?:is|are) ((?:not )?allowed [A-Za-z ]+?); in a URI write (?:it|them) percent-encoded as UTF-8: /.exec(message);
    return match === null ? undefined : { where: match[1]!, why: match[2]! };
  }
  const match = / must be percent-encoded in (the [a-z ]+?): write (?:it|them) as /.exec(message);
  return match === null ? undefined : { where: match[1]!, why: undefined };
}

/**
 * The message of a report of the URI's characters to encode, each named with its encoding and how
 * many times it stands: `214 characters must be percent-encoded in the data: write a space as "%20"
 * (188 times), "<" as "%3C" (12 times)…`. `undefined` when a member's characters cannot be read.
 */
function charactersMessage(candidate: UriCandidate, members: readonly Finding[], problem: CharacterProblem): string | undefined {
  const counts = new Map<number, number>();
  let total = 0;
  for (const member of members) {
    const span = FINDING_SPANS.get(member);
    if (span === undefined) return undefined;
    for (const ch of candidate.uri.slice(span.start, span.end)) {
      const cp = ch.codePointAt(0)!;
      counts.set(cp, (counts.get(cp) ?? 0) + 1);
      total++;
    }
  }
  if (counts.size === 1) {
    // One character in runs of different lengths: said as a problem repeated, `A space must be percent-encoded in the path: 3 times; …`.
    const [[cp, count]] = [...counts] as [[number, number]];
    const described = describeChar(cp).replace(/^[a-z]/, (letter) => letter.toUpperCase());
    const encoded = encodeCodePoint(cp);
    return repeatedMessage(
      problem.why === undefined
        ? `${described} must be percent-encoded in ${problem.where}: write it as "${encoded}".`
        : `${described} in ${problem.where} is ${problem.why}; in a URI write it percent-encoded as UTF-8: "${encoded}".`,
      count,
    );
  }
  const named = [...counts].slice(0, NAMED_CHARACTERS).map(([cp, count]) => `${describeChar(cp)} as "${encodeCodePoint(cp)}"${count > 1 ? ` (${count} times)` : ''}`);
  const rest = [...counts].slice(NAMED_CHARACTERS);
  if (rest.length > 0) {
    const others = rest.reduce((sum, [, count]) => sum + count, 0);
    named.push(`and ${rest.length} other characters${others > rest.length ? ` (${others} times in all)` : ''}`);
  }
  const list = named.join(', ');
  return problem.why === undefined
    ? `${total} characters must be percent-encoded in ${problem.where}: write ${list}.`
    : `${total} characters in ${problem.where} are ${problem.why}; in a URI write them percent-encoded as UTF-8: ${list}.`;
}

/**
 * A rule's findings on the URI that are one problem made one report, in the order of their first:
 * those of one message (a space, 188 times), and those of one of core's codes for characters to
 * encode in one component (a space, "<", ">" and "#" of an inline SVG), named with their counts.
 * Only those whose template shows core's message (`{{message}}`) are counted.
 */
function groupRepeated(candidate: UriCandidate, findings: readonly Finding[], messages: Readonly<Record<string, string>>): Finding[] {
  const groups = new Map<string, Finding[]>();
  const problems = new Map<Finding[], CharacterProblem>();
  const order: (Finding | Finding[])[] = [];
  for (const finding of findings) {
    const message = finding.data['message'];
    if (message === undefined || messages[finding.messageId]?.includes('{{message}}') !== true) {
      order.push(finding);
      continue;
    }
    const problem = FINDING_SPANS.has(finding) ? characterProblem(finding) : undefined;
    const key =
      problem === undefined
        ? `${finding.messageId}\u0000${finding.code ?? ''}\u0000${message}`
        : // Those the URI's fix writes apart from those it leaves (a quote of a string built around holes): each report's fix writes all its characters.
          `${finding.messageId}\u0000${finding.code ?? ''}\u0001${problem.where}\u0000${problem.why ?? ''}\u0000${finding.fix === undefined ? 'held' : 'fixed'}`;
    const group = groups.get(key);
    if (group !== undefined) group.push(finding);
    else {
      const created = [finding];
      groups.set(key, created);
      if (problem !== undefined) problems.set(created, problem);
      order.push(created);
    }
  }
  return order.flatMap((entry) => {
    if (!Array.isArray(entry)) return [entry];
    if (entry.length === 1) return [entry[0]!];
    const first = entry[0]!;
    const count = entry.length;
    const problem = problems.get(entry);
    let shown: { message: string; data: string } | undefined;
    if (entry.every((member) => member.data['message'] === first.data['message'])) {
      shown = { message: repeatedMessage(first.message, count), data: repeatedMessage(first.data['message']!, count) };
    } else if (problem !== undefined) {
      const said = charactersMessage(candidate, entry, problem);
      // The browsers' sentence when browsers accept each of the characters.
      const note = entry.every((member) => member.data['message']!.endsWith(BROWSERS_ACCEPT)) ? ` ${BROWSERS_ACCEPT}` : '';
      if (said !== undefined) shown = { message: said + note, data: said + note };
    }
    // Members whose characters cannot be named together stay as they are, each with the URI's one fix.
    if (shown === undefined) return entry;
    const merged: Finding = {
      ...first,
      message: shown.message,
      data: { ...first.data, message: shown.data },
      range: [first.range[0], Math.max(...entry.map((member) => member.range[1]))],
      suggestions: groupSuggestions(entry, candidate.source),
    };
    const fix = entry.find((member) => member.fix !== undefined)?.fix;
    if (fix !== undefined) merged.fix = fix;
    else delete merged.fix;
    return [merged];
  });
}

/**
 * The messages of characters that browsers accept, said so: when browsers parse the URI as written,
 * and read it the same once the finding's own fix is applied (a `\\` in an http URL is accepted, but
 * read as `/`: no such note).
 */
function noteBrowsers(candidate: UriCandidate, findings: Finding[], messages: Readonly<Record<string, string>>): void {
  let reading: string | undefined | null = null;
  const relative = candidate.reference.scheme === undefined;
  for (const finding of findings) {
    if (finding.code === undefined || !BROWSER_TOLERATED.has(finding.code) || finding.data['message'] === undefined || messages[finding.messageId]?.includes('{{message}}') !== true) continue;
    if (reading === null) reading = browserReading(candidate.uri, relative);
    if (reading === undefined) return;
    const own = PROPOSED_FIXES.get(finding)?.edits;
    if (own !== undefined && !sameReading(candidate.uri, own, reading, relative)) continue;
    finding.message = `${finding.message} ${BROWSERS_ACCEPT}`;
    finding.data = { ...finding.data, message: `${finding.data['message']} ${BROWSERS_ACCEPT}` };
  }
}

/** Whether the URI with `edits` applied reads as `reading` in a browser. */
function sameReading(uri: string, edits: readonly TextEdit[], reading: string, relative: boolean): boolean {
  try {
    return browserReading(applyEdits(uri, edits), relative) === reading;
  } catch {
    return false;
  }
}

/** `Replace " " with "%20" (3 times), replace "☃" with "%E2%98%83"`: source edits in words, each kind once. */
function describeSourceEdits(source: string | undefined, edits: readonly SourceEdit[]): string {
  if (source === undefined) return 'Apply the fix';
  const counts = new Map<string, number>();
  for (const edit of edits) {
    const was = source.slice(edit.range[0], edit.range[1]);
    const key = was === '' ? `insert "${edit.text}"` : `replace "${was}" with "${edit.text}"`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const words = [...counts].map(([key, count]) => (count > 1 ? `${key} (${count} times)` : key)).join(', ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * In a test file (and the project has not opted in), each fix offered as a suggestion instead:
 * test data is written as it is on purpose. The findings are changed in place.
 */
export function asTestData<T extends Finding>(findings: T[], file: FileContext, source: string | undefined): T[] {
  if (file.testFile !== true || file.fixTestFiles === true) return findings;
  // One fix shared by several findings of a URI becomes one suggestion for each.
  for (const finding of findings) {
    const fix = finding.fix;
    if (fix === undefined) continue;
    delete finding.fix;
    finding.suggestions = [suggestionOf(`${describeSourceEdits(source, fix)} (not applied automatically: this is a test file, whose data is written as it is on purpose).`, fix), ...finding.suggestions];
  }
  return findings;
}

/** A rule's findings on one URI as every front end reports them (see the module's comment). */
export function finishFindings(candidate: UriCandidate, findings: Finding[], messages: Readonly<Record<string, string>>, file: FileContext): Finding[] {
  if (findings.length === 0) return findings;
  joinFixes(candidate, findings);
  noteBrowsers(candidate, findings, messages);
  const grouped = findings.length > 1 ? groupRepeated(candidate, findings, messages) : findings;
  return asTestData(grouped, file, candidate.source);
}
