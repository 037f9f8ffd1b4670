/**
 * Every language the service reads: a problem at its characters, a hover on
 * the URI, and the fix written in the language's own escaping.
 */
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/index.js';
import { applyWorkspaceEdit, documentOf, nextVersion, settingsWith } from '../support/documents.js';

const service = createLanguageService();
const settings = settingsWith();

interface Case {
  languageId: string;
  /** The document, with `‸` on the URI to hover. */
  text: string;
  /** The characters the problem is reported on. */
  at: string;
  code: string;
  /** The document after the preferred quick-fix. */
  fixed: string;
}

const CASES: Case[] = [
  {
    languageId: 'typescriptreact',
    text: 'export const Footer = () => <a href="https://exa‸mple.com/a|b">x</a>;\n',
    at: '|',
    code: 'path-unescaped-char',
    fixed: 'export const Footer = () => <a href="https://example.com/a%7Cb">x</a>;\n',
  },
  {
    languageId: 'javascript',
    text: '// 😀 docs: https://exa‸mple.com/a{b\nconst x = 1;\n',
    at: '{',
    code: 'path-unescaped-char',
    fixed: '// 😀 docs: https://example.com/a%7Bb\nconst x = 1;\n',
  },
  {
    languageId: 'json',
    text: '{ "emoji": "😀", "homepage": "https:\\/\\/exa‸mple.com\\/a|b" }\n',
    at: '|',
    code: 'path-unescaped-char',
    fixed: '{ "emoji": "😀", "homepage": "https:\\/\\/example.com\\/a%7Cb" }\n',
  },
  {
    languageId: 'jsonc',
    text: '{\n  // The API: https://exa‸mple.com/a{b\n  "x": 1,\n}\n',
    at: '{b',
    code: 'path-unescaped-char',
    fixed: '{\n  // The API: https://example.com/a%7Bb\n  "x": 1,\n}\n',
  },
  {
    languageId: 'markdown',
    text: '# Links 😀\n\nSee [the docs](<https://exa‸mple.com/a|b>).\n',
    at: '|b>',
    code: 'path-unescaped-char',
    fixed: '# Links 😀\n\nSee [the docs](<https://example.com/a%7Cb>).\n',
  },
  {
    languageId: 'html',
    text: '<p>😀</p>\n<a href="https://exa‸mple.com/?a=1&amp;b=c d">x</a>\n',
    at: ' d"',
    code: 'query-unescaped-char',
    fixed: '<p>😀</p>\n<a href="https://example.com/?a=1&amp;b=c%20d">x</a>\n',
  },
  {
    languageId: 'css',
    text: '/* 😀 */\n.hero { background: url("https://exa‸mple.com/a b.png"); }\n',
    at: ' b.png',
    code: 'path-unescaped-char',
    fixed: '/* 😀 */\n.hero { background: url("https://example.com/a%20b.png"); }\n',
  },
  {
    languageId: 'yaml',
    text: 'title: 😀\nhomepage: "https://exa‸mple.com/a|b"\n',
    at: '|',
    code: 'path-unescaped-char',
    fixed: 'title: 😀\nhomepage: "https://example.com/a%7Cb"\n',
  },
  {
    languageId: 'plaintext',
    text: '😀 Read https://exa‸mple.com/%zz first.\n',
    at: '%zz',
    code: 'pct-invalid-triplet',
    fixed: '',
  },
];

describe.each(CASES)('$languageId', ({ languageId, text, at, code, fixed }) => {
  it('reports the problem at its characters (UTF-16 columns)', () => {
    const { document } = documentOf(text, languageId);
    const diagnostics = service.provideDiagnostics(document, settings);
    const offset = document.getText().indexOf(at);
    expect(diagnostics.map((d) => [d.code, document.offsetAt(d.range.start)])).toEqual([[code, offset]]);
  });

  it('hovers the URI', () => {
    const { document, position } = documentOf(text, languageId);
    const hover = service.provideHover(document, position, settings);
    expect(hover?.contents).toMatchObject({ value: expect.stringContaining('| host | `example.com` — registered name |') });
  });

  it('fixes it in the language\'s own escaping', () => {
    const { document } = documentOf(text, languageId);
    const [diagnostic] = service.provideDiagnostics(document, settings);
    const actions = service.provideCodeActions(document, diagnostic!.range, { diagnostics: [diagnostic!] }, settings);
    const preferred = actions.find((action) => action.isPreferred);
    if (fixed === '') {
      // `%zz` has only suggestions: no preferred fix.
      expect(preferred).toBeUndefined();
      return;
    }
    const after = applyWorkspaceEdit(document, preferred!.edit);
    expect(after).toBe(fixed);
    expect(service.provideDiagnostics(nextVersion(document, after), settings)).toEqual([]);
  });
});

describe('HTML <base href>', () => {
  it('resolves relative references in hovers against the document\'s base', () => {
    const { document, position } = documentOf('<base href="https://example.com/app/">\n<img src="../img/lo‸go.png">\n', 'html');
    const hover = service.provideHover(document, position, settings);
    expect(hover?.contents).toMatchObject({ value: expect.stringContaining('**Resolved** `https://example.com/img/logo.png` (against `https://example.com/app/`)') });
  });
});

describe('plain text named by its file', () => {
  // VS Code has no json5 language: it opens a .json5 file as plaintext. Neovim's filetype for plain text is `text`.
  const text = "{\n  // JSON5: comments, single quotes, escapes\n  homepage: 'https:\\/\\/example.com\\/a b',\n}\n";

  it.each(['plaintext', 'text', 'json5'])('a .json5 file sent as %s is read as JSON5, and fixed in its escaping', (languageId) => {
    const document = TextDocument.create('file:///work/project/config.json5', languageId, 1, text);
    const diagnostics = service.provideDiagnostics(document, settings);
    expect(diagnostics.map((d) => [d.code, document.offsetAt(d.range.start)])).toEqual([['path-unescaped-char', text.indexOf(' b')]]);
    const actions = service.provideCodeActions(document, diagnostics[0]!.range, { diagnostics }, settings);
    expect(applyWorkspaceEdit(document, actions.find((action) => action.isPreferred)!.edit)).toBe(text.replace('a b', 'a%20b'));
  });

  it('any other plain-text file is read as text, under either id', () => {
    for (const languageId of ['plaintext', 'text']) {
      const document = TextDocument.create('file:///work/project/notes.txt', languageId, 1, 'Read https://example.com/%zz first.\n');
      expect(service.provideDiagnostics(document, settings).map((d) => d.code), languageId).toEqual(['pct-invalid-triplet']);
    }
  });
});
