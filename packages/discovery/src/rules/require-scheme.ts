import type { DiagnosticCode } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import type { DocumentContext } from '../links/context.js';
import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

/** A host written without `scheme://`: read as a scheme, or as a path on the current origin. */
const ABBREVIATED_CODES: ReadonlySet<DiagnosticCode> = new Set(['scheme-abbreviated-uri', 'scheme-missing-colon', 'whatwg-relative-path-host']);

/** Attributes whose value a browser requests or navigates to. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction', 'formaction']);

/**
 * Where the string is certainly a URL: the URL argument of a sink (a module
 * specifier such as `import("chart.js/auto")` is none: `js/module-specifiers.ts`),
 * or a link or source attribute. Elsewhere `localhost:3000` may be a host and port.
 */
function isUrlPlace(candidate: UriCandidate): boolean {
  if (candidate.context === 'sink') return true;
  if (candidate.context !== 'attribute' || candidate.sink === undefined) return false;
  const attribute = /^<\S+ (\S+)>$/.exec(candidate.sink)?.[1];
  return attribute !== undefined && URL_ATTRIBUTES.has(attribute);
}

/**
 * Whether a relative path that looks like a host names a file or folder where the document is
 * (opencve's `[airflow.cfg.example](airflow.cfg.example)` beside its README: `.example` is a
 * reserved top-level domain, but the link is the file's): a link of a Markdown or HTML document.
 * Where no workspace is known, it does not.
 */
function namesFile(candidate: UriCandidate, document: DocumentContext | undefined): boolean {
  // A script's URL is read against the page that runs it, not against the file.
  if (document === undefined || candidate.context !== 'attribute') return false;
  const status = document.links.resolveLink(candidate.reference, document).status;
  return status === 'ok' || status === 'case-mismatch' || status === 'missing-anchor' || status === 'missing-line';
}

export default defineCheck({
  name: 'require-scheme',
  recommended: true,
  strict: true,
  messages: { missingScheme: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate, context) {
    if (!isUrlPlace(candidate)) return [];
    return candidate.analysis.diagnostics
      .filter((diagnostic) => ABBREVIATED_CODES.has(diagnostic.code) && !candidate.touchesHole(diagnostic.start, diagnostic.end))
      .filter((diagnostic) => diagnostic.code !== 'whatwg-relative-path-host' || !namesFile(candidate, context.document))
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'missingScheme', { suggest: 'suggestion' }));
  },
});
