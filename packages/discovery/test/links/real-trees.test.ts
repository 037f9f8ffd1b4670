/**
 * What the issue 18 survey's trees taught (rust-lang/book, react.dev, eslint/eslint at the commits in
 * bench/README.md): each case is the tree's own text, copied verbatim, in the smallest tree that
 * holds it.
 */
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import { MemoryFileSystem } from '../../src/links/memory-fs.js';
import { frontMatterRoute, propDefaults, WorkspaceIndex, type LinkOptions } from '../../src/links/workspace.js';
import { runDocumentRules, runRules } from '../../src/rules/index.js';
import type { Finding } from '../../src/finding.js';

function lint(index: WorkspaceIndex, path: string, options: LinkOptions = {}): Finding[] {
  const text = index.fs.readFile(path)!;
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const document = { path, kind, text, links: index, ...(found.base === undefined ? {} : { base: found.base }) };
  const rules = { 'no-broken-links': options };
  return [...runRules(found.candidates, rules, undefined, document), ...runDocumentRules(document, rules)].sort((a, b) => a.range[0] - b.range[0]);
}

const shownIn = (index: WorkspaceIndex, path: string, options: LinkOptions = {}): string[] => {
  const text = index.fs.readFile(path)!;
  return lint(index, path, options).map((f) => text.slice(...f.range));
};
const notes = (index: WorkspaceIndex): string[] => [...index.notes].filter((note) => !note.includes('site at') && !note.startsWith('no site generator'));

/** eslint/eslint's docs: an Eleventy site at docs/ (input src, layouts in _includes/layouts). */
const ESLINT_CONFIG = 'module.exports = function (eleventyConfig) {\n\treturn {\n\t\tdir: {\n\t\t\tinput: "src",\n\t\t\tincludes: "_includes",\n\t\t\tlayouts: "_includes/layouts",\n\t\t},\n\t};\n};\n';
const ESLINT_INDEX = `---
title: Documentation
permalink: /index.html
---

Welcome to our documentation pages! What would you like to view?

## [Use ESLint in Your Project](use/)

## [Extend ESLint](extend/)

## [Nowhere](nowhere/)
`;

describe('front matter routes (eslint docs/src/pages/index.md)', () => {
  const tree = {
    '/e/.git/HEAD': '',
    '/e/docs/.eleventy.js': ESLINT_CONFIG,
    '/e/docs/src/pages/index.md': ESLINT_INDEX,
    '/e/docs/src/use/index.md': '# Use\n',
    '/e/docs/src/extend/index.md': '# Extend\n',
  };

  it('a page moved by `permalink:` resolves its relative links from its route; a link that is broken there is still reported', () => {
    expect(shownIn(new WorkspaceIndex(new MemoryFileSystem(tree)), '/e/docs/src/pages/index.md')).toEqual(['nowhere/']);
  });

  it('the keys each generator reads, and values that set no route', () => {
    const page = (key: string): string => `---\ntitle: x\n${key}\n---\n# x\n`;
    expect(frontMatterRoute(page('permalink: /index.html'), ['permalink'], '/pages/index.md')).toBe('/index.html');
    expect(frontMatterRoute(page('permalink: "/"'), ['permalink'], '/pages/index.md')).toBe('/');
    expect(frontMatterRoute(page('slug: intro'), ['slug'], '/guides/01-start.md')).toBe('/guides/intro');
    expect(frontMatterRoute(page('slug: /'), ['slug'], '/guides/01-start.md')).toBe('/');
    expect(frontMatterRoute('+++\nurl = "/about/"\n+++\n', ['url', 'slug'], '/x.md')).toBe('/about/');
    for (const unset of ['permalink: "{{ page.filePathStem }}.html"', 'permalink: /:categories/:title/', 'permalink: false']) expect(frontMatterRoute(page(unset), ['permalink'], '/a.md')).toBe('/a.md');
    expect(frontMatterRoute(page('permalink: /'), [], '/a.md')).toBe('/a.md');
  });
});

describe("ids a site's layout writes (eslint's rule pages, #further-reading)", () => {
  const LAYOUT = `    {% if further_reading %}
        {% set further_reading_content %}
            <h2 id="further-reading">Further Reading</h2>
            {% for url in further_reading %}
                {% link url %}
            {% endfor %}
        {% endset %}
    {% endif %}
    <h2 id="{{ heading_id }}">x</h2>
`;
  const RULE = `---
title: template-tag-spacing
further_reading:
- https://exploringjs.com/es6/ch_template-literals.html#_examples-of-using-tagged-template-literals
---

<!-- markdownlint-disable-next-line MD051 -->
With ES6, it's possible to create functions called [tagged template literals](#further-reading) where the function parameters consist of a template literal's strings and expressions.

[typo](#further-readin) [template](#heading_id)
`;

  it('a fragment naming an id the layout writes literally is said once, not reported; others still are', () => {
    const index = new WorkspaceIndex(
      new MemoryFileSystem({ '/e/.git/HEAD': '', '/e/docs/.eleventy.js': ESLINT_CONFIG, '/e/docs/src/_includes/layouts/doc.html': LAYOUT, '/e/docs/src/rules/template-tag-spacing.md': RULE }),
    );
    expect(shownIn(index, '/e/docs/src/rules/template-tag-spacing.md')).toEqual(['further-readin', 'heading_id']);
    expect(notes(index)).toEqual([expect.stringContaining('"#further-reading"')]);
  });
});

describe("HTML headings (eslint's README, <h3>Technology Sponsors</h3>)", () => {
  // README.md lines 40–42 and 357–360: GitHub gives every heading of the rendered page an id, an HTML one too.
  const README = `1. [Team](#team)
1. [Sponsors](#sponsors)
1. [Technology Sponsors](#technology-sponsors) <!-- markdownlint-disable-line MD051 -->

## Team

## Sponsors

<h3>Sponsors</h3>
<h3>Technology Sponsors</h3>
Technology sponsors allow us to use their products and services for free as part of a contribution to the open source ecosystem and our work.

<h2 align="center">Q&amp;A <em>now</em></h2>

<h4 id="own">Own id</h4>

[second sponsors](#sponsors-1) [q and a](#qa-now) [own](#own) [its heading's id too](#own-id) [gone](#technology)
`;

  it('an HTML heading has the id GitHub gives it (its text, tags dropped, entities decoded), numbered with the Markdown headings', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/e/.git/HEAD': '', '/e/README.md': README }));
    expect(shownIn(index, '/e/README.md')).toEqual(['technology']);
  });

  it("a site whose renderer gives HTML headings no id (VitePress's markdown-it-anchor) keeps reporting them", () => {
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/e/.git/HEAD': '', '/e/docs/.vitepress/config.ts': 'export default {}\n', '/e/docs/README.md': README }));
    expect(shownIn(index, '/e/docs/README.md')).toEqual(['technology-sponsors', 'sponsors-1', 'qa-now', 'own-id', 'technology']);
  });
});

describe('template files no generator renders (eslint templates/formatter-examples.md.ejs)', () => {
  const TEMPLATE = 'You can specify a formatter using the [`--format` or `-f`](../command-line-interface#-f---format) flag in the CLI.\n\n<iframe src="html-formatter-example.html" width="100%" height="460px"></iframe>\n';

  it('are rendered elsewhere by a script: not checked outside a site, checked inside one', () => {
    const tree = { '/e/.git/HEAD': '', '/e/templates/formatter-examples.md.ejs': TEMPLATE };
    expect(lint(new WorkspaceIndex(new MemoryFileSystem(tree)), '/e/templates/formatter-examples.md.ejs')).toEqual([]);
    const site = { '/e/.git/HEAD': '', '/e/.eleventy.js': '', '/e/templates/formatter-examples.md.ejs': TEMPLATE };
    expect(lint(new WorkspaceIndex(new MemoryFileSystem(site)), '/e/templates/formatter-examples.md.ejs')).toHaveLength(2);
  });
});

describe('books deployed side by side (rust-lang/book redirects/)', () => {
  const REDIRECTS = `% The Rust Programming Language

There are two editions of "The Rust Programming Language":

* [First edition](first-edition/index.html)
* [Second edition](second-edition/index.html)
* [Third edition](third-edition/index.html)
`;

  it('a link into a folder that is another book of the repository is said once, not reported; a folder that is no book is', () => {
    const index = new WorkspaceIndex(
      new MemoryFileSystem({
        '/b/.git/HEAD': '',
        '/b/book.toml': '[book]\n',
        '/b/src/SUMMARY.md': '# Summary\n',
        '/b/redirects/README.md': REDIRECTS,
        '/b/first-edition/book.toml': '[book]\n',
        '/b/first-edition/src/README.md': '# The Rust Programming Language\n',
        '/b/second-edition/book.toml': '[book]\n',
        '/b/second-edition/src/SUMMARY.md': '# Summary\n',
      }),
    );
    expect(shownIn(index, '/b/redirects/README.md')).toEqual(['third-edition/index.html']);
    expect(index.unresolvable).toBe(2);
    expect(notes(index)).toEqual([expect.stringContaining('another site of the repository')]);
  });
});

describe('placeholders (react.dev .claude/skills/docs-writer-blog/SKILL.md)', () => {
  const SKILL = "`apiName` was deprecated in [Month YYYY (vX.X.X)](link).\n\nThank you to [Researcher Name](url) for discovering and reporting this vulnerability.\n\n[a page](links) [b](link.md) [c](link#x)\n";

  it('a destination that is a placeholder word is an example of the syntax: said once; a word that is not one, or with an extension or fragment, is reported', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/SKILL.md': SKILL }));
    expect(shownIn(index, '/r/SKILL.md')).toEqual(['links', 'link.md', 'link']);
    expect(notes(index)).toEqual([expect.stringMatching(/^cannot resolve links such as "link" .*placeholder word/)]);
  });
});

describe('Next.js sites (react.dev)', () => {
  const TUTORIAL = "![React starter code](../images/tutorial/react-starter-code-codesandbox.png)\n\n![missing](../images/tutorial/nope.png)\n";
  const LINKS = `[Conditional Rendering](/learn/conditional-rendering) [React 19](/blog/2024/04/25/react-19)
[#149](/errors/149) [errors](/errors) [findDOMNode](/reference/react-dom/findDOMNode) [server actions](/reference/rsc/server-actions)
[gone](/learn/gone) [relative](learn/conditional-rendering) [cra](/link/cra)
`;
  const tree = {
    '/r/.git/HEAD': '',
    '/r/next.config.js': "const nextConfig = {\n  pageExtensions: ['jsx', 'js', 'ts', 'tsx', 'mdx', 'md'],\n  async redirects() {\n    return [{ source: '/link/:path*', destination: '/learn', permanent: true }];\n  },\n};\n",
    '/r/vercel.json': JSON.stringify({
      redirects: [
        { source: '/blog/2024/04/25/react-19', destination: '/blog/2024/12/05/react-19', permanent: true },
        { source: '/reference/rsc/server-actions', destination: '/reference/rsc/server-functions', permanent: true },
        { source: '/reference/react-dom/findDOMNode', destination: 'https://18.react.dev/reference/react-dom/findDOMNode', permanent: true },
      ],
    }),
    '/r/public/images/tutorial/react-starter-code-codesandbox.png': '',
    '/r/src/pages/[[...markdownPath]].js': '',
    '/r/src/pages/errors/[errorCode].tsx': '',
    '/r/src/pages/errors/index.tsx': '',
    '/r/src/content/learn/tutorial-tic-tac-toe.md': TUTORIAL,
    '/r/src/content/learn/conditional-rendering.md': '# Conditional Rendering\n',
    '/r/src/content/blog/2024/12/05/react-19.md': '# React 19\n',
    '/r/src/content/learn/links.md': LINKS,
  };

  it('is recognised from next.config.*: public/ is the static root of relative images', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    expect(shownIn(index, '/r/src/content/learn/tutorial-tic-tac-toe.md')).toEqual(['../images/tutorial/nope.png']);
    expect([...index.sitesUsed.values()][0]).toMatch(/^nextjs site at \/r\/; site-absolute routes \/ → \/r\/src\/content\/, \/ → \/r\/src\/pages\/; 4 redirects/);
  });

  it("serves the content folder's pages as routes (a root catch-all page beside content/), [param] pages, and redirects", () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    expect(shownIn(index, '/r/src/content/learn/links.md')).toEqual(['/learn/gone', 'learn/conditional-rendering']);
  });

  it("an id a component sets from a prop (<H3 id={permalink}>) is the prop's value where a document uses it", () => {
    const team = '<TeamMember name="Dan Abramov" permalink="dan-abramov" photo="/images/team/gaearon.jpg" github="gaearon" bsky="danabra.mov" title="Engineer at Vercel" group="Docs & Community">\n    Dan got into programming after he accidentally discovered Visual Basic inside Microsoft PowerPoint.\n</TeamMember>\n';
    const post = '- [Dan Abramov](/community/team#dan-abramov) gave a talk at [RemixConf](https://www.youtube.com/watch?v=zMf_xeGPn6s)\n- [Nobody](/community/team#nobody)\n';
    const component = '          <H3 className="mb-1 sm:my-0" id={permalink}>\n            {name}\n          </H3>\n';
    const index = new WorkspaceIndex(new MemoryFileSystem({ ...tree, '/r/src/components/MDX/TeamMember.tsx': component, '/r/src/content/community/team.md': team, '/r/src/content/blog/post.md': post }));
    expect(shownIn(index, '/r/src/content/blog/post.md')).toEqual(['nobody']);
  });


  it("a component used without the prop that sets its id writes the prop's default (<Challenges>: titleId = … 'challenges')", () => {
    // src/components/MDX/Challenges/Challenges.tsx, lines 87–93 and 138.
    const component = "export function Challenges({\n  children,\n  isRecipes,\n  noTitle,\n  titleText = isRecipes ? 'Try out some examples' : 'Try out some challenges',\n  titleId = isRecipes ? 'examples' : 'challenges',\n}: ChallengesProps) {\n  return (\n          <H2\n              id={titleId}\n";
    const page = '## Recap {/*recap*/}\n\n* In React, you control branching logic with JavaScript.\n\n<Challenges>\n\n#### Show an icon for incomplete items with `? :` {/*show-an-icon-for-incomplete-items-with--*/}\n\n</Challenges>\n';
    const named = '<Challenges titleId="more-challenges">\n\n</Challenges>\n';
    const post = 'For example, here are a few challenges from the page about [Conditional Rendering](/learn/conditional-rendering#challenges).\n\n[named](/learn/named#more-challenges) [not the default](/learn/named#challenges) [no such](/learn/conditional-rendering#solutions)\n';
    const index = new WorkspaceIndex(
      new MemoryFileSystem({
        ...tree,
        '/r/src/components/MDX/Challenges/Challenges.tsx': component,
        '/r/src/content/learn/conditional-rendering.md': page,
        '/r/src/content/learn/named.md': named,
        '/r/src/content/blog/post.md': post,
      }),
    );
    expect(shownIn(index, '/r/src/content/blog/post.md')).toEqual(['challenges', 'solutions']);
  });

  it('propDefaults reads the string literals of a destructured default, for the component that declares it', () => {
    expect(propDefaults("export function Challenges({\n  titleId = isRecipes ? 'examples' : 'challenges',\n}) {", 'titleId')).toEqual([
      { element: /<Challenges(?=[\s/>])(?![^>]*\btitleId=)/, ids: ['examples', 'challenges'] },
    ]);
    expect(propDefaults('const Section = ({ anchor = "intro" }) => <h2 id={anchor} />', 'anchor')).toEqual([{ element: /<Section(?=[\s/>])(?![^>]*\banchor=)/, ids: ['intro'] }]);
    // No literal default, a comparison, no component: nothing.
    expect(propDefaults('function Box({ slug = makeSlug(title) }) {}', 'slug')).toEqual([]);
    expect(propDefaults('if (x, slug == "a") {}', 'slug')).toEqual([]);
    expect(propDefaults('({ slug = "a" })', 'slug')).toEqual([]);
  });
  it('without a catch-all page, content/ is not taken for routes: its site-absolute links are said once, its relative ones read from the file', () => {
    const { '/r/src/pages/[[...markdownPath]].js': _, ...bare } = tree;
    const index = new WorkspaceIndex(new MemoryFileSystem(bare));
    expect(shownIn(index, '/r/src/content/learn/links.md')).toEqual(['learn/conditional-rendering']);
    expect(notes(index)).toEqual([expect.stringContaining('no route mapping fits')]);
  });
});

describe('Vite projects (vitejs/vite playground/ and create-vite templates)', () => {
  const template = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n    <link rel="icon" href="/gone.svg" />\n';
  const playground = '<link rel="stylesheet" href="/main.css" />\n\n<!-- comment one -->\n<h1>Hello</h1>\n<!-- comment two -->\n<script type="module"></script>\n<script type="module" src="/main.js"></script>\n';
  const assets = '  <img\n    class="img-src-set-public"\n    src="/icon space.png"\n    srcset="/icon.png 1x, /icon.png 2x"\n    alt=""\n  />\n';
  const tree = {
    '/r/.git/HEAD': '',
    '/r/packages/create-vite/template-lit/package.json': '{\n  "name": "vite-lit-starter",\n  "scripts": {\n    "dev": "vite",\n    "build": "vite build"\n  },\n  "devDependencies": {\n    "vite": "^8.2.1"\n  }\n}\n',
    '/r/packages/create-vite/template-lit/index.html': template,
    '/r/packages/create-vite/template-lit/public/favicon.svg': '<svg/>',
    '/r/playground/html/vite.config.js': "import { defineConfig } from 'vite'\nexport default defineConfig({})\n",
    '/r/playground/html/index.html': playground,
    '/r/playground/html/main.css': '',
    '/r/playground/html/main.js': '',
    '/r/playground/html/README.md': '[the script](/main.js) [the stylesheet](main.css)\n',
    '/r/playground/assets/vite.config.js': "export default defineConfig({\n  publicDir: 'static',\n})\n",
    '/r/playground/assets/index.html': assets,
    '/r/playground/assets/static/icon.png': '',
    '/r/playground/assets/static/icon space.png': '',
    '/r/site/package.json': '{ "dependencies": { "left-pad": "1" } }\n',
    '/r/site/index.html': '<link rel="icon" href="/favicon.svg" />\n',
  };

  it("serves an HTML page's site-absolute links from the project's folder and its public folder (publicDir)", () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    expect(shownIn(index, '/r/packages/create-vite/template-lit/index.html')).toEqual(['/gone.svg']);
    expect(shownIn(index, '/r/playground/html/index.html')).toEqual([]);
    expect(shownIn(index, '/r/playground/assets/index.html')).toEqual([]);
    // No vite.config and no vite in package.json: not a Vite project, the root is the repository's.
    expect(shownIn(index, '/r/site/index.html')).toEqual(['/favicon.svg']);
    expect([...index.sitesUsed.values()]).toContain('vite site at /r/playground/assets/ (its HTML pages); site-absolute routes / → /r/playground/assets/; heading ids: github');
  });

  it('resolves a module path without its extension as Vite does (resolve.extensions), and takes a page\'s folder as a root when the configuration computes it', () => {
    const index = new WorkspaceIndex(
      new MemoryFileSystem({
        ...tree,
        '/r/playground/environment-react-ssr/vite.config.ts': "import { defineConfig } from 'vite'\n",
        '/r/playground/environment-react-ssr/index.html': '  </head>\n  <body>\n    <script src="/src/entry-client" type="module"></script>\n    <script src="/src/entry-gone" type="module"></script>\n  </body>\n',
        '/r/playground/environment-react-ssr/src/entry-client.tsx': '',
        '/r/playground/backend-integration/vite.config.js': '        build: {\n          manifest: true,\n          outDir,\n        },\n        root,\n',
        '/r/playground/backend-integration/frontend/entrypoints/index.html': '<!doctype html>\n\n<link rel="stylesheet" href="/global.css" />\n<link rel="stylesheet" href="/gone.css" />\n',
        '/r/playground/backend-integration/frontend/entrypoints/global.css': '',
      }),
    );
    expect(shownIn(index, '/r/playground/environment-react-ssr/index.html')).toEqual(['/src/entry-gone']);
    expect(shownIn(index, '/r/playground/backend-integration/frontend/entrypoints/index.html')).toEqual(['/gone.css']);
    // A literal root is not the page's folder: /main.js is looked for in the project only.
    expect(shownIn(index, '/r/playground/html/index.html')).toEqual([]);
  });

  it('reads a Markdown document of a Vite project as GitHub renders it: site-absolute from the repository root', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    expect(shownIn(index, '/r/playground/html/README.md')).toEqual(['/main.js']);
  });
});

describe('a built site committed to the tree (getpelican/pelican at 67be5c8: pelican/tests/output/basic/)', () => {
  const head = (title: string): string =>
    `<!DOCTYPE html>\n<html lang="en">\n        <head>\n                <meta charset="utf-8" />\n                <meta name="generator" content="Pelican" />\n                <title>${title}</title>\n                <link rel="stylesheet" href="/theme/css/main.css" />\n                <link href="/feeds/all.atom.xml" type="application/atom+xml" rel="alternate" title="A Pelican Blog Atom Feed" />\n        </head>\n`;
  const out = '/r/pelican/tests/output/basic';
  const tree = {
    '/r/.git/HEAD': '',
    // The repository's own site: a Sphinx tree, none of the generators read here.
    '/r/docs/index.rst': 'Pelican\n=======\n',
    [`${out}/index.html`]: head('A Pelican Blog'),
    [`${out}/category/yeah.html`]: `${head('A Pelican Blog - yeah')}                        <h1><a href="/">A Pelican Blog</a></h1>\n                                <li><a href="/tag/oh.html">Oh Oh Oh</a></li>\n                                <li><a href="/category/gone.html">gone</a></li>\n`,
    [`${out}/theme/css/main.css`]: '',
    [`${out}/feeds/all.atom.xml`]: '',
    [`${out}/tag/oh.html`]: head('oh'),
    // A theme's template writes the same tag, but is a template: its links are the theme's site's.
    '/r/pelican/themes/simple/templates/index.html': '<meta name="generator" content="Pelican" />\n<link rel="stylesheet" href="{{ SITEURL }}/theme/css/main.css" />\n',
  };

  it("serves a built page's site-absolute links from the folder whose index.html names its generator, and still reports one nothing there answers", () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    expect(shownIn(index, `${out}/category/yeah.html`)).toEqual(['/category/gone.html']);
    expect(shownIn(index, `${out}/index.html`)).toEqual([]);
    expect([...index.sitesUsed.values()]).toContain(`pages built by Pelican at ${out}/; site-absolute routes / → ${out}/; heading ids: as written`);
  });

  it('takes a folder whose index.html is a template (a tag in it) as no built site', () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    expect(index.site('/r/pelican/themes/simple/templates', 'auto', true).root).toBe('/r/');
    expect(index.site(`${out}/category`, 'auto', true).root).toBe(`${out}/`);
    // Its Markdown, CSS and scripts are not the built site's pages.
    expect(index.site(`${out}/category`, 'auto', false).root).toBe('/r/');
  });
});

describe('a vendored package (mailcow/mailcow-dockerized at 0642467: data/web/inc/lib/vendor/)', () => {
  const vendor = '/r/data/web/inc/lib/vendor';
  const tree = {
    '/r/.git/HEAD': '',
    [`${vendor}/ddeboer/imap/composer.json`]: '{ "name": "ddeboer/imap" }\n',
    [`${vendor}/ddeboer/imap/README.md`]: 'Dig into [MockabilityTest](tests/MockabilityTest.php) for an example of a\nmocked mailbox, and the [license](LICENSE) or [the API](../other/api.md).\n\n- [Promise interop](#promise-interop)\n\n## Promise Interoperability\n',
    [`${vendor}/ddeboer/imap/LICENSE`]: '',
    '/r/README.md': 'See [the tests](tests/MockabilityTest.php).\n',
  };

  it("leaves a vendored package's links to its own files that are not there unreported: its distribution leaves them out", () => {
    const index = new WorkspaceIndex(new MemoryFileSystem(tree));
    // A link out of the package, and an anchor of the document itself, are checked as anywhere.
    expect(shownIn(index, `${vendor}/ddeboer/imap/README.md`)).toEqual(['../other/api.md', 'promise-interop']);
    // Outside a vendor folder the same link is reported.
    expect(shownIn(index, '/r/README.md')).toEqual(['tests/MockabilityTest.php']);
  });
});

describe('one parse per document', () => {
  it("the link index reads the tree the Markdown reader just built for the same text, and parses another text itself", async () => {
    const { discoverMarkdown, markdownTreeOf } = await import('../../src/formats/markdown.js');
    const text = '# Title\n\n[a](#title)\n';
    discoverMarkdown(text);
    const tree = markdownTreeOf(text);
    expect(markdownTreeOf(text)).toBe(tree);
    expect(markdownTreeOf('# Other\n')).not.toBe(markdownTreeOf('# Other\n'));
  });

  it("a document's ids computed for another's link serve its own check", () => {
    const target = '# Target\n\n[self](#target)\n';
    const fs = new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/a.md': '[t](b.md#target)\n', '/r/b.md': target });
    const index = new WorkspaceIndex(fs);
    lint(index, '/r/a.md');
    const ids = index.anchorsOf('/r/b.md');
    expect(index.anchorsOf('/r/b.md', {}, target)).toBe(ids);
  });
});
