/**
 * Heading ids: the slug each renderer gives a heading's text, and how it tells duplicates apart.
 * Each style is written from the renderer's documented or published algorithm (the sources are
 * named on each); none copies its code.
 */

/** The slug styles of the common renderers. */
export type SlugStyle = 'github' | 'vitepress' | 'mkdocs' | 'mdbook' | 'kramdown' | 'markdown-it-anchor' | 'goldmark';

export const SLUG_STYLES: readonly SlugStyle[] = ['github', 'vitepress', 'mkdocs', 'mdbook', 'kramdown', 'markdown-it-anchor', 'goldmark'];

/**
 * GitHub (github-slugger, which Docusaurus, Astro, Hugo's default `github` heading ids and
 * rehype-slug follow): lower case, every character that is not a letter, a mark, a number, a
 * connector (`_`), a space or `-` dropped (punctuation and emoji), each space then `-`.
 * Nothing is collapsed: `a -- b` gives `a----b`.
 */
function github(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/**
 * VitePress (`slugify` of @mdit-vue/shared): accents taken apart and their marks dropped, each
 * run of spaces and ASCII punctuation one `-` (so `.` and `_` become `-` and dashes collapse),
 * no `-` at either end, a leading digit prefixed with `_`, lower case.
 */
function vitepress(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return (/^\d/.test(slug) ? `_${slug}` : slug).toLowerCase();
}

/**
 * MkDocs (Python-Markdown's `toc` extension, `slugify`): NFKD, then only ASCII kept; every
 * character but word characters, spaces and `-` dropped; trimmed; lower case; each run of spaces
 * and dashes one `-`. Duplicates take `_1`, `_2`.
 */
function mkdocs(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\p{ASCII}]/gu, '');
  return ascii
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-');
}

/**
 * mdBook (`normalize_id`): lower case; letters, digits, `_` and `-` kept; each whitespace `-`;
 * everything else dropped.
 */
function mdbook(text: string): string {
  let out = '';
  for (const ch of text.trim()) {
    if (/[\p{L}\p{N}_-]/u.test(ch)) out += ch.toLowerCase();
    else if (/\s/u.test(ch)) out += '-';
  }
  return out;
}

/**
 * Jekyll (kramdown's GFM parser, `generate_gfm_header_id`): every character but word
 * characters, `-`, spaces and tabs dropped, spaces and tabs to `-`, lower case; an empty id is
 * `section`.
 */
function kramdown(text: string): string {
  const slug = text
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- \t]/gu, '')
    .replace(/[ \t]/g, '-')
    .toLowerCase();
  return slug === '' ? 'section' : slug;
}

/** markdown-it-anchor's default (Eleventy sites add it): trimmed, lower case, whitespace runs `-`, then percent-encoded. */
function markdownItAnchor(text: string): string {
  return encodeURIComponent(text.trim().toLowerCase().replace(/\s+/g, '-'));
}

/**
 * goldmark's automatic heading ids (`parser.WithAutoHeadingID()`, which Caddy's `markdown` template
 * function turns on), made from the heading's source as written (`&lt;` is `lt`, a code span's
 * backticks are dropped): ASCII letters (lower case) and digits kept, each space, `-` and `_` a
 * `-`, every other character dropped, non-ASCII ones too; an empty id is `heading`.
 */
function goldmark(text: string): string {
  let out = '';
  for (const c of text.trim()) {
    if (/^[A-Za-z0-9]$/.test(c)) out += c.toLowerCase();
    else if (c === ' ' || c === '\t' || c === '-' || c === '_') out += '-';
  }
  return out === '' ? 'heading' : out;
}

/**
 * Jekyll's `slugify` filter in its default mode: each run of characters that are not letters, marks
 * or decimal digits a `-`, no `-` at either end, lower case (https://jekyllrb.com/docs/liquid/filters/).
 */
export function jekyllSlugify(text: string): string {
  return text.replace(/[^\p{M}\p{L}\p{Nd}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase();
}

const STYLES: Readonly<Record<SlugStyle, (text: string) => string>> = {
  github,
  vitepress,
  mkdocs,
  mdbook,
  kramdown,
  'markdown-it-anchor': markdownItAnchor,
  goldmark,
};

/** The slug of one heading's text in a style (before duplicates are told apart). */
export function slug(text: string, style: SlugStyle = 'github'): string {
  return STYLES[style](text);
}

/**
 * Gives each heading of one document its id: the style's slug, and for a slug seen before the
 * first free `slug-1`, `slug-2`… (`slug_1` in MkDocs). Ids set explicitly count as taken.
 */
export class Slugger {
  readonly #taken = new Set<string>();
  readonly #style: SlugStyle;

  constructor(style: SlugStyle = 'github') {
    this.#style = style;
  }

  /** Records an id set explicitly (`{#id}`, `<a id>`), so a heading's slug does not take it. */
  reserve(id: string): void {
    this.#taken.add(id);
  }

  /** The id of the next heading whose text is `text`. */
  next(text: string): string {
    const base = slug(text, this.#style);
    const separator = this.#style === 'mkdocs' ? '_' : '-';
    let id = base;
    for (let n = 1; this.#taken.has(id); n++) id = `${base}${separator}${n}`;
    this.#taken.add(id);
    return id;
  }
}
