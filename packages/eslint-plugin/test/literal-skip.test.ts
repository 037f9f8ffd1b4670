/**
 * The ESLint path of discovery (the candidates collected during ESLint's traversal, `uriListeners`)
 * passes over the strings, templates, chains and comments that cannot hold a URI as the readers do:
 * every URI written with an escape, an entity, a leading `//` or split across a `+` chain is still
 * found, in a sink and outside one (the same text as discovery's js-literal-skip test).
 */
import tsParser from '@typescript-eslint/parser';
import { uriListeners, type UriCandidate } from '@urilint/discovery';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// The same text as discovery's js-literal-skip test (loaded by path: outside this package's sources).
const { TRICKY, TRICKY_FOUND } = (await import(new URL('../../discovery/test/support/literal-skip-cases.ts', import.meta.url).href)) as { TRICKY: string; TRICKY_FOUND: readonly (readonly [string, string])[] };

describe('the ESLint path passes over literals that cannot hold a URI', () => {
  it('finds what the readers find in the same text', () => {
    const found: UriCandidate[][] = [];
    const rule = { create: (context: never) => uriListeners(context, (candidates) => found.push([...candidates])) };
    const config = [{ files: ['**/*.tsx'], plugins: { test: { rules: { rule } } as never }, languageOptions: { parser: tsParser as never }, rules: { 'test/rule': 'error' as const } }];
    const messages = new Linter({ configType: 'flat' }).verify(TRICKY, config, 'a.tsx');
    expect(messages).toEqual([]);
    expect(found).toHaveLength(1);
    expect(found[0]!.map((candidate) => [candidate.uri, candidate.context])).toEqual(TRICKY_FOUND);
  });
});
