/**
 * Outside a sink or attribute, discovery passes over a string, template or `+` chain whose source
 * text cannot write a candidate (no known scheme and `:` at its start, no `//` there, no `:` with
 * white space for prose, no escape or JSX entity that could write them), and over a comment without
 * a `:`. These tests find URIs written every way the skip must still read, in both readers, and count
 * the values built: the skipped ones are never built.
 */
import { describe, expect, it } from 'vitest';
import { JsDiscovery } from '../src/js/discover.js';
import { parseNative } from '../src/js/native.js';
import { parseJs } from '../src/js/source-code.js';
import { discoverJsText } from '../src/js/text.js';

/** Each line: a URI the skip must not miss, or text where there is none. */
export const TRICKY = [
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

export const TRICKY_FOUND = [
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

describe('discovery passes over literals that cannot hold a URI', () => {
  it('still finds URIs written with escapes, entities, a leading // or split across a + chain, in both readers', () => {
    for (const reader of ['native', 'typescript-estree'] as const) {
      const found = discoverJsText(TRICKY, { filePath: 'a.tsx', reader }).candidates.map((candidate) => [candidate.uri, candidate.context]);
      expect(found, reader).toEqual(TRICKY_FOUND);
    }
  });

  it('builds no value for paths, words, escapes of white space and expressions with a colon, and one for each string that may be a URI', () => {
    const skipped = ['"/users/:id"', '"a/b/c"', '"line\\n"', '`${a}/b`', '`${a ? b : c}`', '"text"', '"Value:1"', '"a:b"', '"it\'s"', '"x" + y + "z"'];
    const read = ['"https://a.example/"', '"//b.example/"', '"see: https://c.example/"', '"\\x3a"', '"https" + "://d.example/"'];
    const text = (list: string[]): string => list.map((expression, index) => `const v${index} = ${expression};`).join('\n');
    for (const parse of [parseNative, parseJs]) {
      expect(new JsDiscovery(parse(text(skipped))).work.built, parse.name).toBe(0);
      expect(new JsDiscovery(parse(text(read))).work.built, parse.name).toBe(read.length);
    }
  });
});
