/**
 * Java: the URIs of string literals (as Java reads them: escapes with `\uXXXX`, text blocks
 * `"""…"""` with their incidental indentation left out, `+` concatenation), their format
 * placeholders as holes (`String.format`, `formatted` and `printf` conversions, `MessageFormat`'s
 * `{0}`, a logger's `{}`, a URI template's `{id}`), and comments, from tree-sitter-java's tree.
 * `URI.create`, `new URI`, `new URL`, Spring's `RestTemplate`, `WebClient` and OkHttp's builders
 * are sinks.
 */
import type { Node } from 'web-tree-sitter';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addSlashComment, addStringCandidates, buildsPlusString, decodeEscapes, isInPlusString, isPlus, plusChainPieces, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer, mayWriteUri, oncePerNode, parentOf } from './common.js';

/** Escapes of one character (The Java Language Specification, §3.10.7). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { b: '\b', s: ' ', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', "'": "'", '\\': '\\' };

/** Static methods whose argument at the index is a URL. */
const SINKS: Readonly<Record<string, number>> = { 'URI.create': 0, 'Jsoup.connect': 0, 'UriComponentsBuilder.fromUriString': 0, 'UriComponentsBuilder.fromHttpUrl': 0 };
/** Classes whose constructor of one argument takes a URL (`new URI(s)`; `new URI(scheme, host, …)` takes parts). */
const CONSTRUCTORS = new Set(['URI', 'URL', 'HttpGet', 'HttpPost', 'HttpPut', 'HttpDelete', 'HttpPatch', 'HttpHead']);
/** `RestTemplate`'s methods: their first argument is a URI template (`{id}` filled in from the arguments after it). */
const TEMPLATE_METHODS = new Set(['getForObject', 'getForEntity', 'postForObject', 'postForEntity', 'postForLocation', 'patchForObject', 'put', 'delete', 'exchange', 'headForHeaders', 'optionsForAllow']);
const TEMPLATE_RECEIVER = /(?:^|\.)(?:[a-z]\w*)?(?:[rR]est)?[tT]emplate(?:\(\))?$/;
/** `WebClient`'s and `RestClient`'s `.uri("/users/{id}", id)`, OkHttp's `Request.Builder().url(s)`. */
const BUILDER_METHODS: Readonly<Record<string, 'template' | 'url'>> = { uri: 'template', url: 'url' };
const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error']);
const LOGGER = /(?:^|\.)(?:log|logger|LOG|LOGGER|[a-z]\w*Logger|[A-Z_]*LOGGER)$/;

/** Methods that take patterns, prefixes or parts, not URLs (`s.startsWith("https://")`). */
const NOT_URL_METHODS = new Set(['startsWith', 'endsWith', 'contains', 'equals', 'equalsIgnoreCase', 'matches', 'replace', 'replaceAll', 'replaceFirst', 'split', 'indexOf', 'lastIndexOf', 'regionMatches', 'compile', 'removePrefix', 'removeStart', 'removeEnd', 'substringAfter', 'substringBefore', 'startsWithIgnoreCase']);

/** How the placeholders of a string are written: printf conversions, `{0}`-like fields, or none. */
type Format = 'printf' | 'braces' | undefined;

/**
 * Decodes `text[from, to)`: `\n` and the like, `\s`, octal `\0`…`\377`, `\uXXXX` (any number of
 * `u`). True when it ends with a lone backslash: in a text block, the escape that joins its line to the next.
 */
function decodeRange(text: string, from: number, to: number, out: Decoded): boolean {
  return decodeEscapes(text, from, to, out, readEscape);
}

/** The escape at `text[i]` (a backslash): one of `SIMPLE_ESCAPES`, `\uXXXX` with any number of `u`, or octal. */
function readEscape(text: string, i: number, to: number): { value: string; length: number } | undefined {
  const simple = SIMPLE_ESCAPES[text[i + 1]!];
  if (simple !== undefined) return { value: simple, length: 2 };
  const unicode = /^u+([0-9A-Fa-f]{4})/.exec(text.slice(i + 1, Math.min(to, i + 40)));
  if (unicode !== null) return { value: String.fromCharCode(parseInt(unicode[1]!, 16)), length: 1 + unicode[0].length };
  const octal = /^(?:[0-3][0-7]{0,2}|[4-7][0-7]?)/.exec(text.slice(i + 1, Math.min(to, i + 4)));
  if (octal !== null) return { value: String.fromCharCode(parseInt(octal[0], 8)), length: 1 + octal[0].length };
  return undefined;
}

/**
 * A text block's value (JLS §3.10.6): its lines after the opening delimiter's, each without the
 * indentation common to its lines (the closing delimiter's line counts) and without trailing white
 * space, joined by `\n`, then its escapes read.
 */
function decodeTextBlock(text: string, from: number, to: number, out: Decoded): void {
  const open = /^[ \t\f]*\r?\n/.exec(text.slice(from, to));
  if (open === null) return;
  const lines: { start: number; end: number; next: number }[] = [];
  for (let at = from + open[0].length; ; ) {
    const lf = text.indexOf('\n', at);
    const stop = lf === -1 || lf >= to ? to : lf;
    const end = stop > at && text[stop - 1] === '\r' ? stop - 1 : stop;
    lines.push({ start: at, end, next: stop });
    if (stop === to) break;
    at = stop + 1;
  }
  const blank = (line: { start: number; end: number }): boolean => /^[ \t\f]*$/.test(text.slice(line.start, line.end));
  const indent = (line: { start: number; end: number }): number => /^[ \t\f]*/.exec(text.slice(line.start, line.end))![0].length;
  const last = lines.at(-1)!;
  const lastBlank = blank(last);
  const margin = Math.min(...lines.filter((line, k) => !blank(line) || k === lines.length - 1).map(indent));
  lines.forEach((line, k) => {
    if (k === lines.length - 1 && lastBlank) return;
    let joined = false;
    if (!blank(line)) {
      let end = line.end;
      while (end > line.start && /[ \t\f]/.test(text[end - 1]!)) end--;
      joined = decodeRange(text, line.start + margin, end, out);
    }
    // Lines are joined by `\n` (a closing delimiter on a line of its own leaves one at the end), unless a `\` joined them.
    if (!joined && k < lines.length - 1) out.push('\n', line.end, line.next + 1);
  });
}

/** The pieces of one string literal. */
function literalPieces(text: string, node: Node, format: Format): StringPiece[] | undefined {
  const block = text.startsWith('"""', node.startIndex);
  const from = node.startIndex + (block ? 3 : 1);
  const to = node.endIndex - (block ? 3 : 1);
  if (to < from) return undefined;
  const decoded = new Decoded(text);
  if (block) decodeTextBlock(text, from, to, decoded);
  else decodeRange(text, from, to, decoded);
  const holes: ValueSpan[] = format === 'printf' ? printfHoles(decoded.value) : format === 'braces' ? braceHoles(decoded.value) : [];
  // A `%` written by a fix into a format string is `%%` (one `%` of the formatted text).
  const escapes: Record<string, string> = { '\\': '\\\\', '"': '\\"', ...(format === 'printf' ? { '%': '%%' } : {}) };
  return [{ map: decoded.map(to, writer(escapes, format === 'braces' ? /'/ : undefined)), holes }];
}

/** `{0}`, `{1,number}`, `{}` and `{id}` placeholders, as value spans. */
function braceHoles(value: string): ValueSpan[] {
  return [...value.matchAll(/\{[^{}]*\}/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

function isLiteral(node: Node | null | undefined): boolean {
  return node?.type === 'string_literal';
}

/** Whether the node builds a string from literal text: a string literal, or a `+` chain that starts with one. */
function buildsString(node: Node | null): boolean {
  return buildsPlusString(node, isLiteral);
}

function expressionPieces(text: string, node: Node, format: Format): StringPiece[] | undefined {
  if (isLiteral(node)) return literalPieces(text, node, format);
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, undefined), buildsString);
}

function isPartOfLarger(node: Node): boolean {
  return isInPlusString(node, isLiteral);
}

/** The call whose argument `node` is: a method's (`URI.create`, `template.getForObject`) or a constructor's (`new URI`). */
function findCall(node: Node): { call: Node; index: number; count: number; name: string | undefined; method: string | undefined; receiver: string | undefined } | undefined {
  const list = parentOf(node);
  if (list?.type !== 'argument_list') return undefined;
  const call = parentOf(list);
  if (call === null) return undefined;
  const args = list.namedChildren.filter((child): child is Node => child !== null && child.type !== 'line_comment' && child.type !== 'block_comment');
  const index = args.findIndex((child) => child.id === node.id);
  if (call.type === 'object_creation_expression') {
    const type = call.childForFieldName('type')?.text.replace(/^java\.net\./, '').replace(/<.*$/s, '');
    return { call, index, count: args.length, name: type === undefined ? undefined : `new ${type}`, method: undefined, receiver: undefined };
  }
  if (call.type !== 'method_invocation') return undefined;
  const method = call.childForFieldName('name')?.text;
  const receiver = call.childForFieldName('object')?.text.replace(/\s+/g, '');
  return { call, index, count: args.length, name: receiver === undefined ? method : `${receiver}.${method}`, method, receiver };
}

/** The same, found once per node (see `oncePerNode`). */
const callOf = oncePerNode(findCall);

/** The sink `node` is the URL argument of, and whether the sink reads `{name}` as a URI template's variable. */
function sinkOf(node: Node): { sink: string; template: boolean } | undefined {
  const at = callOf(node);
  if (at?.name === undefined) return undefined;
  const bare = at.name.replace(/^java\.net\./, '');
  if (SINKS[bare] === at.index) return { sink: bare, template: false };
  if (bare.startsWith('new ') && CONSTRUCTORS.has(bare.slice(4)) && at.count === 1) return { sink: bare, template: false };
  if (at.method === undefined || at.index !== 0 || at.receiver === undefined) return undefined;
  if (TEMPLATE_METHODS.has(at.method) && TEMPLATE_RECEIVER.test(at.receiver)) return { sink: at.name, template: true };
  const builder = BUILDER_METHODS[at.method];
  if (builder === 'template' && at.count >= 1) return { sink: `.${at.method}`, template: true };
  if (builder === 'url' && /[bB]uilder\(\)$|[bB]uilder$/.test(at.receiver)) return { sink: `.${at.method}`, template: false };
  return undefined;
}

/** Whether a string (or the first literal of a `+` chain) is a format, and of which placeholders. */
function formatOf(node: Node): Format {
  const parent = parentOf(node);
  if (parent?.type === 'method_invocation' && parent.childForFieldName('object')?.id === node.id) return parent.childForFieldName('name')?.text === 'formatted' ? 'printf' : undefined;
  const at = callOf(node);
  if (at === undefined) return undefined;
  if (at.name === 'new MessageFormat' && at.index === 0) return 'braces';
  if (at.method === undefined) return undefined;
  const args = parentOf(node)!.namedChildren.filter((child): child is Node => child !== null);
  // `String.format(Locale.ROOT, "…", …)`: the format follows a locale.
  const formatIndex = args[0] !== undefined && !buildsString(args[0]) ? 1 : 0;
  if ((at.name === 'String.format' || at.method === 'printf') && at.index === formatIndex) return 'printf';
  if (at.name === 'MessageFormat.format' && at.index === 0) return 'braces';
  if (LOG_METHODS.has(at.method) && at.index === 0 && at.receiver !== undefined && LOGGER.test(at.receiver)) return 'braces';
  if (sinkOf(node)?.template === true) return 'braces';
  return undefined;
}

/** The name a value is given to: `String apiUrl = "…"`, `this.baseUrl = "…"`, `@FeignClient(url = "…")`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent === null) return undefined;
  if (parent.type === 'variable_declarator' && parent.childForFieldName('value')?.id === node.id) return parent.childForFieldName('name')?.text;
  if (parent.type === 'element_value_pair' && parent.childForFieldName('value')?.id === node.id) return parent.childForFieldName('key')?.text;
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    return left?.type === 'identifier' ? left.text : left?.type === 'field_access' ? left.childForFieldName('field')?.text : undefined;
  }
  return undefined;
}

/** Strings that are not URLs whatever they look like: a `case` label, a comparison, a prefix or pattern given to a string method. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'switch_label' || (parent.type === 'binary_expression' && !isPlus(parent))) return true;
  if (parent.type === 'method_invocation' && parent.childForFieldName('object')?.id === node.id) return NOT_URL_METHODS.has(parent.childForFieldName('name')?.text ?? '');
  const at = callOf(node);
  return at?.method !== undefined && (NOT_URL_METHODS.has(at.method) || at.name === 'Pattern.compile');
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['line_comment', 'block_comment', 'string_literal', 'binary_expression']);

/** The URIs of a Java file, or undefined when its grammar is not loaded. */
export function discoverJava(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('java', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    return (node) => {
      switch (node.type) {
        case 'line_comment':
        case 'block_comment': {
          if (options.comments !== false) addSlashComment(out, text, node);
          return false;
        }
        case 'string_literal':
        case 'binary_expression': {
          if (!buildsString(node) || isPartOfLarger(node)) return true;
          guarded(() => {
            const sink = sinkOf(node)?.sink;
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            const first = node.type === 'string_literal' ? node : undefined;
            addStringCandidates(out, text, node, { pieces: expressionPieces(text, node, first === undefined ? undefined : formatOf(first)), syntaxes, name: nameOf(node), sink });
          });
          return node.type === 'binary_expression';
        }
        default:
          return true;
      }
    };
  });
}
