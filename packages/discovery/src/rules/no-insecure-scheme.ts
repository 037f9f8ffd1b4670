import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { insecureSchemeFinding } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { findingOf } from '../finding.js';
import { isMockedUrl, reachesMockedOrigin, startsOwnServer } from '../js/mocks.js';
import { BASE_SINK_SUFFIX } from '../js/sinks.js';
import type { JsSourceCode } from '../js/source-code.js';
import { isNamespaceHost, isUnixSocketUrl } from '../shape.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

export interface NoInsecureSchemeOptions {
  allowHosts?: string[];
  schemes?: string[];
  /** Report `http:` in test files too (`testFiles`): off by default, where URLs reach mocks and local servers. */
  reportInTestFiles?: boolean;
}

export const DEFAULT_INSECURE_SCHEMES = ['http', 'ws', 'ftp'];

/**
 * Keys whose value names a vocabulary or a schema: an identifier, not fetched (`$schema`, JSON-LD
 * `@context`, a JSON Schema `$ref` that the validator resolves among the schemas it was given).
 */
const IDENTIFIER_KEYS = new Set(['$schema', '$id', '$ref', '$dynamicRef', '$recursiveRef', '@context', '@vocab', '@id', '@type', 'xmlns', 'grant_type', 'token_type', 'subject_token_type', 'actor_token_type', 'requested_token_type']);

/**
 * An OAuth grant type or token type written as a URI (RFC 6749 §4.5, RFC 8693 §3):
 * `http://auth0.com/oauth/grant-type/password-realm` is sent as a parameter's value, never requested.
 */
const OAUTH_TYPE_PATH = /\/(?:grant-type|token-type)\//i;

/** Builder methods that take a schema's identifier (fluent-json-schema's `S.object().id('http://…')`). */
const IDENTIFIER_METHODS = new Set(['id', '$id', 'ref', '$ref']);

/** The value of `{ $schema: "http://json-schema.org/draft-07/schema#" }`, `.id("http://…")` and the like. */
function isIdentifierValue(candidate: UriCandidate): boolean {
  const key = candidate.key;
  if (key !== undefined && (IDENTIFIER_KEYS.has(key) || key.startsWith('xmlns:'))) return true;
  const parent = candidate.node?.parent;
  if (parent?.type !== 'CallExpression' || parent.arguments[0] !== candidate.node) return false;
  const callee = parent.callee;
  return callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && IDENTIFIER_METHODS.has(callee.property.name);
}

/** A one-label host name (`dummy`, `base`, `x`), not an address: no host on the Internet has one. */
function isPlaceholderHost(host: string): boolean {
  return /^[a-z_][a-z0-9_-]*$/i.test(host);
}

/** The parts of a URL that hold nothing of its host. */
const HOSTLESS_PARTS = new Set(['pathname', 'search', 'searchParams', 'hash']);

function readsHostlessPart(node: TSESTree.Node): boolean {
  const parent = node.parent;
  return parent?.type === 'MemberExpression' && parent.object === node && !parent.computed && parent.property.type === 'Identifier' && HOSTLESS_PARTS.has(parent.property.name);
}

/**
 * `new URL(url, 'http://localhost.com/')` whose result is read only for its path, query or fragment
 * (`.pathname`, `.search`, `.searchParams`, `.hash`, directly, through a `const` or destructured): the
 * base only lets a relative URL parse; its host is never contacted.
 */
function isParseOnlyBase(candidate: UriCandidate, sourceCode: JsSourceCode): boolean {
  if (candidate.sink !== `new URL${BASE_SINK_SUFFIX}`) return false;
  const expression = candidate.node?.parent;
  if (expression?.type !== 'NewExpression' || expression.arguments[1] !== candidate.node) return false;
  if (readsHostlessPart(expression)) return true;
  const declarator = expression.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== expression) return false;
  if (declarator.id.type === 'ObjectPattern') {
    return declarator.id.properties.every((property) => property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && HOSTLESS_PARTS.has(property.key.name));
  }
  if (declarator.id.type !== 'Identifier' || declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const') return false;
  const id = declarator.id;
  let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(declarator) as TSESLint.Scope.Scope;
  while (scope && !scope.set.has(id.name)) scope = scope.upper;
  const variable = scope?.set.get(id.name);
  const reads = variable?.references.filter((reference) => reference.identifier !== id) ?? [];
  return reads.length > 0 && reads.every((reference) => readsHostlessPart(reference.identifier as TSESTree.Node));
}

export default defineCheck<NoInsecureSchemeOptions>({
  name: 'no-insecure-scheme',
  recommended: false,
  strict: true,
  messages: { insecure: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { allowHosts: [], schemes: DEFAULT_INSECURE_SCHEMES, reportInTestFiles: false },
  optionsSchema: {
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
      reportInTestFiles: {
        type: 'boolean',
        description: 'Report in test files too (the `testFiles` setting), where URLs are given to mocks and local servers and never leave the process.',
      },
    },
    additionalProperties: false,
  },
  check(candidate, { options, sourceCode, testFile }) {
    // A test's URLs reach mocks and servers it starts itself: not reported unless asked.
    if (testFile === true && options.reportInTestFiles !== true) return [];
    const settings = { allowHosts: options.allowHosts ?? [], schemes: options.schemes ?? DEFAULT_INSECURE_SCHEMES };
    // Prose is a sentence that mentions a URL; a namespace or a schema id names something; a
    // UNIX-socket URL reaches a file on this machine.
    if (candidate.context === 'prose' || candidate.namespace || isIdentifierValue(candidate) || isNamespaceHost(candidate) || isUnixSocketUrl(candidate)) return [];
    const path = candidate.reference.path;
    if (path !== undefined && OAUTH_TYPE_PATH.test(candidate.uri.slice(path.start, path.end))) return [];
    // A URL given to an HTTP-mocking library is a matching key; in a file that starts its own server, the URLs reach it.
    if (sourceCode !== undefined && (isMockedUrl(candidate.node, sourceCode.text) || startsOwnServer(candidate.node, sourceCode.text))) return [];
    const { host, authority } = candidate.reference;
    // A host from a hole (`http://${host}/`) may be local: unknown here.
    if (host === undefined || candidate.touchesHole(host.start, host.end)) return [];
    // A request to an origin the same file mocks (`nock('http://binary.com')`, then `http.get('http://binary.com/binary')`) reaches the mock.
    if (sourceCode !== undefined && authority !== undefined && !candidate.touchesHole(0, authority.end) && reachesMockedOrigin(candidate.node, sourceCode.text, candidate.uri)) return [];
    // `new URL(path, 'http://dummy')`: a base with a one-label name parses a relative URL and is never requested.
    if (candidate.sink === `new URL${BASE_SINK_SUFFIX}` && isPlaceholderHost(candidate.uri.slice(host.start, host.end))) return [];
    if (sourceCode !== undefined && isParseOnlyBase(candidate, sourceCode)) return [];
    const finding = insecureSchemeFinding(candidate.reference, settings);
    if (finding === undefined || candidate.touchesHole(finding.start, finding.end)) return [];
    return [findingOf(this.name, candidate, finding, 'insecure', { suggest: 'suggestion' })];
  },
});
