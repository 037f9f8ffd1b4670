/**
 * Site generators recognised from their own files, and what each changes in how a link resolves:
 * the folder its pages come from (site-absolute routes start there), its folders of static files,
 * whether routes drop the extension, and the heading-id style of its Markdown renderer.
 */
import type { SlugStyle } from './slug.js';

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
  /** A sentence for `scan --stats` and the server's log. */
  description: string;
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
  return clean === '' || clean === '.' ? dir : withSlash(dir + clean);
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

const anyOf = (names: ReadonlySet<string>, prefix: string, extensions: readonly string[]): string[] => extensions.map((e) => `${prefix}${e}`).filter((n) => names.has(n));

const GENERATORS: readonly Generator[] = [
  {
    // VitePress: `.vitepress/config.*` in the source folder; `srcDir` may move the pages; `public/`
    // is copied; `x.md` is `/x.html` (or `/x` with cleanUrls); ids by @mdit-vue's slugify.
    name: 'vitepress',
    matches: (names) => names.has('.vitepress'),
    profile(dir, read) {
      const src = setting(read, ['.vitepress/config.ts', '.vitepress/config.mts', '.vitepress/config.js', '.vitepress/config.mjs'], /\bsrcDir\s*:\s*['"`]([^'"`]+)['"`]/);
      const pages = src === undefined ? dir : under(dir, src);
      return { routes: [['/', pages]], staticDirs: [`${pages}public/`], slugStyle: 'vitepress', numberPrefixes: false };
    },
  },
  {
    // Docusaurus: docs/ served under /docs/, blog/ under /blog/, src/pages/ at /, static/ copied;
    // number prefixes dropped from doc ids; heading ids by github-slugger, `{#id}` explicit.
    name: 'docusaurus',
    matches: (names) => [...names].some((name) => /^docusaurus\.config\.(?:js|mjs|cjs|ts|mts|cts)$/.test(name)),
    profile(dir) {
      return {
        routes: [
          ['/docs/', `${dir}docs/`],
          ['/blog/', `${dir}blog/`],
          ['/', `${dir}src/pages/`],
        ],
        staticDirs: [`${dir}static/`],
        slugStyle: 'github',
        numberPrefixes: true,
        frontMatterRoutes: ['slug'],
      };
    },
  },
  {
    // MkDocs: pages from `docs_dir` (default docs/), `x.md` is `x/`; Python-Markdown's toc slugify.
    name: 'mkdocs',
    matches: (names) => names.has('mkdocs.yml') || names.has('mkdocs.yaml'),
    profile(dir, read) {
      const docs = setting(read, ['mkdocs.yml', 'mkdocs.yaml'], /^docs_dir\s*:\s*['"]?([^'"\s#]+)/m) ?? 'docs';
      const pages = under(dir, docs);
      return { routes: [['/', pages]], staticDirs: [], slugStyle: 'mkdocs', numberPrefixes: false };
    },
  },
  {
    // mdBook: pages from `[book] src` (default src/), `x.md` is `x.html`; ids by normalize_id.
    name: 'mdbook',
    matches: (names) => names.has('book.toml'),
    profile(dir, read) {
      const src = setting(read, ['book.toml'], /^\s*src\s*=\s*["']([^"']+)["']/m) ?? 'src';
      const pages = under(dir, src);
      return { routes: [['/', pages]], staticDirs: [], slugStyle: 'mdbook', numberPrefixes: false };
    },
  },
  {
    // Jekyll: pages from `source` (default the folder of _config.yml), `x.md` is `x.html`; kramdown's GFM ids.
    name: 'jekyll',
    matches: (names) => names.has('_config.yml') || names.has('_config.yaml'),
    profile(dir, read) {
      const source = setting(read, ['_config.yml', '_config.yaml'], /^source\s*:\s*['"]?([^'"\s#]+)/m);
      const pages = source === undefined ? dir : under(dir, source);
      return { routes: [['/', pages]], staticDirs: [], slugStyle: 'kramdown', numberPrefixes: false, frontMatterRoutes: ['permalink'], layoutDirs: [`${pages}_layouts/`, `${pages}_includes/`] };
    },
  },
  {
    // Hugo: `hugo.toml` (or `config.toml` beside `content/`); pages from contentDir (content/),
    // static/ copied, pretty URLs; Goldmark's `github` heading ids by default.
    name: 'hugo',
    matches: (names) => anyOf(names, 'hugo.', ['toml', 'yaml', 'yml', 'json']).length > 0 || (names.has('config.toml') && names.has('content')),
    profile(dir, read) {
      const content = setting(read, ['hugo.toml', 'config.toml'], /^contentDir\s*=\s*["']([^"']+)["']/m) ?? 'content';
      return { routes: [['/', under(dir, content)]], staticDirs: [`${dir}static/`], slugStyle: 'github', numberPrefixes: false, frontMatterRoutes: ['url', 'slug'], layoutDirs: [`${dir}layouts/`] };
    },
  },
  {
    // Astro: pages from src/pages/ (Starlight: src/content/docs/), public/ copied; github-slugger ids.
    name: 'astro',
    matches: (names) => [...names].some((name) => /^astro\.config\.(?:js|mjs|cjs|ts|mts)$/.test(name)),
    profile(dir) {
      return {
        routes: [
          ['/', `${dir}src/pages/`],
          ['/', `${dir}src/content/docs/`],
        ],
        staticDirs: [`${dir}public/`],
        slugStyle: 'github',
        numberPrefixes: false,
        frontMatterRoutes: ['slug'],
      };
    },
  },
  {
    // Eleventy: pages from the input folder (`dir.input`, default the project folder), `x.md` is
    // `/x/`; markdown-it sets no heading ids unless a site adds markdown-it-anchor (its default slugs).
    name: 'eleventy',
    matches: (names) => names.has('.eleventy.js') || anyOf(names, 'eleventy.config.', ['js', 'mjs', 'cjs', 'ts']).length > 0,
    profile(dir, read, names) {
      const files = ['.eleventy.js', ...anyOf(names, 'eleventy.config.', ['js', 'mjs', 'cjs', 'ts'])];
      const input = setting(read, files, /\binput\s*:\s*['"`]([^'"`]+)['"`]/);
      // A site that gives markdown-it-anchor github-slugger's slugs (ESLint's docs do) has GitHub's ids.
      const github = setting(read, files, /(github-slugger|@sindresorhus\/slugify)/) === 'github-slugger';
      const pages = input === undefined ? dir : under(dir, input);
      const includes = setting(read, files, /\bincludes\s*:\s*['"`]([^'"`]+)['"`]/) ?? '_includes';
      const layouts = setting(read, files, /\blayouts\s*:\s*['"`]([^'"`]+)['"`]/);
      const layoutDirs = [under(pages, includes), ...(layouts === undefined ? [] : [under(pages, layouts)])];
      return { routes: [['/', pages]], staticDirs: [], slugStyle: github ? 'github' : 'markdown-it-anchor', numberPrefixes: false, frontMatterRoutes: ['permalink'], layoutDirs };
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
      for (const base of ['src/', '']) {
        for (const folder of ['pages', 'app']) {
          const entries = list(`${base}${folder}`);
          if (entries === undefined) continue;
          dynamicDirs.push(`${dir}${base}${folder}/`);
          const catchAll = [...entries].some((name) => /^\[\[?\.\.\.[^\]]+\]\]?(?:\.(?:jsx?|tsx?|mdx?))?$/.test(name));
          if (catchAll && list(`${base}content`) !== undefined) routes.push(['/', `${dir}${base}content/`]);
          routes.push(['/', `${dir}${base}${folder}/`]);
        }
      }
      const redirects: [string, string, string][] = [];
      if (names.has('vercel.json')) {
        try {
          const config = JSON.parse(read('vercel.json') ?? '{}') as { redirects?: { source?: unknown; destination?: unknown }[] };
          for (const entry of config.redirects ?? []) if (typeof entry.source === 'string' && typeof entry.destination === 'string') redirects.push([entry.source, entry.destination, `${dir}vercel.json`]);
        } catch {
          // A vercel.json that does not parse declares no redirects here.
        }
      }
      for (const name of [...names].filter((n) => /^next\.config\.(?:js|mjs|cjs|ts|mts)$/.test(n))) {
        const text = read(name) ?? '';
        const at = text.search(/\bredirects\s*(?:\(|:)/);
        if (at < 0) continue;
        for (const match of text.slice(at).matchAll(/\bsource\s*:\s*(['"`])([^'"`]+)\1\s*,\s*destination\s*:\s*(['"`])([^'"`]+)\3/g)) redirects.push([match[2]!, match[4]!, `${dir}${name}`]);
      }
      // Components that write ids: literal ones, and those set from a prop (`<H3 id={permalink}>`).
      const layoutDirs = [`${dir}src/components/`, `${dir}components/`];
      return { routes, staticDirs: [`${dir}public/`], slugStyle: 'github', numberPrefixes: false, dynamicDirs, redirects, layoutDirs };
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
    const profile = generator.profile(folder, read, names, list);
    return { generator: generator.name, root: folder, ...profile, description: describe(generator.name, folder, profile) };
  }
  return undefined;
}

/** The profile of a repository with no generator: GitHub's reading, the root as the site's root. */
export function plainSite(root: string): SiteProfile {
  const folder = withSlash(root);
  const profile = { routes: [['/', folder]] as [string, string][], staticDirs: [`${folder}public/`, `${folder}static/`], slugStyle: 'github' as const, numberPrefixes: false };
  return { generator: undefined, root: folder, ...profile, description: describe(undefined, folder, profile) };
}

function describe(name: GeneratorName | undefined, dir: string, profile: Omit<SiteProfile, 'generator' | 'root' | 'description'>): string {
  const routes = profile.routes.map(([prefix, folder]) => `${prefix} → ${folder}`).join(', ');
  const redirects = profile.redirects === undefined || profile.redirects.length === 0 ? '' : `; ${profile.redirects.length} redirects`;
  const who = name === undefined ? 'no site generator recognised: links read as GitHub renders them' : `${name} site at ${dir}${profile.htmlOnly === true ? ' (its HTML pages)' : ''}`;
  return `${who}; site-absolute routes ${routes}${redirects}; heading ids: ${profile.slugStyle}`;
}
