/** The language server reads an Angular project's templates as ESLint does (issue 28): every `.html` of the project is Angular. */
import { MemoryFileSystem } from '@urilint/discovery';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/index.js';
import { settingsWith } from '../support/documents.js';

const GUIDES = '<nav>\n  <a routerLink="/guides#getting started">Getting started</a>\n</nav>\n';
const settings = settingsWith();

const shown = (files: Record<string, string>, path: string): [string, unknown][] => {
  const service = createLanguageService({ linkFileSystem: new MemoryFileSystem(files) });
  const document = TextDocument.create(`file://${path}`, 'html', 1, files[path]!);
  return service.provideDiagnostics(document, settings).map((d) => [document.getText(d.range), d.code]);
};

describe('Angular templates in the language server', () => {
  it('a planted routerLink="/guides#getting started" in an Angular project is reported', () => {
    expect(shown({ '/repo/angular.json': '{}', '/repo/src/app/guides/guides.html': GUIDES }, '/repo/src/app/guides/guides.html')).toEqual([[' ', 'fragment-unescaped-char']]);
  });

  it('a templateUrl beside it names it', () => {
    const files = { '/repo/.git/HEAD': 'x', '/repo/src/guides.html': GUIDES, '/repo/src/guides.ts': "@Component({ templateUrl: './guides.html' })\nexport class Guides {}\n" };
    expect(shown(files, '/repo/src/guides.html')).toEqual([[' ', 'fragment-unescaped-char']]);
  });

  it('HTML outside an Angular project stays HTML', () => {
    expect(shown({ '/site/.git/HEAD': 'x', '/site/guides.html': GUIDES }, '/site/guides.html')).toEqual([]);
  });
});
