/**
 * The one gate every automatic fix passes: ESLint's `fix`, `urilint scan --fix`, and the editor's
 * preferred quick-fix and fix-all all apply a fix only when `fixIsSafe` says so; anything else is
 * offered as a suggestion at most. A fix is safe when
 *
 * 1. it changes only characters of the URI's own text: no hole (`${…}`, `{{ … }}`, `{var}`) and
 *    nothing outside the URI;
 * 2. it touches no line break, in the value or in the source it is written in (a folded YAML line,
 *    a line continuation, an attribute broken over lines);
 * 3. it keeps what a browser reads: where Node's `URL` (the WHATWG parser browsers follow) parses
 *    the URI (against a base for a relative reference), it parses the fixed URI to the same URL;
 *    where it rejects a URI of a scheme browsers parse, it must accept the fixed one;
 * 4. the fixed URI has strictly fewer problems than the URI;
 * 5. the string is not what a test expects character for character: in JavaScript, a value given to
 *    an assertion (`.toBe(…)`, `.toEqual({ url: … })`, `assert.equal(…)`) is compared as text, and a
 *    fix there fails the test however well it keeps the URL;
 * 6. the URI was found by a parse of its document: in a file that does not parse, the tolerant
 *    readers' strings are a scanner's guess (ESLint runs no rule on such a file);
 * 7. it writes no `[` or `]` as `%5B` or `%5D`: these two are delimiters (RFC 3986 §2.2: a URI with
 *    a reserved character percent-encoded is not equivalent), browsers send them as written, and
 *    applications read them as syntax before they decode (`?a[]=1` query arrays, `/character/[1,2]`
 *    lists, `[id]` routes), so encoding them may change what the server does;
 * 8. in a URI built around holes (a string joined with `+` or a template's expressions) that is
 *    given to no URL API (`fetch`, `axios.get`, `new URL`…), it writes no `"`, `'`, `<` or `>` as an
 *    escape: such a string often builds markup, where the character closes the attribute the URL is
 *    spliced into (CKEditor's `'})())"'`), which `%22` would not;
 * 9. it writes no `#` as `%23`: a browser keeps a `#` after the first as it is written in the
 *    fragment, and a page's script reads `location.hash` without decoding it (a hashbang route,
 *    `#!#get--userinfo`), so the escape changes what the page reads;
 * 10. the URI is not an attribute of a component (a Vue, Svelte, Angular or Astro component, a
 *    custom element, a JSX component named as a link): the component's own code reads the text as
 *    written before any browser does (naive-ui's `<n-anchor-link href="#演示">` finds its target with
 *    `getElementById` on the raw fragment), so an escape may change what it does;
 * 11. it writes no `@` as `%40`: an `@` decides where the userinfo ends (RFC 3986 allows none inside
 *    it), a browser splits at the last one and other parsers at the first, and a client that reads
 *    the userinfo without decoding (Rust's `http::Uri`, so ureq's `Proxy::new`, given a proxy URL whose
 *    password holds an `@`) reads `%40` as three characters of the password;
 * 12. it writes no `\` as `%5C`: where a browser does not read a `\` as `/` (a query, a fragment, the path
 *    of a URL of another scheme) it sends it as written, so `%5C` is not what it sends (Newtonsoft.Json's
 *    `@"http://tes/?a=b\\c&d=e\"`, a test of backslashes kept); where it does, the reading changes (3).
 *
 * "The same URL" means the same scheme, user, password, host and port, and the same path segments,
 * query names and values and fragment once percent-decoded: escaping a space or a `|` keeps them,
 * turning `\` into `%5C` in an http URL does not (a browser reads `\` as `/`).
 */
import { analyze, applyEdits, browserReading, SPECIAL_SCHEMES, type Span, type TextEdit } from '@urilint/core';
import type { TSESTree } from '@typescript-eslint/utils';
import type { UriCandidate } from './candidate.js';
import { findTemplateTags, templateSyntaxes, type TemplateSyntax } from './templates.js';

const ALL_SYNTAXES = templateSyntaxes(true);

const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** The delimiters a fix does not percent-encode (condition 7), with their encodings. */
const BRACKETS = new Map([
  ['[', '%5B'],
  [']', '%5D'],
]);

/** Whether `after` holds a template tag that `before` does not: one a fix wrote, or formed by joining its text to a tag. */
function writesTags(before: string, after: string, syntaxes: ReadonlySet<TemplateSyntax>): boolean {
  const had = new Set(findTemplateTags(before, syntaxes).map((tag) => before.slice(tag.start, tag.end)));
  return findTemplateTags(after, syntaxes).some((tag) => !had.has(after.slice(tag.start, tag.end)));
}

/**
 * The syntaxes whose tags have an opener and a closer (`<%= … %>`, `{{ … }}`): one written beside a
 * hole may open a tag that the hole's closes. (A format's `%s` beside a written `%%` is no `%NAME%`.)
 */
const DELIMITED_SYNTAXES: ReadonlySet<TemplateSyntax> = new Set(['mustache', 'jinja', 'erb', 'php', 'actions']);

/** `text` with each hole's placeholder replaced by what the source writes there (the tag itself). */
function withHoles(text: string, holes: readonly Span[], written: readonly string[]): string {
  let out = '';
  let at = 0;
  holes.forEach((hole, i) => {
    out += text.slice(at, hole.start) + written[i]!;
    at = hole.end;
  });
  return out + text.slice(at);
}

/** A `#` in a fragment (condition 9), with its encoding. */
const NUMBER_SIGN = new Map([['#', '%23']]);

/** An `@`, which ends the userinfo (condition 11), with its encoding. */
const AT_SIGN = new Map([['@', '%40']]);

/** A `\`, which a browser sends as written or reads as `/` (condition 12), with its encoding. */
const BACKSLASH = new Map([['\\', '%5C']]);

/** What delimits markup a built string may be part of (condition 8), with their encodings. */
const MARKUP_DELIMITERS = new Map([
  ['"', '%22'],
  ["'", '%27'],
  ['<', '%3C'],
  ['>', '%3E'],
]);

/** A native element's name (`a`, `img`, SVG's `linearGradient`); a component's has a "-", a capital first letter or a ".". */
const NATIVE_ELEMENT = /^[a-z][a-zA-Z0-9]*$/;

/** Whether the candidate is an attribute of a component or custom element (condition 10): its sink is `<tag attribute>` of one. */
export function isComponentAttribute(candidate: UriCandidate): boolean {
  if (candidate.context !== 'attribute' || candidate.sink === undefined) return false;
  const tag = /^<([^\s>]+)[\s>]/.exec(candidate.sink)?.[1];
  return tag !== undefined && !NATIVE_ELEMENT.test(tag);
}

/** Whether an edit that replaces `before` with `after` writes one of `characters` as its percent-encoding. */
function encodesAny(before: string, after: string, characters: ReadonlyMap<string, string>): boolean {
  const written = after.toUpperCase();
  for (const [character, encoding] of characters) if (before.includes(character) && written.includes(encoding)) return true;
  return false;
}

/** The number of problems urilint reports in a URI: the grammar's and every analysis's, but none that touches a hole. */
function problems(uri: string, holes: readonly Span[]): number {
  const touches = (start: number, end: number): boolean => holes.some((hole) => start < hole.end + (end === start ? 1 : 0) && hole.start < Math.max(end, start + 1));
  return analyze(uri, { normalForm: true }).diagnostics.filter((diagnostic) => !touches(diagnostic.start, diagnostic.end)).length;
}

/** Where the holes of a URI are once `edits` (none of which touches a hole) are applied. */
function movedHoles(holes: readonly Span[], edits: readonly TextEdit[]): Span[] {
  return holes.map((hole) => {
    const shift = edits.filter((edit) => edit.end <= hole.start).reduce((sum, edit) => sum + edit.text.length - (edit.end - edit.start), 0);
    return { start: hole.start + shift, end: hole.end + shift };
  });
}

/** Methods of expect-style assertions (Jest, Vitest, Chai, node:assert, tap, ava) whose arguments are compared with a value. */
const ASSERTION_METHODS = new Set([
  'toBe', 'toEqual', 'toStrictEqual', 'toMatch', 'toContain', 'toMatchObject', 'toHaveProperty', 'toHaveBeenCalledWith',
  'toHaveBeenLastCalledWith', 'toHaveBeenNthCalledWith', 'toThrow', 'toThrowError', 'toMatchInlineSnapshot',
  'equal', 'equals', 'strictEqual', 'deepEqual', 'deepStrictEqual', 'notEqual', 'notStrictEqual', 'eq', 'eql', 'include', 'is', 'same', 'match',
]);

/** Whether a JavaScript value is given to a test assertion (through the arrays and objects that hold it) as what it expects. */
function isAssertionValue(node: TSESTree.Node | undefined): boolean {
  let current = node;
  while (current?.parent !== undefined) {
    const parent: TSESTree.Node = current.parent;
    if (parent.type === 'ArrayExpression' || parent.type === 'ObjectExpression' || (parent.type === 'Property' && parent.value === current)) {
      current = parent;
      continue;
    }
    if (parent.type !== 'CallExpression' || !parent.arguments.includes(current as TSESTree.CallExpressionArgument)) return false;
    const callee = parent.callee;
    if (callee.type === 'Identifier') return callee.name === 'assert';
    return callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && ASSERTION_METHODS.has(callee.property.name);
  }
  return false;
}

/** The source text a candidate was read from, and where a range of its URI is written in it. */
export interface SourceView {
  text: string;
  range(start: number, end: number): [number, number];
}

/**
 * Why a fix cannot be applied automatically whatever it means (conditions 1, 2, 5 and 6, and no
 * template syntax written), or `undefined`. A fix that is meant to change where a URI points — the
 * local-link rule's case of a file name — passes these and nothing more; every other fix passes
 * `unsafeFixReason`, which asks these first.
 */
export function structuralFixReason(candidate: UriCandidate, edits: readonly TextEdit[], source?: SourceView): string | undefined {
  if (candidate.readWithoutParse) return 'the file does not parse, so where the string ends is only a guess';
  const uri = candidate.uri;
  for (const edit of edits) {
    if (edit.start < 0 || edit.end > uri.length || edit.start > edit.end) return 'it reaches outside the URI';
    if (candidate.touchesHole(edit.start, edit.end)) return 'it touches a template expression';
    if (LINE_BREAK.test(edit.text)) return 'it writes a line break';
    const written = source === undefined ? uri.slice(edit.start, edit.end) : source.text.slice(...source.range(edit.start, edit.end));
    if (LINE_BREAK.test(written)) return 'it touches a line break';
  }
  let fixed: string;
  try {
    fixed = applyEdits(uri, edits);
  } catch {
    return 'its edits overlap';
  }
  // A decoded `%41` after a `$` writes `$A`, a variable to a template engine.
  // …or joins what it writes to a hole's tag (`%C3%A9` after a `<` and before `<%= link %>` opens `<%C3%A9<%= link %>`).
  if (writesTags(uri, fixed, ALL_SYNTAXES)) return 'it writes template syntax';
  if (source !== undefined && candidate.holes.length > 0) {
    const holeText = (hole: Span): string => source.text.slice(...source.range(hole.start, hole.end));
    if (writesTags(withHoles(uri, candidate.holes, candidate.holes.map(holeText)), withHoles(fixed, movedHoles(candidate.holes, edits), candidate.holes.map(holeText)), DELIMITED_SYNTAXES)) return 'it writes template syntax';
  }
  if (isAssertionValue(candidate.node)) return 'a test compares the string as text';
  return undefined;
}

/**
 * Why a fix is not applied automatically, or `undefined` when it is safe (see the module's comment).
 * Line breaks are looked for in the source when there is one (`\u000d` written as an escape is not a
 * line break of the file, a folded YAML line is), else in the URI.
 */
export function unsafeFixReason(candidate: UriCandidate, edits: readonly TextEdit[], source?: SourceView): string | undefined {
  const structural = structuralFixReason(candidate, edits, source);
  if (structural !== undefined) return structural;
  if (isComponentAttribute(candidate)) return "a component's code reads the attribute as written, before a browser does";
  if (writesPercentIntoFormat(candidate, edits, source)) return 'a printf format reads a "%" the fix writes as a conversion of its own';
  const uri = candidate.uri;
  // An edit may cover several characters (`"]` written `%22%5D` at once): each character it encodes counts.
  if (edits.some((edit) => encodesAny(uri.slice(edit.start, edit.end), edit.text, BRACKETS))) return 'applications read "[" and "]" as syntax before they decode';
  if (candidate.holes.length > 0 && candidate.sink === undefined && edits.some((edit) => encodesAny(uri.slice(edit.start, edit.end), edit.text, MARKUP_DELIMITERS))) return 'a string built around holes may be markup, where a quote or angle bracket is a delimiter';
  if (edits.some((edit) => encodesAny(uri.slice(edit.start, edit.end), edit.text, NUMBER_SIGN))) return 'a page reads a "#" in the fragment as written (location.hash is not decoded)';
  if (edits.some((edit) => encodesAny(uri.slice(edit.start, edit.end), edit.text, AT_SIGN))) return 'which "@" ends the userinfo is for the reader to decide: a browser takes the last, other parsers the first, and a client that does not decode reads "%40" as three characters';
  const fixed = applyEdits(uri, edits);
  const span = candidate.reference.scheme;
  const scheme = span === undefined ? undefined : uri.slice(span.start, span.end).toLowerCase();
  const relative = scheme === undefined;
  const before = browserReading(uri, relative);
  const after = browserReading(fixed, relative);
  if (before !== undefined && after !== before) return 'it changes what a browser reads';
  if (edits.some((edit) => encodesAny(uri.slice(edit.start, edit.end), edit.text, BACKSLASH))) return 'a browser sends a "\\" as written wherever it does not read it as "/", and "%5C" is not what it sends';
  if (before === undefined && after === undefined && (relative || SPECIAL_SCHEMES.has(scheme))) return 'browsers reject the URI with or without it';
  if (problems(fixed, movedHoles(candidate.holes, edits)) >= problems(uri, candidate.holes)) return 'it does not leave fewer problems';
  if (candidate.quotedCode) return 'it is code quoted in a comment or a doctest, which shows what that code is given or prints';
  return undefined;
}

/** A printf conversion as its source writes it (`%s`, `%[1]d`, `%-8v`): a hole a format fills. */
const CONVERSION = /^%(?:\[\d+\])?[-+# 0]*\d*(?:\.\d*)?(?:\[\d+\])?[a-zA-Z]$/;

/**
 * Whether a fix writes a lone `%` (not `%%`) into a string whose holes are printf conversions: the
 * format then reads it as a conversion of its own (congo's `#text=%s %s`, filled by Hugo's `printf`,
 * fixed to `%s%20%s`: Go's `%20%` writes "%", then "s", and the title is left over). Where the
 * string's own writer doubles a `%` (a PHP or Python format), the fix is kept.
 */
function writesPercentIntoFormat(candidate: UriCandidate, edits: readonly TextEdit[], source: SourceView | undefined): boolean {
  if (source === undefined || !edits.some((edit) => edit.text.includes('%'))) return false;
  if (!candidate.holes.some((hole) => CONVERSION.test(source.text.slice(...source.range(hole.start, hole.end))))) return false;
  for (const edit of edits) {
    if (!edit.text.includes('%')) continue;
    const from = candidate.uriStart + edit.start;
    const to = candidate.uriStart + edit.end;
    const part = candidate.parts.find((p) => p.kind === 'text' && p.start <= from && to <= p.end && (from < p.end || from === to));
    const written = part?.kind === 'text' ? part.map.replace(part.mapOffset + (from - part.start), part.mapOffset + (to - part.start), edit.text)?.text : undefined;
    if (written === undefined || written.replace(/%%/g, '').includes('%')) return true;
  }
  return false;
}

/** Whether a fix may be applied automatically (see the module's comment). */
export function fixIsSafe(candidate: UriCandidate, edits: readonly TextEdit[], source?: SourceView): boolean {
  return unsafeFixReason(candidate, edits, source) === undefined;
}
