import type { DiagnosticCode } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { uriListeners, type UriCandidate } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

/** A host written without `scheme://`: read as a scheme, or as a path on the current origin. */
const ABBREVIATED_CODES: ReadonlySet<DiagnosticCode> = new Set(['scheme-abbreviated-uri', 'scheme-missing-colon', 'whatwg-relative-path-host']);

/** Attributes whose value a browser requests or navigates to. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction']);

/**
 * Where the string is certainly a URL: the URL argument of a sink (not
 * `import()`, whose argument is a module specifier: `import("chart.js/auto")`),
 * or a link or source attribute. Elsewhere `localhost:3000` may be a host and port.
 */
function isUrlPlace(candidate: UriCandidate): boolean {
  if (candidate.context === 'sink') return candidate.sink !== 'import()';
  if (candidate.context !== 'attribute' || candidate.sink === undefined) return false;
  const attribute = /^<\S+ (\S+)>$/.exec(candidate.sink)?.[1];
  return attribute !== undefined && URL_ATTRIBUTES.has(attribute);
}

export default createRule({
  name: 'require-scheme',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require a scheme and `//` before a host name in URLs passed to fetch(), new URL() and link attributes',
      recommended: true,
      strict: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      missingScheme: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [],
  create(context) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        if (!isUrlPlace(candidate)) return;
        for (const diagnostic of candidate.analysis.diagnostics) {
          if (!ABBREVIATED_CODES.has(diagnostic.code) || candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
          reportDiagnostic(context, candidate, diagnostic, 'missingScheme', { suggest: 'suggestion' });
        }
      });
    });
  },
});
