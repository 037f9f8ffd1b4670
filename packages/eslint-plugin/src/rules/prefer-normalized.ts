import { checkNormalForm, type NormalFormOptions } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { uriListeners } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

type Options = [NormalFormOptions];

const OPTION_DESCRIPTIONS: Record<keyof NormalFormOptions, string> = {
  schemeCase: 'Report upper-case letters in the scheme (§6.2.2.1).',
  hostCase: 'Report upper-case letters in the host (§6.2.2.1).',
  percentHexCase: 'Report lower-case hex digits in percent-encoded triplets (§6.2.2.1).',
  percentUnreserved: 'Report triplets that encode unreserved characters, like %7E for ~ (§6.2.2.2).',
  dotSegments: 'Report "." and ".." segments in the path of a URI (§6.2.2.3).',
  defaultPort: "Report the scheme's default port, like :443 on https (§6.2.3).",
  emptyPort: 'Report an empty port, "host:" (§6.2.3).',
  emptyPath: 'Report an http(s) or ws(s) URI with an authority and an empty path (§6.2.3).',
};

export default createRule<Options, 'notNormal'>({
  name: 'prefer-normalized',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Enforce the RFC 3986 §6 normal form: lower-case scheme and host, upper-case hex, no needless encoding, no dot segments or default ports',
      strict: true,
    },
    fixable: 'code',
    schema: [
      {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(OPTION_DESCRIPTIONS).map(([name, description]) => [name, { type: 'boolean', default: true, description }]),
        ),
        additionalProperties: false,
      },
    ],
    defaultOptions: [{}],
    messages: {
      notNormal: '{{message}} [{{code}}]',
    },
  },
  defaultOptions: [{}],
  create(context, [options]) {
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
          // XML namespace names are compared character by character: rewriting one names another namespace.
          if (candidate.namespace) return;
          for (const diagnostic of checkNormalForm(candidate.reference, options)) {
            if (candidate.touchesHole(diagnostic.start, diagnostic.end)) continue;
            reportDiagnostic(context, candidate, diagnostic, 'notNormal', { fix: true });
          }
      });
    });
  },
});
