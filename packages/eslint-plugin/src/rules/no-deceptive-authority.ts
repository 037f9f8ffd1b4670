import { createRule } from '../create-rule.js';
import { findingListeners } from '../findings.js';
import { reportDiagnostic } from '../report.js';

export default createRule<[], 'deceptive' | 'deceptiveHole'>({
  name: 'no-deceptive-authority',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow a userinfo that looks like a host, so the URI seems to name another host than the one contacted',
      recommended: true,
      strict: true,
    },
    schema: [],
    messages: {
      deceptive: '{{message}} [{{code}}]',
      // Core's message names the host it parsed; when the host is a `${…}`, that is only a placeholder.
      deceptiveHole:
        'The userinfo "{{userinfo}}" looks like a host, but the host contacted is the one written after the "@": everything before the "@" is only a user name sent to it. [{{code}}]',
    },
  },
  defaultOptions: [],
  create(context) {
    // An XML namespace name is an identifier: no host is contacted, so none can be misread. Skipped.
    return findingListeners(context, { codes: new Set(['userinfo-looks-like-host']), from: 'analysis' }, (candidate, diagnostic) => {
      // No fix and no suggestion: which host was meant is the author's call, not a mechanical edit.
      const host = candidate.reference.host;
      if (host !== undefined && candidate.touchesHole(host.start, host.end)) {
        const userinfo = candidate.reference.input.slice(diagnostic.start, diagnostic.end);
        reportDiagnostic(context, candidate, diagnostic, 'deceptiveHole', { data: { userinfo } });
      } else {
        reportDiagnostic(context, candidate, diagnostic, 'deceptive');
      }
    });
  },
});
