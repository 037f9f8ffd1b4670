import { findingOf } from '../finding.js';
import { isComponentAttribute } from '../fix-gate.js';
import { UNESCAPED_CODES } from '../unescaped-codes.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';


export interface NoUnescapedCharsOptions {
  allowNonAscii?: boolean;
}

/**
 * Where a hash router's route begins: after a fragment's `#` followed by `/` or `!/`
 * (`#/documentation#compatibility`, `#!/guide#install`); -1 for another fragment. The router reads the
 * route and then an anchor after the next `#` from `location.hash`, which a browser does not decode:
 * that `#` is the router's delimiter, and `%23` would lose the anchor.
 */
function hashRouteStart(input: string): number {
  const hash = input.indexOf('#');
  if (hash < 0) return -1;
  return input.startsWith('/', hash + 1) || input.startsWith('!/', hash + 1) ? hash : -1;
}

export default defineCheck<NoUnescapedCharsOptions>({
  name: 'no-unescaped-chars',
  recommended: true,
  strict: true,
  messages: { unescaped: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { allowNonAscii: false },
  optionsSchema: {
    type: 'object',
    properties: {
      allowNonAscii: {
        type: 'boolean',
        description: 'Accept non-ASCII characters (IRIs, RFC 3987), which browsers encode themselves.',
      },
    },
    additionalProperties: false,
  },
  check(candidate, { options }) {
    // A component's code reads its attribute as written (an anchor's `href="#演示"` is an element id to
    // it), and where it hands the text on to a browser, the browser encodes non-ASCII itself.
    const acceptsNonAscii = options.allowNonAscii === true || isComponentAttribute(candidate);
    const input = candidate.reference.input;
    const route = hashRouteStart(input);
    return diagnosticsOf(candidate, { codes: UNESCAPED_CODES, from: 'reference', namespaces: true })
      .filter((diagnostic) => !(acceptsNonAscii && diagnostic.code === 'iri-char'))
      .filter((diagnostic) => !(route >= 0 && diagnostic.code === 'fragment-unescaped-char' && diagnostic.start > route && input.slice(diagnostic.start, diagnostic.end) === '#'))
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'unescaped', { fix: true }));
  },
});
