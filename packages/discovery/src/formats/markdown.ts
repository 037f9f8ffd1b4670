/**
 * URIs in Markdown (CommonMark and GFM): the destinations of links, images
 * and definitions, autolinks, and URIs in running text, read from an mdast
 * tree (`mdast-util-from-markdown` with GFM, as `@eslint/markdown` builds it).
 * mdast gives a destination decoded (backslash escapes and character
 * references resolved); the readers here find the raw destination in the
 * node's source and map each unit of the decoded value back to it. A fix is
 * written escaped for the destination and offered only if micromark reads
 * the edited paragraph back with the intended URL in the node's place.
 */
import type { Definition, Html, Image, Link, Nodes, Root, Text } from 'mdast';
import { textCandidate, textCandidates, type UriCandidate } from '../candidate.js';
import type { SourceEdit } from '../finding.js';
import { BRACE_EXPANSION, proseCandidates } from '../prose.js';
import { applyEdit, CheckedMap, DecodedText, isLiteral, readCharacterReference } from './entities.js';
import { discoverHtmlBlock } from './html.js';
import { compileMarkdown, markdownCompiler, type MarkdownCompiler, type Micromark, type Subtokenize } from './markdown-compile.js';
import { markdownNestsDeeper } from './nesting.js';
import { markdown } from '../parsers.js';
import { maskTemplates, templateSyntaxes, type TemplateSyntax, type TemplateTag } from '../templates.js';
import { formatCount } from '../size.js';
import { OffsetMap } from '../text-map.js';

/** A source range: `[start, end)` offsets. */
type Range = [number, number];

/** Nodes whose inline content is parsed as one: a link's context. */
const INLINE_BLOCKS = new Set<Nodes['type']>(['paragraph', 'heading', 'tableCell']);

/** What a backslash escapes in CommonMark: ASCII punctuation; before anything else it is itself. */
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** Where a link's URL goes in HTML: what `no-script-url` and `require-scheme` read. */
const LINK_SINK = '<a href>';
const IMAGE_SINK = '<img src>';

/** What a `fromMarkdown` transform is: the tree after compiling, in place or returned anew. */
type Transform = (tree: Root) => Root | undefined | void;

/**
 * micromark's GFM syntax and mdast-util-gfm's handlers, made once (neither keeps anything of a
 * parse between parses), with the transforms the handlers carry taken out: `parseMarkdown` runs
 * them itself, the autolink-literal one only where it can find something.
 */
let gfmExtensions: { syntax: unknown[]; mdast: unknown[]; transforms: Transform[]; compiler: MarkdownCompiler | undefined } | undefined;

function extensions(): NonNullable<typeof gfmExtensions> {
  if (gfmExtensions === undefined) {
    const { fromMarkdown, micromark, subtokenize, gfm, gfmFromMarkdown } = markdown();
    const handlers = gfmFromMarkdown();
    const syntax = [gfm()];
    const mdast = handlers.map((extension) => (extension.transforms === undefined ? extension : { ...extension, transforms: [] }));
    gfmExtensions = {
      syntax,
      mdast,
      transforms: handlers.flatMap((extension) => (extension.transforms ?? []) as Transform[]),
      compiler: markdownCompiler(fromMarkdown as never, micromark as Micromark, subtokenize as Subtokenize, syntax, mdast),
    };
  }
  return gfmExtensions;
}

/**
 * What a text node holds when mdast-util-gfm-autolink-literal's transform can turn part of it into
 * a link: its URL pattern needs `http://`, `https://` or `www.` (any case); its e-mail, `mailto:`
 * and `xmpp:` patterns need `x@y.z` (`[\w+\-.]+@[\w-]+(?:\.[\w-]+)+`), which holds `x@y.z` as
 * matched here.
 */
const LITERAL_HINT = /https?:\/\/|www\.|[\w+.-]@[\w-]+\.[\w-]/i;

/** Whether a text node under `node` holds a `LITERAL_HINT`. */
function hasLiteralHint(node: Nodes): boolean {
  const stack: Nodes[] = [node];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next.type === 'text') {
      if (LITERAL_HINT.test(next.value)) return true;
    } else if ('children' in next) {
      for (const child of next.children as Nodes[]) stack.push(child);
    }
  }
  return false;
}

/**
 * Where the autolink-literal transform can change the tree: the paragraphs, headings and table
 * cells (text is found in nothing else) with a text node that holds a `LITERAL_HINT`. The transform
 * reads each text node alone, skipping those inside a link or a reference, which no such block is
 * inside: run on these blocks, it makes the tree it makes run on the root. `[root]` when a text
 * node lies elsewhere.
 */
function literalHintBlocks(root: Root): Nodes[] {
  const out: Nodes[] = [];
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (INLINE_BLOCKS.has(node.type)) {
      if (hasLiteralHint(node)) out.push(node);
    } else if (node.type === 'text') {
      return [root];
    } else if ('children' in node) {
      for (const child of node.children as Nodes[]) stack.push(child);
    }
  }
  return out;
}

/**
 * What a paragraph's source holds when its text can give a candidate or what the link index reads
 * (`links/anchors.ts`): a `:` (a scheme; prose needs one), `[` or `]` (a link, an image, a
 * reference, a footnote, `](` of a link with spaces), `<` (an autolink, HTML and its ids), `&` (a
 * character reference, which can write any of these) or `=` (an HTML attribute). A paragraph
 * without any of them is left without children: its text is not parsed. A GFM literal it could
 * hold (`www.…`, an e-mail) reads as a URL not in the source, which is no candidate.
 */
export const PARAGRAPH_HINT = /[:=&<[\]]/;

/**
 * The longest Markdown document the parser reads, in characters. micromark holds every event of a
 * document (a token and two points for each piece of syntax) until the tree is built, and the tree
 * and the reader's candidates on top: measured with the command line (bench/README.md), a document
 * took 300–700 bytes of memory a character at its peak (7 MB of link reference definitions: 4.7 GB,
 * then the end of the heap). A longer document is searched as text (`withTextFallback`), counted as
 * read without a full parse, so that any file under the default `--max-file-size` is read in about
 * a gigabyte at most.
 */
export const MAX_MARKDOWN_PARSE = 1_000_000;

/**
 * The inline work (`inlineWork` in markdown-compile.ts: each run of inline content's length times
 * its marks) a document may need, per character, and at least. Real documents need a few marks per
 * character of their longest paragraph: the 1,019 Markdown files of this repository's dependencies
 * needed at most 161 a character (9 over all of them). `[[[…]]]` or `[a](` repeated in one paragraph needs its length
 * squared, and with it micromark's time (200,000 characters of `[a](`: minutes).
 */
export const MARKDOWN_INLINE_WORK = { perCharacter: 1_000, least: 100_000_000 } as const;

function inlineBudget(length: number): number {
  return Math.max(MARKDOWN_INLINE_WORK.least, MARKDOWN_INLINE_WORK.perCharacter * length);
}

/**
 * The Markdown parses made in this process and the characters they read: the work the caches below
 * save is counted here (by the tests; nothing else reads it).
 */
export const markdownWork = { parses: 0, characters: 0 };

/** Why a document was not handed to the parser: it is over the parser's budget. Read as text instead. */
export class MarkdownBudgetError extends Error {}

/**
 * Parses Markdown as GitHub does (CommonMark with GFM), with positions: the tree
 * `fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })` builds
 * (`@eslint/markdown`'s), but for the paragraphs without a `PARAGRAPH_HINT`, which have no
 * children; its autolink-literal transform run only on the blocks with a text node that holds what
 * its patterns need (on the root it searches every text node twice, in a walk of every node each
 * time).
 */
function parseMarkdown(text: string, bounded = true): Root {
  markdownWork.parses++;
  markdownWork.characters += text.length;
  // Refused before the parser recurses near the stack's end (see nesting.ts), as a stack overflow.
  if (markdownNestsDeeper(text)) throw new RangeError('the document nests too deep to parse');
  if (bounded && text.length > MAX_MARKDOWN_PARSE) throw new MarkdownBudgetError(`the document is longer than ${formatCount(MAX_MARKDOWN_PARSE)} characters, the most the Markdown parser reads`);
  const { syntax, mdast, transforms, compiler } = extensions();
  const budget = bounded ? { limit: inlineBudget(text.length), refuse: () => new MarkdownBudgetError('its inline syntax would take the Markdown parser more than its work budget') } : undefined;
  // fromMarkdown's tree, compiled with one context per document (see markdown-compile.ts).
  let root =
    compiler === undefined
      ? markdown().fromMarkdown(text, { extensions: syntax as never, mdastExtensions: mdast as never })
      : compileMarkdown(text, compiler, (from, to) => PARAGRAPH_HINT.test(text.slice(from, to)), budget);
  for (const transform of transforms) {
    if (transform.name === 'transformGfmAutolinkLiterals') {
      // It changes nodes in place (and returns nothing): run where it can find something.
      for (const block of literalHintBlocks(root)) transform(block as Root);
    } else {
      root = transform(root) || root;
    }
  }
  return root;
}

/**
 * Trees by their text, the oldest dropped first past `maxTrees` trees or `maxChars` characters of
 * text (a tree takes about 12 bytes a character); the newest is kept whatever its size, so that the
 * link index finds the tree of a long document it is checking.
 */
export class TreeCache {
  readonly #trees = new Map<string, Root>();
  #chars = 0;

  /** `dropped` is told of each tree the bounds drop (not of one taken or replaced). */
  constructor(
    readonly maxTrees: number,
    readonly maxChars: number,
    readonly dropped?: (text: string, root: Root) => void,
  ) {}

  /** The tree of `text`, now the newest; with `take`, removed. */
  get(text: string, take = false): Root | undefined {
    const root = this.#trees.get(text);
    if (root !== undefined) {
      this.#trees.delete(text);
      if (take) this.#chars -= text.length;
      else this.#trees.set(text, root);
    }
    return root;
  }

  set(text: string, root: Root): void {
    if (this.#trees.delete(text)) this.#chars -= text.length;
    this.#trees.set(text, root);
    this.#chars += text.length;
    for (const oldest of this.#trees.keys()) {
      if (oldest === text || (this.#trees.size <= this.maxTrees && this.#chars <= this.maxChars)) break;
      const root = this.#trees.get(oldest)!;
      this.#trees.delete(oldest);
      this.#chars -= oldest.length;
      this.dropped?.(oldest, root);
    }
  }
}

/**
 * The trees of the documents the reader read last: the link index reads a document's headings from
 * the tree the reader built (the document being checked, or one read a little earlier that a later
 * document links to) instead of parsing the text again. Each cache is a few MB at most: with room
 * for 3 M characters the two kept about 36 MB in every worker of `urilint scan` through its run.
 */
const readTrees = new TreeCache(64, 500_000);

/**
 * Trees the link index parsed (a document's headings, for another's link) that the reader has not
 * read yet: the reader takes the tree from here when it comes to that text.
 */
const pendingTrees = new TreeCache(16, 250_000, (text, root) => {
  if (readerTexts.has(root)) keepCandidates(text, root);
});

/** The trees in `pendingTrees` of a text the reader reads as it is (no template tag masked in it). */
const readerTexts = new WeakSet<Root>();

/**
 * The URI candidates of texts whose tree `pendingTrees` dropped before the reader came to them: a
 * tree is about 12 bytes a character, its candidates a few objects a link; the reader takes them
 * instead of parsing the text a second time (a site's pages are read for the headings others link
 * to long before the scan reads them). At most `MAX_KEPT_CANDIDATES` candidates, the oldest dropped
 * first.
 */
const keptCandidates = new Map<string, UriCandidate[]>();
let keptCount = 0;
const MAX_KEPT_CANDIDATES = 200_000;

function keepCandidates(text: string, root: Root): void {
  if (!CAN_HOLD_URI.test(text)) return;
  let candidates: UriCandidate[];
  try {
    candidates = markdownCandidates(root, text);
  } catch {
    return;
  }
  const before = keptCandidates.get(text);
  if (before !== undefined) keptCount -= before.length;
  keptCandidates.delete(text);
  keptCandidates.set(text, candidates);
  keptCount += candidates.length;
  for (const [oldest, list] of keptCandidates) {
    if (keptCount <= MAX_KEPT_CANDIDATES || oldest === text) break;
    keptCandidates.delete(oldest);
    keptCount -= list.length;
  }
}

/** The candidates kept for `text`, taken (a text read twice is parsed the second time). */
function takeCandidates(text: string): UriCandidate[] | undefined {
  const candidates = keptCandidates.get(text);
  if (candidates === undefined) return undefined;
  keptCandidates.delete(text);
  keptCount -= candidates.length;
  return candidates;
}

/**
 * The tree of a Markdown text (CommonMark with GFM, with positions; a paragraph without a
 * `PARAGRAPH_HINT` has no children): the reader's own when it read that text lately, else parsed
 * (and kept for the reader, which reads it when it comes to that text). Never changed by its readers.
 * `readerText`: whether the reader reads this text as it is (it has no template tag to mask); then,
 * if the tree is dropped before the reader comes to it, its candidates are kept instead.
 */
export function markdownTreeOf(text: string, readerText = false): Root {
  const read = readTrees.get(text);
  if (read !== undefined) return read;
  const root = parseMarkdown(text);
  pendingTrees.set(text, root);
  if (readerText) readerTexts.add(root);
  return root;
}

/** Node types a code block can be a child of. */
const BLOCK_CONTAINERS = new Set<Nodes['type']>(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition']);

/** The source ranges of a tree's code blocks without their first line (a fence, or the first line of indented code). */
function codeBodies(root: Root, text: string): Range[] {
  const out: Range[] = [];
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'code') {
      const range = offsets(node);
      if (range === undefined) continue;
      let at = range[0];
      while (at < range[1] && text[at] !== '\n' && text[at] !== '\r') at++;
      if (text[at] === '\r' && text[at + 1] === '\n') at++;
      if (at + 1 < range[1]) out.push([at + 1, range[1]]);
    } else if (BLOCK_CONTAINERS.has(node.type) && 'children' in node) {
      const children = node.children as Nodes[];
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
    }
  }
  return out;
}

/**
 * The tag names of CommonMark's HTML blocks of the sixth kind (CommonMark 0.31, 4.6 "HTML blocks",
 * start condition 6): a line that starts with `<` or `</`, one of these names (any case) and white
 * space, `>`, `/>` or the line's end starts an HTML block, whatever its attributes are, and the block
 * ends at the first blank line.
 */
const HTML_BLOCK_NAMES = 'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_BLOCK_START = new RegExp(`^ {0,3}</?(?:${HTML_BLOCK_NAMES})(?=[ \\t>]|/>|\\r|\\n|$)`, 'i');

/**
 * The ranges of the root's HTML blocks of the sixth kind after their start (`<div`): what a tag
 * there cannot change. Such a block starts by its first characters alone and ends at a blank line,
 * so a tag after its name (masked or not) changes neither, as long as the tag makes no line blank.
 * Blocks nested in a list or a quote are not listed: a tag over a line break there would hide the
 * next line's container marker.
 */
function htmlBlockBodies(root: Root, text: string): Range[] {
  const out: Range[] = [];
  for (const node of root.children) {
    if (node.type !== 'html') continue;
    const range = offsets(node);
    if (range === undefined) continue;
    let lineStart = range[0];
    while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
    const start = HTML_BLOCK_START.exec(text.slice(lineStart, Math.min(range[1], lineStart + 20)));
    // The character after the name (white space, `>`, `/`) stays outside any tag.
    if (start !== null) out.push([lineStart + start[0].length + 1, range[1]]);
  }
  return out;
}

/** A line inside a tag that is blank as written (its sentinels would make it a line of text), line breaks made `\n`. */
const BLANK_LINE_INSIDE = /\n[ \t]*\n/;

/**
 * The source ranges of what the tree holds as text not read inline: its code spans (`` `…` ``)
 * outside headings, and its paragraphs without children (no `PARAGRAPH_HINT`: their text was not
 * parsed), in document order; `span` tells which.
 */
function inertRanges(root: Root): { from: number; to: number; span: boolean }[] {
  const out: { from: number; to: number; span: boolean }[] = [];
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const range = node.type === 'inlineCode' || (node.type === 'paragraph' && node.children.length === 0) ? offsets(node) : undefined;
    if (range !== undefined) out.push({ from: range[0], to: range[1], span: node.type === 'inlineCode' });
    else if (node.type !== 'heading' && 'children' in node) {
      const children = node.children as Nodes[];
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
    }
  }
  return out;
}

/**
 * What a tag inside a code span must not hold for the span to be the same span as written: a
 * backtick (it could close the span), `<` or `>` (raw HTML or an autolink that starts before the span
 * and ends in it), a bracket or a backslash (a link's label or an escape), `|` (a table's cells are
 * split before the spans are read) or a line break (the next line could start a block).
 */
const SPAN_UNSAFE = /[`<>[\]\\|\r\n]/;

/** What a tag inside a paragraph without children must not hold besides: a `PARAGRAPH_HINT`, which would have its text parsed as written. */
const PARAGRAPH_UNSAFE = new RegExp(`${SPAN_UNSAFE.source}|${PARAGRAPH_HINT.source}`);

/**
 * Whether every tag masked in `masked` (whose tree is `root`; `text` as written) lies where it
 * cannot change the tree: on one line of a code block's content after its first line; in a code span
 * outside a heading or in a paragraph whose text was not parsed (`inertRanges`), holding nothing of
 * `SPAN_UNSAFE` or `PARAGRAPH_UNSAFE`; or in an HTML block of the root that starts by its tag name
 * alone (`htmlBlockBodies`). Then the tree of the unmasked text is `root` but for those blocks' and
 * spans' values (`markdownTreeAnchors` reads such an HTML block as written). A block's lines are
 * told apart by what starts them (container markers, indentation, blank or not, a closing fence): a
 * tag starts with `{`, `$` or `<` and its sentinels are no white space, so each line is read as the
 * same kind either way; and neither code nor HTML is read inline. A tag on a fence line (its info
 * string), over a line break in code, elsewhere, or holding a line that is blank as written may
 * change the tree: then it does not hold.
 */
function tagsLeaveTree(root: Root, masked: string, text: string, tags: readonly TemplateTag[]): boolean {
  const bodies = codeBodies(root, masked);
  let html: Range[] | undefined;
  let inert: { from: number; to: number; span: boolean }[] | undefined;
  let k = 0;
  let j = 0;
  let i = 0;
  for (const tag of tags) {
    while (k < bodies.length && bodies[k]![1] < tag.end) k++;
    const body = bodies[k];
    let oneLine = true;
    for (let at = tag.start; at < tag.end && oneLine; at++) if (masked[at] === '\n' || masked[at] === '\r') oneLine = false;
    if (oneLine && body !== undefined && body[0] <= tag.start) continue;
    inert ??= inertRanges(root);
    while (i < inert.length && inert[i]!.to < tag.end) i++;
    const range = inert[i];
    if (range !== undefined && range.from < tag.start && tag.end <= range.to && !(range.span ? SPAN_UNSAFE : PARAGRAPH_UNSAFE).test(text.slice(tag.start, tag.end))) continue;
    html ??= htmlBlockBodies(root, masked);
    while (j < html.length && html[j]![1] < tag.end) j++;
    const block = html[j];
    if (block === undefined || block[0] > tag.start || BLANK_LINE_INSIDE.test(text.slice(tag.start, tag.end).replace(/\r\n?/g, '\n'))) return false;
  }
  return true;
}

/** Every template syntax: what a scan masks by default (`templates` not set). */
let allSyntaxes: ReadonlySet<TemplateSyntax> | undefined;

/**
 * A tree of a Markdown text for its ids, definitions and references (`links/anchors.ts`): its
 * headings, HTML, definitions and text are the text's, its code blocks' values may not be. The
 * reader reads a document with its template tags masked (`${VAR}`, `{{ x }}`), the link index
 * reads it as written: when every tag of the text lies inside a code block's content, the tree of
 * the masked text (the one the reader reads, parsed once) is the text's but for the code, and
 * serves both. Otherwise the text's own tree (`markdownTreeOf`).
 */
export function markdownStructureOf(text: string): Root {
  const read = readTrees.get(text);
  if (read !== undefined) return read;
  const { text: masked, tags } = maskTemplates(text, (allSyntaxes ??= templateSyntaxes(undefined)));
  if (tags.length === 0) return markdownTreeOf(text, true);
  let root = readTrees.get(masked) ?? pendingTrees.get(masked);
  if (root === undefined) {
    root = parseMarkdown(masked);
    pendingTrees.set(masked, root);
    readerTexts.add(root);
  }
  return tagsLeaveTree(root, masked, text, tags) ? root : markdownTreeOf(text);
}

/** The node's source range, when its position has offsets. */
function offsets(node: Nodes): Range | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined || start > end ? undefined : [start, end];
}

/** Reads one unit of Markdown text at `i` (a character, a backslash escape, a character reference) into `out`; returns where the next starts. */
function readUnit(text: string, i: number, end: number, out: DecodedText): number {
  const ch = text[i]!;
  if (ch === '\\' && i + 1 < end && ASCII_PUNCTUATION.test(text[i + 1]!)) {
    out.push(text[i + 1]!, i, i + 2);
    return i + 2;
  }
  const reference = ch === '&' ? readCharacterReference(text, i, end, 'markdown') : undefined;
  if (reference !== undefined) {
    out.push(reference.text, i, reference.end);
    return reference.end;
  }
  out.push(ch, i, i + 1);
  return i + 1;
}

/** Markdown text `[from, to)` with its escapes and references decoded, nothing else interpreted. */
function decodeText(text: string, from: number, to: number): DecodedText {
  const out = new DecodedText();
  for (let i = from; i < to; ) i = readUnit(text, i, to, out);
  return out;
}

interface Destination {
  decoded: DecodedText;
  /** The destination as mdast reads it (a `<…>` destination's spaces as spaces): what `node.url` is compared with. */
  url: string;
  /** Written `<…>`. */
  bracketed: boolean;
  /** Where its content ends (before a closing `>`). */
  contentEnd: number;
  /** Where the destination ends (after a closing `>`). */
  end: number;
}

/** The link destination at `at` (CommonMark 6.3): `<…>` on one line, or a run without spaces and controls whose parentheses balance. */
function readDestination(text: string, at: number, limit: number): Destination | undefined {
  const decoded = new DecodedText();
  if (text[at] === '<') {
    let url = '';
    for (let i = at + 1; i < limit; ) {
      const ch = text[i];
      if (ch === '>') return { decoded, url, bracketed: true, contentEnd: i, end: i + 1 };
      if (ch === '<' || ch === '\n' || ch === '\r') return undefined;
      // A space is valid in a `<…>` destination (CommonMark 6.3): the URI is the one the renderer writes, with "%20".
      if (ch === ' ') {
        decoded.push('%20', i, i + 1);
        url += ' ';
        i++;
        continue;
      }
      const before = decoded.value.length;
      i = readUnit(text, i, limit, decoded);
      url += decoded.value.slice(before);
    }
    return undefined;
  }
  let depth = 0;
  let i = at;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) break;
    if (code === 0x28) depth++;
    if (code === 0x29 && depth-- === 0) break;
    i = readUnit(text, i, limit, decoded);
  }
  return i === at || depth > 0 ? undefined : { decoded, url: decoded.value, bracketed: false, contentEnd: i, end: i };
}

function skipSpace(text: string, i: number, limit: number): number {
  while (i < limit && /^[ \t\r\n]$/.test(text[i]!)) i++;
  return i;
}

/** Replacement text for a destination: backslash before what would end it or read as a reference (`|` for tables). */
function escapeDestination(bracketed: boolean): (text: string) => string {
  return (text) => text.replace(bracketed ? /[\\<>&|]/g : /[\\()<>&|]/g, '\\$&');
}

/** Replacement text for running text: backslash before what could start emphasis, code, a link, HTML or a reference. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>&|~]/g, '\\$&');
}

/** How a literal `&` or `\` before an edit is written so the replacement cannot join it. */
function escapeLiteral(ch: string): string | undefined {
  return ch === '&' || ch === '\\' ? `\\${ch}` : undefined;
}

/** A node of `type` at `[start, end)` of a tree's text. */
function nodeAt(root: Root, type: Nodes['type'], start: number, end: number): Nodes | undefined {
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === type && node.position?.start.offset === start && node.position.end.offset === end) return node;
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
  return undefined;
}

/**
 * Whether micromark reads the block the node is in, with `edit` applied, with
 * a `type` node in the node's place whose URL is `expected`. The whole block,
 * not the node alone: an edit can make the text around a URL into a link.
 */
function readsBack(text: string, block: Range, node: Range, type: Nodes['type'], bracketed = false): (edit: SourceEdit, expected: string) => boolean {
  return (edit, expected) => {
    const slice = applyEdit(text, block[0], block[1], edit);
    const grown = edit.text.length - (edit.range[1] - edit.range[0]);
    // A block of a document that was parsed whole: its budget was the document's.
    const found = nodeAt(parseMarkdown(slice, false), type, node[0] - block[0], node[1] - block[0] + grown);
    // A `<…>` destination's spaces are the URI's "%20" (see `readDestination`).
    return found !== undefined && 'url' in found && (found.url === expected || (bracketed && found.url.replace(/ /g, '%20') === expected.replace(/ /g, '%20')));
  };
}

/** A link, image or definition destination as an attribute candidate; its fixes are read back in `block`. */
function destinationCandidate(node: Link | Image | Definition, text: string, block: Range, destination: Destination, sink: string): UriCandidate | undefined {
  const map = new CheckedMap(destination.decoded, destination.contentEnd, {
    source: text,
    escape: escapeDestination(destination.bracketed),
    literal: escapeLiteral,
    check: readsBack(text, block, offsets(node)!, node.type, destination.bracketed),
  });
  return textCandidate({ map, context: 'attribute', sink, uriStart: 0, uriEnd: map.value.length, namespace: false });
}

/** After the destination: an optional title, then the `)` that ends the node. */
function closesResource(text: string, at: number, to: number): boolean {
  return /^[ \t\r\n]*(?:["'(][\s\S]*)?\)$/.test(text.slice(at, to));
}

/**
 * `[text](destination "title")` or `![alt](destination)`: the destination is
 * the one after a `](` whose decoded value is the node's URL and after which
 * only a title and the closing `)` follow (alt text and labels may hold `](`).
 */
function resourceCandidate(node: Link | Image, text: string, block: Range, sink: string): UriCandidate | undefined {
  const range = offsets(node);
  if (range === undefined || node.url === '') return undefined;
  const [from, to] = range;
  for (let at = text.indexOf('](', from); at !== -1 && at + 2 < to; at = text.indexOf('](', at + 1)) {
    const destination = readDestination(text, skipSpace(text, at + 2, to), to);
    if (destination !== undefined && destination.url === node.url && closesResource(text, destination.end, to)) {
      return destinationCandidate(node, text, block, destination, sink);
    }
  }
  return undefined;
}

/** `[label]: destination "title"`: the destination after the `]:` that ends the label. */
function definitionCandidate(node: Definition, text: string): UriCandidate | undefined {
  const range = offsets(node);
  if (range === undefined || node.url === '') return undefined;
  const [from, to] = range;
  for (let at = text.indexOf(']:', from); at !== -1 && at + 2 < to; at = text.indexOf(']:', at + 1)) {
    const destination = readDestination(text, skipSpace(text, at + 2, to), to);
    if (destination !== undefined && destination.url === node.url) return destinationCandidate(node, text, range, destination, LINK_SINK);
  }
  return undefined;
}

/**
 * An autolink, `<https://example.com/>`, or a GFM literal (the same URL bare
 * in text): written as it is, no escapes. `<me@example.com>`,
 * `me@example.com` and `www.example.com` read as `mailto:…` and `http://…`,
 * a prefix not in the source: not candidates.
 */
function autolinkCandidate(node: Link, text: string, block: Range): UriCandidate | undefined {
  const [from, to] = offsets(node)!;
  const bracketed = text[from] === '<' && text[to - 1] === '>';
  const start = bracketed ? from + 1 : from;
  let end = bracketed ? to - 1 : to;
  if (end <= start || text.slice(start, end) !== node.url) return undefined;
  // `(https://x.example/a.html)word`: GFM's literal runs on to the next space (and Jekyll's kramdown
  // makes none), but the URL the author wrote ends at the `)` that closes the `(` before it.
  if (!bracketed && text[from - 1] === '(') end = start + closingParenthesis(node.url);
  // `…/download-1.8.1.mrb）(ミラー…`, `…/pull/512。这一版`: the literal runs on to the next space, but Chinese
  // and Japanese text sets no space after a URL; its punctuation ends the URL, as it does in running text.
  if (!bracketed) {
    const stop = CJK_PUNCTUATION.exec(text.slice(start, end));
    if (stop !== null) end = start + stop.index;
    // A Korean particle (`…/xml.xml` then 과, the host `cache.ruby-lang.org` then 를), or a Japanese or
    // Chinese word, written straight after an ASCII URL is the sentence's, not the URL's (one after
    // `/`, `=` or `#`, a wiki page's name, is the URL's own IRI text).
    const url = text.slice(start, end);
    const word = CJK_WORD.exec(url);
    if (word !== null && word.index > 0 && /[A-Za-z0-9]/.test(url[word.index - 1]!) && /^[\x21-\x7e]*$/.test(url.slice(0, word.index))) end = start + word.index;
    // The literal stops at the space inside a brace expansion (`…/{ja, en}/`, a shell's alternatives)
    // whose `}` it never reaches; the URL is what comes before it.
    const open = text.lastIndexOf('{', end - 1);
    if (open >= start && !text.slice(open, end).includes('}') && BRACE_EXPANSION.test(text.slice(open, open + 200))) end = open;
    // `&lt;URL:…/download-1.8.0.rbx&gt;` then Japanese text: the angle brackets written as entities delimit it.
    const entity = /&(?:gt|lt|quot);/.exec(text.slice(start, end));
    if (entity !== null) end = start + entity.index;
    // `babel="yes https://github.com/babel/babel/pull/12139"></feature-support>`: a tag CommonMark read
    // as text (its attributes indented with no-break spaces); the quote and `>` that close the
    // attribute and the tag are markup, not the URL's.
    const tagEnd = /["'][ \t]*\/?>/.exec(text.slice(start, end));
    if (tagEnd !== null) end = start + tagEnd.index;
  }
  // `\[https://gohugo.io\]`: micromark's literal takes in a backslash escape, which is Markdown's, not
  // the URL's (cmark-gfm finds literals in the text once escapes are read, where the `\` is gone).
  // The URL ends before it: what follows is the escaped character, then text.
  if (!bracketed) {
    for (let at = text.indexOf('\\', start); at !== -1 && at < end; at = text.indexOf('\\', at + 2)) {
      if (ASCII_PUNCTUATION.test(text[at + 1] ?? '')) {
        end = at;
        break;
      }
    }
  }
  if (end <= start) return undefined;
  const decoded = new DecodedText();
  decoded.pushLiteral(text, start, end);
  const map = new CheckedMap(decoded, end, { source: text, escape: (value) => value, literal: () => undefined, check: readsBack(text, block, [from, to], 'link') });
  return textCandidate({ map, context: 'attribute', sink: LINK_SINK, uriStart: 0, uriEnd: map.value.length, namespace: false });
}

/** The punctuation of Chinese and Japanese text (ideographic comma and full stop, corner and other brackets, full-width marks). */
const CJK_PUNCTUATION = /[\u3001\u3002\u3008-\u3011\u3014-\u301b\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f]/;

/** A letter of Hangul, kana or the CJK ideographs. */
const CJK_WORD = /[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;

/** Where a URL opened inside `(` ends: at the first `)` that closes no `(` of its own, else its end. */
function closingParenthesis(url: string): number {
  let depth = 0;
  for (let i = 0; i < url.length; i++) {
    if (url[i] === '(') depth++;
    else if (url[i] === ')' && depth-- === 0) return i;
  }
  return url.length;
}

/**
 * The pieces of `decoded` that make up `value`: mdast leaves out of a text
 * node the container prefixes of its continuation lines (`> `, list
 * indentation) and the spaces at line ends. `undefined` if they do not align.
 */
function align(decoded: DecodedText, value: string): DecodedText | undefined {
  const out = new DecodedText();
  let k = 0;
  let linePrefix = false;
  for (const piece of decoded.pieces) {
    const literal = isLiteral(piece);
    // A `>` first on a continuation line is a block quote's marker, never the paragraph's text.
    if (literal && linePrefix && /^[ \t>]$/.test(piece.text)) continue;
    if (value.startsWith(piece.text, k)) {
      out.push(piece.text, piece.start, piece.end);
      k += piece.text.length;
      linePrefix = piece.text === '\n';
    } else if (!literal || !/^[ \t\r]$/.test(piece.text)) {
      return undefined;
    }
  }
  return k === value.length ? out : undefined;
}

/** Bare URIs in a text node (`ftp://…`, `urn:…`: GFM turns `https://…` into links of their own). */
function proseOf(node: Text, text: string): UriCandidate[] {
  const range = offsets(node);
  if (range === undefined || !node.value.includes(':')) return [];
  const [from, to] = range;
  const decoded = align(decodeText(text, from, to), node.value);
  if (decoded === undefined) return [];
  const map = new CheckedMap(decoded, to, {
    source: text,
    escape: escapeText,
    literal: escapeLiteral,
    check: (edit, expected) => {
      const slice = applyEdit(text, from, to, edit);
      return align(decodeText(slice, 0, slice.length), expected) !== undefined;
    },
  });
  return proseCandidates(map);
}

/**
 * `[text](destination with spaces)`: CommonMark takes no raw space in a link destination, so this is
 * no link but text, and the reader sees none. Its destination is the URI its author meant: a
 * candidate of its own, whose spaces are reported and fixed to `%20` (which makes it a link).
 * A title after the destination (`[a](b "t")`) or a `<…>` destination is a link already.
 */
const BROKEN_LINK = /\[[^\]\r\n]*\]\(([^()\s<>\\][^()\r\n<>\\]*?[ \t][^()\r\n<>\\"']*?)\)/g;

/**
 * The map of such a destination, from `start` in `text`, for the link written from `open` (its `[`)
 * on: an edit is kept only when the line, with it made, reads as a link (or such a destination)
 * whose URI is the value with the edit made, or as the bracketed link `<…>` it was rewritten to
 * (no-broken-links' suggestion) — a `\`, `<` or `)` written into it would end or change the link.
 */
function brokenDestinationMap(destination: string, start: number, open: number, text: string): OffsetMap {
  const map = OffsetMap.plain(destination, start);
  const lineEnd = /[\r\n]/.exec(text.slice(start))?.index ?? text.length - start;
  const replace = map.replace.bind(map);
  map.replace = (from: number, to: number, replacement: string): SourceEdit | undefined => {
    const edit = replace(from, to, replacement);
    if (edit === undefined) return undefined;
    const expected = destination.slice(0, from) + replacement + destination.slice(to);
    const line = text.slice(open, edit.range[0]) + edit.text + text.slice(edit.range[1], start + lineEnd);
    // Written between `<` and `>` (the bracketed destination CommonMark takes with spaces), the link reads its spaces as `%20`.
    const bracketed = expected.startsWith('<') && expected.endsWith('>') ? expected.slice(1, -1).replace(/ /g, '%20') : undefined;
    return discoverMarkdown(line).some((candidate) => candidate.sink === LINK_SINK && (candidate.uri === expected || candidate.uri === bracketed)) ? edit : undefined;
  };
  return map;
}

function brokenLinksOf(node: Text, text: string): UriCandidate[] {
  const range = offsets(node);
  if (range === undefined || !node.value.includes('](')) return [];
  const out: UriCandidate[] = [];
  const source = text.slice(range[0], range[1]);
  for (const match of source.matchAll(BROKEN_LINK)) {
    const destination = match[1]!;
    // `[a](b 'title')` and `[a](b (title))` are links with a title, which the parser took.
    if (/[ \t]['"(]/.test(destination) || /[ \t]$/.test(destination)) continue;
    const start = range[0] + match.index + match[0].indexOf('](') + 2;
    const map = brokenDestinationMap(destination, start, range[0] + match.index, text);
    out.push(...textCandidates({ map, context: 'attribute', sink: LINK_SINK, uriStart: 0, uriEnd: destination.length, namespace: false }));
  }
  return out;
}

/**
 * `[old report](https://example.com/files/annual report 2023.pdf)`: GFM reads the start of such a
 * destination, up to its first space, as an autolink literal, so the text around it holds
 * `[old report](` and ` report 2023.pdf)` and `brokenLinksOf` sees neither whole. The three together
 * are the link its author meant: one candidate for the whole destination (its spaces reported and
 * fixed to `%20`), which stands in place of the autolink's (each link node of `children` replaced so
 * is a key of the map).
 */
function splitBrokenLinks(children: readonly Nodes[], text: string): Map<Nodes, UriCandidate[]> {
  const replaced = new Map<Nodes, UriCandidate[]>();
  for (let k = 1; k + 1 < children.length; k++) {
    const [before, link, after] = [children[k - 1]!, children[k]!, children[k + 1]!];
    if (link.type !== 'link' || before.type !== 'text' || after.type !== 'text' || !before.value.endsWith('](')) continue;
    const [from, linkStart, to] = [offsets(before)?.[0], offsets(link)?.[0], offsets(after)?.[1]];
    // Only an autolink literal: its source is its URL, not `[…](…)` or `<…>`.
    if (from === undefined || linkStart === undefined || to === undefined || text[linkStart] === '[' || text[linkStart] === '<') continue;
    for (const match of text.slice(from, to).matchAll(BROKEN_LINK)) {
      const destination = match[1]!;
      const start = from + match.index + match[0].indexOf('](') + 2;
      if (start !== linkStart || /[ \t]['"(]/.test(destination) || /[ \t]$/.test(destination)) continue;
      const map = brokenDestinationMap(destination, start, from + match.index, text);
      replaced.set(link, textCandidates({ map, context: 'attribute', sink: LINK_SINK, uriStart: 0, uriEnd: destination.length, namespace: false }));
    }
  }
  return replaced;
}

/** An HTML block or inline tag, read by the HTML reader where its value is its source (not inside a `>` quote). */
function htmlOf(node: Html, text: string): UriCandidate[] {
  const range = offsets(node);
  if (range === undefined || text.slice(range[0], range[1]) !== node.value) return [];
  // The HTML reader finds URIs in attribute values and in text with a `:`: `<br>`, `</a>` and `<em>` hold none.
  if (!/[=:]/.test(node.value)) return [];
  return discoverHtmlBlock(text, range[0], range[1]).candidates;
}

/** The candidates of one node (in the inline block `block`); whether its children are read too. */
function visitNode(node: Nodes, text: string, block: Range, out: UriCandidate[]): boolean {
  const push = (candidate: UriCandidate | undefined): void => {
    if (candidate !== undefined) out.push(candidate);
  };
  switch (node.type) {
    case 'code':
    case 'inlineCode':
      return false;
    case 'html':
      out.push(...htmlOf(node, text));
      return false;
    case 'text':
      out.push(...proseOf(node, text), ...brokenLinksOf(node, text));
      return false;
    case 'definition':
      push(definitionCandidate(node, text));
      return false;
    case 'image':
      push(resourceCandidate(node, text, block, IMAGE_SINK));
      return false;
    case 'link': {
      const range = offsets(node);
      if (range === undefined) return true;
      // An autolink's text is its URL: read once.
      if (text[range[0]] !== '[') {
        push(autolinkCandidate(node, text, block));
        return false;
      }
      push(resourceCandidate(node, text, block, LINK_SINK));
      return true;
    }
    default:
      return true;
  }
}

/**
 * The URI candidates of a Markdown document from its mdast tree (with
 * positions; `@eslint/markdown`'s tree will do): link, image and definition
 * destinations and autolinks as `<a href>` / `<img src>` attribute
 * candidates, bare URIs in text as prose, URL attributes of HTML blocks;
 * nothing in code.
 */
export function markdownCandidates(root: Root, text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  // Without recursion, in document order: a deeply nested list must not overflow the stack.
  const stack: { node: Nodes; block: Range }[] = [{ node: root, block: [0, text.length] }];
  // Autolinks that are the start of a destination with a space, and the candidates that stand for them.
  let replaced: Map<Nodes, UriCandidate[]> | undefined;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node } = item;
    const instead = replaced?.get(node);
    if (instead !== undefined) {
      out.push(...instead);
      continue;
    }
    const block = (INLINE_BLOCKS.has(node.type) && offsets(node)) || item.block;
    let readChildren = false;
    try {
      readChildren = visitNode(node, text, block, out);
    } catch {
      // A node this code did not foresee is left unchecked, not the document.
    }
    if (readChildren && 'children' in node) {
      const children = node.children as Nodes[];
      if (children.length >= 3 && children.some((child) => child.type === 'link')) {
        const split = splitBrokenLinks(children, text);
        if (split.size > 0) for (const [link, candidates] of split) (replaced ??= new Map()).set(link, candidates);
      }
      for (let k = children.length - 1; k >= 0; k--) stack.push({ node: children[k]!, block });
    }
  }
  return out;
}

/** What a document with a URI candidate has (see `discoverMarkdown`). */
const CAN_HOLD_URI = /[:&=]|\]\(/;

/**
 * The URI candidates of a Markdown document (see `markdownCandidates`); never throws. When the
 * parser gives up (a document nested too deep), why is pushed to `stops`.
 */
export function discoverMarkdown(text: string, stops?: string[]): UriCandidate[] {
  // Every candidate needs one of these: a `:` (a scheme, a definition), `](` (a link's destination),
  // `=` (an HTML attribute) or `&` (a character reference, which can write a `:`).
  if (!CAN_HOLD_URI.test(text)) return [];
  const kept = takeCandidates(text);
  if (kept !== undefined) return kept;
  try {
    const root = pendingTrees.get(text, true) ?? readTrees.get(text) ?? parseMarkdown(text);
    readTrees.set(text, root);
    return markdownCandidates(root, text);
  } catch (error) {
    stops?.push(
      error instanceof RangeError
        ? 'the document nests too deep to parse'
        : error instanceof MarkdownBudgetError
          ? error.message
          : `the Markdown parser stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
    return [];
  }
}
