import { WHATWG_CODES, type Diagnostic, type DiagnosticCode } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

/**
 * Every difference from the WHATWG reading but `whatwg-relative-path-host`
 * (require-scheme reports it) and `whatwg-char-encoded` (an info: the
 * characters that matter are already errors of the RFC grammar).
 */
export const DIFFERENTIAL_CODES: ReadonlySet<DiagnosticCode> = new Set(
  (Object.keys(WHATWG_CODES) as DiagnosticCode[]).filter((code) => code !== 'whatwg-relative-path-host' && code !== 'whatwg-char-encoded'),
);

/**
 * Core reports some problems twice, with a WHATWG code and another one, on the
 * same characters: the numeric host (no-non-canonical-ip, with its fix) and the
 * port above 65535 (valid-scheme-specific). Those are left to the other rule.
 */
const SAME_AS: Readonly<Partial<Record<DiagnosticCode, DiagnosticCode>>> = {
  'whatwg-ipv4-numeric-host': 'host-ipv4-rare-form',
  'whatwg-url-rejects': 'port-out-of-range',
};

function reportedElsewhere(diagnostic: Diagnostic, all: readonly Diagnostic[]): boolean {
  const other = SAME_AS[diagnostic.code];
  return other !== undefined && all.some((d) => d.code === other && d.start === diagnostic.start && d.end === diagnostic.end);
}

export default createRule<[], 'differential' | 'suggestion'>({
  name: 'no-parser-differential',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow URIs that browsers and Node’s `URL` read differently from RFC 3986 (backslashes, missing slashes, numeric and encoded hosts, …)',
      strict: true,
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      differential: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [],
  create(context) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        // An XML namespace name is compared as text: no parser reads it, so no two can disagree.
        if (candidate.namespace) return;
        const diagnostics = candidate.analysis.diagnostics;
        for (const diagnostic of diagnostics) {
          if (!DIFFERENTIAL_CODES.has(diagnostic.code) || candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
          if (reportedElsewhere(diagnostic, diagnostics)) continue;
          // Which reading was meant is the author's call: core's repairs are suggestions.
          reportDiagnostic(context, candidate, diagnostic, 'differential', { suggest: 'suggestion' });
        }
      });
    });
  },
});
