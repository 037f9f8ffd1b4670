import { findingOf, type Finding } from '../finding.js';
import { BASE_SINK_SUFFIX } from '../js/sinks.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

export interface NoUnknownSchemeOptions {
  allow?: string[];
}

export default defineCheck<NoUnknownSchemeOptions>({
  name: 'no-unknown-scheme',
  recommended: false,
  strict: true,
  messages: { unknown: CORE_MESSAGE, typo: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { allow: [] },
  optionsSchema: {
    type: 'object',
    properties: {
      allow: {
        type: 'array',
        items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' },
        uniqueItems: true,
        description: "Schemes your code uses on purpose (an app's own scheme, like myapp); compared without case.",
      },
    },
    additionalProperties: false,
  },
  check(candidate, { options }) {
    // An XML namespace name is an identifier (`jabber:client`): its scheme is never resolved. (A
    // module specifier's prefix is the bundler's, `import("virtual:react-router/server-build")`:
    // discovery reads no specifier.) A dummy base of `new URL(path, "test://test")` lends only its form.
    if (candidate.namespace || candidate.sink?.endsWith(BASE_SINK_SUFFIX) === true) return [];
    const allowed = new Set((options.allow ?? []).map((scheme) => scheme.toLowerCase()));
    const out: Finding[] = [];
    for (const diagnostic of candidate.analysis.diagnostics) {
      if (diagnostic.code !== 'scheme-unknown' && diagnostic.code !== 'scheme-typo') continue;
      if (candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
      const scheme = candidate.reference.input.slice(diagnostic.start, diagnostic.end);
      // A one-letter "scheme" is a Windows drive letter (`C:\Users`), not a scheme anyone chose.
      if (scheme.length < 2 || allowed.has(scheme.toLowerCase())) continue;
      if (diagnostic.code === 'scheme-typo') out.push(findingOf(this.name, candidate, diagnostic, 'typo', { suggest: 'suggestion' }));
      else out.push(findingOf(this.name, candidate, diagnostic, 'unknown'));
    }
    return out;
  },
});
