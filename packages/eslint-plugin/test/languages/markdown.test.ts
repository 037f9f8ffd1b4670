/**
 * The rules on Markdown through `@eslint/markdown` (`markdown/gfm`, and
 * `markdown/commonmark`): link, image and definition destinations (with `\(`
 * escapes and `<…>`), autolinks and bare URLs, each reported at its
 * characters after multi-byte text on the same line, and fixed with the
 * destination's escaping; code is never read.
 */
import { describe, expect, it } from 'vitest';
import { configOf, fix, LINE_BREAKS, lint, MAJORS, place, placesOf, replaceOnce } from '../support/languages.js';

const GUIDE = [
  '# Guide — résumé 😀',
  '',
  'é 😀 Read the [guide](https://example.com/docs/a\\(b\\)|c "Title") first.',
  '',
  // A space in a `<…>` destination is valid CommonMark; the "|" is not.
  '😀 Logo: ![logo](<https://example.com/img/my logo|2.png>) here.',
  '',
  'é Autolink <https://example.com/a|b> and bare https://example.com/c|d, done.',
  '',
  '[ref]: https://example.com/ref%zz "Ref"',
  '',
  '```text',
  'https://example.com/in code{block',
  '```',
  '',
  '    https://example.com/indented{code',
  '',
  'Inline `https://example.com/inline{code` is code too.',
  '',
  'é 😀 Mirror: ftp://files.example.com/a{b in prose.',
  '',
  // In running text a URI ends at a `|` or a `^` (RFC 3986 Appendix E): nothing to report here.
  'Or ftp://files.example.com/prose|x and ftp://files.example.com/prose^x.',
  '',
  '[fine](https://example.com/docs/getting-started) and <https://example.com/ok>.',
  '',
].join('\n');

describe.each(MAJORS)('Markdown under ESLint $major', (major) => {
  it('reports each planted problem at its characters, and nothing in code', () => {
    const messages = lint(major, GUIDE, 'guide.md', configOf('markdown/recommended'));
    expect(placesOf(messages)).toEqual(
      [
        place(GUIDE, 'no-unescaped-chars', '|', 'docs/a\\(b\\)'),
        place(GUIDE, 'no-unescaped-chars', '|', 'img/my logo'),
        place(GUIDE, 'no-unescaped-chars', '|', '<https://example.com/a'),
        place(GUIDE, 'no-unescaped-chars', '|', 'bare https://example.com/c'),
        place(GUIDE, 'no-invalid-percent-encoding', '%zz', 'ref'),
        place(GUIDE, 'no-unescaped-chars', '{', 'ftp://files.example.com/a'),
      ].sort((a, b) => a.line - b.line || a.column - b.column),
    );
  });

  it('--fix percent-encodes in the destination and keeps its escapes and brackets', () => {
    let expected = GUIDE;
    expected = replaceOnce(expected, 'docs/a\\(b\\)|c', 'docs/a\\(b\\)%7Cc');
    expected = replaceOnce(expected, '<https://example.com/img/my logo|2.png>', '<https://example.com/img/my logo%7C2.png>');
    expected = replaceOnce(expected, '<https://example.com/a|b>', '<https://example.com/a%7Cb>');
    expected = replaceOnce(expected, 'bare https://example.com/c|d', 'bare https://example.com/c%7Cd');
    expected = replaceOnce(expected, 'ftp://files.example.com/a{b', 'ftp://files.example.com/a%7Bb');
    expect(fix(major, GUIDE, 'guide.md', configOf('markdown/recommended'))).toBe(expected);
  });

  it('reads CommonMark too (`markdown/commonmark`): the same destinations, no GFM literal links', () => {
    const source = 'é [a](https://example.com/a|b) and https://example.com/c{d, not https://example.com/e|f\n';
    const messages = lint(major, source, 'a.md', configOf('markdown/recommended', [{ files: ['**/*.md'], language: 'markdown/commonmark' }]));
    // Without GFM the bare URL is prose (still read), not a link: it ends at a `|` (RFC 3986 Appendix E).
    expect(placesOf(messages)).toEqual([place(source, 'no-unescaped-chars', '|', 'example.com/a'), place(source, 'no-unescaped-chars', '{', 'example.com/c')]);
  });

  it('counts lines as micromark does (CRLF, lone CR): eslint-disable-next-line comments hide the line under them', () => {
    const hide = '<!-- eslint-disable-next-line urilint/no-unescaped-chars -->';
    const source =
      ['é first line', hide, '[hidden](https://example.com/hidden|x)', '', '😀 [shown](https://example.com/shown|x)', '', ''].join('\r\n') +
      ['second', hide, '[hidden](https://example.com/hidden-after-cr|x)', '', '😀 [cr](https://example.com/after-cr|x)', ''].join('\r');
    const messages = lint(major, source, 'crlf.md', configOf('markdown/recommended'));
    // A line counted otherwise than micromark counts it would show a hidden link, or hide a shown one.
    expect(placesOf(messages)).toEqual([
      place(source, 'no-unescaped-chars', '|', 'shown', LINE_BREAKS.markdown),
      place(source, 'no-unescaped-chars', '|', '/after-cr', LINE_BREAKS.markdown),
    ]);
  });

  it('runs the strict rules (no-insecure-scheme) and not the JavaScript-only one', () => {
    const source = 'é [mirror](http://downloads.acme.org/latest) and `http://downloads.acme.org/code`\n';
    const messages = lint(major, source, 'strict.md', configOf('markdown/strict', [{ rules: { 'urilint/no-unencoded-interpolation': 'error' } }]));
    expect(placesOf(messages)).toEqual([place(source, 'no-insecure-scheme', 'http', '[mirror](')]);
  });
});
