import { findUris } from '@urilint/core';
import { textCandidates, type UriCandidate } from './candidate.js';
import { hasUriShape, XML_NAMESPACES } from './shape.js';
import type { TextMap } from './text-map.js';

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
    if (found.uri !== value.slice(found.start, found.end) || !hasUriShape(found.uri)) continue;
    // Cut short by the whitespace that delimits it inside "[…]": the rest is not in view.
    if (found.uri.lastIndexOf('[') > found.uri.lastIndexOf(']')) continue;
    out.push(...textCandidates({ ...init, map, context: 'prose', uriStart: found.start, uriEnd: found.end, namespace: XML_NAMESPACES.has(found.uri) }));
  }
  return out;
}
