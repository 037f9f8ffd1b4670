/**
 * The text of the literal-skip tests (discovery's readers and the ESLint path): every way a URI
 * may be written that the skip must still read, and where there is none.
 */
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
