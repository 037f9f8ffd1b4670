import { checkUnexpandedTemplate, type Component } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import type { Finding } from '../finding.js';
import { CORE_MESSAGE, defineCheck } from './rule.js';

/** The component of the URI that value offset `at` of the candidate falls in, for the message. */
function componentAt(candidate: UriCandidate, at: number): Component {
  const offset = at - candidate.uriStart;
  const { query, fragment, authority } = candidate.reference;
  if (fragment !== undefined && offset >= fragment.start) return 'fragment';
  if (query !== undefined && offset >= query.start) return 'query';
  if (authority !== undefined && offset <= authority.end) return 'host';
  return 'path';
}

export default defineCheck({
  name: 'no-unexpanded-template',
  recommended: true,
  strict: true,
  messages: { unexpanded: CORE_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    // JavaScript and TypeScript only, and only a string that goes to a request as it is written: a
    // sink's argument or a JSX URL attribute. A constant elsewhere is a template, expanded later.
    if (candidate.node === undefined || candidate.source === undefined || (candidate.context !== 'sink' && candidate.context !== 'attribute')) return [];
    const out: Finding[] = [];
    for (const part of candidate.parts) {
      // A `${…}` or `+ x` hole has an expression of its own; a `{var}` is written in the literal.
      if (part.kind !== 'hole' || part.node !== candidate.node) continue;
      const text = candidate.source.slice(part.range[0], part.range[1]);
      // Template tags (`{{ id }}`) are another language's holes: a template file expands them.
      if (!text.startsWith('{') || text.startsWith('{{')) continue;
      for (const diagnostic of checkUnexpandedTemplate(text, componentAt(candidate, part.start))) {
        const data = { message: diagnostic.message, code: diagnostic.code };
        out.push({
          rule: this.name,
          code: diagnostic.code,
          spec: diagnostic.spec,
          message: diagnostic.message,
          messageId: 'unexpanded',
          data,
          range: [part.range[0] + diagnostic.start, part.range[0] + diagnostic.end],
          suggestions: [],
        });
      }
    }
    return out;
  },
});
