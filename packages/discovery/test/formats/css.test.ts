import { parse, toPlainObject, walk, type CssNode } from '@eslint/css-tree';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UriCandidate } from '../../src/candidate.js';
import type { Finding } from '../../src/finding.js';
import { cssCandidates, discoverCss } from '../../src/formats/css.js';
import { runRules } from '../../src/rules/index.js';
import { fixAll, rangeOf } from '../support/formats.js';

const RULES = { 'no-unescaped-chars': {}, 'no-malformed': {}, 'no-invalid-percent-encoding': {}, 'no-insecure-scheme': {} } as const;

function findings(text: string): Finding[] {
  return runRules(discoverCss(text), RULES);
}

/** The values css-tree reads for the `url(…)`s and strings of a stylesheet. */
function urlValues(text: string): string[] {
  const values: string[] = [];
  walk(parse(text), (node: CssNode) => {
    if (node.type === 'Url' || node.type === 'String') values.push(node.value);
  });
  return values;
}

describe('discoverCss: url()', () => {
  it('maps a hex escape before the problem in an unquoted url(), and the fix reads back', () => {
    const text = 'a { background: url( https://ex\\61 mple.com/a|b ) }';
    const [finding, ...rest] = findings(text);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('path-unescaped-char');
    expect(finding?.range).toEqual(rangeOf(text, '|'));
    const fixed = fixAll(text, [finding!]);
    expect(fixed).toBe('a { background: url( https://ex\\61 mple.com/a%7Cb ) }');
    expect(urlValues(fixed)).toEqual(['https://example.com/a%7Cb']);
  });

  it('reports a character written as an escape at the whole escape', () => {
    const text = 'a { b: url(https://acme.com/a\\|b) ; c: url(https://acme.com/c\\7c d) }';
    const found = findings(text);
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, '\\|'), rangeOf(text, '\\7c ')]);
    expect(urlValues(fixAll(text, found))).toEqual(['https://acme.com/a%7Cb', 'https://acme.com/c%7Cd']);
  });

  it('maps quoted url() strings: an escaped quote inside the URI, single and double quotes', () => {
    const text = `a { b: url("https://acme.com/say\\"hi"); c: url('https://acme.com/it\\'s|x') }`;
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '\\"')],
      ['path-unescaped-char', rangeOf(text, '|')],
    ]);
    expect(urlValues(fixAll(text, found))).toEqual(['https://acme.com/say%22hi', "https://acme.com/it's%7Cx"]);
  });

  it('reports a space in an unquoted url() (a bad url) and the fix makes it a url again', () => {
    const text = 'a { background: url(https://acme.com/a b.png) }';
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([['path-unescaped-char', rangeOf(text, ' ', 'a b')]]);
    expect(urlValues(fixAll(text, found))).toEqual(['https://acme.com/a%20b.png']);
  });

  it('counts emoji and é before the URI on the same line in UTF-16 units', () => {
    const text = 'a { content: "😀é"; b: url(https://acme.com/é/a|b) } /* 😀 é */ c { d: url("\\1F600 https://acme.com/x") }';
    const found = findings(text).filter((f) => f.code === 'path-unescaped-char');
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, '|')]);
  });

  it('takes data: URIs, relative references and custom properties', () => {
    const text = 'a { b: url(data:image/png;base64,iVBORw0KGgo=); c: url(img/x.png); --bg: url(http://cdn.acme.com/x|y) }';
    expect(discoverCss(text).map((c) => [c.context, c.sink, c.uri])).toEqual([
      ['sink', 'url()', 'data:image/png;base64,iVBORw0KGgo='],
      ['sink', 'url()', 'img/x.png'],
      ['sink', 'url()', 'http://cdn.acme.com/x|y'],
    ]);
    expect(findings(text).map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|')],
      ['scheme-insecure', rangeOf(text, 'http')],
    ]);
  });

  it('reports a data: URI with a space in a quoted url()', () => {
    const text = 'a { b: url("data:text/plain,a b") }';
    const found = findings(text);
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, ' ', 'a b')]);
    expect(urlValues(fixAll(text, found))).toEqual(['data:text/plain,a%20b']);
  });

  it('takes the URL strings of image-set() and src(), not other strings', () => {
    const text = '@font-face { src: url(f.woff) format("woff") } a { b: image-set("https://acme.com/1x.png" 1x); c: src("https://acme.com/s"); content: "https://acme.com/text" }';
    expect(discoverCss(text).map((c) => [c.sink, c.uri])).toEqual([
      ['url()', 'f.woff'],
      ['image-set()', 'https://acme.com/1x.png'],
      ['src()', 'https://acme.com/s'],
    ]);
  });

  it("leaves Internet Explorer's default behaviors alone: #default#VML names one of the browser's own, not a fragment", () => {
    // Leaflet's leaflet.css (vendored in LinkStackOrg/LinkStack): `behavior: url(#default#VML);`
    // (https://learn.microsoft.com/en-us/previous-versions/windows/internet-explorer/ie-developer/platform-apis/ms530723(v=vs.85)).
    const text = '.lvml {\n\tbehavior: url(#default#VML);\n\tdisplay: inline-block;\n\tposition: absolute;\n\t}\n.x{behavior:url(ie/pie.htc) ;-ms-behavior:url(#default#userData)}\n';
    expect(discoverCss(text).map((c) => c.uri)).toEqual(['ie/pie.htc']);
    expect(findings('.a { background: url(#default#VML) }')).toHaveLength(1);
  });

  it('escapes a fix for the quotes of a string and for an unquoted url()', () => {
    const [quoted, unquoted] = discoverCss(`a { b: url('https://acme.com/a'); c: url(https://acme.com/b) }`);
    const quotedPart = quoted?.parts[0];
    const unquotedPart = unquoted?.parts[0];
    expect(quotedPart?.kind === 'text' && quotedPart.map.replace(0, 0, `'"\\`)?.text).toBe(`\\'"\\\\`);
    expect(unquotedPart?.kind === 'text' && unquotedPart.map.replace(0, 0, `( )'\n`)?.text).toBe(`\\(\\ \\)\\'\\a `);
  });
});

describe('discoverCss: @import, @namespace and comments', () => {
  it('takes @import strings and url()s as the @import sink', () => {
    const text = '@import "http://cdn.acme.com/a|b.css" screen;\n@import url(https://acme.com/c.css) supports(display: grid);\n@import url("https://acme.com/d|e.css");';
    expect(discoverCss(text).map((c) => [c.sink, c.uri])).toEqual([
      ['@import', 'http://cdn.acme.com/a|b.css'],
      ['@import', 'https://acme.com/c.css'],
      ['@import', 'https://acme.com/d|e.css'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|', 'a|b')],
      ['scheme-insecure', rangeOf(text, 'http', 'http:')],
      ['path-unescaped-char', rangeOf(text, '|', 'd|e')],
    ]);
    expect(urlValues(fixAll(text, found))).toEqual(['http://cdn.acme.com/a%7Cb.css', 'https://acme.com/c.css', 'https://acme.com/d%7Ce.css']);
  });

  it('reads an @import that css-tree keeps raw (a bad url in it)', () => {
    const text = '@import url(https://acme.com/a b.css) screen;';
    expect(discoverCss(text).map((c) => [c.sink, c.uri])).toEqual([['@import', 'https://acme.com/a b.css']]);
    expect(findings(text).map((f) => f.range)).toEqual([rangeOf(text, ' ', 'a b')]);
  });

  it('marks @namespace URIs as namespaces: http there is not reported', () => {
    const text = '@namespace svg url(http://www.w3.org/2000/svg);\n@namespace "http://cdn.acme.com/ns";';
    expect(discoverCss(text).map((c) => [c.sink, c.namespace, c.uri])).toEqual([
      ['@namespace', true, 'http://www.w3.org/2000/svg'],
      ['@namespace', true, 'http://cdn.acme.com/ns'],
    ]);
    expect(findings(text)).toEqual([]);
  });

  it('finds URIs in comments, as prose', () => {
    const text = '/* see https://acme.com/a{b\n   and http://cdn.acme.com/c{d */\na { b: c } /* unclosed https://acme.com/e{f';
    expect(discoverCss(text).map((c) => [c.context, c.uri])).toEqual([
      ['prose', 'https://acme.com/a{b'],
      ['prose', 'http://cdn.acme.com/c{d'],
      ['prose', 'https://acme.com/e{f'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{', 'a{b')],
      ['path-unescaped-char', rangeOf(text, '{', 'c{d')],
      ['path-unescaped-char', rangeOf(text, '{', 'e{f')],
    ]);
    expect(fixAll(text, found)).toBe(text.replace(/(?<=[ace])\{/g, '%7B'));
  });

  it('ends a URI in a comment at a `|` or a `^` (RFC 3986 Appendix E), and reports them in url()', () => {
    const text = '/* Expected https://acme.com/a|b to be x, not https://acme.com/c^d. */\na { b: url(https://acme.com/a|b) }\nc { d: url("https://acme.com/c^d") }';
    expect(discoverCss(text).map((c) => [c.context, c.uri])).toEqual([
      ['prose', 'https://acme.com/a'],
      ['prose', 'https://acme.com/c'],
      ['sink', 'https://acme.com/a|b'],
      ['sink', 'https://acme.com/c^d'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|', 'a|b)')],
      ['path-unescaped-char', rangeOf(text, '^', 'c^d")')],
    ]);
    expect(fixAll(text, found)).toBe('/* Expected https://acme.com/a|b to be x, not https://acme.com/c^d. */\na { b: url(https://acme.com/a%7Cb) }\nc { d: url("https://acme.com/c%5Ed") }');
  });

  it('does not take URIs from selectors, property names or plain strings', () => {
    const text = 'a[href="https://acme.com/a|b"] { content: "see https://acme.com/c|d"; font-family: "https:" }';
    expect(discoverCss(text)).toEqual([]);
  });

  it('takes css-tree trees built elsewhere (as @eslint/css passes them)', () => {
    const text = 'a { b: url(https://acme.com/a|b) }';
    expect(cssCandidates(parse(text, { positions: true }), text).map((c) => c.uri)).toEqual(['https://acme.com/a|b']);
  });

  it('reads broken stylesheets without throwing', () => {
    for (const text of ['a { b: url(https://acme.com/a|b', '@import "https://acme.com/a|b', 'a { b: url(https://acme.com/\\', '}}} url(x) {{{', '@import url(']) {
      expect(() => discoverCss(text)).not.toThrow();
    }
    const text = 'a { b: url(https://acme.com/a|b';
    expect(findings(text).map((f) => f.range)).toEqual([rangeOf(text, '|')]);
  });
});

describe('cssCandidates on a plain-object tree (as @eslint/css hands it to rules)', () => {
  it('finds the @import URL in a prelude whose children are an array', () => {
    const text = '@import "https://example.com/a b.css";\n.x { background: url(https://example.com/i.png); }\n';
    const tree = toPlainObject(parse(text, { positions: true })) as unknown as CssNode;
    expect(cssCandidates(tree, text).map((candidate) => [candidate.sink, candidate.uri])).toEqual([
      ['@import', 'https://example.com/a b.css'],
      ['url()', 'https://example.com/i.png'],
    ]);
  });
});

describe('discoverCss: robustness', () => {
  it('never throws, and every candidate lies in the text', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme-composite' }),
      fc
        .array(fc.constantFrom('a {', '}', 'b:', 'url(', ')', '"', "'", '\\', '\\61 ', '/*', '*/', '@import ', '@namespace ', ';', ' ', '\n', 'https://a.com/x|', 'é😀', 'image-set(', '--c:'), { maxLength: 40 })
        .map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let candidates: UriCandidate[] = [];
        expect(() => (candidates = discoverCss(text))).not.toThrow();
        for (const candidate of candidates) {
          expect(candidate.range[0]).toBeGreaterThanOrEqual(0);
          expect(candidate.range[1]).toBeLessThanOrEqual(text.length);
        }
        for (const finding of runRules(candidates, RULES)) {
          expect(finding.range[0]).toBeGreaterThanOrEqual(0);
          expect(finding.range[1]).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads what css-tree reads for escaped URLs, and the fix reads back', () => {
    // Each character of the path written as itself, as `\` + character, or as a hex escape.
    const piece = fc.tuple(fc.constantFrom('a', '|', '^', '/', 'é', '😀', '(', '"', "'"), fc.constantFrom('raw', 'char', 'hex'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.boolean(), (pieces, quoted) => {
        const path = pieces.map(([c]) => c).join('');
        const written = pieces
          .map(([c, how]) => {
            if (how === 'hex') return `\\${c.codePointAt(0)!.toString(16)} `;
            // `\a` would be a hex escape: a hex digit is written as itself.
            if ((how === 'char' && !/[0-9a-f]/i.test(c)) || (!quoted && /["'(]/.test(c)) || (quoted && c === '"')) return `\\${c}`;
            return c;
          })
          .join('');
        const text = quoted ? `a { b: url("https://acme.com/${written}") }` : `a { b: url(https://acme.com/${written}) }`;
        const candidates = discoverCss(text);
        expect(candidates.map((c) => c.uri)).toEqual([`https://acme.com/${path}`]);
        const [value] = urlValues(fixAll(text, runRules(candidates, RULES)));
        expect(decodeURIComponent(value!)).toBe(`https://acme.com/${path}`);
      }),
      { numRuns: 300 },
    );
  });
});
