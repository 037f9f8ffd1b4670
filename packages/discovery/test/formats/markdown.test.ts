import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/finding.js';
import { discoverMarkdown, markdownCandidates, markdownStructureOf, markdownTreeOf, PARAGRAPH_HINT } from '../../src/formats/markdown.js';
import { markdownAnchors, markdownTreeAnchors } from '../../src/links/anchors.js';
import { maskTemplates, templateSyntaxes } from '../../src/templates.js';
import { runRules } from '../../src/rules/index.js';
import { applyEdits, fixAll, mapOf, nthRangeOf as rangeOf } from '../support/formats.js';

/**
 * fromMarkdown's tree (GFM, every transform run) as the reader builds it: a paragraph whose source
 * holds no `PARAGRAPH_HINT` has no children (its text is not parsed).
 */
function readerTreeOf(text: string): Root {
  const root = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'paragraph' && !PARAGRAPH_HINT.test(text.slice(node.position!.start.offset, node.position!.end.offset))) node.children = [];
    else if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
  return root;
}

const RULES = {
  'no-unescaped-chars': {},
  'no-malformed': {},
  'no-invalid-percent-encoding': {},
  'no-script-url': {},
  'require-scheme': {},
} as const;

function findings(text: string): Finding[] {
  return runRules(discoverMarkdown(text), RULES);
}

/** The one finding of the document, checked to be `code` at `range`, fixed to `fixed`. */
function expectOneFix(text: string, code: string, range: [number, number], fixed: string): void {
  const all = findings(text);
  expect(all.map((finding) => [finding.code, finding.range])).toEqual([[code, range]]);
  expect(all[0]!.fix).toBeDefined();
  expect(applyEdits(text, all[0]!.fix!)).toBe(fixed);
}

describe('discoverMarkdown: what it finds', () => {
  it('reads an inline link destination as an <a href> attribute, not its title', () => {
    const text = '[docs](https://example.com/a^b "Title ^ here")';
    const [candidate] = discoverMarkdown(text);
    expect(candidate).toMatchObject({ context: 'attribute', sink: '<a href>', uri: 'https://example.com/a^b', namespace: false });
    expect(candidate!.range).toEqual(rangeOf(text, 'https://example.com/a^b'));
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), '[docs](https://example.com/a%5Eb "Title ^ here")');
  });

  it('reads an image destination as an <img src> attribute', () => {
    const text = 'Logo: ![the ^ logo](https://example.com/logo^.png)';
    const candidates = discoverMarkdown(text);
    expect(candidates.map((candidate) => [candidate.sink, candidate.uri])).toEqual([['<img src>', 'https://example.com/logo^.png']]);
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^', 1), 'Logo: ![the ^ logo](https://example.com/logo%5E.png)');
  });

  it('reads a definition destination, also one on the next line', () => {
    const text = 'See [the spec][spec].\n\n[spec]:\n   https://example.com/spec^1 "Spec"\n';
    const [candidate] = discoverMarkdown(text);
    expect(candidate).toMatchObject({ context: 'attribute', sink: '<a href>', uri: 'https://example.com/spec^1' });
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
  });

  it('reads an angle-bracket autolink as written', () => {
    const text = 'Go to <https://example.com/a^b> now.';
    expect(discoverMarkdown(text).map((candidate) => [candidate.sink, candidate.uri])).toEqual([['<a href>', 'https://example.com/a^b']]);
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), 'Go to <https://example.com/a%5Eb> now.');
  });

  it('reads a GFM autolink literal in text once, not again as prose', () => {
    const text = 'Go to https://example.com/a^b, then stop.';
    expect(discoverMarkdown(text).map((candidate) => [candidate.context, candidate.uri])).toEqual([['attribute', 'https://example.com/a^b']]);
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), 'Go to https://example.com/a%5Eb, then stop.');
  });

  it('ends a GFM literal opened inside "(" at the ")" that closes it, whatever follows (opensource.guide, Persian)', () => {
    // GFM's literal runs to the next space, and Jekyll's kramdown makes no literal at all: the author's URL ends at the parenthesis.
    const text = '[سرمایه‌گذاری والمارت (Walmart)] (https://www.example.com/walmart-s-investment.html)در متن باز وجود دارد.';
    expect(discoverMarkdown(text).map((candidate) => [candidate.uri, candidate.range])).toEqual([['https://www.example.com/walmart-s-investment.html', rangeOf(text, 'https://www.example.com/walmart-s-investment.html')]]);
    expect(findings(text)).toEqual([]);
    // A parenthesis the URL opens itself is its own.
    const wiki = 'See (https://en.wikipedia.org/wiki/URI_(disambiguation))و here.';
    expect(discoverMarkdown(wiki).map((candidate) => candidate.uri)).toEqual(['https://en.wikipedia.org/wiki/URI_(disambiguation)']);
  });

  it('ends a GFM literal before a backslash escape, which is Markdown\'s and not the URL\'s (beautifulhugo\'s theming page)', () => {
    const text = '(e.g. "Visit Hugo \\[https://gohugo.io\\]").';
    expect(discoverMarkdown(text).map((candidate) => [candidate.uri, candidate.range])).toEqual([['https://gohugo.io', rangeOf(text, 'https://gohugo.io')]]);
    expect(findings(text)).toEqual([]);
    // An escape inside the path ends it too: nothing after it is read, nothing is fixed.
    const underscore = 'See https://example.com/a\\_b^c here.';
    expect(discoverMarkdown(underscore).map((candidate) => candidate.uri)).toEqual(['https://example.com/a']);
    expect(findings(underscore)).toEqual([]);
  });

  it('reads a bare URI GFM does not link (ftp:) as prose', () => {
    const text = 'Mirror at ftp://example.com/pub{1 for now.';
    const [candidate] = discoverMarkdown(text);
    expect(candidate).toMatchObject({ context: 'prose', uri: 'ftp://example.com/pub{1' });
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '{'), 'Mirror at ftp://example.com/pub%7B1 for now.');
  });

  it('ends a bare URI in prose at a `|` or a `^` (RFC 3986 Appendix E), and reports them in a link destination', () => {
    const text = 'Expected ftp://example.com/a|b to be x, not ftp://example.com/c^d.\n\n[a](ftp://example.com/a|b) [c](ftp://example.com/c^d)\n';
    expect(discoverMarkdown(text).map((candidate) => [candidate.context, candidate.uri])).toEqual([
      ['prose', 'ftp://example.com/a'],
      ['prose', 'ftp://example.com/c'],
      ['attribute', 'ftp://example.com/a|b'],
      ['attribute', 'ftp://example.com/c^d'],
    ]);
    const all = findings(text);
    expect(all.map((finding) => [finding.code, finding.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|', 1)],
      ['path-unescaped-char', rangeOf(text, '^', 1)],
    ]);
    expect(fixAll(text, all)).toBe(
      'Expected ftp://example.com/a|b to be x, not ftp://example.com/c^d.\n\n[a](ftp://example.com/a%7Cb) [c](ftp://example.com/c%5Ed)\n',
    );
  });

  it('reads a bare URI on a block quote continuation line, past the `>` prefix', () => {
    const text = '> The mirror\n> is ftp://example.com/a{b today';
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '{'), text.replace('{', '%7B'));
  });

  it('reads the URL attributes of HTML in Markdown, at their offsets in the Markdown source', () => {
    const text = '# Title é😀\n\n<div>\n<a href="https://example.com/a^b&amp;c">x</a>\n</div>\n';
    const [candidate] = discoverMarkdown(text);
    expect(candidate).toMatchObject({ context: 'attribute', sink: '<a href>', uri: 'https://example.com/a^b&c' });
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
  });

  it('reports a javascript: link destination as a script URL', () => {
    const text = 'Click [here](javascript:alert(1)).';
    const all = findings(text);
    expect(all.map((finding) => [finding.rule, finding.range])).toEqual([['no-script-url', rangeOf(text, 'javascript:')]]);
  });

  it('reads links inside a link label (a badge) and in table cells', () => {
    const text = '| a |\n|---|\n| [![b](https://example.com/b^.svg)](https://example.com/c^) |\n';
    expect(discoverMarkdown(text).map((candidate) => [candidate.sink, candidate.uri])).toEqual([
      ['<a href>', 'https://example.com/c^'],
      ['<img src>', 'https://example.com/b^.svg'],
    ]);
    expect(findings(text).map((finding) => finding.range)).toEqual([rangeOf(text, '^', 1), rangeOf(text, '^', 0)]);
  });
});

describe('discoverMarkdown: escapes and references map to the raw characters', () => {
  it('reports a character written as a backslash escape at the escape, and replaces all of it', () => {
    const text = '[t](https://example.com/a\\|b)';
    const [candidate] = discoverMarkdown(text);
    expect(candidate!.uri).toBe('https://example.com/a|b');
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '\\|'), '[t](https://example.com/a%7Cb)');
  });

  it('lands after escapes and references earlier in the destination', () => {
    const text = '[t](https://example.com/\\(x\\)/&amp;&#x41;/\\*^)';
    const [candidate] = discoverMarkdown(text);
    expect(candidate!.uri).toBe('https://example.com/(x)/&A/*^');
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
  });

  it('reports a space written as a numeric reference at the whole reference', () => {
    const text = '[t](https://example.com/a&#x20;b)';
    expect(discoverMarkdown(text)[0]!.uri).toBe('https://example.com/a b');
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '&#x20;'), '[t](https://example.com/a%20b)');
  });

  it('reads a named reference outside the common table through micromark', () => {
    // `&verbar;` is `|`, which a path may not hold unescaped: the finding is the whole reference.
    const text = '[t](https://example.com/a&verbar;b)';
    expect(discoverMarkdown(text)[0]!.uri).toBe('https://example.com/a|b');
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '&verbar;'), '[t](https://example.com/a%7Cb)');
  });

  it('fixes inside a <…> destination, keeping the brackets and the escapes; its space is valid (CommonMark 6.3: the URI has "%20")', () => {
    const text = '[t](<https://example.com/\\<a\\>/x b> "title")';
    const [candidate] = discoverMarkdown(text);
    expect(candidate!.uri).toBe('https://example.com/<a>/x%20b');
    const all = findings(text);
    // One report of the path's two characters (issue 28), from the first escape to the second.
    expect(all.map((finding) => finding.range)).toEqual([[rangeOf(text, '\\<')[0], rangeOf(text, '\\>')[1]]]);
    expect(fixAll(text, all)).toBe('[t](<https://example.com/%3Ca%3E/x b> "title")');
  });

  it('keeps offsets right after multi-byte characters (emoji, é) and references on the same line', () => {
    const text = '😀 café &copy; 日本 — [t](https://example.com/e^) 😀';
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '^'), text.replace('^', '%5E'));
  });

  it('keeps offsets right in prose after escapes and references', () => {
    const text = 'A \\*star\\* &amp; more: ftp://example.com/a&amp;b{c';
    const [candidate] = discoverMarkdown(text);
    expect(candidate!.uri).toBe('ftp://example.com/a&b{c');
    expectOneFix(text, 'path-unescaped-char', rangeOf(text, '{'), text.replace('{', '%7B'));
  });

  it('keeps offsets right with CR LF line ends', () => {
    const text = 'Intro\r\n\r\n> quote\r\n> ftp://example.com/a{b\r\n\r\n[t](https://example.com/c^d)\r\n';
    expect(findings(text).map((finding) => finding.range)).toEqual([rangeOf(text, '{'), rangeOf(text, '^')]);
  });
});

describe('discoverMarkdown: what it leaves alone', () => {
  it('does not read code blocks, inline code, indented code or scripts', () => {
    const text = [
      'Use `https://example.com/a^b` inline.',
      '',
      '```sh',
      'curl https://example.com/a^b',
      '```',
      '',
      '    ftp://example.com/indented^',
      '',
      '<script>const u = "https://example.com/a^b";</script>',
      '',
    ].join('\n');
    expect(discoverMarkdown(text)).toEqual([]);
  });

  it('skips email autolinks and www. literals, whose mailto: or http:// is not in the source', () => {
    const text = 'Mail <me@example.com> or me@example.com, see www.example.com/a^b.';
    expect(discoverMarkdown(text)).toEqual([]);
  });

  it('keeps a mailto: autolink that is written out', () => {
    const text = 'Mail <mailto:me@example.com>.';
    expect(discoverMarkdown(text).map((candidate) => candidate.uri)).toEqual(['mailto:me@example.com']);
  });

  it('reads valid relative links and reports nothing on them', () => {
    const text = '[a](./docs/readme.md) [b](../guide.md#setup) [c](#top) [d](<my file.md>)\n\n[e]: /path/to/page?x=1';
    expect(discoverMarkdown(text).map((candidate) => candidate.uri)).toEqual([
      './docs/readme.md',
      '../guide.md#setup',
      '#top',
      'my%20file.md',
      '/path/to/page?x=1',
    ]);
    // A space in a `<…>` destination is valid CommonMark: nothing to report.
    expect(findings(text)).toEqual([]);
  });

  it('skips empty destinations and reference links without a definition', () => {
    expect(discoverMarkdown('[a]() [b](<>) [c][nowhere] ![d]()')).toEqual([]);
  });

  it('does not throw on documents that are not well formed', () => {
    for (const text of ['[[[](((<<<&#xZZZ;\\', '[a](<b\n>)', '![](', '<a href="', '```\nunclosed', '&#99999999999;', '> > > [x](y\\', '\u0000\ud800[x](\udc00)']) {
      expect(() => discoverMarkdown(text)).not.toThrow();
    }
  });
});

describe('markdownCandidates', () => {
  it('reads a tree built elsewhere (as @eslint/markdown builds it) the same way', () => {
    const text = 'See [a](https://example.com/a^b) and ftp://example.com/c^d.\n\n[e]: <https://example.com/e f>\n';
    const root = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const fromTree = markdownCandidates(root, text);
    expect(fromTree.map((candidate) => [candidate.uri, candidate.range])).toEqual(discoverMarkdown(text).map((candidate) => [candidate.uri, candidate.range]));
    // The bare ftp: URI is prose: it ends at the `^` (RFC 3986 Appendix E); the link destination is one URI.
    expect(fromTree.map((candidate) => candidate.uri)).toEqual(['https://example.com/a^b', 'ftp://example.com/c', 'https://example.com/e%20f']);
  });
});

describe('discoverMarkdown: its shortcuts find what the whole tree gives', () => {
  const plainTree = (text: string) => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const shown = (text: string, candidates: ReturnType<typeof discoverMarkdown>) => candidates.map((c) => [c.uri, c.range, c.context, c.sink, text.slice(...c.range)]);

  it('the same tree and candidates as fromMarkdown with GFM builds and markdownCandidates reads (its transforms all run)', () => {
    // `@`, `www.`, `http://` and references that write them: where the autolink-literal transform runs or is skipped.
    const unit = fc.constantFrom(...['[', ']', '(', ')', '<', '>', '&#64;', '&period;', '&#x3a;', '&colon;', ':', '/', ' ', '\n', '@', 'www.', 'WWW.', 'http://', 'https://', 'mailto:', 'x', 'ftp://a.b/', '{', '|', '=', '<a href="', '`', '*', '-', '#', 'é', 'me', 'a.b', 'me@a.b', '+', '.', '_']);
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const text = units.join('');
        const whole = plainTree(text);
        expect(shown(text, discoverMarkdown(text))).toEqual(shown(text, markdownCandidates(whole, text)));
        // The tree itself is the one fromMarkdown builds (but for the paragraphs it need not read): the transform is skipped only where it changes nothing.
        expect(markdownTreeOf(text)).toEqual(readerTreeOf(text));
      }),
      { numRuns: 600 },
    );
  });

  it('the autolink-literal transform run on the blocks with a hint builds the tree it builds on the root', () => {
    // URLs, e-mails, `mailto:` and `xmpp:` in paragraphs, headings, table cells, quotes, lists, footnotes and links.
    const prefix = fc.constantFrom('', '', '- ', '> ', '# ', '1. ', '[^n]: ', '    ');
    const piece = fc.constantFrom(
      ...['www.example.com', 'http://a.b/c', 'HTTPS://A.B', 'me@a.b', 'mailto:me@a.b', 'xmpp:me@a.b/r', 'x', '(', ')', '.', '_', '*', '~'],
      ...['[www.a.b](https://c.d)', '[l][r]', '[r]: https://r.s', '<https://a.b>', '| a | www.a.b |', '|---|---|', '`www.a.b`', '<b>', '&amp;'],
    );
    const line = fc.tuple(prefix, fc.array(piece, { maxLength: 4 })).map(([p, pieces]) => p + pieces.join(' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        const text = lines.join('\n');
        expect(markdownTreeOf(text)).toEqual(readerTreeOf(text));
      }),
      { numRuns: 200 },
    );
  });

  it('paragraphs left unparsed change no candidate and no anchor of the link index', () => {
    // Paragraphs with and without what makes a candidate or an id, among headings (whose text is always read), lists, quotes and tables.
    const prefix = fc.constantFrom('', '', '', '# ', '## ', '- ', '> ', '1. ', '[^n]: ', '| ');
    const piece = fc.constantFrom(
      ...['plain words', '*em*', '`code`', 'www.example.com', 'me@example.com', 'x_y', '\\*', '~~del~~', 'Title', 'Title', '===', '---'],
      ...['https://example.com/a b', 'ftp://x/y', '[a](b c)', '[a](/d)', '[r]', '[r][]', '[t][r]', '[r]: /u', '<a name="n">', '<b id=i>', '&colon;', 'k=v', '|---|', '\\:', '<https://e.f>'],
    );
    const line = fc.tuple(prefix, fc.array(piece, { maxLength: 4 })).map(([p, pieces]) => p + pieces.join(' '));
    const options = { slugStyle: 'github' as const, customIds: [] };
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\n\n'), (lines, eol) => {
        const text = lines.join(eol);
        const whole = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
        const shownAll = (found: ReturnType<typeof discoverMarkdown>) => found.map((c) => [c.uri, c.range, c.context, c.sink]);
        expect(shownAll(discoverMarkdown(text))).toEqual(shownAll(markdownCandidates(whole, text)));
        expect(markdownAnchors(text, options)).toEqual(markdownTreeAnchors(whole, text, options));
      }),
      { numRuns: 300 },
    );
  });

  it('a document with no `:`, `](`, `=` or `&` holds no candidate, and the link index still gets its tree', () => {
    const text = '# Title\n\nA [reference][ref], <em>markup</em> and www.example.com\n';
    expect(discoverMarkdown(text)).toEqual([]);
    expect(markdownCandidates(plainTree(text), text)).toEqual([]);
    expect(markdownTreeOf(text).children.map((node) => node.type)).toEqual(['heading', 'paragraph']);
  });

  it('reads the tree the link index parsed for a text, instead of parsing it again', () => {
    const text = '# Target\n\n[a](https://example.com/a|b) and ftp://files.example.com/c{d\n';
    const tree = markdownTreeOf(text);
    const found = discoverMarkdown(text);
    // The tree the reader read is the one it hands the link index back: the index's own parse, read once.
    expect(markdownTreeOf(text)).toBe(tree);
    expect(shown(text, found)).toEqual(shown(text, markdownCandidates(plainTree(text), text)));
    expect(found.map((c) => c.uri)).toEqual(['https://example.com/a|b', 'ftp://files.example.com/c{d']);
  });
});

describe('markdownStructureOf: the tree for the link index, from the masked text where only code differs', () => {
  /**
   * The tree without what the link index may not rely on: its code blocks' values, and its code spans'
   * values outside headings; an HTML node's value that holds a masked tag is the source as written,
   * as the link index reads it (`markdownTreeAnchors`).
   */
  const withoutCode = (root: unknown, text?: string): unknown => {
    const copy = (node: unknown, inHeading: boolean): unknown => {
      if (Array.isArray(node)) return node.map((child) => copy(child, inHeading));
      if (node === null || typeof node !== 'object') return node;
      const { type, value, position } = node as { type?: string; value?: unknown; position?: { start: { offset: number }; end: { offset: number } } };
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) out[key] = copy(child, inHeading || type === 'heading');
      if (type === 'code' || (type === 'inlineCode' && !inHeading)) out.value = undefined;
      if (type === 'html' && text !== undefined && typeof value === 'string' && /[\uE000\uE001]/.test(value) && position !== undefined) out.value = text.slice(position.start.offset, position.end.offset);
      return out;
    };
    return copy(JSON.parse(JSON.stringify(root)), false);
  };
  const masked = (text: string) => maskTemplates(text, templateSyntaxes(undefined)).text;

  it('takes the tree the reader read of the masked text when every tag is inside a code block: one parse', () => {
    const text = '# Install\n\n```sh\nexport URL=${BASE_URL}/api\ncurl {{ site.url }}\n```\n\nSee [the API](https://example.com/api).\n';
    expect(masked(text)).not.toBe(text);
    discoverMarkdown(masked(text));
    const tree = markdownStructureOf(text);
    expect(tree).toBe(markdownTreeOf(masked(text)));
    expect(withoutCode(tree)).toEqual(withoutCode(readerTreeOf(text)));
  });

  it('parses the text itself when a tag is outside code, on a fence line or over a line break', () => {
    for (const text of [
      '# {{ title }}\n\nText.\n',
      '```{{lang}}\ncode\n```\n',
      '```\n{{ a\nb }}\n```\n',
      '| a | {{ x | y }} |\n| - | - |\n',
      '> ```\n> ${X}\n> ```\n\n## ${Y}\n',
    ]) {
      discoverMarkdown(masked(text));
      expect(markdownStructureOf(text)).toEqual(readerTreeOf(text));
    }
  });

  it('gives the tree of the text as written, code values aside, on generated documents with tags in and around code', () => {
    const prefix = fc.constantFrom('', '', '> ', '- ', '  ', '> - ', '1. ', ' ');
    const piece = fc.constantFrom(...['${X}', '${`a`}', '{{ a | b }}', '{{<x>}}', '<% e %>', '{% if %}', '$HOME', '```', '~~~', ' ', '\t', 'x', '`', '<', '>', '[a]', '[a]: /u', '|', '---', '- ', '*', '<div>', 'http://a.b', '\\', '# ', '<div style={{ a: 1 }}>', '<td id="t" style={{', '}}>', '`$HOME/a`', ' `{{ a }}` ', '<span title={{ b }}>', '## `${X}`']);
    // Code blocks (fenced, or indented) in containers, their lines' prefixes kept, dropped or changed, with tags in and after them.
    const block = fc.record({
      prefix,
      open: fc.constantFrom('```', '~~~', '````', '```js ${X}', '    ', '\t'),
      lines: fc.array(fc.tuple(fc.constantFrom('same', 'same', 'same', 'same', 'none', 'other'), prefix, fc.array(piece, { maxLength: 4 })), { maxLength: 5 }),
      close: fc.boolean(),
      after: fc.array(piece, { maxLength: 3 }),
    });
    const documentOf = (blocks: (typeof block extends fc.Arbitrary<infer T> ? T : never)[], eol: string): string => {
      const lines: string[] = [];
      for (const { prefix: first, open, lines: body, close, after } of blocks) {
        const indented = open.trim() === '';
        // A container's continuation lines: `>` kept, a list marker's width as spaces.
        const continuation = first.replace(/[^>\t]/g, ' ');
        if (!indented) lines.push(first + open);
        for (const [how, other, pieces] of body) lines.push((how === 'same' ? (indented ? first : continuation) : how === 'none' ? '' : other) + (indented ? open : '') + pieces.join(''));
        if (close && !indented) lines.push(continuation + /^[`~]+/.exec(open)![0]);
        lines.push(after.join(''));
      }
      return lines.join(eol);
    };
    let shared = 0;
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\r\n', '\n\n'), (blocks, eol) => {
        const text = documentOf(blocks, eol);
        discoverMarkdown(masked(text));
        const tree = markdownStructureOf(text);
        if (masked(text) !== text && tree === markdownTreeOf(masked(text))) shared++;
        expect(withoutCode(tree, text)).toEqual(withoutCode(readerTreeOf(text)));
      }),
      { numRuns: 800 },
    );
    // The masked text's tree served for a good share of them (about one in nine), not only the text's own.
    expect(shared).toBeGreaterThan(30);
  });
});

describe('Markdown text maps: edits are written for the destination, or refused', () => {
  it('escapes parentheses and backslashes in an unbracketed destination', () => {
    const text = '[t](https://example.com/a)';
    const map = mapOf(discoverMarkdown(text)[0]!);
    const at = map.value.length - 1;
    expect(map.replace(at, at + 1, '(x)\\')).toEqual({ range: [text.length - 2, text.length - 1], text: '\\(x\\)\\\\' });
  });

  it('refuses a space in an unbracketed destination, writes one in a bracketed one', () => {
    const plain = '[t](https://example.com/a)';
    const plainMap = mapOf(discoverMarkdown(plain)[0]!);
    expect(plainMap.replace(plainMap.value.length - 1, plainMap.value.length, 'a b')).toBeUndefined();
    const bracketed = '[t](<https://example.com/a>)';
    const bracketedMap = mapOf(discoverMarkdown(bracketed)[0]!);
    const edit = bracketedMap.replace(bracketedMap.value.length - 1, bracketedMap.value.length, 'a b>');
    expect(edit).toBeDefined();
    expect(applyEdits(bracketed, [edit!])).toBe('[t](<https://example.com/a b\\>>)');
  });

  it('escapes a literal & before an edit that would complete it into a reference', () => {
    const text = '[t](https://example.com/?a&b)';
    const map = mapOf(discoverMarkdown(text)[0]!);
    const edit = map.replace(map.value.length - 1, map.value.length, 'amp;');
    expect(edit).toBeDefined();
    const edited = applyEdits(text, [edit!]);
    expect(edited).toBe('[t](https://example.com/?a\\&amp;)');
    expect(discoverMarkdown(edited)[0]!.uri).toBe('https://example.com/?a&amp;');
  });

  it('refuses to split a reference that writes two code units', () => {
    const text = '[t](https://example.com/&#x1F600;)';
    const map = mapOf(discoverMarkdown(text)[0]!);
    expect(map.value.endsWith('😀')).toBe(true);
    expect(map.replace(map.value.length - 1, map.value.length, 'x')).toBeUndefined();
  });
});

describe('discoverMarkdown: properties', () => {
  const markdownish = fc.string({ unit: fc.constantFrom(...'[]()<>!\\&#;x:/ \n>`*_|-.@ftpshw1é😀'.split(/(?=[\s\S])/u)), maxLength: 60 });

  it('never throws, and every candidate maps within the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), markdownish, markdownish.map((s) => `[a](${s}) <${s}> ftp://${s}`)), (text) => {
        for (const candidate of discoverMarkdown(text)) {
          const map = mapOf(candidate);
          for (let k = 0; k < map.value.length; k++) {
            const [start, end] = map.sourceRange(k, k + 1);
            expect(0 <= start && start < end && end <= text.length).toBe(true);
          }
          const [start, end] = map.sourceRange(0, map.value.length);
          expect(0 <= start && start <= end && end <= text.length).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('an edit it offers makes the link read as the value with the edit made', () => {
    const piece = fc.string({ unit: fc.constantFrom(...'ab()<>\\&#;x2 %|'.split('')), maxLength: 6 });
    fc.assert(
      fc.property(piece, fc.boolean(), fc.nat(), fc.nat(), piece, (tail, bracketed, a, b, replacement) => {
        const destination = `https://example.com/${tail}`;
        const text = bracketed ? `[t](<${destination}>)` : `[t](${destination})`;
        const candidate = discoverMarkdown(text).find((c) => c.sink === '<a href>' && c.context === 'attribute');
        if (candidate === undefined) return;
        const map = mapOf(candidate);
        const start = a % (map.value.length + 1);
        const end = start + (b % (map.value.length - start + 1));
        const edit = map.replace(start, end, replacement);
        if (edit === undefined) return;
        const expected = map.value.slice(0, start) + replacement + map.value.slice(end);
        // An empty destination holds no URL: there is nothing to find again.
        if (expected === '') return;
        const again = discoverMarkdown(applyEdits(text, [edit])).find((c) => c.sink === '<a href>' && c.context === 'attribute');
        // A space written in `<…>` is valid there and reads as "%20".
        expect(again?.uri).toBe(bracketed ? expected.replace(/ /g, '%20') : expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('discoverMarkdown: a link whose destination holds a raw space', () => {
  it('is no link to CommonMark; its destination is checked, and the %20 fix makes it one', () => {
    const text = 'See the [report](files/annual report.pdf) and [notes](<notes.md>) or [x](a.md "Title").\n';
    const found = findings(text);
    expect(found.map((f) => [f.code, text.slice(...f.range)])).toEqual([['path-unescaped-char', ' ']]);
    expect(found[0]!.range[0]).toBe(text.indexOf(' report.pdf'));
    const fixed = fixAll(text, found);
    expect(fixed).toBe('See the [report](files/annual%20report.pdf) and [notes](<notes.md>) or [x](a.md "Title").\n');
    expect(discoverMarkdown(fixed).map((c) => c.uri)).toEqual(['files/annual%20report.pdf', 'notes.md', 'a.md']);
  });

  it('is found when GFM reads the start of the destination as an autolink (issue 29; nginxinc/docker-nginx README, planted)', () => {
    // GFM splits these into "[old report](", an autolink to https://example.com/files/annual, and " report 2023.pdf)".
    const text = '[old report](https://example.com/files/annual report 2023.pdf)\n\n[Official image docs](https://hub.docker.com/_/nginx/ tags) and more.\n';
    const found = findings(text);
    expect(found.map((f) => [f.code, text.slice(...f.range)])).toEqual([
      ['path-unescaped-char', ' report '],
      ['path-unescaped-char', ' '],
    ]);
    expect(found[1]!.range[0]).toBe(text.indexOf(' tags)'));
    const fixed = fixAll(text, found);
    expect(fixed).toBe('[old report](https://example.com/files/annual%20report%202023.pdf)\n\n[Official image docs](https://hub.docker.com/_/nginx/%20tags) and more.\n');
    expect(discoverMarkdown(fixed).map((c) => c.uri)).toEqual(['https://example.com/files/annual%20report%202023.pdf', 'https://hub.docker.com/_/nginx/%20tags']);
    // An autolink in prose, with words after it and a parenthesis that is no link's, is still one URI.
    expect(discoverMarkdown('See (https://example.com/a and more) or [x](y) https://example.com/b c).\n').map((c) => c.uri)).toEqual(['https://example.com/a', 'y', 'https://example.com/b']);
  });
});

