/**
 * The project's files under the editor's settings, on an in-memory tree: the configuration file
 * wins for the keys it names, its overrides apply by glob, a bad configuration keeps the last
 * good one and is reported on itself, and the baseline's findings are hints (or hidden).
 */
import type { ConfigFileSystem } from '@urilint/discovery';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { describe, expect, it } from 'vitest';
import { createLanguageService, mergeSettings, ProjectFiles, SUPPRESSED_SUFFIX, type DocumentSettings } from '../../src/service/index.js';
import { settingsWith } from '../support/documents.js';

/** An in-memory tree (files by absolute path) whose files can change; `/repo` is a repository (it holds `.git`). */
function tree(files: Record<string, string>): ConfigFileSystem & { files: Record<string, string> } {
  return {
    files,
    readFile: (path) => (Object.hasOwn(files, path) ? files[path] : undefined),
    exists: (path) => path === '/repo/.git' || Object.hasOwn(files, path) || Object.keys(files).some((file) => file.startsWith(`${path}/`)),
  };
}

const service = createLanguageService();
let version = 0;

function open(path: string, text: string, languageId = 'typescript'): TextDocument {
  return TextDocument.create(`file://${path}`, languageId, ++version, text);
}

/** The codes and severities of a document's diagnostics under these settings. */
function findings(document: TextDocument, settings: DocumentSettings): [string, DiagnosticSeverity | undefined][] {
  return service.provideDiagnostics(document, settings).map((d) => [String(d.code), d.severity]);
}

// Recommended: the space only. Strict adds the normal forms of the scheme and host of the valid URI.
const MIXED = 'fetch("https://example.com/a b");\nfetch("HTTP://Example.com/");\n';

describe('the configuration file over the editor settings', () => {
  it('wins for the keys it names; the keys it does not name keep the editor value', () => {
    const fs = tree({ '/repo/urilint.config.jsonc': '{ "preset": "strict", "rules": { "prefer-normalized": "warning" } }' });
    const projects = new ProjectFiles(fs);
    const editor = settingsWith({ preset: 'none', rules: { 'no-unescaped-chars': 'hint' }, sinks: ['myFetch'], baseUri: 'https://editor.example/', debounce: 5 });
    const settings = projects.settingsFor('file:///repo/src/api.ts', editor);
    expect(settings).toMatchObject({
      // Named by the file:
      preset: 'strict',
      // Merged per rule: the file's rule, and the editor's rule the file does not name.
      rules: { 'prefer-normalized': 'warning', 'no-unescaped-chars': 'hint' },
      // Not named: the editor's.
      sinks: ['myFetch'],
      baseUri: 'https://editor.example/',
      // Editor-only.
      debounce: 5,
      enable: true,
      project: { configFile: '/repo/urilint.config.jsonc' },
    });
    const document = open('/repo/src/api.ts', MIXED);
    // The editor alone: preset none, one rule as a hint.
    expect(findings(document, editor)).toEqual([['path-unescaped-char', DiagnosticSeverity.Hint]]);
    // The file's preset and rule over it; the editor's severity for the rule the file does not name.
    expect(findings(document, settings).sort()).toEqual([
      ['normal-host-case', DiagnosticSeverity.Warning],
      ['normal-scheme-case', DiagnosticSeverity.Warning],
      ['path-unescaped-char', DiagnosticSeverity.Hint],
    ]);
  });

  it('names a rule the editor turned off: the file turns it on again', () => {
    const fs = tree({ '/repo/urilint.config.json': '{ "rules": { "no-unescaped-chars": "error" } }' });
    const editor = settingsWith({ rules: { 'no-unescaped-chars': 'off' } });
    const settings = new ProjectFiles(fs).settingsFor('file:///repo/a.ts', editor);
    expect(findings(open('/repo/a.ts', MIXED), editor)).toEqual([]);
    expect(findings(open('/repo/a.ts', MIXED), settings)).toEqual([['path-unescaped-char', DiagnosticSeverity.Error]]);
  });

  it('applies the overrides whose globs match the document, relative to the folder of the configuration', () => {
    const fs = tree({
      '/repo/packages/web/urilint.config.jsonc': `{
        // The nearest configuration: this package's.
        "overrides": [
          { "files": ["legacy/**"], "rules": { "no-unescaped-chars": "off" } },
          { "files": ["*.md"], "preset": "strict" },
        ],
      }`,
      '/repo/urilint.config.jsonc': '{ "preset": "none" }',
    });
    const projects = new ProjectFiles(fs);
    const editor = settingsWith();
    const at = (path: string, text = MIXED, languageId = 'typescript'): string[] =>
      findings(open(path, text, languageId), projects.settingsFor(`file://${path}`, editor)).map(([code]) => code).sort();
    expect(at('/repo/packages/web/src/api.ts')).toEqual(['path-unescaped-char']);
    expect(at('/repo/packages/web/legacy/old.ts')).toEqual([]);
    // `legacy/**` is relative to the package, not to the repository.
    expect(at('/repo/packages/web/src/legacy/new.ts')).toEqual(['path-unescaped-char']);
    expect(at('/repo/packages/web/docs/guide.md', 'See HTTP://Example.com/a%20b.\n', 'markdown')).toEqual(['normal-host-case', 'normal-scheme-case']);
    // Configurations do not merge: outside the package, the root's preset none.
    expect(at('/repo/src/api.ts')).toEqual([]);
  });

  it("reads the file's ignore relative to its folder, and its kinds", () => {
    const fs = tree({ '/repo/urilint.config.jsonc': '{ "ignore": ["generated/"], "kinds": ["js"] }' });
    const projects = new ProjectFiles(fs);
    // The editor's own pattern is replaced by the file's.
    const editor = settingsWith({ ignore: ['src/**'] });
    const checked = (path: string, languageId = 'typescript'): boolean => service.isChecked(open(path, MIXED, languageId), projects.settingsFor(`file://${path}`, editor));
    expect(checked('/repo/generated/api.ts')).toBe(false);
    expect(checked('/repo/src/generated/api.ts')).toBe(false);
    expect(checked('/repo/src/api.ts')).toBe(true);
    expect(checked('/repo/README.md', 'markdown')).toBe(false);
    // Without the file's ignore, the editor's patterns (relative to the workspace folders) still hold.
    const other = new ProjectFiles(tree({ '/repo/urilint.config.jsonc': '{ "preset": "strict" }' }));
    const workspace = createLanguageService({ workspaceFolders: () => ['file:///repo'] });
    expect(workspace.isChecked(open('/repo/src/api.ts', MIXED), other.settingsFor('file:///repo/src/api.ts', editor))).toBe(false);
  });

  it('gives a document without a file (untitled) and a folder without a configuration the editor settings', () => {
    const projects = new ProjectFiles(tree({ '/repo/sub/urilint.config.jsonc': '{ "preset": "strict" }' }));
    const editor = settingsWith({ preset: 'all' });
    expect(projects.settingsFor('untitled:Untitled-1', editor)).toBe(editor);
    expect(projects.settingsFor('file:///repo/a.ts', editor)).toEqual(editor);
    expect(mergeSettings(editor, undefined, '/repo/a.ts')).toBe(editor);
  });
});

describe('a configuration with problems', () => {
  const GOOD = '{ "preset": "strict" }';
  // Line 3, column 13: the value of "preset".
  const BAD = '{\n  "rules": {},\n  "preset": "strickt"\n}\n';

  it('keeps the last good configuration, reports each problem on the file at its line and column, and logs it once', () => {
    const fs = tree({ '/repo/urilint.config.jsonc': GOOD });
    const log: string[] = [];
    const projects = new ProjectFiles(fs, { log: (message) => log.push(message) });
    const editor = settingsWith();
    expect(projects.settingsFor('file:///repo/a.ts', editor).preset).toBe('strict');
    expect(projects.diagnostics()).toEqual(new Map());

    fs.files['/repo/urilint.config.jsonc'] = BAD;
    projects.forget();
    expect(projects.settingsFor('file:///repo/a.ts', editor).preset).toBe('strict');
    const diagnostics = projects.diagnostics();
    expect([...diagnostics.keys()]).toEqual(['file:///repo/urilint.config.jsonc']);
    expect(diagnostics.get('file:///repo/urilint.config.jsonc')).toEqual([
      {
        range: { start: { line: 2, character: 12 }, end: { line: 2, character: 21 } },
        severity: DiagnosticSeverity.Error,
        source: 'urilint',
        code: 'config-invalid',
        message: 'preset: unknown preset "strickt"; did you mean "strict"? (expected one of "recommended", "strict", "all", "none")',
      },
    ]);
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('/repo/urilint.config.jsonc:3:13: preset: unknown preset "strickt"');

    // Asked again, and read again with the same text: not logged again.
    projects.settingsFor('file:///repo/b.ts', editor);
    projects.forget();
    projects.settingsFor('file:///repo/a.ts', editor);
    expect(log).toHaveLength(1);

    // Fixed: no problem left, its settings apply.
    fs.files['/repo/urilint.config.jsonc'] = '{ "preset": "all" }';
    projects.forget();
    expect(projects.settingsFor('file:///repo/a.ts', editor).preset).toBe('all');
    expect(projects.diagnostics()).toEqual(new Map());
    expect(log).toHaveLength(1);
  });

  it('gives the editor settings when the file never held, and reports invalid JSON where it is', () => {
    const fs = tree({ '/repo/urilint.config.json': '{ "preset": "strict",, }' });
    const projects = new ProjectFiles(fs);
    const editor = settingsWith({ preset: 'all' });
    expect(projects.settingsFor('file:///repo/a.ts', editor)).toEqual(editor);
    const [problem] = projects.diagnostics().get('file:///repo/urilint.config.json')!;
    expect(problem).toMatchObject({ code: 'config-invalid', range: { start: { line: 0, character: 21 } } });
    expect(problem!.message).toMatch(/^invalid JSON/);
  });
});

describe('findings the baseline records', () => {
  const TWO = 'fetch("https://example.com/a b");\nfetch("https://example.com/c d");\nfetch("https://example.com/%zz");\n';
  const BASELINE = JSON.stringify({ 'src/api.ts': { 'path-unescaped-char': { count: 1 } } });

  it('are hints that say why, counted as scan counts them: the first of each code in the file', () => {
    const projects = new ProjectFiles(tree({ '/repo/urilint-suppressions.json': BASELINE }));
    const settings = projects.settingsFor('file:///repo/src/api.ts', settingsWith());
    expect(settings.project?.suppressions).toEqual({ file: '/repo/urilint-suppressions.json', counts: { 'path-unescaped-char': { count: 1 } } });
    const diagnostics = service.provideDiagnostics(open('/repo/src/api.ts', TWO), settings);
    expect(diagnostics.map((d) => [d.code, d.range.start.line, d.severity, d.tags])).toEqual([
      ['path-unescaped-char', 0, DiagnosticSeverity.Hint, undefined],
      ['path-unescaped-char', 1, DiagnosticSeverity.Error, undefined],
      ['pct-invalid-triplet', 2, DiagnosticSeverity.Error, undefined],
    ]);
    // The same message as the finding past the count, with the reason after it.
    expect(diagnostics[0]!.message).toBe(`${String(diagnostics[1]!.message)}${SUPPRESSED_SUFFIX}`);
    expect(SUPPRESSED_SUFFIX).toBe(' (suppressed by urilint-suppressions.json)');
    // Another file of the same repository has no counts.
    const other = projects.settingsFor('file:///repo/src/other.ts', settingsWith());
    expect(service.provideDiagnostics(open('/repo/src/other.ts', TWO), other).map((d) => d.severity)).toEqual([1, 1, 1]);
  });

  it('are not shown with suppressed: "hide"', () => {
    const projects = new ProjectFiles(tree({ '/repo/urilint-suppressions.json': BASELINE }));
    const settings = projects.settingsFor('file:///repo/src/api.ts', settingsWith({ suppressed: 'hide' }));
    expect(service.provideDiagnostics(open('/repo/src/api.ts', TWO), settings).map((d) => [d.code, d.range.start.line, d.severity])).toEqual([
      ['path-unescaped-char', 1, DiagnosticSeverity.Error],
      ['pct-invalid-triplet', 2, DiagnosticSeverity.Error],
    ]);
  });

  it('are never errors, whatever severity the rule has', () => {
    const projects = new ProjectFiles(
      tree({ '/repo/urilint-suppressions.json': JSON.stringify({ 'a.ts': { 'path-unescaped-char': { count: 5 } } }), '/repo/urilint.config.jsonc': '{ "rules": { "no-unescaped-chars": "error" } }' }),
    );
    const settings = projects.settingsFor('file:///repo/a.ts', settingsWith());
    expect(service.provideDiagnostics(open('/repo/a.ts', TWO), settings).map((d) => [d.code, d.severity])).toEqual([
      ['path-unescaped-char', DiagnosticSeverity.Hint],
      ['path-unescaped-char', DiagnosticSeverity.Hint],
      ['pct-invalid-triplet', DiagnosticSeverity.Error],
    ]);
  });

  it('come from the nearest suppressions file, its paths relative to its folder; a broken one suppresses nothing and is reported', () => {
    const log: string[] = [];
    const fs = tree({ '/repo/urilint-suppressions.json': BASELINE, '/repo/pkg/urilint-suppressions.json': JSON.stringify({ 'src/api.ts': { 'pct-invalid-triplet': { count: 1 } } }) });
    const projects = new ProjectFiles(fs, { log: (message) => log.push(message) });
    expect(projects.suppressionsFor('/repo/pkg/src/api.ts')).toEqual({ file: '/repo/pkg/urilint-suppressions.json', counts: { 'pct-invalid-triplet': { count: 1 } } });
    expect(projects.suppressionsFor('/repo/src/api.ts')?.file).toBe('/repo/urilint-suppressions.json');
    fs.files['/repo/pkg/urilint-suppressions.json'] = '{ "src/api.ts": 3 }';
    projects.forget();
    expect(projects.suppressionsFor('/repo/pkg/src/api.ts')).toBeUndefined();
    expect(projects.diagnostics().get('file:///repo/pkg/urilint-suppressions.json')).toEqual([
      expect.objectContaining({ code: 'suppressions-invalid', message: 'the file is not a map of files to codes to { "count": N } (expected what urilint scan --suppress-all writes)' }),
    ]);
    expect(log).toHaveLength(1);
  });
});
