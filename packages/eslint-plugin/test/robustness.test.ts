import { expandUriTemplate, parse } from '@urilint/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fix, lint } from './support/lint.js';

const ALL_RULES = {
  'urilint/no-malformed': 'error',
  'urilint/no-unescaped-chars': 'error',
  'urilint/no-invalid-percent-encoding': 'error',
  'urilint/prefer-normalized': 'error',
} as const;

/** Characters that make URIs and literals interesting. */
const alphabet = fc.constantFrom(...'ab:/?#[]@%2F zé😀\\"\'`${}\t\n<>|^'.split(''), '%zz', '%C3', '\u2028', '\uD800', 'http://', 'https://', '::');

describe('the rules never crash ESLint and their fixes are sound', () => {
  it('on random strings in a sink, written with JSON.stringify, as a template, and in JSX', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }).map((parts) => parts.join('')), (text) => {
        const uri = 'https://example.com/' + text;
        const variants: [string, 'ts' | 'tsx'][] = [
          [`fetch(${JSON.stringify(uri)});`, 'ts'],
          [`fetch(\`${uri.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${')}\`);`, 'ts'],
          [`const a = <a href=${JSON.stringify(uri.replace(/["&<>{}]/g, ''))}>x</a>;`, 'tsx'],
        ];
        for (const [code, language] of variants) {
          const messages = lint(code, language, ALL_RULES);
          expect(messages.filter((m) => m.fatal), code).toEqual([]);
          const fixed = fix(code, language, ALL_RULES);
          expect(lint(fixed, language, ALL_RULES).filter((m) => m.fatal), fixed).toEqual([]);
          expect(fix(fixed, language, ALL_RULES)).toBe(fixed);
          // A fixed literal that no longer draws an unescaped-character report holds a URI core accepts.
          const left = lint(fixed, language, ALL_RULES).filter((m) => m.ruleId !== 'urilint/prefer-normalized');
          if (left.length === 0 && language === 'ts' && code.startsWith('fetch("')) {
            const literal = JSON.parse(/fetch\(("(?:[^"\\]|\\.)*")\)/.exec(fixed)![1]!) as string;
            // RFC 6570 expressions ({var}) are holes, filled in before the URI is used.
            const expanded = expandUriTemplate(literal);
            expect(parse(expanded).valid, literal).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
