/**
 * The workspace index: the files and folders of a tree and the ids of its documents, read
 * through `LinkFileSystem` (the command line's files, the editor's files with its unsaved buffers
 * over them: the check cannot tell them apart), each folder listed and each document's ids
 * computed once and kept until `invalidate` says it changed. `resolveLink` resolves one local
 * link against it.
 */
import { encodePath, parse, resolve, tryPercentDecode, type UriReference } from '@urilint/core';
import type { Ignore } from 'ignore';
import { LinearRegExp, linearRegExp } from '../linear-regex.js';
import { lineStarts } from '../lines.js';
import { htmlAnchors, htmlIds, markdownAnchors, MDX_COMMENT_ID, normalizeLabel, withIncludeParameterIds, withShortcodeParameterIds, type Anchor, type DocumentAnchors, type ElementIds } from './anchors.js';
import { redirectPattern } from './path-patterns.js';
import { eleventyPermalink, excluded, frontMatterOf, isPageFile, jsFrontMatter, pageRoutes, routeKey } from './routing.js';
import { gitignore } from '../parsers.js';
import { builtSite, caddyRendersTemplates, caddyTemplatesSite, plainSite, railsSite, recogniseSite, type GeneratorName, type SiteProfile } from './sites.js';
import { slug, SLUG_STYLES, type SlugStyle } from './slug.js';

/** The pages whose front matter may move them: Markdown, HTML and the template languages (Nunjucks, Liquid, WebC, Textile, Handlebars, Mustache, EJS, HAML, Pug). */
const FRONT_MATTER_PAGE = /\.(?:md|mdx|markdown|html?|njk|liquid|webc|textile|hbs|mustache|ejs|haml|pug)$/i;

/** One entry of a folder. */
export interface DirectoryEntry {
  name: string;
  /** For a symbolic link: whether its target is a folder. */
  directory: boolean;
  /** A symbolic link: the index follows it only when its target stays inside the repository. */
  link?: boolean;
}

/**
 * How the index reads the tree. Paths are absolute with `/` separators (`/repo/docs/a.md`,
 * `C:/repo/a.md`); folders are given without a trailing `/`. Never throws: what cannot be read
 * is `undefined`.
 */
export interface LinkFileSystem {
  /** The entries of a folder, or `undefined` when the path is no folder. */
  readDirectory(path: string): readonly DirectoryEntry[] | undefined;
  /** A file's text, or `undefined` when the path is no readable file. */
  readFile(path: string): string | undefined;
  /**
   * The path with every symbolic link resolved (`/` separators), or `undefined` when it cannot be
   * resolved. A file system without links leaves it out.
   */
  realPath?(path: string): string | undefined;
}

/** The options of link checking (the rule's options). */
export interface LinkOptions {
  /** The folder site-absolute links (`/docs/x.md`) start from, relative to the repository root; default: the generator's, else the root. */
  root?: string;
  /** URL prefixes → folders relative to the repository root (`{ "/docs/": "website/docs/" }`): where a site-absolute route's page is. */
  routes?: Record<string, string>;
  /** A missing `x.html` whose `x.md` exists is fine, and a route without extension finds its page (`x.md`, `x/index.html`…). Default true. */
  generatedPages?: boolean;
  /** `auto` (default): the recognised generator; `none`: read links as GitHub does; or a generator's name. */
  generator?: 'auto' | 'none' | GeneratorName;
  /** Heading ids: `auto` (the generator's, else GitHub's) or a style. */
  slugStyle?: 'auto' | SlugStyle;
  /** Regular expressions for a site's own heading-id syntax, each with the id as its first group. */
  customIds?: string[];
}

/** What a link resolved to. */
export type LinkResult =
  /** Not a local link, or one that cannot be checked here (a hole, a base on another site). */
  | { status: 'skipped' }
  | { status: 'ok'; target: LinkTarget }
  /** Site-absolute, and no route, static folder or the root has its first folder: said once per run. */
  | { status: 'unresolvable'; path: string }
  | { status: 'missing-file'; path: string; replacement?: string }
  /** The file exists with another case: works on macOS and Windows, not on Linux or GitHub Pages. */
  /** `replacement`: the link written with the file's case, when the differing names are in the link. */
  | { status: 'case-mismatch'; target: LinkTarget; replacement?: string }
  | { status: 'missing-anchor'; target: LinkTarget; fragment: string; replacement?: string }
  | { status: 'missing-line'; target: LinkTarget; fragment: string; lineCount: number };

/** Where a link goes: the file (for a folder, its page when it has one) and the anchor's offset in it. */
export interface LinkTarget {
  path: string;
  directory: boolean;
  /** The offset of the heading or element the fragment names. */
  offset?: number;
}

/** The document a link is in. */
export interface LinkSource {
  /** Its absolute path (`/` separators). */
  path: string;
  /** Its text now (the editor's buffer): same-document fragments are read here. */
  text: string;
  /** HTML: its `<base href>`. */
  base?: string;
}

const MARKDOWN = /\.(?:md|markdown|mdx|mdown|mkd)$/i;
const HTML = /\.(?:html?|xhtml)$/i;
/** The page a folder shows, in the order GitHub and the generators look. */
const FOLDER_PAGES = ['README.md', 'readme.md', 'index.md', 'index.mdx', 'index.html', '_index.md', 'README.mdx'];
/** A route without extension: the page files it may be. */
const ROUTE_EXTENSIONS = ['.md', '.mdx', '.markdown', '.html', '.htm'];
/** GitHub's line anchors: `#L10`, `#L10-L20`, `#L10C5-L12C3`. */
/** A folder name no site has: the root of a route, to see a path climb above it. */
const SITE_MARKER = 'urilint-site-root-8c1f';
const LINE_ANCHOR = /^L(\d+)(?:C\d+)?(?:-L(\d+)(?:C\d+)?)?$/;

export const isMarkdownPath = (path: string): boolean => MARKDOWN.test(path);
export const isHtmlPath = (path: string): boolean => HTML.test(path);

const parentOf = (path: string): string => path.slice(0, Math.max(path.lastIndexOf('/'), 0)) || '/';
const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const join = (dir: string, name: string): string => (dir.endsWith('/') ? dir + name : `${dir}/${name}`);
const trimSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
/** Whether `path` is `root` or below it (both absolute with `/`; `path` without `..` segments). */
const within = (root: string, path: string): boolean => path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);
/** A path with its `.` and `..` segments applied (`/site/../theme/hugo.yaml` is `/theme/hugo.yaml`). */
const withoutDotSegments = (path: string): string => path.split('/').reduce<string[]>((out, segment) => (segment === '..' ? (out.length > 1 ? out.slice(0, -1) : out) : segment === '.' ? out : [...out, segment]), []).join('/') || '/';
const hasDotSegment = (path: string): boolean => /(?:^|\/)\.\.?(?:\/|$)/.test(path);

/** Damerau–Levenshtein distance (optimal string alignment), stopping past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

/** The closest of `choices` to `word` (a typo's distance: at most 2, and less than a third of the word), or none. */
export function closest(word: string, choices: Iterable<string>): string | undefined {
  const limit = Math.min(2, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const choice of choices) {
    if (choice.toLowerCase() === word.toLowerCase() && choice !== word) return choice;
    const distance = editDistance(word, choice, limit);
    if (distance < bestDistance) {
      best = choice;
      bestDistance = distance;
    }
  }
  return best;
}

/** A path found, case as written or as on disk. */
interface Found {
  path: string;
  directory: boolean;
  /** The names that matched only in another case: [as written, as on disk]. */
  caseFixes: [string, string][];
}

/** The options as the index applies them, checked and compiled once. */
interface Compiled {
  key: string;
  root: string | undefined;
  routes: [string, string][];
  generatedPages: boolean;
  generator: 'auto' | 'none' | GeneratorName;
  slugStyle: 'auto' | SlugStyle;
  customIds: LinearRegExp[];
}

/**
 * The index of one tree. Folder listings, the repository root and site of each folder, and each
 * document's anchors are computed on first use and kept: one index serves a whole run.
 */
/** Text files whose output keeps their extension, which Jekyll renders when they start with front matter. */
const JEKYLL_TEXT = /\.(?:txt|xml|json|csv|svg|ics|webmanifest)$/i;

/** A link to a Markdown file, as Docusaurus tells one from a route (`.md`, `.mdx`). */
const MARKDOWN_FILE = /\.mdx?$/i;
/** Generators that write a relative link into the page as it is written: the browser follows it from the page's URL. */
const PAGE_URL_LINKS: ReadonlySet<GeneratorName> = new Set(['jekyll', 'hugo', 'eleventy']);

export class WorkspaceIndex {
  readonly fs: LinkFileSystem;
  /** Folder listings as read, and as kept: without the symbolic links that lead out of the repository. */
  readonly #listed = new Map<string, Map<string, DirectoryEntry[]> | null>();
  readonly #dirs = new Map<string, Map<string, DirectoryEntry[]> | null>();
  /** The real paths of the repository roots. */
  readonly #realRoots = new Map<string, string>();
  readonly #anchors = new Map<string, { key: string; source: string; anchors: DocumentAnchors }>();
  /** The ids each site's layouts and partials write literally, by site root. */
  readonly #layoutIds = new Map<string, Layouts>();
  /** The kinds of unresolvable link already said. */
  readonly #said = new Set<string>();
  readonly #roots = new Map<string, string | null>();
  readonly #sites = new Map<string, SiteProfile>();
  readonly #compiled = new Map<string, Compiled>();
  /** Said once per run: the sites recognised and the routes no mapping fits. */
  readonly notes = new Set<string>();
  /** The sites recognised, by folder (for `scan --stats` and the server's log). */
  readonly sitesUsed = new Map<string, string>();
  /** How many site-absolute links no mapping fits, and relative ones that leave their site. */
  unresolvable = 0;
  /** The lower-case names of the repository's files, by root: read once, when a generated page is looked for elsewhere. */
  readonly #names = new Map<string, Set<string>>();
  /** Per repository root: the HTML files of its `templates` folders. */
  readonly #templates = new Map<string, string[]>();
  /** Each site's pages by route (every route a page is served at) and each page's own route, by site root. */
  readonly #routeIndexes = new Map<string, RouteIndex>();
  /** The sites of each repository's top folders (`#sitesNear`). */
  readonly #nearSites = new Map<string, SiteProfile[]>();
  /**
   * The generator recognised in each folder (`null`: none), read once: every folder of documents
   * below a site looks up to it, and a site's configuration may be long (biomejs/website's
   * astro.config.ts imports a thousand redirects).
   */
  readonly #recognised = new Map<string, SiteProfile | null>();
  /** Each site's redirects, indexed: a literal source by its path, the others matched in turn. */
  readonly #redirectIndexes = new WeakMap<SiteProfile, RedirectIndex>();
  /** A folder to stop at when no `.git` is found above a document (the workspace folder). */
  readonly fallbackRoot: string | undefined;

  constructor(fs: LinkFileSystem, options: { fallbackRoot?: string } = {}) {
    this.fs = fs;
    this.fallbackRoot = options.fallbackRoot === undefined ? undefined : trimSlash(options.fallbackRoot.replace(/\\/g, '/'));
  }

  /** Forgets what was read of `path` and its folder: a file created, changed, renamed or deleted. */
  invalidate(path: string): void {
    const clean = trimSlash(path.replace(/\\/g, '/'));
    this.#anchors.delete(clean);
    for (const cache of [this.#dirs, this.#listed]) {
      cache.delete(parentOf(clean));
      cache.delete(clean);
    }
    this.#names.clear();
    this.#templates.clear();
    this.#layoutIds.clear();
    this.#routeIndexes.clear();
    // A folder's removal or a generator's configuration changes what sits above and below it.
    if (!isMarkdownPath(clean) && !isHtmlPath(clean)) {
      for (const cache of [this.#dirs, this.#listed]) for (const key of [...cache.keys()]) if (key.startsWith(`${clean}/`)) cache.delete(key);
      this.#sites.clear();
      this.#nearSites.clear();
      this.#recognised.clear();
      this.#roots.clear();
      this.#realRoots.clear();
    }
  }

  /** A folder's entries by lower-case name, as read (symbolic links included); `null` when it is no folder. */
  #listing(dir: string): Map<string, DirectoryEntry[]> | null {
    let entries = this.#listed.get(dir);
    if (entries === undefined) {
      const listed = this.fs.readDirectory(dir);
      entries = listed === undefined ? null : new Map();
      for (const entry of listed ?? []) {
        const key = entry.name.toLowerCase();
        const list = entries!.get(key);
        if (list === undefined) entries!.set(key, [entry]);
        else list.push(entry);
      }
      this.#listed.set(dir, entries);
    }
    return entries;
  }

  /**
   * A folder's entries by lower-case name; `null` when it is no folder. In a repository, a
   * symbolic link whose target lies outside it is left out: nothing is listed or read through it
   * (SECURITY.md: a link found in a tree is never followed out of it).
   */
  #entries(dir: string): Map<string, DirectoryEntry[]> | null {
    let entries = this.#dirs.get(dir);
    if (entries === undefined) {
      // A folder reached by a path through such a link is not listed either.
      entries = this.#insideRepository(dir) ? this.#listing(dir) : null;
      if (entries !== null && [...entries.values()].some((list) => list.some((entry) => entry.link === true))) {
        const kept = new Map<string, DirectoryEntry[]>();
        for (const [key, list] of entries) {
          const inside = list.filter((entry) => entry.link !== true || this.#insideRepository(join(dir, entry.name)));
          if (inside.length > 0) kept.set(key, inside);
        }
        entries = kept;
      }
      this.#dirs.set(dir, entries);
    }
    return entries;
  }

  /**
   * Whether a path may be read: when it is in a repository (or the fallback root), its real path
   * (every symbolic link resolved) is inside the real path of that root.
   */
  #insideRepository(path: string, reading = false): boolean {
    const root = this.repositoryRoot(parentOf(path));
    // A folder above every tree (`/`, macOS's `/tmp` link) is no link found in a tree; a file there is not read.
    if (!within(root, path)) return !reading;
    if (hasDotSegment(path)) return false;
    const realPath = this.fs.realPath;
    if (realPath === undefined) return true;
    let realRoot = this.#realRoots.get(root);
    if (realRoot === undefined) {
      realRoot = realPath.call(this.fs, root) ?? root;
      this.#realRoots.set(root, realRoot);
    }
    const real = realPath.call(this.fs, path);
    return real === undefined || within(realRoot, real);
  }

  /** A file's text, unless it is reached through a symbolic link out of its repository. */
  #readFile(path: string): string | undefined {
    return this.#insideRepository(path, true) ? this.fs.readFile(path) : undefined;
  }

  /** The names in a folder (for completion), or none. */
  list(dir: string): DirectoryEntry[] {
    const entries = this.#entries(trimSlash(dir));
    return entries === null ? [] : [...entries.values()].flat();
  }

  /** The entry `name` of `dir`: as written, else in another case. */
  #entry(dir: string, name: string, numberPrefixes = false): { entry: DirectoryEntry; exact: boolean } | undefined {
    const entries = this.#entries(dir);
    if (entries === null) return undefined;
    const list = entries.get(name.toLowerCase());
    if (list !== undefined) {
      const exact = list.find((entry) => entry.name === name);
      return exact === undefined ? { entry: list[0]!, exact: false } : { entry: exact, exact: true };
    }
    if (numberPrefixes) {
      for (const [key, same] of entries) {
        const stripped = key.replace(/^\d+[-_. ]/, '');
        if (stripped !== key && (stripped === name.toLowerCase() || stripped.replace(/\.[^.]*$/, '') === name.toLowerCase())) return { entry: same[0]!, exact: true };
      }
    }
    return undefined;
  }

  /** Looks `path` up segment by segment from the filesystem root, noting names that match only in another case. */
  #find(path: string, numberPrefixes = false): Found | undefined {
    const segments = path.split('/').filter((segment) => segment !== '');
    const drive = /^[A-Za-z]:$/.test(segments[0] ?? '') ? segments.shift()! : undefined;
    let dir = drive === undefined ? '/' : `${drive}/`;
    const caseFixes: [string, string][] = [];
    let directory = true;
    for (let k = 0; k < segments.length; k++) {
      if (!directory) return undefined;
      const segment = segments[k]!;
      const found = this.#entry(trimSlash(dir), segment, numberPrefixes);
      if (found === undefined) return undefined;
      if (!found.exact && found.entry.name !== segment) caseFixes.push([segment, found.entry.name]);
      dir = join(dir, found.entry.name);
      directory = found.entry.directory;
    }
    return { path: trimSlash(dir), directory, caseFixes };
  }

  /** Whether a file or folder exists at `path` in exactly that case. */
  exists(path: string): boolean {
    const found = this.#find(path);
    return found !== undefined && found.caseFixes.length === 0;
  }

  /** The repository root above a folder: the nearest folder holding `.git`, else the fallback root, else the filesystem root. */
  repositoryRoot(dir: string): string {
    const known = this.#roots.get(dir);
    if (known !== undefined) return known ?? this.fallbackRoot ?? '/';
    let root: string | null = null;
    if (this.#listing(dir)?.has('.git')) root = dir;
    else if (dir !== '/' && !/^[A-Za-z]:\/?$/.test(dir) && dir !== this.fallbackRoot) {
      const parent = parentOf(dir);
      root = parent === dir ? null : this.repositoryRoot(parent);
    }
    this.#roots.set(dir, root);
    return root ?? this.fallbackRoot ?? '/';
  }

  /**
   * The folder of the `.gitignore` that leaves `path` (absolute) out of the repository, if one does:
   * git's rules, each file's patterns relative to its folder, a deeper file's match or `!` winning.
   * What the repository leaves out its build writes (TypeDoc's pages, `dist/`): a link there cannot be
   * checked in the tree. `repositoryRoot` is the root of the repository the link is in.
   */
  gitIgnoredBy(path: string, repositoryRoot: string): string | undefined {
    const root = repositoryRoot.replace(/\/?$/, '/');
    if (!path.startsWith(root)) return undefined;
    const segments = path.slice(root.length).split('/').filter((segment) => segment !== '');
    let dir = root;
    let by: string | undefined;
    for (let k = 0; k < segments.length; k++) {
      const rules = this.#gitignore(dir);
      if (rules !== undefined) {
        try {
          const result = rules.test(segments.slice(k).join('/'));
          if (result.ignored) by = dir;
          else if (result.unignored) by = undefined;
        } catch {
          // A name `ignore` does not take for a relative path: no pattern is about it.
        }
      }
      // Only folders the index lists (inside the repository) are read for their own `.gitignore`.
      if (!this.list(dir).some((entry) => entry.name === segments[k] && entry.directory)) break;
      dir = join(dir, segments[k]!);
    }
    return by;
  }

  #gitignores = new Map<string, Ignore | undefined>();

  #gitignore(dir: string): Ignore | undefined {
    if (this.#gitignores.has(dir)) return this.#gitignores.get(dir);
    const text = this.list(dir).some((entry) => entry.name === '.gitignore' && !entry.directory && entry.link !== true) ? this.fs.readFile(join(dir, '.gitignore')) : undefined;
    const rules = text === undefined ? undefined : gitignore()?.().add(text);
    this.#gitignores.set(dir, rules);
    return rules;
  }

  /** The site a folder's documents belong to: the nearest generator's up to the repository root, else the root read as GitHub does. */
  site(dir: string, generator: Compiled['generator'] = 'auto', html = false): SiteProfile {
    const key = `${generator}\0${html}\0${dir}`;
    const known = this.#sites.get(key);
    if (known !== undefined) return known;
    const root = this.repositoryRoot(dir);
    let profile: SiteProfile | undefined;
    let caddyfile: string | undefined;
    if (generator !== 'none') {
      for (let folder = dir; ; folder = parentOf(folder)) {
        const entries = this.#entries(folder);
        if (entries !== null) {
          const names = new Set([...entries.values()].flat().map((entry) => entry.name));
          if (caddyfile === undefined && names.has('Caddyfile') && caddyRendersTemplates(this.#readFile(join(folder, 'Caddyfile')) ?? '')) caddyfile = join(folder, 'Caddyfile');
          const list = (name: string): ReadonlySet<string> | undefined => {
            const below = this.#entries(join(folder, name));
            return below === null ? undefined : new Set([...below.values()].flat().map((entry) => entry.name));
          };
          const read = (name: string): string | undefined => this.#readFile(withoutDotSegments(join(folder, name)));
          const found: SiteProfile | undefined = this.#recognise(folder, names, read, list) ?? (html && generator === 'auto' ? builtSite(folder, names, read) : undefined);
          if (found !== undefined && (found.htmlOnly !== true || html) && (generator === 'auto' || found.generator === generator)) {
            profile = found;
            break;
          }
        }
        if (folder === root || folder === '/' || parentOf(folder) === folder) break;
      }
    }
    // A site in another folder whose pages are here (Docusaurus's `path: '../docs'` from `website/`).
    if (profile === undefined && generator !== 'none') {
      profile = this.#sitesNear(root).find((site) => (generator === 'auto' || site.generator === generator) && (site.collections ?? []).some((collection) => within(trimSlash(collection.dir), dir)));
    }
    profile ??= caddyfile === undefined ? (railsSite(root, (name) => this.#readFile(join(root, name))) ?? plainSite(root)) : caddyTemplatesSite(root, caddyfile);
    this.#sites.set(key, profile);
    if (!this.sitesUsed.has(profile.root)) {
      this.sitesUsed.set(profile.root, profile.description);
      this.notes.add(profile.description);
    }
    return profile;
  }

  /** `recogniseSite` for a folder, once until a configuration changes. */
  #recognise(folder: string, names: ReadonlySet<string>, read: (name: string) => string | undefined, list: (name: string) => ReadonlySet<string> | undefined): SiteProfile | undefined {
    let known = this.#recognised.get(folder);
    if (known === undefined) {
      known = recogniseSite(folder, names, read, list) ?? null;
      this.#recognised.set(folder, known);
    }
    return known ?? undefined;
  }

  /** The sites in the repository's top two levels of folders (`website/`, `packages/docs/`), read once per root. */
  #sitesNear(root: string): SiteProfile[] {
    let known = this.#nearSites.get(root);
    if (known !== undefined) return known;
    known = [];
    const folders = this.list(root).filter((entry) => entry.directory && !entry.name.startsWith('.') && entry.name !== 'node_modules').map((entry) => join(root, entry.name));
    for (const folder of [...folders]) for (const entry of this.list(folder)) if (entry.directory && !entry.name.startsWith('.') && entry.name !== 'node_modules') folders.push(join(folder, entry.name));
    for (const folder of folders) {
      const names = new Set(this.list(folder).map((entry) => entry.name));
      const list = (name: string): ReadonlySet<string> | undefined => {
        const below = this.#entries(join(folder, name));
        return below === null ? undefined : new Set([...below.values()].flat().map((entry) => entry.name));
      };
      const found = this.#recognise(folder, names, (name) => this.#readFile(withoutDotSegments(join(folder, name))), list);
      if (found !== undefined && found.htmlOnly !== true) known.push(found);
    }
    this.#nearSites.set(root, known);
    return known;
  }

  /** The options compiled once per distinct value. */
  #compile(options: LinkOptions): Compiled {
    const key = JSON.stringify(options);
    let compiled = this.#compiled.get(key);
    if (compiled === undefined) {
      const customIds: LinearRegExp[] = [MDX_COMMENT_ID];
      for (const source of options.customIds ?? []) {
        // Run by the linear-time engine: the pattern is a tree's. One it cannot run (a lookahead) or
        // that does not compile is left out; the configuration's validation names it (exit 2).
        const compiled = linearRegExp(source);
        if (compiled !== undefined) customIds.unshift(compiled);
      }
      compiled = {
        key,
        root: options.root,
        routes: Object.entries(options.routes ?? {}).sort((a, b) => b[0].length - a[0].length),
        generatedPages: options.generatedPages !== false,
        generator: options.generator ?? 'auto',
        slugStyle: options.slugStyle !== undefined && (options.slugStyle === 'auto' || SLUG_STYLES.includes(options.slugStyle)) ? options.slugStyle : 'auto',
        customIds,
      };
      this.#compiled.set(key, compiled);
    }
    return compiled;
  }

  /** The slug style of documents in `dir`. */
  #styleOf(dir: string, options: Compiled): SlugStyle {
    return options.slugStyle === 'auto' ? this.site(dir, options.generator).slugStyle : options.slugStyle;
  }

  /** The anchors of a document, from `text` when given (the document being checked), else from the file; cached. */
  anchorsOf(path: string, options: LinkOptions = {}, text?: string, depth = 0): DocumentAnchors | undefined {
    const compiled = this.#compile(options);
    const layouts = isMarkdownPath(path) || isHtmlPath(path) ? this.#layoutsOf(this.site(parentOf(path), compiled.generator)) : NO_LAYOUTS;
    const { props, slugifiedProps } = layouts;
    const key = `${compiled.slugStyle}\0${compiled.generator}\0${[...compiled.customIds, ...props, ...slugifiedProps, ...layouts.defaults.map((d) => d.element), ...[...layouts.shortcodeIds].map(([name, params]) => `${name}:${params.join(',')}`)].map(String).join('\0')}`;
    const known = this.#anchors.get(path);
    // The document being checked is usually the file as read for another's link: one parse serves both.
    if (known !== undefined && known.key === key && (text === undefined || known.source === text)) return known.anchors;
    const source = text ?? this.#readFile(path);
    if (source === undefined) return undefined;
    let anchors = isHtmlPath(path)
      ? htmlAnchors(source, props, slugifiedProps)
      : isMarkdownPath(path)
        ? markdownAnchors(source, { slugStyle: this.#styleOf(parentOf(path), compiled), customIds: [...compiled.customIds, ...props], elementIds: layouts.defaults, ...tabbedOf(this.site(parentOf(path), compiled.generator)) })
        : { ...htmlAnchors(''), lineCount: lineCountOf(source), lineOffsets: lineStarts(source) };
    if (isMarkdownPath(path) && source.includes('<!--@include:')) anchors = this.#withIncludes(path, source, anchors, options, depth);
    if (isMarkdownPath(path) && source.includes('import ')) anchors = this.#withMdxImports(path, source, anchors, options, depth);
    if (isMarkdownPath(path) && (props.length > 0 || slugifiedProps.length > 0)) anchors = withIncludeParameterIds(source, anchors, props, slugifiedProps);
    if (isMarkdownPath(path) && layouts.shortcodeIds.size > 0 && source.includes('{{')) anchors = withShortcodeParameterIds(source, anchors, layouts.shortcodeIds);
    // mkdocs-autorefs: a reference without a definition is a cross-reference the site resolves, and
    // `[](){#id}` (an empty link with attr_list's id) is an anchor of the page.
    if (isMarkdownPath(path) && this.site(parentOf(path), compiled.generator).crossReferences !== undefined) anchors = withAutorefsAnchors(source, anchors);
    if (isMarkdownPath(path)) {
      const site = this.site(parentOf(path), compiled.generator);
      if (site.appendedFiles !== undefined && depth === 0) anchors = this.#withAppended(site.appendedFiles, anchors, options);
      if (site.pageHooks !== undefined) anchors = withHooks(path, source, anchors, site);
      // An mdBook preprocessor may define any label (a rule name, a Rust path): the undefined ones are not known to stay text.
      if (site.preprocessors !== undefined && path.startsWith(site.routes[0]?.[1] ?? site.root)) anchors = { ...anchors, undefinedReferences: [] };
    }
    this.#anchors.set(path, { key, source, anchors });
    return anchors;
  }

  /**
   * pymdownx.snippets' `auto_append`: the appended files' definitions and ids are the page's (the
   * labels `[mkdocs.env]: https://…` of mkdocs-material's `includes/mkdocs.md` serve every page).
   */
  #withAppended(files: readonly string[], anchors: DocumentAnchors, options: LinkOptions): DocumentAnchors {
    const parts = files.map((file) => this.anchorsOf(file, options, undefined, 1)).filter((part): part is DocumentAnchors => part !== undefined);
    if (parts.length === 0) return anchors;
    const definitions = new Set([...anchors.definitions, ...parts.flatMap((part) => [...part.definitions])]);
    const undefinedReferences = anchors.undefinedReferences.filter((reference) => !definitions.has(normalizeLabel(reference.label.replace(/\\(.)/g, '$1'))));
    return { ...withAnchors(anchors, parts.flatMap((part) => part.anchors.map((anchor) => ({ ...anchor, offset: anchors.lineOffsets.at(-1) ?? 0 })))), definitions, undefinedReferences };
  }

  /**
   * VitePress's `<!--@include: ./part.md-->` (also `@/part.md` from the source folder, a
   * `{#region}` or a `{3,10}` line range): the included file's ids are the page's, at the
   * directive. A region or range is taken whole (an id outside it is not told apart).
   */
  #withIncludes(path: string, source: string, anchors: DocumentAnchors, options: LinkOptions, depth: number): DocumentAnchors {
    const site = this.site(parentOf(path), this.#compile(options).generator);
    if (site.includes !== true || depth > 8) return anchors;
    const pages = site.routes[0]?.[1] ?? site.root;
    const parts: Anchor[] = [];
    for (const match of source.matchAll(/<!--\s*@include:\s*([^\s{#]+?)\s*(?:\{[^}]*\}|#[\w-]+)?\s*-->/g)) {
      const written = match[1]!;
      const file = written.startsWith('@/') ? join(trimSlash(pages), written.slice(2)) : join(parentOf(path), written);
      for (const anchor of this.anchorsOf(withoutDotSegments(file), options, undefined, depth + 1)?.anchors ?? []) parts.push({ ...anchor, offset: match.index });
    }
    return withAnchors(anchors, parts);
  }

  /**
   * MDX's imported Markdown (https://docusaurus.io/docs/markdown-features/react#importing-markdown):
   * `import Part from './_part.mdx'` and `<Part />` in the page render the part's headings there, so
   * their ids are the page's, at the element.
   */
  #withMdxImports(path: string, source: string, anchors: DocumentAnchors, options: LinkOptions, depth: number): DocumentAnchors {
    if (depth > 8) return anchors;
    const parts: Anchor[] = [];
    for (const match of source.matchAll(MDX_MARKDOWN_IMPORT)) {
      const used = new RegExp(`<${match[1]!}[\\s/>]`).exec(source);
      if (used === null) continue;
      for (const anchor of this.anchorsOf(withoutDotSegments(join(parentOf(path), match[2]!)), options, undefined, depth + 1)?.anchors ?? []) parts.push({ ...anchor, offset: used.index });
    }
    return withAnchors(anchors, parts);
  }

  /**
   * Whether the pages an HTML template part ends up in hold an id: the template it `{% extends %}`,
   * the templates that `{% include %}` it, and, for a layout with blocks, the templates that extend
   * it and fill them (Django's, Jinja's, Nunjucks's and Liquid's tags, with
   * names from a `templates` folder), and theirs in turn, each with the ids of the templates it
   * includes (opencve's CVE page includes the section its navigation links to). `undefined` when no such template is in the
   * tree, or when the part itself includes a template the tree does not hold (a theme's
   * `{% include "partials/icons.html" %}`, whose ids are its page's): the page cannot be known.
   */
  templatePagesHold(path: string, id: string, options: LinkOptions = {}): boolean | undefined {
    const templates = this.#templateFiles(this.repositoryRoot(parentOf(path)));
    const nameOf = (file: string): string | undefined => {
      const at = file.lastIndexOf('/templates/');
      return at === -1 ? undefined : file.slice(at + '/templates/'.length);
    };
    const byName = new Map<string, string[]>();
    for (const file of templates) {
      const name = nameOf(file);
      if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    for (const match of (this.#readFile(path) ?? '').matchAll(INCLUDE_TAG)) {
      if (!byName.has(match[1]!)) return undefined;
    }
    /** Whether a template holds the id, or one it includes (and theirs, a few levels down). */
    const holds = (file: string, seen: Set<string>, depth: number): boolean => {
      if (this.anchorsOf(file, options)?.ids.has(id) === true) return true;
      if (depth >= 4) return false;
      for (const match of (this.#readFile(file) ?? '').matchAll(INCLUDE_TAG)) {
        for (const included of byName.get(match[1]!) ?? []) {
          if (seen.has(included)) continue;
          seen.add(included);
          if (holds(included, seen, depth + 1)) return true;
        }
      }
      return false;
    };
    const seen = new Set([path]);
    let found = false;
    let frontier = [path];
    for (let depth = 0; depth < 4 && frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const file of frontier) {
        const text = this.#readFile(file) ?? '';
        const name = nameOf(file);
        const base = /\{%-?\s*extends\s+["']([^"']+)["']/.exec(text)?.[1];
        for (const other of templates) {
          if (seen.has(other)) continue;
          const otherName = nameOf(other);
          const extended = base !== undefined && otherName === base;
          const otherText = this.#readFile(other) ?? '';
          const includes = name !== undefined && includesTemplate(otherText, name);
          // A layout's children fill its blocks (`{% extends "allauth/layouts/base.html" %}`): their ids are on its pages.
          const child = name !== undefined && /\{%-?\s*block\s/.test(text) && /\{%-?\s*extends\s+["']([^"']+)["']/.exec(otherText)?.[1] === name;
          if (!extended && !includes && !child) continue;
          seen.add(other);
          next.push(other);
          found = true;
          if (holds(other, new Set([path, other]), 0)) return true;
        }
      }
      frontier = next;
    }
    return found ? false : undefined;
  }

  /** The HTML files in the `templates` folders of a repository (bounded: a tree too large to list gives what was listed). */
  #templateFiles(root: string): string[] {
    let files = this.#templates.get(root);
    if (files !== undefined) return files;
    files = [];
    const stack: [string, boolean][] = [[root, false]];
    for (let item = stack.pop(), seen = 0; item !== undefined && seen < 100_000; item = stack.pop()) {
      const [dir, inTemplates] = item;
      for (const entry of this.list(dir)) {
        seen++;
        if (entry.directory) {
          if (entry.name !== '.git' && entry.name !== 'node_modules') stack.push([join(dir, entry.name), inTemplates || entry.name === 'templates']);
        } else if (inTemplates && isHtmlPath(entry.name)) files.push(join(dir, entry.name));
      }
    }
    this.#templates.set(root, files);
    return files;
  }

  /** The page a folder shows (README.md, index.html…), or none. */
  folderPage(dir: string): string | undefined {
    for (const name of FOLDER_PAGES) {
      const found = this.#entry(dir, name);
      if (found !== undefined && found.exact && !found.entry.directory) return join(dir, found.entry.name);
    }
    return undefined;
  }

  /** The file or folder a path names, or the page a generated or extensionless path stands for. */
  #lookup(path: string, options: Compiled, numberPrefixes: boolean): Found | undefined {
    const direct = this.#find(path, numberPrefixes);
    if (direct !== undefined) return direct;
    if (!options.generatedPages) return undefined;
    const name = nameOf(path);
    const alternates: string[] = [];
    if (HTML.test(name)) {
      const stem = path.replace(HTML, '');
      alternates.push(...['.md', '.mdx', '.markdown'].map((ext) => stem + ext));
      if (/^index\.html?$/i.test(name)) alternates.push(join(parentOf(path), 'README.md'));
    } else if (name === '' && path.length > 1) {
      // `../2022/hello/`: a pretty URL of the page `hello.md`.
      alternates.push(...ROUTE_EXTENSIONS.map((ext) => trimSlash(path) + ext));
    } else if (!name.includes('.') || /\.\d+$/.test(name)) {
      alternates.push(...ROUTE_EXTENSIONS.map((ext) => path + ext), ...FOLDER_PAGES.map((page) => join(path, page)));
    }
    for (const alternate of alternates) {
      const found = this.#find(alternate, numberPrefixes);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** A site-absolute path: the folders it may be in (routes, the generator's, static folders, the root), and whether any has its first folder. */
  #route(path: string, source: LinkSource, options: Compiled): { found?: Found; fits: boolean; silenced?: string; gitIgnoredBy?: string } {
    const dir = parentOf(source.path);
    const root = this.repositoryRoot(dir);
    const site = this.site(dir, options.generator, isHtmlPath(source.path));
    // Jekyll's `baseurl` starts every route of the site.
    if (site.baseUrl !== undefined && (path === site.baseUrl || path.startsWith(`${site.baseUrl}/`))) path = path.slice(site.baseUrl.length) || '/';
    const pages = this.routeIndex(site).pages;
    const locale = (site.localeFallbacks ?? []).find((name) => path.startsWith(`/${name}/`));
    // Nextra: a route without a locale is the reader's; from a page in `content/<locale>/` it is that locale's first.
    const own = (site.collections ?? []).flatMap((collection) => (collection.locales ?? []).filter((name) => source.path.startsWith(`${collection.dir}${name}/`)))[0];
    const page = (own === undefined ? undefined : pages.get(routeKey(`/${own}${path}`))) ?? pages.get(routeKey(path)) ?? (locale === undefined ? undefined : pages.get(routeKey(path.slice(locale.length + 1))));
    if (page !== undefined) return { found: { path: page, directory: false, caseFixes: [] }, fits: true };
    const bases: string[] = [];
    for (const [prefix, folder] of options.routes) if (path.startsWith(prefix)) bases.push(join(root, folder.replace(/^\.?\/+/, '')) + path.slice(prefix.length).replace(/^\/?/, '/'));
    if (options.root !== undefined) bases.push(join(root, options.root.replace(/^\.?\/+/, '')) + path);
    for (const [prefix, folder] of site.routes) if (path.startsWith(prefix)) bases.push(join(folder, path.slice(prefix.length)));
    for (const folder of site.staticDirs) bases.push(join(folder, path.slice(1)));
    if (site.pageFolderRoot === true) bases.push(join(dir, path.slice(1)));
    bases.push(root + path);
    if (site.moduleExtensions !== undefined && !nameOf(path).includes('.')) {
      for (const base of [...bases]) bases.push(...site.moduleExtensions.map((extension) => base + extension));
    }
    let fits = false;
    for (const base of bases) {
      const clean = base.replace(/\/{2,}/g, '/');
      const found = this.#lookup(clean, options, site.numberPrefixes);
      if (found !== undefined) return { found, fits: true };
      fits ||= this.#firstFolderExists(clean, path);
    }
    for (const folder of site.dynamicDirs ?? []) {
      const page = this.#dynamicPage(folder, path);
      if (page !== undefined) return { found: page, fits: true };
    }
    const redirect = site.redirects === undefined || site.redirects.length === 0 ? undefined : this.#redirectsOf(site).find(path.replace(/(.)\/$/, '$1'));
    if (redirect !== undefined) return { found: { path: redirect[2], directory: false, caseFixes: [] }, fits: true };
    // The folder a route is served from, left out of the repository: the build writes its pages.
    for (const base of bases) {
      const by = this.gitIgnoredBy(base.replace(/\/{2,}/g, '/'), root);
      if (by !== undefined) return { fits: true, gitIgnoredBy: by };
    }
    const unknown = [...(site.unknowns ?? []), ...this.routeIndex(site).unknown].find(({ prefixes }) => prefixes.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || path.startsWith(`${prefix}.`)));
    if (unknown !== undefined) return { fits: true, silenced: unknown.setting };
    // A single name at the root (`/CONTRIBUTING.md`) fits the root: a missing one is reported.
    if (/^\/[^/]+\.[A-Za-z0-9]+$/.test(path)) fits = true;
    // A route whose first segment starts routes of the site's pages (`/docs/gone` beside `/docs/getting-started`) is one of them, missing (Next.js and Nextra, Eleventy: their pages all indexed).
    if (!fits && (site.collections ?? []).some((collection) => ROUTED_FIRST_SEGMENTS.has(collection.rule))) fits = this.routeIndex(site).firsts.has(path.split('/')[1] ?? '');
    // A site whose every page is known (its collections): a route under a collection's prefix that none has is missing.
    if (site.routesComplete === true && (site.collections ?? []).some((collection) => path.startsWith(collection.base))) fits = true;
    return { fits };
  }

  /**
   * A site's redirects as an index: a source with no parameter or group (most of them: biomejs/website
   * lists a thousand renamed rules) is looked up by its path, the others' patterns are tried in order.
   */
  #redirectsOf(site: SiteProfile): RedirectIndex {
    let index = this.#redirectIndexes.get(site);
    if (index === undefined) {
      type Redirect = readonly [string, string, string];
      const literal = new Map<string, { at: number; redirect: Redirect }>();
      const patterns: { at: number; redirect: Redirect }[] = [];
      (site.redirects ?? []).forEach((redirect, at) => {
        if (/[:(*]/.test(redirect[0])) patterns.push({ at, redirect });
        else {
          const key = redirect[0].replace(/(.)\/$/, '$1');
          if (!literal.has(key)) literal.set(key, { at, redirect });
        }
      });
      index = {
        find(path) {
          // The first redirect that matches, in the configuration's order.
          const exact = literal.get(path);
          for (const { at, redirect } of patterns) {
            if (exact !== undefined && at > exact.at) break;
            if (redirectPattern(redirect[0])?.test(path) === true) return redirect;
          }
          return exact?.redirect;
        },
      };
      this.#redirectIndexes.set(site, index);
    }
    return index;
  }

  /** A route matched against a folder of pages whose `[param]` files and folders match any one segment (Next.js). */
  #dynamicPage(folder: string, path: string): Found | undefined {
    const segments = path.split('/').filter((segment) => segment !== '');
    let dir = trimSlash(folder);
    for (let k = 0; k < segments.length; k++) {
      // A route group `(name)` and a parallel slot `@name` are no segment of the route: their entries are the folder's.
      const entries: { dir: string; entry: DirectoryEntry }[] = [];
      const groups = [dir];
      for (let group = groups.pop(); group !== undefined; group = groups.pop()) {
        for (const entry of this.list(group)) {
          if (entry.directory && /^(?:\(.*\)|@.+)$/.test(entry.name)) groups.push(join(group, entry.name));
          else entries.push({ dir: group, entry });
        }
      }
      const last = k === segments.length - 1;
      const segment = segments[k]!;
      const stem = (name: string): string => name.replace(/\.(?:jsx?|tsx?|mdx?)$/, '');
      const fits = ({ entry }: { entry: DirectoryEntry }): boolean => (last || entry.directory) && (entry.name === segment || stem(entry.name) === segment);
      const chosen = entries.find(fits) ?? entries.find(({ entry }) => (last || entry.directory) && /^\[[^.\]][^\]]*\]$/.test(stem(entry.name)));
      if (chosen === undefined) return undefined;
      dir = join(chosen.dir, chosen.entry.name);
      if (last) return chosen.entry.directory ? (this.folderPageOrIndex(dir) ?? undefined) : { path: dir, directory: false, caseFixes: [] };
    }
    return undefined;
  }

  /** A folder of pages as its `index.*` page (the pages router) or its `page.*`/`route.*` (the app router). */
  folderPageOrIndex(dir: string): Found | undefined {
    const index = this.list(dir).find((entry) => !entry.directory && /^(?:index|page|route)\.(?:jsx?|tsx?|mdx?)$/.test(entry.name));
    return index === undefined ? undefined : { path: join(dir, index.name), directory: false, caseFixes: [] };
  }

  /**
   * A site's pages by every route its generator serves them at, and each page's own route, from
   * its collections (`routing.ts`): built once per site, on the first site-absolute or moved link.
   * Bounded: a site of more than 50,000 files indexes the first 50,000.
   */
  routeIndex(site: SiteProfile): RouteIndex {
    let index = this.#routeIndexes.get(site.root);
    if (index !== undefined) return index;
    index = { pages: new Map(), routes: new Map(), unknown: [], firsts: new Set() };
    this.#routeIndexes.set(site.root, index);
    for (const [route, file] of site.fileRoutes ?? []) {
      index.pages.set(routeKey(route), file);
      index.routes.set(file, route);
    }
    let seen = 0;
    const collections = [...(site.collections ?? [])];
    // Jekyll reads a `_posts` folder in any folder of the site, the folders above it the post's categories
    // (`de/news/_posts/2018-03-28-x.md` is `/de/news/2018/03/28/x/` at `permalink: pretty`): https://jekyllrb.com/docs/posts/.
    const rootPosts = collections.find((collection) => collection.rule === 'jekyll-post');
    for (let c = 0; c < collections.length; c++) {
      const collection = collections[c]!;
      const top = trimSlash(collection.dir);
      const stack: [string, string][] = [[top, '']];
      for (let next = stack.pop(); next !== undefined && seen < 50_000; next = stack.pop()) {
        const [dir, relative] = next;
        for (const entry of this.list(dir)) {
          seen++;
          const path = join(dir, entry.name);
          const rel = relative === '' ? entry.name : `${relative}/${entry.name}`;
          if (entry.directory) {
            if (entry.name === '_posts' && relative !== '' && collection.rule === 'jekyll-page' && rootPosts !== undefined) {
              collections.push({ ...rootPosts, dir: `${path}/`, name: relative });
              continue;
            }
            if (entry.name !== 'node_modules' && !entry.name.startsWith('.') && collection.skip?.(entry.name) !== true) stack.push([path, rel]);
            continue;
          }
          if (excluded(collection, rel) || index.routes.has(path)) continue;
          let text: string;
          if (isPageFile(collection.rule, entry.name)) {
            // Only a page whose front matter can move it is read (a VitePress page's route is its path):
            // Markdown and HTML, and the template languages whose files Jekyll and Eleventy give front matter
            // (`search.njk` with `permalink: search.json`, https://www.11ty.dev/docs/permalinks/).
            text = collection.rule !== 'vitepress' && FRONT_MATTER_PAGE.test(entry.name) ? (this.#readFile(path) ?? '') : '';
          } else {
            // Jekyll renders any file that starts with front matter, whatever its extension: a license as
            // `_licenses/mit.txt` in a collection whose permalink is `/licenses/:path/` (https://jekyllrb.com/docs/front-matter/).
            if ((collection.rule !== 'jekyll-collection' && collection.rule !== 'jekyll-page') || !JEKYLL_TEXT.test(entry.name)) continue;
            text = this.#readFile(path) ?? '';
            if (!/^---\r?\n/.test(text)) continue;
          }
          const routes = pageRoutes(collection, rel, text);
          // A permalink made by code or by another template value: the routes under its literal prefix are unknown.
          const permalink = collection.rule === 'eleventy' && routes.length === 0 ? eleventyPermalink(collection, rel, { ...jsFrontMatter(text), ...frontMatterOf(text) }) : undefined;
          if (typeof permalink === 'object' && !index.unknown.some((unknown) => unknown.prefixes[0] === permalink.prefix)) index.unknown.push({ setting: permalink.setting, prefixes: [permalink.prefix] });
          if (routes.length > 0) index.routes.set(path, routes[0]!);
          for (const route of routes) {
            const key = routeKey(route);
            if (!index.pages.has(key)) index.pages.set(key, path);
            // The first segment of a route below it (`docs` of `/docs/getting-started`): not a page's own last segment.
            if (key.indexOf('/', 1) > 0 && !key.includes('[')) index.firsts.add(key.slice(1, key.indexOf('/', 1)));
          }
        }
      }
    }
    return index;
  }

  /** Says once per kind why links of that kind cannot be resolved, and counts the link. */
  #gitIgnored(rawPath: string, sourcePath: string, by: string): LinkResult {
    return this.#unresolvable(`gitignore:${by}`, `cannot resolve links such as "${rawPath}" in ${sourcePath}: their target is in what ${join(by, '.gitignore')} leaves out of the repository, which a build writes`, rawPath);
  }

  #unresolvable(kind: string, note: string, path: string): LinkResult {
    this.unresolvable++;
    if (!this.#said.has(kind)) this.notes.add(note);
    this.#said.add(kind);
    return { status: 'unresolvable', path };
  }

  /** Whether a missing path's first missing folder is another site of the repository, found beside a folder above the document (books deployed side by side). */
  #siblingSite(path: string, sourcePath: string): boolean {
    const segments = path.split('/').filter((segment) => segment !== '');
    let dir = path.startsWith('/') ? '/' : '';
    let missing: string | undefined;
    for (const segment of segments) {
      const next = join(dir, segment);
      if (this.#find(next) === undefined) {
        missing = segment;
        break;
      }
      dir = next;
    }
    if (missing === undefined) return false;
    const root = this.repositoryRoot(parentOf(sourcePath));
    for (let folder = parentOf(sourcePath); ; folder = parentOf(folder)) {
      const candidate = join(folder, missing);
      const entries = this.#entries(candidate);
      if (entries !== null) {
        const names = new Set([...entries.values()].flat().map((entry) => entry.name));
        if (recogniseSite(candidate, names, (name) => this.#readFile(join(candidate, name))) !== undefined) return true;
      }
      if (folder === root || parentOf(folder) === folder) return false;
    }
  }

  /** The ids a site's layouts and partials write literally (`<h2 id="further-reading">`), with the file that writes each. */
  #layoutIdsOf(site: SiteProfile): Map<string, string> {
    return this.#layoutsOf(site).ids;
  }

  /**
   * What a site's layouts and components write: the literal ids; for components that set an
   * element's id from a prop (`<H3 id={permalink}>`), a pattern per prop whose group is the id a
   * document gives it (`<TeamMember permalink="dan-abramov">`); and the ids such a component writes
   * when a document leaves the prop out and its default applies (`titleId = 'challenges'`).
   */
  #layoutsOf(site: SiteProfile): Layouts {
    let known = this.#layoutIds.get(site.root);
    if (known === undefined) {
      const ids = new Map<string, string>();
      const props = new Set<string>();
      const slugified = new Set<string>();
      const defaults: ElementIds[] = [];
      const computed = new Set<string>();
      const shortcodeIds = new Map<string, string[]>();
      const stack = [...(site.layoutDirs ?? [])].map(trimSlash);
      for (let dir = stack.pop(), seen = 0; dir !== undefined && seen < 2_000; dir = stack.pop()) {
        for (const entry of this.list(dir)) {
          seen++;
          const path = join(dir, entry.name);
          if (entry.directory) stack.push(path);
          else if (/\.(?:[cm]?[jt]s|vue)$/i.test(entry.name) && !entry.name.endsWith('.d.ts')) {
            // A Markdown transform's headings, written in a string (`\n## Type Declarations\n`): the pages it appends them to have their ids.
            const text = this.#readFile(path) ?? '';
            for (const match of text.matchAll(/(?:^|\\n|[`'"])[ \t]*#{1,6}[ \t]+([A-Za-z][^\n`'"$\\{}<]*?)[ \t]*(?=$|\\n|[`'"])/gm)) {
              const id = slug(match[1]!, site.slugStyle);
              if (id !== '' && !ids.has(id)) ids.set(id, path);
            }
            for (const anchor of htmlIds(text)) if (/^[\w.:-]+$/.test(anchor.id) && !ids.has(anchor.id)) ids.set(anchor.id, path);
          } else if (/\.(?:html?|njk|liquid|hbs|handlebars|mustache|ejs|webc|vto|jsx|tsx|astro|gohtml|tmpl)$/i.test(entry.name)) {
            // An id written with a template expression (`id="{{ slug }}"`) is no literal id.
            const text = this.#readFile(path) ?? '';
            for (const anchor of htmlIds(text)) if (/^[\w.:-]+$/.test(anchor.id) && !ids.has(anchor.id)) ids.set(anchor.id, path);
            for (const match of text.matchAll(/\bid=\{\s*([A-Za-z_$][\w$]*)\s*\}/g)) {
              if (match[1] === 'id') continue;
              props.add(match[1]!);
              defaults.push(...propDefaults(text, match[1]!));
            }
            // A Liquid include that sets an id from its parameter (`id="{{ include.license-id }}"`): a page's
            // `{% include license-overview.html license-id="mit" %}` writes `id="mit"` (https://jekyllrb.com/docs/includes/#passing-parameters-to-includes).
            for (const match of text.matchAll(/\bid=["']\{\{-?\s*include\.([A-Za-z_][\w-]*)\s*(\|\s*slugify\s*)?-?\}\}["']/g)) (match[2] === undefined ? props : slugified).add(match[1]!);
            // A Hugo shortcode that writes a parameter as an id (https://gohugo.io/methods/shortcode/get/), directly or through
            // a variable handed to a partial: `{{- $id := .Get "id" }}` … `(dict "id" $id …)` makes `{{< warning id=x >}}` write `#x`.
            const shortcode = /(?:^|\/)_?shortcodes\/([\w.-]+)\.html$/.exec(path)?.[1];
            if (shortcode !== undefined) {
              const written = hugoShortcodeIdParameters(text);
              if (written.length > 0) shortcodeIds.set(shortcode, written);
            }
            // An id written from any other expression (`id="{{ item.data.title | slugify }}"` in a loop): the
            // pages that include this file hold ids the tree does not say.
            if (/\bid=["'][^"'<>]*\{\{(?!-?\s*include\.[A-Za-z_][\w-]*\s*(?:\|\s*slugify\s*)?-?\}\})/.test(text)) {
              for (const root of site.layoutDirs ?? []) if (path.startsWith(root)) computed.add(path.slice(root.length));
            }
          }
        }
      }
      const patterns = (names: Set<string>): LinearRegExp[] => [...names].sort().flatMap((prop) => linearRegExp(`\\b${prop}="([^"]+)"`) ?? []);
      known = { ids, props: patterns(props), slugifiedProps: patterns(slugified), defaults, computedIds: computed, shortcodeIds };
      this.#layoutIds.set(site.root, known);
    }
    return known;
  }

  /** Whether the folder a base maps `path`'s first segment to exists. */
  #firstFolderExists(base: string, path: string): boolean {
    const segments = path.split('/').filter((s) => s !== '');
    if (segments.length < 2) return false;
    const rest = segments.slice(1).join('/');
    const folder = base.slice(0, base.length - rest.length - 1);
    return this.#find(folder) !== undefined;
  }

  /**
   * Resolves one link of a document against the tree: RFC 3986 §5.2 against the document's
   * location (or its `<base href>`), site-absolute paths through the site's routes, the path
   * percent-decoded, a folder as its page, generated and extensionless pages to their sources,
   * the fragment against the target's ids (GitHub's line anchors in other files).
   */
  resolveLink(reference: UriReference, source: LinkSource, options: LinkOptions = {}): LinkResult {
    const compiled = this.#compile(options);
    if (reference.scheme !== undefined || reference.authority !== undefined) return { status: 'skipped' };
    const input = reference.input;
    const rawPath = input.slice(reference.path.start, reference.path.end);
    const query = reference.query === undefined ? '' : input.slice(reference.query.start, reference.query.end);
    const fragment = reference.fragment === undefined ? undefined : input.slice(reference.fragment.start, reference.fragment.end);
    const sourcePath = source.path.replace(/\\/g, '/');
    if (rawPath === '') {
      if (fragment === undefined || fragment === '') return { status: 'skipped' };
      // A same-document fragment: the document's own text.
      if (source.base !== undefined) return { status: 'skipped' };
      return this.#checkFragment({ path: sourcePath, directory: false }, fragment, query, compiled, source.text, this.#readOnGitHub(sourcePath, compiled));
    }
    let base = `file://${encodePath(sourcePath.startsWith('/') ? sourcePath : `/${sourcePath}`)}`;
    if (source.base !== undefined) {
      const given = parse(source.base);
      if (given.scheme !== undefined || given.authority !== undefined) return { status: 'skipped' };
      try {
        const resolved = resolve(source.base, base);
        // Without its fragment: the base of a document's references is never one (RFC 3986 §5.1).
        const fragment = parse(resolved).fragment;
        base = fragment === undefined ? resolved : resolved.slice(0, fragment.start - 1);
      } catch {
        return { status: 'skipped' };
      }
    }
    let aliased = 0;
    // `@site/static/a.png`, `@theme/custom.css`: a folder of the site named by the generator's alias.
    if (/^@[\w-]*\//.test(rawPath) && source.base === undefined) {
      const site = this.site(parentOf(sourcePath), compiled.generator, isHtmlPath(sourcePath));
      const alias = (site.aliases ?? []).find(([prefix]) => rawPath.startsWith(prefix));
      if (alias !== undefined) {
        base = `file://${encodePath(alias[1].startsWith('/') ? alias[1] : `/${alias[1]}`)}`;
        aliased = alias[0].length;
      }
      else if (site.generator !== undefined) return this.#unresolvable('alias', `cannot resolve links such as "${rawPath}" in ${sourcePath}: a bundler alias the ${site.generator} site's configuration does not name`, rawPath);
    }
    const siteAbsolute = rawPath.startsWith('/') && source.base === undefined;
    let resolvedPath: string;
    try {
      const target = parse(resolve(input.slice(aliased, reference.path.end), base));
      resolvedPath = target.input.slice(target.path.start, target.path.end);
    } catch {
      return { status: 'skipped' };
    }
    const decoded = tryPercentDecode(resolvedPath) ?? resolvedPath;
    let found: Found | undefined;
    let escapes = false;
    if (siteAbsolute) {
      const route = this.#route(decoded, { ...source, path: sourcePath }, compiled);
      found = route.found;
      // Docusaurus: `/api/Store.md` from the docs (or blog) folder of the page, then from the site's folder.
      found ??= this.#markdownFromContentRoot(decoded, sourcePath, compiled, false);
      if (found === undefined && route.silenced !== undefined) {
        return this.#unresolvable(`unknown:${route.silenced}`, `cannot resolve site-absolute links such as "${rawPath}" from ${sourcePath}: the site's routes there are made by the generator itself or set by code the tree cannot evaluate (${route.silenced})`, rawPath);
      }
      if (found === undefined && route.gitIgnoredBy !== undefined) return this.#gitIgnored(rawPath, sourcePath, route.gitIgnoredBy);
      if (found === undefined && !route.fits) {
        this.unresolvable++;
        if (this.unresolvable === 1) this.notes.add(`cannot resolve site-absolute links such as "${rawPath}": no route mapping fits (set the rule's "routes" option, e.g. { "/": "src/content/" })`);
        return { status: 'unresolvable', path: rawPath };
      }
    } else {
      const site = this.site(parentOf(sourcePath), compiled.generator, isHtmlPath(sourcePath));
      const file = decoded.replace(/^\/([A-Za-z]:)/, '$1');
      // A path that climbs out of the repository is not looked up: nothing outside it is listed or read.
      escapes = !within(this.repositoryRoot(parentOf(sourcePath)), file);
      // Jekyll, Hugo and Eleventy write a link into the page as it is, so the browser follows it from
      // the page's URL: in a page they moved (`_articles/ar/x.md` at `/ar/x/`) that comes first. A
      // link to a Markdown file is the generator's to rewrite from the source (jekyll-relative-links,
      // Hugo's render hooks), and is looked up from the source folder as before.
      if (site.generator !== undefined && PAGE_URL_LINKS.has(site.generator) && !MARKDOWN_FILE.test(file)) {
        const routed = this.#fromRoute(input.slice(0, reference.path.end), sourcePath, site, compiled, source.text, true);
        if (routed !== undefined && routed !== 'outside') found = routed;
      }
      if (found === undefined) found = escapes ? undefined : this.#lookup(file, compiled, site.numberPrefixes);
      // A file found only in another case may be a route the generator serves exactly (Docusaurus's `configuration` is `Configuration.md` with `id: configuration`).
      if (found !== undefined && found.caseFixes.length > 0 && site.generator !== undefined) {
        const routed = this.#fromRoute(input.slice(0, reference.path.end), sourcePath, site, compiled, source.text);
        if (routed !== undefined && routed !== 'outside' && routed.caseFixes.length === 0) found = routed;
      }
      // On a generated site the link is followed from the page's URL: `..` stops at the site's root.
      if (found === undefined && (site.generator !== undefined || compiled.routes.length > 0)) {
        const routed = this.#fromRoute(input.slice(0, reference.path.end), sourcePath, site, compiled, source.text);
        if (routed === 'outside') {
          return this.#unresolvable('left-site', `cannot resolve relative links such as "${rawPath}" in ${sourcePath}: they climb above the root of the ${site.generator} site at ${site.root}, to pages deployed beside it`, rawPath);
        }
        found = routed;
      }
      // Docusaurus: `api/Store.md` from the docs (or blog) folder of the page, then from the site's folder.
      if (found === undefined && !/^\.\.?\//.test(rawPath)) found = this.#markdownFromContentRoot(tryPercentDecode(rawPath) ?? rawPath, sourcePath, compiled, true);
      // Hugo's render hooks: a page from the content root, as relref reads a path, then a global
      // resource in assets/ (https://gohugo.io/render-hooks/links/#default, https://gohugo.io/render-hooks/images/#default).
      if (found === undefined && site.renderHookRoots !== undefined && !rawPath.startsWith('../')) {
        const written = (tryPercentDecode(rawPath) ?? rawPath).replace(/^\.\//, '');
        const pages = site.renderHookRoots.pages ? this.routeIndex(site).pages : undefined;
        const page = pages?.get(routeKey(`/${written}`)) ?? pages?.get(routeKey(`/${written.replace(/\.(?:md|mdx|markdown)$/i, '')}`));
        if (page !== undefined) found = { path: page, directory: false, caseFixes: [] };
        // A leaf bundle (`post/index.md`) looks a page up from the folder that holds the bundle, as a regular page beside it
        // would: Hugo's page-relative lookup for `.GetPage "./someotherpage"` from `/mysection/mypage/index.md` is `/mysection/someotherpage`.
        if (found === undefined && site.renderHookRoots.pages && LEAF_BUNDLE.test(sourcePath)) {
          const container = parentOf(parentOf(sourcePath));
          for (const candidate of [written, `${written}.md`, `${written}/index.md`, `${written}/_index.md`]) {
            const file = this.#find(join(container, candidate));
            if (file !== undefined && !file.directory && file.caseFixes.length === 0 && isMarkdownPath(file.path)) {
              found = file;
              break;
            }
          }
        }
        for (const folder of site.renderHookRoots.resources) {
          if (found !== undefined) break;
          const file = this.#find(join(folder, written));
          if (file !== undefined && !file.directory && file.caseFixes.length === 0) found = file;
        }
      }
      // Eleventy's InputPathToUrl plugin: a template named by its path from the input folder (https://www.11ty.dev/docs/plugins/inputpath-to-url/).
      if (found === undefined && site.inputPaths !== undefined && !rawPath.startsWith('../')) {
        const fromInput = join(site.inputPaths, (tryPercentDecode(rawPath) ?? rawPath).replace(/^\.\//, ''));
        const file = this.#find(fromInput);
        if (file !== undefined && !file.directory) found = file;
      }
    }
    if (found === undefined && !siteAbsolute && (escapes || (rawPath.startsWith('../') && this.#leavesRepository(decoded, sourcePath)))) {
      // `../reference/x.html` climbing to the root and into a folder the repository does not have: another site's pages.
      return this.#unresolvable('outside', `cannot resolve relative links such as "${rawPath}" in ${sourcePath}: they climb out of the repository or into a top folder it does not have`, rawPath);
    }
    if (found === undefined && !siteAbsolute && compiled.generatedPages && HTML.test(decoded) && this.#builtElsewhere(decoded, sourcePath)) {
      // A generated page of this repository's (its source is here, in another folder): where it is deployed is not in the tree.
      return this.#unresolvable('elsewhere', `cannot resolve links to generated pages such as "${rawPath}" from ${sourcePath}: the page's source is in another folder of the repository, and where the two are deployed is not in the tree`, rawPath);
    }
    if (found === undefined && !siteAbsolute && this.#siblingSite(decoded, sourcePath)) {
      // `first-edition/index.html` from a book deployed beside the first edition's book, which is a site of this repository.
      return this.#unresolvable('sibling', `cannot resolve links such as "${rawPath}" in ${sourcePath}: they name another site of the repository as if deployed beside this one, and where the sites are deployed is not in the tree`, rawPath);
    }
    if (found === undefined && !siteAbsolute && query === '' && fragment === undefined && PLACEHOLDER.test(rawPath)) {
      // `[text](link)`, `[name](url)`: the syntax shown with its parts' names, in a template or a guide.
      return this.#unresolvable('placeholder', `cannot resolve links such as "${rawPath}" in ${sourcePath}: the destination is a placeholder word, an example of the syntax rather than a link`, rawPath);
    }
    if (found === undefined && !siteAbsolute && !rawPath.includes('/') && isMarkdownPath(sourcePath)) {
      // An mdBook preprocessor resolves names as destinations (`[closure]: expr.closure`, a rule; `[bool](bool)`, a Rust
      // item, as rustdoc's intra-doc links): a destination of one segment that names no file may be its to rewrite.
      const site = this.site(parentOf(sourcePath), compiled.generator);
      if (site.preprocessors !== undefined && sourcePath.startsWith(site.routes[0]?.[1] ?? site.root)) {
        return this.#unresolvable(`preprocessor:${site.preprocessors.join(',')}`, `cannot resolve links such as "${rawPath}" in ${sourcePath}: the mdBook preprocessors ${site.preprocessors.join(', ')} rewrite every chapter by code, and may resolve a name written as a destination`, rawPath);
      }
    }
    if (found === undefined && this.#djangoTemplate(sourcePath)) {
      // `/foundation/donate/`, `faq/` in a Django template: the URL of a view, which the project's urls.py routes.
      return this.#unresolvable('app-routes', `cannot resolve links such as "${rawPath}" in ${sourcePath}: a Django template's links name the URLs of the project's views (its urls.py), not files`, rawPath);
    }
    if (found === undefined && !siteAbsolute) {
      const by = this.gitIgnoredBy(decoded.replace(/^\/([A-Za-z]:)/, '$1'), this.repositoryRoot(parentOf(sourcePath)));
      if (by !== undefined) return this.#gitIgnored(rawPath, sourcePath, by);
    }
    if (found === undefined) {
      const missing: LinkResult = { status: 'missing-file', path: rawPath };
      const replacement = this.#closeFile(siteAbsolute ? undefined : decoded, rawPath);
      if (replacement !== undefined) missing.replacement = replacement;
      return missing;
    }
    const target: LinkTarget = { path: found.path, directory: found.directory };
    if (found.caseFixes.length > 0) {
      let replacement = rawPath;
      for (const [written, actual] of found.caseFixes) {
        const at = replacement.lastIndexOf(encodeName(written, replacement));
        if (at >= 0) replacement = replacement.slice(0, at) + encodeName(actual, '') + replacement.slice(at + encodeName(written, replacement).length);
      }
      // The names that differ in case are not written in the link (`../packages/parser` found as `Parser.mdx`): no fix changes the link, the file is named.
      if (replacement === rawPath) return { status: 'case-mismatch', target };
      return { status: 'case-mismatch', target, replacement };
    }
    if (fragment === undefined || fragment === '') return { status: 'ok', target };
    return this.#checkFragment(target, fragment, query, compiled, undefined, this.#readOnGitHub(sourcePath, compiled));
  }

  /**
   * Docusaurus's reading of a link to a Markdown file (https://docusaurus.io/docs/markdown-features/links):
   * `api/Store.md` (written without `./` or `../`) is looked for from the page's folder (by the
   * caller), then from the content folder of the docs or blog instance the page is in, then from the
   * site's folder; `/api/Store.md` from those two only. The file found, exactly in that case.
   */
  #markdownFromContentRoot(written: string, sourcePath: string, options: Compiled, relative: boolean): Found | undefined {
    if (!MARKDOWN_FILE.test(written)) return undefined;
    const site = this.site(parentOf(sourcePath), options.generator, isHtmlPath(sourcePath));
    if (site.markdownLinksFromContentRoot !== true) return undefined;
    const content = site.collections?.find((collection) => (collection.rule === 'docusaurus-docs' || collection.rule === 'docusaurus-blog') && sourcePath.startsWith(collection.dir));
    for (const root of [...(content === undefined ? [] : [content.dir]), site.root.replace(/\/?$/, '/')]) {
      const file = this.#find(withoutDotSegments(join(root, relative ? written : written.replace(/^\/+/, ''))));
      if (file !== undefined && !file.directory && file.caseFixes.length === 0) return file;
    }
    return undefined;
  }

  /**
   * A relative link resolved from the page's route rather than its source file (RFC 3986 §5.2
   * against `/route/of/page.md`, whose dot segments stop at the root), mapped back to the folder
   * the route is served from.
   */
  #fromRoute(reference: string, sourcePath: string, site: SiteProfile, options: Compiled, text: string, movedOnly = false): Found | 'outside' | undefined {
    const root = this.repositoryRoot(parentOf(sourcePath));
    const configured = options.routes.map(([prefix, folder]): [string, string] => [prefix, join(root, folder.replace(/^\.?\/+/, '')).replace(/\/?$/, '/')]);
    for (const [prefix, folder] of [...configured, ...(site.generator === undefined ? [] : site.routes)]) {
      if (!sourcePath.startsWith(folder)) continue;
      let routed: string;
      try {
        // Below a marker folder, so a path that climbs above the site's root shows it.
        const fileRoute = prefix + sourcePath.slice(folder.length);
        // A page the generator moved (front-matter `id`, `slug`, `permalink`, a dated blog post) is followed from its route.
        const indexed = site.generator === undefined ? undefined : this.routeIndex(site).routes.get(sourcePath);
        // A pretty URL (`/async/`, MkDocs, Hugo, Eleventy) moves the page a level down for its relative links.
        const moved = indexed !== undefined && (indexed.endsWith('/') || routeKey(indexed) !== routeKey(fileRoute.replace(/\.[^./]*$/, '').replace(/\/(?:index|readme)$/i, '/'))) ? indexed : undefined;
        const route = moved ?? frontMatterRoute(text, site.generator === undefined ? [] : (site.frontMatterRoutes ?? []), fileRoute);
        if (movedOnly && route === fileRoute) return undefined;
        const target = parse(resolve(reference, `file:///${SITE_MARKER}${encodePath(route)}`));
        routed = tryPercentDecode(target.input.slice(target.path.start, target.path.end)) ?? '';
      } catch {
        continue;
      }
      if (!routed.startsWith(`/${SITE_MARKER}/`)) return 'outside';
      routed = routed.slice(SITE_MARKER.length + 1);
      // `AGENTS.md` from a page whose route is `/project/repo/`: Hugo's link render hook finds the page the file is.
      const pages = site.generator === undefined ? undefined : this.routeIndex(site).pages;
      const page = pages?.get(routeKey(routed)) ?? pages?.get(routeKey(routed.replace(/\.(?:md|mdx|markdown)$/i, '')));
      if (page !== undefined) return { path: page, directory: false, caseFixes: [] };
      if (!routed.startsWith(prefix)) continue;
      const found = this.#lookup(join(folder, routed.slice(prefix.length)), options, site.numberPrefixes);
      if (found !== undefined) return found;
      // A route outside the pages may be a static file (`/images/x.png` in public/).
      for (const fixed of site.staticDirs) {
        const file = this.#lookup(join(fixed, routed.slice(1)), options, false);
        if (file !== undefined) return file;
      }
    }
    return undefined;
  }

  /**
   * Whether a document is a Django template: in a folder named `templates`, in a project whose
   * `manage.py` is in a folder above it (https://docs.djangoproject.com/en/stable/topics/templates/).
   * Its pages are served at the URLs the project's views are routed to, which no file names.
   */
  #djangoTemplate(sourcePath: string): boolean {
    const segments = sourcePath.split('/');
    const at = segments.lastIndexOf('templates', segments.length - 2);
    if (at <= 0) return false;
    const root = this.repositoryRoot(parentOf(sourcePath));
    for (let folder = segments.slice(0, at).join('/') || '/'; ; folder = parentOf(folder)) {
      if (this.#find(join(folder, 'manage.py')) !== undefined) return true;
      if (!within(root, folder) || folder === root || parentOf(folder) === folder) return false;
    }
  }

  /** Whether a path is above the repository's root, or in a top folder of it that does not exist. */
  #leavesRepository(path: string, sourcePath: string): boolean {
    const root = this.repositoryRoot(parentOf(sourcePath));
    const prefix = root.endsWith('/') ? root : `${root}/`;
    if (!path.startsWith(prefix)) return true;
    const segments = path.slice(prefix.length).split('/');
    return segments.length >= 2 && this.#find(prefix + segments[0]!) === undefined;
  }

  /** Whether `x.html`'s source (`x.md`, `x.mdx`) is a file somewhere in the repository. */
  #builtElsewhere(path: string, sourcePath: string): boolean {
    const root = this.repositoryRoot(parentOf(sourcePath));
    let names = this.#names.get(root);
    if (names === undefined) {
      names = new Set();
      const stack = [root];
      // Bounded: a tree too large to list is not searched (the link is then reported as missing).
      for (let dir = stack.pop(), seen = 0; dir !== undefined && seen < 200_000; dir = stack.pop()) {
        for (const entry of this.list(dir)) {
          seen++;
          if (entry.directory) {
            if (entry.name !== '.git' && entry.name !== 'node_modules') stack.push(join(dir, entry.name));
          } else names.add(entry.name.toLowerCase());
        }
      }
      this.#names.set(root, names);
    }
    const stem = nameOf(path).replace(HTML, '').toLowerCase();
    return ['.md', '.mdx', '.markdown'].some((ext) => names.has(stem + ext));
  }

  /** A sibling whose name is close to the missing last segment, as the path is written with it. */
  #closeFile(decoded: string | undefined, rawPath: string): string | undefined {
    if (decoded === undefined) return undefined;
    const dir = this.#find(parentOf(decoded));
    if (dir === undefined || !dir.directory) return undefined;
    const name = nameOf(decoded);
    const written = nameOf(rawPath);
    if (name === '' || written === '') return undefined;
    const choice = closest(name, this.list(dir.path).map((entry) => entry.name));
    return choice === undefined ? undefined : rawPath.slice(0, rawPath.length - written.length) + encodeName(choice, '');
  }

  /**
   * Whether a Markdown document is read where GitHub renders it: no site generator serves its folder, or
   * it lies in a site whose every page is indexed (Docusaurus) and is none of them (a `versioned_docs/`
   * version `versions.json` does not list).
   */
  #readOnGitHub(path: string, options: Compiled): boolean {
    if (!isMarkdownPath(path)) return false;
    const site = this.site(parentOf(path), options.generator);
    if (site.generator === undefined || site.htmlOnly === true) return true;
    return site.routesComplete === true && !this.routeIndex(site).routes.has(path);
  }

  #checkFragment(target: LinkTarget, fragment: string, query: string, options: Compiled, text?: string, github = false): LinkResult {
    const page = target.directory ? this.folderPage(target.path) : target.path;
    if (page === undefined) return { status: 'ok', target };
    const pageTarget: LinkTarget = { path: page, directory: false };
    const id = tryPercentDecode(fragment) ?? fragment;
    const document = isMarkdownPath(page) || isHtmlPath(page);
    const anchors = this.anchorsOf(page, optionsOf(options), text);
    if (anchors === undefined) return { status: 'ok', target };
    const lines = LINE_ANCHOR.exec(id);
    if (!document || (lines !== null && /(?:^|&)plain=1(?:&|$)/.test(query))) {
      // Other files: only GitHub's line anchors are known (a JSON pointer, an SVG's id… are left alone).
      if (lines === null) return { status: 'ok', target: pageTarget };
      const last = Math.max(Number(lines[1]), Number(lines[2] ?? lines[1]));
      const offset = anchors.lineOffsets[Number(lines[1]) - 1];
      if (last <= anchors.lineCount && Number(lines[1]) >= 1) return { status: 'ok', target: offset === undefined ? pageTarget : { ...pageTarget, offset } };
      return { status: 'missing-line', target: pageTarget, fragment, lineCount: anchors.lineCount };
    }
    const site = this.site(parentOf(page), options.generator);
    // VitePress's router finds an id whatever the fragment's case; GitHub's page script, for a document read there,
    // tries the fragment in lower case too (`#useStore` finds the heading "`useStore()`", whose id is `usestore`).
    const anchor =
      lookupAnchor(anchors.ids, id) ??
      (site.caseInsensitiveFragments === true ? anchors.anchors.find((a) => a.id.toLowerCase() === id.toLowerCase()) : github && isMarkdownPath(page) ? lookupAnchor(anchors.ids, id.toLowerCase()) : undefined);
    if (anchor !== undefined) return { status: 'ok', target: { ...pageTarget, offset: anchor.offset } };
    // `#top` scrolls to the top of an HTML page.
    if (id.toLowerCase() === 'top' && isHtmlPath(page)) return { status: 'ok', target: pageTarget };
    const layout = isMarkdownPath(page) ? this.#layoutIdsOf(site).get(id) : undefined;
    if (layout !== undefined) {
      // Whether the page's layout writes it (ESLint's rule pages get `#further-reading` when their front matter lists links) is the layout's logic, not the tree's.
      return this.#unresolvable('layout', `cannot resolve fragments such as "#${id}" in ${page}: the ${site.generator} site's layouts or components write that id (${layout}) on the pages whose data asks for it, which the tree does not say`, fragment);
    }
    // A page that includes a template writing an id from an expression (`{% include 'partials/details.njk' %}`,
    // whose `<details id="{{ item.data.title | slugify }}">` is in a loop): its ids are the expression's values.
    const computed = this.#layoutsOf(site).computedIds;
    if (computed.size > 0) {
      const source = this.#readFile(page) ?? '';
      const include = [...source.matchAll(/\{%-?\s*(?:include|render|include_relative)\s+["']?([^"'\s%]+)["']?/g)].find((tag) => computed.has(tag[1]!));
      if (include !== undefined) return this.#unresolvable('include-computed-id', `cannot resolve fragments such as "#${id}" in ${page}: it includes ${include[1]}, which writes ids from a template expression`, fragment);
    }
    if (site.crossReferences !== undefined && isMarkdownPath(page) && MKDOCSTRINGS_BLOCK.test(this.#readFile(page) ?? '')) {
      return this.#unresolvable('mkdocstrings', `cannot resolve fragments such as "#${id}" in ${page}: its ::: blocks render the ids of the objects they document (${site.crossReferences}), which the tree does not list`, fragment);
    }
    // Whatever the site's slugify, an id keeps its heading's words in order: a fragment whose words are
    // in no heading or id of the page is missing (`#lazy-loaders` where the heading is "Non blocking loaders with `lazy`").
    if (site.headingIdsUnknown !== undefined && isMarkdownPath(page) && mayBeAnyId(id, anchors.anchors)) {
      return this.#unresolvable('heading-ids', `cannot resolve fragments such as "#${id}" in ${page}: the ${site.generator} site's heading ids are made by ${site.headingIdsUnknown}`, fragment);
    }
    if (anchors.rewritten !== undefined && (anchors.rewritten.texts === undefined || anchors.rewritten.texts.some((line) => wordsRunIn(id, line)))) {
      return this.#unresolvable(`hook:${anchors.rewritten.hook}`, `cannot resolve fragments such as "#${id}" in ${page}: the ${site.generator} site's hook ${anchors.rewritten.hook} rewrites the page, and the ids it writes are its code's`, fragment);
    }
    if (site.preprocessors !== undefined && isMarkdownPath(page) && page.startsWith(site.routes[0]?.[1] ?? site.root) && wordsAllIn(id, (this.#readFile(page) ?? '').split(`#${fragment}`).join(' '))) {
      // What an mdBook preprocessor writes is made from the chapter's text (`r[expr.closure]` is `#r-expr.closure`): a fragment
      // whose every word the chapter holds may be one of its ids; one with a word the chapter never has is missing.
      return this.#unresolvable(`preprocessor:${site.preprocessors.join(',')}`, `cannot resolve fragments such as "#${id}" in ${page}: the mdBook preprocessors ${site.preprocessors.join(', ')} rewrite every chapter by code, and the ids they write are their code's`, fragment);
    }
    if (anchors.uncertain === true) {
      // A heading written with a template tag (`### {{% icon %}} Upgrading`), or a paragraph a tag writes (`{{ pydantic_settings }}`): what it renders, the tree does not say.
      return this.#unresolvable('template-heading', `cannot resolve fragments such as "#${id}" in ${page}: a template tag there writes a heading or a part of the page, whose rendered text makes its ids`, fragment);
    }
    const missing: LinkResult = { status: 'missing-anchor', target: pageTarget, fragment };
    const slugged = slug(id, this.#styleOf(parentOf(page), options));
    const replacement = anchors.ids.has(slugged) ? slugged : closest(id, anchors.ids.keys());
    if (replacement !== undefined) missing.replacement = encodeFragmentText(replacement);
    return missing;
  }
}

/** The words of an id or a fragment, in lower case. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/**
 * Whether some slugify could make `fragment` from a heading of the page: its letters and digits are
 * those of a run of whole words of one of the page's ids. A slugify may drop the punctuation inside a
 * word or make it a separator (the slugify package's `strict` makes ".eleventy.js Config Features"
 * `eleventyjs-config-features`), so where the words split is not compared.
 */
function mayBeAnyId(fragment: string, anchors: readonly Anchor[]): boolean {
  const joined = wordsOf(fragment).join('');
  if (joined === '') return true;
  return anchors.some((anchor) => {
    const words = wordsOf(anchor.id);
    for (let start = 0; start < words.length; start++) {
      let run = '';
      for (let end = start; end < words.length && run.length < joined.length; end++) run += words[end]!;
      if (run === joined) return true;
    }
    return false;
  });
}

/** A site's redirects, indexed (`WorkspaceIndex.#redirectsOf`). */
interface RedirectIndex {
  find(path: string): readonly [string, string, string] | undefined;
}

/** pymdownx.tabbed's ids where the site turns it on. */
function tabbedOf(site: SiteProfile): { tabbed?: NonNullable<SiteProfile['tabbed']> } {
  return site.tabbed === undefined ? {} : { tabbed: site.tabbed };
}

/**
 * The named parameters a Hugo shortcode's template writes as an id: `id="{{ .Get "id" }}"`, or a variable
 * set from `.Get "name"` and written as `id="{{ $v }}"` or handed on as a dict's `"id"` (to a partial that writes it).
 */
function hugoShortcodeIdParameters(text: string): string[] {
  const written = new Set<string>();
  for (const match of text.matchAll(/\bid=["']\{\{-?\s*\.Get\s+"([\w-]+)"\s*-?\}\}/g)) written.add(match[1]!);
  for (const match of text.matchAll(/\$(\w+)\s*:=[^\n]*?\.Get\s+"([\w-]+)"/g)) {
    const variable = match[1]!;
    if (new RegExp(`(?:\\bid=["']\\{\\{-?\\s*\\$${variable}\\s*-?\\}\\}|"id"\\s+\\$${variable}\\b)`).test(text)) written.add(match[2]!);
  }
  return [...written];
}

/** Whether every word of `fragment` is a word of `text`. */
function wordsAllIn(fragment: string, text: string): boolean {
  const words = wordsOf(fragment);
  if (words.length === 0) return false;
  const have = new Set(wordsOf(text));
  return words.every((word) => have.has(word));
}

/** Whether the words of `fragment` run, in order, in `text`'s words. */
function wordsRunIn(fragment: string, text: string): boolean {
  const words = wordsOf(fragment);
  return words.length > 0 && ` ${wordsOf(text).join(' ')} `.includes(` ${words.join(' ')} `);
}

/**
 * The MkDocs hooks that rewrite a page (`SiteProfile.pageHooks`): a hook that names its pages touches
 * those, one with markers the pages holding one (its lines are what it rewrites), any other every
 * page. What it may write (ids, and the reference definitions it adds) is not the tree's: the
 * undefined labels it may define are dropped.
 */
function withHooks(path: string, source: string, anchors: DocumentAnchors, site: SiteProfile): DocumentAnchors {
  const pages = site.routes[0]?.[1] ?? site.root;
  const relative = path.startsWith(pages) ? path.slice(pages.length) : undefined;
  let texts: string[] | undefined = [];
  let hook: string | undefined;
  for (const each of site.pageHooks ?? []) {
    if (each.pages !== undefined) {
      if (relative === undefined || !each.pages.includes(relative)) continue;
      texts = undefined;
    } else if (each.markers.length === 0) texts = undefined;
    else {
      const lines: string[] = [];
      for (const marker of each.markers) {
        for (let at = source.indexOf(marker); at >= 0; at = source.indexOf(marker, at + marker.length)) {
          const end = source.indexOf('\n', at);
          lines.push(source.slice(at, end < 0 ? source.length : end));
        }
      }
      if (lines.length === 0) continue;
      texts?.push(...lines);
    }
    hook ??= each.file;
    if (texts === undefined) break;
  }
  if (hook === undefined) return anchors;
  const undefinedReferences = texts === undefined ? [] : anchors.undefinedReferences.filter((reference) => !texts.some((line) => wordsRunIn(reference.label, line)));
  return { ...anchors, undefinedReferences, rewritten: { hook, ...(texts === undefined ? {} : { texts }) } };
}

/** mkdocs-autorefs' anchors, `[](){#id}` (https://mkdocstrings.github.io/autorefs/#markdown-anchors), and no undefined reference. */
function withAutorefsAnchors(source: string, anchors: DocumentAnchors): DocumentAnchors {
  const marked = [...source.matchAll(/\[\]\(\)\{[ \t]*#([\w:.-]+)[ \t]*\}/g)].map((match) => ({ id: match[1]!, offset: match.index }));
  return { ...withAnchors(anchors, marked), undefinedReferences: [] };
}

/** A page's anchors with `more` added where the page has no anchor of that id yet (an included part's, a marker's). */
function withAnchors(anchors: DocumentAnchors, more: readonly Anchor[]): DocumentAnchors {
  const ids = new Map(anchors.ids);
  const added: Anchor[] = [];
  for (const anchor of more) {
    if (ids.has(anchor.id)) continue;
    ids.set(anchor.id, anchor);
    added.push(anchor);
  }
  return added.length === 0 ? anchors : { ...anchors, ids, anchors: [...anchors.anchors, ...added] };
}

/** An MDX import of a Markdown file as a component: `import Part from './_part.mdx';`. */
const MDX_MARKDOWN_IMPORT = /^import[ \t]+([A-Z]\w*)[ \t]+from[ \t]+['"](\.{1,2}\/[^'"\r\n]+\.mdx?)['"];?[ \t]*$/gm;

/** A Hugo leaf bundle's page: `index.md` (or `index.fr.md`) in the bundle's folder (https://gohugo.io/content-management/page-bundles/). */
const LEAF_BUNDLE = /\/index(?:\.[\w-]+)?\.(?:md|markdown|mdx|html?)$/i;

/** A mkdocstrings block, `::: package.module` at the start of a line. */
const MKDOCSTRINGS_BLOCK = /^:::[ \t]+[\w.]/m;

/** A destination that is a placeholder word (`[text](link)`): the syntax's own names for a destination. */
const PLACEHOLDER = /^(?:link|url|uri|href|path|destination|target|src)$/i;

/**
 * The route of a page as its front matter sets it (`permalink: /`, `url: /about/`, `slug: intro`),
 * else `route`. A value with template syntax (`{{ … }}`, Jekyll's `:title`) or `false` sets none.
 */
export function frontMatterRoute(text: string, keys: readonly string[], route: string): string {
  if (keys.length === 0) return route;
  const yaml = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text) ?? /^\+\+\+[ \t]*\r?\n([\s\S]*?)\r?\n\+\+\+/.exec(text);
  if (yaml === null) return route;
  for (const key of keys) {
    const match = new RegExp(`^${key}[ \\t]*[:=][ \\t]*(?:"([^"\\r\\n]*)"|'([^'\\r\\n]*)'|([^\\s#'"][^\\r\\n#]*?))[ \\t]*(?:#.*)?$`, 'm').exec(yaml[1]!);
    const value = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
    if (value === undefined || value === '' || value === 'false' || /[{}]|(?:^|\/):[a-z]/i.test(value)) continue;
    if (key === 'slug' && !value.startsWith('/')) return route.replace(/[^/]*$/, value);
    return value.startsWith('/') ? value : `/${value}`;
  }
  return route;
}

/** A template's `{% include "name" %}` (or `'name'`, `{%- include`), its name in the first group. */
const INCLUDE_TAG = /\{%-?\s*include\s+["']([^"']+)["']/g;

/** Whether a template writes `{% include "name" %}` (or `'name'`, `{%- include`). */
function includesTemplate(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const quote = text[at - 1];
    if ((quote === '"' || quote === "'") && text[at + name.length] === quote && /\{%-?\s*include\s+$/.test(text.slice(Math.max(0, at - 41), at - 1))) return true;
  }
  return false;
}

/** The anchor a fragment names: the id, or GitHub's `user-content-` form of it. */
function lookupAnchor(ids: ReadonlyMap<string, Anchor>, id: string): Anchor | undefined {
  return ids.get(id) ?? (id.startsWith('user-content-') ? ids.get(id.slice('user-content-'.length)) : undefined);
}

function optionsOf(compiled: Compiled): LinkOptions {
  return JSON.parse(compiled.key) as LinkOptions;
}

function lineCountOf(text: string): number {
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) count++;
  return text.endsWith('\n') ? count - 1 : count;
}

/** A file name as the path writes it: encoded where the written path encodes (or where it must be). */
function encodeName(name: string, written: string): string {
  const encoded = encodePath(name);
  return written.includes(encoded) || !written.includes(name) ? encoded : name;
}

/** An id as a fragment: what a fragment may not hold, percent-encoded. */
function encodeFragmentText(id: string): string {
  return id.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%\p{L}\p{N}]/gu, (ch) => encodeURIComponent(ch));
}

/** A site's pages by route key, and each page's own route (`WorkspaceIndex.routeIndex`). */
interface RouteIndex {
  pages: Map<string, string>;
  routes: Map<string, string>;
  /** Route prefixes whose pages' routes are made by code (an Eleventy permalink), with what sets them. */
  unknown: { setting: string; prefixes: string[] }[];
  /** The first segments of the routes that have more than one (`docs` of `/docs/getting-started`). */
  firsts: Set<string>;
}

/** The rules whose sites index every page, so a route under a segment their routes start with is known to be missing when no page has it. */
const ROUTED_FIRST_SEGMENTS: ReadonlySet<string> = new Set(['nextjs-app', 'nextra-content', 'eleventy']);

/** What a site's layouts and components write (`Workspace.#layoutsOf`). */
interface Layouts {
  ids: Map<string, string>;
  props: LinearRegExp[];
  /** Include parameters written as an id through Jekyll's `slugify` filter: the id is the value slugified. */
  slugifiedProps: LinearRegExp[];
  defaults: ElementIds[];
  /** Includes (their paths from the layout folder) that write an id from a template expression. */
  computedIds: Set<string>;
  /** Hugo shortcodes (by name) that write a named parameter as an id: `{{< warning id=x >}}` gives the page `#x`. */
  shortcodeIds: Map<string, string[]>;
}

const NO_LAYOUTS: Layouts = { ids: new Map(), props: [], slugifiedProps: [], defaults: [], computedIds: new Set(), shortcodeIds: new Map() };

/**
 * The ids a component's text gives `prop` by default, as a destructured parameter's default
 * (`titleId = isRecipes ? 'examples' : 'challenges'`): every string literal of the default's
 * expression, for the component (the nearest `function Name` or `const Name =` before it) used
 * without the prop. Both branches of a condition count: which one a page takes is code.
 */
export function propDefaults(text: string, prop: string): ElementIds[] {
  const found: ElementIds[] = [];
  for (const match of text.matchAll(new RegExp(`[,{]\\s*${prop}\\s*=(?![=>])\\s*([^,\\n}]+)`, 'g'))) {
    const ids = [...match[1]!.matchAll(/'([^'\s]+)'|"([^"\s]+)"/g)].map((literal) => literal[1] ?? literal[2]!).filter((id) => /^[\w.:-]+$/.test(id));
    if (ids.length === 0) continue;
    const before = text.slice(0, match.index);
    const names = [...before.matchAll(/\bfunction\s+([A-Z][\w$]*)|\b(?:const|let|var)\s+([A-Z][\w$]*)\s*=/g)];
    const last = names.at(-1);
    const name = last?.[1] ?? last?.[2];
    if (name === undefined) continue;
    found.push({ element: new RegExp(`<${name}(?=[\\s/>])(?![^>]*\\b${prop}=)`), ids });
  }
  return found;
}
