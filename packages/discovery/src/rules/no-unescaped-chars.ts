import { findingOf } from '../finding.js';
import { isComponentAttribute } from '../fix-gate.js';
import { UNESCAPED_CODES } from '../unescaped-codes.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';


export interface NoUnescapedCharsOptions {
  allowNonAscii?: boolean;
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
    return diagnosticsOf(candidate, { codes: UNESCAPED_CODES, from: 'reference', namespaces: true })
      .filter((diagnostic) => !(acceptsNonAscii && diagnostic.code === 'iri-char'))
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'unescaped', { fix: true }));
  },
});
