/**
 * Local links through the language service, on the docs tree of discovery's tests held in memory:
 * diagnostics at the exact ranges with their quick-fixes, go-to-definition to a file and to a
 * heading's line, completion of paths and #anchors, unsaved buffers counting as files, and a file
 * created on disk re-checking the documents that link to it.
 */
import { MemoryFileSystem } from '@urilint/discovery';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../src/service/index.js';
import { settingsWith } from '../support/documents.js';

interface DocsTree {
  GUIDE: string;
  README: string;
  README_FINDINGS: readonly (readonly [string, string])[];
  TREE: Readonly<Record<string, string>>;
}
const { GUIDE, README, README_FINDINGS, TREE } = (await import(new URL('../../../discovery/test/links/docs-tree.ts', import.meta.url).href)) as DocsTree;

const settings = settingsWith();
let version = 0;
const open = (path: string, text: string, languageId = 'markdown'): TextDocument => TextDocument.create(`file://${path}`, languageId, ++version, text);

function setup(): { fs: MemoryFileSystem; service: ReturnType<typeof createLanguageService> } {
  const fs = new MemoryFileSystem(TREE);
  return { fs, service: createLanguageService({ linkFileSystem: fs }) };
}

const shown = (document: TextDocument, service: ReturnType<typeof createLanguageService>): [string, string][] =>
  service
    .provideDiagnostics(document, settings)
    .filter((d) => d.code === 'no-broken-links')
    .map((d) => [document.getText(d.range), (d.data as { rule: string }).rule]);

describe('local links in the language service', () => {
  it('reports each broken link of the README at its range, with the quick-fixes', () => {
    const { service } = setup();
    const document = open('/repo/README.md', README);
    expect(shown(document, service).map(([text]) => text)).toEqual(README_FINDINGS.map(([text]) => text));
    const diagnostic = service.provideDiagnostics(document, settings).find((d) => document.getText(d.range) === 'usge')!;
    const actions = service.provideCodeActions(document, diagnostic.range, { diagnostics: [diagnostic] }, settings);
    expect(actions.some((action) => action.edit?.changes?.[document.uri]?.[0]?.newText === 'usage')).toBe(true);
  });

  it('go-to-definition: a file, and a heading at its line', () => {
    const { service } = setup();
    const document = open('/repo/README.md', README);
    const at = (needle: string) => document.positionAt(README.indexOf(needle) + 2);
    expect(service.provideDefinition(document, at('docs/guide.md)'), settings)).toEqual([{ uri: 'file:///repo/docs/guide.md', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }]);
    const usage = GUIDE.split('\n').indexOf('## Usage');
    expect(service.provideDefinition(document, at('docs/guide.md#usage)'), settings)[0]!.range.start).toEqual({ line: usage, character: 0 });
    expect(service.provideDefinition(document, at('src/app.ts#L2'), settings)[0]).toEqual({ uri: 'file:///repo/src/app.ts', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } } });
    expect(service.provideDefinition(document, at('#project-title)'), settings)[0]!.uri).toBe(document.uri);
  });

  it('completes paths and #anchors while a link is typed', () => {
    const { service } = setup();
    const text = 'See [x](docs/';
    const paths = service.provideCompletion(open('/repo/NEW.md', text), { line: 0, character: text.length }, settings);
    expect(paths.map((item) => item.label).sort()).toEqual(['guide.md', 'logo.svg', 'my notes.md']);
    expect(paths.find((item) => item.label === 'my notes.md')!.textEdit).toMatchObject({ newText: 'my%20notes.md' });
    const anchorsText = 'See [x](docs/guide.md#us';
    const anchors = service.provideCompletion(open('/repo/NEW.md', anchorsText), { line: 0, character: anchorsText.length }, settings);
    expect(anchors.map((item) => item.label)).toEqual(['guide', 'usage', 'usage-1', 'custom-id', 'named', '-emoji-party', 'été']);
    expect(anchors[1]!.textEdit).toEqual({ newText: 'usage', range: { start: { line: 0, character: anchorsText.length - 2 }, end: { line: 0, character: anchorsText.length } } });
    const html = '<a href="../docs/';
    expect(service.provideCompletion(open('/repo/site/x.html', html, 'html'), { line: 0, character: html.length }, settings).length).toBe(3);
  });

  it('completes only inside the workspace folders and the repository: `[c](../../../` lists nothing above them', () => {
    const fs = new MemoryFileSystem({
      '/home/dev/.ssh/id_ed25519': 'secret',
      '/home/dev/other/notes.md': '# Other\n',
      '/home/dev/work/repo/.git/HEAD': 'ref: refs/heads/main\n',
      '/home/dev/work/repo/README.md': '# Repo\n',
      '/home/dev/work/repo/docs/guide.md': '# Guide\n',
      '/home/dev/work/repo/packages/app/README.md': '# App\n',
      '/home/dev/work/repo/packages/app/docs/intro.md': '# Intro\n',
    });
    const complete = (service: ReturnType<typeof createLanguageService>, path: string, text: string): string[] =>
      service.provideCompletion(open(path, text), { line: 0, character: text.length }, settings).map((item) => item.label).sort();
    const inRepository = createLanguageService({ linkFileSystem: fs, workspaceFolders: () => ['file:///home/dev/work/repo'] });
    expect(complete(inRepository, '/home/dev/work/repo/docs/a.md', '[c](../')).toEqual(['README.md', 'docs/', 'packages/']);
    for (const typed of ['[c](../../', '[c](../../../', '[c](../../../../../../', '[c](/../', '[c](/../../', '<a href="../../../', '[c]: ../../../'])
      expect(complete(inRepository, '/home/dev/work/repo/docs/a.md', typed), typed).toEqual([]);
    // A workspace folder below the repository's root: nothing above the folder either.
    const inPackage = createLanguageService({ linkFileSystem: fs, workspaceFolders: () => ['file:///home/dev/work/repo/packages/app'] });
    expect(complete(inPackage, '/home/dev/work/repo/packages/app/docs/intro.md', '[c](../')).toEqual(['README.md', 'docs/']);
    expect(complete(inPackage, '/home/dev/work/repo/packages/app/docs/intro.md', '[c](../../')).toEqual([]);
    // A client without workspace folders: the repository that holds the document is the bound.
    const noFolders = createLanguageService({ linkFileSystem: fs });
    expect(complete(noFolders, '/home/dev/work/repo/docs/a.md', '[c](../')).toEqual(['README.md', 'docs/', 'packages/']);
    expect(complete(noFolders, '/home/dev/work/repo/docs/a.md', '[c](../../../')).toEqual([]);
  });

  it("follows a generator's routes: a dated blog route goes to the dated file, and routes complete", () => {
    const fs = new MemoryFileSystem({
      '/site/.git/HEAD': '',
      '/site/docusaurus.config.js': "module.exports = { presets: [['classic', { docs: { path: 'docs' }, blog: {} }]] };",
      '/site/blog/2023-11-13-3.1.0.md': '# 3.1.0\n\n## Highlights\n',
      '/site/docs/intro.md': '# Intro\n',
    });
    const service = createLanguageService({ linkFileSystem: fs });
    const text = 'See [the release](/blog/2023/11/13/3.1.0#highlights).\n';
    const document = open('/site/docs/intro.md', text);
    expect(service.provideDiagnostics(document, settings).filter((d) => d.code === 'no-broken-links')).toEqual([]);
    const at = text.indexOf('/blog/') + 3;
    expect(service.provideDefinition(document, { line: 0, character: at }, settings)).toEqual([{ uri: 'file:///site/blog/2023-11-13-3.1.0.md', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } } }]);
    const typed = 'See [x](/blog/2023/';
    const routes = service.provideCompletion(open('/site/docs/new.md', typed), { line: 0, character: typed.length }, settings);
    expect(routes.map((item) => item.label)).toEqual(['11/']);
    const anchorsText = 'See [x](/blog/2023/11/13/3.1.0#hi';
    const anchors = service.provideCompletion(open('/site/docs/new.md', anchorsText), { line: 0, character: anchorsText.length }, settings);
    expect(anchors.map((item) => item.label)).toEqual(['310', 'highlights']);
  });

  it('follows the Next.js app router and Nextra content routes: definition and completion', () => {
    const fs = new MemoryFileSystem({
      '/site/.git/HEAD': '',
      '/site/next.config.mjs': "export default withNextra({ i18n: { locales: ['en', 'es'], defaultLocale: 'en' } })",
      '/site/app/[lang]/[[...mdxPath]]/page.jsx': 'export default function Page() {}',
      '/site/app/posts/(with-comments)/draft/page.mdx': '# Draft\n\n## Tags\n',
      '/site/content/en/docs/getting-started.mdx': '# Getting started\n\n## Quick start\n',
      '/site/content/es/docs/getting-started.mdx': '# Primeros pasos\n',
    });
    const service = createLanguageService({ linkFileSystem: fs });
    const text = 'See [start](/docs/getting-started#quick-start) and [the draft](/posts/draft#tags).\n';
    const document = open('/site/content/en/docs/options.mdx', text);
    expect(service.provideDiagnostics(document, settings).filter((d) => d.code === 'no-broken-links')).toEqual([]);
    expect(service.provideDefinition(document, { line: 0, character: text.indexOf('/docs/') + 3 }, settings)).toEqual([{ uri: 'file:///site/content/en/docs/getting-started.mdx', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } } }]);
    expect(service.provideDefinition(document, { line: 0, character: text.indexOf('/posts/') + 3 }, settings)).toEqual([{ uri: 'file:///site/app/posts/(with-comments)/draft/page.mdx', range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } } }]);
    const typed = 'See [x](/posts/';
    const routes = service.provideCompletion(open('/site/content/en/docs/new.mdx', typed), { line: 0, character: typed.length }, settings);
    expect(routes.map((item) => item.label)).toContain('draft');
  });

  it('an unsaved document counts as a file, with its headings', () => {
    const { service } = setup();
    const linking = open('/repo/a.md', '[new](draft.md#plan)\n');
    expect(shown(linking, service).map(([text]) => text)).toEqual(['draft.md']);
    service.provideDiagnostics(open('/repo/draft.md', '# Plan\n'), settings);
    service.filesChanged([], []);
    const again = TextDocument.create(linking.uri, 'markdown', ++version, linking.getText());
    expect(shown(again, service)).toEqual([]);
  });

  it('a file created on disk re-checks the open documents that link to it', () => {
    const { fs, service } = setup();
    const document = open('/repo/README.md', README);
    expect(shown(document, service).map(([text]) => text)).toContain('docs/gone.md');
    fs.write('/repo/docs/gone.md', '# Gone\n');
    expect(service.filesChanged(['file:///repo/docs/gone.md'], [document])).toEqual([document.uri]);
    expect(shown(document, service).map(([text]) => text)).not.toContain('docs/gone.md');
  });
});
