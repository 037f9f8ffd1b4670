import { findUris, hasOpaqueShape } from '@urilint/core';
import { textCandidates, type UriCandidate } from './candidate.js';
import { hasUriShape, XML_NAMESPACES } from './shape.js';
import type { TextMap } from './text-map.js';

/**
 * ASCII characters that RFC 3986 never allows and that running text puts right after a URI: a quote,
 * an angle bracket, a backquote, a backslash (`\n` written as two characters, a Windows path), a `|`
 * or a `^` (the separators of a log format: `origin->https://localhost:4000|path->/endpoint`). A URI
 * ends before one (RFC 3986 Appendix E).
 */
const NOT_IN_URIS = /[\\"<>`^|]/;

/** Punctuation that ends a sentence, not a URI, when the URI is cut before it. */
const TRAILING = /[.,;:!?'*]+$/;

/**
 * How much of a URI found in running text is the URI: up to the first character that cannot belong
 * to one (RFC 3986 Appendix E; a `|` of a log format, a `\n` written as two characters), less the
 * punctuation that then ends it. A URI that is wholly a value (an attribute, a sink's argument) is
 * not cut: there such a character is a problem to report.
 */
export function embeddedLength(uri: string): number {
  const cut = uri.search(NOT_IN_URIS);
  if (cut === -1) return uri.length;
  return cut - (TRAILING.exec(uri.slice(0, cut))?.[0].length ?? 0);
}

/**
 * The URIs of a piece of prose (a comment, a paragraph, a line of a text
 * file): each URI that `findUris` delimits and that starts like one
 * (`https://…`, `mailto:…`). Prose never yields a relative reference.
 */
export function proseCandidates(map: TextMap, init: { key?: string } = {}): UriCandidate[] {
  const value = map.value;
  if (!value.includes(':')) return [];
  const out: UriCandidate[] = [];
  for (const found of findUris(value, { abbreviated: false })) {
    if (found.uri !== value.slice(found.start, found.end)) continue;
    const uri = found.uri.slice(0, embeddedLength(found.uri));
    if (!hasUriShape(uri) || !hasOpaqueShape(uri)) continue;
    // Cut short by the whitespace that delimits it inside "[…]": the rest is not in view.
    if (uri.lastIndexOf('[') > uri.lastIndexOf(']')) continue;
    out.push(...textCandidates({ ...init, map, context: 'prose', uriStart: found.start, uriEnd: found.start + uri.length, namespace: XML_NAMESPACES.has(uri) }));
  }
  return out;
}
