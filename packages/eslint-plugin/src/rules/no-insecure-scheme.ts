import type { TSESTree } from '@typescript-eslint/utils';
import { insecureSchemeFinding } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { uriListeners, type UriCandidate } from '../discovery/index.js';
import { forEachCandidate, reportDiagnostic } from '../report.js';

type Options = [{ allowHosts?: string[]; schemes?: string[] }];

const DEFAULT_SCHEMES = ['http', 'ws', 'ftp'];

/** Keys whose value names a vocabulary or a schema: an identifier, not fetched (`$schema`, JSON-LD `@context`). */
const IDENTIFIER_KEYS = new Set(['$schema', '$id', '@context', '@vocab', '@id', '@type', 'xmlns']);

function keyName(property: TSESTree.Property): string | undefined {
  if (property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  return property.key.type === 'Literal' ? String(property.key.value) : undefined;
}

/** The value of `{ $schema: "http://json-schema.org/draft-07/schema#" }` and the like. */
function isIdentifierValue(candidate: UriCandidate): boolean {
  const parent = candidate.node.parent;
  if (parent?.type !== 'Property' || parent.value !== candidate.node) return false;
  const key = keyName(parent);
  return key !== undefined && (IDENTIFIER_KEYS.has(key) || key.startsWith('xmlns:'));
}

export default createRule<Options, 'insecure' | 'suggestion'>({
  name: 'no-insecure-scheme',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `http:`, `ws:` and `ftp:` URLs to hosts on the network',
      strict: true,
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          allowHosts: {
            type: 'array',
            items: { type: 'string' },
            uniqueItems: true,
            description: 'Hosts that may be reached without TLS besides the local ones: exact names or `*.suffix` for subdomains.',
          },
          schemes: {
            type: 'array',
            items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' },
            uniqueItems: true,
            description: 'The unencrypted schemes to report.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allowHosts: [], schemes: DEFAULT_SCHEMES }],
    messages: {
      insecure: '{{message}} [{{code}}]',
      suggestion: '{{suggestion}}',
    },
  },
  defaultOptions: [{ allowHosts: [], schemes: DEFAULT_SCHEMES }],
  create(context, [options]) {
    const settings = { allowHosts: options.allowHosts ?? [], schemes: options.schemes ?? DEFAULT_SCHEMES };
    return uriListeners(context, (candidates) => {
      forEachCandidate(candidates, (candidate) => {
        // Prose is a sentence that mentions a URL; a namespace or a schema id names something.
        if (candidate.context === 'prose' || candidate.namespace || isIdentifierValue(candidate)) return;
        const { host } = candidate.reference;
        // A host from a hole (`http://${host}/`) may be local: unknown here.
        if (host === undefined || candidate.touchesHole(host.start, host.end)) return;
        const finding = insecureSchemeFinding(candidate.reference, settings);
        if (finding === undefined || candidate.touchesHole(finding.start, finding.end)) return;
        reportDiagnostic(context, candidate, finding, 'insecure', { suggest: 'suggestion' });
      });
    });
  },
});
