/**
 * The size cap: a document larger than `urilint scan` reads by default (`DEFAULT_MAX_FILE_SIZE`,
 * 10 MiB, counted in UTF-8 bytes as a file's size is) is not read at all. The user is told once,
 * and nothing of it is kept; back under the cap it is checked again.
 */
import { DEFAULT_MAX_FILE_SIZE } from '@urilint/discovery';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/index.js';
import { settingsWith } from '../support/documents.js';

const settings = settingsWith();
const PROBLEM = 'fetch("https://example.com/a b");\n';

describe('the size cap of a document', () => {
  it('is the command line\'s default --max-file-size, 10 MiB', () => {
    expect(DEFAULT_MAX_FILE_SIZE).toBe(10 * 1024 * 1024);
  });

  it('a 50 MB document is not read: one message, no diagnostics, nothing kept; under the cap it is checked', () => {
    const told: string[] = [];
    const service = createLanguageService({ skipped: (message) => told.push(message) });
    const uri = 'file:///project/bundle.js';
    const big = TextDocument.create(uri, 'javascript', 1, PROBLEM + 'x'.repeat(50 * 1000 * 1000 - PROBLEM.length));
    expect(service.provideDiagnostics(big, settings)).toEqual([]);
    expect(service.provideHover(big, { line: 0, character: 10 }, settings)).toBeNull();
    expect(service.provideDocumentLinks(big, settings)).toEqual([]);
    expect(service.provideCodeActions(big, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, { diagnostics: [] }, settings)).toEqual([]);
    // Told once, whatever is asked of it and however often.
    expect(told).toEqual([`${uri} is not checked: it is 47.7 MiB, larger than 10 MiB, the most urilint reads of a file (as urilint scan's default --max-file-size).`]);
    // Nothing of it analysed or kept but the fact that it was told.
    expect(service.held()).toEqual([uri]);
    // Closed: forget says it was over the cap (the server then collects its text at once), and nothing is kept.
    expect(service.forget(uri)).toBe(true);
    expect(service.held()).toEqual([]);
    // Edited down under the cap: checked.
    const small = TextDocument.create(uri, 'javascript', 2, PROBLEM);
    expect(service.provideDiagnostics(small, settings).map((d) => d.code)).toEqual(['path-unescaped-char']);
    expect(service.held()).toEqual([uri]);
    expect(told).toHaveLength(1);
    expect(service.forget(uri)).toBe(false);
    expect(service.held()).toEqual([]);
  });

  it('counts UTF-8 bytes: 3.5 million "€" (10.5 MB in 3.5 million UTF-16 units) are over it, a Markdown document is not buffered for links', () => {
    const told: string[] = [];
    const service = createLanguageService({ skipped: (message) => told.push(message) });
    const uri = 'file:///project/euros.md';
    const euros = TextDocument.create(uri, 'markdown', 1, `[a](https://example.com/a b)\n${'€'.repeat(3_500_000)}\n`);
    expect(euros.getText().length).toBeLessThan(DEFAULT_MAX_FILE_SIZE);
    expect(service.provideDiagnostics(euros, settings)).toEqual([]);
    expect(service.provideCompletion(euros, { line: 0, character: 4 }, settings)).toEqual([]);
    expect(told).toEqual([`${uri} is not checked: it is 10.0 MiB, larger than 10 MiB, the most urilint reads of a file (as urilint scan's default --max-file-size).`]);
    expect(service.held()).toEqual([uri]);
  });

  it('exactly 10 MiB is checked', () => {
    const told: string[] = [];
    const service = createLanguageService({ skipped: (message) => told.push(message) });
    const text = PROBLEM + '\n'.repeat(DEFAULT_MAX_FILE_SIZE - PROBLEM.length);
    const document = TextDocument.create('file:///project/at-cap.txt', 'plaintext', 1, text);
    expect(service.provideDiagnostics(document, settings).map((d) => d.code)).toEqual(['path-unescaped-char']);
    expect(told).toEqual([]);
  });
});
