import { shownInput } from '@urilint/core';
import { findingOf, renderMessage } from '../finding.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf } from './rule.js';

const CODES = new Set(['userinfo-looks-like-host'] as const);

/** Core's message names the host it parsed; when the host is a `${…}`, that is only a placeholder. */
const HOLE_MESSAGE =
  'The userinfo "{{userinfo}}" looks like a host, but the host contacted is the one written after the "@": everything before the "@" is only a user name sent to it.';

export default defineCheck({
  name: 'no-deceptive-authority',
  recommended: true,
  strict: true,
  messages: { deceptive: CORE_MESSAGE, deceptiveHole: `${HOLE_MESSAGE} [{{code}}]` },
  defaultOptions: {},
  check(candidate) {
    // An XML namespace name is an identifier: no host is contacted, so none can be misread. Skipped.
    // No fix and no suggestion: which host was meant is the author's call, not a mechanical edit.
    return diagnosticsOf(candidate, { codes: CODES, from: 'analysis' }).map((diagnostic) => {
      const host = candidate.reference.host;
      if (host !== undefined && candidate.touchesHole(host.start, host.end)) {
        // Quoted with its password masked, as core quotes it.
        const data = { userinfo: shownInput(candidate.reference).slice(diagnostic.start, diagnostic.end) };
        return findingOf(this.name, candidate, diagnostic, 'deceptiveHole', { data, message: renderMessage(HOLE_MESSAGE, data) });
      }
      return findingOf(this.name, candidate, diagnostic, 'deceptive');
    });
  },
});
