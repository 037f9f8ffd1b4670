import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';

const CODES = new Set(['host-ipv4-rare-form'] as const);

export default defineCheck({
  name: 'no-non-canonical-ip',
  recommended: true,
  strict: true,
  messages: { nonCanonical: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    // An XML namespace name is compared as text and never connected to: skipped.
    // The dotted decimal is the address browsers and inet_aton() already connect to: the fix keeps the behaviour.
    return diagnosticsOf(candidate, { codes: CODES, from: 'analysis' }).map((diagnostic) =>
      findingOf(this.name, candidate, diagnostic, 'nonCanonical', { fix: true }),
    );
  },
});
