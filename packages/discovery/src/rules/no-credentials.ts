import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';

const CODES = new Set(['userinfo-password'] as const);

export default defineCheck({
  name: 'no-credentials',
  recommended: true,
  strict: true,
  messages: { credentials: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    // XML namespace names are identifiers, compared as text and never dereferenced: skipped.
    // A password that touches a `${…}` comes from elsewhere (holes are skipped): not a secret written in the source.
    // Removing the userinfo changes what the request sends, so it is offered, not applied.
    return diagnosticsOf(candidate, { codes: CODES, from: 'analysis' }).map((diagnostic) =>
      findingOf(this.name, candidate, diagnostic, 'credentials', { suggest: 'suggestion' }),
    );
  },
});
