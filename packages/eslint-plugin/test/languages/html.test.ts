/**
 * The rules on HTML through html-eslint: its `html/html` language, and
 * `@html-eslint/parser` as the parser of ESLint's JavaScript language. URL
 * attributes (`<base href>` included) with character references decoded
 * (`&amp;`, `&#x20;` reported at the whole reference) after multi-byte text on
 * the same line, URIs in text; never `<script>` or `<style>` bodies, `<pre>`
 * or `<code>`.
 */
import htmlParser from '@html-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { configOf, fix, LINE_BREAKS, lint, MAJORS, place, placesOf, replaceOnce } from '../support/languages.js';

const PAGE = [
  '<!doctype html>',
  '<html lang="fr">',
  '<head>',
  '  <title>Café 😀</title>',
  '  <base href="https://example.com/my site/">',
  '  <link rel="stylesheet" href="styles/main.css">',
  '  <style>body { background: url(https://example.com/in style|x.png); }</style>',
  '</head>',
  '<body>',
  '  <p>Café 😀 <a href="https://example.com/search?q=a&amp;tag=x&#x20;y">search</a></p>',
  "  <p>é 😀 <img src='https://example.com/img/a|b.png' alt=\"\"></p>",
  '  <a href="javascript:alert(1)">run</a>',
  '  <script>',
  '    fetch("https://example.com/in script|x");',
  '  </script>',
  '  <pre>https://example.com/pre{formatted</pre>',
  '  <p>é text: https://example.com/text{x &amp; more</p>',
  // In running text a URI ends at a `|` or a `^` (RFC 3986 Appendix E): nothing to report here.
  '  <p>see https://example.com/prose|x or https://example.com/prose^x</p>',
  '  <a href="https://example.com/fine?a=1&amp;b=2">fine</a>',
  '</body>',
  '</html>',
  '',
].join('\n');

/** `@html-eslint/parser` as the JavaScript language's parser (html-eslint's `flat/recommended`). */
const LEGACY = [{ files: ['**/*.html'], languageOptions: { parser: htmlParser as never }, plugins: { urilint: plugin as never }, rules: plugin.configs.recommended.rules as never }];

describe.each(MAJORS)('HTML under ESLint $major', (major) => {
  const expected = [
    place(PAGE, 'no-unescaped-chars', ' ', 'https://example.com/my'),
    place(PAGE, 'no-unescaped-chars', '&#x20;', 'tag=x'),
    place(PAGE, 'no-unescaped-chars', '|', 'img/a'),
    place(PAGE, 'no-script-url', 'javascript:', 'href="'),
    place(PAGE, 'no-unescaped-chars', '{', 'example.com/text'),
  ];

  it('html/html: reports URL attributes and text at their characters, never script, style or pre', () => {
    expect(placesOf(lint(major, PAGE, 'page.html', configOf('html/recommended')))).toEqual(expected);
  });

  it('@html-eslint/parser in the JavaScript language: the same places (columns from 0 there too)', () => {
    expect(placesOf(lint(major, PAGE, 'page.html', LEGACY))).toEqual(expected);
  });

  it('--fix writes %XX in place of the character or the reference, and keeps `&amp;` and the quotes', () => {
    let fixed = PAGE;
    fixed = replaceOnce(fixed, 'https://example.com/my site/', 'https://example.com/my%20site/');
    fixed = replaceOnce(fixed, 'q=a&amp;tag=x&#x20;y', 'q=a&amp;tag=x%20y');
    fixed = replaceOnce(fixed, "'https://example.com/img/a|b.png'", "'https://example.com/img/a%7Cb.png'");
    fixed = replaceOnce(fixed, 'https://example.com/text{x', 'https://example.com/text%7Bx');
    expect(fix(major, PAGE, 'page.html', configOf('html/recommended'))).toBe(fixed);
    expect(fix(major, PAGE, 'page.html', LEGACY)).toBe(fixed);
  });

  it('counts lines as es-html-parser does (CRLF, CR, U+2028): eslint-disable-next-line hides the line under it', () => {
    const hide = '<!-- eslint-disable-next-line urilint/no-unescaped-chars -->';
    const source = ['<p>', hide, '<a href="https://example.com/hidden|x">a</a>', '<a href="https://example.com/shown|x">b</a>', ''].join('\r\n') + [hide, '<a href="https://example.com/hidden-ls|x">c</a>', 'é <a href="https://example.com/shown-ls|x">d</a>', '</p>'].join('\u2028');
    expect(placesOf(lint(major, source, 'lines.html', configOf('html/recommended')))).toEqual([
      place(source, 'no-unescaped-chars', '|', '/shown', LINE_BREAKS.html),
      place(source, 'no-unescaped-chars', '|', '/shown-ls', LINE_BREAKS.html),
    ]);
  });

  it('reads a page with front matter (html-eslint `frontmatter: true`) at the right offsets', () => {
    const source = '---\ntitle: é 😀 https://example.com/front{matter\n---\n<p>😀 <a href="https://example.com/a|b">x</a></p>\n';
    const config = configOf('html/recommended', [{ files: ['**/*.html'], languageOptions: { frontmatter: true } }]);
    expect(placesOf(lint(major, source, 'fm.html', config))).toEqual([place(source, 'no-unescaped-chars', '|', 'example.com/a')]);
    expect(fix(major, source, 'fm.html', config)).toBe(replaceOnce(source, 'example.com/a|b', 'example.com/a%7Cb'));
  });
});
