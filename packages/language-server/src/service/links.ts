import { isNavigableScheme, resolve } from '@urilint/core';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentLink } from 'vscode-languageserver-types';
import type { DocumentAnalysis } from './analysis.js';
import { toRange } from './diagnostics.js';
import { masked } from './hover.js';

/**
 * A link for every valid absolute URI found (its target is the URI as
 * written); a URI with a `${…}` in it is not a link, and nor is one whose
 * scheme would run code.
 */
export function provideDocumentLinks(document: TextDocument, analysis: DocumentAnalysis): DocumentLink[] {
  const links: DocumentLink[] = [];
  analysis.candidates.forEach((candidate, index) => {
    const reference = candidate.reference;
    if (!reference.valid || reference.kind !== 'uri' || candidate.holes.length > 0 || reference.scheme === undefined) return;
    const scheme = candidate.uri.slice(reference.scheme.start, reference.scheme.end);
    if (!isNavigableScheme(scheme)) return;
    let target: string;
    try {
      // The RFC's resolution of a URI against itself removes its dot segments: the address it names.
      target = resolve(candidate.uri, candidate.uri);
    } catch {
      return;
    }
    links.push({ range: toRange(document, analysis.uriRanges[index]!), target, tooltip: `Open ${masked(target)}` });
  });
  return links;
}
