import type { DiagnosticCode } from '@urilint/core';
import { createRule } from '../create-rule.js';
import { findingListeners } from '../findings.js';
import { reportDiagnostic } from '../report.js';

const UNESCAPED_CODES: ReadonlySet<DiagnosticCode> = new Set([
  'userinfo-unescaped-char',
  'host-unescaped-char',
  'path-unescaped-char',
  'query-unescaped-char',
  'fragment-unescaped-char',
  'iri-char',
]);

type Options = [{ allowNonAscii?: boolean }];

export default createRule<Options, 'unescaped'>({
  name: 'no-unescaped-chars',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow characters that must be percent-encoded in a URI (spaces, controls, quotes, brackets, non-ASCII)',
      recommended: true,
      strict: true,
    },
    fixable: 'code',
    schema: [
      {
        type: 'object',
        properties: {
          allowNonAscii: {
            type: 'boolean',
            description: 'Accept non-ASCII characters (IRIs, RFC 3987), which browsers encode themselves.',
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ allowNonAscii: false }],
    messages: {
      unescaped: '{{message}} [{{code}}]',
    },
  },
  defaultOptions: [{ allowNonAscii: false }],
  create(context, [options]) {
    return findingListeners(context, { codes: UNESCAPED_CODES, from: 'reference', namespaces: true }, (candidate, diagnostic) => {
      if (options.allowNonAscii && diagnostic.code === 'iri-char') return;
      reportDiagnostic(context, candidate, diagnostic, 'unescaped', { fix: true });
    });
  },
});
