/**
 * `fromMarkdown` (mdast-util-from-markdown 2.1.0) with the same tree, for less work: the events
 * micromark makes are compiled by mdast-util-from-markdown's own handlers (and GFM's), taken from
 * one of its compilers, in a loop of our own. Its loop hands each handler a new copy of its
 * context (`{ ...context, sliceSerialize }`, nine fields, for every event with a handler): on real
 * README and changelog files those copies make `fromMarkdown` about a quarter slower than the same
 * handlers run with one context per document, as here.
 *
 * `compileEvents` and `prepareList` are a port of that version's `compile` and `prepareList`
 * (MIT License, Copyright (c) Titus Wormer <tituswormer@gmail.com>): the same steps, in the same
 * order. `test/formats/markdown.test.ts` checks the trees against `fromMarkdown`'s.
 */
import type { Root } from 'mdast';
import type { CompileContext, Extension, Handle, Token } from 'mdast-util-from-markdown';

/** A micromark event: entering or leaving a token, and the tokenizer that made it. */
type Event = ['enter' | 'exit', Token, { sliceSerialize: CompileContext['sliceSerialize'] }];

/** A compile context with its `sliceSerialize` set per event. */
type Context = Omit<CompileContext, 'sliceSerialize'> & { sliceSerialize: CompileContext['sliceSerialize'] | undefined };

/** A micromark parser: its constructs, what makes its tokenizers, and what it learns of a document (`defined`, `lazy`, an extension's own). */
interface Parser {
  document(): { write(chunks: unknown[]): Event[] };
  defined: unknown[];
  lazy: Record<number, boolean>;
  [key: string]: unknown;
}

/** What `parsers.ts` loads of micromark: its parse steps, as `fromMarkdown` runs them. */
export interface Micromark {
  parse(options: { extensions: unknown[] }): Parser;
  postprocess(events: Event[]): Event[];
  preprocess(): (value: string, encoding: undefined, end: boolean) => unknown[];
}

/** micromark-util-subtokenize's `subtokenize`: one pass of micromark's `postprocess`; whether it is done. */
export type Subtokenize = (events: Event[]) => boolean;

/** The parts of a `fromMarkdown` compiler the handlers use: its configuration and helpers. */
export interface MarkdownCompiler {
  config: CompileContext['config'];
  enter: CompileContext['enter'];
  exit: CompileContext['exit'];
  buffer: CompileContext['buffer'];
  resume: CompileContext['resume'];
  micromark: Micromark;
  subtokenize: Subtokenize;
  /** One parser for every document: `parse` combines the syntax extensions anew each time it is called. */
  parser: Parser;
  /** The parser's own fields: what a document adds besides them (GFM's `gfmFootnotes`) is dropped before the next. */
  parserFields: ReadonlySet<string>;
}

type FromMarkdown = (value: string, options: { extensions: unknown[]; mdastExtensions: Extension[] }) => Root;

const own = Object.prototype.hasOwnProperty;

/**
 * A compiler of `fromMarkdown` with the syntax and mdast extensions given, its parts taken from
 * the context its handlers see (read by a listener while it compiles a one-letter document).
 * `undefined` when it has listeners or transforms, which `compileEvents` does not run.
 */
export function markdownCompiler(fromMarkdown: FromMarkdown, micromark: Micromark, subtokenize: Subtokenize, syntax: unknown[], mdastExtensions: Extension[]): MarkdownCompiler | undefined {
  let seen: Omit<MarkdownCompiler, 'micromark' | 'subtokenize' | 'parser' | 'parserFields'> | undefined;
  const listen: Handle = function (this: CompileContext) {
    seen ??= { config: this.config, enter: this.enter, exit: this.exit, buffer: this.buffer, resume: this.resume };
  };
  fromMarkdown('a', { extensions: syntax, mdastExtensions: [...mdastExtensions, { beforeEnter: listen }] });
  if (seen === undefined) return undefined;
  const { config } = seen;
  if (config.beforeEnter.length !== 1 || config.afterExit.length > 0 || config.transforms.length > 0) return undefined;
  const parser = micromark.parse({ extensions: syntax });
  return { ...seen, micromark, subtokenize, parser, parserFields: new Set(Object.keys(parser)) };
}

/** A point's copy, as mdast-util-from-markdown makes one. */
function point(at: { line: number; column: number; offset: number }): { line: number; column: number; offset: number } {
  return { line: at.line, column: at.column, offset: at.offset };
}

/** `line:column-line:column`, as unist-util-stringify-position writes a token's place. */
function place(token: Token): string {
  return `${token.start.line}:${token.start.column}-${token.end.line}:${token.end.column}`;
}

/**
 * The mdast tree of `text` (its transforms not run), as `fromMarkdown` builds it; with `inline`,
 * a paragraph whose source `[from, to)` it refuses has no children (its text is not parsed). The
 * compiler's parser is made ready for a new document (what micromark's `parse` would make: no
 * definitions, no lazy lines, nothing an extension kept); parses never nest (the tree is compiled
 * after micromark is done).
 */
export function compileMarkdown(text: string, compiler: MarkdownCompiler, inline?: (from: number, to: number) => boolean, budget?: InlineBudget): Root {
  const { micromark, parser, subtokenize } = compiler;
  for (const key of Object.keys(parser)) if (!compiler.parserFields.has(key)) delete parser[key];
  parser.defined = new Identifiers() as unknown as unknown[];
  parser.gfmFootnotes = new Identifiers();
  parser.lazy = {};
  const events = parser.document().write(micromark.preprocess()(text, undefined, true));
  if (inline === undefined && budget === undefined) {
    micromark.postprocess(events);
  } else {
    // micromark's postprocess: subtokenize until it is done. Its first pass reads the blocks and
    // each paragraph's definitions, and leaves the inline content (the text of paragraphs,
    // headings and table cells) as chunks for the passes after.
    let done = subtokenize(events);
    if (!done && inline !== undefined) skipParagraphText(events, inline);
    if (!done && budget !== undefined && inlineWork(events, text, budget.limit) > budget.limit) throw budget.refuse();
    while (!done) done = subtokenize(events);
  }
  return compileEvents(events, compiler);
}

/**
 * The identifiers a document defines (link reference definitions: micromark's `parser.defined`;
 * GFM footnote definitions: `parser.gfmFootnotes`). micromark keeps each as an array, searched
 * with `includes` at every label end and every footnote definition and call: with thousands of
 * definitions that search made the parse quadratic (each `[label]` read every identifier before
 * it). The parsers call only `push` and `includes`, which a set answers at once.
 */
class Identifiers {
  readonly #names = new Set<string>();

  push(...names: string[]): number {
    for (const name of names) this.#names.add(name);
    return this.#names.size;
  }

  includes(name: string): boolean {
    return this.#names.has(name);
  }
}

/** A bound on `inlineWork`, and the error thrown past it. */
export interface InlineBudget {
  limit: number;
  refuse: () => Error;
}

/**
 * Where micromark's inline parsing can cost more than a step per character: at each of these a
 * construct may start or end (a label `[` `]` `!`, attention `*` `_` `~`, code `` ` ``, an escape
 * `\`, a character reference `&`, HTML and autolinks `<` `>`, a resource `(` `)`, GFM literals
 * `:` `@` `.`), and a run of data tokens between two constructs is merged once. An upper bound
 * taken loosely: counting too many only costs a text search of a document no real text comes near.
 */
function isInlineMark(code: number): boolean {
  switch (code) {
    case 0x21: // !
    case 0x26: // &
    case 0x28: // (
    case 0x29: // )
    case 0x2a: // *
    case 0x2e: // .
    case 0x3a: // :
    case 0x3c: // <
    case 0x3e: // >
    case 0x40: // @
    case 0x5b: // [
    case 0x5c: // \
    case 0x5d: // ]
    case 0x5f: // _
    case 0x60: // `
    case 0x7e: // ~
      return true;
    default:
      return false;
  }
}

/**
 * An upper bound on the steps of micromark's inline parsing, read from the events of its first
 * pass (blocks and definitions read, no inline content parsed yet): for each run of inline content
 * to be parsed (a paragraph's text, a heading's, a table cell's: a chain of linked chunks), its
 * length times the count of its inline marks. micromark 4's inline steps can each read back over the run so far: a label
 * end serializes and normalizes the whole label to look it up (`[[[…]]]`), GFM's footnote call
 * walks back over the events, and the text resolver splices the event list once for each run of
 * data it merges (`[a](` repeated) — each at most the run's length, at most once per mark. Stops
 * counting past `limit`.
 */
export function inlineWork(events: readonly Event[], text: string, limit = Number.POSITIVE_INFINITY): number {
  let work = 0;
  for (const [kind, head] of events) {
    if (kind !== 'enter' || head.previous !== undefined || head.contentType !== 'text') continue;
    let length = 0;
    let marks = 0;
    for (let token: Token | undefined = head; token !== undefined; token = token.next) {
      const end = token.end.offset;
      length += end - token.start.offset;
      for (let at = token.start.offset; at < end; at++) if (isInlineMark(text.charCodeAt(at))) marks++;
    }
    work += length * marks;
    if (work > limit) return work;
  }
  return work;
}

/** The text chunks of each paragraph `inline` refuses, made plain tokens (no content to parse), which no handler reads. */
function skipParagraphText(events: Event[], inline: (from: number, to: number) => boolean): void {
  let open = -1;
  for (let index = 0; index < events.length; index++) {
    const [kind, token] = events[index]!;
    if (token.type !== 'paragraph') continue;
    if (kind === 'enter') {
      open = index;
      continue;
    }
    if (open >= 0 && !inline(token.start.offset, token.end.offset)) {
      for (let k = open + 1; k < index; k++) if (events[k]![1].type === 'chunkText') events[k]![1].contentType = undefined;
    }
    open = -1;
  }
}

/** mdast-util-from-markdown's `compile`: list items added, then each event's handler run. */
function compileEvents(events: Event[], compiler: MarkdownCompiler): Root {
  const tree: Root = { type: 'root', children: [], position: undefined };
  const { config } = compiler;
  const context: Context = {
    stack: [tree],
    tokenStack: [],
    config,
    enter: compiler.enter,
    exit: compiler.exit,
    buffer: compiler.buffer,
    resume: compiler.resume,
    data: {},
    sliceSerialize: undefined,
  };
  const listStack: number[] = [];
  const prepared: Event[] = [];
  // Add `listItem` tokens and infer spread; each list is prepared while it is last in `prepared`, so nothing shifts.
  for (const event of events) {
    prepared.push(event);
    if (event[1].type === 'listOrdered' || event[1].type === 'listUnordered') {
      if (event[0] === 'enter') listStack.push(prepared.length - 1);
      else prepareList(prepared, listStack.pop()!);
    }
  }
  const enter = config.enter as Record<string, Handle>;
  const exit = config.exit as Record<string, Handle>;
  for (const event of prepared) {
    const handlers = event[0] === 'enter' ? enter : exit;
    const type = event[1].type;
    if (own.call(handlers, type)) {
      context.sliceSerialize = event[2].sliceSerialize;
      handlers[type]!.call(context as CompileContext, event[1]);
    }
  }
  // Tokens still open.
  const tail = context.tokenStack[context.tokenStack.length - 1];
  if (tail !== undefined) {
    if (tail[1] !== undefined) tail[1].call(context as CompileContext, undefined, tail[0]);
    else throw new Error(`Cannot close document, a token (\`${tail[0].type}\`, ${place(tail[0])}) is still open`);
  }
  const origin = { line: 1, column: 1, offset: 0 };
  tree.position = {
    start: point(prepared.length > 0 ? prepared[0]![1].start : origin),
    end: point(prepared.length > 0 ? prepared[prepared.length - 2]![1].end : origin),
  };
  return tree;
}

/** A list item token that `prepareList` adds. */
type ListItemToken = Token & { _spread: boolean };

/** mdast-util-from-markdown's `prepareList`: the list's items as tokens of their own, and whether each (and the list) is spread. */
function prepareList(events: Event[], start: number): void {
  const end = events.length - 1;
  let index = start - 1;
  let containerBalance = -1;
  let listSpread = false;
  let listItem: ListItemToken | undefined;
  let lineIndex: number | undefined;
  let firstBlankLineIndex: number | undefined;
  let atMarker: boolean | undefined;
  const insertions: { at: number; event: Event }[] = [];
  while (++index <= end) {
    const event = events[index]!;
    switch (event[1].type) {
      case 'listUnordered':
      case 'listOrdered':
      case 'blockQuote': {
        if (event[0] === 'enter') containerBalance++;
        else containerBalance--;
        atMarker = undefined;
        break;
      }
      case 'lineEndingBlank': {
        if (event[0] === 'enter') {
          if (listItem && !atMarker && !containerBalance && !firstBlankLineIndex) firstBlankLineIndex = index;
          atMarker = undefined;
        }
        break;
      }
      case 'linePrefix':
      case 'listItemValue':
      case 'listItemMarker':
      case 'listItemPrefix':
      case 'listItemPrefixWhitespace':
        break;
      default:
        atMarker = undefined;
    }
    if (
      (!containerBalance && event[0] === 'enter' && event[1].type === 'listItemPrefix') ||
      (containerBalance === -1 && event[0] === 'exit' && (event[1].type === 'listUnordered' || event[1].type === 'listOrdered'))
    ) {
      if (listItem) {
        let tailIndex = index;
        lineIndex = undefined;
        while (tailIndex--) {
          const tailEvent = events[tailIndex]!;
          const type = tailEvent[1].type;
          if (type === 'lineEnding' || type === 'lineEndingBlank') {
            if (tailEvent[0] === 'exit') continue;
            if (lineIndex) {
              events[lineIndex]![1].type = 'lineEndingBlank';
              listSpread = true;
            }
            tailEvent[1].type = 'lineEnding';
            lineIndex = tailIndex;
          } else if (type === 'linePrefix' || type === 'blockQuotePrefix' || type === 'blockQuotePrefixWhitespace' || type === 'blockQuoteMarker' || type === 'listItemIndent') {
            // Empty.
          } else {
            break;
          }
        }
        if (firstBlankLineIndex && (!lineIndex || firstBlankLineIndex < lineIndex)) listItem._spread = true;
        // Fix position.
        listItem.end = Object.assign({}, lineIndex ? events[lineIndex]![1].start : event[1].end);
        insertions.push({ at: lineIndex || index, event: ['exit', listItem, event[2]] });
      }
      // Create a new list item.
      if (event[1].type === 'listItemPrefix') {
        const item = { type: 'listItem', _spread: false, start: Object.assign({}, event[1].start), end: undefined } as unknown as ListItemToken;
        listItem = item;
        insertions.push({ at: index, event: ['enter', item, event[2]] });
        firstBlankLineIndex = undefined;
        atMarker = true;
      }
    }
  }
  // The list is at the end of `events`: take it off, then push it back with the insertions merged in.
  const listEvents = events.splice(start);
  let insertion = 0;
  index = -1;
  while (++index < listEvents.length) {
    while (insertion < insertions.length && insertions[insertion]!.at === start + index) events.push(insertions[insertion++]!.event);
    events.push(listEvents[index]!);
  }
  events[start]![1]._spread = listSpread;
}
