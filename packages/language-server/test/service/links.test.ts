import { describe, expect, it } from 'vitest';
import { createLanguageService } from '../../src/service/index.js';
import { documentOf, settingsWith } from '../support/documents.js';

const service = createLanguageService();

describe('document links', () => {
  it('one for every valid absolute URI, at its characters', () => {
    const { document } = documentOf('fetch("https://example.com/a/./b");\nconst mail = "mailto:ann@example.com";\n// Docs: https://example.org/docs.\n');
    const links = service.provideDocumentLinks(document, settingsWith());
    const text = document.getText();
    expect(links.map((link) => [link.target, document.offsetAt(link.range.start), document.offsetAt(link.range.end)])).toEqual([
      // The target is the address the URI names: its dot segments removed (RFC 3986 §5.2.4).
      ['https://example.com/a/b', text.indexOf('https://example.com'), text.indexOf('");')],
      ['mailto:ann@example.com', text.indexOf('mailto'), text.indexOf('";')],
      ['https://example.org/docs', text.indexOf('https://example.org'), text.indexOf('.\n', text.indexOf('docs'))],
    ]);
  });

  it('none for an invalid URI, a script URI, a relative reference or one with a `${…}`', () => {
    const { document } = documentOf('fetch("https://example.com/a b");\nlocation.href = "javascript:alert(1)";\nfetch("/api/users");\nfetch(`https://example.com/${id}`);\n');
    expect(service.provideDocumentLinks(document, settingsWith())).toEqual([]);
  });
});
