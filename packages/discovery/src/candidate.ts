import type { TSESTree } from '@typescript-eslint/utils';
import { analyze, findUriTemplateExpressions, parse, type Analysis, type Span, type UriReference } from '@urilint/core';
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
 * A bounded memo of one function of a URI string: a file holds the same URIs
 * from one edit to the next, and many files repeat theirs, so each URI is
 * parsed and analysed once. The oldest entries go first.
 */
function memo<T>(compute: (uri: string) => T, limit = 20_000): (uri: string) => T {
  const cache = new Map<string, T>();
  return (uri) => {
    let value = cache.get(uri);
    if (value === undefined) {
      value = compute(uri);
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      cache.set(uri, value);
    }
    return value;
  };
}

/** Parse results are read, never changed, by every rule: one per distinct URI. */
const parsed = memo((uri) => parse(uri));
const analysed = memo((uri) => analyze(uri, { normalForm: true }));

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
    this.holes = init.parts
      .filter((part) => part.kind === 'hole')
      .map((part) => ({ start: part.start - init.uriStart, end: part.end - init.uriStart }))
      .filter((hole) => hole.end > 0 && hole.start < init.uriEnd - init.uriStart);
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

/** A placeholder for a hole that is valid in any component it can stand in: a port after `scheme://host:`, else a letter. */
export function placeholder(before: string): string {
  return before.endsWith(':') && before.includes('//') && !/\/\/[^/]*\//.test(before) ? '1' : 'x';
}

/**
 * A candidate whose URI is `[uriStart, uriEnd)` of one piece of source text
 * (a link in Markdown, a JSON string, a URI in a comment). RFC 6570
 * expressions in the URI (`{owner}`) become holes, as in JavaScript strings.
 */
export function textCandidate(init: Omit<CandidateInit, 'parts' | 'range' | 'value'> & { map: TextMap; range?: [number, number] }): UriCandidate {
  const { map, ...rest } = init;
  const range = init.range ?? map.sourceRange(0, map.value.length);
  const text = map.value;
  const expressions = findUriTemplateExpressions(text.slice(init.uriStart, init.uriEnd));
  if (expressions.length === 0) {
    return new UriCandidate({ ...rest, range, value: text, parts: [{ kind: 'text', start: 0, end: text.length, map, mapOffset: 0 }] });
  }
  let value = text.slice(0, init.uriStart);
  const parts: Part[] = init.uriStart > 0 ? [{ kind: 'text', start: 0, end: init.uriStart, map, mapOffset: 0 }] : [];
  let from = init.uriStart;
  for (const expression of expressions) {
    const at = init.uriStart + expression.start;
    const to = init.uriStart + expression.end;
    if (at > from) parts.push({ kind: 'text', start: value.length, end: value.length + (at - from), map, mapOffset: from });
    value += text.slice(from, at);
    const filler = placeholder(value);
    parts.push({ kind: 'hole', start: value.length, end: value.length + filler.length, range: map.sourceRange(at, to) });
    value += filler;
    from = to;
  }
  const uriEnd = value.length + (init.uriEnd - from);
  parts.push({ kind: 'text', start: value.length, end: value.length + (text.length - from), map, mapOffset: from });
  value += text.slice(from);
  return new UriCandidate({ ...rest, range, value, uriEnd, parts });
}
