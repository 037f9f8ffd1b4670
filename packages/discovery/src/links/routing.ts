/**
 * The routes of a generated site's pages, as each generator computes them from a page's file path,
 * its front matter and the site's configuration: one table of rules per generator (`ROUTING_RULES`,
 * documented in the discovery README), each rule with the generator's own documented example as a
 * test (`test/links/routing.test.ts`). The workspace index walks a site's page collections and
 * indexes every route a page is served at (its permalink, its `redirect_from`, its aliases), so a
 * site-absolute link finds a page the generator moved.
 */
import { LinearRegExp } from '../linear-regex.js';
import { yaml } from '../parsers.js';
import { groupEnd } from './path-patterns.js';

/** A folder of pages and the rule that gives each of its files a route. */
export interface PageCollection {
  /** The folder (absolute, trailing `/`). */
  dir: string;
  /** The route prefix its pages are served under (`/docs/`, `/blog/`, `/`). */
  base: string;
  rule: RouteRule;
  /** Jekyll: the collection's name (`:collection`), and the site's or the collection's permalink template. */
  name?: string;
  permalink?: string;
  /** Folder names below `dir` that hold no pages (Jekyll's `_layouts`, Docusaurus's `_partials`). */
  skip?: (name: string) => boolean;
  /** VitePress: `rewrites` ([from, to] paths relative to `dir`, with `:param` segments and `(.*)`). */
  rewrites?: readonly [string, string][];
  /** VitePress: `srcExclude` globs (relative to `dir`). */
  exclude?: readonly string[];
  /** Nextra: the locales of a `[lang]` segment; a page under `content/<locale>/` is also served without the locale (the locale middleware adds the reader's). */
  locales?: readonly string[];
  /**
   * Hugo: the site's languages, whose code may end a content file's name (`badge.en.md`, translation
   * by file name), and the default one, whose pages are served without the code's prefix.
   */
  languages?: { readonly codes: readonly string[]; readonly default: string | undefined; readonly inSubdir: boolean };
  /** Hugo: the language whose own `contentDir` this folder is: its pages are that language's (translation by content directory). */
  language?: string;
  /** Hugo: `disablePathToLower` is set, so a page's path keeps its case. */
  keepCase?: boolean;
  /**
   * Eleventy: the data a page inherits from its directory and template data files
   * (`blog/blog.json`, `x.11tydata.js`), given the page's path relative to `dir`; a value set by
   * code is an `Unknown`-like object (`{ unknown: text }`).
   */
  dataOf?: (relative: string) => Record<string, unknown>;
}

/** A route that depends on a value the tree cannot give (a computed permalink): the literal prefix of the routes it governs, and what sets it. */
export interface UnknownRoute {
  prefix: string;
  setting: string;
}

/**
 * A glob or rewrite pattern as a matcher of paths (`**` any folders, `*` and `:param` one segment's
 * part, `:param(regex)` and `(.*)` their expression), run by the linear-time engine: the pattern is
 * the tree's. Undefined when its expression cannot run there (a lookahead) or does not parse.
 */
function pathPattern(pattern: string, glob: boolean): { regex: LinearRegExp; names: string[] } | undefined {
  const key = `${glob ? 'g' : 'r'}${pattern}`;
  if (compiledPaths.has(key)) return compiledPaths.get(key) ?? undefined;
  const names: string[] = [];
  let source = '';
  let failed = false;
  for (let i = 0; i < pattern.length && !failed; ) {
    const rest = pattern.slice(i, i + 3);
    const param = glob ? null : /^:(\w+)/.exec(pattern.slice(i, i + 256));
    if (param !== null) {
      names.push(param[1]!);
      i += param[0].length;
      const close = pattern[i] === '(' ? groupEnd(pattern, i) : i;
      if (close === undefined) failed = true;
      else {
        source += close === i ? '([^/]+)' : `(${pattern.slice(i + 1, close - 1)})`;
        i = close;
      }
    } else if (!glob && pattern.startsWith('(.*)', i)) {
      names.push(String(names.length));
      source += '(.*)';
      i += 4;
    } else if (glob && rest.startsWith('**/')) {
      source += '(?:.*/)?';
      i += 3;
    } else if (glob && rest.startsWith('**')) {
      source += '.*';
      i += 2;
    } else if (glob && rest[0] === '*') {
      source += '[^/]*';
      i += 1;
    } else {
      source += rest[0]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      i += 1;
    }
  }
  const compiled = failed ? undefined : LinearRegExp.compile(`^${source}$`);
  const known = compiled !== undefined && 'regex' in compiled ? { regex: compiled.regex, names } : undefined;
  if (compiledPaths.size >= 1_000) compiledPaths.clear();
  compiledPaths.set(key, known ?? null);
  return known;
}

const compiledPaths = new Map<string, { regex: LinearRegExp; names: string[] } | null>();

/** Whether a VitePress rewrite's `from` pattern can be matched. */
export function knownRewrite(from: string): boolean {
  return pathPattern(from, false) !== undefined;
}

/** A page's path after VitePress's `rewrites` (the first that matches), else as it is. */
export function rewritePath(rewrites: readonly [string, string][], path: string): string {
  for (const [from, to] of rewrites) {
    const compiled = pathPattern(from, false);
    if (compiled === undefined) continue;
    const { regex, names } = compiled;
    const match = regex.exec(path);
    if (match === null) continue;
    let out = to;
    names.forEach((name, k) => {
      out = /^\d+$/.test(name) ? out.replace('(.*)', match[k + 1]!) : out.replaceAll(`:${name}`, match[k + 1]!);
    });
    return out;
  }
  return path;
}

/** Whether a path (relative to the collection's folder) matches one of its exclude globs. */
export function excluded(collection: PageCollection, relative: string): boolean {
  return (collection.exclude ?? []).some((glob) => pathPattern(glob.replace(/^\.\//, ''), true)?.regex.test(relative) === true);
}

export type RouteRule = 'mkdocs' | 'mkdocs-files' | 'docusaurus-docs' | 'docusaurus-blog' | 'docusaurus-pages' | 'vitepress' | 'jekyll-page' | 'jekyll-post' | 'jekyll-collection' | 'hugo' | 'eleventy' | 'astro' | 'nextjs-app' | 'nextra-content';

/** The rules of each generator, as the docs table shows them (`pnpm docs:generate` writes it into the discovery README). */
export const ROUTING_RULES: readonly { generator: string; rule: string; example: string; source: string }[] = [
  { generator: 'Docusaurus', rule: 'docs plugin `path` and `routeBasePath` (preset `docs` and every `plugin-content-docs` instance)', example: "`path: '../docs'`, `routeBasePath: 'docs'`: `../docs/intro.md` is `/docs/intro`", source: 'https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs' },
  { generator: 'Docusaurus', rule: 'front matter `id` replaces the file name; `slug` the route (absolute from `routeBasePath`, or relative to the folder)', example: '`docs/Parser.mdx` with `id: parser` is `/docs/parser`; `slug: /` is `/docs/`', source: 'https://docusaurus.io/docs/create-doc#doc-urls' },
  { generator: 'Docusaurus', rule: 'number prefixes dropped; `index.md`, `README.md` and a file named as its folder are the folder', example: '`docs/01-Guides/02-Install.md` is `/docs/Guides/Install`; `docs/guides/README.md` is `/docs/guides`', source: 'https://docusaurus.io/docs/sidebar/autogenerated#using-number-prefixes' },
  { generator: 'Docusaurus', rule: 'versioned docs: `versioned_docs/version-X/` at `/docs/X/`, the last version at `/docs/`, the current one at `/docs/next/`', example: '`versioned_docs/version-29.7/cli.md` is `/docs/29.7/cli`', source: 'https://docusaurus.io/docs/versioning' },
  { generator: 'Docusaurus', rule: 'a version `versions.json` lists whose folder the tree lacks is written at build: the last one, with `includeCurrentVersion: false`, is the current docs\' copy (what `docusaurus docs:version` makes) and the docs folder serves its routes; any other version\'s routes are unknown', example: '`versions.json` `["11.x", "10.x"]`, no `versioned_docs/version-11.x/`, `lastVersion: \'11.x\'`: `docs/cli/add.md` is `/cli/add` when `routeBasePath` is `/`', source: 'https://docusaurus.io/docs/cli#docusaurus-docsversion-version' },
  { generator: 'Docusaurus', rule: 'blog: a date in the file or folder name becomes `/YYYY/MM/DD/`; front matter `slug` replaces the route', example: '`blog/2023-11-13-3.1.0.md` is `/blog/2023/11/13/3.1.0`', source: 'https://docusaurus.io/docs/blog#blog-post-date' },
  { generator: 'Docusaurus', rule: 'pages: `src/pages/` at `/`, `index` the folder, files starting with `_` not pages', example: '`src/pages/help.js` is `/help`', source: 'https://docusaurus.io/docs/creating-pages' },
  { generator: 'Docusaurus', rule: 'a Markdown file link without `./` or `../` is looked for from the page\'s folder, then from its docs or blog folder, then from the site folder; one starting with `/` from the last two', example: '`[Store](api/Store.md)` in `docs/faq/Actions.md` is `docs/api/Store.md`', source: 'https://docusaurus.io/docs/markdown-features/links' },
  { generator: 'Docusaurus', rule: "a preset or plugin named by `require.resolve('…')` is the module the request names, read like the name itself (Node's `require.resolve` gives that module's file)", example: "`presets: [[require.resolve('docusaurus-plugin-internaldocs-fb/docusaurus-preset'), { docs: { path: '../docs' } }]]`", source: 'https://nodejs.org/api/modules.html#requireresolverequest-options' },
  { generator: 'Docusaurus', rule: '`@site/` names the site folder; `static/` (`staticDirectories`) is copied to `/`', example: '`@site/static/img/a.png`, `/img/a.png`', source: 'https://docusaurus.io/docs/static-assets' },
  { generator: 'Docusaurus (MDX)', rule: 'a Markdown file imported as a component and rendered (`import Part from \'./_part.mdx\'`, `<Part />`) puts its headings\' ids in the page', example: '`settings/other.md` rendering `_scriptShell.mdx` has `#scriptshell`', source: 'https://docusaurus.io/docs/markdown-features/react#importing-markdown' },
  { generator: 'VitePress', rule: '`srcDir` holds the pages; `x.md` is `/x.html` (`/x` with `cleanUrls`), `index.md` the folder', example: "`srcDir: './src'`: `src/guide/index.md` is `/guide/`", source: 'https://vitepress.dev/guide/routing' },
  { generator: 'VitePress', rule: '`rewrites` move pages (`:param` segments); `srcExclude` files are no pages', example: "`'packages/:pkg/src/(.*)': ':pkg/index.md'`: `packages/pkg-a/src/pkg-a-docs.md` is `/pkg-a/`", source: 'https://vitepress.dev/guide/routing#route-rewrites' },
  { generator: 'VitePress', rule: '`<!--@include: path-->` pastes a file (a `#region`, a line range) into the page: its headings are the page\'s', example: '`<!--@include: ./parts/basics.md{3,}-->`', source: 'https://vitepress.dev/guide/markdown#markdown-file-inclusion' },
  { generator: 'VitePress', rule: 'a fragment is matched without regard to case; `{#id}` sets an id on a heading', example: '`/api/vi#vi-defineHelper` finds `## vi.defineHelper`', source: 'https://vitepress.dev/guide/markdown#custom-anchors' },
  { generator: 'VitePress', rule: '`@theme/` is `.vitepress/theme/`; `public/` is copied to `/`', example: '`<style src="@theme/custom.css">`', source: 'https://vitepress.dev/guide/asset-handling' },
  { generator: 'VitePress', rule: 'the configuration is `.vitepress/config.*` or a folder with `.vitepress/config/index.*`; `markdown.anchor.slugify` or `markdown.attrs` delimiters set by the site (or by code the tree cannot run) make the heading ids unknown: a fragment is reported only when its words run in none of the page\'s headings', example: '`markdown: { attrs: { left: \'%{\', right: \'}%\' } }`: `## hasRoute %{#Methods-hasRoute}%`', source: 'https://vitepress.dev/reference/site-config#markdown' },
  { generator: 'Jekyll', rule: 'a file that starts with front matter is a page whatever its extension (`.txt`, `.xml`, `.json`…), routed as its collection routes documents', example: '`_licenses/mit.txt` with front matter, in a collection with `permalink: /licenses/:path/`, is `/licenses/mit/`', source: 'https://jekyllrb.com/docs/front-matter/' },
  { generator: 'Jekyll', rule: 'an include that writes a parameter as an id (`id="{{ include.license-id }}"`, or through `slugify`) gives each page that includes it, HTML or Markdown, the id its parameter names', example: '`{% include license-overview.html license-id="mit" %}` writes `#mit`', source: 'https://jekyllrb.com/docs/includes/#passing-parameters-to-includes' },
  { generator: 'Jekyll', rule: "a page's front matter `permalink` is its route; `redirect_from` routes lead to it", example: '`permalink: /docs/front-matter/`', source: 'https://jekyllrb.com/docs/permalinks/' },
  { generator: 'Jekyll', rule: '`_posts/YYYY-MM-DD-title.md` at the `permalink` style (`date` by default: `/:categories/:year/:month/:day/:title:output_ext`)', example: '`_posts/2009-04-29-slap-chop.md` is `/2009/04/29/slap-chop.html`', source: 'https://jekyllrb.com/docs/permalinks/#built-in-formats' },
  { generator: 'Jekyll', rule: 'a `_posts` folder in any folder of the site holds posts too, the folders above it their first categories', example: '`de/news/_posts/2018-03-28-x.md` at `permalink: pretty` is `/de/news/2018/03/28/x/`', source: 'https://jekyllrb.com/docs/posts/' },
  { generator: 'Jekyll', rule: 'collections with `output: true` at their `permalink` (default `/:collection/:path:output_ext`); `baseurl` prefixes every route', example: '`_my_collection/some_subdir/some_doc.md` is `/my_collection/some_subdir/some_doc.html`', source: 'https://jekyllrb.com/docs/collections/' },
  { generator: 'Jekyll, Hugo, Eleventy', rule: 'a relative link is written into the page as it is, so the browser follows it from the page\'s URL: in a page its collection, permalink or pretty URL moves, that comes before the source folder (a link to a Markdown file is looked up from the source folder, as jekyll-relative-links and Hugo\'s render hooks rewrite it)', example: '`_articles/ar/x.md` at `permalink: "/:path/"` is `/ar/x/`: `../y/#id` from it is `/ar/y/`, the page `_articles/ar/y.md`', source: 'https://jekyllrb.com/docs/permalinks/#collections' },
  { generator: 'Hugo', rule: 'front matter `url` is the route, `slug` its last segment, `aliases` lead to it; `_index.md` is the section', example: '`content/posts/post-1.md` with `slug: my-first-post` is `/posts/my-first-post/`', source: 'https://gohugo.io/content-management/urls/' },
  { generator: 'MkDocs', rule: '`docs_dir` holds the pages; with `use_directory_urls` (the default) `x.md` is `/x/` and relative links are followed from there', example: '`docs/async.md` is `/async/`: `../advanced/transports` from it is `/advanced/transports/`', source: 'https://www.mkdocs.org/user-guide/configuration/#use_directory_urls' },
  { generator: 'MkDocs', rule: 'attr_list on a block: `{: #id }` or `{#id}` (the colon optional) on the last line of a paragraph, a list item\'s too, gives the block that id', example: '`* *After* validators: …` then `{#field-after-validator}`', source: 'https://python-markdown.github.io/extensions/attribute_lists/#block-level' },
  { generator: 'MkDocs', rule: "attr_list's key-value form: `id=\"x\"` (or unquoted) in a heading's or a block's attribute list sets its id, as `#x` does", example: '`### 9.7.0 <small>November 11, 2025</small> { id="9.7.0" }`', source: 'https://python-markdown.github.io/extensions/attribute_lists/' },
  { generator: 'MkDocs', rule: "Python-Markdown's footnotes: a footnote's definition is `#fn:label` and its first reference `#fnref:label`", example: '`Lorem ipsum[^1]` and `[^1]: …`: `#fn:1`, `#fnref:1`', source: 'https://python-markdown.github.io/extensions/footnotes/' },
  { generator: 'MkDocs', rule: "pymdownx.superfences: a fenced block's attribute list gives the block its `#id`", example: '```` ``` { .sh .no-copy #example } ````', source: 'https://facelessuser.github.io/pymdown-extensions/extensions/superfences/#injecting-classes-ids-and-attributes' },
  { generator: 'MkDocs', rule: "`hooks`: a hook's page events (`on_page_markdown`, `on_page_content`, `on_post_page`) rewrite pages by code, read from its source and never run: a hook that compares `page.file.src_uri` touches those pages; one whose `re.sub` patterns have a literal start touches the lines holding it, whose words may become ids and labels; any other every page. A fragment or label the hook may write is not reported", example: "mkdocs-material's `<!-- md:setting config.blog_dir -->`, which its shortcodes hook turns into `{ #config.blog_dir }` and `[config.blog_dir]: #config.blog_dir`", source: 'https://www.mkdocs.org/user-guide/configuration/#hooks' },
  { generator: 'MkDocs', rule: "pymdownx.snippets' `auto_append`: the files, under `base_path` (default `.`), are appended to every page, so their definitions and ids are every page's; one the tree does not hold, or set by code, silences every page's labels and fragments", example: '`auto_append: [includes/mkdocs.md]`, which defines `[mkdocs.env]: https://…`', source: 'https://facelessuser.github.io/pymdown-extensions/extensions/snippets/#auto-append-snippets' },
  { generator: 'MkDocs', rule: "pymdownx.tabbed: a tab's id is `__tabbed_SET_TAB`; with `slugify` (pymdownx.slugs' GitHub slugs of the title's text, emoji dropped) the title's slug, after the previous heading's id and `-` with `combine_header_slug`; a slugify of the site's own leaves the page's ids unknown", example: '`## Anchor links` then `=== "... or even me"`: `#anchor-links--or-even-me`', source: 'https://facelessuser.github.io/pymdown-extensions/extensions/tabbed/#tab-ids' },
  { generator: 'MkDocs', rule: 'mkdocs-autorefs (in `plugins`, or through mkdocstrings): `[text][identifier]` without a definition is a cross-reference to any heading or object of the site; a page with a mkdocstrings `::: identifier` block holds the ids of the objects it renders, which the tree does not list', example: '`[ConfigDict][pydantic.config.ConfigDict]`; `[x](api/config.md#pydantic.config.ConfigDict)` into a page holding `::: pydantic.config`', source: 'https://mkdocstrings.github.io/autorefs/' },
  { generator: 'Hugo', rule: 'a page\'s path is written in lower case unless `disablePathToLower` is set', example: '`content/admin/sso/PRO__saml.md` is `/admin/sso/pro__saml/`', source: 'https://gohugo.io/configuration/all/#disablepathtolower' },
  { generator: 'Hugo', rule: "translation by file name: a content file's name may end in one of the site's language codes before its extension, the page of that language, served under `/CODE/` unless it is the default language", example: '`shortcodes/badge.en.md` and `shortcodes/badge.pir.md` are `/shortcodes/badge/` and `/pir/shortcodes/badge/` with `defaultContentLanguage = "en"`', source: 'https://gohugo.io/content-management/multilingual/#translation-by-file-name' },
  { generator: 'Hugo', rule: "translation by content directory: a language with its own `contentDir` reads its pages from there, each page that language's; the site's `contentDir` is read only for the languages without one", example: "`content/english/about.md` and `content/french/about.md` with `languages.en.contentDir = 'content/english'` and `languages.fr.contentDir = 'content/french'` are `/about/` and `/fr/about/`", source: 'https://gohugo.io/content-management/multilingual/#translation-by-content-directory' },
  { generator: 'Hugo', rule: 'every language but `defaultContentLanguage` (default `en`) is served under `/CODE/`, and the default one too with `defaultContentLanguageInSubdir`; a page with no language code in its name is its content directory\'s language, else the default one', example: '`content/de/tutorials.md` is `/tutorials/` with `defaultContentLanguage: de`, and `/de/tutorials/` with `defaultContentLanguageInSubdir: true`', source: 'https://gohugo.io/configuration/languages/' },
  { generator: 'Hugo', rule: "a site with a link render hook (its own, its theme's, or Hugo's embedded one turned on) resolves a relative destination as `relref` does, from the page and then from the content root; with a link or an image render hook a resource is found from the page and then from `assets/` (a global resource); what none finds is written as it is", example: '`[badge](shortcodes/badge)` in `basics/migration/_index.en.md` is the page `shortcodes/badge.en.md`; `![image](images/okta_3.png)` is `assets/images/okta_3.png`', source: 'https://gohugo.io/render-hooks/links/#default' },
  { generator: 'Rails', rule: 'the asset pipeline serves what it compiles from `app/assets/`, `lib/assets/` and `vendor/assets/` under `config.assets.prefix` (default `/assets`), with names the build gives: a link there is not looked for in the tree', example: '`/upcase/assets/application.css` with `config.assets.prefix = "/upcase/assets"` is `app/assets/stylesheets/application.scss` compiled', source: 'https://guides.rubyonrails.org/asset_pipeline.html' },
  { generator: 'Eleventy', rule: 'front matter `permalink` is the route, in a template of any of its languages (`.njk`, `.liquid`, `.webc`, `.hbs`…), with or without a leading `/`; otherwise `x.md` is `/x/` from the input folder', example: '`permalink: /this-is-a-new-path/subdirectory/testing/`; `search.njk` with `permalink: search.json` is `/search.json`', source: 'https://www.11ty.dev/docs/permalinks/' },
  { generator: 'Eleventy', rule: 'a `permalink` from directory and template data files (`blog/blog.json`, `x.11tydata.json`/`.js`), front matter first; `{{ page.fileSlug }}` and `{{ page.filePathStem }}` filled in; a permalink made by code (`eleventyComputed`, a function, other template values) makes the routes under its literal prefix unknown', example: '`blog/blog.json` with `"permalink": "/blog/{{ page.fileSlug }}/"`: `blog/2019-12-19-logo-homage.md` is `/blog/logo-homage/`', source: 'https://www.11ty.dev/docs/data-template-dir/' },
  { generator: 'Eleventy', rule: 'with the InputPathToUrl plugin a link may name a template by its input path, relative to the input folder or to the template', example: '`<a href="my-template.md">` renders as `/my-template/`', source: 'https://www.11ty.dev/docs/plugins/inputpath-to-url/' },
  { generator: 'Eleventy', rule: '`addPassthroughCopy` mappings and the `outputPath` of plugins (read in the configuration and the local modules it imports) are routes; a vercel.json beside it redirects; a `slugify` option set to a function of the site\'s own makes its heading ids unknown (a fragment whose words run in none of the page\'s headings is still missing); text captured by `{% set x %}…{% endset %}` is no output', example: '`addPassthroughCopy({ "src/_includes/throbber.js": "js/throbber.js" })`', source: 'https://www.11ty.dev/docs/copy/' },
  { generator: 'Jekyll', rule: 'a reference definition whose destination is a Liquid tag defines its label', example: '`[X]: {% link docs/x.md %}`', source: 'https://jekyllrb.com/docs/liquid/tags/#links' },
  { generator: 'Vercel (any generator)', rule: 'the `redirects` of a `vercel.json` beside the site\'s configuration are routes, `:name` and `:name*` parameters matching', example: '`{ "source": "/en/:splat*", "destination": "/:splat*" }`: `/en/cli/add` is a route', source: 'https://vercel.com/docs/project-configuration#redirects' },
  { generator: 'Next.js', rule: 'app router: a folder\'s `page.*` (or `route.*`) is its route; route groups `(name)`, parallel slots `@name` are no segment; `_name` folders are private; `[param]` matches any segment', example: '`app/(marketing)/about/page.js` is `/about`', source: 'https://nextjs.org/docs/app/building-your-application/routing/route-groups' },
  { generator: 'Nextra', rule: '`content/` served by a catch-all `[[...mdxPath]]` page (at `contentDirBasePath`); below a `[lang]` segment each `content/<locale>/` is a locale, and a route without the locale is the reader\'s; locales set by code make the site\'s routes unknown', example: '`content/en/docs/getting-started.mdx` is `/en/docs/getting-started` and `/docs/getting-started`', source: 'https://nextra.site/docs/guide/i18n' },
  { generator: 'Astro/Starlight', rule: 'front matter `slug` is the route of a content page; `src/pages/` files are routes', example: '`src/content/docs/guides/first.md` with `slug: start` is `/start/`', source: 'https://starlight.astro.build/reference/frontmatter/#slug' },
  { generator: 'Astro/Starlight', rule: "the configuration's `redirects` are routes (`[slug]` one segment, `[...slug]` any number, a destination or `{ status, destination }`); a module the configuration imports by a relative path is read as a static value too; redirects set by code silence every route", example: "`redirects: { ...generated, '/old-page': '/new-page', '/blog/[...slug]': '/articles/[...slug]' }` with `import generated from './redirects.js'`", source: 'https://docs.astro.build/en/reference/configuration-reference/#redirects' },
  { generator: 'Astro/Starlight', rule: "starlight-changelogs: the pages under each `base` its `changelogsLoader([...])` names in the content configuration (in every locale) are made from changelogs the tree may not hold: their routes are not known", example: "`changelogsLoader([{ provider: 'changeset', base: 'changelog', changelog: '../packages/my-package/CHANGELOG.md' }])`: `/changelog/version/1-0-0/`", source: 'https://starlight-changelogs.netlify.app/docs/getting-started/' },
  { generator: 'Hugo', rule: "a shortcode whose template writes a named parameter as an id (`id=\"{{ .Get \"id\" }}\"`, or a variable set from `.Get` written as `id=\"{{ $v }}\"` or handed to a partial as a dict's `\"id\"`) gives each page calling it the id the call names", example: '`{{< warning id=open-relay-warning >}}` with `{{- $id := .Get "id" }}` … `(dict "id" $id …)` writes `#open-relay-warning`', source: 'https://gohugo.io/methods/shortcode/get/' },
  { generator: 'Hugo', rule: 'with a link render hook, a leaf bundle (`post/index.md`) looks a relative page up from the folder that holds the bundle, as a regular page in that folder does', example: '`[fast](0518-linkerd-benchmarks)` in `blog/2019/0809-myths/index.md` is the page `blog/2019/0518-linkerd-benchmarks/index.md`', source: 'https://gohugo.io/methods/page/getpage/' },
  { generator: 'GitHub', rule: "a Markdown document no site serves (no generator's folder, or a Docusaurus site's file that none of its docs, blog or pages serves) is read on GitHub, whose page script also tries a fragment in lower case", example: '`../api/hooks.md#useStore` finds the heading `useStore()` (`#usestore`) in a `versioned_docs/version-7.2/` that `versions.json` does not list', source: 'https://github.com/rsc/markdown/issues/19' },
  { generator: 'mdBook', rule: "a preprocessor other than mdBook's own `links` and `index` (`[preprocessor.NAME]`, run as `mdbook-NAME` or its `command`) rewrites every chapter by code: an undefined label, a destination of one segment that names no file, and a fragment whose every word the target chapter holds may be its output and are not reported; a path with `/` and a fragment with a word the chapter lacks are still checked", example: "the Reference's `[preprocessor.spec]`: `[closure]: expr.closure` is the rule `r[expr.closure]`, `#r-expr.closure` its id, `[`bool`](bool)` the standard library's page; `../items/enumerations.mdr` is reported", source: 'https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html' },
];

/** A page's front matter as a value (a real YAML parse); `{}` when it has none or it does not parse. */
export function frontMatterOf(text: string): Record<string, unknown> {
  const block = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (block === null) return {};
  try {
    const value = yaml().parse(block[1]!, { logLevel: 'silent', uniqueKeys: false }) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined);
const PAGE = /\.(?:md|mdx|markdown|html?)$/i;
const stemOf = (name: string): string => name.replace(/\.[^.]*$/, '');
/** Docusaurus's number prefix (`01-`, `1.`, `02_`): dropped from ids and routes. */
const dropNumberPrefix = (name: string): string => name.replace(/^\d+\s*[-_.]+\s*(?=[^-_.\s])/, '');

/** A route as the index keys it: one leading `/`, no trailing `/`, no `index.html`/`.html`. */
export function routeKey(route: string): string {
  let key = `/${route}`.replace(/\/{2,}/g, '/');
  key = key.replace(/\/index\.html?$/i, '/').replace(/\.html?$/i, '');
  if (key.length > 1 && key.endsWith('/')) key = key.slice(0, -1);
  return key;
}

/** Jekyll's permalink styles. */
const JEKYLL_STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

/** Expands a Jekyll permalink template with a document's values; an unknown placeholder leaves the template unexpanded (undefined). */
export function expandPermalink(template: string, values: Record<string, string>): string | undefined {
  const pattern = JEKYLL_STYLES[template] ?? template;
  let unknown = false;
  const out = pattern.replace(/:(\w+)/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) unknown = true;
    return value ?? whole;
  });
  return unknown ? undefined : out.replace(/\/{2,}/g, '/');
}

/** The routes of one page of a collection (its path relative to the collection's folder, its text). */
export function pageRoutes(collection: PageCollection, relative: string, text: string): string[] {
  const matter = frontMatterOf(text);
  const segments = relative.split('/');
  const name = segments.pop()!;
  const routes: string[] = [];
  const base = collection.base.endsWith('/') ? collection.base : `${collection.base}/`;
  switch (collection.rule) {
    case 'docusaurus-docs': {
      const dirs = segments.map(dropNumberPrefix);
      const slug = str(matter['slug']);
      const id = str(matter['id']);
      const stem = id ?? dropNumberPrefix(stemOf(name));
      if (slug !== undefined) {
        routes.push(slug.startsWith('/') ? base + slug.slice(1) : base + [...dirs, slug].join('/'));
      } else {
        const folderPage = id === undefined && (/^(?:index|readme)$/i.test(stem) || (dirs.length > 0 && stem === dirs.at(-1)));
        routes.push(base + (folderPage ? dirs : [...dirs, stem]).join('/'));
      }
      break;
    }
    case 'docusaurus-blog': {
      const slug = str(matter['slug']);
      if (slug !== undefined) {
        routes.push(base + slug.replace(/^\//, ''));
        break;
      }
      const date = /^(.*?)(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:\/index)?\.mdx?$/.exec(relative);
      if (date !== null) {
        const [, folder, year, month, day, text] = date;
        routes.push(`${base}${folder}${year}/${month!.padStart(2, '0')}/${day!.padStart(2, '0')}/${text}`);
      } else {
        routes.push(base + relative.replace(/(?:\/index)?\.mdx?$/i, ''));
      }
      break;
    }
    case 'docusaurus-pages':
    case 'astro': {
      const slug = str(matter['slug']);
      const path = relative.replace(/\.[^./]*$/, '').replace(/(?:^|\/)index$/i, '');
      if (collection.rule === 'astro' && slug !== undefined) routes.push(base + slug.replace(/^\//, ''));
      // Astro's content collections slugify a page's path (lower case, spaces as `-`).
      else routes.push(base + (collection.rule === 'astro' && !/\.astro$/i.test(name) ? path.toLowerCase().replace(/\s+/g, '-') : path));
      break;
    }
    case 'mkdocs':
    case 'mkdocs-files': {
      // https://www.mkdocs.org/user-guide/configuration/#use_directory_urls
      const path = relative.replace(/\.(?:md|markdown)$/i, '').replace(/(^|\/)(?:index|README)$/i, '$1');
      routes.push(base + (collection.rule === 'mkdocs' && path !== '' && !path.endsWith('/') ? `${path}/` : path === '' || path.endsWith('/') ? path : `${path}.html`));
      break;
    }
    case 'vitepress':
      routes.push(base + rewritePath(collection.rewrites ?? [], relative).replace(/\.md$/i, '').replace(/(^|\/)index$/i, '$1'));
      break;
    case 'eleventy': {
      const permalink = eleventyPermalink(collection, relative, { ...jsFrontMatter(text), ...matter });
      if (permalink === false || typeof permalink === 'object') break;
      if (permalink !== undefined) routes.push(permalink);
      else {
        // `x.md` is `/x/` (https://www.11ty.dev/docs/permalinks/#default-input-output-examples).
        const path = relative.replace(/\.[^./]*$/, '').replace(/(^|\/)index$/i, '$1');
        routes.push(base + (path === '' || path.endsWith('/') ? path : `${path}/`));
      }
      break;
    }
    case 'nextjs-app': {
      // https://nextjs.org/docs/app/building-your-application/routing/route-groups: `(group)` and `@slot` folders are no segment.
      const kept = segments.filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith('@'));
      routes.push(base + kept.join('/'));
      break;
    }
    case 'nextra-content': {
      const path = relative.replace(/\.mdx?$/i, '').replace(/(?:^|\/)index$/i, '');
      routes.push(base + path);
      const locale = (collection.locales ?? []).find((name) => path === name || path.startsWith(`${name}/`));
      if (locale !== undefined) routes.push(base + path.slice(locale.length + 1));
      break;
    }
    case 'hugo': {
      const url = str(matter['url']);
      const slug = str(matter['slug']);
      // Translation by file name (https://gohugo.io/content-management/multilingual/#translation-by-file-name):
      // `badge.en.md` is the English page `badge`, served under `/en/` unless English is the default language.
      const code = /\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?)\.[^.]+$/.exec(name)?.[1];
      const named = code !== undefined && collection.languages?.codes.includes(code.toLowerCase()) === true ? code.toLowerCase() : undefined;
      const own = named === undefined ? name : name.replace(/\.[^.]+(\.[^.]+)$/, '$1');
      // A page without a language code in its name is its content directory's language, else the
      // default language; every language but the default is served under `/CODE/`, and the default
      // too with `defaultContentLanguageInSubdir` (https://gohugo.io/configuration/languages/).
      const language = named ?? collection.language ?? collection.languages?.default;
      const prefix = language === undefined || collection.languages === undefined || (language === collection.languages.default && !collection.languages.inSubdir) ? base : `${base}${language}/`;
      const section = /^_?index\.[^.]+$/i.test(own);
      // Hugo writes paths in lower case unless `disablePathToLower` (https://gohugo.io/configuration/all/#disablepathtolower).
      const cased = (path: string): string => (collection.keepCase === true ? path : path.toLowerCase());
      // Pretty URLs: a page and a section are folders (`/posts/my-first-post/`).
      if (url !== undefined) routes.push(url);
      else if (section) routes.push(cased(`${prefix}${segments.join('/')}/`.replace(/\/{2,}$/, '/')));
      else routes.push(cased(`${prefix}${[...segments, slug ?? stemOf(own)].join('/')}/`));
      const aliases = matter['aliases'];
      for (const alias of Array.isArray(aliases) ? aliases : [aliases]) {
        const route = str(alias);
        if (route !== undefined) routes.push(route.startsWith('/') ? route : base + [...segments, route].join('/'));
      }
      break;
    }
    case 'jekyll-page':
    case 'jekyll-post':
    case 'jekyll-collection': {
      const permalink = str(matter['permalink']);
      const outputExt = /\.html?$/i.test(name) || PAGE.test(name) ? '.html' : name.slice(name.lastIndexOf('.'));
      if (permalink !== undefined && !/\{\{|\{%/.test(permalink)) {
        const expanded = permalink.includes(':') ? expandPermalink(permalink, jekyllValues(collection, relative, name, matter, outputExt)) : permalink;
        if (expanded !== undefined) routes.push(expanded);
      } else if (collection.rule === 'jekyll-page') {
        const pretty = collection.permalink === 'pretty' || collection.permalink?.endsWith('/') === true;
        const stem = stemOf(relative);
        routes.push(base + (pretty || /(?:^|\/)index$/i.test(stem) ? `${stem.replace(/(?:^|\/)index$/i, '')}/` : `${stem}${outputExt}`));
      } else {
        const template = collection.permalink ?? (collection.rule === 'jekyll-post' ? 'date' : '/:collection/:path:output_ext');
        const expanded = expandPermalink(template, jekyllValues(collection, relative, name, matter, outputExt));
        if (expanded !== undefined) routes.push(expanded);
      }
      const from = matter['redirect_from'];
      for (const entry of Array.isArray(from) ? from : [from]) {
        const route = str(entry);
        if (route !== undefined && !/\{\{|\{%/.test(route)) routes.push(route);
      }
      break;
    }
  }
  return routes;
}

/** Eleventy's JavaScript front matter (`---js`): its `permalink` when a string literal sets it, else unknown when it names one. */
export function jsFrontMatter(text: string): Record<string, unknown> {
  const block = /^---[ \t]*(?:js|javascript)[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (block === null) return {};
  const literal = /\bpermalink\s*[=:]\s*(["'`])([^"'`\n]*)\1/.exec(block[1]!);
  if (literal !== null) return { permalink: literal[2] };
  return /\bpermalink\b/.test(block[1]!) ? { permalink: { unknown: 'JavaScript front matter' } } : {};
}

/**
 * An Eleventy page's permalink: its front matter's, else the nearest data file's
 * (https://www.11ty.dev/docs/data-cascade/); `{{ page.fileSlug }}` and `{{ page.filePathStem }}`
 * filled in (https://www.11ty.dev/docs/data-eleventy-supplied/#page-variable). `false`: no page;
 * an `UnknownRoute` when code or another template value makes it; `undefined` when none is set.
 */
export function eleventyPermalink(collection: PageCollection, relative: string, matter: Record<string, unknown>): string | false | UnknownRoute | undefined {
  const data = collection.dataOf?.(relative) ?? {};
  const computed = (value: unknown): boolean => typeof value === 'object' && value !== null && 'permalink' in value;
  const own = 'permalink' in matter ? matter['permalink'] : undefined;
  let value: unknown = own;
  let where = 'front matter';
  if (computed(matter['eleventyComputed'])) return { prefix: '/', setting: `eleventyComputed.permalink in ${relative}` };
  if (own === undefined) {
    if (computed(data['eleventyComputed'])) return { prefix: '/', setting: `eleventyComputed.permalink in the data files of ${relative}` };
    value = data['permalink'];
    where = 'a data file';
  }
  if (value === undefined || value === null) return undefined;
  if (value === false) return false;
  if (typeof value !== 'string') return { prefix: '/', setting: `permalink set by code (${where} of ${relative})` };
  const stem = relative.replace(/\.[^./]*$/, '');
  const name = stem.split('/').pop()!;
  const folder = stem.split('/').slice(0, -1).pop();
  // `2018-01-01-myFile.md` has the fileSlug `myFile`; `index.md` its folder's name.
  const fileSlug = name === 'index' ? (folder ?? '') : name.replace(/^\d{4}-\d{2}-\d{2}-/, '');
  const known: Record<string, string> = { 'page.fileSlug': fileSlug, 'page.filePathStem': `/${stem}` };
  let unknown = false;
  const route = value.replace(/\{\{-?\s*([^}]*?)\s*-?\}\}|\{%[\s\S]*?%\}/g, (whole, expression: string | undefined) => {
    const filled = expression === undefined ? undefined : known[expression];
    if (filled === undefined) unknown = true;
    return filled ?? whole;
  });
  if (unknown) {
    const prefix = route.slice(0, route.search(/\{[{%]/)).replace(/[^/]*$/, '');
    return { prefix: prefix.startsWith('/') ? prefix : `/${prefix}`, setting: `permalink "${value}" (${where} of ${relative})` };
  }
  return route.startsWith('/') ? route : `/${route}`;
}

/** The values of Jekyll's permalink placeholders for one document. */
function jekyllValues(collection: PageCollection, relative: string, name: string, matter: Record<string, unknown>, outputExt: string): Record<string, string> {
  const values: Record<string, string> = { output_ext: outputExt, collection: collection.rule === 'jekyll-post' ? 'posts' : (collection.name ?? 'posts') };
  const stem = stemOf(name);
  const dated = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/.exec(stem);
  const title = str(matter['slug']) ?? (dated === null ? stem : dated[4]!);
  values['title'] = title;
  values['slug'] = title.toLowerCase().replace(/[^\w.-]+/g, '-');
  values['name'] = title;
  values['basename'] = stem;
  values['path'] = relative.replace(/\.[^./]*$/, '');
  const folders = relative.split('/').slice(0, -1);
  const categories = matter['categories'] ?? matter['category'];
  const listed = (Array.isArray(categories) ? categories : typeof categories === 'string' ? categories.split(/\s+/) : []).map(str).filter((c): c is string => c !== undefined);
  values['categories'] = [...(collection.rule === 'jekyll-post' ? (collection.name ?? '').split('/').filter((c) => c !== '') : []), ...folders, ...listed].map((c) => c.toLowerCase()).join('/');
  const date = str(matter['date'])?.match(/^(\d{4})-(\d{1,2})-(\d{1,2})/) ?? dated;
  if (date !== null && date !== undefined) {
    values['year'] = date[1]!;
    values['month'] = date[2]!.padStart(2, '0');
    values['i_month'] = String(Number(date[2]));
    values['day'] = date[3]!.padStart(2, '0');
    values['i_day'] = String(Number(date[3]));
    values['short_year'] = date[1]!.slice(2);
  }
  return values;
}

/** Whether a file name is a page of a collection with this rule. */
export function isPageFile(rule: RouteRule, name: string): boolean {
  // Hugo's `_index.md` is a section's page; elsewhere a leading `_` marks a partial.
  if (name.startsWith('_') && !(rule === 'hugo' && /^_index\./i.test(name))) return false;
  switch (rule) {
    case 'docusaurus-docs':
    case 'docusaurus-blog':
    case 'vitepress':
      return /\.mdx?$/i.test(name);
    case 'mkdocs':
    case 'mkdocs-files':
      return /\.(?:md|markdown)$/i.test(name);
    case 'nextjs-app':
      return /^(?:page|route)\.(?:mdx?|[jt]sx?)$/.test(name);
    case 'nextra-content':
      return /\.mdx?$/i.test(name);
    case 'docusaurus-pages':
    case 'astro':
      return /\.(?:mdx?|jsx?|tsx?|astro|html)$/i.test(name);
    default:
      return PAGE.test(name) || /\.(?:njk|liquid|11ty\.js|webc|textile)$/i.test(name);
  }
}
