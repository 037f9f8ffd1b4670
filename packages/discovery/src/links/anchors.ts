/**
 * What a link's fragment can name in a document: the ids of its headings (slugged in the site's
 * style), the ids set explicitly (`{#id}`, a site's own syntax, any HTML `id=`, `<a name>`), and
 * for Markdown the reference definitions and the reference links whose label none defines.
 */
import type { Nodes, Root } from 'mdast';
import { LinearRegExp } from '../linear-regex.js';
import { lineStarts } from '../lines.js';
import { readCharacterReference, type ReferenceMode } from '../formats/entities.js';
import { markdownStructureOf, markdownTreeOf } from '../formats/markdown.js';
import { CONTROL_SENTINEL, EXPRESSION_SENTINEL, maskTemplates, templateSyntaxes, type TemplateSyntax } from '../templates.js';
import { jekyllSlugify, slug, Slugger, type SlugStyle } from './slug.js';

/** One id of a document and where it is set (the heading or the element). */
export interface Anchor {
  id: string;
  offset: number;
  /** The heading's text, for completion; absent for an id set by an element. */
  title?: string;
}

/** A reference link (`[text][label]`, `[label][]`) whose label no definition of the document defines. */
export interface UndefinedReference {
  label: string;
  /** The source range of the label's text, inside its brackets. */
  range: [number, number];
}

export interface DocumentAnchors {
  /** Every id, first occurrence first. */
  anchors: Anchor[];
  ids: ReadonlyMap<string, Anchor>;
  /** Offsets of the line starts: `#L10` must be a line of the file. */
  lineCount: number;
  lineOffsets: readonly number[];
  /** Markdown: the labels defined (normalized: case-folded, inner whitespace one space). */
  definitions: ReadonlySet<string>;
  undefinedReferences: UndefinedReference[];
  /** A heading holds a template tag: its id, and so whether a fragment is missing, is not known. */
  uncertain?: boolean;
  /**
   * Code rewrites the page (a MkDocs hook): `hook` names it; `texts` are the lines it rewrites, whose
   * words may become ids; without `texts`, any id may be the hook's.
   */
  rewritten?: { hook: string; texts?: readonly string[] };
}

export interface AnchorOptions {
  slugStyle: SlugStyle;
  /**
   * A site's own syntax for a heading's id, each a regular expression whose first group is the id,
   * matched against the heading's source line (react.dev writes an MDX comment after the title).
   * They come from a configuration or a tree: the linear-time engine runs them.
   */
  customIds: readonly LinearRegExp[];
  /**
   * Ids a component writes when a document uses it without the prop that sets them (react.dev's
   * `<Challenges>`, whose `titleId` defaults to `'challenges'`): each `element` a pattern for the
   * component's opening tag without that prop.
   */
  elementIds?: readonly ElementIds[];
  /**
   * pymdownx.tabbed's tab ids (https://facelessuser.github.io/pymdown-extensions/extensions/tabbed/#tab-ids):
   * with `slugify`, each tab's title slugged (`'github'`: pymdownx.slugs.slugify, GitHub's slugs;
   * `'unknown'`: a function of the site's, so the page's tab ids are not known), after the previous
   * heading's id and `-` with `combine_header_slug`. Without `slugify` the ids are `__tabbed_1_1`….
   */
  tabbed?: { slugify: 'github' | 'unknown' | undefined; combineHeaderSlug: boolean };
}

/** The ids a component gives the document that uses it as `element` matches. */
export interface ElementIds {
  element: RegExp;
  ids: readonly string[];
}

/**
 * Whether an undefined reference label was meant as a link: a numbered (`[text][1]`) or
 * link-shaped label (a path, a URL) always; otherwise unless both brackets hold hyphenated names,
 * as changelog scopes do (`[no-unsafe-call][no-unsafe-member-access]`), text that renders as written.
 * Citation markers (`sport.[3][4][5][6]`, both brackets a number) and an issue key before the area it
 * touches (`[PROF-15441][Host Profiler]`, Jira's `KEY-123`) are text as well. In a document that defines
 * no reference at all, a full reference whose brackets each hold one word is tags, not a link
 * (`[7.x][logstash]`, `[elasticsearch][kibana]` before a changelog entry); a collapsed reference
 * (`[text][]`) is always meant as a link.
 */
function meantAsLink(text: string, label: string, collapsed: boolean, definesReferences: boolean): boolean {
  if (/^\d+$/.test(text.trim()) && /^\d+$/.test(label.trim())) return false;
  if (/^[A-Z][A-Z\d]+-\d+$/.test(text.trim())) return false;
  // Platform or area tags after a changelog entry's link: `[OSX][Blink/WebKit] Fixed: …` (CKEditor's CHANGES.md),
  // a word and capitalised names joined by slashes.
  if (/^[\w.+#-]+$/.test(text) && /^[A-Z][\w+-]*(?:\/[A-Z][\w+-]*)+$/.test(label)) return false;
  if (/^\d+$/.test(label.trim()) || /[/#]|:\/\/|\.[a-z]{2,4}$/i.test(label)) return true;
  // The full form with the text as its label, `[hextra-starter-template][hextra-starter-template]`, is a
  // reference link written out (the collapsed `[x][]` says the same): tags are never written twice.
  if (!collapsed && text === label) return true;
  if (!collapsed && !definesReferences && /^[^\s[\]]+$/.test(text) && /^[^\s[\]]+$/.test(label)) return false;
  const scope = /^[\w@.:]+(?:-[\w.:]+)+$/;
  return !(scope.test(text) && scope.test(label));
}

/**
 * A paragraph that is one template expression and nothing else, a variable or a macro call
 * (`{{ pydantic_settings }}` that a hook fills, `{{ render_table("x") }}` of mkdocs-macros): code
 * writes it. (An include's file is in the tree, and its ids are read from there.)
 */
const WHOLE_TEMPLATE_TAG = /^[ \t]*\{\{-?[ \t]*[A-Za-z_][\w.]*(?:\([^(){}\r\n]*\))?[ \t]*-?\}\}[ \t]*$/;

/** A template tag in a heading's text: Hugo's shortcodes (`{{% … %}}`, `{{< … >}}`), Go, Liquid and Nunjucks tags. */
const TEMPLATE_TAG = /\{\{[<%]?[\s\S]*?[%>]?\}\}|\{%[\s\S]*?%\}/;

/** The explicit heading id of kramdown, Pandoc, Python-Markdown's attr_list, markdown-it-attrs, Goldmark and Docusaurus: `## Title {#id}` (classes may follow). */
const HEADING_ATTRIBUTE = linear(String.raw`[ \t]*\{[ \t]*:?[ \t]*#([^\s}]+)[^}]*\}[ \t]*$`);

/**
 * The key-value form of the id in an attribute list, `## 9.7.0 { id="9.7.0" }` or `{ .class id=x }`:
 * Python-Markdown's attr_list (https://python-markdown.github.io/extensions/attribute_lists/: "key=value
 * pairs", the `id` key setting the id), kramdown's, markdown-it-attrs' and Goldmark's lists read it too.
 */
const HEADING_ID_KEY = linear(String.raw`[ \t]*\{[ \t]*:?(?:[^{}\r\n]*[ \t])?id=["']?([^\s{}"']+)["']?[^{}\r\n]*\}[ \t]*$`);

/** The slug styles whose renderers read an attribute list's `id=` (GitHub, Docusaurus and mdBook do not). */
const ID_KEY_STYLES: ReadonlySet<SlugStyle> = new Set(['mkdocs', 'kramdown', 'goldmark', 'vitepress', 'markdown-it-anchor']);

/**
 * A fenced block's attribute list under pymdownx.superfences, ```` ``` { .sh .no-copy #example } ````
 * (https://facelessuser.github.io/pymdown-extensions/extensions/superfences/#injecting-classes-ids-and-attributes):
 * its `#id` is the block's id.
 */
const FENCE_ATTRIBUTE_ID = /^[ \t]*(?:`{3,}|~{3,})[ \t]*\{[^}\r\n]*?(?:#|\bid=["']?)([\w:.-]+)[^}\r\n]*\}/;

// An MDX comment holding the id, `{/* id */}`, as react.dev writes custom heading ids.
export const MDX_COMMENT_ID = linear(String.raw`\{\/\*\s*([^*\s]+?)\s*\*\/\}\s*$`);

/** One of the patterns above, for the linear-time engine (compiled on first use). */
function linear(source: string): LinearRegExp {
  return LinearRegExp.constant(source);
}

/** `id="…"` on any element, `name="…"` on `<a>`, in HTML text. */
const ELEMENT_ID = /<([A-Za-z][\w:-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /\s([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

/** An HTML heading element and its content: `<h3>Title</h3>`, `<h2 align="center">…</h2>`. */
const HTML_HEADING = /<h([1-6])(?:\s(?:[^>"']|"[^"]*"|'[^']*')*)?>([\s\S]*?)<\/h\1\s*>/gi;

/**
 * The headings of an HTML fragment, with their text (tags dropped, entities decoded): GitHub's
 * table-of-contents filter (html-pipeline) runs over the rendered page's `h1`–`h6`, whether the
 * Markdown or raw HTML wrote them, and whether or not they have an id of their own.
 */
export function htmlHeadings(html: string, offset = 0): { offset: number; title: string }[] {
  const found: { offset: number; title: string }[] = [];
  for (const match of html.matchAll(HTML_HEADING)) {
    const title = decodeReferences(match[2]!.replace(/<[^>]*>/g, ''), 'html-text').replace(/\s+/g, ' ').trim();
    if (title !== '') found.push({ offset: offset + match.index, title });
  }
  return found;
}

function emptyAnchors(text: string): DocumentAnchors {
  const lineOffsets = lineStarts(text);
  return { anchors: [], ids: new Map(), lineCount: lineOffsets.length, lineOffsets, definitions: new Set(), undefinedReferences: [] };
}

/** HTML text with its character references decoded as `mode` reads them (formats/entities.ts: the whole HTML table). */
function decodeReferences(text: string, mode: ReferenceMode): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1)) {
    const reference = readCharacterReference(text, at, text.length, mode);
    if (reference === undefined) continue;
    out += text.slice(from, at) + reference.text;
    from = reference.end;
    at = reference.end - 1;
  }
  return out + text.slice(from);
}

/** The ids HTML text sets (`id=` on any element, `name=` on `<a>`), with their offsets (`from` added). */
export function htmlIds(text: string, from = 0): Anchor[] {
  const out: Anchor[] = [];
  for (const tag of text.matchAll(ELEMENT_ID)) {
    const name = tag[1]!.toLowerCase();
    for (const attribute of tag[2]!.matchAll(ATTRIBUTE)) {
      const key = attribute[1]!.toLowerCase();
      if (key !== 'id' && !(key === 'name' && name === 'a')) continue;
      const value = decodeReferences(attribute[2] ?? attribute[3] ?? attribute[4] ?? '', 'html-attribute');
      if (value !== '') out.push({ id: value, offset: from + tag.index });
    }
  }
  return out;
}

/** The anchors of an HTML document. */
export function htmlAnchors(text: string, customIds: readonly LinearRegExp[] = [], slugifiedIds: readonly LinearRegExp[] = []): DocumentAnchors {
  const result = emptyAnchors(text);
  const ids = new Map<string, Anchor>();
  // Comments, scripts and styles set no ids.
  const visible = text.replace(/<!--[\s\S]*?-->|<(script|style)\b[\s\S]*?<\/\1\s*>/gi, (match) => ' '.repeat(match.length));
  for (const anchor of htmlIds(visible)) if (!ids.has(anchor.id)) ids.set(anchor.id, anchor);
  // A site's own id syntax: a component's or an include's parameter that sets an id (`license-id="mit"`).
  for (const [patterns, id] of [[customIds, (value: string) => value], [slugifiedIds, jekyllSlugify]] as const) {
    for (const pattern of patterns) {
      for (const match of pattern.withMultiline().matchAll(visible)) {
        if (match[1] === undefined) continue;
        const value = id(match[1]);
        if (value !== '' && !ids.has(value)) ids.set(value, { id: value, offset: match.index });
      }
    }
  }
  return { ...result, anchors: [...ids.values()], ids };
}

/**
 * A Markdown page's ids from the Liquid includes it pastes (`{% include org-table.html id="research" %}`)
 * whose include writes a parameter as an id (`id="{{ include.id }}"`; `patterns`, from the site's
 * includes): the rendered page holds that id. In an HTML page `htmlAnchors` reads them from the text;
 * in Markdown only the include tags are read, not the prose around them.
 */
export function withIncludeParameterIds(text: string, anchors: DocumentAnchors, patterns: readonly LinearRegExp[], slugifiedPatterns: readonly LinearRegExp[]): DocumentAnchors {
  if (!text.includes('{%')) return anchors;
  const ids = new Map(anchors.ids);
  const added: Anchor[] = [];
  for (const tag of text.matchAll(/\{%-?\s*include(?:_relative)?\s[^%]*(?:%(?!\})[^%]*)*-?%\}/g)) {
    for (const [list, id] of [[patterns, (value: string) => value], [slugifiedPatterns, jekyllSlugify]] as const) {
      for (const pattern of list) {
        for (const match of pattern.withMultiline().matchAll(tag[0])) {
          if (match[1] === undefined) continue;
          const value = id(match[1]);
          if (value === '' || ids.has(value)) continue;
          const anchor = { id: value, offset: tag.index + match.index };
          ids.set(value, anchor);
          added.push(anchor);
        }
      }
    }
  }
  return added.length === 0 ? anchors : { ...anchors, ids, anchors: [...anchors.anchors, ...added] };
}

/**
 * A Markdown page's ids from the Hugo shortcodes it calls (`{{< warning id=open-relay-warning >}}`) whose
 * template writes a named parameter as an id (`written`: shortcode name → parameters).
 */
export function withShortcodeParameterIds(text: string, anchors: DocumentAnchors, written: ReadonlyMap<string, readonly string[]>): DocumentAnchors {
  const ids = new Map(anchors.ids);
  const added: Anchor[] = [];
  for (const tag of text.matchAll(/\{\{[<%]-?[ \t]*([\w./-]+)[ \t]+((?:(?![<>%]\}\})[^\n])*)[>%]\}\}/g)) {
    for (const parameter of written.get(tag[1]!) ?? []) {
      const match = new RegExp(`(?:^|\\s)${parameter}=(?:"([^"]*)"|\`([^\`]*)\`|([^\\s"\`-][^\\s"\`]*))`).exec(tag[2]!);
      const value = match?.[1] ?? match?.[2] ?? match?.[3];
      if (value === undefined || value === '' || ids.has(value)) continue;
      const anchor = { id: value, offset: tag.index };
      ids.set(value, anchor);
      added.push(anchor);
    }
  }
  return added.length === 0 ? anchors : { ...anchors, ids, anchors: [...anchors.anchors, ...added] };
}

/** Where the YAML front matter of a Markdown text ends, or 0. */
function frontMatterEnd(text: string): number {
  const open = /^(?:---|\+\+\+)[ \t]*\r?\n/.exec(text);
  if (open === null) return 0;
  const fence = text.startsWith('+++') ? '\\+\\+\\+' : '(?:---|\\.\\.\\.)';
  const close = new RegExp(`^${fence}[ \\t]*(?:\\r?\\n|$)`, 'm').exec(text.slice(open[0].length));
  return close === null ? 0 : open[0].length + close.index + close[0].length;
}

/** A label as CommonMark matches it: case-folded, inner whitespace one space, trimmed. */
export function normalizeLabel(label: string): string {
  return label.replace(/[ \t\r\n]+/g, ' ').trim().toLowerCase().toUpperCase();
}

/** A heading's text as the page shows it: text and code kept, HTML tags and images left out. */
function headingText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference') return '';
  if ('children' in node) return (node.children as Nodes[]).map(headingText).join('');
  return '';
}

/** A kramdown block attribute list alone in its paragraph, `{: #v1-0-0}` or `{: .class #id}`: its id. */
const BLOCK_ATTRIBUTES = /^\{:(?:[ \t]+[^}\s]+)*?[ \t]*#([\w:.-]+)[^}\r\n]*\}[ \t]*$/;

/**
 * Python-Markdown's attr_list on a block (https://python-markdown.github.io/extensions/attribute_lists/#block-level):
 * the list on the last line of the block, its colon optional, `{: #id }` or `{#id}`, sets the block's id.
 */
const ATTR_LIST_LAST_LINE = /^[ \t]*\{:?[ \t]*(?:[^}\s#][^}\s]*[ \t]+)*(?:#|id=["']?)([\w:.-]+)["']?[^}\r\n]*\}[ \t]*$/;

/** The ids attr_list lists on the last line of a paragraph set (a list item's paragraph included). */
function attrListBlocks(children: readonly Nodes[], text: string, elements: Anchor[]): void {
  for (const child of children) {
    if (child.type !== 'paragraph') continue;
    const start = child.position?.start.offset;
    const stop = child.position?.end.offset;
    if (start === undefined || stop === undefined) continue;
    const paragraph = text.slice(start, stop);
    if (!paragraph.endsWith('}')) continue;
    const lastStart = paragraph.lastIndexOf('\n') + 1;
    const id = ATTR_LIST_LAST_LINE.exec(paragraph.slice(lastStart))?.[1];
    if (id !== undefined) elements.push({ id, offset: start + lastStart });
  }
}

/**
 * kramdown's block attribute lists among `children` (https://kramdown.gettalong.org/syntax.html#block-ials):
 * `## 1.0.0 / 2013-05-06` with `{: #v1-0-0}` on the next line gives the heading that id, in place of
 * the one its text makes; anywhere else the list's id is set on the block next to it (an element id).
 * kramdown ends a paragraph at a block attribute list, which CommonMark reads as the paragraph's
 * text: a list on the first line of a paragraph (after a heading, before the text it sets) or on
 * its last line (`2000][blade].` then `{: #fn1}`) is one too.
 */
function blockAttributes(children: readonly Nodes[], text: string, headingIds: Map<number, string>, elements: Anchor[]): void {
  for (let k = 0; k < children.length; k++) {
    const child = children[k]!;
    if (child.type !== 'paragraph') continue;
    const start = child.position?.start.offset;
    const stop = child.position?.end.offset;
    if (start === undefined || stop === undefined || !text.slice(start, stop).includes('{:')) continue;
    const paragraph = text.slice(start, stop);
    const firstEnd = paragraph.search(/\r?\n/);
    const id = BLOCK_ATTRIBUTES.exec(firstEnd < 0 ? paragraph : paragraph.slice(0, firstEnd))?.[1];
    if (id !== undefined) {
      const previous = children[k - 1];
      const headingStart = previous?.position?.start.offset;
      if (previous?.type === 'heading' && headingStart !== undefined && previous.position!.end.line === child.position!.start.line - 1) headingIds.set(headingStart, id);
      else elements.push({ id, offset: start });
    }
    if (firstEnd < 0) continue;
    const lastStart = paragraph.lastIndexOf('\n') + 1;
    const last = BLOCK_ATTRIBUTES.exec(paragraph.slice(lastStart).replace(/\r$/, ''))?.[1];
    if (last !== undefined) elements.push({ id: last, offset: start + lastStart });
  }
}

/** A pymdownx.tabbed tab's first line, `=== "Title"` (`===!`, `===+` too). */
const TAB_LINE = /^[ \t]*===[!+]?[ \t]+"(.*)"[ \t]*$/gm;

/** A tab title as rendered, for its slug: pymdownx.emoji's `:name:` shortcodes are icons, no text. */
const EMOJI_SHORTCODE = /:[\w+-]+:/g;

/** `[text][label]` and `[label][]` in raw text: the brackets not escaped, no bracket inside. */
const FULL_REFERENCE = /(?<!\\)\[((?:[^[\]\\]|\\.)*)\]\[((?:[^[\]\\]|\\.)*)\]/g;

/**
 * The anchors of a Markdown document: each heading's id (an explicit `{#id}` or custom id, else
 * its text slugged in the style, duplicates numbered), the ids of its HTML, its definitions, and
 * the reference links to labels it does not define. Never throws: a document that does not parse
 * has only its lines.
 */
export function markdownAnchors(source: string, options: AnchorOptions): DocumentAnchors {
  const end = frontMatterEnd(source);
  const text = end === 0 ? source : source.slice(0, end).replace(/[^\r\n]/g, ' ') + source.slice(end);
  let root: Root;
  try {
    // The reader's tree when it just read this text (the document being checked), or the text with its
    // template tags masked: one parse per document.
    root = markdownStructureOf(text);
  } catch {
    return emptyAnchors(source);
  }
  const anchors = markdownTreeAnchors(root, text, options);
  if (anchors.undefinedReferences.length === 0) return anchors;
  // A template writes Markdown before it is rendered: `[2]: {{ site.repository }}/issues` is a
  // definition once the tag is replaced (as written, a space in its destination makes it text, which
  // swallows the definition on the next line too), and `[#{{ issue }}]:` in a `{% for %}` loop
  // defines a label per pass. Definitions and references are read with the tags masked.
  const masked = maskTemplates(text, (allSyntaxes ??= templateSyntaxes(undefined)));
  if (masked.tags.length === 0) return anchors;
  // A control tag alone on its line (`{% for issue in issues %}`) renders as a blank line.
  const maskedText = masked.text.replace(CONTROL_LINE, (line) => ' '.repeat(line.length));
  let maskedRoot: Root;
  try {
    maskedRoot = markdownTreeOf(maskedText);
  } catch {
    return anchors;
  }
  const references = markdownTreeAnchors(maskedRoot, maskedText, options);
  return { ...anchors, definitions: references.definitions, undefinedReferences: references.undefinedReferences };
}

const CONTROL_LINE = new RegExp(`^[ \\t]*${CONTROL_SENTINEL}+[ \\t]*(?=\\r?$)`, 'gm');

/** Every template syntax, for the tags a Markdown template writes. */
let allSyntaxes: ReadonlySet<TemplateSyntax> | undefined;

/** Whether a label holds a template tag (masked): then it stands for any text there. */
const HOLE = new RegExp(`[${EXPRESSION_SENTINEL}${CONTROL_SENTINEL}]+`, 'g');

/** A pattern matching the labels a definition whose label holds template tags may define (`#{{ issue }}`: `#` and anything). */
function labelPattern(label: string): RegExp {
  const parts = label.split(HOLE).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 'su');
}

/** The anchors of a Markdown text (its front matter blanked) from its tree: see `markdownAnchors`. */
export function markdownTreeAnchors(root: Root, text: string, options: AnchorOptions): DocumentAnchors {
  const result = emptyAnchors(text);
  const headings: { offset: number; explicit?: string; title: string; raw: string }[] = [];
  const elements: Anchor[] = [];
  const definitions = new Set<string>();
  const labelPatterns: RegExp[] = [];
  /** Headings whose id a kramdown block attribute list on the next line sets, by the heading's offset. */
  const blockAttributeIds = new Map<number, string>();
  const rawTexts: [number, number][] = [];
  const tabs: { offset: number; title: string }[] = [];
  let uncertain = false;
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const start = node.position?.start.offset;
    const stop = node.position?.end.offset;
    if (node.type === 'heading' && start !== undefined && stop !== undefined) {
      const line = text.slice(start, stop);
      let title = headingText(node).trim();
      let explicit = blockAttributeIds.get(start);
      for (const pattern of explicit === undefined ? [...options.customIds, HEADING_ATTRIBUTE, ...(ID_KEY_STYLES.has(options.slugStyle) ? [HEADING_ID_KEY] : [])] : []) {
        const match = pattern.exec(line);
        if (match?.[1] === undefined) continue;
        explicit = match[1];
        // The id's syntax is not part of the title.
        const inTitle = pattern.exec(title);
        if (inTitle !== null) title = title.slice(0, inTitle.index).trim();
        break;
      }
      if (explicit === undefined && TEMPLATE_TAG.test(title)) {
        // Hugo renders a shortcode before it makes the heading's id: the tag's output is unknown, the rest is kept.
        uncertain = true;
        title = title.replace(new RegExp(TEMPLATE_TAG.source, 'g'), '').trim();
      }
      // The heading's own source, as goldmark makes its id from it: the first line, without the ATX markers.
      const raw = line.split(/\r?\n/, 1)[0]!.replace(/^ {0,3}#{1,6}(?=[ \t]|$)/, '').replace(/[ \t]+#+[ \t]*$/, '').trim();
      headings.push({ offset: start, title, raw, ...(explicit === undefined ? {} : { explicit }) });
    }
    // A paragraph that is one template expression (`{{ pydantic_settings }}` that a macro or hook fills)
    // is the output of code: the headings it brings are not known.
    if (node.type === 'paragraph' && start !== undefined && stop !== undefined && !uncertain && WHOLE_TEMPLATE_TAG.test(text.slice(start, stop))) uncertain = true;
    if (node.type === 'paragraph' && options.tabbed !== undefined && start !== undefined && stop !== undefined && text.slice(start, stop).includes('===')) {
      for (const tab of text.slice(start, stop).matchAll(TAB_LINE)) tabs.push({ offset: start + tab.index, title: tab[1]! });
    }
    if (node.type === 'html' && start !== undefined && stop !== undefined) {
      // The tree of the masked text serves when a tag lies in a block of HTML (see markdownStructureOf): the block as written.
      const value = node.value.includes(EXPRESSION_SENTINEL) || node.value.includes(CONTROL_SENTINEL) ? text.slice(start, stop) : node.value;
      elements.push(...htmlIds(value, start));
      // GitHub gives every heading of the rendered page an id, an HTML one (`<h3>Technology Sponsors</h3>`) too.
      if (options.slugStyle === 'github') headings.push(...htmlHeadings(value, start).map((heading) => ({ ...heading, raw: heading.title })));
      // A site's own id syntax may sit in its components too (react.dev's <Recipes titleId="…">).
      for (const pattern of options.customIds) {
        for (const match of pattern.withMultiline().matchAll(value)) if (match[1] !== undefined) elements.push({ id: match[1], offset: start + match.index });
      }
      for (const { element, ids } of options.elementIds ?? []) {
        const match = element.exec(value);
        if (match !== null) for (const id of ids) elements.push({ id, offset: start + match.index });
      }
    }
    if (node.type === 'definition') {
      const label = normalizeLabel(node.label ?? node.identifier);
      if (label.includes(EXPRESSION_SENTINEL) || label.includes(CONTROL_SENTINEL)) labelPatterns.push(labelPattern(label));
      definitions.add(label);
    }
    if (node.type === 'footnoteDefinition') {
      definitions.add(normalizeLabel(`^${node.label ?? node.identifier}`));
      // Python-Markdown's footnotes (https://python-markdown.github.io/extensions/footnotes/): the note is
      // `fn:label`, the first reference to it `fnref:label` (SEPARATOR ":", the default).
      if (options.slugStyle === 'mkdocs' && start !== undefined) elements.push({ id: `fn:${node.label ?? node.identifier}`, offset: start });
    }
    if (node.type === 'footnoteReference' && options.slugStyle === 'mkdocs' && start !== undefined) elements.push({ id: `fnref:${node.label ?? node.identifier}`, offset: start });
    if (node.type === 'code' && options.slugStyle === 'mkdocs' && start !== undefined) {
      const id = FENCE_ATTRIBUTE_ID.exec(text.slice(start, text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start)))?.[1];
      if (id !== undefined) elements.push({ id, offset: start });
    }
    if (node.type === 'text' && start !== undefined && stop !== undefined && text.includes('][', start) && text.slice(start, stop).includes(']')) rawTexts.push([start, stop]);
    if ('children' in node) {
      const children = node.children as Nodes[];
      if (options.slugStyle === 'kramdown') blockAttributes(children, text, blockAttributeIds, elements);
      else if (options.slugStyle === 'mkdocs') attrListBlocks(children, text, elements);
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
    }
  }
  headings.sort((a, b) => a.offset - b.offset);
  const slugger = new Slugger(options.slugStyle);
  const anchors: Anchor[] = [];
  for (const heading of headings) if (heading.explicit !== undefined) slugger.reserve(heading.explicit);
  for (const element of elements) slugger.reserve(element.id);
  for (const heading of headings) {
    const id = heading.explicit ?? slugger.next(options.slugStyle === 'goldmark' ? heading.raw : heading.title);
    anchors.push({ id, offset: heading.offset, title: heading.title });
  }
  if (options.tabbed !== undefined && tabs.length > 0) {
    if (options.tabbed.slugify === 'unknown') uncertain = true;
    else {
      const headingAt = [...anchors].sort((a, b) => a.offset - b.offset);
      let set = 0;
      let inSet = 0;
      let last = -1;
      for (const tab of tabs.sort((a, b) => a.offset - b.offset)) {
        // Tabs one after another (only their content between) make a set; a heading or other text between starts another.
        const between = last < 0 ? '' : text.slice(last, tab.offset);
        if (last < 0 || /^[ \t]{0,3}\S/m.test(between.replace(/^[^\n]*\n/, ''))) {
          set++;
          inSet = 0;
        }
        inSet++;
        last = tab.offset;
        let id: string;
        if (options.tabbed.slugify === undefined) id = `__tabbed_${set}_${inSet}`;
        else {
          // The title's text as Python-Markdown's strip_tags gives it (tags dropped, white space collapsed and trimmed), then slugged.
          const own = slug(tab.title.replace(EMOJI_SHORTCODE, '').replace(/\s+/g, ' ').trim(), 'github');
          const heading = headingAt.filter((anchor) => anchor.offset < tab.offset).at(-1);
          id = options.tabbed.combineHeaderSlug && heading !== undefined ? `${heading.id}-${own}` : own;
        }
        anchors.push({ id, offset: tab.offset });
      }
    }
  }
  anchors.push(...elements);
  anchors.sort((a, b) => a.offset - b.offset);
  const ids = new Map<string, Anchor>();
  for (const anchor of anchors) if (!ids.has(anchor.id)) ids.set(anchor.id, anchor);
  // Text nodes next to each other (split by emphasis or an escape) are searched as one run.
  const undefinedReferences: UndefinedReference[] = [];
  const seen = new Set<number>();
  // Math (`$$…$$`, and `\[…\]`, `\(…\)` where a site passes them through to KaTeX or MathJax): brackets there are no labels.
  const math = rawTexts.length === 0 ? [] : [...text.matchAll(/\$\$[\s\S]*?\$\$|\\\[[\s\S]*?\\\]|\\\([\s\S]*?\\\)/g)].map((m) => [m.index, m.index + m[0].length] as const);
  for (const [from, to] of rawTexts) {
    const raw = text.slice(from, to);
    for (const match of raw.matchAll(FULL_REFERENCE)) {
      const second = match[2]!;
      const label = second === '' ? match[1]! : second;
      const normalized = normalizeLabel(label.replace(/\\(.)/g, '$1'));
      if (label.trim() === '' || label.startsWith('^') || definitions.has(normalized) || labelPatterns.some((pattern) => pattern.test(normalized))) continue;
      if (!meantAsLink(match[1]!, label, second === '', definitions.size > 0)) continue;
      const at = from + match.index + (second === '' ? 1 : match[1]!.length + 3);
      if (math.some(([start, end]) => at >= start && at < end)) continue;
      if (seen.has(at)) continue;
      seen.add(at);
      undefinedReferences.push({ label, range: [at, at + label.length] });
    }
  }
  return { ...result, anchors: [...ids.values()], ids, definitions, undefinedReferences, ...(uncertain ? { uncertain } : {}) };
}
