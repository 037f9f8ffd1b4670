import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import { applySourceEdits } from '../../src/fixes.js';
import { MemoryFileSystem, OverlayFileSystem } from '../../src/links/memory-fs.js';
import { markdownAnchors } from '../../src/links/anchors.js';
import { linearRegExp } from '../../src/linear-regex.js';
import { slug, Slugger } from '../../src/links/slug.js';
import { WorkspaceIndex, type LinkOptions } from '../../src/links/workspace.js';
import { runDocumentRules, runRules } from '../../src/rules/index.js';
import type { Finding } from '../../src/finding.js';
import { structuralFixReason, unsafeFixReason } from '../../src/fix-gate.js';
import { PAGE, README, README_FINDINGS, TREE } from './docs-tree.js';

/** The rule's findings on one document of a tree, sorted by position. */
function lint(index: WorkspaceIndex, path: string, options: LinkOptions = {}, text = index.fs.readFile(path)!): Finding[] {
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const document = { path, kind, text, links: index, ...(found.base === undefined ? {} : { base: found.base }) };
  const rules = { 'no-broken-links': options };
  return [...runRules(found.candidates, rules, undefined, document), ...runDocumentRules(document, rules)].sort((a, b) => a.range[0] - b.range[0]);
}

const shown = (text: string, findings: readonly Finding[]): [string, string][] => findings.map((f) => [text.slice(...f.range), f.messageId]);

describe('no-broken-links on a docs tree', () => {
  it('reports each broken link of the README at its exact range, and nothing else', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(TREE));
    expect(shown(README, lint(index, '/repo/README.md'))).toEqual(README_FINDINGS);
  });

  it('offers the close match, and fixes the case', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(TREE));
    const findings = lint(index, '/repo/README.md');
    const at = (text: string): Finding => findings.find((f) => README.slice(...f.range) === text)!;
    expect(at('usge').suggestions[0]!.edits).toEqual([{ range: at('usge').range, text: 'usage' }]);
    expect(at('project-titel').suggestions[0]!.edits[0]!.text).toBe('project-title');
    expect(at('docs/guid.md').suggestions[0]!.edits[0]!.text).toBe('docs/guide.md');
    expect(at('docs/Guide.md').fix).toEqual([{ range: at('docs/Guide.md').range, text: 'docs/guide.md' }]);
    expect(at('docs/missing.md').suggestions).toEqual([]);
    const space = at('docs/my notes.md');
    expect(space.suggestions.map((s) => applySourceEdits(README, s.edits).includes('[report](<docs/my notes.md>)') || applySourceEdits(README, s.edits).includes('[report](docs/my%20notes.md)'))).toEqual([true, true]);
  });

  it('reads an HTML page against its <base href>', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(TREE));
    expect(shown(PAGE, lint(index, '/repo/site/page.html'))).toEqual([
      ['nope', 'anchorMissing'],
      ['missing.html', 'fileMissing'],
    ]);
  });

  it('counts unsaved buffers as files, with their text', () => {
    const overlay = new OverlayFileSystem(new MemoryFileSystem(TREE));
    overlay.buffers.set('/repo/docs/missing.md', '# Draft\n');
    const index = new WorkspaceIndex(overlay);
    expect(shown(README, lint(index, '/repo/README.md')).map(([text]) => text)).not.toContain('docs/missing.md');
  });

  it('sees a file created after the index read its folder once told (invalidate)', () => {
    const fs = new MemoryFileSystem(TREE);
    const index = new WorkspaceIndex(fs);
    expect(lint(index, '/repo/README.md').some((f) => README.slice(...f.range) === 'docs/gone.md')).toBe(true);
    fs.write('/repo/docs/gone.md', '# Back\n');
    index.invalidate('/repo/docs/gone.md');
    expect(lint(index, '/repo/README.md').some((f) => README.slice(...f.range) === 'docs/gone.md')).toBe(false);
  });

  it('computes each document\'s ids once', () => {
    const fs = new MemoryFileSystem(TREE);
    let reads = 0;
    const counting = { readDirectory: (p: string) => fs.readDirectory(p), readFile: (p: string) => (reads++, fs.readFile(p)) };
    const index = new WorkspaceIndex(counting);
    lint(index, '/repo/README.md', {}, README);
    const first = reads;
    lint(index, '/repo/README.md', {}, README);
    expect(reads).toBe(first);
  });
});

describe('site-absolute routes', () => {
  it('says once that no mapping fits, and reports nothing per link', () => {
    const text = '[a](/learn/a) [b](/learn/b)\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/a.md': text }));
    expect(lint(index, '/r/a.md')).toEqual([]);
    expect(index.unresolvable).toBe(2);
    expect([...index.notes].filter((note) => note.startsWith('cannot resolve'))).toHaveLength(1);
  });

  it('maps URL prefixes to folders', () => {
    const text = '[a](/docs/intro) [b](/docs/outro)\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/a.md': text, '/r/website/docs/intro.md': '# Intro\n' }));
    expect(shown(text, lint(index, '/r/a.md', { routes: { '/docs/': 'website/docs/' } }))).toEqual([['/docs/outro', 'fileMissing']]);
  });

  it('reports a missing page under a folder that exists', () => {
    const text = '[a](/docs/nope.md)\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/a.md': text, '/r/docs/x.md': '' }));
    expect(shown(text, lint(index, '/r/a.md'))).toEqual([['/docs/nope.md', 'fileMissing']]);
  });

  it('takes generated pages only when generatedPages is on', () => {
    const text = '[a](x.html) [b](x)\n';
    const tree = { '/r/.git/HEAD': '', '/r/a.md': text, '/r/x.md': '' };
    expect(lint(new WorkspaceIndex(new MemoryFileSystem(tree)), '/r/a.md')).toEqual([]);
    expect(shown(text, lint(new WorkspaceIndex(new MemoryFileSystem(tree)), '/r/a.md', { generatedPages: false })).map(([t]) => t)).toEqual(['x.html', 'x']);
  });
});

describe('links whose target is outside what the tree says', () => {
  it('a generated page whose source is in another folder, a climb out of a site or out of the repository: said once, not reported', () => {
    const stub = '[a](ch01.html) [b](../reference/x.html) [c](nope.html)\n';
    const old = '[d](../ch01.html)\n';
    const index = new WorkspaceIndex(
      new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/book.toml': '', '/r/src/ch01.md': '# One\n', '/r/redirects/stub.md': stub, '/r/old/book.toml': '', '/r/old/src/intro.md': old }),
    );
    expect(shown(stub, lint(index, '/r/redirects/stub.md'))).toEqual([['nope.html', 'fileMissing']]);
    expect(lint(index, '/r/old/src/intro.md')).toEqual([]);
    expect(index.unresolvable).toBe(3);
  });

  it("a generator's partials (_includes, _layouts) are not checked: they have no location of their own", () => {
    const partial = '<a href="../use/x">x</a>\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/.eleventy.js': '', '/r/_includes/nav.html': partial }));
    expect(lint(index, '/r/_includes/nav.html')).toEqual([]);
  });

  it('with routes set, a relative link is followed from the page\'s route (../images from /learn/x is /images in public/)', () => {
    const page = '![a](../images/a.png)\n';
    const tree = { '/r/.git/HEAD': '', '/r/src/content/learn/x.md': page, '/r/public/images/a.png': '' };
    expect(lint(new WorkspaceIndex(new MemoryFileSystem(tree)), '/r/src/content/learn/x.md')).toHaveLength(1);
    expect(lint(new WorkspaceIndex(new MemoryFileSystem(tree)), '/r/src/content/learn/x.md', { routes: { '/': 'src/content/' } })).toEqual([]);
  });
});

describe('site generators', () => {
  it('mdBook: src/ is the site root, ids by normalize_id', () => {
    const ch2 = '[a](ch01.html#hello-world) [b](/ch01.md#hello-world) [c](ch01.md#hello-world-1) [d](ch01.md#nope)\n';
    const index = new WorkspaceIndex(
      new MemoryFileSystem({ '/b/.git/HEAD': '', '/b/book.toml': '[book]\nsrc = "src"\n', '/b/src/ch01.md': '# Hello, World!\n\n## Hello, World!\n', '/b/src/ch02.md': ch2 }),
    );
    expect(shown(ch2, lint(index, '/b/src/ch02.md'))).toEqual([['nope', 'anchorMissing']]);
    expect([...index.sitesUsed.values()][0]).toMatch(/^mdbook site at \/b\//);
  });

  it('VitePress: "." and "_" become "-", dashes collapse; srcDir read from the config', () => {
    const page = '[a](/guide#foo-bar-baz) [b](./guide.md#foo.bar)\n';
    const index = new WorkspaceIndex(
      new MemoryFileSystem({
        '/v/.git/HEAD': '',
        '/v/docs/.vitepress/config.ts': "export default { srcDir: './src' }",
        '/v/docs/src/guide.md': '## Foo.Bar_Baz\n',
        '/v/docs/src/index.md': page,
      }),
    );
    expect(shown(page, lint(index, '/v/docs/src/index.md'))).toEqual([['foo.bar', 'anchorMissing']]);
  });

  it('MkDocs: duplicates take _1', () => {
    const page = '[a](other.md#setup_1) [b](other.md#setup-1)\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/m/.git/HEAD': '', '/m/mkdocs.yml': 'site_name: x\n', '/m/docs/other.md': '## Setup\n## Setup\n', '/m/docs/index.md': page }));
    expect(shown(page, lint(index, '/m/docs/index.md'))).toEqual([['setup-1', 'anchorMissing']]);
  });

  it('Docusaurus: /docs/ routes drop number prefixes', () => {
    const page = '[a](/docs/intro) [b](/docs/outro)\n';
    const index = new WorkspaceIndex(
      new MemoryFileSystem({ '/d/.git/HEAD': '', '/d/docusaurus.config.js': '', '/d/docs/01-intro.md': '# Intro\n', '/d/src/pages/index.md': page }),
    );
    expect(shown(page, lint(index, '/d/src/pages/index.md'))).toEqual([['/docs/outro', 'fileMissing']]);
  });
});

describe('heading ids', () => {
  it('GitHub: lower case, punctuation and emoji dropped, spaces to "-", duplicates numbered', () => {
    const slugger = new Slugger();
    expect(['Usage', 'Usage', '🎉 Emoji Party!', 'a -- b', 'API & Reference', 'Été', 'foo_bar.baz'].map((t) => slugger.next(t))).toEqual([
      'usage',
      'usage-1',
      '-emoji-party',
      'a----b',
      'api--reference',
      'été',
      'foo_barbaz',
    ]);
  });

  it('the other styles', () => {
    expect(slug('Hello, World!', 'mdbook')).toBe('hello-world');
    expect(slug('Foo.Bar_Baz', 'vitepress')).toBe('foo-bar-baz');
    expect(slug('1. Intro', 'vitepress')).toBe('_1-intro');
    expect(slug('Été -- à  Paris', 'mkdocs')).toBe('ete-a-paris');
    expect(slug('C++ & Rust', 'kramdown')).toBe('c--rust');
    expect(slug('Getting Started', 'markdown-it-anchor')).toBe('getting-started');
  });

  it('explicit ids: {#id}, a custom pattern, react.dev\'s MDX comment, HTML ids', () => {
    const text = '## One {#first}\n## Two {/*second*/}\n## Three [[third]]\n<div id="fourth"></div>\n\n## <span>Five</span> `code`\n';
    const anchors = markdownAnchors(text, { slugStyle: 'github', customIds: [String.raw`\[\[(\w+)\]\]$`, String.raw`\{\/\*\s*([^*\s]+?)\s*\*\/\}\s*$`].map((source) => linearRegExp(source)!) });
    expect([...anchors.ids.keys()]).toEqual(['first', 'second', 'third', 'fourth', 'five-code']);
  });
});

describe('the case fix and the fix gate', () => {
  it('passes the conditions every fix must (structuralFixReason), not the one that keeps where a link points', () => {
    const tree = { '/repo/.git/HEAD': '', '/repo/docs/guide.md': '# Guide\n' };
    const html = '<a href="docs/Guide.md">one</a>\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ ...tree, '/repo/index.html': html }));
    const [finding] = lint(index, '/repo/index.html');
    expect([finding!.messageId, finding!.fix]).toEqual(['caseMismatch', [{ range: [9, 22], text: 'docs/guide.md' }]]);
    const [candidate] = discoverDocument(html, 'html').candidates;
    const edits = [{ start: 0, end: 13, text: 'docs/guide.md' }];
    expect(unsafeFixReason(candidate!, edits)).toBe('it changes what a browser reads');
    expect(structuralFixReason(candidate!, edits)).toBeUndefined();
    // A template expression in the path is never written over, whatever the fix means.
    const [templated] = discoverDocument('<a href="docs/{{ page }}/Guide.md">x</a>\n', 'html').candidates;
    expect(structuralFixReason(templated!, [{ start: 0, end: templated!.uri.length, text: 'docs/guide.md' }])).toBe('it touches a template expression');
  });
});
