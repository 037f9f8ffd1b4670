import { insecureSchemeFinding } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { findingOf } from '../finding.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

export interface NoInsecureSchemeOptions {
  allowHosts?: string[];
  schemes?: string[];
}

export const DEFAULT_INSECURE_SCHEMES = ['http', 'ws', 'ftp'];

/** Keys whose value names a vocabulary or a schema: an identifier, not fetched (`$schema`, JSON-LD `@context`). */
const IDENTIFIER_KEYS = new Set(['$schema', '$id', '@context', '@vocab', '@id', '@type', 'xmlns']);

/** The value of `{ $schema: "http://json-schema.org/draft-07/schema#" }` and the like. */
function isIdentifierValue(candidate: UriCandidate): boolean {
  const key = candidate.key;
  return key !== undefined && (IDENTIFIER_KEYS.has(key) || key.startsWith('xmlns:'));
}

export default defineCheck<NoInsecureSchemeOptions>({
  name: 'no-insecure-scheme',
  recommended: false,
  strict: true,
  messages: { insecure: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { allowHosts: [], schemes: DEFAULT_INSECURE_SCHEMES },
  check(candidate, { options }) {
    const settings = { allowHosts: options.allowHosts ?? [], schemes: options.schemes ?? DEFAULT_INSECURE_SCHEMES };
    // Prose is a sentence that mentions a URL; a namespace or a schema id names something.
    if (candidate.context === 'prose' || candidate.namespace || isIdentifierValue(candidate)) return [];
    const { host } = candidate.reference;
    // A host from a hole (`http://${host}/`) may be local: unknown here.
    if (host === undefined || candidate.touchesHole(host.start, host.end)) return [];
    const finding = insecureSchemeFinding(candidate.reference, settings);
    if (finding === undefined || candidate.touchesHole(finding.start, finding.end)) return [];
    return [findingOf(this.name, candidate, finding, 'insecure', { suggest: 'suggestion' })];
  },
});
