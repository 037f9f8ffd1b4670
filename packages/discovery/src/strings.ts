/**
 * A string's value read as a URI or not, the same for every language's strings: a sink's argument
 * or a URL attribute is a URI whatever it looks like; any other string is one by its shape (a known
 * scheme and `//`, or `//host`; with white space only where its name says it is a URL or the space
 * is its only gap), or holds URIs in its prose. The JavaScript reader and the readers of other
 * languages (`languages/`) build the value and its parts (text mapped to the source, holes) in their
 * language's syntax and hand them here.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { findUris, hasOpaqueShape } from '@urilint/core';
import { placeholder, UriCandidate, type CandidateContext, type Part } from './candidate.js';
import { withDoctests } from './doctest.js';
import { embeddedLength } from './prose.js';
import { srcsetSpans } from './formats/html.js';
import { hasUriShape, isSrcset, isWholeUri, looksLikePattern, uriListRanges, XML_NAMESPACES } from './shape.js';
import { findTemplateTags, type TemplateSyntax } from './templates.js';
import { expressionHoles } from './route-patterns.js';
import type { TextMap } from './text-map.js';

export interface ValueInit {
  /** The source range of the whole expression (a literal, a concatenation). */
  range: [number, number];
  node?: TSESTree.Node;
  key?: string | undefined;
  source?: string;
  /** The variable or key the value is given to (`api_url = "…"`): a URL's name lets its space be a problem, not a gap. */
  name?: string | undefined;
  /** A title the program shows (a test's name): read as prose, so a URL ends at its first space. */
  title?: boolean;
  /** A sink's argument or a URL attribute: a URI whatever it looks like. */
  context?: CandidateContext | undefined;
  sink?: string | undefined;
  namespace: boolean;
}

/**
 * A URI in prose whose authority starts with a wildcard (`%` that is no percent-encoding, `*`): a
 * pattern, as a SQL `LIKE` pattern's scheme, `://` and `%` and a glob's `http://*.example.com/*` are, not a URI.
 */
const WILDCARD_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/(?:\*|%(?![0-9a-f]{2}))/i;

/** The candidates of a string's value (see the module's comment). */
export function valueCandidates(value: string, parts: Part[], init: ValueInit): UriCandidate[] {
  const { name, context, sink, namespace, title, ...common } = init;
  if (context !== undefined) {
    if (value.trim().length === 0) return [];
    return [new UriCandidate({ ...common, context, sink, value, uriStart: 0, uriEnd: value.length, parts, namespace })];
  }
  if (looksLikePattern(value)) return [];
  const firstHole = parts.find((part) => part.kind === 'hole');
  const staticStart = value.slice(0, firstHole ? firstHole.start : value.length);
  // A srcset written as a value (`{ srcset: "a.jpg 1x, b.jpg 2x" }`, with URLs): each URL apart from its descriptor.
  if (firstHole === undefined && isSrcset(value)) {
    return srcsetSpans(value)
      .filter(([start, end]) => hasUriShape(value.slice(start, end)))
      .map(([start, end]) => new UriCandidate({ ...common, context: 'shape', value, uriStart: start, uriEnd: end, parts, namespace: false }));
  }
  // A list of absolute URLs separated by ";" or "," (ASP.NET Core's `--urls "http://a:5000;https://b:5001"`, a list of allowed origins): each URL on its own.
  const list = uriListRanges(value);
  if (list !== undefined) return list.map(([start, end]) => new UriCandidate({ ...common, context: 'shape', value, uriStart: start, uriEnd: end, parts, namespace: false }));
  if (hasUriShape(staticStart, firstHole !== undefined) && (!/\s/.test(value) || (title !== true && isWholeUri(value, name)))) {
    const isNamespace = namespace || XML_NAMESPACES.has(value);
    return [new UriCandidate({ ...common, context: 'shape', value, uriStart: 0, uriEnd: value.length, parts, namespace: isNamespace })];
  }
  // Prose: text with whitespace in which findUris delimits URIs. A string without whitespace
  // is one token: a URI by its shape (above) or not a URI at all — never mined for one inside.
  const out: UriCandidate[] = [];
  if (!value.includes(':') || !/\s/.test(value)) return out;
  for (const found of findUris(value, { abbreviated: false })) {
    if (found.uri !== value.slice(found.start, found.end)) continue;
    const uri = found.uri.slice(0, embeddedLength(found));
    const end = found.start + uri.length;
    if (!hasUriShape(uri) || !hasOpaqueShape(uri)) continue;
    if (parts.some((part) => part.kind === 'hole' && part.start < end && found.start < part.end)) continue;
    if (WILDCARD_AUTHORITY.test(uri)) continue;
    // Cut short by the whitespace that delimits it inside "[…]": the rest of the literal is not in view.
    if (uri.lastIndexOf('[') > uri.lastIndexOf(']')) continue;
    out.push(new UriCandidate({ ...common, context: 'prose', value, uriStart: found.start, uriEnd: end, parts, namespace: XML_NAMESPACES.has(uri) }));
  }
  // A docstring's doctest: what its input lines give the code is not read, what it prints is quoted code.
  return withDoctests(value, out);
}

/** A span of a value: `[start, end)`. */
export interface ValueSpan {
  start: number;
  end: number;
}

/**
 * The holes of a string's text that are not its language's own syntax: template tags of the given
 * syntaxes, and RFC 6570 expressions (`{owner}`) between them — and route pattern syntax, with
 * `routes` (a string that goes to a request as written is no route pattern).
 */
export function templateHoles(cooked: string, syntaxes: ReadonlySet<TemplateSyntax>, routes: boolean): ValueSpan[] {
  const holes: ValueSpan[] = [];
  let from = 0;
  const rfc6570 = (to: number): void => {
    for (const expression of expressionHoles(cooked.slice(from, to), { routes })) holes.push({ start: from + expression.start, end: from + expression.end });
  };
  for (const tag of findTemplateTags(cooked, syntaxes)) {
    rfc6570(tag.start);
    holes.push({ start: tag.start, end: tag.end });
    from = tag.end;
  }
  rfc6570(cooked.length);
  return holes;
}

/** A piece of a string built in some language: text (its map, and its own holes: placeholders, interpolations written inside it), or a hole (an expression between pieces). */
export type StringPiece = { map: TextMap; holes: readonly ValueSpan[] } | { hole: [number, number] };

/**
 * The value and parts of a string built from `pieces`: each hole becomes a placeholder (`x`, or `1`
 * for a port), each text part keeps its map. The holes of a text piece must be sorted and not overlap.
 */
export function assemblePieces(pieces: readonly StringPiece[]): { value: string; parts: Part[] } {
  let value = '';
  const parts: Part[] = [];
  const hole = (range: [number, number]): void => {
    const text = placeholder(value);
    parts.push({ kind: 'hole', start: value.length, end: value.length + text.length, range });
    value += text;
  };
  for (const piece of pieces) {
    if ('hole' in piece) {
      hole(piece.hole);
      continue;
    }
    const cooked = piece.map.value;
    let from = 0;
    for (const span of piece.holes) {
      if (span.start < from) continue;
      if (span.start > from) parts.push({ kind: 'text', start: value.length, end: value.length + (span.start - from), map: piece.map, mapOffset: from });
      value += cooked.slice(from, span.start);
      hole(piece.map.sourceRange(span.start, span.end));
      from = span.end;
    }
    if (from < cooked.length || cooked.length === 0) parts.push({ kind: 'text', start: value.length, end: value.length + (cooked.length - from), map: piece.map, mapOffset: from });
    value += cooked.slice(from);
  }
  return { value, parts };
}

/** `a` and `b` merged and sorted; a span of `b` that overlaps one of `a` is dropped. */
export function mergeHoles(a: readonly ValueSpan[], b: readonly ValueSpan[]): ValueSpan[] {
  const kept = b.filter((span) => !a.some((other) => other.start < span.end && span.start < other.end));
  return [...a, ...kept].sort((x, y) => x.start - y.start);
}
