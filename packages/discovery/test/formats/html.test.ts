import fc from 'fast-check';
import { parse } from 'es-html-parser';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import type { UriCandidate } from '../../src/candidate.js';
import type { Finding } from '../../src/finding.js';
import { NAMED_REFERENCES, namedReference, readCharacterReference } from '../../src/formats/entities.js';
import { discoverHtml, htmlCandidates } from '../../src/formats/html.js';
import { runRules } from '../../src/rules/index.js';
import { applyEdits, mapOf, nthRangeOf as rangeOf, fixAll } from '../support/formats.js';

const RULES = {
  'no-unescaped-chars': {},
  'no-malformed': {},
  'no-invalid-percent-encoding': {},
  'no-script-url': {},
  'require-scheme': {},
} as const;

function candidates(text: string): UriCandidate[] {
  return discoverHtml(text).candidates;
}

function findings(text: string): Finding[] {
  return runRules(candidates(text), RULES);
}

/** The one finding of the document, checked to be `code` at `range`, fixed to `fixed`. */
function expectOneFix(text: string, code: string, range: [number, number], fixed: string): void {
  const all = findings(text);
  expect(all.map((finding) => [finding.code, finding.range])).toEqual([[code, range]]);
  expect(all[0]!.fix).toBeDefined();
  expect(applyEdits(text, all[0]!.fix!)).toBe(fixed);
}

describe('discoverHtml: URL attributes', () => {
  const cases: [tag: string, attribute: string][] = [
    ['a', 'href'],
    ['link', 'href'],
    ['img', 'src'],
    ['iframe', 'src'],
    ['form', 'action'],
    ['button', 'formaction'],
    ['video', 'poster'],
    ['blockquote', 'cite'],
    ['object', 'data'],
    ['object', 'codebase'],
    ['body', 'background'],
    ['html', 'manifest'],
    ['use', 'xlink:href'],
  ];
  for (const [tag, attribute] of cases) {
    it(`reads <${tag} ${attribute}> and fixes it in place`, () => {
      const text = `<${tag} ${attribute}="https://example.com/a^b"></${tag}>`;
      const found = candidates(text);
      expect(found.map((candidate) => [candidate.context, candidate.sink, candidate.uri])).toEqual([['attribute', `<${tag} ${attribute}>`, 'https://example.com/a^b']]);
      expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
    });
  }

  it('reads `data` only on <object>, and never other attributes (srcset is read apart: html-urls.test.ts)', () => {
    const text = '<div data="https://example.com/a^b" title="https://example.com/c^d"></div>';
    expect(candidates(text)).toEqual([]);
  });

  it('names the sink in lower case whatever the source case', () => {
    const text = '<A HREF="https://example.com/a^b">x</A>';
    expect(candidates(text).map((candidate) => candidate.sink)).toEqual(['<a href>']);
  });

  it('reads <script src> but not the script', () => {
    const text = '<script src="https://example.com/a^b.js">const u = "https://example.com/c^d";</script>';
    expect(candidates(text).map((candidate) => [candidate.sink, candidate.uri])).toEqual([['<script src>', 'https://example.com/a^b.js']]);
  });

  it('splits ping into its URLs', () => {
    const text = '<a href="/" ping="https://example.com/p1 https://example.com/p^2">x</a>';
    const pings = candidates(text).filter((candidate) => candidate.sink === '<a ping>');
    expect(pings.map((candidate) => candidate.uri)).toEqual(['https://example.com/p1', 'https://example.com/p^2']);
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
  });

  it('strips the whitespace HTML strips around a URL, and reports nothing for it', () => {
    const text = '<a href="  https://example.com/a  ">x</a>';
    expect(candidates(text).map((candidate) => candidate.uri)).toEqual(['https://example.com/a']);
    expect(findings(text)).toEqual([]);
  });

  it('reads an unquoted value the way HTML does, past a `/`', () => {
    const text = '<a href=https://example.com/a/b^c title=x>y</a><a href=/about^>z</a>';
    expect(candidates(text).map((candidate) => candidate.uri)).toEqual(['https://example.com/a/b^c', '/about^']);
    expect(findings(text).map((finding) => finding.range)).toEqual([rangeOf(text, '^', 0), rangeOf(text, '^', 1)]);
  });

  it('reports a javascript: link', () => {
    const text = '<a href="javascript:alert(1)">x</a>';
    expect(findings(text).map((finding) => [finding.rule, finding.range])).toEqual([['no-script-url', rangeOf(text, 'javascript:')]]);
  });

  it('reads xmlns attributes as namespace names', () => {
    const text = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"></svg>';
    expect(candidates(text).map((candidate) => [candidate.sink, candidate.namespace, candidate.uri])).toEqual([
      ['<svg xmlns>', true, 'http://www.w3.org/2000/svg'],
      ['<svg xmlns:xlink>', true, 'http://www.w3.org/1999/xlink'],
    ]);
  });

  it('returns the first <base href>, decoded', () => {
    const text = '<head><base href=" https://example.com/a?x=1&amp;y=2 "><base href="https://other.example/"></head>';
    expect(discoverHtml(text).base).toBe('https://example.com/a?x=1&y=2');
    expect(discoverHtml('<a href="https://example.com/">x</a>').base).toBeUndefined();
  });
});

describe('discoverHtml: character references', () => {
  it('reports past references at the right raw character and keeps them in the fix', () => {
    const text = '<a href="https://example.com/?x=1&amp;y=&#x41;&eacute;&amp;z=a b">x</a>';
    expect(candidates(text)[0]!.uri).toBe('https://example.com/?x=1&y=Aé&z=a b');
    const all = findings(text).filter((finding) => finding.code === 'query-unescaped-char' || finding.code === 'path-unescaped-char');
    expect(all.map((finding) => finding.range)).toEqual([rangeOf(text, ' ', 1)]);
    // The URI's one fix carries the edit of its "é" too (written as UTF-8 in place of the reference), and keeps the other references.
    expect(applyEdits(text, all[0]!.fix!)).toBe('<a href="https://example.com/?x=1&amp;y=&#x41;%C3%A9&amp;z=a%20b">x</a>');
  });

  it('reports a character written as a reference at the whole reference', () => {
    const text = '<a href="https://example.com/a&#94;b">x</a>';
    expect(candidates(text)[0]!.uri).toBe('https://example.com/a^b');
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '&#94;'), '<a href="https://example.com/a%5Eb">x</a>');
  });

  it('leaves `&name=` and unknown names as written in an attribute, as browsers do', () => {
    const text = '<a href="https://example.com/?a=1&copy=2&lang=en&notit;&amp">x</a>';
    expect(candidates(text)[0]!.uri).toBe('https://example.com/?a=1&copy=2&lang=en&notit;&');
  });

  it('reads references in single-quoted and unquoted values', () => {
    const text = "<a href='https://example.com/it&#39;s^'>x</a><a href=https://example.com/?a&amp;b^>y</a>";
    expect(candidates(text).map((candidate) => candidate.uri)).toEqual(["https://example.com/it's^", 'https://example.com/?a&b^']);
    expect(findings(text).map((finding) => finding.range)).toEqual([rangeOf(text, '^', 0), rangeOf(text, '^', 1)]);
  });

  it('keeps offsets right after multi-byte characters on the same line', () => {
    const text = '<p>😀 café 日本 <a href="https://example.com/e^">é</a> 😀</p>';
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
  });

  it('decodes every name of its table as HTML5 (micromark) does', () => {
    for (const [name, value] of NAMED_REFERENCES) {
      const paragraph = fromMarkdown(`&${name};`).children[0];
      const decoded = paragraph?.type === 'paragraph' && paragraph.children[0]?.type === 'text' ? paragraph.children[0].value : undefined;
      expect([name, decoded]).toEqual([name, value]);
    }
    expect(namedReference('DoubleRightArrow')).toBe('⇒');
    expect(namedReference('notaname')).toBeUndefined();
  });

  it('reads numeric references as HTML does, and as CommonMark does', () => {
    const read = (text: string, mode: 'markdown' | 'html-attribute'): string | undefined => readCharacterReference(text, 0, text.length, mode)?.text;
    expect(read('&#x80;', 'html-attribute')).toBe('€');
    expect(read('&#0;', 'html-attribute')).toBe('\uFFFD');
    expect(read('&#65', 'html-attribute')).toBe('A');
    expect(read('&#65', 'markdown')).toBeUndefined();
    expect(read('&#x1F600;', 'markdown')).toBe('😀');
    expect(read('&#12345678;', 'markdown')).toBeUndefined();
    expect(read('&#x110000;', 'html-attribute')).toBe('\uFFFD');
  });
});

describe('discoverHtml: text maps write replacements as character references', () => {
  it('writes & and the value\'s own quote as references', () => {
    const double = '<a href="https://example.com/a">x</a>';
    const doubleMap = mapOf(candidates(double)[0]!);
    const end = doubleMap.value.length;
    expect(doubleMap.replace(end - 1, end, `a&b"c'd`)?.text).toBe(`a&amp;b&quot;c'd`);
    const single = "<a href='https://example.com/a'>x</a>";
    const singleMap = mapOf(candidates(single)[0]!);
    expect(singleMap.replace(end - 1, end, `a&b"c'd`)?.text).toBe(`a&amp;b"c&#39;d`);
  });

  it('writes what would end an unquoted value as references', () => {
    const text = '<a href=https://example.com/a>x</a>';
    const map = mapOf(candidates(text)[0]!);
    const edit = map.replace(map.value.length - 1, map.value.length, 'a b>"=`');
    expect(edit?.text).toBe('a&#32;b&#62;&quot;&#61;&#96;');
    expect(candidates(applyEdits(text, [edit!]))[0]!.uri).toBe('https://example.com/a b>"=`');
  });

  it('escapes a literal & before an edit that would complete it into a reference', () => {
    const text = '<a href="https://example.com/?a&b">x</a>';
    const map = mapOf(candidates(text)[0]!);
    const edit = map.replace(map.value.length - 1, map.value.length, 'lt;');
    expect(edit).toEqual({ range: rangeOf(text, '&b'), text: '&amp;lt;' });
    expect(candidates(applyEdits(text, [edit!]))[0]!.uri).toBe('https://example.com/?a&lt;');
  });

  it('fixes inside an entity-containing value without touching the references', () => {
    const text = '<iframe src="https://example.com/embed?a=1&amp;b=2&quot;x^"></iframe>';
    expect(candidates(text)[0]!.uri).toBe('https://example.com/embed?a=1&b=2"x^');
    const all = findings(text);
    // One report of the query's two characters (issue 28), from the reference to the "^".
    expect(all.map((finding) => finding.range)).toEqual([[rangeOf(text, '&quot;')[0], rangeOf(text, '^')[1]]]);
    expect(fixAll(text, all)).toBe('<iframe src="https://example.com/embed?a=1&amp;b=2%22x%5E"></iframe>');
  });
});

describe('discoverHtml: text', () => {
  it('reads URIs in text as prose, with references decoded', () => {
    const text = '<p>Mirror &amp; more: ftp://example.com/a&amp;b{c</p>';
    const [candidate] = candidates(text);
    expect(candidate).toMatchObject({ context: 'prose', uri: 'ftp://example.com/a&b{c' });
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '{'), text.replace('{', '%7B'));
  });

  it('ends a URI in text at a `|` or a `^` (RFC 3986 Appendix E), and reports them in a URL attribute', () => {
    const text = '<p>Expected https://example.com/a|b to be x, not https://example.com/c&#x5E;d.</p><a href="https://example.com/a|b">a</a><img src="https://example.com/c^d">';
    expect(candidates(text).map((candidate) => [candidate.context, candidate.uri])).toEqual([
      ['prose', 'https://example.com/a'],
      ['prose', 'https://example.com/c'],
      ['attribute', 'https://example.com/a|b'],
      ['attribute', 'https://example.com/c^d'],
    ]);
    const all = findings(text);
    expect(all.map((finding) => [finding.code, finding.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|', 1)],
      ['path-unescaped-char', rangeOf(text, '^')],
    ]);
    expect(fixAll(text, all)).toBe(
      '<p>Expected https://example.com/a|b to be x, not https://example.com/c&#x5E;d.</p><a href="https://example.com/a%7Cb">a</a><img src="https://example.com/c%5Ed">',
    );
  });

  it('does not read <script>, <style>, <code>, <pre> or comments', () => {
    const text = [
      '<script>fetch("https://example.com/a^b")</script>',
      '<style>a { background: url(https://example.com/a^b) }</style>',
      '<p>Run <code>curl https://example.com/a^b</code></p>',
      '<pre>ftp://example.com/a^b <b>https://example.com/c^d</b></pre>',
      '<!-- https://example.com/a^b -->',
    ].join('\n');
    expect(candidates(text)).toEqual([]);
  });

  it('reads nothing wrong in valid relative and absolute links', () => {
    const text = '<a href="./docs/">a</a><a href="../up.html#top">b</a><img src="/img/logo.png"><a href="https://example.com/?q=a&amp;r=b">c</a>';
    expect(candidates(text)).toHaveLength(4);
    expect(findings(text)).toEqual([]);
  });
});

describe('discoverHtml: documents that do not parse', () => {
  it('never throws, and keeps what comes before the broken tag', () => {
    for (const text of ['<a href="', '<<<>>>', '</x></y>', '<a href=">', '<x y="', '\u0000<\ud800', '<!--', '<script>']) {
      expect(() => discoverHtml(text)).not.toThrow();
    }
    // A `<` among a tag's attributes stops es-html-parser.
    const text = '<div><a href="https://example.com/a^b">x</a><p class <b>';
    expect(() => parse(text)).toThrow();
    expect(candidates(text).map((candidate) => candidate.uri)).toEqual(['https://example.com/a^b']);
  });

  it('htmlCandidates reads a tree parsed elsewhere the same way', () => {
    const text = '<a href="https://example.com/a^b">ftp://example.com/c</a>';
    expect(htmlCandidates(parse(text).ast, text).candidates.map((candidate) => candidate.uri)).toEqual(candidates(text).map((candidate) => candidate.uri));
  });
});

describe('discoverHtml: properties', () => {
  const htmlish = fc.string({ unit: fc.constantFrom(...'<>/="\' &#;x:abhrefsrc-!1é😀\n'.split(/(?=[\s\S])/u)), maxLength: 60 });

  it('never throws, and every candidate maps within the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), htmlish, htmlish.map((s) => `<a href="${s}" src=${s}>ftp://${s}</a>`)), (text) => {
        for (const candidate of candidates(text)) {
          const map = mapOf(candidate);
          for (let k = 0; k < map.value.length; k++) {
            const [start, end] = map.sourceRange(k, k + 1);
            expect(0 <= start && start < end && end <= text.length).toBe(true);
          }
          expect(candidate.range[0] >= 0 && candidate.range[1] <= text.length).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('an edit it offers makes the attribute read as the value with the edit made', () => {
    const piece = fc.string({ unit: fc.constantFrom(...'ab&#;x2 "\'<>=`%lt'.split('')), maxLength: 6 });
    fc.assert(
      fc.property(piece, fc.constantFrom('"', "'", ''), fc.nat(), fc.nat(), piece, (tail, quote, a, b, replacement) => {
        const raw = quote === '' ? tail.replace(/[\s"'=<>`]/g, '') : tail.replaceAll(quote, '');
        const text = `<a href=${quote}https://example.com/${raw}${quote}>x</a>`;
        const candidate = candidates(text).find((c) => c.sink === '<a href>');
        if (candidate === undefined) return;
        const map = mapOf(candidate);
        const start = a % (map.value.length + 1);
        const end = start + (b % (map.value.length - start + 1));
        const edit = map.replace(start, end, replacement);
        if (edit === undefined) return;
        const expected = map.value.slice(0, start) + replacement + map.value.slice(end);
        // An attribute left blank holds no URL: there is nothing to find again.
        if (expected.trim() === '') return;
        const again = candidates(applyEdits(text, [edit])).find((c) => c.sink === '<a href>');
        expect(again?.value).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });
});
