import type { TSESTree } from '@typescript-eslint/utils';
import { analyze, parse, type Analysis, type Span, type UriReference } from '@urilint/core';
import { expressionHoles } from './route-patterns.js';
import { hasUriShape } from './shape.js';
import { sentinelHolesIn } from './templates.js';
import type { TextMap } from './text-map.js';

/** A piece of a candidate's value: text from the source (mapped back to it), or a hole. */
export type Part =
  | { kind: 'text'; start: number; end: number; map: TextMap; mapOffset: number }
  | {
      kind: 'hole';
      start: number;
      end: number;
      /** The source range of what fills it: `${…}`'s expression, `+ x`, an RFC 6570 `{var}`. */
      range: [number, number];
      /** In JS/TS: the expression (or the literal, for a `{var}`). */
      node?: TSESTree.Node;
    };

/**
 * The most entries each memo keeps. An entry (a parse result, or an analysis with what the rules
 * read of it) is about 1–2 KB, so a full memo is a few MB: enough for every URI of a large file
 * from one edit to the next and for the hosts and constants files share. At 20,000 entries each
 * worker of `urilint scan` kept tens of MB through the whole run.
 */
export const MEMO_ENTRIES = 4_000;

/**
 * A bounded memo of one function of a URI string: a file holds the same URIs
 * from one edit to the next, and many files repeat theirs, so each URI is
 * parsed and analysed once. The oldest entries go first.
 *
 * A key is copied before it is kept: a URI cut from a document is a slice of the document's text
 * in V8, and a slice kept in the memo would keep the whole text alive with it.
 */
export function memo<T>(compute: (uri: string) => T, limit = MEMO_ENTRIES): (uri: string) => T {
  const cache = new Map<string, T>();
  // The keys in the order they came, in a ring: the oldest is at `next` once it is full. (A Map's own
  // first key is found by stepping over every entry deleted before it, which V8 keeps until the
  // table is rebuilt: up to thousands of steps for each new URI once the memo is full.)
  const order: string[] = [];
  let next = 0;
  return (uri) => {
    let value = cache.get(uri);
    if (value === undefined) {
      const key = ownCopy(uri);
      value = compute(key);
      if (cache.size >= limit) cache.delete(order[next]!);
      order[next] = key;
      next = (next + 1) % limit;
      cache.set(key, value);
    }
    return value;
  };
}

/**
 * The same string, not a slice of a longer one: a concatenation is flattened into a string of its
 * own when it is sliced (V8 copies strings under 13 characters anyway).
 */
export function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** Parse results are read, never changed, by every rule: one per distinct URI. */
const parsed = memo((uri) => parse(uri));
const analysed = memo((uri) => analyze(uri, { normalForm: true }));

/** Marks candidates found without a parse of their document (see `UriCandidate.readWithoutParse`); returns them. */
export function readWithoutParse(candidates: UriCandidate[]): UriCandidate[] {
  for (const candidate of candidates) candidate.readWithoutParse = true;
  return candidates;
}

/** Why the string was taken for a URI. */
export type CandidateContext = 'sink' | 'attribute' | 'shape' | 'prose';

export interface CandidateInit {
  context: CandidateContext;
  /** The source range of the whole value (a literal, an attribute value, a link destination). */
  range: [number, number];
  node?: TSESTree.Node;
  sink?: string;
  key?: string;
  value: string;
  uriStart: number;
  uriEnd: number;
  parts: Part[];
  namespace: boolean;
  /** The text of the document it was found in (see `UriCandidate.source`). */
  source?: string;
}

/**
 * One URI found in the source: its value (holes filled with placeholders),
 * where each piece of the value comes from, and the URI parsed once — every
 * rule reads the same `reference` and `analysis`.
 */
export class UriCandidate {
  readonly context: CandidateContext;
  readonly range: [number, number];
  /** In JS/TS: the literal, template or `+` chain. */
  readonly node: TSESTree.Node | undefined;
  /** The sink's name (`fetch`, `new URL`, `axios.get`, `<a href>`), when there is one. */
  readonly sink: string | undefined;
  /** The property or key the value is the value of (`{ $schema: "…" }`, `"$schema": "…"`, `$schema: …`). */
  readonly key: string | undefined;
  /** The whole value the URI is in (for prose, the sentence); the URI is `[uriStart, uriEnd)` of it. */
  readonly value: string;
  readonly uriStart: number;
  readonly uriEnd: number;
  readonly parts: readonly Part[];
  /** Spans of the URI (relative to it) that stand for `${…}`, `+ x` or `{var}`: never reported. */
  readonly holes: readonly Span[];
  /** XML namespaces name things; they are not fetched. */
  readonly namespace: boolean;
  readonly reference: UriReference;
  /**
   * The text of the document the candidate was found in, where the reader's caller gave it: the fix
   * gate reads the source's line breaks there (`discoverDocument` and the ESLint plugin set it).
   */
  source: string | undefined;
  /**
   * Found without a parse of its document (a JavaScript, JSON or CSS file that does not parse, or
   * the text a reader that stopped did not reach): where its string begins and ends is a scanner's
   * guess (a regular expression taken for a division, an unclosed template), so no fix of it is
   * applied automatically; as ESLint runs no rule on such a file.
   */
  readWithoutParse = false;
  /**
   * Written in quotes inside a comment or a docstring: code quoted in prose (`/// Url::parse("…")`,
   * a doc test, a usage example), or printed by a doctest (`doctest.ts`), which shows what that code is given
   * or gives, so no fix of it is applied automatically.
   */
  quotedCode = false;
  /**
   * Interpolation syntax the framework writes as it is (source ranges): `{dir}` in an Astro
   * component's quoted attribute, `{{ id }}` in a Vue component's static attribute. A hole for every
   * rule but no-unexpanded-template, which reports it.
   */
  literalTemplates: { range: [number, number]; framework: 'vue' | 'svelte' | 'angular' | 'astro' }[] | undefined;
  #analysis: Analysis | undefined;

  constructor(init: CandidateInit) {
    this.context = init.context;
    this.range = init.range;
    this.node = init.node;
    this.sink = init.sink;
    this.key = init.key;
    this.value = init.value;
    this.uriStart = init.uriStart;
    this.uriEnd = init.uriEnd;
    this.parts = init.parts;
    this.namespace = init.namespace;
    this.source = init.source;
    this.holes = holesInUri(init.parts, init.uriStart, init.uriEnd);
    this.reference = parsed(init.value.slice(init.uriStart, init.uriEnd));
  }

  /** The URI's text (holes filled with placeholders). */
  get uri(): string {
    return this.reference.input;
  }

  /** The scheme, security, browser and normal-form analyses: computed when a rule first asks. */
  get analysis(): Analysis {
    return (this.#analysis ??= analysed(this.reference.input));
  }

  /** Whether `[start, end)` of the URI touches a hole (a problem there is not the source's to fix). */
  touchesHole(start: number, end: number): boolean {
    return this.holes.some((hole) => start < hole.end + (end === start ? 1 : 0) && hole.start < Math.max(end, start + 1));
  }
}

const NO_HOLES: readonly Span[] = Object.freeze([]);

/** The spans of the URI `[uriStart, uriEnd)` of a value that its parts' holes cover, relative to the URI. */
function holesInUri(parts: readonly Part[], uriStart: number, uriEnd: number): readonly Span[] {
  let holes: Span[] | undefined;
  for (const part of parts) {
    if (part.kind !== 'hole' || part.end <= uriStart || part.start >= uriEnd) continue;
    (holes ??= []).push({ start: part.start - uriStart, end: part.end - uriStart });
  }
  return holes ?? NO_HOLES;
}

/** A placeholder for a hole that is valid in any component it can stand in: a port after `scheme://host:`, else a letter. */
export function placeholder(before: string): string {
  return before.endsWith(':') && before.includes('//') && !/\/\/[^/]*\//.test(before) ? '1' : 'x';
}

/** A hole in a value: `[start, end)`, and whether it is a template control tag (`{% if %}`). */
interface ValueHole {
  start: number;
  end: number;
  control: boolean;
}

/**
 * The holes of `text` that matter to the URI at `[uriStart, uriEnd)`: masked template tags
 * (`templates.ts`) that overlap it, clipped to it, and RFC 6570 expressions (`{owner}`) and, with
 * `routes`, route pattern syntax (`:id{[0-9]+}`, `localhost:*`) between them.
 */
function holesOf(text: string, uriStart: number, uriEnd: number, routes: boolean): ValueHole[] {
  const holes: ValueHole[] = [];
  let from = uriStart;
  const rfc6570 = (to: number): void => {
    for (const expression of expressionHoles(text.slice(from, to), { routes })) {
      holes.push({ start: from + expression.start, end: from + expression.end, control: false });
    }
  };
  for (const tag of sentinelHolesIn(text, uriStart, uriEnd)) {
    const start = Math.max(tag.start, uriStart);
    if (start > from) rfc6570(start);
    holes.push({ start, end: Math.min(tag.end, uriEnd), control: tag.control });
    from = Math.min(tag.end, uriEnd);
  }
  if (from < uriEnd) rfc6570(uriEnd);
  return holes;
}

const WHITESPACE = /\s/;

/**
 * The candidates whose URI is `[uriStart, uriEnd)` of one piece of source text (a link in Markdown,
 * a JSON string, a URI in a comment). Template tags (masked before the text was parsed) and RFC 6570
 * expressions (`{owner}`) in the URI become holes, as `${…}` in JavaScript. A template control tag
 * (`{% if %}…{% else %}…{% endif %}`) makes the value a choice between texts, not one URI: each piece
 * between control tags that starts like a URI (`https://…`) is a candidate of its own, the rest is
 * left alone. A URI that is nothing but holes has nothing to check and yields none.
 */
export function textCandidates(init: Omit<CandidateInit, 'parts' | 'range' | 'value'> & { map: TextMap; range?: [number, number] }): UriCandidate[] {
  const { map } = init;
  const range = init.range ?? map.sourceRange(0, map.value.length);
  const text = map.value;
  // Spelled out, not spread: a file can hold a million of these, and a spread's copy is a slow, large object.
  const candidate = (value: string, uriStart: number, uriEnd: number, parts: Part[]): UriCandidate =>
    new UriCandidate({ context: init.context, range, node: init.node, sink: init.sink, key: init.key, value, uriStart, uriEnd, parts, namespace: init.namespace, source: init.source });
  // A URL attribute or a sink's argument is requested as written: no route pattern.
  const holes = holesOf(text, init.uriStart, init.uriEnd, init.context !== 'attribute' && init.context !== 'sink');
  if (holes.length === 0) {
    return [candidate(text, init.uriStart, init.uriEnd, [{ kind: 'text', start: 0, end: text.length, map, mapOffset: 0 }])];
  }
  // The value with each hole replaced by a placeholder; `at(k)` is where text offset k went.
  let value = '';
  const parts: Part[] = [];
  const moved: { from: number; shift: number }[] = [];
  let from = 0;
  for (const hole of holes) {
    if (hole.start > from) parts.push({ kind: 'text', start: value.length, end: value.length + (hole.start - from), map, mapOffset: from });
    value += text.slice(from, hole.start);
    const filler = placeholder(value);
    parts.push({ kind: 'hole', start: value.length, end: value.length + filler.length, range: map.sourceRange(hole.start, hole.end) });
    value += filler;
    from = hole.end;
    moved.push({ from, shift: value.length - from });
  }
  if (from < text.length || parts.length === 0) parts.push({ kind: 'text', start: value.length, end: value.length + (text.length - from), map, mapOffset: from });
  value += text.slice(from);
  const at = (k: number): number => k + (moved.findLast((move) => move.from <= k)?.shift ?? 0);

  // One URI, or the pieces between control tags that start like one.
  const pieces: [number, number][] = [];
  if (!holes.some((hole) => hole.control)) pieces.push([init.uriStart, init.uriEnd]);
  else {
    let start = init.uriStart;
    for (const hole of [...holes.filter((h) => h.control), { start: init.uriEnd, end: init.uriEnd, control: true }]) {
      let a = start;
      let b = hole.start;
      while (a < b && WHITESPACE.test(text[a]!)) a++;
      while (b > a && WHITESPACE.test(text[b - 1]!)) b--;
      if (a < b && hasUriShape(value.slice(at(a), at(b)))) pieces.push([a, b]);
      start = hole.end;
    }
  }
  // A piece with no character outside its holes has nothing of the source's own to check.
  const own = ([a, b]: [number, number]): boolean => {
    for (let k = a; k < b; k++) if (!holes.some((hole) => hole.start <= k && k < hole.end)) return true;
    return false;
  };
  return pieces.filter(own).map(([a, b]) => candidate(value, at(a), at(b), parts));
}

/** The one candidate of `textCandidates` (see there), or none. */
export function textCandidate(init: Omit<CandidateInit, 'parts' | 'range' | 'value'> & { map: TextMap; range?: [number, number] }): UriCandidate | undefined {
  return textCandidates(init)[0];
}
