import { isPlaceholderCredential } from '@urilint/core';
import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';

const CODES = new Set(['userinfo-password'] as const);

export interface NoCredentialsOptions {
  /**
   * Report stand-in passwords too: a URI to a local or example host (`localhost`, `example.com`,
   * `*.test`) or with a placeholder password (`password`, `changeme`, `xxx`, `<password>`, a hole).
   * Off in `recommended`, on in `strict` and `all`.
   */
  placeholders?: boolean;
}

export default defineCheck<NoCredentialsOptions>({
  name: 'no-credentials',
  recommended: true,
  strict: true,
  messages: { credentials: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { placeholders: false },
  optionsSchema: {
    type: 'object',
    properties: {
      placeholders: {
        type: 'boolean',
        description: 'Report stand-in passwords too: to local or example hosts (`localhost`, `example.com`, `*.test`) or placeholders (`password`, `changeme`, `xxx`, `<password>`). Off in `recommended`, on in `strict` and `all`.',
      },
    },
    additionalProperties: false,
  },
  presetOptions: { strict: { placeholders: true }, all: { placeholders: true } },
  check(candidate, { options }) {
    // XML namespace names are identifiers, compared as text and never dereferenced: skipped.
    // A password that touches a `${…}` comes from elsewhere (holes are skipped): not a secret written in the source.
    // Test data and docs (`http://user:password@localhost`) hold stand-ins: reported when the options say so.
    if (!options.placeholders && isPlaceholderCredential(candidate.reference)) return [];
    // Removing the userinfo changes what the request sends, so it is offered, not applied.
    return diagnosticsOf(candidate, { codes: CODES, from: 'analysis' }).map((diagnostic) =>
      findingOf(this.name, candidate, diagnostic, 'credentials', { suggest: 'suggestion' }),
    );
  },
});
