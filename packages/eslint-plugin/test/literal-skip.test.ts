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

const TRICKY = [
  '// A comment without a URI: none here',
  '// see https://c1.example/docs',
  '/* a:b, and no scheme */',
  'const a = "https\\x3a//a.example/x";',
  'const b = "https\\://b.example/y";',
  'const c = "//c.example/lib.js";',
  'const d = `//d.example/${p}`;',
  'const e = "/" + "/e.example/z";',
  'const f = "https" + "://f.example/";',
  'const g = "see:\\thttps://g.example/a";',
  'const h = "docs:\\u0020https://h.example/b";',
  'const i = `${x ? "y" : "z"}/path`;',
  'const j = "/users/:id";',
  'const k = "Value: 1";',
  'const l = <p title="https&#58;//l.example/">t</p>;',
  'const m = <a href="/plain">t</a>;',
  'const n = "mailto:someone@n.example";',
  'const o = `\\u002f\\u002fo.example/${q}`;',
  'const r = "HTTPS://r.example/";',
  'fetch("relative/path");',
  'fetch(`/api/${id}`);',
  '',
].join('\n');

const TRICKY_FOUND = [
  ['https://a.example/x', 'shape'],
  ['https://b.example/y', 'shape'],
  ['//c.example/lib.js', 'shape'],
  ['//d.example/x', 'shape'],
  ['//e.example/z', 'shape'],
  ['https://f.example/', 'shape'],
  ['https://g.example/a', 'prose'],
  ['https://h.example/b', 'prose'],
  ['https://l.example/', 'shape'],
  ['/plain', 'attribute'],
  ['mailto:someone@n.example', 'shape'],
  ['//o.example/x', 'shape'],
  ['HTTPS://r.example/', 'shape'],
  ['relative/path', 'sink'],
  ['/api/x', 'sink'],
  ['https://c1.example/docs', 'prose'],
];

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
