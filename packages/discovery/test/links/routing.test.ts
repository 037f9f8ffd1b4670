/**
 * The generators' routing rules (src/links/routing.ts), each with the example of the generator's own
 * documentation that the rule cites, and the configurations read as static values.
 */
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import type { Finding } from '../../src/finding.js';
import { MemoryFileSystem } from '../../src/links/memory-fs.js';
import { expandPermalink, pageRoutes, rewritePath, routeKey, type PageCollection } from '../../src/links/routing.js';
import { readJsConfig, readTomlConfig, readYamlConfig, stringAt, Unknown, valueAt } from '../../src/links/static-config.js';
import { WorkspaceIndex, type LinkOptions } from '../../src/links/workspace.js';
import { runDocumentRules, runRules } from '../../src/rules/index.js';

function lint(index: WorkspaceIndex, path: string, options: LinkOptions = {}): [string, string][] {
  const text = index.fs.readFile(path)!;
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const document = { path, kind, text, links: index };
  const rules = { 'no-broken-links': options };
  const findings: Finding[] = [...runRules(found.candidates, rules, undefined, document), ...runDocumentRules(document, rules)].sort((a, b) => a.range[0] - b.range[0]);
  return findings.map((f) => [text.slice(...f.range), f.messageId]);
}

const tree = (files: Record<string, string>): WorkspaceIndex => new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', ...files }));

describe('configurations read as static values, never run', () => {
  it('reads literals, consts, spreads, defineConfig and preset tuples', () => {
    const text = `
      import { defineConfig } from 'vitepress';
      const base = { srcDir: './src' };
      const rewrites = { 'packages/:pkg/src/(.*)': ':pkg/index.md' };
      export default defineConfig({ ...base, rewrites, cleanUrls: true, title: \`Site\` });`;
    expect(readJsConfig(text, 'config.mts')).toEqual({ srcDir: './src', rewrites: { 'packages/:pkg/src/(.*)': ':pkg/index.md' }, cleanUrls: true, title: 'Site' });
  });

  it('reads module.exports, a function returning the configuration, and path.resolve(__dirname, …)', () => {
    const text = `
      const path = require('path');
      module.exports = async function createConfig() {
        const docs = { path: path.resolve(__dirname, '../docs'), routeBasePath: '/' };
        return { presets: [['classic', /** @type {import('x').Options} */ ({ docs, blog: false })]] };
      };`;
    expect(readJsConfig(text, 'docusaurus.config.js')).toEqual({ presets: [['classic', { docs: { path: '../docs', routeBasePath: '/' }, blog: false }]] });
  });

  it('gives an Unknown for what code sets, with its text', () => {
    const value = readJsConfig(`export default { srcDir: process.env.SRC ?? 'docs', rewrites: makeRewrites(), title: 'x' }`, 'config.ts') as Record<string, unknown>;
    expect(value['title']).toBe('x');
    expect(value['srcDir']).toEqual(new Unknown("process.env.SRC ?? 'docs'"));
    expect(value['rewrites']).toEqual(new Unknown('makeRewrites()'));
  });

  it('a spread of what code sets may set any key: one the object does not write is unknown, not unset (vuejs/router)', () => {
    const value = readJsConfig(`import { sharedConfig } from './shared';\nexport default { ...sharedConfig, locales: { root: { label: 'English' } } };`, 'index.ts');
    expect(valueAt(value, 'locales', 'root', 'label')).toBe('English');
    expect(valueAt(value, 'markdown', 'anchor', 'slugify')).toEqual(new Unknown('sharedConfig'));
    expect(stringAt(value, 'srcDir')).toEqual(new Unknown('sharedConfig'));
    // A spread of a known object keeps its keys, and what it does not write stays unset.
    expect(stringAt(readJsConfig(`const base = { title: 'a' };\nexport default { ...base };`, 'config.ts'), 'srcDir')).toBeUndefined();
  });

  it('reads YAML and TOML with real parsers', () => {
    expect(readYamlConfig('collections:\n  docs:\n    output: true\n    permalink: /:collection/:name/\nbaseurl: "/guides" # the base\n', '_config.yml')).toEqual({
      collections: { docs: { output: true, permalink: '/:collection/:name/' } },
      baseurl: '/guides',
    });
    expect(readTomlConfig('contentDir = "pages"\n[book]\nsrc = "src"\n', 'hugo.toml')).toEqual({ contentDir: 'pages', book: { src: 'src' } });
  });
});

describe('routes, each from the generator\'s documented example', () => {
  const docs: PageCollection = { dir: '/r/docs/', base: '/docs/', rule: 'docusaurus-docs' };
  const blog: PageCollection = { dir: '/r/blog/', base: '/blog/', rule: 'docusaurus-blog' };

  it('Docusaurus docs: front-matter id and slug, number prefixes, folder pages', () => {
    // https://docusaurus.io/docs/create-doc#doc-urls
    expect(pageRoutes(docs, 'Parser.mdx', '---\nid: parser\n---\n')).toEqual(['/docs/parser']);
    expect(pageRoutes(docs, 'guide/to/hello.md', '---\nslug: /bonjour\n---\n')).toEqual(['/docs/bonjour']);
    expect(pageRoutes(docs, 'guide/to/hello.md', '---\nslug: bonjour\n---\n')).toEqual(['/docs/guide/to/bonjour']);
    expect(pageRoutes(docs, 'intro.md', '---\nslug: /\n---\n')).toEqual(['/docs/']);
    // https://docusaurus.io/docs/sidebar/autogenerated#using-number-prefixes
    expect(pageRoutes(docs, '01-Intro/02-Setup.md', '')).toEqual(['/docs/Intro/Setup']);
    expect(pageRoutes(docs, 'guides/README.md', '')).toEqual(['/docs/guides']);
    expect(pageRoutes(docs, 'guides/index.md', '')).toEqual(['/docs/guides']);
    expect(pageRoutes(docs, 'guides/guides.md', '')).toEqual(['/docs/guides']);
  });

  it('Docusaurus blog: dated file and folder names, slug', () => {
    // https://docusaurus.io/docs/blog#blog-post-date
    expect(pageRoutes(blog, '2023-11-13-3.1.0.md', '# 3.1.0\n')).toEqual(['/blog/2023/11/13/3.1.0']);
    expect(pageRoutes(blog, '2021-09-13-my-blog-post-title/index.md', '')).toEqual(['/blog/2021/09/13/my-blog-post-title']);
    expect(pageRoutes(blog, '2021/09/13/my-blog-post-title.md', '')).toEqual(['/blog/2021/09/13/my-blog-post-title']);
    expect(pageRoutes(blog, 'welcome.md', '---\nslug: /my/path/to/blog/post\n---\n')).toEqual(['/blog/my/path/to/blog/post']);
    expect(pageRoutes(blog, 'welcome.md', '')).toEqual(['/blog/welcome']);
  });

  it('Docusaurus pages: src/pages at /, index the folder', () => {
    // https://docusaurus.io/docs/creating-pages
    const pages: PageCollection = { dir: '/r/src/pages/', base: '/', rule: 'docusaurus-pages' };
    expect(pageRoutes(pages, 'helloReact.js', '')).toEqual(['/helloReact']);
    expect(pageRoutes(pages, 'support/index.js', '')).toEqual(['/support']);
  });

  it('VitePress: rewrites with parameters, index pages', () => {
    // https://vitepress.dev/guide/routing#route-rewrites
    const rewrites: [string, string][] = [
      ['packages/pkg-a/src/index.md', 'pkg-a/index.md'],
      ['packages/:pkg/src/(.*)', ':pkg/(.*)'],
    ];
    expect(rewritePath(rewrites, 'packages/pkg-a/src/index.md')).toBe('pkg-a/index.md');
    expect(rewritePath(rewrites, 'packages/pkg-b/src/pkg-b-docs.md')).toBe('pkg-b/pkg-b-docs.md');
    const site: PageCollection = { dir: '/r/', base: '/', rule: 'vitepress', rewrites };
    expect(pageRoutes(site, 'packages/pkg-b/src/pkg-b-docs.md', '')).toEqual(['/pkg-b/pkg-b-docs']);
    expect(pageRoutes(site, 'guide/index.md', '')).toEqual(['/guide/']);
  });

  it('Jekyll: permalink styles, posts, collections, redirect_from', () => {
    // https://jekyllrb.com/docs/permalinks/#built-in-formats
    const posts: PageCollection = { dir: '/r/_posts/', base: '/', rule: 'jekyll-post', name: '' };
    expect(pageRoutes(posts, '2009-04-29-slap-chop.md', '---\ncategories: [food]\n---\n')).toEqual(['/food/2009/04/29/slap-chop.html']);
    expect(pageRoutes({ ...posts, permalink: 'pretty' }, '2009-04-29-slap-chop.md', '')).toEqual(['/2009/04/29/slap-chop/']);
    expect(expandPermalink('/:categories/:year/:month/:day/:title:output_ext', { categories: '', year: '2009', month: '04', day: '29', title: 'slap-chop', output_ext: '.html' })).toBe('/2009/04/29/slap-chop.html');
    // https://jekyllrb.com/docs/collections/#permalinks
    const collection: PageCollection = { dir: '/r/_my_collection/', base: '/', rule: 'jekyll-collection', name: 'my_collection' };
    expect(pageRoutes(collection, 'some_subdir/some_doc.md', '')).toEqual(['/my_collection/some_subdir/some_doc.html']);
    const pages: PageCollection = { dir: '/r/', base: '/', rule: 'jekyll-page' };
    expect(pageRoutes(pages, 'docs/front-matter.md', '---\npermalink: /docs/front-matter/\nredirect_from:\n  - /docs/frontmatter/\n---\n')).toEqual(['/docs/front-matter/', '/docs/frontmatter/']);
    expect(pageRoutes(pages, 'about.md', '---\ntitle: About\n---\n')).toEqual(['/about.html']);
  });

  it('Hugo: url, slug and aliases; _index.md is the section', () => {
    // https://gohugo.io/content-management/urls/
    const content: PageCollection = { dir: '/r/content/', base: '/', rule: 'hugo' };
    expect(pageRoutes(content, 'posts/post-1.md', '---\nslug: my-first-post\n---\n')).toEqual(['/posts/my-first-post/']);
    expect(pageRoutes(content, 'posts/post-1.md', '---\nurl: /articles/first/\naliases:\n  - /old/first/\n---\n')).toEqual(['/articles/first/', '/old/first/']);
    expect(pageRoutes(content, 'posts/_index.md', '')).toEqual(['/posts/']);
  });

  it('MkDocs: directory URLs', () => {
    // https://www.mkdocs.org/user-guide/configuration/#use_directory_urls
    const docs: PageCollection = { dir: '/r/docs/', base: '/', rule: 'mkdocs' };
    expect(['index.md', 'api-guide.md', 'about/license.md', 'about/index.md'].map((page) => pageRoutes(docs, page, ''))).toEqual([['/'], ['/api-guide/'], ['/about/license/'], ['/about/']]);
    expect(pageRoutes({ ...docs, rule: 'mkdocs-files' }, 'api-guide.md', '')).toEqual(['/api-guide.html']);
  });

  it('Eleventy and Astro: permalink, slug', () => {
    // https://www.11ty.dev/docs/permalinks/
    expect(pageRoutes({ dir: '/r/', base: '/', rule: 'eleventy' }, 'blog/post.md', '---\npermalink: /this-is-a-new-path/subdirectory/testing/\n---\n')).toEqual(['/this-is-a-new-path/subdirectory/testing/']);
    // https://starlight.astro.build/reference/frontmatter/#slug
    expect(pageRoutes({ dir: '/r/src/content/docs/', base: '/', rule: 'astro' }, 'guides/First Steps.md', '')).toEqual(['/guides/first-steps']);
  });

  it('keys routes without trailing slash, index.html or .html', () => {
    expect(['/docs/front-matter/', '/about.html', '/guide/index.html', '/'].map(routeKey)).toEqual(['/docs/front-matter', '/about', '/guide', '/']);
  });
});

describe('sites routed from their configuration', () => {
  it("Docusaurus: docs beside the site folder, front-matter id, dated blog posts (the issue's cases)", () => {
    const index = tree({
      '/r/website/docusaurus.config.js': `module.exports = { presets: [['@docusaurus/preset-classic', { docs: { path: '../docs', routeBasePath: 'packages' }, blog: {} }]] };`,
      '/r/docs/Parser.mdx': '---\nid: parser\n---\n# Parser\n## Options\n',
      '/r/docs/guide.md': '[p](/packages/parser#options) [rel](./parser) [gone](/packages/lexer) [post](/blog/2023/11/13/3.1.0) [old](/blog/2023/11/14/3.1.0)\n',
      '/r/website/blog/2023-11-13-3.1.0.md': '# 3.1.0\n',
    });
    expect(lint(index, '/r/docs/guide.md')).toEqual([
      ['/packages/lexer', 'fileMissing'],
      ['/blog/2023/11/14/3.1.0', 'fileMissing'],
    ]);
  });

  it('Docusaurus: a Markdown file link without ./ is looked for from the docs folder and the site folder too (redux)', () => {
    // https://docusaurus.io/docs/markdown-features/links: `file.md` from the page's folder, then the
    // content folder of its plugin instance, then the site's folder; `./` and `../` only from the page.
    const index = tree({
      '/r/website/docusaurus.config.js': `module.exports = { presets: [['@docusaurus/preset-classic', { docs: { path: '../docs' }, blog: {} }]] };`,
      '/r/docs/api/Store.md': '# Store\n## getState()\n',
      '/r/docs/faq/Actions.md': '[s](api/Store.md#getstate) [t](api/Store.md#dispatch) [rel](./api/Store.md) [up](../api/Store.md) [c](README.md) [case](api/store.md) [none](api/Gone.md) [abs](/api/Store.md) [absnone](/api/Gone.md)\n',
      '/r/website/README.md': '# Site\n',
      '/r/website/blog/2024-01-01-post.md': '[s](api/Store.md)\n',
    });
    expect(lint(index, '/r/docs/faq/Actions.md')).toEqual([
      ['dispatch', 'anchorMissing'],
      ['./api/Store.md', 'fileMissing'],
      ['api/store.md', 'fileMissing'],
      ['api/Gone.md', 'fileMissing'],
      ['/api/Gone.md', 'fileMissing'],
    ]);
    // The blog's own folder holds no api/: the docs folder is another instance's.
    expect(lint(index, '/r/website/blog/2024-01-01-post.md')).toEqual([['api/Store.md', 'fileMissing']]);
  });

  it('Docusaurus: several docs instances and versioned docs', () => {
    const index = tree({
      '/r/docusaurus.config.js': `const community = ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }];
        module.exports = { presets: [['classic', { docs: { path: 'docs' } }]], plugins: [community] };`,
      '/r/versions.json': '["2.0", "1.0"]',
      '/r/docs/a.md': '# A\n',
      '/r/versioned_docs/version-2.0/a.md': '# A two\n',
      '/r/versioned_docs/version-1.0/a.md': '# A one\n',
      '/r/community/support.md': '# Support\n',
      '/r/src/pages/index.md': '[a](/docs/a) [next](/docs/next/a) [v1](/docs/1.0/a) [v2](/docs/2.0/a) [c](/community/support) [no](/community/help)\n',
    });
    // The last version (2.0) is served at /docs/, not at /docs/2.0/.
    expect(lint(index, '/r/src/pages/index.md')).toEqual([
      ['/docs/2.0/a', 'fileMissing'],
      ['/community/help', 'fileMissing'],
    ]);
  });

  it('Docusaurus: the last version written at build from the current docs, and another version the tree lacks (pnpm.io)', () => {
    // https://docusaurus.io/docs/cli#docusaurus-docsversion-version: `docs:version` copies the current
    // docs into versioned_docs/version-X/. pnpm.io's build does the copy itself and serves only versions.
    const index = tree({
      '/r/docusaurus.config.ts': `const lastDocsVersion = '11.x';
        export default { presets: [['@docusaurus/preset-classic', { docs: { path: './docs', routeBasePath: '/', includeCurrentVersion: false, lastVersion: lastDocsVersion } }]] };`,
      '/r/versions.json': '["11.x", "10.x", "9.x"]',
      '/r/docs/cli/add.md': '# add\n[c](catalogs.md) [abs](/cli/cache-list.md) [no](gone.md)\n',
      '/r/docs/catalogs.md': '# Catalogs\n',
      '/r/docs/cli/cache-list.md': '# cache list\n',
      '/r/versioned_docs/version-10.x/cli/add.md': '# add\n',
      '/r/blog/2024-01-01-release.md': '[add](/cli/add) [old](/10.x/cli/add) [older](/9.x/cli/add) [none](/cli/gone) [none10](/10.x/cli/gone)\n',
    });
    // 11.x, the last version, is the docs folder at /; 9.x's folder is not in the tree: its routes are unknown.
    expect(lint(index, '/r/blog/2024-01-01-release.md')).toEqual([
      ['/cli/gone', 'fileMissing'],
      ['/10.x/cli/gone', 'fileMissing'],
    ]);
    expect(lint(index, '/r/docs/cli/add.md')).toEqual([['gone.md', 'fileMissing']]);
    expect([...index.notes].some((note) => note.includes('version-9.x'))).toBe(true);
  });

  it("VitePress: the configuration in .vitepress/config/index.ts, and heading ids the site's own slugify or attrs delimiters make (vuejs/router)", () => {
    // https://vitepress.dev/guide/i18n (a config folder) and https://vitepress.dev/reference/site-config#markdown
    const files = {
      '/r/docs/guide/a.md': '# A\n\n## Setup %{#setup-id}%\n\n### Non blocking loaders with `lazy`\n',
      '/r/docs/guide/b.md': '[a](./a.md#setup-id) [b](./a.md#setup) [c](./gone.md) [d](./a.md#lazy-loaders) [e](./a.md#Non-blocking-loaders-with-lazy)\n',
    };
    // Ids by the site's own slugify: a fragment whose words run in a heading may be its id; "lazy loaders" runs in none.
    const own = tree({ ...files, '/r/docs/.vitepress/config/index.ts': `const slugify = (s: string) => s;\nexport default { markdown: { anchor: { slugify } } };` });
    expect(lint(own, '/r/docs/guide/b.md')).toEqual([
      ['./gone.md', 'fileMissing'],
      ['lazy-loaders', 'anchorMissing'],
    ]);
    expect([...own.notes].some((note) => note.includes('markdown.anchor.slugify in .vitepress/config/index.ts'))).toBe(true);
    const attrs = tree({ ...files, '/r/docs/.vitepress/config/index.ts': `export default { markdown: { attrs: { left: '%{', right: '}%' } } };` });
    expect(lint(attrs, '/r/docs/guide/b.md')).toEqual([
      ['./gone.md', 'fileMissing'],
      ['lazy-loaders', 'anchorMissing'],
    ]);
    // VitePress's own slugify and delimiters: the ids are known, and each missing one is reported.
    const plain = tree({ ...files, '/r/docs/.vitepress/config/index.ts': `export default { title: 'x' };` });
    expect(lint(plain, '/r/docs/guide/b.md')).toEqual([
      ['setup-id', 'anchorMissing'],
      ['setup', 'anchorMissing'],
      ['./gone.md', 'fileMissing'],
      ['lazy-loaders', 'anchorMissing'],
    ]);
  });

  it("MDX: an imported Markdown part's headings are the page's ids (pnpm.io's settings/other.md)", () => {
    // https://docusaurus.io/docs/markdown-features/react#importing-markdown
    const index = tree({
      '/r/docusaurus.config.js': `module.exports = { presets: [['classic', { docs: { path: 'docs' } }]] };`,
      '/r/docs/settings/other.md': '# Other\n\nimport ScriptShell from \'./_scriptShell.mdx\'\n\n<ScriptShell />\n\nimport Unused from \'./_unused.mdx\'\n',
      '/r/docs/settings/_scriptShell.mdx': '## scriptShell\n\nThe shell.\n',
      '/r/docs/settings/_unused.mdx': '## unusedSetting\n',
      '/r/docs/settings.md': '[s](settings/other.md#scriptshell) [u](settings/other.md#unusedsetting) [g](settings/other.md#gone)\n',
    });
    // A part imported and never rendered gives the page nothing.
    expect(lint(index, '/r/docs/settings.md')).toEqual([
      ['unusedsetting', 'anchorMissing'],
      ['gone', 'anchorMissing'],
    ]);
  });

  it("Vercel's redirects beside any generator's configuration are routes (pnpm.io's /en/:splat*)", () => {
    // https://vercel.com/docs/project-configuration#redirects
    const index = tree({
      '/r/docusaurus.config.js': `module.exports = { presets: [['classic', { docs: { path: 'docs', routeBasePath: '/' } }]] };`,
      '/r/vercel.json': '{ "redirects": [{ "source": "/en/:splat*", "destination": "/:splat*", "permanent": true }] }',
      '/r/docs/cli/add.md': '# add\n',
      '/r/static/pnpm-add-pkg.html': '<meta http-equiv="refresh" content="0; url=/en/cli/add"><a href="/en/cli/add">add</a> <a href="/fr/cli/add">fr</a>\n',
    });
    expect(lint(index, '/r/static/pnpm-add-pkg.html')).toEqual([['/fr/cli/add', 'fileMissing']]);
  });

  it("MkDocs: attr_list's block id on a paragraph's last line (pydantic's validators page)", () => {
    // https://python-markdown.github.io/extensions/attribute_lists/#block-level
    const index = tree({
      '/r/mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - attr_list\n',
      '/r/docs/validators.md':
        '# Validators\n\n* ***After* validators**: run after validation.\n{#field-after-validator}\n\nA paragraph.\n{: .note #note-id }\n\nText {#inline-not-block} here.\n\n[a](#field-after-validator) [b](#note-id) [c](#inline-not-block)\n',
    });
    expect(lint(index, '/r/docs/validators.md')).toEqual([['inline-not-block', 'anchorMissing']]);
  });

  it("MkDocs: attr_list's key-value id, Python-Markdown's footnote ids and superfences' fence ids (mkdocs-material)", () => {
    // https://python-markdown.github.io/extensions/attribute_lists/ (key=value pairs), .../extensions/footnotes/
    // (`fn:1`, `fnref:1`), https://facelessuser.github.io/pymdown-extensions/extensions/superfences/ (``` {.sh #id}).
    const index = tree({
      '/r/mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - attr_list\n  - footnotes\n  - pymdownx.superfences\n',
      '/r/docs/changelog.md': '# Changelog\n\n### 9.7.0 <small>November 11, 2025</small> { id="9.7.0" }\n\n### Navigation path { id=navigation-path }\n\nA paragraph.\n{ .note id="note" }\n',
      '/r/docs/notes.md':
        '# Notes\n\nLorem ipsum[^1] dolor.\n\n[^1]: Lorem ipsum dolor sit amet.\n\n``` { .sh .no-copy #example }\nls\n```\n\n[a](changelog.md#9.7.0) [b](changelog.md#navigation-path) [c](changelog.md#note) [d](#fn:1) [e](#fnref:1) [f](#example) [g](#fn:2)\n',
    });
    expect(lint(index, '/r/docs/notes.md')).toEqual([['fn:2', 'anchorMissing']]);
    // GitHub reads none of them: `{ id="…" }` is text of the heading there.
    const plain = tree({ '/r/changelog.md': '# Changelog\n\n### 9.7.0 { id="9.7.0" }\n', '/r/a.md': '[a](changelog.md#9.7.0)\n' });
    expect(lint(plain, '/r/a.md')).toEqual([['9.7.0', 'anchorMissing']]);
  });

  it("MkDocs: a hook's page events rewrite the pages they reach, whose ids and labels are then its code's (mkdocs-material)", () => {
    // https://www.mkdocs.org/user-guide/configuration/#hooks and https://www.mkdocs.org/dev-guide/plugins/#on_page_markdown:
    // mkdocs-material's shortcodes hook turns `<!-- md:setting config.blog_dir -->` into `` `blog_dir` { #config.blog_dir } `` and `[config.blog_dir]: #config.blog_dir`.
    const shortcodes = 'import re\n\ndef on_page_markdown(markdown, *, page, config, files):\n    def replace(match):\n        type, args = match.groups()\n        return setting(args.strip())\n    return re.sub(\n        r"<!-- md:(\\w+)(.*?) -->",\n        replace, markdown, flags = re.I | re.M\n    )\n\ndef setting(type):\n    _, *_, name = re.split(r"[.*]", type)\n    return f"`{name}` {{ #{type} }}\\n\\n[{type}]: #{type}\\n\\n"\n';
    const translations = 'def on_page_markdown(markdown, *, page, config, files):\n    if page.file.src_uri != "setup/changing-the-language.md":\n        return\n    return markdown.replace("<!-- hooks/translations.html -->", render())\n';
    const files = {
      '/r/hooks/shortcodes.py': shortcodes,
      '/r/hooks/translations.py': translations,
      '/r/docs/plugins/blog.md': '# Built-in blog plugin\n\n## Configuration\n\n#### <!-- md:setting config.blog_dir -->\n\n[Blog folders][config.blog_dir] are configurable.\n',
      '/r/docs/setup/changing-the-language.md': '# Changing the language\n\n<!-- hooks/translations.html -->\n',
      '/r/docs/setup/setting-up-a-blog.md': '# Setting up a blog\n\nSee [dir](../plugins/blog.md#config.blog_dir), [gone](../plugins/blog.md#advanced-settings), [lang](changing-the-language.md#pl) and [here](#advanced-settings).\n',
    };
    const withHooks = tree({ '/r/mkdocs.yml': 'site_name: x\nhooks:\n  - hooks/shortcodes.py\n  - hooks/translations.py\n', ...files });
    // The shortcode's line may be made an id and a label; a fragment whose words are in no such line is still missing.
    expect(lint(withHooks, '/r/docs/setup/setting-up-a-blog.md')).toEqual([['advanced-settings', 'anchorMissing'], ['advanced-settings', 'anchorMissing']]);
    expect(lint(withHooks, '/r/docs/plugins/blog.md')).toEqual([]);
    // A hook that rewrites by other means than a substitution with a literal start reaches every page.
    const anyPage = tree({ '/r/mkdocs.yml': 'site_name: x\nhooks:\n  - hooks/any.py\n', '/r/hooks/any.py': 'def on_page_markdown(markdown, **kwargs):\n    return markdown + render()\n', ...files });
    expect(lint(anyPage, '/r/docs/setup/setting-up-a-blog.md')).toEqual([]);
    const without = tree({ '/r/mkdocs.yml': 'site_name: x\n', ...files });
    expect(lint(without, '/r/docs/setup/setting-up-a-blog.md').map(([text]) => text)).toEqual(['config.blog_dir', 'advanced-settings', 'pl', 'advanced-settings']);
    expect(lint(without, '/r/docs/plugins/blog.md')).toEqual([['config.blog_dir', 'undefinedReference']]);
  });

  it("MkDocs: pymdownx.snippets' auto_append adds a file's definitions to every page (mkdocs-material's includes/mkdocs.md)", () => {
    // https://facelessuser.github.io/pymdown-extensions/extensions/snippets/#auto-append-snippets
    const files = {
      '/r/includes/abbreviations.md': '*[HTML]: Hyper Text Markup Language\n\n  [mkdocs.env]: https://www.mkdocs.org/user-guide/configuration/#environment-variables\n',
      '/r/docs/plugins/offline.md': '# Built-in offline plugin\n\nSet it with an [environment variable][mkdocs.env] or a [flag][mkdocs.flag].\n',
    };
    const config = (extension: string): string => `site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets:\n${extension}`;
    const appended = tree({ '/r/mkdocs.yml': config('      auto_append:\n        - includes/abbreviations.md\n'), ...files });
    expect(lint(appended, '/r/docs/plugins/offline.md')).toEqual([['mkdocs.flag', 'undefinedReference']]);
    const fromBase = tree({ '/r/mkdocs.yml': config('      base_path: [includes]\n      auto_append: [abbreviations.md]\n'), ...files });
    expect(lint(fromBase, '/r/docs/plugins/offline.md')).toEqual([['mkdocs.flag', 'undefinedReference']]);
    const without = tree({ '/r/mkdocs.yml': config('      check_paths: true\n'), ...files });
    expect(lint(without, '/r/docs/plugins/offline.md').map(([text]) => text)).toEqual(['mkdocs.env', 'mkdocs.flag']);
  });

  it("MkDocs: pymdownx.tabbed's tab ids, slugged titles after the heading's id with combine_header_slug (mkdocs-material)", () => {
    // https://facelessuser.github.io/pymdown-extensions/extensions/tabbed/#tab-ids
    const page = '# Content tabs\n\n## Anchor links\n\n=== ":octicons-image-16: Image"\n\n    Markdown **content**.\n\n=== "... or even me"\n\n    More Markdown **content**.\n\n[a](#anchor-links-image) [b](#anchor-links--or-even-me) [c](#__tabbed_1_2) [d](#anchor-links-gone)\n';
    const slugged = tree({
      '/r/mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - pymdownx.tabbed:\n      alternate_style: true\n      combine_header_slug: true\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n  - toc\n',
      '/r/docs/tabs.md': page,
    });
    expect(lint(slugged, '/r/docs/tabs.md').map(([text]) => text)).toEqual(['__tabbed_1_2', 'anchor-links-gone']);
    const numbered = tree({ '/r/mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - pymdownx.tabbed:\n      alternate_style: true\n', '/r/docs/tabs.md': page });
    expect(lint(numbered, '/r/docs/tabs.md').map(([text]) => text)).toEqual(['anchor-links-image', 'anchor-links--or-even-me', 'anchor-links-gone']);
    // A slugify of the site's own: the page's tab ids are not known.
    const own = tree({ '/r/mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - pymdownx.tabbed:\n      slugify: !!python/name:my_site.slugify\n', '/r/docs/tabs.md': page });
    expect(lint(own, '/r/docs/tabs.md')).toEqual([]);
  });

  it('MkDocs with mkdocstrings: cross-references and the ids of ::: blocks are the site\'s, not the page\'s (pydantic)', () => {
    // https://mkdocstrings.github.io/autorefs/ and https://mkdocstrings.github.io/usage/
    const files = {
      '/r/docs/api/config.md': '::: pydantic.config\n',
      '/r/docs/concepts/models.md': '# Models\n\n## Fields\n\nSee [ConfigDict][pydantic.config.ConfigDict], [dict][], [c](../api/config.md#pydantic.config.ConfigDict) and [f](#gone).\n',
    };
    const withPlugin = tree({ '/r/mkdocs.yml': 'site_name: x\nplugins:\n  - search\n  - mkdocstrings:\n      handlers:\n        python: {}\n', ...files });
    expect(lint(withPlugin, '/r/docs/concepts/models.md')).toEqual([['gone', 'anchorMissing']]);
    // Without the plugin the labels are undefined and the fragment is missing.
    const without = tree({ '/r/mkdocs.yml': 'site_name: x\nplugins:\n  - search\n', ...files });
    expect(lint(without, '/r/docs/concepts/models.md').map(([text]) => text)).toEqual(['dict', 'pydantic.config.ConfigDict', 'gone']);
  });

  it("MkDocs with mkdocs-autorefs: [](){#id} is an anchor; a paragraph a macro writes makes the page's ids unknown (pydantic)", () => {
    // https://mkdocstrings.github.io/autorefs/#markdown-anchors; {{ pydantic_settings }} is filled by the site's hook.
    const index = tree({
      '/r/mkdocs.yml': 'site_name: x\nplugins:\n  - autorefs\nmarkdown_extensions:\n  - attr_list\n',
      '/r/docs/types.md': '# Types\n\n[](){#typeddict}\n## TypedDict\n\nSee the [note](#pattern-constraint-note) and [gone](#gone).\n\n[](){#pattern-constraint-note}\nA note.\n',
      '/r/docs/settings.md': '# Settings\n\n{{ pydantic_settings }}\n',
      '/r/docs/why.md': '[t](types.md#typeddict) [s](settings.md#customise-settings-sources) [g](types.md#missing)\n',
    });
    expect(lint(index, '/r/docs/types.md')).toEqual([['gone', 'anchorMissing']]);
    expect(lint(index, '/r/docs/why.md')).toEqual([['missing', 'anchorMissing']]);
  });

  it("Docusaurus: a preset named by require.resolve(…) is read like its name (facebook/metro's docs in ../docs)", () => {
    // https://nodejs.org/api/modules.html#requireresolverequest-options; https://docusaurus.io/docs/using-plugins#using-presets
    const index = tree({
      '/r/website/docusaurus.config.js': `module.exports = {
        presets: [[require.resolve('docusaurus-plugin-internaldocs-fb/docusaurus-preset'), { docs: { path: '../docs', sidebarPath: require.resolve('./sidebars.json') } }]],
      };`,
      '/r/website/sidebars.json': '{}',
      '/r/docs/Configuration.md': '---\nid: configuration\n---\n# Configuring Metro\n',
      '/r/docs/Resolution.md': '# Resolution\n\n[c](/docs/configuration) [d](./configuration) [gone](/docs/missing)\n',
    });
    expect(lint(index, '/r/docs/Resolution.md')).toEqual([['/docs/missing', 'fileMissing']]);
    expect(readJsConfig(`module.exports = { a: require.resolve('./sidebars.json'), b: require.resolve(name) };`, 'docusaurus.config.js')).toEqual({ a: './sidebars.json', b: new Unknown('require.resolve(name)') });
  });

  it("Astro: the configuration's redirects, from an imported module too, are routes (biomejs/website)", () => {
    // https://docs.astro.build/en/reference/configuration-reference/#redirects
    const index = tree({
      '/r/astro.config.mjs': `import { defineConfig } from 'astro/config';
        import generated from './redirects.js';
        export default defineConfig({
          redirects: { ...generated, '/old-page': '/new-page', '/blog/[...slug]': '/articles/[...slug]', '/about': { status: 302, destination: '/new-about' } },
        });`,
      '/r/redirects.js': "// generated\nexport default { '/linter/rules/noVar': '/linter/rules/no-var' };\n",
      '/r/src/content/docs/new-page.md': '# New\n',
      '/r/src/content/docs/linter/rules/no-var.md': '# noVar\n',
      '/r/src/content/docs/index.md': '[a](/old-page) [b](/blog/2024/hello) [c](/about) [d](/linter/rules/noVar) [gone](/linter/rules/gone)\n',
    });
    expect(lint(index, '/r/src/content/docs/index.md')).toEqual([['/linter/rules/gone', 'fileMissing']]);
    // A module the tree does not hold may redirect any route: nothing missing is reported.
    const unread = tree({
      '/r/astro.config.mjs': "import generated from './redirects.js';\nexport default { redirects: { ...generated } };\n",
      '/r/src/content/docs/linter/rules/no-var.md': '# noVar\n',
      '/r/src/content/docs/index.md': '[d](/linter/rules/noVar) [gone](/linter/rules/gone)\n',
    });
    expect(lint(unread, '/r/src/content/docs/index.md')).toEqual([]);
  });

  it("a folder's generator is recognised once, whichever folder below it asks (biomejs/website's long configuration)", () => {
    const index = tree({
      '/r/astro.config.mjs': "export default { redirects: { '/a': '/b' } };\n",
      '/r/src/content/docs/guides/a.md': '# A\n',
      '/r/src/content/docs/ja/guides/a.md': '# A\n',
    });
    const site = index.site('/r/src/content/docs/guides');
    expect(site.generator).toBe('astro');
    expect(index.site('/r/src/content/docs/ja/guides')).toBe(site);
    expect(index.site('/r/src/content/docs')).toBe(site);
  });

  it('Starlight: the pages starlight-changelogs writes under its base are not known (biomejs/website)', () => {
    // https://starlight-changelogs.netlify.app/docs/getting-started/
    const files = {
      '/r/astro.config.mjs': `import starlight from '@astrojs/starlight';
        import starlightChangelogs from 'starlight-changelogs';
        export default { integrations: [starlight({ title: 'Docs', locales: { root: { label: 'English', lang: 'en' }, ja: { label: '日本語' } }, plugins: [starlightChangelogs()] })] };`,
      '/r/src/content/docs/internals/credits.md': '# Credits\n',
      '/r/src/content/docs/ja/internals/credits.md': '# Credits\n',
      '/r/src/content/docs/index.md': '[a](/internals/changelog/) [b](/internals/changelog/version/1-0-0/) [c](/ja/internals/changelog) [gone](/internals/gone)\n',
    };
    const index = tree({
      ...files,
      '/r/src/content.config.ts': `import { defineCollection } from 'astro:content';
        import { docsLoader } from '@astrojs/starlight/loaders';
        import { docsSchema } from '@astrojs/starlight/schema';
        import { changelogsLoader } from 'starlight-changelogs/loader';
        export const collections = {
          docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
          changelogs: defineCollection({
            loader: changelogsLoader([{ provider: 'changeset', base: 'internals/changelog', changelog: '../packages/my-package/CHANGELOG.md' }]),
          }),
        };`,
    });
    expect(lint(index, '/r/src/content/docs/index.md')).toEqual([['/internals/gone', 'fileMissing']]);
    const without = tree(files);
    expect(lint(without, '/r/src/content/docs/index.md').map(([text]) => text)).toEqual(['/internals/changelog/', '/internals/changelog/version/1-0-0/', '/ja/internals/changelog', '/internals/gone']);
  });

  it('an unknown configuration value silences exactly the links it governs', () => {
    const index = tree({
      '/r/docusaurus.config.js': `const base = process.env.BLOG;
        module.exports = { presets: [['classic', { docs: { path: 'docs' }, blog: { routeBasePath: 'news', path: base } }]] };`,
      '/r/docs/a.md': '# A\n',
      '/r/src/pages/index.md': '[a](/docs/a) [b](/docs/b) [post](/news/2020/01/01/x) [page](/pricing)\n',
    });
    // The blog's folder is set by code: its routes (/news/…) are not reported; the docs' and pages' still are.
    expect(lint(index, '/r/src/pages/index.md')).toEqual([
      ['/docs/b', 'fileMissing'],
      ['/pricing', 'fileMissing'],
    ]);
    expect([...index.notes].some((note) => note.includes('process.env.BLOG'))).toBe(true);
  });

  it('Jekyll: a collection\'s text file with front matter is a page at its permalink (choosealicense)', () => {
    // https://jekyllrb.com/docs/front-matter/: any file with front matter is processed; the collection's permalink routes it.
    const index = tree({
      '/r/_config.yml': 'collections:\n  licenses:\n    output: true\n    permalink: /licenses/:path/\n',
      '/r/_licenses/mit.txt': '---\ntitle: MIT License\n---\nPermission is hereby granted\n',
      '/r/_licenses/plain.txt': 'no front matter: copied as it is, not rendered\n',
      '/r/index.html': '<a href="licenses/mit/">MIT</a> <a href="licenses/plain/">plain</a> <a href="licenses/gone/">gone</a>\n',
    });
    expect(lint(index, '/r/index.html')).toEqual([
      ['licenses/plain/', 'fileMissing'],
      ['licenses/gone/', 'fileMissing'],
    ]);
  });

  it('Jekyll: an include that writes its parameter as an id gives the page that id (choosealicense)', () => {
    // https://jekyllrb.com/docs/includes/#passing-parameters-to-includes
    const index = tree({
      '/r/_config.yml': 'title: licenses\n',
      '/r/_includes/license-overview.html': '<div class="license" id="{{ include.license-id }}">{{ include.license-id }}</div>\n',
      '/r/licenses.html': '---\n---\n{% include license-overview.html license-id="unlicense" %}\n{% include license-overview.html license-id="mit" %}\n',
      '/r/no-permission.md': '[u](licenses.html#unlicense) [m](licenses.html#mit) [g](licenses.html#gpl)\n',
    });
    expect(lint(index, '/r/no-permission.md')).toEqual([['gpl', 'anchorMissing']]);
    // Through Jekyll's slugify filter (https://jekyllrb.com/docs/liquid/filters/), as choosealicense.com writes it: `agpl-3.0` is `agpl-3-0`.
    const slugified = tree({
      '/r/_config.yml': 'title: licenses\n',
      '/r/_includes/license-overview.html': '<div class="license-overview clearfix" id="{{ include.license-id | slugify }}"></div>\n',
      '/r/licenses.html': '---\n---\n{% include license-overview.html license-id="agpl-3.0" %}\n{% include license-overview.html license-id="Unlicense" %}\n',
      '/r/no-permission.md': '[a](licenses.html#agpl-3-0) [u](licenses.html#unlicense) [raw](licenses.html#agpl-3.0)\n',
    });
    expect(lint(slugified, '/r/no-permission.md')).toEqual([['agpl-3.0', 'anchorMissing']]);
  });

  it('Jekyll: a Markdown page that includes such an include has the ids its parameters write (government.github.com)', () => {
    // community.md: `{% include org-table.html orgs=site.data.civic_hackers id="civic_hackers" … %}`, the include writing `id="{{ include.id }}"`.
    const index = tree({
      '/r/_config.yml': 'title: government\n',
      '/r/_includes/org-table.html': '<div class="org-include" id="include-{{ include.id }}">\n  <h2 id="{{ include.id }}">{{ include.name }}</h2>\n</div>\n',
      '/r/community.md': [
        '---',
        'permalink: /community/',
        '---',
        'Jump to the <a href="#civic_hackers">civic hackers</a> or <a href="#research">research</a> lists, or [nowhere](#nowhere).',
        '',
        '{% include org-table.html orgs=site.data.civic_hackers id="civic_hackers" name="Civic Hackers" %}',
        '',
        '{% include org-table.html orgs=site.data.research id="research" name="Government-funded Research" %}',
        '',
      ].join('\n'),
    });
    expect(lint(index, '/r/community.md')).toEqual([['nowhere', 'anchorMissing']]);
  });

  it("Hugo: a layout assembled from blocks and partials holds the ids its parts write (hugo-geekdoc's baseof.html and 404.html)", () => {
    // https://gohugo.io/templates/base/: baseof.html's {{ block "main" . }} is filled by the layout that {{ define "main" }}s it.
    const index = tree({
      '/r/hugo.toml': 'title = "x"\n',
      '/r/layouts/_default/baseof.html': '<html><body><a href="#main-content">Skip</a>{{ block "main" . }}{{ end }}</body></html>\n',
      '/r/layouts/_default/single.html': '{{ define "main" }}<article id="main-content">{{ .Content }}</article>{{ end }}\n',
      '/r/layouts/404.html': '<html><body>{{ partial "svg-icon-symbols" . }}<svg><use xlink:href="#gdoc_cloud_off"></use></svg></body></html>\n',
    });
    expect(lint(index, '/r/layouts/_default/baseof.html')).toEqual([]);
    expect(lint(index, '/r/layouts/404.html')).toEqual([]);
  });

  it("Caddy's templates: Markdown rendered by goldmark has goldmark's heading ids (caddyserver/website)", () => {
    // goldmark's automatic ids, from the heading's source: the ids caddyserver.com's pages have.
    const index = tree({
      '/r/Caddyfile': 'localhost\n\nroot src\n\nfile_server\ntemplates {\n\textensions {\n\t}\n}\n',
      '/r/src/docs/markdown/api.md': [
        '# API',
        '### GET /pki/ca/&lt;id&gt;',
        '### `client_ip`',
        '## Ünïcode and émoji 😀',
        '## Twice',
        '## Twice',
        '',
        '[a](#get-pkicaltidgt) [b](#client-ip) [c](#ncode-and-moji-) [d](#twice-1) [e](#client_ip)',
        '',
      ].join('\n'),
    });
    expect(lint(index, '/r/src/docs/markdown/api.md')).toEqual([['client_ip', 'anchorMissing']]);
    // Without the directive the same page is read as GitHub renders it.
    const github = tree({ '/r/Caddyfile': 'localhost\nfile_server\n', '/r/api.md': '### `client_ip`\n\n[b](#client-ip) [e](#client_ip)\n' });
    expect(lint(github, '/r/api.md')).toEqual([['client-ip', 'anchorMissing']]);
  });

  it('VitePress: srcDir from the configuration (not a nested srcDir of a plugin), rewrites, @theme', () => {
    const index = tree({
      '/r/site/.vitepress/config.ts': `export default defineConfig({ srcDir: 'pages', rewrites: { 'guide/old.md': 'new.md' }, pwa: { srcDir: '.vitepress/' } })`,
      '/r/site/.vitepress/theme/custom.css': '',
      '/r/site/pages/guide/old.md': '# Old\n',
      '/r/site/pages/index.md': '[n](/new) [g](/guide/old) [x](/guide/none)\n\n<style src="@theme/custom.css"></style>\n',
    });
    expect(lint(index, '/r/site/pages/index.md')).toEqual([['/guide/none', 'fileMissing']]);
  });

  it('a link into what .gitignore leaves out is the build\'s, not reported: TypeDoc pages, dist/ (wxt)', () => {
    // git's rules (https://git-scm.com/docs/gitignore): patterns relative to their file's folder, a
    // deeper file's match or `!` winning, a left-out folder leaving out all below it.
    const index = tree({
      '/r/.gitignore': 'docs/api/reference\ndist\n',
      '/r/docs/.vitepress/config.mts': "import typedocSidebar from '../api/reference/typedoc-sidebar.json';\nexport default {}",
      '/r/docs/api/index.md': '# API\n',
      '/r/docs/guide/.gitignore': 'generated/*\n!generated/kept.md\n',
      '/r/docs/guide/intro.md': [
        '[ref](/api/reference/wxt/functions/defineConfig) [api](/api/) [gone](/api/gone)',
        '[built](../../dist/index.html) [gen](./generated/cli.md) [kept](./generated/kept.md) [missing](./missing.md)',
        '',
      ].join('\n'),
    });
    expect(lint(index, '/r/docs/guide/intro.md')).toEqual([
      ['/api/gone', 'fileMissing'],
      ['./generated/kept.md', 'fileMissing'],
      ['./missing.md', 'fileMissing'],
    ]);
    expect([...index.notes].filter((note) => note.includes('.gitignore'))).toEqual([
      'cannot resolve links such as "/api/reference/wxt/functions/defineConfig" in /r/docs/guide/intro.md: their target is in what /r/.gitignore leaves out of the repository, which a build writes',
      'cannot resolve links such as "./generated/cli.md" in /r/docs/guide/intro.md: their target is in what /r/docs/guide/.gitignore leaves out of the repository, which a build writes',
    ]);
  });

  it('VitePress: headings of included files, fragments matched without regard to case', () => {
    const index = tree({
      '/r/docs/.vitepress/config.mts': 'export default {}',
      '/r/docs/guide/cli.md': '# CLI\n\n<!--@include: ./cli-generated.md-->\n',
      '/r/docs/guide/cli-generated.md': '### --watch\n',
      '/r/docs/api/vi.md': '## vi.defineHelper\n## mockClear\n',
      '/r/docs/index.md': '[w](/guide/cli#watch) [h](/api/vi#vi-defineHelper) [m](/api/vi#mockClear) [x](/api/vi#nothing)\n',
    });
    expect(lint(index, '/r/docs/index.md')).toEqual([['nothing', 'anchorMissing']]);
  });

  it('MkDocs: a relative link is followed from the page\'s directory URL', () => {
    const index = tree({
      '/r/mkdocs.yml': 'site_name: x\n',
      '/r/docs/advanced/transports.md': '## ASGI Transport\n',
      '/r/docs/async.md': '[a](../advanced/transports#asgitransport) [b](../advanced/transports/#asgi-transport)\n',
    });
    expect(lint(index, '/r/docs/async.md')).toEqual([['asgitransport', 'anchorMissing']]);
  });

  it("Jekyll: every page's own permalink is a target, with redirect_from, collections and baseurl", () => {
    const index = tree({
      '/r/_config.yml': 'baseurl: /site\ncollections:\n  recipes:\n    output: true\n    permalink: /cook/:name/\n',
      '/r/docs/frontmatter.md': '---\npermalink: /docs/front-matter/\nredirect_from: /docs/fm/\n---\n# Front Matter\n',
      '/r/_recipes/soup.md': '---\ntitle: Soup\n---\n',
      '/r/_posts/2020-02-03-hello.md': '---\n---\n# Hello\n',
      '/r/index.md': '[a](/docs/front-matter/) [b](/docs/fm/) [c](/site/docs/front-matter/) [d](/cook/soup/) [e](/2020/02/03/hello.html) [f](/docs/missing/)\n',
    });
    expect(lint(index, '/r/index.md')).toEqual([['/docs/missing/', 'fileMissing']]);
  });

  it("Hugo: with an image render hook, a destination not beside the page is a global resource in assets/ (DefectDojo's docs)", () => {
    const files = {
      '/r/docs/config/_default/hugo.toml': 'title = "DefectDojo Documentation"\n',
      '/r/docs/content/_index.md': '# Docs\n',
      '/r/docs/assets/images/Create_a_User_Group_for_shared_permissions_7.png': '',
      '/r/docs/content/admin/user_management/create_user_group.md': '---\ntitle: "Share permissions: User Groups"\n---\n\n![image](images/Create_a_User_Group_for_shared_permissions_7.png)\n\n![image](images/missing.png)\n',
    };
    const page = '/r/docs/content/admin/user_management/create_user_group.md';
    expect(lint(tree({ ...files, '/r/docs/layouts/_markup/render-image.html': '{{- $u := urls.Parse .Destination -}}\n' }), page)).toEqual([['images/missing.png', 'fileMissing']]);
    // Without a render hook Hugo writes the destination as it is: the browser reads it from the page's URL.
    expect(lint(tree(files), page).map(([text]) => text)).toEqual(['images/Create_a_User_Group_for_shared_permissions_7.png', 'images/missing.png']);
  });

  it("Hugo: a page's path is in lower case unless disablePathToLower is set (DefectDojo's docs)", () => {
    const files = {
      '/r/docs/config/_default/hugo.toml': 'title = "DefectDojo Documentation"\n',
      '/r/docs/content/admin/user_management/OS__authorized_users.md': '---\ntitle: "Authorized Users (OS)"\n---\n',
      '/r/docs/content/admin/sso/PRO__saml.md': '---\ntitle: "SAML Configuration"\n---\n\nOpen-source DefectDojo does not include SSO — see [Authorized Users](/admin/user_management/os__authorized_users/) for open-source access control.\n',
    };
    expect(lint(tree(files), '/r/docs/content/admin/sso/PRO__saml.md')).toEqual([]);
    const kept = { ...files, '/r/docs/config/_default/hugo.toml': 'title = "DefectDojo Documentation"\ndisablePathToLower = true\n' };
    expect(lint(tree(kept), '/r/docs/content/admin/sso/PRO__saml.md')).toEqual([['/admin/user_management/os__authorized_users/', 'caseMismatchFile']]);
  });

  it("Hugo: with its theme's link render hook, a relative destination is a page from the content root, its file named by language (hugo-theme-relearn's exampleSite)", () => {
    const files = {
      '/r/website/themes/hugo-theme-relearn/layouts/_default/_markup/render-link.html': '{{- partial "shortcodes/link.html" (dict "page" .Page "url" .Destination) }}\n',
      '/r/website/themes/hugo-theme-relearn/exampleSite/config/_default/hugo.toml': 'themesdir = "../.."\ntheme = "hugo-theme-relearn"\ndefaultContentLanguage = "en"\n[languages]\n  [languages.en]\n    title = "Hugo Relearn Theme"\n  [languages.pir]\n    title = "Cap\'n Hugo Relearrrn Theme"\n',
      '/r/website/themes/hugo-theme-relearn/exampleSite/content/_index.en.md': '# Relearn\n',
      '/r/website/themes/hugo-theme-relearn/exampleSite/content/shortcodes/badge.en.md': '+++\ntitle = "Badge"\n+++\n',
      '/r/website/themes/hugo-theme-relearn/exampleSite/content/shortcodes/badge.pir.md': '+++\ntitle = "Badge"\n+++\n',
      '/r/website/themes/hugo-theme-relearn/exampleSite/content/basics/migration/_index.en.md': '+++\ntitle = "What\'s New"\n+++\n- {{% badge style="info" icon="plus-circle" title=" " %}}New{{% /badge %}} The new [`badge` shortcode](shortcodes/badge) is now available, and [`nothing`](shortcodes/nothing).\n',
    };
    expect(lint(tree(files), '/r/website/themes/hugo-theme-relearn/exampleSite/content/basics/migration/_index.en.md')).toEqual([['shortcodes/nothing', 'fileMissing']]);
  });

  it("Hugo: translation by content directory, each language's contentDir its pages, the default language at the root (gohugo.io's example)", () => {
    // https://gohugo.io/content-management/multilingual/#translation-by-content-directory
    const files = {
      '/r/hugo.toml': "[languages]\n  [languages.en]\n    contentDir = 'content/english'\n    languageName = 'English'\n    weight = 10\n  [languages.fr]\n    contentDir = 'content/french'\n    languageName = 'Français'\n    weight = 20\n",
      '/r/content/english/about.md': '---\ntitle: About\n---\n',
      '/r/content/french/about.md': '---\ntitle: À propos\n---\n',
      '/r/content/english/contact.md': '[About](/about/) [À propos](/fr/about/) [no](/fr/contact/)\n',
    };
    const index = tree(files);
    expect(lint(index, '/r/content/english/contact.md')).toEqual([['/fr/contact/', 'fileMissing']]);
    const routes = index.routeIndex(index.site('/r/content/english')).routes;
    expect([routes.get('/r/content/english/about.md'), routes.get('/r/content/french/about.md')]).toEqual(['/about/', '/fr/about/']);
  });

  it('Hugo: the default language at the root, or under its code with defaultContentLanguageInSubdir (gohugo.io\'s examples)', () => {
    // https://gohugo.io/configuration/languages/: `defaultContentLanguage: de` with a contentDir per language;
    // https://gohugo.io/methods/site/languageprefix/: with `defaultContentLanguageInSubdir: false` the German prefix is "", the English "/en".
    const config = (inSubdir: boolean): string => `defaultContentLanguage: de\ndefaultContentLanguageInSubdir: ${inSubdir}\nlanguages:\n  de:\n    contentDir: content/de\n    disabled: false\n    languageCode: de-DE\n    languageDirection: ltr\n    languageName: Deutsch\n    title: Projekt Dokumentation\n    weight: 1\n  en:\n    contentDir: content/en\n    disabled: false\n    languageCode: en-US\n    languageDirection: ltr\n    languageName: English\n    title: Project Documentation\n    weight: 2\n`;
    const routesOf = (inSubdir: boolean): (string | undefined)[] => {
      const index = tree({ '/r/hugo.yaml': config(inSubdir), '/r/content/de/tutorials.md': '---\ntitle: Tutorials\n---\n', '/r/content/en/tutorials.md': '---\ntitle: Tutorials\n---\n' });
      const routes = index.routeIndex(index.site('/r/content/de')).routes;
      return [routes.get('/r/content/de/tutorials.md'), routes.get('/r/content/en/tutorials.md')];
    };
    expect(routesOf(true)).toEqual(['/de/tutorials/', '/en/tutorials/']);
    expect(routesOf(false)).toEqual(['/tutorials/', '/en/tutorials/']);
    // A file without a language code is the default language's, under its code with defaultContentLanguageInSubdir
    // (https://gohugo.io/content-management/multilingual/#translation-by-file-name: `about.en.md`, `about.fr.md`).
    const byName = tree({
      '/r/hugo.toml': "defaultContentLanguageInSubdir = true\n[languages]\n  [languages.en]\n    weight = 10\n  [languages.fr]\n    weight = 20\n",
      '/r/content/about.md': '---\ntitle: About\n---\n## Team\n',
      '/r/content/about.fr.md': '---\ntitle: À propos\n---\n',
      '/r/content/contact.md': '[About](/en/about/#team) [About](/en/about/#nope) [À propos](/fr/about/)\n',
    });
    expect(lint(byName, '/r/content/contact.md')).toEqual([['nope', 'anchorMissing']]);
  });

  it("Hugo: one language's contentDir inside the site's (envoyproxy/gateway)", () => {
    const files = {
      '/r/site/hugo.toml': '# Language settings\ncontentDir = "content"\ndefaultContentLanguage = "en"\ndefaultContentLanguageInSubdir = false\n\n[languages]\n  [languages.en]\n    contentDir = "content/en"\n    languageName ="English"\n    # Weight used for sorting.\n    weight = 1\n',
      '/r/site/content/en/community/DEVELOP.md': '---\ntitle: "Developer Guide"\n---\n',
      '/r/site/content/en/latest/tasks/traffic/udp-routing.md': '---\ntitle: "UDP Routing"\n---\n\nCheckout the [Developer Guide](/community/develop) to get involved in the project.\n',
    };
    expect(lint(tree(files), '/r/site/content/en/latest/tasks/traffic/udp-routing.md')).toEqual([]);
  });

  it("Hugo: an image render hook alone resolves no link as a page from the content root (envoyproxy/gateway)", () => {
    // Only `layouts/_default/_markup/render-image.html`: `community/` in `/v0.2/` is `/v0.2/community/`, not the page `community/_index.md`.
    const files = {
      '/r/site/hugo.toml': 'contentDir = "content"\ndefaultContentLanguage = "en"\n\n[languages]\n  [languages.en]\n    contentDir = "content/en"\n',
      '/r/site/layouts/_default/_markup/render-image.html': '{{ $baseURL := site.BaseURL }}\n{{ $safeURL := .Destination | safeURL }}\n<img src="{{ $safeURL }}" alt="{{ .Text }}">\n',
      '/r/site/content/en/community/_index.md': '---\ntitle: "Get Involved"\n---\n',
      '/r/site/content/en/v0.2/_index.md': '---\ntitle: "v0.2"\n---\n\nThis project is under **active** development. Many features are not complete. We would love for you to [Get Involved](community/)!\n',
    };
    expect(lint(tree(files), '/r/site/content/en/v0.2/_index.md')).toEqual([['community/', 'fileMissing']]);
    const withLinkHook = { ...files, '/r/site/layouts/_default/_markup/render-link.html': '<a href="{{ .Destination | safeURL }}">{{ .Text }}</a>\n' };
    expect(lint(tree(withLinkHook), '/r/site/content/en/v0.2/_index.md')).toEqual([]);
  });

  it("Eleventy: a page that includes a template writing ids from an expression has ids the tree does not say (madrilene/eleventy-excellent)", () => {
    const files = {
      '/r/eleventy.config.js': "export default async function (eleventyConfig) {\n  return {\n    markdownTemplateEngine: 'njk',\n\n    dir: {\n      output: 'dist',\n      input: 'src',\n      includes: '_includes',\n      layouts: '_layouts'\n    }\n  };\n}\n",
      '/r/src/_includes/partials/details.njk': '<div class="details flow">\n  {%- for item in itemList | alphabetic -%}\n    <details id="{{ item.data.title | slugify }}">\n      <summary>{{ item.data.title }}</summary>\n      {{- item.templateContent | safe -}}\n    </details>\n  {%- endfor -%}\n</div>\n',
      '/r/src/pages/get-started.md': "---\ntitle: Get started\npermalink: /get-started/index.html\nlayout: page\n---\n\n## \"Docs\" lol\n\n<!-- loop docs -->\n{% set itemList = collections.docs %}\n{% set headingLevel = \"h2\" %}\n{% include 'partials/details.njk' %}\n",
      '/r/src/pages/about.md': '---\ntitle: About\npermalink: /about/index.html\n---\n\n## Me\n',
      '/r/src/posts/2023/2023-01-25-opengraph-images.md': '---\ntitle: Open Graph images\n---\n\nA more detailed explanation can be found in the [docs](/get-started/#open-graph-images), and [here](/about/#you).\n',
    };
    expect(lint(tree(files), '/r/src/posts/2023/2023-01-25-opengraph-images.md')).toEqual([['you', 'anchorMissing']]);
  });

  it("Rails: the asset pipeline's prefix holds compiled assets, not files of the tree (thoughtbot/upcase)", () => {
    const files = {
      '/r/config/application.rb': 'module Upcase\n  class Application < Rails::Application\n    config.assets.prefix = "/upcase/assets"\n  end\nend\n',
      '/r/config/routes.rb': 'Rails.application.routes.draw do\n  get "/", to: redirect("/upcase")\nend\n',
      '/r/app/assets/stylesheets/application.scss': 'body { margin: 0; }\n',
      '/r/public/upcase/robots.txt': '',
      '/r/public/upcase/404.html': '<!DOCTYPE html>\n<html>\n<head>\n    <link href="/upcase/assets/application.css" media="screen" rel="stylesheet" type="text/css" />\n</head>\n<body>\n<a href="/upcase/robots.txt">robots</a> <a href="/upcase/gone.txt">gone</a>\n</body>\n</html>\n',
    };
    expect(lint(tree(files), '/r/public/upcase/404.html')).toEqual([['/upcase/gone.txt', 'fileMissing']]);
  });

  it('Jekyll: a `_posts` folder below the source root holds posts, the folders above it their categories (ruby/www.ruby-lang.org)', () => {
    const index = tree({
      '/r/_config.yml': 'permalink: pretty\n',
      '/r/de/news/_posts/2018-03-28-buffer-under-read-unpack-cve-2018-8778.md': '---\nlayout: news_post\ntitle: "CVE-2018-8778: Pufferunterlauf in String#unpack"\nlang: de\n---\n\n## Details\n',
      '/r/de/news/_posts/2018-03-28-ruby-2-4-4-released.md': [
        '---',
        'layout: news_post',
        'lang: de',
        '---',
        '',
        '* [CVE-2018-8778: Pufferunterlauf in String#unpack](/de/news/2018/03/28/buffer-under-read-unpack-cve-2018-8778/)',
        '* [Details](../../../../2018/03/28/buffer-under-read-unpack-cve-2018-8778/#details)',
        '* [missing](/de/news/2018/03/28/no-such-post/)',
        '',
      ].join('\n'),
    });
    expect(lint(index, '/r/de/news/_posts/2018-03-28-ruby-2-4-4-released.md')).toEqual([['/de/news/2018/03/28/no-such-post/', 'fileMissing']]);
  });

  it('Jekyll: a relative link in a page its collection moves is followed from the page\'s URL (opensource.guide)', () => {
    // `_articles/ar/x.md` at `permalink: /:path/` is `/ar/x/`: the browser reads `../y/` from there, as `/ar/y/`
    // (https://jekyllrb.com/docs/permalinks/#collections), not from the source folder, where it is the English `_articles/y.md`.
    const index = tree({
      '/r/_config.yml': 'collections:\n  articles:\n    output: true\n    permalink: "/:path/"\n',
      '/r/_articles/starting-a-project.md': '---\ntitle: Start\n---\n## Writing a README\n',
      '/r/_articles/ar/starting-a-project.md': '---\nlang: ar\n---\n## كتابة ملف README\n',
      '/r/_articles/ar/building-community.md': '---\nlang: ar\n---\n[a](../starting-a-project/#كتابة-ملف-readme) [b](../starting-a-project/#writing-a-readme) [c](../missing/)\n',
    });
    expect(lint(index, '/r/_articles/ar/building-community.md')).toEqual([['writing-a-readme', 'anchorMissing'], ['../missing/', 'fileMissing']]);
  });
});

describe('the all-contributors table', () => {
  it("leaves its contribution keys alone (#ideas-login: no id by design) and checks the rest of the README (rubyforgood/human-essentials)", () => {
    const readme = [
      '# Human Essentials',
      '',
      '<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->',
      '<table>',
      '      <td align="center" valign="top" width="14.28%"><a href="https://github.com/edwinthinks"><img src="https://avatars.githubusercontent.com/u/11335191?v=4?s=100" width="100px;" alt="Edwin Mak"/><br /><sub><b>Edwin Mak</b></sub></a><br /><a href="https://github.com/rubyforgood/human-essentials/commits?author=edwinthinks" title="Code">💻</a> <a href="#projectManagement-edwinthinks" title="Project Management">📆</a> <a href="#infra-edwinthinks" title="Infrastructure (Hosting, Build-Tools, etc)">🚇</a></td>',
      '</table>',
      '<!-- ALL-CONTRIBUTORS-LIST:END -->',
      '',
      'See [the missing part](#missing-part) and <a href="#infra-someone">x</a>.',
      '',
    ].join('\n');
    const index = tree({ '/r/README.md': readme });
    expect(lint(index, '/r/README.md').map(([text]) => text)).toEqual(['missing-part', 'infra-someone']);
  });
});

describe('reference labels and messages', () => {
  it('changelog scopes in brackets are no reference links; a numbered label is', () => {
    const index = tree({ '/r/CHANGELOG.md': '- **eslint-plugin:** [no-unsafe-call][no-unsafe-member-access] fix\n- see [the guide][1]\n' });
    expect(lint(index, '/r/CHANGELOG.md')).toEqual([['1', 'undefinedReference']]);
  });

  it('citation markers, an issue key before an area tag and platform tags are no reference links; a sentence\'s link is (beautifulhugo, DataDog/helm-charts, bolt, CKEditor)', () => {
    const index = tree({
      '/r/CHANGELOG.md': [
        // Wikipedia's citation markers, copied as text into an example post.
        'It is played by 250 million players, making it the world\'s most popular sport.[3][4][5][6] The game is played on a field.',
        // Jira's issue keys (KEY-123) before the area they touch.',
        '* [PROF-15441][Host Profiler] add SELinuxOptions.type defaults ([#2808](https://github.com/DataDog/helm-charts/pull/2808)).',
        '* [CXP-2640][helm] Remove envvar override',
        // Platform tags after an entry's link (CKEditor's CHANGES.md, vendored in LinkStackOrg/LinkStack).
        '* [#11306](https://dev.ckeditor.com/ticket/11306): [OSX][Blink/WebKit] Fixed: No widget entries in the context menu on widget right-click.',
        // A path label is still a link's.
        'Read [the guide][docs/guide].',
        // Meant as links: the document defines neither label.
        'If you wish to participate, read the [instructions here][translations]. See [the guide][1].',
        '',
      ].join('\n'),
    });
    expect(lint(index, '/r/CHANGELOG.md')).toEqual([
      ['docs/guide', 'undefinedReference'],
      ['translations', 'undefinedReference'],
      ['1', 'undefinedReference'],
    ]);
  });

  it("a full reference whose text is its label is meant as a link, in a document that defines none (hextra's deploy-site.md)", () => {
    const index = tree({ '/r/docs/deploy-site.md': '3. If you are not using [hextra-starter-template][hextra-starter-template], configure it.\n- **scope:** [no-unsafe-call][no-unsafe-member-access] fix\n' });
    expect(lint(index, '/r/docs/deploy-site.md')).toEqual([['hextra-starter-template', 'undefinedReference']]);
  });

  it('tags in brackets, each one word, in a document that defines no reference, are no reference links (elastic/helm-charts CHANGELOG.md, issue 29)', () => {
    // elastic/helm-charts' CHANGELOG.md at 2fd64d0 (the table's padding narrowed): pull-request titles that start with version and chart tags.
    const changelog = [
      '| PR | Author | Title |',
      '| --- | --- | --- |',
      '| [#1175](https://github.com/elastic/helm-charts/pull/1175) | [@nittyy](https://github.com/nittyy) | [7.x][logstash] Add option loadBalancerIP to service (#1099) |',
      '| [#1053](https://github.com/elastic/helm-charts/pull/1053) | [@jmlrt](https://github.com/jmlrt) | [elasticsearch][kibana] remove oss examples (#1046) |',
      '| [#1011](https://github.com/elastic/helm-charts/pull/1011) | [@kwsorensen](https://github.com/kwsorensen) | [filebeat][metricbeat] Update documentation on port collisions for multiple beats agents with hostNetworking enabled. (#997) |',
      '',
    ].join('\n');
    // A collapsed reference and a numbered label are meant as links in any document; a sentence's words in brackets too.
    const readme = 'Deploy [Elasticsearch Helm chart][]: `helm install elasticsearch elastic/elasticsearch`; see [the guide][1] and [the chart][elasticsearch].\n';
    // Where the document defines references, one-word brackets are reference links again.
    const defined = '[elasticsearch][kibana] and [Kubernetes Secret][]\n\n[goss integration tests]: https://github.com/elastic/helm-charts/tree/main/apm-server/examples/upgrade/test/goss.yaml\n';
    const index = tree({ '/r/CHANGELOG.md': changelog, '/r/README.md': readme, '/r/docs/upgrade.md': defined });
    expect(lint(index, '/r/CHANGELOG.md')).toEqual([]);
    expect(lint(index, '/r/README.md')).toEqual([
      ['Elasticsearch Helm chart', 'undefinedReference'],
      ['1', 'undefinedReference'],
      ['elasticsearch', 'undefinedReference'],
    ]);
    expect(lint(index, '/r/docs/upgrade.md')).toEqual([
      ['kibana', 'undefinedReference'],
      ['Kubernetes Secret', 'undefinedReference'],
    ]);
  });

  it('a case difference the link does not write names the file, with no fix', () => {
    const index = tree({ '/r/packages/Parser.md': '# Parser\n', '/r/docs/a.md': '[p](../packages/parser)\n' });
    const text = index.fs.readFile('/r/docs/a.md')!;
    const found = discoverDocument(text, 'markdown', { filePath: '/r/docs/a.md' });
    const findings = runRules(found.candidates, { 'no-broken-links': {} }, undefined, { path: '/r/docs/a.md', kind: 'markdown', text, links: index });
    expect(findings.map((f) => [f.message, f.fix])).toEqual([
      ['The page "../packages/parser" names is "../packages/Parser.md", in another case: the link works on macOS and Windows but breaks on Linux, GitHub and GitHub Pages.', undefined],
    ]);
  });
});

describe('Next.js app router and Nextra content (issue 30, second held-out half)', () => {
  it("Next.js: a folder's page.* is its route, route groups are no segment, relative links follow the route", () => {
    // https://nextjs.org/docs/app/building-your-application/routing/route-groups: `app/(marketing)/about/page.js` is `/about`.
    const index = tree({
      '/r/next.config.js': 'module.exports = {};',
      '/r/app/(marketing)/about/page.js': 'export default function About() {}',
      '/r/app/docs/guide/markdown/page.mdx': '# Markdown\n',
      '/r/app/docs/advanced/latex/page.mdx': '[md](../guide/markdown) [gone](../guide/missing) [about](/about) [no](/docs/about-us) [t](/tags/web%20development)\n',
      '/r/app/tags/[tag]/page.jsx': 'export default function Tag() {}',
    });
    expect(pageRoutes({ dir: '/r/app/', base: '/', rule: 'nextjs-app' }, '(marketing)/about/page.js', '')).toEqual(['/about']);
    expect(lint(index, '/r/app/docs/advanced/latex/page.mdx')).toEqual([
      ['../guide/missing', 'fileMissing'],
      ['/docs/about-us', 'fileMissing'],
    ]);
  });

  it("Nextra: content/ served through app/[lang]/[[...mdxPath]], locales from the configuration's i18n.locales", () => {
    // https://nextra.site/docs/guide/i18n: `withNextra({ i18n: { locales: ['en', 'zh', 'de'], defaultLocale: 'en' } })`, and the locale middleware.
    const files = (config: string): Record<string, string> => ({
      '/r/site/next.config.mjs': config,
      '/r/site/app/[lang]/[[...mdxPath]]/page.jsx': 'export default function Page() {}',
      '/r/site/content/en/docs/getting-started.mdx': '# Getting started\n',
      '/r/site/content/en/docs/options.mdx': '[start](/docs/getting-started) [en](/en/docs/getting-started) [gone](/docs/gone) [file](./gone.png)\n',
      '/r/other/index.md': '[x](/docs/gone)\n',
    });
    const known = tree(files("import nextra from 'nextra'\nconst withNextra = nextra({})\nexport default withNextra({ i18n: { locales: ['en', 'zh', 'de'], defaultLocale: 'en' } })\n"));
    expect(lint(known, '/r/site/content/en/docs/options.mdx')).toEqual([
      ['/docs/gone', 'fileMissing'],
      ['./gone.png', 'fileMissing'],
    ]);
    // The `[lang]` segment's values set by code: the site's site-absolute routes are unknown, and only those go unreported.
    const unknown = tree(files("import nextra from 'nextra'\nexport default nextra({})({ i18n: { locales: process.env.LOCALES.split(',') } })\n"));
    expect(lint(unknown, '/r/site/content/en/docs/options.mdx')).toEqual([['./gone.png', 'fileMissing']]);
    expect([...unknown.notes].some((note) => note.includes('[lang]'))).toBe(true);
  });
});

describe('Eleventy data files, computed permalinks and input paths (issue 30, second held-out half)', () => {
  it("a directory data file's permalink with page.fileSlug routes the folder's pages", () => {
    // https://www.11ty.dev/docs/data-template-dir/ (`posts/posts.json`) and https://www.11ty.dev/docs/data-eleventy-supplied/ (fileSlug drops the date).
    const index = tree({
      '/r/eleventy.config.js': 'export default function (eleventyConfig) { return { dir: { input: "src" } }; }',
      '/r/src/blog/blog.json': '{ "permalink": "/blog/{{ page.fileSlug }}/" }',
      '/r/src/blog/2019-12-19-logo-homage.md': '# Logo homage\n',
      '/r/src/docs/quicktips/quicktips.11tydata.json': '{ "permalink": "/docs/quicktips/{{ page.fileSlug }}/" }',
      '/r/src/docs/quicktips/inline-css.md': '# Inline CSS\n',
      '/r/src/index.md': '[post](/blog/logo-homage/) [tip](/docs/quicktips/inline-css/) [no](/docs/quicktips/no-such-tip/)\n',
    });
    expect(lint(index, '/r/src/index.md')).toEqual([['/docs/quicktips/no-such-tip/', 'fileMissing']]);
  });

  it('a permalink made by code silences exactly the routes under its literal prefix', () => {
    // https://www.11ty.dev/docs/permalinks/: `permalink: "subdir/{{ title | slugify }}/index.html"`; https://www.11ty.dev/docs/data-computed/.
    const index = tree({
      '/r/.eleventy.js': 'module.exports = function () { return { dir: { input: "." } }; };',
      '/r/posts/posts.json': '{ "permalink": "/posts/{{ title | slugify }}/" }',
      '/r/posts/a.md': '---\ntitle: My Post\n---\n# A\n',
      '/r/authors/authors.11tydata.js': 'module.exports = { eleventyComputed: { permalink: (data) => `/people/${data.name}/` } };',
      '/r/authors/ann.md': '# Ann\n',
      '/r/docs/intro.md': '# Intro\n',
      '/r/about.md': '[post](/posts/my-post/) [doc](/docs/missing/) [ann](/people/ann/)\n',
    });
    // The computed permalink has no literal prefix: it governs every route of the site, so /docs/missing/ is not reported either…
    expect(lint(index, '/r/about.md')).toEqual([]);
    // …and without that file only the /posts/ permalink is unknown.
    const narrower = tree({
      '/r/.eleventy.js': 'module.exports = function () { return { dir: { input: "." } }; };',
      '/r/posts/posts.json': '{ "permalink": "/posts/{{ title | slugify }}/" }',
      '/r/posts/a.md': '---\ntitle: My Post\n---\n# A\n',
      '/r/docs/intro.md': '# Intro\n',
      '/r/about.md': '[post](/posts/my-post/) [doc](/docs/missing/)\n',
    });
    expect(lint(narrower, '/r/about.md')).toEqual([['/docs/missing/', 'fileMissing']]);
    expect([...narrower.notes].some((note) => note.includes('{{ title | slugify }}'))).toBe(true);
  });

  it('the InputPathToUrl plugin: a template named by its path from the input folder', () => {
    // https://www.11ty.dev/docs/plugins/inputpath-to-url/: paths relative to the input directory or to the template.
    const site = (plugin: string): WorkspaceIndex =>
      tree({
        '/r/eleventy.config.js': `import { InputPathToUrlTransformPlugin } from "@11ty/eleventy";\nexport default function (eleventyConfig) {\n${plugin}\nreturn { dir: { input: "content" } };\n}`,
        '/r/content/blog/thirdpost.md': '# Third\n',
        '/r/content/about/index.md': '<a href="blog/thirdpost.md">third</a> <a href="blog/fourth.md">fourth</a>\n',
      });
    expect(lint(site('eleventyConfig.addPlugin(InputPathToUrlTransformPlugin);'), '/r/content/about/index.md')).toEqual([['blog/fourth.md', 'fileMissing']]);
    expect(lint(site(''), '/r/content/about/index.md')).toEqual([
      ['blog/thirdpost.md', 'fileMissing'],
      ['blog/fourth.md', 'fileMissing'],
    ]);
  });
});

describe("Eleventy: a template in any of its languages is routed by its front matter (issue 29's fourteenth survey)", () => {
  it('search.njk with `permalink: search.json` is /search.json (philhawksworth/eleventyone)', () => {
    // https://www.11ty.dev/docs/permalinks/: front matter in every template language; a permalink is relative to the output folder.
    const site = (name: string, permalink: string): WorkspaceIndex =>
      tree({
        '/r/.eleventy.js': 'module.exports = function(config) {\n  return {\n    dir: {\n      input: "src/site",\n      output: "dist",\n      data: `_data/${env}`\n    },\n    templateFormats : ["njk", "md", "11ty.js"],\n  };\n};\n',
        [`/r/src/site/${name}`]: `---\npermalink: ${permalink}\n---\n[\n{%- for page in collections.all -%}\n{%- endfor -%}\n]\n`,
        '/r/src/site/index.md': '- JS [search index](/search.json) generator\n- [feed](/feed.xml) [gone](/gone.json)\n',
      });
    expect(lint(site('search.njk', 'search.json'), '/r/src/site/index.md')).toEqual([
      ['/feed.xml', 'fileMissing'],
      ['/gone.json', 'fileMissing'],
    ]);
    expect(lint(site('feed.liquid', '/feed.xml'), '/r/src/site/index.md')).toEqual([
      ['/search.json', 'fileMissing'],
      ['/gone.json', 'fileMissing'],
    ]);
  });
});

describe('Jekyll: reference definitions whose destination is a Liquid tag', () => {
  it('[X]: {% link docs/x.md %} defines X', () => {
    // https://jekyllrb.com/docs/liquid/tags/#links: `{% link _collection/name-of-document.md %}` in a Markdown link's destination.
    const index = tree({
      '/r/_config.yml': 'title: x\n',
      '/r/docs/x.md': '# X\n',
      '/r/docs/ancestry.md': '[Page X][X] and [Page Y][Y]\n\n[X]: {% link docs/x.md %}\n',
    });
    expect(lint(index, '/r/docs/ancestry.md')).toEqual([['Y', 'undefinedReference']]);
  });
});

describe('Eleventy: what the configuration and its plugins write', () => {
  it('a capture block is no output; passthrough copies, plugin outputs and vercel.json redirects are routes; a slugify of its own makes heading ids unknown', () => {
    // https://mozilla.github.io/nunjucks/templating.html#set (block assignments), https://www.11ty.dev/docs/copy/ (passthrough mapping),
    // https://www.11ty.dev/docs/plugins/rss/ (`outputPath`), https://www.11ty.dev/docs/plugins/id-attribute/ (`slugify` option).
    const index = tree({
      '/r/eleventy.config.js': [
        'import { IdAttributePlugin } from "@11ty/eleventy";',
        'import feeds from "./config/feeds.js";',
        'export default function (eleventyConfig) {',
        '  eleventyConfig.addPlugin(IdAttributePlugin, { slugify: mySlugify });',
        '  eleventyConfig.addPassthroughCopy({ "src/_includes/throbber.js": "js/throbber.js", "src/js/*.js": "scripts/", [resolveModule("tabs")]: "js/tabs.js" });',
        '  feeds(eleventyConfig);',
        '  return { dir: { input: "src" } };',
        '}',
      ].join('\n'),
      '/r/config/feeds.js': 'export default function (eleventyConfig) { eleventyConfig.addPlugin(feedPlugin, { outputPath: "/blog/feed.xml" }); }',
      '/r/vercel.json': '{ "redirects": [{ "source": "/docs/memoize/", "destination": "/docs/filters/#memoize", "statusCode": 301 }] }',
      '/r/src/_includes/throbber.js': '',
      '/r/src/js/app.js': '',
      '/r/src/docs/filters.md': '# Filters\n',
      '/r/src/blog/post.md': '# Post\n',
      '/r/src/index.md': [
        '{%- set codeBlock %}',
        '<a href="my-template.md">Home</a>',
        '{%- endset %}',
        '<script src="/js/throbber.js"></script> <script src="/scripts/app.js"></script> <script src="/js/tabs.js"></script> <script src="/js/gone.js"></script>',
        '',
        '[feed](/blog/feed.xml) [memo](/docs/memoize) [anchor](/docs/filters/#Filters) [words](/docs/filters/#memoize-filters) [gone](/docs/gone/) <a href="other-template.md">x</a>',
        '{% capture sample %}[a](captured-one.md) {% set inner %}[b](captured-two.md){% endcapture %} [c](after-capture.md)',
        '{% set never_closed %} [d](after-unclosed.md)',
        '',
      ].join('\n'),
    });
    // The site's own slugify may make "Filters" its id; no slugify makes "memoize-filters" of it.
    expect(lint(index, '/r/src/index.md')).toEqual([
      ['/js/gone.js', 'fileMissing'],
      ['memoize-filters', 'anchorMissing'],
      ['/docs/gone/', 'fileMissing'],
      ['other-template.md', 'fileMissing'],
      ['after-capture.md', 'fileMissing'],
      ['after-unclosed.md', 'fileMissing'],
    ]);
  });
  it('a slugify of its own may drop the punctuation inside a word: a fragment joining the words of a heading may be its id (5t3ph/11ty-netlify-jumpstart)', () => {
    const index = tree({
      '/r/.eleventy.js': [
        'const slugify = require("slugify");',
        'const markdownItAnchor = require("markdown-it-anchor");',
        'module.exports = function (eleventyConfig) {',
        '  let markdownLibrary = markdownIt({',
        '    html: true,',
        '  }).use(markdownItAnchor, {',
        '    slugify: (str) =>',
        '      slugify(str, {',
        '        lower: true,',
        '        strict: true,',
        '        remove: /["]/g,',
        '      }),',
        '  });',
        '  return { dir: { input: "src" } };',
        '};',
      ].join('\n'),
      '/r/src/pages/about.md': [
        '- [.eleventy.js Config Features](#eleventyjs-config-features)',
        '- [Overrides](#config-overrides)',
        '',
        '## .eleventy.js Config Features',
        '',
        '### Overrides',
        '',
      ].join('\n'),
    });
    // "eleventyjs" is ".eleventy.js" with its dots dropped (the slugify package's `strict`); "config overrides" runs in no heading.
    expect(lint(index, '/r/src/pages/about.md')).toEqual([['config-overrides', 'anchorMissing']]);
  });
});

describe('template parts', () => {
  it("a Django include's skip link names the id of the page that includes it (wagtail/bakerydemo)", () => {
    const index = tree({
      '/r/manage.py': '',
      '/r/app/templates/base.html': '<!DOCTYPE html>\n<html><body>\n{% include "includes/header.html" %}\n<main id="main-content">{% block content %}{% endblock %}</main>\n<a href="#missing-in-page">x</a>\n</body></html>\n',
      '/r/app/templates/includes/header.html': '{% load wagtailcore_tags %}\n<header>\n    <a href="#main-content" class="skip-link">Skip to main content</a>\n    <a href="../base.html#nowhere">b</a>\n</header>\n',
      '/r/app/templates/page.html': '{% extends "base.html" %}\n{% block content %}<a href="#main-content">top</a> <a href="#creating-objects">x</a>{% endblock %}\n',
      '/r/app/templates/orphan/part.html': '{% load static %}\n<a href="#somewhere">x</a>\n',
    });
    // The part and the child: their own `#id` is the including page's. The whole page's own missing id is reported,
    // and so is a part's link to another file's missing anchor.
    expect(lint(index, '/r/app/templates/includes/header.html')).toEqual([['nowhere', 'anchorMissing']]);
    // djangoproject.com's styleguide.html: an id neither the child nor its base holds is broken on the page.
    expect(lint(index, '/r/app/templates/page.html')).toEqual([['creating-objects', 'anchorMissing']]);
    // A part no template in the tree includes: the page it ends up in cannot be known.
    expect(lint(index, '/r/app/templates/orphan/part.html')).toEqual([]);
    expect(lint(index, '/r/app/templates/base.html')).toEqual([['missing-in-page', 'anchorMissing']]);
  });

  it("a part that includes a template the tree does not hold has a page whose ids cannot be known (pelican's Furo page.html)", () => {
    // docs/_templates/page.html overrides Furo's: it extends the theme's base.html and includes its icons, whose SVG symbols `<use href="#svg-menu">` names.
    // A Pelican theme's templates/base.html in the same repository is another site's layout.
    const index = tree({
      '/r/pyproject.toml': '',
      '/r/docs/_templates/page.html': '{% extends "base.html" %}\n{% block body -%}\n  {{ super() }}\n  {% include "partials/icons.html" %}\n  <span class="icon"><svg><use href="#svg-menu"></use></svg></span>\n{% endblock %}\n',
      '/r/pelican/themes/notmyidea/templates/base.html': '<!DOCTYPE html>\n<html><body>{% block content %}{% endblock %}</body></html>\n',
    });
    expect(lint(index, '/r/docs/_templates/page.html')).toEqual([]);
  });
});

describe('links with nothing to click', () => {
  it("a Markdown link with no text is a marker, not a link: Grav's changelog `1. [](#bugfix)`", () => {
    const index = tree({
      '/r/CHANGELOG.md': '# v1.7.49\n## 01/01/2025\n\n1. [](#bugfix)\n    * Fixed a thing\n1. [](#improved)\n    * See [the notes](#v1749) and [gone](#v1.7.48)\n![](#nowhere)\n',
    });
    // Nothing to click in the first two; an image and a link with text are still checked.
    expect(lint(index, '/r/CHANGELOG.md')).toEqual([['v1.7.48', 'anchorMissing'], ['nowhere', 'anchorMissing']]);
  });
});

describe('mdBook preprocessors', () => {
  // The Reference's own preprocessor, configured as its book.toml does and used as its dev guide's "Links" chapter shows
  // (https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html: `links` and `index` are mdBook's own).
  const chapter =
    'r[names.preludes.lang]\n## Language prelude\n\nDirect label link: [names.preludes.lang]\n\nDestination label link (custom link text): [language prelude][names.preludes.lang]\n\nDefinition link: [namespace kinds]\n\n' +
    'See [closures] and [`bool`](bool), [the enum](../items/enumerations.mdr), [rule](#r-names.preludes.lang) and [mutable reference](#mutables-references-).\n\n' +
    '[namespace kinds]: names.namespaces.kinds\n[closures]: expr.closure\n';
  const files = (book: string): Record<string, string> => ({ '/r/book.toml': book, '/r/src/SUMMARY.md': '- [Names](names/preludes.md)\n', '/r/src/items/enumerations.md': '# Enumerations\n', '/r/src/names/preludes.md': chapter });

  it('a preprocessor run by a command may write the labels, ids and named destinations of every chapter; a path or a fragment with words the chapter lacks is still checked (rust-lang/reference)', () => {
    const spec = '[book]\ntitle = "The Rust Reference"\n\n[preprocessor.spec]\ncommand = "cargo run --release --manifest-path tools/mdbook-spec/Cargo.toml"\n';
    expect(lint(tree(files(spec)), '/r/src/names/preludes.md')).toEqual([['../items/enumerations.mdr', 'fileMissing'], ['mutables-references-', 'anchorMissing']]);
  });

  it("mdBook's own preprocessors write none of them: every one is reported", () => {
    const own = '[book]\ntitle = "The Rust Reference"\n\n[preprocessor.links]\n\n[preprocessor.index]\n';
    expect(lint(tree(files(own)), '/r/src/names/preludes.md').map(([text]) => text)).toEqual(['names.preludes.lang', 'bool', '../items/enumerations.mdr', 'r-names.preludes.lang', 'mutables-references-', 'names.namespaces.kinds', 'expr.closure']);
  });
});

describe('Hugo shortcodes and page references', () => {
  it("a shortcode that writes a named parameter as an id gives the page calling it that id (linkerd/website's warning and note)", () => {
    // https://gohugo.io/methods/shortcode/get/: `.Get "id"` reads the named parameter of `{{< warning id=open-relay-warning >}}`.
    const files = {
      '/r/linkerd.io/config/_default/hugo.yaml': 'title: Linkerd\nbaseURL: https://linkerd.io/\n',
      '/r/linkerd.io/layouts/_shortcodes/warning.html': '{{- $id := .Get "id" }}\n{{- $title := default "Warning" (.Get "title") }}\n{{- $content := .Inner | $.Page.RenderString }}\n{{ partial "components/alert" (dict "id" $id "variant" "warning" "callout" true "title" $title "content" $content) }}\n',
      '/r/linkerd.io/layouts/_shortcodes/note.html': '{{- $title := default "Note" (.Get "title") }}\n<div class="note">{{ .Inner }}</div>\n',
      '/r/linkerd.io/layouts/_partials/components/alert.html': '<div class="{{ $class }}"{{ with .id }} id="{{ . }}"{{ end }}>\n',
      '/r/linkerd.io/content/2.12/tasks/using-ingress.md': '---\ntitle: Handling ingress traffic\n---\n\n{{< warning id=open-relay-warning >}}\nWhen an ingress is meshed in `ingress` mode, you must configure it.\n{{< /warning >}}\n\n{{< note title=open-relay-note >}}\nA note.\n{{< /note >}}\n\nTraefik should be meshed with ingress mode enabled([\\*](./#open-relay-warning)), and ([\\*](#open-relay-note)).\n',
    };
    expect(lint(tree(files), '/r/linkerd.io/content/2.12/tasks/using-ingress.md')).toEqual([['open-relay-note', 'anchorMissing']]);
  });

  it("with a link render hook, a leaf bundle looks a relative page up from the folder holding the bundle (linkerd/website's blog posts)", () => {
    // Hugo's page-relative lookup (hugolib/pagecollections.go): from `/mysection/mypage/index.md`, "./someotherpage" is `/mysection/someotherpage`.
    const files = {
      '/r/linkerd.io/config/_default/hugo.yaml': 'title: Linkerd\nbaseURL: https://linkerd.io/\n',
      '/r/linkerd.io/config/_default/permalinks.yaml': '# Set URL structure for blog post\npage:\n  blog: /:year/:month/:day/:slug/\n',
      '/r/linkerd.io/layouts/_markup/render-link.html': '{{- $u := urls.Parse .Destination }}\n{{- $path := strings.TrimPrefix "./" $u.Path }}\n{{- with or ($.PageInner.GetPage $path) ($.PageInner.Resources.Get $path) (resources.Get $path) }}{{ .RelPermalink }}{{ end }}\n',
      '/r/linkerd.io/content/blog/2019/0518-linkerd-benchmarks/index.md': '---\ntitle: Linkerd Benchmarks\n---\n',
      '/r/linkerd.io/content/blog/2019/0809-service-mesh-distributed-tracing-myths/index.md': '---\ntitle: Distributed tracing myths\n---\n\n[Linkerd is very, very fast](0518-linkerd-benchmarks), but [not](0000-nothing-here).\n',
    };
    expect(lint(tree(files), '/r/linkerd.io/content/blog/2019/0809-service-mesh-distributed-tracing-myths/index.md')).toEqual([['0000-nothing-here', 'fileMissing']]);
  });
});

describe('documents read on GitHub', () => {
  it("GitHub's page script finds a heading from a fragment in another case, in a document no site serves (react-redux's versioned docs that versions.json does not list)", () => {
    // https://github.com/rsc/markdown/issues/19: `settings.md#Diagnostic` and `#DiAgNoStIc` both scroll to `## Diagnostic` on GitHub.
    const page = 'The [`useStore` hook](../api/hooks.md#useStore) returns the current store instance. See [Usage Warnings](#Usage-Warnings) and [nothing](#no-such-heading).\n\n## Usage Warnings\n';
    const files = {
      '/r/website/docusaurus.config.ts': "export default { presets: [['classic', { docs: { path: '../docs', routeBasePath: '/' } }]] };\n",
      '/r/docs/api/hooks.md': '---\nid: hooks\n---\n\n## `useStore()`\n',
      '/r/docs/using-react-redux/accessing-store.md': page,
      '/r/website/versioned_docs/version-7.2/api/hooks.md': '---\nid: hooks\n---\n\n## `useStore()`\n',
      '/r/website/versioned_docs/version-7.2/using-react-redux/accessing-store.md': page,
      '/r/notes/accessing-store.md': page,
      '/r/notes/api/hooks.md': '## `useStore()`\n',
    };
    const index = tree(files);
    // Not served (no versions.json lists 7.2) and a plain repository document: read on GitHub.
    expect(lint(index, '/r/website/versioned_docs/version-7.2/using-react-redux/accessing-store.md')).toEqual([['no-such-heading', 'anchorMissing']]);
    expect(lint(index, '/r/notes/accessing-store.md')).toEqual([['no-such-heading', 'anchorMissing']]);
    // A page the site serves is read in the browser, which matches an id exactly.
    expect(lint(index, '/r/docs/using-react-redux/accessing-store.md').map(([text]) => text)).toEqual(['useStore', 'Usage-Warnings', 'no-such-heading']);
  });
});
