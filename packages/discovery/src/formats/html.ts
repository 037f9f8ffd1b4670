/**
 * URIs in HTML: URL attributes (`href`, `src`, `action`…), XML namespace
 * names (`xmlns`) and URIs in running text, read with `es-html-parser` (the
 * parser of `@html-eslint/parser`). Attribute values are mapped to their
 * source characters with their character references decoded, as a browser
 * reads them; a fix writes `&` and the value's own quote as references.
 */
import type { AttributeNode, DocumentNode, ScriptTagNode, StyleTagNode, TagNode } from 'es-html-parser';
import { textCandidates, type UriCandidate } from '../candidate.js';
import { htmlParser } from '../parsers.js';
import { proseCandidates } from '../prose.js';
import { discoverCssDeclarations } from './css.js';
import { applyEdit, CheckedMap, DecodedText, readCharacterReference, type ReferenceMode } from './entities.js';

/** What the HTML reader finds: the candidates, and the document's base URL (`<base href>`), when it has one. */
export interface HtmlDiscovery {
  candidates: UriCandidate[];
  base?: string;
  /** Why the reader stopped before the end of the document (a tree too deep to parse, a tag it cannot read), when it did. */
  stopped?: string;
}

/** Attributes that hold one URL on any element. `srcset` holds several, with descriptors: read apart. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'codebase', 'background', 'manifest', 'xlink:href']);

/** Elements whose text is code or preformatted output, not prose. */
const CODE_ELEMENTS = new Set(['code', 'pre']);

/** The ASCII whitespace HTML strips around a URL and splits `ping` at. */
const WHITESPACE = /^[\t\n\f\r ]$/;

/** How many times a document that does not parse is cut short before its broken tag and read again. */
const MAX_RETRIES = 8;

/** The nodes of the document tree (not the parts of tags and attributes). */
type HtmlNode = DocumentNode | DocumentNode['children'][number] | TagNode['children'][number];

interface Walk {
  /** The whole source text; node ranges plus `offset` index into it. */
  text: string;
  offset: number;
  /** Where the HTML ends in the source. */
  end: number;
  out: UriCandidate[];
  base: string | undefined;
  /** More attributes that hold one URL (a component reader's link components: `<router-link to>`). */
  urlAttribute: ((tag: string, name: string) => boolean) | undefined;
  componentTags: boolean;
}

/** How a caller widens what the HTML reader reads (the component readers do). */
export interface HtmlOptions {
  /** Whether the attribute `name` (lower case) of the element `tag` (lower case) also holds one URL. */
  urlAttribute?: (tag: string, name: string) => boolean;
  /**
   * A component's markup (Vue, Svelte, Astro, Angular): an element's name keeps its case in the
   * candidate's sink (`<NImage src>`), where a capital marks a component; in HTML case means nothing.
   */
  componentTags?: boolean;
}

/** The value `[from, to)` of `text` decoded as `mode` reads it; CR LF and a lone CR read as LF, as HTML's input stream does. */
function decode(text: string, from: number, to: number, mode: ReferenceMode): DecodedText {
  const out = new DecodedText();
  for (let i = from; i < to; ) {
    const ch = text[i]!;
    const reference = ch === '&' ? readCharacterReference(text, i, to, mode) : undefined;
    if (reference !== undefined) {
      out.push(reference.text, i, reference.end);
      i = reference.end;
    } else if (ch === '\r') {
      const end = i + 1 < to && text[i + 1] === '\n' ? i + 2 : i + 1;
      out.push('\n', i, end);
      i = end;
    } else {
      out.push(ch, i, i + 1);
      i++;
    }
  }
  return out;
}

/** A character as a numeric reference. */
function reference(ch: string): string {
  return `&#${ch.codePointAt(0)};`;
}

/** Replacement text for an attribute value: `&` and the value's quote as references; for an unquoted value, whatever would end it too. */
function escapeAttribute(text: string, quote: string): string {
  const special = quote === '"' ? /[&\r"]/g : quote === "'" ? /[&\r']/g : /[&\r\t\n\f "'=<>`]/g;
  return text.replace(special, (ch) => (ch === '&' ? '&amp;' : ch === '"' ? '&quot;' : ch === "'" ? '&#39;' : reference(ch)));
}

/** Replacement text for running text: nothing in it may start a reference or a tag. */
function escapeText(text: string): string {
  return text.replace(/[&<\r]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : reference(ch)));
}

/** A map over `[from, to)` of the source whose edits are checked by decoding the edited text again. */
function htmlMap(text: string, from: number, to: number, mode: ReferenceMode, escape: (text: string) => string, nonEmpty: boolean): CheckedMap {
  return new CheckedMap(decode(text, from, to, mode), to, {
    source: text,
    escape,
    literal: (ch) => (ch === '&' ? '&amp;' : undefined),
    check: (edit, expected) => {
      const raw = applyEdit(text, from, to, edit);
      return (!nonEmpty || raw.length > 0) && decode(raw, 0, raw.length, mode).value === expected;
    },
  });
}

/**
 * Where an attribute's value is written (absolute offsets) and its quote (`''`
 * for none), read after its name as HTML reads it. Not es-html-parser's value:
 * it ends an unquoted value at `/` and drops one that starts with it
 * (`href=/about`), where HTML ends it at whitespace or `>` only.
 */
function valueExtent(walk: Walk, attribute: AttributeNode): { from: number; to: number; quote: string } | undefined {
  const { text, end } = walk;
  const skip = (i: number): number => {
    while (i < end && WHITESPACE.test(text[i]!)) i++;
    return i;
  };
  let i = skip(walk.offset + attribute.key.range[1]);
  if (text[i] !== '=') return undefined;
  i = skip(i + 1);
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, i + 1);
    return close === -1 || close >= end ? undefined : { from: i + 1, to: close, quote };
  }
  let to = i;
  while (to < end && !WHITESPACE.test(text[to]!) && text[to] !== '>') to++;
  return to > i ? { from: i, to, quote: '' } : undefined;
}

/** The `[start, end)` spans of `value` that hold a URL: the value without the whitespace around it, or each token of a list. */
function urlSpans(value: string, list: boolean): [number, number][] {
  if (list) return [...value.matchAll(/[^\t\n\f\r ]+/g)].map((match) => [match.index, match.index + match[0].length]);
  let start = 0;
  let end = value.length;
  while (start < end && WHITESPACE.test(value[start]!)) start++;
  while (end > start && WHITESPACE.test(value[end - 1]!)) end--;
  return start < end ? [[start, end]] : [];
}

/**
 * The URLs of a `srcset` (HTML §4.8.4.3.10, "parse a srcset attribute"): image candidates split at
 * commas, each a URL then its descriptors (`2x`, `480w`); a URL that ends in commas ends its
 * candidate without them.
 */
export function srcsetSpans(value: string): [number, number][] {
  const spans: [number, number][] = [];
  const n = value.length;
  let p = 0;
  for (;;) {
    while (p < n && (WHITESPACE.test(value[p]!) || value[p] === ',')) p++;
    if (p >= n) return spans;
    const start = p;
    while (p < n && !WHITESPACE.test(value[p]!)) p++;
    let end = p;
    if (value[end - 1] === ',') {
      while (end > start && value[end - 1] === ',') end--;
      if (end > start) spans.push([start, end]);
      continue;
    }
    spans.push([start, end]);
    // The descriptors, up to a comma outside parentheses.
    let inParens = false;
    while (p < n) {
      const c = value[p]!;
      p++;
      if (c === '(') inParens = true;
      else if (c === ')') inParens = false;
      else if (c === ',' && !inParens) break;
    }
  }
}

/**
 * The URL of a `<meta http-equiv="refresh" content="5; url=…">` (HTML §4.2.5.3, the refresh
 * state's "shared declarative refresh steps"): after the time, a `;` or `,`, and an optional
 * `url=`, the rest, or what its quotes enclose.
 */
export function refreshSpan(value: string): [number, number] | undefined {
  const n = value.length;
  let p = 0;
  const skip = (): void => {
    while (p < n && WHITESPACE.test(value[p]!)) p++;
  };
  skip();
  const time = p;
  while (p < n && /[0-9.]/.test(value[p]!)) p++;
  if (p === time) return undefined;
  skip();
  if (value[p] !== ';' && value[p] !== ',') return undefined;
  p++;
  skip();
  const urlStart = p;
  if (/^url/i.test(value.slice(p, p + 3))) {
    p += 3;
    skip();
    if (value[p] === '=') {
      p++;
      skip();
    } else p = urlStart;
  }
  const quote = value[p] === '"' || value[p] === "'" ? value[p]! : undefined;
  if (quote !== undefined) p++;
  let end = quote === undefined ? n : value.indexOf(quote, p);
  if (end === -1) end = n;
  while (end > p && WHITESPACE.test(value[end - 1]!)) end--;
  return end > p ? [p, end] : undefined;
}

/** What an attribute holds: a URL, a list of URLs (`ping`), a `srcset`, a namespace name (`xmlns`), or none of these. */
export function attributeKind(tag: string, name: string): 'url' | 'list' | 'srcset' | 'namespace' | undefined {
  if (URL_ATTRIBUTES.has(name) || (name === 'data' && tag === 'object')) return 'url';
  if (name === 'ping') return 'list';
  if (name === 'srcset' || (name === 'imagesrcset' && tag === 'link')) return 'srcset';
  if (name === 'xmlns' || name.startsWith('xmlns:')) return 'namespace';
  return undefined;
}

/** Whether the element's attributes make it a refresh: `<meta http-equiv="refresh">`. */
function isRefresh(tag: string, attributes: readonly AttributeNode[]): boolean {
  if (tag !== 'meta') return false;
  return attributes.some((attribute) => attribute.key?.value.toLowerCase() === 'http-equiv' && attribute.value?.value.trim().toLowerCase() === 'refresh');
}

/** The candidates of a tag's attributes; records the first `<base href>`. */
function visitAttributes(walk: Walk, tag: string, attributes: readonly AttributeNode[], written = tag): void {
  // An unquoted value read past a `/` covers what es-html-parser took for more attributes.
  let covered = -1;
  for (const attribute of attributes) {
    if (!Array.isArray(attribute.key?.range) || walk.offset + attribute.key.range[0] < covered) continue;
    const name = attribute.key.value.toLowerCase();
    const extent = valueExtent(walk, attribute);
    if (extent === undefined) continue;
    covered = extent.to;
    if (name === 'style' && !walk.text.slice(extent.from, extent.to).includes('&')) {
      // `style="background: url(a.png)"`: a declaration list, read by the CSS reader where the
      // source is what CSS reads (no character reference to decode first).
      walk.out.push(...discoverCssDeclarations(walk.text, extent.from, extent.to));
      continue;
    }
    const refresh = name === 'content' && isRefresh(tag, attributes);
    const kind = attributeKind(tag, name) ?? (walk.urlAttribute?.(tag, name) === true ? 'url' : undefined) ?? (refresh ? 'url' : undefined);
    if (kind === undefined) continue;
    const map = htmlMap(walk.text, extent.from, extent.to, 'html-attribute', (text) => escapeAttribute(text, extent.quote), extent.quote === '');
    const refreshUrl = refresh ? refreshSpan(map.value) : undefined;
    const spans = kind === 'srcset' ? srcsetSpans(map.value) : refresh ? (refreshUrl === undefined ? [] : [refreshUrl]) : urlSpans(map.value, kind === 'list');
    if (tag === 'base' && name === 'href' && walk.base === undefined && spans[0] !== undefined) walk.base = map.value.slice(...spans[0]);
    for (const [uriStart, uriEnd] of spans) {
      walk.out.push(
        ...textCandidates({ map, context: 'attribute', sink: refresh ? '<meta http-equiv="refresh">' : `<${written} ${name}>`, range: [extent.from, extent.to], uriStart, uriEnd, namespace: kind === 'namespace' }),
      );
    }
  }
}

/** URIs in a text node, with its character references decoded. */
function visitText(walk: Walk, range: readonly [number, number]): void {
  const from = walk.offset + range[0];
  const to = walk.offset + range[1];
  if (!walk.text.slice(from, to).includes(':')) return;
  walk.out.push(...proseCandidates(htmlMap(walk.text, from, to, 'html-text', escapeText, false)));
}

/** Runs one node's discovery so that a node this code did not foresee is skipped, not the document. */
function guarded(find: () => void): void {
  try {
    find();
  } catch {
    // The node could not be mapped; it is left unchecked.
  }
}

/** Visits the tree in document order, without recursion (a deeply nested document must not overflow the stack). */
function walkTree(walk: Walk, root: DocumentNode): void {
  const stack: { node: HtmlNode; inCode: boolean }[] = [{ node: root, inCode: false }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, inCode } = item;
    let children: readonly HtmlNode[] = [];
    let childrenInCode = inCode;
    // es-html-parser's text nodes type `type` as any NodeTypes, so `type` does not narrow: cast after the test.
    // Its NodeTypes are their own names: compared as strings, a tree ESLint parsed is read without loading the parser.
    const type: string = node.type;
    if (type === 'Document') {
      children = (node as DocumentNode).children;
    } else if (type === 'Tag') {
      const element = node as TagNode;
      const tag = element.name.toLowerCase();
      // es-html-parser lower-cases `name`; the tag as written is in its opening (`<NImage`).
      const written = walk.componentTags ? /^<([^\s/>]+)/.exec(element.openStart?.value ?? '')?.[1] ?? tag : tag;
      guarded(() => visitAttributes(walk, tag, element.attributes, written));
      children = element.children;
      childrenInCode = inCode || CODE_ELEMENTS.has(tag);
    } else if (type === 'ScriptTag' || type === 'StyleTag') {
      // Only the attributes (`<script src>`): the script or style sheet itself is not read here.
      const element = node as ScriptTagNode | StyleTagNode;
      guarded(() => visitAttributes(walk, type === 'ScriptTag' ? 'script' : 'style', element.attributes));
    } else if (type === 'Text' && !inCode) {
      guarded(() => visitText(walk, node.range));
    }
    for (let k = children.length - 1; k >= 0; k--) stack.push({ node: children[k]!, inCode: childrenInCode });
  }
}

/**
 * The URI candidates of a document parsed by es-html-parser: URL attributes
 * as `<tag attr>` attribute candidates (`ping` split into its URLs),
 * `xmlns` attributes as namespace names, URIs in text outside `<code>`,
 * `<pre>`, `<script>` and `<style>` as prose; `base` is the first
 * `<base href>`, decoded.
 */
export function htmlCandidates(ast: DocumentNode, text: string): HtmlDiscovery {
  return collect(ast, text, 0, text.length);
}

function collect(ast: DocumentNode, text: string, offset: number, end: number, options: HtmlOptions = {}): HtmlDiscovery {
  const walk: Walk = { text, offset, end, out: [], base: undefined, urlAttribute: options.urlAttribute, componentTags: options.componentTags === true };
  guarded(() => walkTree(walk, ast));
  return walk.base === undefined ? { candidates: walk.out } : { candidates: walk.out, base: walk.base };
}

/**
 * The document parsed, or what comes before the tag it breaks on: es-html-parser
 * throws on a tag left open at the end, and the rest is still worth reading.
 */
function parseLeniently(html: string, stopped: { reason?: string }): DocumentNode | undefined {
  let length = html.length;
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    try {
      return htmlParser().parse(length === html.length ? html : html.slice(0, length)).ast;
    } catch (error) {
      stopped.reason ??= error instanceof RangeError ? 'the document nests too deep to parse' : `the HTML parser stopped: ${error instanceof Error ? error.message : String(error)}`;
      // Too deep: cutting tags off the end leaves the nesting as deep, so no retry helps.
      if (error instanceof RangeError) return undefined;
      const pos = (error as { pos?: unknown } | null)?.pos;
      const at = typeof pos === 'number' && pos < length ? pos : length - 1;
      const cut = html.lastIndexOf('<', at);
      if (cut <= 0 || cut >= length) return undefined;
      length = cut;
    }
  }
  return undefined;
}

/** The URI candidates of an HTML document (see `htmlCandidates`); never throws. */
export function discoverHtml(text: string, options: HtmlOptions = {}): HtmlDiscovery {
  return discoverHtmlBlock(text, 0, text.length, options);
}

/**
 * The URI candidates of the HTML written at `[from, to)` of a larger source
 * (an HTML block in Markdown), with offsets into that source; never throws.
 */
export function discoverHtmlBlock(text: string, from: number, to: number, options: HtmlOptions = {}): HtmlDiscovery {
  const stopped: { reason?: string } = {};
  let found: HtmlDiscovery;
  try {
    const ast = parseLeniently(text.slice(from, to), stopped);
    found = ast === undefined ? { candidates: [] } : collect(ast, text, from, to, options);
  } catch (error) {
    stopped.reason ??= error instanceof RangeError ? 'the document nests too deep to read' : `the HTML reader stopped: ${error instanceof Error ? error.message : String(error)}`;
    found = { candidates: [] };
  }
  return stopped.reason === undefined ? found : { ...found, stopped: stopped.reason };
}
