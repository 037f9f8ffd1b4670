import { findingOf } from '../finding.js';
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
    return diagnosticsOf(candidate, { codes: UNESCAPED_CODES, from: 'reference', namespaces: true })
      .filter((diagnostic) => !(options.allowNonAscii && diagnostic.code === 'iri-char'))
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'unescaped', { fix: true }));
  },
});
