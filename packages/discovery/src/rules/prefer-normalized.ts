import { checkNormalForm, type NormalFormOptions } from '@urilint/core';
import { findingOf } from '../finding.js';
import { isMockedUrl } from '../js/mocks.js';
import { isUnixSocketUrl } from '../shape.js';
import { CORE_MESSAGE, defineCheck, SUGGESTION_MESSAGE } from './rule.js';

export type PreferNormalizedOptions = NormalFormOptions;

/** Each option of the rule and what it turns on (all but `emptyPath` are on by default). */
export const NORMAL_FORM_OPTION_DESCRIPTIONS: Record<keyof NormalFormOptions, string> = {
  schemeCase: 'Report upper-case letters in the scheme (§6.2.2.1).',
  hostCase: 'Report upper-case letters in the host (§6.2.2.1).',
  percentHexCase: 'Report lower-case hex digits in percent-encoded triplets (§6.2.2.1).',
  percentUnreserved: 'Report triplets that encode unreserved characters, like %7E for ~ (§6.2.2.2).',
  dotSegments: 'Report "." and ".." segments in the path of a URI (§6.2.2.3).',
  defaultPort: "Report the scheme's default port, like :443 on https (§6.2.3).",
  emptyPort: 'Report an empty port, "host:" (§6.2.3).',
  emptyPath: 'Report an http(s) or ws(s) URI with an authority and an empty path, `https://example.com` for `https://example.com/` (§6.2.3). Off by default, on in the `all` config: every client sends "/" for it, and on real code it outnumbered every other normal-form finding.',
};

/** Schemes of bundlers' source URLs in stack traces and source maps. */
const BUNDLER_SCHEMES = /^(?:webpack|webpack-internal|turbopack):/i;

export default defineCheck<PreferNormalizedOptions>({
  name: 'prefer-normalized',
  recommended: false,
  strict: true,
  messages: { notNormal: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: { emptyPath: false },
  optionsSchema: {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(NORMAL_FORM_OPTION_DESCRIPTIONS).map(([name, description]) => [name, { type: 'boolean', default: name !== 'emptyPath', description }]),
    ),
    additionalProperties: false,
  },
  presetOptions: { all: { emptyPath: true } },
  check(candidate, { options, sourceCode }) {
    // XML namespace names are compared character by character: rewriting one names another namespace.
    // A URI in running text (a comment, a message, a stack trace quoted in a test) is quoted as written.
    // A bundler's source URL (`webpack:///./src/a.js`) names a module as the bundler wrote it.
    // A UNIX-socket URL (`http://unix:/var/run/x.sock:/path`) is read by its client's convention, not RFC 3986's.
    if (candidate.namespace || candidate.context === 'prose' || BUNDLER_SCHEMES.test(candidate.uri) || isUnixSocketUrl(candidate)) return [];
    // A mocking library matches `https://example.test:443` as written: its explicit port is part of the key.
    const mocked = sourceCode !== undefined && isMockedUrl(candidate.node, sourceCode.text);
    return checkNormalForm(candidate.reference, options)
      .filter((diagnostic) => !candidate.touchesHole(diagnostic.start, diagnostic.end) && !(mocked && diagnostic.code === 'normal-default-port'))
      .map((diagnostic) => findingOf(this.name, candidate, diagnostic, 'notNormal', { fix: true }));
  },
});
