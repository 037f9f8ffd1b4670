import type { DiagnosticCode } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

/** A host written without `scheme://`: read as a scheme, or as a path on the current origin. */
const ABBREVIATED_CODES: ReadonlySet<DiagnosticCode> = new Set(['scheme-abbreviated-uri', 'scheme-missing-colon', 'whatwg-relative-path-host']);

/** Attributes whose value a browser requests or navigates to. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction', 'formaction']);

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

export default defineCheck({
  name: 'require-scheme',
  recommended: true,
  strict: true,
  messages: { missingScheme: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    if (!isUrlPlace(candidate)) return [];
    return candidate.analysis.diagnostics
      .filter((diagnostic) => ABBREVIATED_CODES.has(diagnostic.code) && !candidate.touchesHole(diagnostic.start, diagnostic.end))
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'missingScheme', { suggest: 'suggestion' }));
  },
});
