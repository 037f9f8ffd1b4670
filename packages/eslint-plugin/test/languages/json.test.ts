/**
 * The rules on JSON, JSONC and JSON5 through `@eslint/json`: string values
 * (never keys) and comments; a problem written as an escape (`\u007c`,
 * `\u00e9`) is reported at the whole escape, after `\/` and `\u0020` and
 * multi-byte text on the same line, and fixed in place with the string's
 * other escapes and quotes kept.
 */
import { describe, expect, it } from 'vitest';
import { configOf, fix, LINE_BREAKS, lint, MAJORS, place, placesOf, replaceOnce } from '../support/languages.js';

const CONFIG_JSON = [
  '{',
  '  "$schema": "http://json-schema.org/draft-07/schema#",',
  '  "na\\u0020mé😀": "https:\\/\\/example.com\\/a\\u007cb",',
  '  "https://example.com/key|not-a-value": "a key is never a URI",',
  '  "😀 docs": "https:\\/\\/example.com\\/caf\\u00e9",',
  '  "mirror": "http://downloads.acme.org/latest",',
  '  "note": "See https://example.com/help for more.",',
  // In running text a URI ends at a `|` or a `^` (RFC 3986 Appendix E): nothing to report here.
  '  "prose": "see https://example.com/prose|x or https://example.com/prose^x",',
  '  "links": ["https://example.com/a", "é https://example.com/b{c"]',
  '}',
  '',
].join('\n');

describe.each(MAJORS)('JSON under ESLint $major', (major) => {
  it('reports values at their escapes, and never keys or $schema', () => {
    const messages = lint(major, CONFIG_JSON, 'config.json', configOf('json/strict'));
    expect(placesOf(messages)).toEqual([
      place(CONFIG_JSON, 'no-unescaped-chars', '\\u007c', '\\/a'),
      place(CONFIG_JSON, 'no-unescaped-chars', '\\u00e9', 'caf'),
      place(CONFIG_JSON, 'no-insecure-scheme', 'http', '"mirror": "'),
      place(CONFIG_JSON, 'no-unescaped-chars', '{', 'example.com/b'),
    ]);
  });

  it('--fix replaces the escape and keeps `\\/` and the other escapes', () => {
    let expected = CONFIG_JSON;
    expected = replaceOnce(expected, '"https:\\/\\/example.com\\/a\\u007cb"', '"https:\\/\\/example.com\\/a%7Cb"');
    expected = replaceOnce(expected, 'caf\\u00e9', 'caf%C3%A9');
    expected = replaceOnce(expected, 'https://example.com/b{c', 'https://example.com/b%7Bc');
    expect(fix(major, CONFIG_JSON, 'config.json', configOf('json/strict'))).toBe(expected);
  });

  it('reads JSONC: comments too, and tsconfig.json is JSONC', () => {
    const source = [
      '// é 😀 see https://example.com/a{b',
      '{',
      '  /* https://example.com/block{comment */ "url": "https:\\/\\/example.com\\/c\\u007cd",',
      '  "spaced": "https:\\/\\/example.com\\/a\\u0020b" // one URL with a space: reported at the escape',
      '}',
      '',
    ].join('\n');
    const expected = [
      place(source, 'no-unescaped-chars', '{', 'example.com/a'),
      place(source, 'no-unescaped-chars', '{', 'block'),
      place(source, 'no-unescaped-chars', '\\u007c', '\\/c'),
      place(source, 'no-unescaped-chars', '\\u0020', 'example.com\\/a'),
    ];
    expect(placesOf(lint(major, source, 'settings.jsonc', configOf('jsonc/recommended')))).toEqual(expected);
    // `json/recommended` leaves tsconfig.json to `jsonc/recommended`, in either order: JSON would not parse its comments.
    expect(placesOf(lint(major, source, 'tsconfig.json', [...configOf('jsonc/recommended'), ...configOf('json/recommended')]))).toEqual(expected);
  });

  it('reads JSON5: single quotes and `\\\'` kept by the fix, identifiers as keys', () => {
    const source = "{ é: 1, url: 'https://example.com/it\\'s|here', trailing: 'x', }\n";
    expect(placesOf(lint(major, source, 'data.json5', configOf('json5/recommended')))).toEqual([place(source, 'no-unescaped-chars', '|', "it\\'s")]);
    expect(fix(major, source, 'data.json5', configOf('json5/recommended'))).toBe(replaceOnce(source, "it\\'s|here", "it\\'s%7Chere"));
  });

  it('counts CRLF and CR as one line break each, as momoa does: eslint-disable-next-line hides the line under it', () => {
    const hide = '// eslint-disable-next-line urilint/no-unescaped-chars';
    const source = ['{', hide, '"a": "https://example.com/hidden|x",', '"b": "https://example.com/shown|x",', ''].join('\r\n') + [hide, '"c": "https://example.com/hidden-cr|x",', '"d": "https://example.com/shown-cr|x"}', ''].join('\r');
    expect(placesOf(lint(major, source, 'crlf.jsonc', configOf('jsonc/recommended')))).toEqual([
      place(source, 'no-unescaped-chars', '|', '/shown', LINE_BREAKS.json),
      place(source, 'no-unescaped-chars', '|', '/shown-cr', LINE_BREAKS.json),
    ]);
  });
});
