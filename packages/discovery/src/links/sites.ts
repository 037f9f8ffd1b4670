/**
 * Site generators recognised from their own files, and what each changes in how a link resolves:
 * the folder its pages come from (site-absolute routes start there), its folders of static files,
 * whether routes drop the extension, and the heading-id style of its Markdown renderer.
 */
import { literalStart, redirectPattern } from './path-patterns.js';
import { knownRewrite, type PageCollection } from './routing.js';
import type { SlugStyle } from './slug.js';
import { isObject, isUnknown, openSpread, readConfig, stringAt, valueAt, type ModuleLoader, type StaticValue, type Unknown } from './static-config.js';

export type GeneratorName = 'vitepress' | 'docusaurus' | 'mkdocs' | 'mdbook' | 'jekyll' | 'hugo' | 'astro' | 'eleventy' | 'nextjs' | 'vite';

/** The front matter keys that move a page to another route, and how: `permalink`/`url` name the whole route, `slug` its last segment (or, starting with `/`, the whole). */
export type FrontMatterRoute = 'permalink' | 'url' | 'slug';

/** A site as found: where its configuration is, and the rules applied to links into it. */
export interface SiteProfile {
  generator: GeneratorName | undefined;
  /** The folder the generator's files are in (absolute); the repository root when none. */
  root: string;
  /** Route prefix → folder (absolute, with a trailing `/`): where a site-absolute path is looked for. */
  routes: [string, string][];
  /** Folders copied to the site's root as they are (`public/`, `static/`). */
  staticDirs: string[];
  slugStyle: SlugStyle;
  /** Docusaurus drops number prefixes from doc routes (`01-intro.md` is `intro`). */
  numberPrefixes: boolean;
  /** The front matter keys the generator reads as the page's route (Jekyll's and Eleventy's `permalink:`, Hugo's `url:`, Docusaurus's `slug:`). */
  frontMatterRoutes?: readonly FrontMatterRoute[];
  /** Folders of layouts, partials and components (absolute, trailing `/`): the ids they write literally may be on any page, and a component that sets an id from a prop gives documents that id syntax. */
  layoutDirs?: readonly string[];
  /** Folders of pages whose `[param]` names match any one segment (Next.js `pages/`, `app/`). */
  dynamicDirs?: readonly string[];
  /** Redirects the site's configuration declares: [source pattern, destination, the file that says so]. */
  redirects?: readonly [string, string, string][];
  /**
   * The site serves only its HTML documents (a Vite project: its `index.html` pages read `/main.js`
   * from the project's folder and `public/`); a Markdown document in it is read as GitHub renders
   * it, or by a site further up.
   */
  htmlOnly?: boolean;
  /** Extensions a module path may leave out (Vite resolves `/src/entry-client` to `entry-client.tsx`). */
  moduleExtensions?: readonly string[];
  /** The site's root is set by code the tree cannot evaluate: a page's own folder is taken as a root too. */
  pageFolderRoot?: boolean;
  /** Folders of pages and the rule that routes each (a page's front matter may move it): indexed so a site-absolute route finds the page. */
  collections?: readonly PageCollection[];
  /**
   * Settings of the configuration set by code the tree cannot evaluate, each with the route
   * prefixes it governs: a link under one that finds no page is said once, not reported.
   */
  unknowns?: readonly { setting: string; prefixes: readonly string[] }[];
  /** Path prefixes that name a folder of the site (`@site/`, `@theme/`): prefix → folder (absolute, trailing `/`). */
  aliases?: readonly [string, string][];
  /** The site's base path, which every route starts with (Jekyll's `baseurl`). */
  baseUrl?: string;
  /** Locales whose missing pages show the default locale's (Starlight): `/es/x/` is `/x/` when `es/x.md` is not there. */
  localeFallbacks?: readonly string[];
  /** Single files served at a route (Hugo's mounts of one file into `content/`): [route, file]. */
  fileRoutes?: readonly [string, string][];
  /** Every route under a collection's prefix is a page of the collections (Docusaurus, whose plugins are all read): a route none has is missing. */
  routesComplete?: boolean;
  /** Fragments match ids without regard to case (VitePress's router). */
  caseInsensitiveFragments?: boolean;
  /** `<!--@include: path-->` pastes another file's headings into a page (VitePress). */
  includes?: boolean;
  /** The heading ids of the site's Markdown pages are made by code the tree cannot evaluate (what makes them): a missing fragment there is said once, not reported. */
  headingIdsUnknown?: string;
  /**
   * MkDocs with mkdocs-autorefs (on its own or through mkdocstrings), named here: `[text][identifier]`
   * without a definition is a cross-reference to a heading or object anywhere in the site, and a
   * page with a mkdocstrings `::: identifier` block holds the ids of the objects it renders.
   */
  crossReferences?: string;
  /**
   * Docusaurus: a link to a Markdown file written without `./` or `../` (`api/Store.md`) is looked
   * for from the page's folder, then from the content folder of the docs or blog instance the page
   * is in, then from the site's folder.
   */
  markdownLinksFromContentRoot?: boolean;
  /** Eleventy's InputPathToUrl plugin: a link may name a template by its path from this folder (the input folder, absolute, trailing `/`). */
  inputPaths?: string;
  /**
   * Hugo's link and image render hooks (the site's, its theme's, or the embedded ones): a relative
   * destination found nowhere else is a page from the content root (as `relref` reads it) or a
   * global resource in `assets/` (absolute, trailing `/`).
   */
  renderHookRoots?: { pages: boolean; resources: readonly string[] };
  /**
   * MkDocs hooks that rewrite a page's Markdown or HTML by code (`on_page_markdown`, `on_page_content`,
   * `on_post_page`): the ids and reference definitions of the pages they touch are the hook's output.
   * `markers` are the literal starts of what the hook's substitutions match (`<!-- md:`): the words of
   * a marked line may become ids; none, with no `pages`, means every page is rewritten; `pages` (paths
   * under the docs folder) names the only pages the hook touches.
   */
  pageHooks?: readonly PageHook[];
  /**
   * mdBook preprocessors other than its own `links` and `index`, as `book.toml` names them: code that
   * rewrites every chapter's Markdown before it is rendered, so the ids, reference definitions and
   * link destinations it may write are not the tree's.
   */
  preprocessors?: readonly string[];
  /** Files pymdownx.snippets' `auto_append` adds to the end of every page (absolute): their definitions and ids are every page's. */
  appendedFiles?: readonly string[];
  /** pymdownx.tabbed's tab ids (`AnchorOptions.tabbed`). */
  tabbed?: { slugify: 'github' | 'unknown' | undefined; combineHeaderSlug: boolean };
  /** A sentence for `scan --stats` and the server's log. */
  description: string;
}

/** One MkDocs hook that rewrites pages: see `SiteProfile.pageHooks`. */
export interface PageHook {
  /** The hook's file, as the configuration names it. */
  file: string;
  markers: readonly string[];
  pages?: readonly string[];
}

/** What a generator's files are called, and where the facts below come from. */
interface Generator {
  name: GeneratorName;
  /** Whether `names` (a folder's entries) hold the generator's files; `read` gives a file's text. */
  matches(names: ReadonlySet<string>, read: (name: string) => string | undefined): boolean;
  /** The profile for a site whose configuration is in `dir` (absolute, ends with `/`); `list` gives a folder's names (relative to `dir`). */
  profile(dir: string, read: (name: string) => string | undefined, names: ReadonlySet<string>, list: (name: string) => ReadonlySet<string> | undefined): Omit<SiteProfile, 'generator' | 'root' | 'description'>;
}

/** What a folder listing callback gives when none is at hand. */
const noListing = (): undefined => undefined;

const withSlash = (path: string): string => (path.endsWith('/') ? path : `${path}/`);

/** A folder named relative to `dir` (`./src`, `docs`), as an absolute folder path. */
function under(dir: string, name: string): string {
  const clean = name.trim().replace(/^\.\//, '').replace(/^\/+/, '');
  if (clean === '' || clean === '.') return dir;
  // `path: '../docs'` (Docusaurus's docs beside the site's folder): the dot segments applied.
  const segments: string[] = [];
  for (const segment of (dir + clean).split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return withSlash(segments.join('/'));
}

/** The first match of `pattern`'s group in a configuration file's text, when the file exists. */
function setting(read: (name: string) => string | undefined, names: readonly string[], pattern: RegExp): string | undefined {
  for (const name of names) {
    const text = read(name);
    const match = text === undefined ? undefined : pattern.exec(text);
    if (match?.[1] !== undefined) return match[1];
  }
  return undefined;
}

/** A configuration file of the site read as a static value (`{}` when absent); the modules it imports by a relative path are read too. */
function configAt(read: (name: string) => string | undefined, name: string): StaticValue {
  const text = read(name);
  return text === undefined || text.trim() === '' ? {} : readConfig(text, name, moduleLoader(read, name));
}

/** The modules a configuration file `name` imports by a relative path, found as Node and bundlers find them (the path, else with an extension added or `.js` read as `.ts`). */
function moduleLoader(read: (name: string) => string | undefined, name: string): ModuleLoader {
  return (specifier) => {
    const segments: string[] = [];
    for (const segment of `${name.slice(0, name.lastIndexOf('/') + 1)}${specifier}`.split('/')) {
      if (segment === '..') segments.pop();
      else if (segment !== '.' && segment !== '') segments.push(segment);
    }
    const path = segments.join('/');
    for (const candidate of [path, ...['.js', '.mjs', '.cjs', '.ts', '.mts'].map((extension) => path + extension), path.replace(/\.([cm]?)js$/, '.$1ts')]) {
      const text = read(candidate);
      if (text !== undefined) return { text, filename: candidate };
    }
    return undefined;
  };
}

/**
 * Astro's `redirects` (https://docs.astro.build/en/reference/configuration-reference/#redirects): a
 * route to a destination, or to `{ status, destination }`; `[slug]` and `[...slug]` are one and any
 * number of segments. Set by code, they may redirect any route.
 */
function astroRedirects(dir: string, file: string, config: StaticValue, unknowns: { setting: string; prefixes: string[] }[]): [string, string, string][] {
  const given = valueAt(config, 'redirects');
  const out: [string, string, string][] = [];
  if (isUnknown(given)) unknowns.push({ setting: `${file}: redirects = ${given.text}`, prefixes: ['/'] });
  if (!isObject(given)) return out;
  const open = openSpread(given);
  if (open !== undefined) unknowns.push({ setting: `${file}: redirects spread from ${open.text}`, prefixes: ['/'] });
  for (const [source, target] of Object.entries(given)) {
    const destination = typeof target === 'string' ? target : stringAt(target, 'destination');
    const pattern = source.replace(/\[\.\.\.([^\]/]+)\]/g, ':$1*').replace(/\[([^\]/]+)\]/g, ':$1');
    if (typeof destination === 'string') out.push([pattern, destination, `${dir}${file}`]);
    else unknowns.push({ setting: `${file}: redirects['${source}']`, prefixes: [literalStart(pattern)] });
  }
  return out;
}

/**
 * The routes starlight-changelogs writes (https://starlight-changelogs.netlify.app/docs/getting-started/):
 * each changelog its `changelogsLoader([...])` of the content configuration names is served under its
 * `base` (`/changelog/`, `/changelog/version/1-0-0/`, in every locale), made from a file the tree may
 * not hold: the routes under it are not known. A base set by code may be any route.
 */
function starlightChangelogRoutes(read: (name: string) => string | undefined, locales: readonly string[]): { setting: string; prefixes: string[] }[] {
  const file = ['src/content.config.ts', 'src/content.config.mjs', 'src/content.config.js', 'src/content/config.ts', 'src/content/config.mjs', 'src/content/config.js'].find((name) => read(name) !== undefined);
  const text = file === undefined ? '' : read(file)!;
  const at = text.search(/\bchangelogsLoader\s*\(/);
  if (at < 0) return [];
  const call = text.slice(at, at + 16_384);
  const prefixes: string[] = [];
  for (const base of call.matchAll(/\bbase\s*:\s*(?:(["'`])([^"'`$\r\n]*)\1|([^,}\r\n]+))/g)) {
    if (base[2] === undefined) return [{ setting: `${file}: starlight-changelogs base = ${base[3]!.trim()}`, prefixes: ['/'] }];
    const route = `/${base[2].replace(/^\/+|\/+$/g, '')}`;
    prefixes.push(route, ...locales.map((locale) => `/${locale}${route}`));
  }
  return prefixes.length === 0 ? [] : [{ setting: `pages starlight-changelogs writes from changelogs the tree does not hold (${file})`, prefixes }];
}

const arrayOf = (value: StaticValue): StaticValue[] | undefined => (Array.isArray(value) ? value : undefined);

/** A plugin or preset entry: its name and options (`'name'`, `['name', {…}]`, or set by code). */
function entryOf(entry: StaticValue): { name: string | Unknown; options: StaticValue } | undefined {
  if (typeof entry === 'string' || isUnknown(entry)) return { name: entry, options: {} };
  if (Array.isArray(entry) && (typeof entry[0] === 'string' || isUnknown(entry[0]))) return { name: entry[0], options: entry[1] ?? {} };
  return undefined;
}

/**
 * Docusaurus's routes from its configuration: the docs instances (the classic preset's `docs`,
 * each `@docusaurus/plugin-content-docs`), their versions (`versions.json`,
 * `versioned_docs/version-X/`), the blog instances and the pages; what code sets is said once and
 * silences the routes under it.
 */
function docusaurusProfile(dir: string, file: string, config: StaticValue, read: (name: string) => string | undefined, list: (name: string) => ReadonlySet<string> | undefined): Omit<SiteProfile, 'generator' | 'root' | 'description'> {
  const unknowns: { setting: string; prefixes: string[] }[] = [];
  const collections: PageCollection[] = [];
  const routes: [string, string][] = [];
  const docs: StaticValue[] = [];
  const blogs: StaticValue[] = [];
  const pages: StaticValue[] = [];
  if (isUnknown(config)) unknowns.push({ setting: `${file}: ${config.text}`, prefixes: ['/'] });
  // A configuration that names neither presets nor plugins (an empty file in a test): the classic preset's defaults.
  if (isObject(config) && valueAt(config, 'presets') === undefined && valueAt(config, 'plugins') === undefined) {
    docs.push({});
    blogs.push({});
    pages.push({});
  }
  for (const [key, kind] of [['presets', 'preset'], ['plugins', 'plugin']] as const) {
    const entries = valueAt(config, key);
    if (isUnknown(entries)) unknowns.push({ setting: `${file}: ${key} = ${entries.text}`, prefixes: ['/'] });
    for (const entry of arrayOf(entries) ?? []) {
      const found = entryOf(entry);
      if (found === undefined) continue;
      const { name, options } = found;
      if (isUnknown(name)) {
        // A plugin set by code may add routes of its own; which, the tree does not say.
        unknowns.push({ setting: `${file}: ${kind} ${name.text}`, prefixes: [] });
        continue;
      }
      if (kind === 'preset') {
        if (isUnknown(options)) {
          unknowns.push({ setting: `${file}: the options of ${name}`, prefixes: ['/'] });
          continue;
        }
        for (const [part, into] of [['docs', docs], ['blog', blogs], ['pages', pages]] as const) {
          const value = valueAt(options, part);
          if (value !== false) into.push(value ?? {});
        }
      } else if (/(?:^|[-/])content-docs$/.test(name)) docs.push(options);
      else if (/(?:^|[-/])content-blog$/.test(name)) blogs.push(options);
      else if (/(?:^|[-/])content-pages$/.test(name)) pages.push(options);
    }
  }
  const setting = (options: StaticValue, key: string, fallback: string, what: string, prefixes: string[]): string | undefined => {
    const value = stringAt(options, key);
    if (isUnknown(value)) {
      unknowns.push({ setting: `${file}: ${what} ${key} = ${value.text}`, prefixes });
      return undefined;
    }
    return value ?? fallback;
  };
  const baseOf = (routeBasePath: string): string => `/${routeBasePath.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  for (const options of docs) {
    if (isUnknown(options)) {
      unknowns.push({ setting: `${file}: docs options ${options.text}`, prefixes: ['/'] });
      continue;
    }
    const id = stringAt(options, 'id');
    const instance = typeof id === 'string' && id !== 'default' ? id : undefined;
    const base = baseOf(setting(options, 'routeBasePath', 'docs', 'docs', ['/']) ?? 'docs');
    const path = setting(options, 'path', 'docs', 'docs', [base]);
    if (path === undefined) continue;
    const folder = under(dir, path);
    // Versions: the last at the base, the current one at `next/` when there are versions, each other at its name.
    let versions: string[] = [];
    try {
      const parsed = JSON.parse(read(instance === undefined ? 'versions.json' : `${instance}_versions.json`) ?? '[]') as unknown;
      if (Array.isArray(parsed)) versions = parsed.filter((v): v is string => typeof v === 'string');
    } catch {
      // A versions file that does not parse lists none.
    }
    const last = stringAt(options, 'lastVersion');
    const lastVersion = typeof last === 'string' ? last : (versions[0] ?? 'current');
    const currentPath = stringAt(options, 'versions', 'current', 'path');
    const versionBase = (version: string, path?: string): string => (version === lastVersion ? base : `${base}${path ?? (version === 'current' ? 'next' : version)}/`);
    const includeCurrent = valueAt(options, 'includeCurrentVersion') !== false;
    if (includeCurrent) {
      const currentBase = versionBase('current', typeof currentPath === 'string' ? currentPath : undefined);
      collections.push({ dir: folder, base: currentBase, rule: 'docusaurus-docs', skip: (name) => name.startsWith('_') });
      routes.push([currentBase, folder]);
    }
    const versioned = instance === undefined ? 'versioned_docs' : `${instance}_versioned_docs`;
    for (const version of versions) {
      const versionFolder = `${dir}${versioned}/version-${version}/`;
      const versionRoute = versionBase(version);
      if (list(`${versioned}/version-${version}`) === undefined) {
        // A listed version whose folder is not in the tree is written at build. The last one, when the
        // current docs are not served themselves, is their copy (what `docusaurus docs:version` makes):
        // the current folder serves its routes. Any other: its routes are not known.
        if (version === lastVersion && !includeCurrent) {
          collections.push({ dir: folder, base: versionRoute, rule: 'docusaurus-docs', skip: (name) => name.startsWith('_') });
          routes.push([versionRoute, folder]);
        } else unknowns.push({ setting: `${versioned}/version-${version}, listed in versions.json, is not in the tree (written at build)`, prefixes: [versionRoute] });
        continue;
      }
      collections.push({ dir: versionFolder, base: versionRoute, rule: 'docusaurus-docs', skip: (name) => name.startsWith('_') });
      routes.push([versionRoute, versionFolder]);
    }
  }
  for (const options of blogs) {
    if (isUnknown(options)) {
      unknowns.push({ setting: `${file}: blog options ${options.text}`, prefixes: ['/blog/'] });
      continue;
    }
    const base = baseOf(setting(options, 'routeBasePath', 'blog', 'blog', ['/']) ?? 'blog');
    const path = setting(options, 'path', 'blog', 'blog', [base]);
    if (path === undefined) continue;
    collections.push({ dir: under(dir, path), base, rule: 'docusaurus-blog', skip: (name) => name.startsWith('_') });
    routes.push([base, under(dir, path)]);
    // The list pages the blog plugin writes itself.
    unknowns.push({ setting: 'pages the blog plugin generates (tags, archive, authors, pagination, feeds)', prefixes: ['tags', 'archive', 'authors', 'page', 'rss.xml', 'atom.xml', 'feed.json'].map((page) => `${base}${page}`) });
  }
  for (const options of pages) {
    if (isUnknown(options)) continue;
    const path = setting(options, 'path', 'src/pages', 'pages', ['/']);
    const base = baseOf(setting(options, 'routeBasePath', '/', 'pages', ['/']) ?? '/');
    if (path === undefined) continue;
    collections.push({ dir: under(dir, path), base, rule: 'docusaurus-pages', skip: (name) => name.startsWith('_') });
    routes.push([base, under(dir, path)]);
  }
  const statics = valueAt(config, 'staticDirectories');
  const staticDirs = (arrayOf(statics) ?? ['static']).filter((name): name is string => typeof name === 'string').map((name) => under(dir, name));
  // A plugin set by code may serve any route: then a route no collection has is not known to be missing.
  const routesComplete = !unknowns.some((unknown) => unknown.prefixes.length === 0);
  return { routes, staticDirs, slugStyle: 'github', numberPrefixes: true, frontMatterRoutes: ['slug'], collections, unknowns, aliases: [['@site/', dir]], routesComplete, markdownLinksFromContentRoot: true };
}

/** The events of a MkDocs hook that change a page's Markdown or HTML (https://www.mkdocs.org/dev-guide/plugins/#page-events). */
const PAGE_EVENTS = /^def[ \t]+(?:on_page_markdown|on_page_content|on_post_page)\b/m;

/** The regular expression characters a pattern's literal start ends at. */
const REGEX_SPECIAL = /[\\.^$*+?()[\]{}|]/;

/**
 * What a MkDocs hook (https://www.mkdocs.org/user-guide/configuration/#hooks) rewrites, read from its
 * Python source, never run: nothing when it defines no page event; only the pages it compares
 * `page.file.src_uri` with (`if page.file.src_uri != "setup/changing-the-language.md": return`); else
 * the text its `re.sub` patterns match, by their literal starts (`r"<!-- md:(\w+)(.*?) -->"` is
 * `<!-- md:`); else, a substitution with no literal start or a rewrite by other means, every page.
 */
export function mkdocsHookReach(file: string, text: string): PageHook | undefined {
  if (!PAGE_EVENTS.test(text)) return undefined;
  const pages = [...text.matchAll(/\bpage\.file\.src_(?:uri|path)[ \t]*!=[ \t]*(['"])([^'"\r\n]+)\1/g)].map((match) => match[2]!);
  if (pages.length > 0) return { file, markers: [], pages };
  const markers: string[] = [];
  for (const call of text.matchAll(/\bre\.subn?\(\s*[rRuU]?(['"])((?:\\.|(?!\1)[^\\\r\n])*)\1/g)) {
    const pattern = call[2]!;
    const start = pattern.search(REGEX_SPECIAL);
    const literal = start < 0 ? pattern : pattern.slice(0, start);
    // A substitution that may match anywhere: every page.
    if (literal.trim().length < 3) return { file, markers: [] };
    markers.push(literal);
  }
  return { file, markers };
}

/**
 * pymdownx.tabbed's options in `markdown_extensions` (https://facelessuser.github.io/pymdown-extensions/extensions/tabbed/#tab-ids):
 * `slugify` names a Python function by a YAML tag, which the parsed value does not keep, so the tag is
 * read from the extension's lines: pymdownx.slugs' (`!!python/object/apply:pymdownx.slugs.slugify` with
 * `case: lower`, or `uslugify`/`gfm`) makes GitHub's slugs; any other is the site's own.
 */
function mkdocsTabbed(config: StaticValue, text: string): SiteProfile['tabbed'] {
  const entry = (arrayOf(valueAt(config, 'markdown_extensions')) ?? []).find((each) => each === 'pymdownx.tabbed' || (isObject(each) && 'pymdownx.tabbed' in each));
  if (entry === undefined) return undefined;
  const options = isObject(entry) ? entry['pymdownx.tabbed'] : undefined;
  const combineHeaderSlug = valueAt(options, 'combine_header_slug') === true;
  if (valueAt(options, 'slugify') === undefined) return { slugify: undefined, combineHeaderSlug };
  const at = /^([ \t]*)-[ \t]*pymdownx\.tabbed[ \t]*:/m.exec(text);
  let block = '';
  if (at !== null) {
    const rest = text.slice(at.index + at[0].length);
    const end = new RegExp(`^[ \\t]{0,${at[1]!.length}}\\S`, 'm').exec(rest);
    block = rest.slice(0, end === null ? rest.length : end.index);
  }
  const tag = /\bslugify[ \t]*:[ \t]*!!python\/(?:object\/apply|name):pymdownx\.slugs\.(\w+)/.exec(block)?.[1];
  const lower = stringAt(options, 'slugify', 'kwds', 'case') === 'lower';
  return { slugify: (tag === 'slugify' && lower) || tag === 'uslugify' || tag === 'gfm' ? 'github' : 'unknown', combineHeaderSlug };
}

/** Hugo's configuration folder: `config/_default/` holds the settings every environment shares. */
const HUGO_CONFIG_DIR = ['hugo', 'config'].flatMap((stem) => ['toml', 'yaml', 'yml', 'json'].map((ext) => `config/_default/${stem}.${ext}`));

const anyOf = (names: ReadonlySet<string>, prefix: string, extensions: readonly string[]): string[] => extensions.map((e) => `${prefix}${e}`).filter((n) => names.has(n));

/** The redirects of a `vercel.json` beside the site's configuration (https://vercel.com/docs/project-configuration#redirects). */
function vercelRedirects(dir: string, read: (name: string) => string | undefined, names: ReadonlySet<string>): [string, string, string][] {
  const redirects: [string, string, string][] = [];
  if (!names.has('vercel.json')) return redirects;
  try {
    const config = JSON.parse(read('vercel.json') ?? '{}') as { redirects?: { source?: unknown; destination?: unknown }[] };
    for (const entry of config.redirects ?? []) if (typeof entry.source === 'string' && typeof entry.destination === 'string') redirects.push([entry.source, entry.destination, `${dir}vercel.json`]);
  } catch {
    // A vercel.json that does not parse declares no redirects here.
  }
  return redirects;
}

/**
 * What an Eleventy page inherits from its data files (https://www.11ty.dev/docs/data-template-dir/):
 * each folder's directory data file (`blog/blog.json`, `blog/blog.11tydata.json`, `.11tydata.js`),
 * the deeper one winning, then the page's own template data file (`x.11tydata.json`). Only the
 * keys that route a page are kept; one set by code is `{ unknown }`.
 */
function eleventyData(input: string, read: (name: string) => string | undefined): (relative: string) => Record<string, unknown> {
  const cache = new Map<string, Record<string, unknown>>();
  const fileData = (name: string): Record<string, unknown> => {
    let known = cache.get(name);
    if (known !== undefined) return known;
    known = {};
    const text = read(input + name);
    if (text !== undefined) {
      let value: StaticValue;
      try {
        value = name.endsWith('.json') ? (JSON.parse(text) as StaticValue) : readConfig(text, name);
      } catch {
        value = {};
      }
      for (const key of ['permalink', 'eleventyComputed']) {
        const entry = isUnknown(value) ? (/\bpermalink\b/.test(text) ? value : undefined) : valueAt(value, key);
        if (entry === undefined) continue;
        known[key] = isUnknown(entry) ? { unknown: entry.text } : isObject(entry) ? { ...entry, ...(isUnknown(entry['permalink']) ? { permalink: { unknown: entry['permalink'].text } } : {}) } : entry;
      }
    }
    cache.set(name, known);
    return known;
  };
  const extensions = ['.json', '.11tydata.json', '.11tydata.js', '.11tydata.cjs', '.11tydata.mjs'];
  return (relative) => {
    const folders = relative.split('/');
    const stem = folders.pop()!.replace(/\.[^.]*$/, '');
    const data: Record<string, unknown> = {};
    for (let k = 1; k <= folders.length; k++) {
      const folder = folders.slice(0, k).join('/');
      for (const extension of extensions) Object.assign(data, fileData(`${folder}/${folders[k - 1]}${extension}`));
    }
    const own = folders.length === 0 ? stem : `${folders.join('/')}/${stem}`;
    for (const extension of extensions.slice(1)) Object.assign(data, fileData(own + extension));
    return data;
  };
}

const GENERATORS: readonly Generator[] = [
  {
    // VitePress: `.vitepress/config.*` in the project folder, read as a static value; `srcDir` moves
    // the pages, `rewrites` moves each page, `public/` is copied; `x.md` is `/x.html` (or `/x` with
    // cleanUrls); ids by @mdit-vue's slugify, fragments matched without regard to case, includes pasted.
    name: 'vitepress',
    matches: (names) => names.has('.vitepress'),
    profile(dir, read, _names, list) {
      // `.vitepress/config.ts`, or a folder of its parts with `config/index.ts` (as VitePress's i18n guide lays it out).
      const file =
        [...(list('.vitepress') ?? [])].find((name) => /^config\.(?:js|mjs|cjs|ts|mts|cts)$/.test(name)) ??
        [...(list('.vitepress/config') ?? [])].filter((name) => /^index\.(?:js|mjs|cjs|ts|mts|cts)$/.test(name)).map((name) => `config/${name}`)[0];
      const config = file === undefined ? {} : configAt(read, `.vitepress/${file}`);
      // The heading ids follow markdown-it-anchor's `slugify` and markdown-it-attrs' delimiters: set by the site, or by code the tree cannot run, they are not known.
      const slugify = valueAt(config, 'markdown', 'anchor', 'slugify');
      const attrs = valueAt(config, 'markdown', 'attrs');
      const ownIds =
        isUnknown(slugify) || slugify !== undefined
          ? `markdown.anchor.slugify in .vitepress/${file}`
          : isUnknown(attrs) || (isObject(attrs) && (valueAt(attrs, 'left') !== undefined || valueAt(attrs, 'right') !== undefined))
            ? `markdown.attrs delimiters in .vitepress/${file}`
            : undefined;
      const unknowns: { setting: string; prefixes: string[] }[] = [];
      const src = stringAt(config, 'srcDir');
      if (isUnknown(src)) unknowns.push({ setting: `.vitepress/${file}: srcDir = ${src.text}`, prefixes: ['/'] });
      const pages = typeof src === 'string' ? under(dir, src) : dir;
      const rewrites: [string, string][] = [];
      const given = valueAt(config, 'rewrites');
      if (isUnknown(given)) unknowns.push({ setting: `.vitepress/${file}: rewrites = ${given.text}`, prefixes: ['/'] });
      else if (isObject(given)) {
        for (const [from, to] of Object.entries(given)) {
          if (typeof to === 'string') {
            rewrites.push([from, to]);
            // A pattern whose group cannot run in linear time moves pages nobody can tell where.
            if (!knownRewrite(from)) unknowns.push({ setting: `.vitepress/${file}: rewrites['${from}']`, prefixes: ['/'] });
          } else if (isUnknown(to)) unknowns.push({ setting: `.vitepress/${file}: rewrites['${from}'] = ${to.text}`, prefixes: ['/'] });
        }
      }
      const excluded = valueAt(config, 'srcExclude');
      const srcExclude = Array.isArray(excluded) ? excluded.filter((glob): glob is string => typeof glob === 'string') : [];
      return {
        routes: [['/', pages]],
        staticDirs: [`${pages}public/`],
        slugStyle: 'vitepress',
        numberPrefixes: false,
        collections: [{ dir: pages, base: '/', rule: 'vitepress', rewrites, exclude: srcExclude }],
        unknowns,
        aliases: [['@theme/', `${dir}.vitepress/theme/`]],
        // The theme's components and the configuration's Markdown transforms (a plugin that appends `## Type Declarations`).
        layoutDirs: [`${dir}.vitepress/`],
        caseInsensitiveFragments: true,
        includes: true,
        ...(ownIds === undefined ? {} : { headingIdsUnknown: ownIds }),
      };
    },
  },
  {
    // Docusaurus: the configuration read as a static value; every docs instance (the preset's
    // `docs`, each `plugin-content-docs`) at its `routeBasePath` from its `path`, with its versions;
    // the blog's dated routes; `src/pages/` at `/`; `static/` copied; heading ids by github-slugger.
    name: 'docusaurus',
    matches: (names) => [...names].some((name) => /^docusaurus\.config\.(?:js|mjs|cjs|ts|mts|cts)$/.test(name)),
    profile(dir, read, names, list) {
      const file = [...names].find((name) => /^docusaurus\.config\.(?:js|mjs|cjs|ts|mts|cts)$/.test(name))!;
      return docusaurusProfile(dir, file, configAt(read, file), read, list);
    },
  },
  {
    // MkDocs: pages from `docs_dir` (default docs/), `x.md` is `x/`; Python-Markdown's toc slugify.
    name: 'mkdocs',
    matches: (names) => names.has('mkdocs.yml') || names.has('mkdocs.yaml'),
    profile(dir, read, names) {
      const file = names.has('mkdocs.yml') ? 'mkdocs.yml' : 'mkdocs.yaml';
      const config = configAt(read, file);
      const docs = stringAt(config, 'docs_dir');
      const pages = under(dir, typeof docs === 'string' ? docs : 'docs');
      // `use_directory_urls` (default true): `x.md` is `/x/`, and a relative link is followed from there.
      const directoryUrls = valueAt(config, 'use_directory_urls') !== false;
      // A plugin is named as a string or as the one key of a mapping of its options.
      const plugins = (arrayOf(valueAt(config, 'plugins')) ?? []).flatMap((entry) => (typeof entry === 'string' ? [entry] : isObject(entry) ? Object.keys(entry) : []));
      const crossReferences = plugins.find((name) => name === 'autorefs' || name === 'mkdocstrings');
      const unknowns: { setting: string; prefixes: string[] }[] = isUnknown(docs) ? [{ setting: `${file}: docs_dir`, prefixes: ['/'] }] : [];
      // Hooks (https://www.mkdocs.org/user-guide/configuration/#hooks): Python files whose page events rewrite pages.
      const pageHooks: PageHook[] = [];
      for (const hook of arrayOf(valueAt(config, 'hooks')) ?? []) {
        if (typeof hook !== 'string') continue;
        const text = read(hook.replace(/^\.\//, ''));
        // A hook the tree does not hold may rewrite any page.
        const reach = text === undefined ? { file: hook, markers: [] } : mkdocsHookReach(hook, text);
        if (reach !== undefined) pageHooks.push(reach);
      }
      // pymdownx.snippets' `auto_append` (https://facelessuser.github.io/pymdown-extensions/extensions/snippets/#auto-append-snippets):
      // files appended to every page, looked for under each `base_path` (default `.`, the folder mkdocs runs in).
      const appendedFiles: string[] = [];
      const tabbed = mkdocsTabbed(config, read(file) ?? '');
      for (const entry of arrayOf(valueAt(config, 'markdown_extensions')) ?? []) {
        if (!isObject(entry) || !('pymdownx.snippets' in entry)) continue;
        const options = entry['pymdownx.snippets'];
        const appended = valueAt(options, 'auto_append');
        const basePath = valueAt(options, 'base_path');
        const bases = typeof basePath === 'string' ? [basePath] : (arrayOf(basePath ?? ['.']) ?? []).filter((base): base is string => typeof base === 'string');
        if (isUnknown(appended) || isUnknown(basePath)) pageHooks.push({ file: `${file}: pymdownx.snippets auto_append`, markers: [] });
        for (const name of (arrayOf(appended) ?? []).filter((name): name is string => typeof name === 'string')) {
          const found = bases.map((base) => `${under(dir, base)}${name.replace(/^\.\//, '')}`).find((path) => read(path.slice(dir.length)) !== undefined);
          if (found !== undefined) appendedFiles.push(found);
          // An appended file the tree does not hold may define any label or id.
          else pageHooks.push({ file: `${file}: pymdownx.snippets auto_append ${name}`, markers: [] });
        }
      }
      return {
        ...(crossReferences === undefined ? {} : { crossReferences: crossReferences === 'autorefs' ? 'mkdocs-autorefs' : 'mkdocs-autorefs, through mkdocstrings' }),
        routes: [['/', pages]],
        staticDirs: [],
        slugStyle: 'mkdocs',
        numberPrefixes: false,
        collections: [{ dir: pages, base: '/', rule: directoryUrls ? 'mkdocs' : 'mkdocs-files' }],
        ...(unknowns.length > 0 ? { unknowns } : {}),
        ...(pageHooks.length > 0 ? { pageHooks } : {}),
        ...(appendedFiles.length > 0 ? { appendedFiles } : {}),
        ...(tabbed === undefined ? {} : { tabbed }),
      };
    },
  },
  {
    // mdBook: pages from `[book] src` (default src/), `x.md` is `x.html`; ids by normalize_id.
    name: 'mdbook',
    matches: (names) => names.has('book.toml'),
    profile(dir, read) {
      const src = setting(read, ['book.toml'], /^\s*src\s*=\s*["']([^"']+)["']/m) ?? 'src';
      const pages = under(dir, src);
      // `[preprocessor.NAME]` tables (https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html):
      // `links` and `index` are mdBook's own; any other runs `mdbook-NAME` or its `command` over every chapter.
      const preprocessors = [...(read('book.toml') ?? '').matchAll(/^[ \t]*\[preprocessor\.("?)([\w-]+)\1\][ \t]*(?:#.*)?$/gm)].map((match) => match[2]!).filter((name) => name !== 'links' && name !== 'index');
      return { routes: [['/', pages]], staticDirs: [], slugStyle: 'mdbook', numberPrefixes: false, ...(preprocessors.length > 0 ? { preprocessors } : {}) };
    },
  },
  {
    // Jekyll: pages from `source` (default the folder of _config.yml), `x.md` is `x.html`; every
    // page's front-matter `permalink` and `redirect_from`, `_posts` and collections with `output`
    // routed as Jekyll does; `baseurl` starts every route; kramdown's GFM ids.
    name: 'jekyll',
    matches: (names) => names.has('_config.yml') || names.has('_config.yaml'),
    profile(dir, read, names) {
      const config = configAt(read, names.has('_config.yml') ? '_config.yml' : '_config.yaml');
      const source = stringAt(config, 'source');
      const pages = typeof source === 'string' ? under(dir, source) : dir;
      const permalink = stringAt(config, 'permalink');
      const style = typeof permalink === 'string' ? permalink : undefined;
      const baseurl = stringAt(config, 'baseurl');
      const exclude = new Set((arrayOf(valueAt(config, 'exclude')) ?? []).filter((name): name is string => typeof name === 'string').map((name) => name.replace(/\/$/, '')));
      const skip = (name: string): boolean => name.startsWith('_') || name.startsWith('.') || exclude.has(name) || ['node_modules', 'vendor'].includes(name);
      const collections: PageCollection[] = [{ dir: pages, base: '/', rule: 'jekyll-page', ...(style === undefined ? {} : { permalink: style }), skip }];
      const given = valueAt(config, 'collections');
      const collectionsDir = stringAt(config, 'collections_dir');
      const within = typeof collectionsDir === 'string' ? under(pages, collectionsDir) : pages;
      const entries: [string, StaticValue][] = Array.isArray(given) ? given.filter((name): name is string => typeof name === 'string').map((name) => [name, {}]) : isObject(given) ? Object.entries(given) : [];
      if (!entries.some(([name]) => name === 'posts')) entries.push(['posts', { output: true }]);
      for (const [name, options] of entries) {
        const own = stringAt(options, 'permalink');
        if (name === 'posts') {
          const postsPermalink = typeof own === 'string' ? own : style;
          collections.push({ dir: `${within}_posts/`, base: '/', rule: 'jekyll-post', name: '', ...(postsPermalink === undefined ? {} : { permalink: postsPermalink }) });
        } else if (valueAt(options, 'output') === true) {
          collections.push({ dir: `${within}_${name}/`, base: '/', rule: 'jekyll-collection', name, ...(typeof own === 'string' ? { permalink: own } : {}) });
        }
      }
      // Pages the site's plugins write (https://github.com/jekyll/jekyll-sitemap, jekyll-feed, jekyll-archives, jekyll-paginate).
      const plugins = new Set([...(arrayOf(valueAt(config, 'plugins')) ?? []), ...(arrayOf(valueAt(config, 'gems')) ?? [])].filter((name): name is string => typeof name === 'string'));
      const written = [...(plugins.has('jekyll-sitemap') ? ['/sitemap.xml', '/robots.txt'] : []), ...(plugins.has('jekyll-feed') ? ['/feed.xml', '/feed'] : []), ...(plugins.has('jekyll-archives') || plugins.has('jekyll-paginate') || plugins.has('jekyll-paginate-v2') ? ['/page', '/tag', '/tags', '/category', '/categories', '/archive', '/archives'] : [])];
      const unknowns = written.length === 0 ? [] : [{ setting: `pages the plugins write (${[...plugins].filter((name) => /sitemap|feed|archives|paginate/.test(name)).join(', ')})`, prefixes: written }];
      return {
        unknowns,
        routes: [['/', pages]],
        staticDirs: [],
        slugStyle: 'kramdown',
        numberPrefixes: false,
        frontMatterRoutes: ['permalink'],
        layoutDirs: [`${pages}_layouts/`, `${pages}_includes/`],
        collections,
        ...(typeof baseurl === 'string' && baseurl.replace(/\/$/, '') !== '' ? { baseUrl: `/${baseurl.replace(/^\/|\/$/g, '')}` } : {}),
      };
    },
  },
  {
    // Hugo: `hugo.*` (or `config.*` beside `content/`, or `config/_default/`) read with a TOML or
    // YAML parser; pages from contentDir (content/), each language's contentDir, or the content
    // mounts of `module.mounts`; static/ copied, pretty URLs; front-matter `url`, `slug` and
    // `aliases`; the files Hugo writes itself (sitemap, feeds, output formats); Goldmark's ids.
    name: 'hugo',
    matches: (names, read) =>
      anyOf(names, 'hugo.', ['toml', 'yaml', 'yml', 'json']).length > 0 ||
      ((names.has('config.toml') || names.has('config.yaml')) && names.has('content')) ||
      (names.has('config') && names.has('content') && HUGO_CONFIG_DIR.some((name) => read(name) !== undefined)),
    profile(dir, read, names) {
      const file = [...anyOf(names, 'hugo.', ['toml', 'yaml', 'yml', 'json']), ...anyOf(names, 'config.', ['toml', 'yaml', 'yml']), ...HUGO_CONFIG_DIR.filter((name) => read(name) !== undefined)][0];
      const config = file === undefined ? {} : configAt(read, file);
      const unknowns: { setting: string; prefixes: string[] }[] = [];
      const given = stringAt(config, 'contentDir') ?? stringAt(config, 'contentdir');
      if (isUnknown(given)) unknowns.push({ setting: `${file}: contentDir`, prefixes: ['/'] });
      // Translation by content directory (https://gohugo.io/content-management/multilingual/#translation-by-content-directory):
      // a language with its own `contentDir` reads its pages from there, each page that language's; the
      // site's `contentDir` (default `content/`) is read only for the languages without one.
      const languages = valueAt(config, 'languages');
      const languageDirs = new Map<string, string>();
      let shared = true;
      if (isObject(languages) && Object.keys(languages).length > 0) {
        shared = false;
        for (const [code, language] of Object.entries(languages)) {
          if (valueAt(language, 'disabled') === true) continue;
          const own = stringAt(language, 'contentDir') ?? stringAt(language, 'contentdir');
          if (typeof own === 'string') languageDirs.set(under(dir, own), code.toLowerCase());
          else shared = true;
        }
      }
      const folders = new Set<string>([...languageDirs.keys(), ...(shared ? [under(dir, typeof given === 'string' ? given : 'content')] : [])]);
      const collections: PageCollection[] = [];
      const fileRoutes: [string, string][] = [];
      const mounts = arrayOf(valueAt(config, 'module', 'mounts')) ?? [];
      const contentMounts = mounts.filter((mount) => /^content(?:\/|$)/.test(String(stringAt(mount, 'target') ?? '')));
      // Content mounts replace the default content folder (Hugo drops a component's default mount when any is given).
      if (contentMounts.length > 0) folders.clear();
      for (const mount of contentMounts) {
        const source = stringAt(mount, 'source');
        const target = stringAt(mount, 'target') as string;
        if (typeof source !== 'string') continue;
        const base = `/${target.replace(/^content\/?/, '')}`;
        if (/\.[A-Za-z0-9]+$/.test(source)) fileRoutes.push([base.replace(/\.(?:md|markdown|html)$/i, ''), under(dir, source).replace(/\/$/, '')]);
        else collections.push({ dir: under(dir, source), base: base.endsWith('/') ? base : `${base}/`, rule: 'hugo' });
      }
      const defaultLanguage = stringAt(config, 'defaultContentLanguage') ?? stringAt(config, 'defaultcontentlanguage');
      const inSubdir = valueAt(config, 'defaultContentLanguageInSubdir') ?? valueAt(config, 'defaultcontentlanguageinsubdir');
      const keepCase = (valueAt(config, 'disablePathToLower') ?? valueAt(config, 'disablepathtolower')) === true;
      const languageSettings = { ...(isObject(languages) ? { languages: { codes: Object.keys(languages).map((code) => code.toLowerCase()), default: typeof defaultLanguage === 'string' ? defaultLanguage.toLowerCase() : 'en', inSubdir: inSubdir === true } } : {}), ...(keepCase ? { keepCase } : {}) };
      for (const collection of collections) Object.assign(collection, languageSettings);
      for (const folder of folders) {
        const language = languageDirs.get(folder);
        collections.push({ dir: folder, base: '/', rule: 'hugo', ...languageSettings, ...(language === undefined ? {} : { language }) });
      }
      // What Hugo writes itself at the root: the sitemap, the feeds, robots.txt, and each output format's file.
      const outputs = ['/sitemap.xml', '/index.xml', '/robots.txt', '/404.html'];
      // The output formats of the site and of its themes (`theme: [docsy/theme]` a module beside the site, or `themes/NAME/`).
      const themes = valueAt(config, 'theme');
      const themeConfigs = (Array.isArray(themes) ? themes : [themes])
        .filter((theme): theme is string => typeof theme === 'string')
        .flatMap((theme) => [`themes/${theme}/`, `../${theme.split('/').slice(1).join('/')}/`])
        .flatMap((folder) => ['hugo.yaml', 'hugo.toml', 'config.yaml', 'config.toml'].map((name) => folder + name))
        .filter((name) => read(name) !== undefined)
        .map((name) => configAt(read, name));
      for (const source of [config, ...themeConfigs]) {
        const formats = valueAt(source, 'outputFormats');
        if (isObject(formats)) for (const [name, format] of Object.entries(formats)) {
          const baseName = stringAt(format, 'baseName') ?? stringAt(format, 'basename');
          outputs.push(`/${typeof baseName === 'string' ? baseName : name.toLowerCase()}`);
        }
      }
      unknowns.push({ setting: 'files Hugo writes itself (sitemap, feeds, robots.txt, output formats)', prefixes: outputs });
      // A link or image render hook of the site's, of its theme's (`themesDir`, default `themes/`), or
      // Hugo's embedded one turned on: relative destinations are resolved as pages and resources.
      const themesDir = stringAt(config, 'themesDir') ?? stringAt(config, 'themesdir');
      const themeFolders = (Array.isArray(themes) ? themes : [themes]).filter((theme): theme is string => typeof theme === 'string').map((theme) => `${typeof themesDir === 'string' ? themesDir.replace(/\/?$/, '/') : 'themes/'}${theme}/`);
      // A link hook resolves a destination as a page or a resource, an image hook as a resource only.
      const hookOf = (kind: 'link' | 'image'): boolean =>
        valueAt(config, 'markup', 'goldmark', 'renderHooks', kind, 'enableDefault') === true ||
        valueAt(config, 'markup', 'goldmark', 'renderhooks', kind, 'enabledefault') === true ||
        ['', ...themeFolders].some((folder) => ['layouts/_markup/', 'layouts/_default/_markup/'].some((markup) => read(`${folder}${markup}render-${kind}.html`) !== undefined));
      const linkHook = hookOf('link');
      const renderHooks = linkHook || hookOf('image');
      return {
        // A language's content directory is served under `/CODE/`, the default language's at the root unless `defaultContentLanguageInSubdir`.
        routes: collections.map((collection): [string, string] => [collection.language === undefined || (collection.language === collection.languages?.default && !collection.languages.inSubdir) ? collection.base : `${collection.base}${collection.language}/`, collection.dir]),
        staticDirs: [`${dir}static/`],
        ...(renderHooks ? { renderHookRoots: { pages: linkHook, resources: [`${dir}assets/`] } } : {}),
        slugStyle: 'github',
        numberPrefixes: false,
        frontMatterRoutes: ['url', 'slug'],
        layoutDirs: [`${dir}layouts/`],
        collections,
        fileRoutes,
        unknowns,
      };
    },
  },
  {
    // Astro: pages from src/pages/ (Starlight: src/content/docs/), public/ copied; github-slugger ids;
    // Starlight's locales show the root locale's page where a translation is missing.
    name: 'astro',
    matches: (names) => [...names].some((name) => /^astro\.config\.(?:js|mjs|cjs|ts|mts)$/.test(name)),
    profile(dir, read, names) {
      const file = [...names].find((name) => /^astro\.config\.(?:js|mjs|cjs|ts|mts)$/.test(name))!;
      const config = configAt(read, file);
      const localeFallbacks: string[] = [];
      const unknowns: { setting: string; prefixes: string[] }[] = [];
      for (const integration of arrayOf(valueAt(config, 'integrations')) ?? []) {
        if (!Array.isArray(integration) || integration[2] !== 'starlight') continue;
        const locales = valueAt(integration[1] ?? {}, 'locales');
        if (isUnknown(locales)) unknowns.push({ setting: `${file}: Starlight locales = ${locales.text}`, prefixes: [] });
        else if (isObject(locales)) localeFallbacks.push(...Object.keys(locales).filter((locale) => locale !== 'root'));
      }
      const redirects = [...astroRedirects(dir, file, config, unknowns), ...vercelRedirects(dir, read, names)];
      // A source with no parameter or group is a path (biomejs/website lists a thousand): only the others are compiled.
      for (const [source, , from] of redirects) if (/[:(*]/.test(source) && redirectPattern(source) === undefined) unknowns.push({ setting: `${from}: redirect source ${JSON.stringify(source)}`, prefixes: [literalStart(source)] });
      unknowns.push(...starlightChangelogRoutes(read, localeFallbacks));
      return {
        redirects,
        routes: [
          ['/', `${dir}src/pages/`],
          ['/', `${dir}src/content/docs/`],
        ],
        staticDirs: [`${dir}public/`],
        slugStyle: 'github',
        numberPrefixes: false,
        frontMatterRoutes: ['slug'],
        collections: [
          { dir: `${dir}src/content/docs/`, base: '/', rule: 'astro' },
          { dir: `${dir}src/pages/`, base: '/', rule: 'astro' },
        ],
        localeFallbacks,
        unknowns,
      };
    },
  },
  {
    // Eleventy: pages from the input folder (`dir.input`, default the project folder), `x.md` is
    // `/x/`; markdown-it sets no heading ids unless a site adds markdown-it-anchor (its default slugs).
    name: 'eleventy',
    matches: (names) => names.has('.eleventy.js') || anyOf(names, 'eleventy.config.', ['js', 'mjs', 'cjs', 'ts']).length > 0,
    profile(dir, read, names) {
      const configs = ['.eleventy.js', ...anyOf(names, 'eleventy.config.', ['js', 'mjs', 'cjs', 'ts'])];
      // The configuration and the local modules it imports (`import feedPlugin from "./config/feedPlugin.js"`), which add plugins to it.
      const files = [...configs];
      for (const config of configs) {
        for (const match of (read(config) ?? '').matchAll(/\b(?:from|require\()\s*["'](\.\.?\/[^"']+\.[cm]?js)["']/g)) {
          const name = match[1]!.replace(/^\.\//, '');
          if (!files.includes(name) && read(name) !== undefined) files.push(name);
        }
      }
      const input = setting(read, configs, /\binput\s*:\s*['"`]([^'"`]+)['"`]/);
      // A site that gives markdown-it-anchor github-slugger's slugs (ESLint's docs do) has GitHub's ids.
      const github = setting(read, files, /(github-slugger|@sindresorhus\/slugify)/) === 'github-slugger';
      // A slugify function of the site's own (markdown-it-anchor's or IdAttributePlugin's `slugify:` option set to code): its heading ids are what that code makes.
      const ownSlugify = github ? undefined : files.find((name) => /\b(?:IdAttributePlugin|markdown-it-anchor|markdownItAnchor)\b/.test(read(name) ?? '') && /\bslugify\s*:\s*[A-Za-z_$(]/.test(read(name) ?? ''));
      // Files the plugins write (`addPlugin(feedPlugin, { outputPath: "/blog/feed.xml" })`) and passthrough copies mapped to another path.
      const written: string[] = [];
      const fileRoutes: [string, string][] = [];
      const copied: [string, string][] = [];
      for (const name of files) {
        const text = read(name) ?? '';
        for (const match of text.matchAll(/\boutputPath\s*:\s*["'`](\/[^"'`$]+)["'`]/g)) written.push(match[1]!);
        for (const block of text.matchAll(/\baddPassthroughCopy\(\s*\{([^}]*)\}/g)) {
          // A passthrough copy from a path made by code (`[resolveModule("x")]: "js/x.js"`): its destination is written.
          for (const computed of block[1]!.matchAll(/(?:^|[{,])\s*\[[^\]\n]+\]\s*:\s*["'`]([^"'`$\n]+)["'`]/g)) written.push(`/${computed[1]!.replace(/^\/+/, '')}`);
          for (const pair of block[1]!.matchAll(/["'`]([^"'`$]+)["'`]\s*:\s*["'`]([^"'`$]+)["'`]/g)) {
            const [from, to] = [pair[1]!.replace(/^\.\//, ''), pair[2]!];
            const route = `/${to.replace(/^\/+/, '')}`;
            // A glob's folder is copied to the route (`"src/js/*.js": "js/"`); a file to its own route.
            if (from.includes('*')) copied.push([route.endsWith('/') ? route : `${route}/`, under(dir, from.replace(/[^/]*\*.*$/, ''))]);
            else fileRoutes.push([route.replace(/\/$/, ''), under(dir, from).replace(/\/$/, '')]);
          }
        }
      }
      const pages = input === undefined ? dir : under(dir, input);
      const includes = setting(read, files, /\bincludes\s*:\s*['"`]([^'"`]+)['"`]/) ?? '_includes';
      const layouts = setting(read, files, /\blayouts\s*:\s*['"`]([^'"`]+)['"`]/);
      const layoutDirs = [under(pages, includes), ...(layouts === undefined ? [] : [under(pages, layouts)])];
      const inputPathToUrl = setting(read, files, /\baddPlugin\(\s*(InputPathToUrlTransformPlugin)\b/) !== undefined;
      const dataOf = eleventyData(pages.slice(dir.length), read);
      return {
        routes: [['/', pages], ...copied],
        staticDirs: [],
        slugStyle: github ? 'github' : 'markdown-it-anchor',
        numberPrefixes: false,
        frontMatterRoutes: ['permalink'],
        layoutDirs,
        collections: [{ dir: pages, base: '/', rule: 'eleventy', dataOf, skip: (name) => name.startsWith('_') || name.startsWith('.') || name === 'node_modules' }],
        ...(inputPathToUrl ? { inputPaths: pages } : {}),
        ...(ownSlugify === undefined ? {} : { headingIdsUnknown: `the site's own slugify function (${ownSlugify})` }),
        fileRoutes,
        redirects: vercelRedirects(dir, read, names),
        unknowns: written.length === 0 ? [] : [{ setting: `files the plugins write or copy from packages (${written.join(', ')})`, prefixes: written }],
      };
    },
  },
  {
    // Next.js: `pages/` or `app/` (at the root or in `src/`), `public/` copied to the root, `[param]`
    // segments match any one segment. A root catch-all page (`[[...slug]].js`) beside a `content/`
    // folder serves that folder's Markdown as routes (react.dev, Next.js documentation sites).
    // Redirects from `vercel.json` and from `redirects()` in the configuration.
    name: 'nextjs',
    matches: (names) => [...names].some((name) => /^next\.config\.(?:js|mjs|cjs|ts|mts)$/.test(name)),
    profile(dir, read, names, list) {
      const routes: [string, string][] = [];
      const dynamicDirs: string[] = [];
      const collections: PageCollection[] = [];
      const unknowns: { setting: string; prefixes: string[] }[] = [];
      const configName = [...names].find((n) => /^next\.config\.(?:js|mjs|cjs|ts|mts)$/.test(n))!;
      const isCatchAll = (name: string): boolean => /^\[\[?\.\.\.[^\]]+\]\]?(?:\.(?:jsx?|tsx?|mdx?))?$/.test(name);
      for (const base of ['src/', '']) {
        for (const folder of ['pages', 'app']) {
          const entries = list(`${base}${folder}`);
          if (entries === undefined) continue;
          dynamicDirs.push(`${dir}${base}${folder}/`);
          // The app router: a folder's `page.*` is its route (https://nextjs.org/docs/app/building-your-application/routing).
          if (folder === 'app') collections.push({ dir: `${dir}${base}app/`, base: '/', rule: 'nextjs-app', skip: (name) => name.startsWith('_') });
          // Nextra's catch-all page serving `content/`, at the root or below one dynamic segment (`app/[lang]/[[...mdxPath]]`).
          const dynamic = [...entries].filter((name) => /^\[[^.\]][^\]]*\]$/.test(name));
          const localeSegment = dynamic.find((name) => [...(list(`${base}${folder}/${name}`) ?? [])].some(isCatchAll));
          const catchAll = [...entries].some(isCatchAll) || localeSegment !== undefined;
          if (catchAll && list(`${base}content`) !== undefined) {
            routes.push(['/', `${dir}${base}content/`]);
            let locales: string[] = [];
            if (localeSegment !== undefined) {
              // The segment's values: `i18n.locales` of the configuration (https://nextra.site/docs/guide/i18n).
              const given = valueAt(configAt(read, configName), 'i18n', 'locales');
              if (Array.isArray(given) && given.every((locale) => typeof locale === 'string')) locales = given as string[];
              else unknowns.push({ setting: `${configName}: the values of ${localeSegment} (i18n.locales${isUnknown(given) ? ` = ${given.text}` : ' not set'})`, prefixes: ['/'] });
            }
            collections.push({ dir: `${dir}${base}content/`, base: '/', rule: 'nextra-content', locales, skip: (name) => name.startsWith('_') });
          }
          routes.push(['/', `${dir}${base}${folder}/`]);
        }
      }
      const redirects = vercelRedirects(dir, read, names);
      for (const name of [...names].filter((n) => /^next\.config\.(?:js|mjs|cjs|ts|mts)$/.test(n))) {
        const text = read(name) ?? '';
        const at = text.search(/\bredirects\s*(?:\(|:)/);
        if (at < 0) continue;
        for (const match of text.slice(at).matchAll(/\bsource\s*:\s*(['"`])([^'"`]+)\1\s*,\s*destination\s*:\s*(['"`])([^'"`]+)\3/g)) redirects.push([match[2]!, match[4]!, `${dir}${name}`]);
      }
      // A source whose group cannot be matched in linear time (a lookahead) leads nobody knows where from.
      for (const [source, , file] of redirects) if (redirectPattern(source) === undefined) unknowns.push({ setting: `${file}: redirect source ${JSON.stringify(source)}`, prefixes: [literalStart(source)] });
      // Components that write ids: literal ones, and those set from a prop (`<H3 id={permalink}>`).
      const layoutDirs = [`${dir}src/components/`, `${dir}components/`];
      return { routes, staticDirs: [`${dir}public/`], slugStyle: 'github', numberPrefixes: false, dynamicDirs, redirects, layoutDirs, collections, unknowns };
    },
  },
  {
    // Vite: a project folder holds `vite.config.*`, or `index.html` beside a package.json that uses
    // vite. Its HTML pages are served from the folder (`/main.js`), its public folder at the root
    // (`publicDir`, default `public`). Last: VitePress, Astro… are Vite projects with their own rules.
    name: 'vite',
    matches: (names, read) =>
      anyOf(names, 'vite.config', ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']).length > 0 ||
      (names.has('index.html') && names.has('package.json') && /"vite"\s*:|"vite(?:\s[^"]*)?"/.test(read('package.json') ?? '')),
    profile: (dir, read, names) => {
      const config = anyOf(names, 'vite.config', ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']);
      const publicDir = setting(read, config, /\bpublicDir\s*:\s*['"`]([^'"`]+)['"`]/);
      const root = setting(read, config, /\broot\s*:\s*['"`]([^'"`]+)['"`]/);
      // `root: path.join(dir, 'entrypoints')`, or a shorthand `root,`: set by code.
      const computedRoot = root === undefined && setting(read, config, /\b(root)\s*[:,}\n]/) !== undefined;
      const pages = root === undefined ? dir : under(dir, root);
      return {
        routes: [['/', pages]],
        staticDirs: [under(pages, publicDir ?? 'public')],
        slugStyle: 'github',
        numberPrefixes: false,
        htmlOnly: true,
        // resolve.extensions' default.
        moduleExtensions: ['.mjs', '.js', '.mts', '.ts', '.jsx', '.tsx', '.json'],
        ...(computedRoot ? { pageFolderRoot: true } : {}),
      };
    },
  },
];

/**
 * Vercel serves whatever a generator built: the redirects of a `vercel.json` beside the site's
 * configuration apply to every site (`/en/:splat*` → `/:splat*`), not only to the generators whose
 * profiles read them already. A source that cannot be matched in linear time silences its prefix.
 */
function withVercelRedirects(dir: string, read: (name: string) => string | undefined, names: ReadonlySet<string>, profile: Omit<SiteProfile, 'generator' | 'root' | 'description'>): Omit<SiteProfile, 'generator' | 'root' | 'description'> {
  if (profile.redirects !== undefined || !names.has('vercel.json')) return profile;
  const redirects = vercelRedirects(dir, read, names);
  if (redirects.length === 0) return profile;
  const unknowns = redirects.filter(([source]) => redirectPattern(source) === undefined).map(([source, , file]) => ({ setting: `${file}: redirect source ${JSON.stringify(source)}`, prefixes: [literalStart(source)] }));
  return { ...profile, redirects, unknowns: [...(profile.unknowns ?? []), ...unknowns] };
}

/** The generator whose files are among `names` (the entries of the folder `dir`), with its profile. */
export function recogniseSite(
  dir: string,
  names: ReadonlySet<string>,
  read: (name: string) => string | undefined,
  list: (name: string) => ReadonlySet<string> | undefined = noListing,
): SiteProfile | undefined {
  const folder = withSlash(dir);
  for (const generator of GENERATORS) {
    if (!generator.matches(names, read)) continue;
    const profile = withVercelRedirects(folder, read, names, generator.profile(folder, read, names, list));
    return { generator: generator.name, root: folder, ...profile, description: describe(generator.name, folder, profile) };
  }
  return undefined;
}

/**
 * A site as built, committed to the tree (Pelican's test output, a `_site/` or `public/` folder): a
 * folder whose `index.html` says which program wrote it, `<meta name="generator" content="Pelican">`
 * (the HTML Standard's `generator` metadata name, which marks a page as generated), and holds no
 * template tag. It is served from that folder: its pages' site-absolute links (`/theme/css/main.css`)
 * start there, whatever site the folder sits in. Only its HTML pages are read so.
 */
export function builtSite(dir: string, names: ReadonlySet<string>, read: (name: string) => string | undefined): SiteProfile | undefined {
  if (!names.has('index.html')) return undefined;
  const head = (read('index.html') ?? '').slice(0, 16_384);
  const generator = GENERATOR_META.exec(head)?.[1] ?? GENERATOR_META_REVERSED.exec(head)?.[1];
  if (generator === undefined || TEMPLATE_TAG.test(head)) return undefined;
  const folder = withSlash(dir);
  const profile = { routes: [['/', folder]] as [string, string][], staticDirs: [], slugStyle: 'github' as const, numberPrefixes: false, htmlOnly: true };
  const description = `pages built by ${generator.trim()} at ${folder}; site-absolute routes / → ${folder}; heading ids: as written`;
  return { generator: undefined, root: folder, ...profile, description };
}

const GENERATOR_META = /<meta\s[^>]*?\bname\s*=\s*["']?generator["']?[^>]*?\bcontent\s*=\s*["']([^"'<>{}]+)["']/i;
const GENERATOR_META_REVERSED = /<meta\s[^>]*?\bcontent\s*=\s*["']([^"'<>{}]+)["'][^>]*?\bname\s*=\s*["']?generator\b/i;
/** A template engine's tag: a page that holds one is a template, not a built page. */
const TEMPLATE_TAG = /\{\{|\{%|<%|<\?php/;

/** The profile of a repository with no generator: GitHub's reading, the root as the site's root. */
export function plainSite(root: string): SiteProfile {
  const folder = withSlash(root);
  const profile = { routes: [['/', folder]] as [string, string][], staticDirs: [`${folder}public/`, `${folder}static/`], slugStyle: 'github' as const, numberPrefixes: false };
  return { generator: undefined, root: folder, ...profile, description: describe(undefined, folder, profile) };
}

/**
 * A Rails application (`config/application.rb` beside `config/routes.rb`): the plain reading, and the
 * routes under the asset pipeline's prefix (`config.assets.prefix`, default `/assets`) unknown — their
 * files are compiled from `app/assets/`, `lib/assets/` and `vendor/assets/` with names the build gives
 * (https://guides.rubyonrails.org/asset_pipeline.html).
 */
export function railsSite(root: string, read: (name: string) => string | undefined): SiteProfile | undefined {
  const application = read('config/application.rb');
  if (application === undefined || read('config/routes.rb') === undefined) return undefined;
  const plain = plainSite(root);
  const prefix = /^[ \t]*config\.assets\.prefix[ \t]*=[ \t]*["']([^"'#{}]+)["']/m.exec(application)?.[1] ?? '/assets';
  const unknowns = [{ setting: `Rails' asset pipeline (${prefix}, compiled from app/assets/)`, prefixes: [`/${prefix.replace(/^\/+|\/+$/g, '')}`] }];
  return { ...plain, unknowns, description: `${plain.description} (a Rails application: ${prefix} is its compiled assets)` };
}

/**
 * A repository whose Markdown the `templates` directive of a Caddyfile renders (Caddy's `markdown`
 * template function, on goldmark with automatic heading ids): read as GitHub reads it, but its
 * headings have goldmark's ids (https://caddyserver.com/docs/modules/http.handlers.templates).
 */
export function caddyTemplatesSite(root: string, caddyfile: string): SiteProfile {
  const plain = plainSite(root);
  const profile = { routes: plain.routes, staticDirs: plain.staticDirs, slugStyle: 'goldmark' as const, numberPrefixes: false };
  return { ...plain, ...profile, description: `${describe(undefined, plain.root, profile)} (Markdown rendered by the templates of ${caddyfile})` };
}

/** Whether a Caddyfile's text turns on the `templates` directive (a line that starts with it). */
export function caddyRendersTemplates(text: string): boolean {
  return /^[ \t]*templates(?:[ \t]|\{|$)/m.test(text);
}

function describe(name: GeneratorName | undefined, dir: string, profile: Omit<SiteProfile, 'generator' | 'root' | 'description'>): string {
  const routes = profile.routes.map(([prefix, folder]) => `${prefix} → ${folder}`).join(', ');
  const redirects = profile.redirects === undefined || profile.redirects.length === 0 ? '' : `; ${profile.redirects.length} redirects`;
  const who = name === undefined ? 'no site generator recognised: links read as GitHub renders them' : `${name} site at ${dir}${profile.htmlOnly === true ? ' (its HTML pages)' : ''}`;
  const preprocessors = profile.preprocessors === undefined ? '' : `; chapters rewritten by the preprocessors ${profile.preprocessors.join(', ')}`;
  return `${who}; site-absolute routes ${routes}${redirects}; heading ids: ${profile.slugStyle}${preprocessors}`;
}
