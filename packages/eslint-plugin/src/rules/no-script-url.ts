import type { DiagnosticCode } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { uriListeners, type UriCandidate } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

const SCRIPT_CODES: ReadonlySet<DiagnosticCode> = new Set(['scheme-script', 'scheme-script-obfuscated']);

/** Sinks that navigate to the URL: a `javascript:` URL there runs in the page. */
const NAVIGATION_SINKS = new Set(['location', 'location.assign', 'location.replace', 'window.open']);

/** Elements that load their URL as a document in a frame: there a `data:text/html` URI runs too. */
const FRAME_ATTRIBUTES = new Set(['iframe src', 'frame src', 'embed src', 'object data']);

/** Link attributes (`href` on any element but `<link>`, SVG's `xlink:href`), form targets and frames. */
function navigation(candidate: UriCandidate): 'navigate' | 'frame' | undefined {
  const sink = candidate.sink;
  if (sink === undefined) return undefined;
  if (candidate.context === 'sink') return NAVIGATION_SINKS.has(sink) ? 'navigate' : undefined;
  if (candidate.context !== 'attribute') return undefined;
  const match = /^<(\S+) (\S+)>$/.exec(sink);
  if (!match) return undefined;
  const tag = match[1]!.toLowerCase();
  const attribute = match[2]!;
  if (FRAME_ATTRIBUTES.has(`${tag} ${attribute}`)) return 'frame';
  if (['href', 'xlinkHref', 'xlink:href'].includes(attribute)) return tag === 'link' || tag === 'base' ? undefined : 'navigate';
  if (attribute === 'action') return tag === 'form' ? 'navigate' : undefined;
  if (attribute === 'formAction') return tag === 'button' || tag === 'input' ? 'navigate' : undefined;
  return undefined;
}

/** The scheme as a browser reads it is `data` (leading controls and spaces, tabs and newlines dropped). */
function isData(text: string): boolean {
  return /^data:/i.test(text.replace(/[\t\n\r]/g, '').replace(/^[^A-Za-z]+/, ''));
}

export default createRule({
  name: 'no-script-url',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `javascript:`, `vbscript:` and HTML `data:` URLs where the browser navigates or loads a frame',
      recommended: true,
      strict: true,
    },
    schema: [],
    messages: {
      scriptUrl: '{{message}} [{{code}}]',
    },
  },
  defaultOptions: [],
  create(context) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        const place = navigation(candidate);
        if (place === undefined) return;
        for (const diagnostic of candidate.analysis.diagnostics) {
          if (!SCRIPT_CODES.has(diagnostic.code) || candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
          // Browsers refuse top-level navigation to data: URIs, and <a download href="data:text/html,…"> saves a file.
          if (place === 'navigate' && isData(candidate.reference.input.slice(diagnostic.start, diagnostic.end))) continue;
          // Core quotes the code after the colon; with a hole in it, that quote would show the placeholder.
          const hasHoleAfter = candidate.holes.some((hole) => hole.start >= diagnostic.end);
          const message = hasHoleAfter ? diagnostic.message.replace(/runs (the VBScript )?".*" in /s, 'runs $1the code that follows the colon in ') : diagnostic.message;
          reportDiagnostic(context, candidate, { ...diagnostic, message }, 'scriptUrl');
        }
      });
    });
  },
});
