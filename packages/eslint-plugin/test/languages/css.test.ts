/**
 * The rules on CSS through `@eslint/css`: `url()`, `@import` (string and
 * `url()`), `image-set()` strings and comments, with CSS escapes (`\ `,
 * `\7c `) reported at the whole escape after multi-byte text on the same line
 * and fixed in place; `@namespace` names and other strings are not URLs to fix.
 */
import { describe, expect, it } from 'vitest';
import { configOf, fix, LINE_BREAKS, lint, MAJORS, place, placesOf, replaceOnce } from '../support/languages.js';

const STYLES = [
  '@import "https://example.com/a b.css";',
  '@import url("https://example.com/c|d.css") screen;',
  '@namespace svg url(http://www.w3.org/2000/svg);',
  '/* é 😀 see https://example.com/comment{x */',
  // In running text a URI ends at a `|` or a `^` (RFC 3986 Appendix E): nothing to report here.
  '/* see https://example.com/prose|x or https://example.com/prose^x */',
  '.café-😀 { background: url(https://example.com/x\\ y.png); }',
  '.é { background-image: url("https://example.com/a\\7c b.png"); }',
  '.hero { background: image-set("https://example.com/h|1.png" 1x); }',
  '.quote::before { content: "https://example.com/not|a-url"; }',
  '.fine { background: url("https://example.com/img/ok.png"); }',
  '',
].join('\n');

describe.each(MAJORS)('CSS under ESLint $major', (major) => {
  it('reports url(), @import, image-set() and comments at their escapes; not content strings', () => {
    expect(placesOf(lint(major, STYLES, 'styles.css', configOf('css/recommended')))).toEqual([
      place(STYLES, 'no-unescaped-chars', ' ', 'example.com/a'),
      place(STYLES, 'no-unescaped-chars', '|', 'example.com/c'),
      place(STYLES, 'no-unescaped-chars', '{', '/comment'),
      place(STYLES, 'no-unescaped-chars', '\\ ', 'example.com/x'),
      place(STYLES, 'no-unescaped-chars', '\\7c ', 'example.com/a'),
      place(STYLES, 'no-unescaped-chars', '|', 'example.com/h'),
    ]);
  });

  it('--fix replaces the escape with %XX and keeps the quotes', () => {
    let expected = STYLES;
    expected = replaceOnce(expected, '"https://example.com/a b.css"', '"https://example.com/a%20b.css"');
    expected = replaceOnce(expected, 'example.com/c|d.css', 'example.com/c%7Cd.css');
    expected = replaceOnce(expected, '/comment{x', '/comment%7Bx');
    expected = replaceOnce(expected, 'url(https://example.com/x\\ y.png)', 'url(https://example.com/x%20y.png)');
    expected = replaceOnce(expected, '"https://example.com/a\\7c b.png"', '"https://example.com/a%7Cb.png"');
    expected = replaceOnce(expected, 'example.com/h|1.png', 'example.com/h%7C1.png');
    expect(fix(major, STYLES, 'styles.css', configOf('css/recommended'))).toBe(expected);
  });

  it('counts lines as css-tree does (CRLF, CR, form feed): eslint-disable-next-line hides the line under it', () => {
    const hide = '/* eslint-disable-next-line urilint/no-unescaped-chars */';
    const source =
      ['a {}', hide, '.h { background: url(https://example.com/hidden|x); }', '.s { background: url(https://example.com/shown|x); }', ''].join('\r\n') +
      [hide, '.h2 { background: url(https://example.com/hidden-ff|x); }', 'é { background: url(https://example.com/shown-ff|x); }', ''].join('\f');
    expect(placesOf(lint(major, source, 'lines.css', configOf('css/recommended')))).toEqual([
      place(source, 'no-unescaped-chars', '|', '/shown', LINE_BREAKS.css),
      place(source, 'no-unescaped-chars', '|', '/shown-ff', LINE_BREAKS.css),
    ]);
  });
});
