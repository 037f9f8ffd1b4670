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

/** An inline SVG in a `data:` URL whose 188 spaces are written raw, between encoded markup: one problem, 188 times. */
const SPACES_188 = `.icon { background: url("data:image/svg+xml,%3Csvg%3E${'%3Cg%3E %3C/g%3E'.repeat(188)}%3C/svg%3E"); }\n`;
/** Cobalt's inline SVG: its `<`, `>`, spaces and quotes written raw, each run of them a problem of core's. */
const RAW_SVG = `.check { background: url('data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 12l5 5l10 -10" stroke="white" fill="none"/></svg>'); }\n`;

describe.each(MAJORS)('one report per URI and problem in CSS under ESLint $major (issue 28)', (major) => {
  it('reports a space written 188 times in a data: URI once, and fixes all 188 in one pass', () => {
    const messages = lint(major, SPACES_188, 'icons.css', configOf('css/recommended'));
    expect(messages.map((m) => m.message)).toEqual([
      'A space must be percent-encoded in the data: 188 times; write them as "%20". Browsers accept the URI as written; RFC 3986 does not. [path-unescaped-char]',
    ]);
    expect(fix(major, SPACES_188, 'icons.css', configOf('css/recommended'))).toBe(SPACES_188.replaceAll(' %3C/g', '%20%3C/g'));
  });

  it("reports an inline SVG's different characters to encode once, named with their counts, with one fix for all of them", () => {
    const messages = lint(major, RAW_SVG, 'check.css', configOf('css/recommended'));
    expect(messages.map((m) => [m.message, m.column])).toEqual([
      [
        '27 characters must be percent-encoded in the data: write "<" as "%3C" (3 times), a space as "%20" (11 times), a double quote (") as "%22" (10 times), ">" as "%3E" (3 times). Browsers accept the URI as written; RFC 3986 does not. [path-unescaped-char]',
        RAW_SVG.indexOf('<svg') + 1,
      ],
    ]);
    const svg = RAW_SVG.slice(RAW_SVG.indexOf('<svg'), RAW_SVG.indexOf("'); }"));
    expect(fix(major, RAW_SVG, 'check.css', configOf('css/recommended'))).toBe(RAW_SVG.replace(svg, encodeURIComponent(svg).replaceAll('%2F', '/').replaceAll('%3D', '=').replaceAll('%3A', ':')));
  });
});
