import { checkUnexpandedTemplate, TEMPLATE_CODES, type Component } from '@urilint/core';
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

/** How each framework writes the value instead (see `UriCandidate.literalTemplates`). */
const LITERAL_MESSAGES: Readonly<Record<string, (text: string) => string>> = {
  astro: (text) => `"${text}" is in a quoted attribute, which Astro writes as it is: the URL is sent with "${text}" in it. Write the attribute as an expression (\`href={\`…\${…}…\`}\`).`,
  vue: (text) => `"${text}" is in a static attribute, which Vue writes as it is: the URL is sent with "${text}" in it. Bind the attribute (\`:href="\`…\${…}…\`"\`).`,
};

/** The framework's interpolation syntax written where the framework does not interpolate: one finding each. */
function literalFindings(rule: string, candidate: UriCandidate, source: string): Finding[] {
  return candidate.literalTemplates!.map(({ range, framework }) => {
    const text = source.slice(range[0], range[1]);
    const message = (LITERAL_MESSAGES[framework] ?? LITERAL_MESSAGES['vue']!)(text);
    const data = { message, code: 'template-unexpanded' };
    return { rule, code: 'template-unexpanded', spec: TEMPLATE_CODES['template-unexpanded'].spec, message, messageId: 'unexpanded', data, range, suggestions: [] } as Finding;
  });
}

export default defineCheck({
  name: 'no-unexpanded-template',
  recommended: true,
  strict: true,
  messages: { unexpanded: CORE_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    if (candidate.literalTemplates !== undefined && candidate.source !== undefined) return literalFindings(this.name, candidate, candidate.source);
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
