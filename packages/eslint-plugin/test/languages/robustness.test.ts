/**
 * How the rules meet the languages: each file is read once however many rules
 * run; a reader that fails costs its file's URIs, never the lint run; a
 * language without a reader gets no report; and the positions a reader's
 * offsets become.
 */
import * as discovery from '@urilint/discovery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin from '../../src/index.js';
import { languageFile, Locator } from '../../src/languages.js';
import { configOf, LANGUAGE_PLUGINS, lint, linterOf, MAJORS, place, placesOf } from '../support/languages.js';

/** The readers, counted, and made to throw on demand. */
const calls = { markdown: 0, json: 0, css: 0, html: 0 };
let failing = false;

vi.mock('@urilint/discovery', async (importOriginal) => {
  const original = await importOriginal<typeof discovery>();
  const wrap =
    <Args extends unknown[], Result>(name: keyof typeof calls, reader: (...args: Args) => Result) =>
    (...args: Args): Result => {
      calls[name]++;
      if (failing) throw new Error(`${name} reader failed`);
      return reader(...args);
    };
  return {
    ...original,
    markdownCandidates: wrap('markdown', original.markdownCandidates),
    jsonCandidates: wrap('json', original.jsonCandidates),
    cssCandidates: wrap('css', original.cssCandidates),
    htmlCandidates: wrap('html', original.htmlCandidates),
  };
});

afterEach(() => {
  failing = false;
  for (const key of Object.keys(calls) as (keyof typeof calls)[]) calls[key] = 0;
});

/**
 * One file per language, each with one problem: a `{` (in no set of RFC 3986 §2, and unclosed, no RFC 6570
 * expression), which the text a failed reader leaves is still searched for, where a `|` would end the URI
 * (RFC 3986 Appendix E).
 */
const FILES = [
  { name: 'a.md', kind: 'markdown', config: 'markdown/recommended', code: 'é [a](https://example.com/a{b)\n' },
  { name: 'a.json', kind: 'json', config: 'json/recommended', code: '{ "é": "https://example.com/a{b" }\n' },
  { name: 'a.css', kind: 'css', config: 'css/recommended', code: '.é { background: url(https://example.com/a{b) }\n' },
  { name: 'a.html', kind: 'html', config: 'html/recommended', code: '<p>é <a href="https://example.com/a{b">x</a></p>\n' },
] as const;

/** Every urilint rule on the language's files: its config, then `all`'s rules. */
function allRules(config: (typeof FILES)[number]['config']) {
  return configOf(config, [{ files: ['**/*'], rules: plugin.configs.all.rules as never }]);
}

describe.each(MAJORS)('the readers under ESLint $major', (major) => {
  for (const file of FILES) {
    it(`${file.kind}: read once per file for all ${Object.keys(plugin.rules).length} rules`, () => {
      const messages = lint(major, file.code, file.name, allRules(file.config));
      expect(calls[file.kind]).toBe(1);
      expect(placesOf(messages).map((m) => m.ruleId)).toContain('urilint/no-unescaped-chars');
      expect(placesOf(messages).find((m) => m.ruleId === 'urilint/no-unescaped-chars')).toEqual(place(file.code, 'no-unescaped-chars', '{', 'example.com/a'));
    });

    it(`${file.kind}: a reader that throws loses no file: its text is searched, and ESLint keeps running`, () => {
      failing = true;
      const messages = lint(major, file.code, file.name, allRules(file.config));
      expect(calls[file.kind]).toBe(1);
      expect(messages.filter((message) => message.fatal === true || !message.ruleId?.startsWith('urilint/'))).toEqual([]);
      // Read as text (as prose), the URI is still checked at its characters.
      expect(placesOf(messages).filter((m) => m.ruleId === 'urilint/no-unescaped-chars')).toEqual([place(file.code, 'no-unescaped-chars', '{', 'example.com/a')]);
    });
  }
});

describe('languageFile', () => {
  const at0 = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };

  it('tells each language from its root and its shape', () => {
    expect(languageFile({ text: '', ast: { type: 'root', children: [], position: at0 } })?.kind).toBe('markdown');
    expect(languageFile({ text: '', ast: { type: 'Document', body: { type: 'Null' }, loc: at0 } })?.kind).toBe('json');
    expect(languageFile({ text: '', ast: { type: 'StyleSheet', children: [], loc: at0 } })?.kind).toBe('css');
    const document = { type: 'Document', children: [], range: [0, 0] };
    expect(languageFile({ text: '', ast: { type: 'Program', body: [document], range: [0, 0], loc: { start: { line: 1, column: 0 } } } })?.kind).toBe('html');
  });

  it('takes nothing else: JavaScript, look-alikes without the shape, broken source code objects', () => {
    expect(languageFile({ text: 'x', ast: { type: 'Program', body: [{ type: 'ExpressionStatement' }], range: [0, 1] } })).toBeUndefined();
    expect(languageFile({ text: '', ast: { type: 'root', children: [] } })).toBeUndefined();
    expect(languageFile({ text: '', ast: { type: 'Document', children: [], loc: at0 } })).toBeUndefined();
    expect(languageFile({ text: '', ast: { type: 'StyleSheet', loc: at0 } })).toBeUndefined();
    expect(languageFile({ text: 1, ast: { type: 'root', children: [], position: at0 } })).toBeUndefined();
    expect(languageFile({})).toBeUndefined();
    const throwing = {
      get ast(): never {
        throw new Error('no tree');
      },
    };
    expect(languageFile(throwing)).toBeUndefined();
  });
});

describe('Locator', () => {
  it('lines at the given breaks, columns in UTF-16 units from the origin', () => {
    const text = 'é😀a\r\nb\rc\nd\fe\u2028f';
    const markdown = new Locator(text, /\r\n|[\r\n]/, { lineStart: 1, columnStart: 1 });
    expect(markdown.position(0)).toEqual({ line: 1, column: 1 });
    expect(markdown.position(text.indexOf('a'))).toEqual({ line: 1, column: 4 });
    expect(markdown.position(text.indexOf('\r'))).toEqual({ line: 1, column: 5 });
    expect(markdown.position(text.indexOf('b'))).toEqual({ line: 2, column: 1 });
    expect(markdown.position(text.indexOf('c'))).toEqual({ line: 3, column: 1 });
    expect(markdown.position(text.indexOf('e'))).toEqual({ line: 4, column: 3 });
    expect(markdown.position(text.length)).toEqual({ line: 4, column: 6 });
    const css = new Locator(text, /\r\n|[\r\n\f]/, { lineStart: 1, columnStart: 1 });
    expect(css.position(text.indexOf('e'))).toEqual({ line: 5, column: 1 });
    const html = new Locator(text, /\r\n|[\r\n\u2028\u2029]/, { lineStart: 1, columnStart: 0 });
    expect(html.position(text.indexOf('f'))).toEqual({ line: 5, column: 0 });
    expect(html.position(text.indexOf('a'))).toEqual({ line: 1, column: 3 });
  });
});

describe.each(MAJORS)('a language urilint has no reader for, under ESLint $major', (major) => {
  it('gets no report and no crash (the JSON language with a reader that does not know its tree)', () => {
    // The momoa tree without its body: not taken for JSON, so no reader runs.
    const json = LANGUAGE_PLUGINS.json.languages.json;
    const bodiless = Object.create(json, {
      parse: {
        value: (...args: Parameters<typeof json.parse>) => {
          const result = json.parse(...args);
          if (result.ok) Object.defineProperty(result.ast, 'body', { value: null, enumerable: false });
          return result;
        },
      },
    });
    const config = [{ files: ['**/*.json'], plugins: { urilint: plugin as never, other: { languages: { bodiless } } }, language: 'other/bodiless', rules: plugin.configs.all.rules as never }];
    const messages = linterOf(major).verify('{ "a": "https://example.com/a|b" }', config as never, 'a.json');
    expect(messages).toEqual([]);
    expect(calls.json).toBe(0);
  });
});
