import type { DiagnosticCode } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { findingOf, type Finding } from '../finding.js';
import { CORE_MESSAGE, defineCheck } from './rule.js';

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
  if (attribute === 'formAction' || attribute === 'formaction') return tag === 'button' || tag === 'input' ? 'navigate' : undefined;
  return undefined;
}

/** The scheme as a browser reads it is `data` (leading controls and spaces, tabs and newlines dropped). */
function isData(text: string): boolean {
  return /^data:/i.test(text.replace(/[\t\n\r]/g, '').replace(/^[^A-Za-z]+/, ''));
}

export default defineCheck({
  name: 'no-script-url',
  recommended: true,
  strict: true,
  messages: { scriptUrl: CORE_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    const place = navigation(candidate);
    if (place === undefined) return [];
    const out: Finding[] = [];
    for (const diagnostic of candidate.analysis.diagnostics) {
      if (!SCRIPT_CODES.has(diagnostic.code) || candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
      // Browsers refuse top-level navigation to data: URIs, and <a download href="data:text/html,…"> saves a file.
      if (place === 'navigate' && isData(candidate.reference.input.slice(diagnostic.start, diagnostic.end))) continue;
      // Core quotes the code after the colon; with a hole in it, that quote would show the placeholder.
      const hasHoleAfter = candidate.holes.some((hole) => hole.start >= diagnostic.end);
      const message = hasHoleAfter ? diagnostic.message.replace(/runs (the VBScript )?".*" in /s, 'runs $1the code that follows the colon in ') : diagnostic.message;
      out.push(findingOf(this.name, candidate, { ...diagnostic, message }, 'scriptUrl'));
    }
    return out;
  },
});
