import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { describe, expect, it } from 'vitest';
import { createLanguageService, type DiagnosticData } from '../../src/service/index.js';
import { documentOf, nextVersion, positionOf, settingsWith } from '../support/documents.js';

const service = createLanguageService();

describe('diagnostics in JavaScript and TypeScript', () => {
  it('reports a problem at its characters, with code, source, rule page and the server\'s data', () => {
    const { document } = documentOf('fetch("https://example.com/a b");\n');
    const [diagnostic, ...rest] = service.provideDiagnostics(document, settingsWith());
    expect(rest).toEqual([]);
    const space = document.getText().indexOf(' ');
    expect(diagnostic).toMatchObject({
      range: { start: document.positionAt(space), end: document.positionAt(space + 1) },
      severity: DiagnosticSeverity.Error,
      code: 'path-unescaped-char',
      source: 'urilint',
      codeDescription: { href: expect.stringMatching(/\/docs\/rules\/no-unescaped-chars\.md$/) },
    });
    const data = diagnostic!.data as DiagnosticData;
    expect(data).toMatchObject({ uri: document.uri, version: 1, rule: 'no-unescaped-chars', offsets: [space, space + 1], fix: [{ range: [space, space + 1], text: '%20' }] });
  });

  it('counts columns in UTF-16 code units: an emoji before the URI is two', () => {
    const { document } = documentOf('const label = "😀"; fetch("https://example.com/a b");\n');
    const [diagnostic] = service.provideDiagnostics(document, settingsWith());
    const line = document.getText().split('\n')[0]!;
    // The emoji is one code point and two UTF-16 code units: the column is the string index.
    expect(diagnostic!.range.start).toEqual({ line: 0, character: line.indexOf(' ', line.indexOf('https')) });
    expect([...line.slice(0, diagnostic!.range.start.character)].length).toBe(diagnostic!.range.start.character - 1);
  });

  it('maps escapes in the literal back to the source', () => {
    const { document } = documentOf('fetch("https://example.com/\\u0061\\x20b");\n');
    const [diagnostic] = service.provideDiagnostics(document, settingsWith());
    const escape = document.getText().indexOf('\\x20');
    expect(diagnostic!.range).toEqual({ start: document.positionAt(escape), end: document.positionAt(escape + 4) });
  });

  it('reads JSX attributes and templates, and never a `${…}`', () => {
    const { document } = documentOf('const a = <a href="https://example.com/a|b">x</a>;\nconst b = `https://example.com/${path} x`;\nfetch(`https://example.com/${id}/a b`);\n', 'typescriptreact');
    const codes = service.provideDiagnostics(document, settingsWith()).map((d) => [d.code, d.range.start]);
    // The second string is one URL with a space (no sentence around it): the space is reported, the hole never.
    expect(codes).toEqual([
      ['path-unescaped-char', positionOf(document, '|')],
      ['path-unescaped-char', positionOf(document, ' x`')],
      ['path-unescaped-char', positionOf(document, ' b`')],
    ]);
  });

  it('still reads a file that does not parse (while it is typed)', () => {
    const { document } = documentOf('const a = fetch("https://example.com/%zz");\nfunction (\n');
    const diagnostics = service.provideDiagnostics(document, settingsWith());
    expect(diagnostics.map((d) => [d.code, d.range.start])).toEqual([['pct-invalid-triplet', positionOf(document, '%zz')]]);
  });

  it('checks URIs in comments, unless `comments` is off', () => {
    const { document } = documentOf('// See https://example.com/%zz for the API.\nconst a = 1;\n');
    expect(service.provideDiagnostics(document, settingsWith()).map((d) => d.code)).toEqual(['pct-invalid-triplet']);
    expect(service.provideDiagnostics(document, settingsWith({ comments: false }))).toEqual([]);
  });
});

describe('settings', () => {
  const text = 'fetch("HTTP://example.com/");\nfetch("https://example.com/a b");\n';

  it('the recommended preset by default, strict adds the style rules', () => {
    const { document } = documentOf(text);
    expect(service.provideDiagnostics(document, settingsWith()).map((d) => d.code)).toEqual(['path-unescaped-char']);
    const strict = service.provideDiagnostics(document, settingsWith({ preset: 'strict' })).map((d) => d.code);
    expect(strict).toContain('normal-scheme-case');
    expect(strict).toContain('path-unescaped-char');
  });

  it('per-rule severity and options, `off`, and `none` with a list', () => {
    const { document } = documentOf(text);
    const warning = service.provideDiagnostics(document, settingsWith({ rules: { 'no-unescaped-chars': 'warning' } }));
    expect(warning.map((d) => d.severity)).toEqual([DiagnosticSeverity.Warning]);
    expect(service.provideDiagnostics(document, settingsWith({ rules: { 'no-unescaped-chars': 'off' } }))).toEqual([]);
    const only = service.provideDiagnostics(document, settingsWith({ preset: 'none', rules: { 'prefer-normalized': { severity: 'hint', options: { schemeCase: true } } } }));
    expect(only.map((d) => [d.code, d.severity])).toEqual([['normal-scheme-case', DiagnosticSeverity.Hint]]);
    const nonAscii = documentOf('fetch("https://example.com/é");\n').document;
    expect(service.provideDiagnostics(nonAscii, settingsWith()).map((d) => d.code)).toEqual(['iri-char']);
    expect(service.provideDiagnostics(nonAscii, settingsWith({ rules: { 'no-unescaped-chars': { options: { allowNonAscii: true } } } }))).toEqual([]);
  });

  it('ignores unknown rules and malformed entries instead of failing', () => {
    const { document } = documentOf(text);
    const rules = { 'no-such-rule': 'error', 'no-unescaped-chars': { severity: 'loud' } } as never;
    expect(service.provideDiagnostics(document, settingsWith({ rules })).map((d) => [d.code, d.severity])).toEqual([['path-unescaped-char', DiagnosticSeverity.Error]]);
  });

  it('`enable`, `languages` and `ignore` decide which documents are checked', () => {
    const { document } = documentOf(text);
    expect(service.provideDiagnostics(document, settingsWith({ enable: false }))).toEqual([]);
    expect(service.provideDiagnostics(document, settingsWith({ languages: ['javascript'] }))).toEqual([]);
    const folders = createLanguageService({ workspaceFolders: () => ['file:///work/project'] });
    expect(folders.provideDiagnostics(document, settingsWith({ ignore: ['src/**'] }))).toEqual([]);
    expect(folders.provideDiagnostics(document, settingsWith({ ignore: ['test/**'] }))).toHaveLength(1);
    expect(service.provideDiagnostics(document, settingsWith({ ignore: ['**/file*.ts'] }))).toEqual([]);
    // The configuration file's matcher: a folder pattern (`src/`) and a name at any depth.
    expect(folders.provideDiagnostics(document, settingsWith({ ignore: ['src/'] }))).toEqual([]);
    expect(folders.provideDiagnostics(document, settingsWith({ ignore: ['file*.ts'] }))).toEqual([]);
    expect(folders.provideDiagnostics(document, settingsWith({ ignore: ['test/'] }))).toHaveLength(1);
  });

  it('sinks and link components from the settings', () => {
    const { document } = documentOf('api.get("/users/a b");\nconst l = <Link href="/a b">x</Link>;\n', 'typescriptreact');
    expect(service.provideDiagnostics(document, settingsWith())).toEqual([]);
    const configured = service.provideDiagnostics(document, settingsWith({ sinks: ['api.get'], linkComponents: ['Link'] }));
    expect(configured.map((d) => d.range.start)).toEqual([positionOf(document, ' b"'), positionOf(document, ' b"', 1)]);
  });
});

describe('ESLint disable comments', () => {
  const problem = 'fetch("https://example.com/a b");';

  it('next-line, line and blocks, for this rule or all rules', () => {
    const check = (text: string): number => service.provideDiagnostics(documentOf(text).document, settingsWith()).length;
    expect(check(`${problem}\n`)).toBe(1);
    expect(check(`// eslint-disable-next-line urilint/no-unescaped-chars\n${problem}\n`)).toBe(0);
    expect(check(`// eslint-disable-next-line urilint/no-malformed -- another rule\n${problem}\n`)).toBe(1);
    expect(check(`${problem} // eslint-disable-line\n`)).toBe(0);
    expect(check(`/* eslint-disable urilint/no-unescaped-chars */\n${problem}\n/* eslint-enable urilint/no-unescaped-chars */\n${problem}\n`)).toBe(1);
    expect(check(`/* eslint-disable */\n${problem}\n${problem}\n`)).toBe(0);
  });
});

describe('cancellation', () => {
  it('stops work for a cancelled request', () => {
    const { document } = documentOf('fetch("https://example.com/a b");\n');
    expect(() => service.provideDiagnostics(document, settingsWith(), { isCancellationRequested: true })).toThrow('cancelled');
  });
});

describe('a reader that stops early', () => {
  it('still reports the planted problem, and says once in the log that the text was searched instead', () => {
    const notices: string[] = [];
    const noticing = createLanguageService({ notice: (message) => notices.push(message) });
    // A `{`: searched as text (as prose) the URI would end at a `^` or a `|` (RFC 3986 Appendix E).
    const { document } = documentOf('links: ' + '['.repeat(5_000) + '"https://example.com/a{b"' + ']'.repeat(5_000) + '\n', 'yaml');
    const first = noticing.provideDiagnostics(document, settingsWith());
    expect(first.map((d) => d.code)).toContain('path-unescaped-char');
    noticing.provideDiagnostics(document, settingsWith());
    expect(notices).toEqual([`${document.uri} was read without a full parse (the document nests too deep to parse); its text was searched for URIs instead.`]);
  });

  it('says once in the log how many URIs past the first 100,000 of a document were not checked', () => {
    const notices: string[] = [];
    const noticing = createLanguageService({ notice: (message) => notices.push(message) });
    const { document } = documentOf('see http://a.example/x '.repeat(100_003) + '\n', 'plaintext');
    noticing.provideDiagnostics(document, settingsWith());
    noticing.provideDiagnostics(document, settingsWith());
    expect(notices).toEqual([`${document.uri} holds 3 URIs past the first 100,000; they were not checked.`]);
  });

  it('JavaScript and TypeScript too: a syntax error or a file nested too deep is said in the log, once per document and reason', () => {
    const notices: string[] = [];
    const noticing = createLanguageService({ notice: (message) => notices.push(message) });
    const deep = documentOf('const x = ' + '['.repeat(600) + '"https://example.com/a b"' + ']'.repeat(600) + ';\n', 'javascript').document;
    expect(noticing.provideDiagnostics(deep, settingsWith()).map((d) => d.code)).toContain('path-unescaped-char');
    noticing.provideDiagnostics(deep, settingsWith());
    const broken = documentOf('const a = fetch("https://example.com/a b");\nconst b = ;\n', 'typescript').document;
    expect(noticing.provideDiagnostics(broken, settingsWith()).map((d) => d.code)).toContain('path-unescaped-char');
    // Typed on: another reason is said, and the first is not said again when it comes back.
    const other = nextVersion(broken, broken.getText().replace('const b = ;', 'const b = "x'));
    noticing.provideDiagnostics(other, settingsWith());
    noticing.provideDiagnostics(nextVersion(other, broken.getText()), settingsWith());
    expect(notices).toHaveLength(3);
    expect(notices[0]).toBe(`${deep.uri} was read without a full parse (the file nests too deep to parse); its text was searched for URIs instead.`);
    expect(notices[1]).toMatch(new RegExp(`^${broken.uri.replace(/[.]/g, '\\.')} was read without a full parse \\(.+\\); its text was searched for URIs instead\\.$`));
  });
});
