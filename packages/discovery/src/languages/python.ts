/**
 * Python: the URIs of string literals (as Python reads them: escapes, raw `r"…"`, bytes `b"…"`,
 * f-strings' `{…}` and `.format()`'s and `%`'s placeholders as holes, implicit and `+`
 * concatenation), of docstrings, and of comments, from tree-sitter-python's tree. The arguments of
 * HTTP clients (`requests`, `httpx`, `urllib.request`, `aiohttp`) are sinks.
 */
import type { Node } from 'web-tree-sitter';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addComment, addStringCandidates, plusChainPieces, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer, mayWriteUri, oncePerNode, parentOf } from './common.js';

/** Single-character escapes of Python strings and bytes (Python's lexical analysis, "Escape sequences"). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** HTTP methods of the clients' functions and sessions, whose first argument is the URL. */
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Modules whose functions take a URL: `requests.get(url)`, `httpx.post(url)`, `requests.request(method, url)`. */
const CLIENT_MODULES = new Set(['requests', 'httpx']);
/** Functions of `urllib.request` whose first argument is a URL. */
const URLLIB_FUNCTIONS = new Set(['urlopen', 'Request', 'urlretrieve']);
/** A receiver named like a client session (`session.get(url)`, `async_client.post(url)`): a sink in a file that imports aiohttp, httpx or requests. */
const SESSION_NAME = /(?:^|_)(?:session|client)$/i;
/** Logging functions whose first argument is a `%` format (`logger.info("fetching %s", url)`). */
const LOG_METHODS = new Set(['debug', 'info', 'warning', 'warn', 'error', 'exception', 'critical', 'fatal']);

/** The prefix, quote and body of a string node's text. */
function splitString(text: string, start: number, end: number): { prefix: string; quote: string; body: [number, number] } | undefined {
  let i = start;
  while (i < end && /[a-zA-Z]/.test(text[i]!)) i++;
  const prefix = text.slice(start, i).toLowerCase();
  const q = text[i];
  if (q !== '"' && q !== "'") return undefined;
  const quote = text.startsWith(q.repeat(3), i) && end - i >= 6 ? q.repeat(3) : q;
  if (!text.startsWith(quote, end - quote.length)) return undefined;
  return { prefix, quote, body: [i + quote.length, end - quote.length] };
}

/**
 * Decodes `text[from, to)` of a string's body into `out`. Raw strings keep every character (a
 * backslash and what follows it); other strings read escapes: `\\`, `\'`, `\"`, `\n` and the like,
 * `\ooo`, `\xhh`, and in str `\uXXXX`, `\UXXXXXXXX` (`\N{…}` is a hole: its character is not known
 * here); a backslash before a line break joins the lines; an unknown escape is both characters. In
 * an f-string and a `.format` string `{{` and `}}` are one brace.
 */
function decodeBody(text: string, from: number, to: number, raw: boolean, bytes: boolean, braces: boolean, out: Decoded, holes: ValueSpan[]): void {
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (braces && (c === '{' || c === '}') && text[i + 1] === c && i + 1 < to) {
      out.push(c, i, i + 2);
      i += 2;
      continue;
    }
    if (c !== '\\' || raw) {
      const code = text.codePointAt(i)!;
      const units = code > 0xffff ? 2 : 1;
      out.push(text.slice(i, i + units), i, i + units);
      i += units;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined || i + 1 >= to) {
      out.push('\\', i, i + 1);
      i++;
      continue;
    }
    if (next === '\n' || next === '\r') {
      i += next === '\r' && text[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out.push(simple, i, i + 2);
      i += 2;
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, Math.min(to, i + 4)));
    if (octal !== null) {
      out.push(String.fromCodePoint(parseInt(octal[0], 8)), i, i + 1 + octal[0].length);
      i += 1 + octal[0].length;
      continue;
    }
    const digits = next === 'x' ? 2 : !bytes && next === 'u' ? 4 : !bytes && next === 'U' ? 8 : 0;
    if (digits > 0) {
      const hex = text.slice(i + 2, i + 2 + digits);
      const code = hex.length === digits && /^[0-9A-Fa-f]+$/.test(hex) ? parseInt(hex, 16) : NaN;
      if (code <= 0x10ffff) {
        out.push(String.fromCodePoint(code), i, i + 2 + digits);
        i += 2 + digits;
        continue;
      }
    }
    if (!bytes && next === 'N' && text[i + 2] === '{') {
      const close = text.indexOf('}', i + 3);
      if (close !== -1 && close < to) {
        holes.push({ start: out.value.length, end: out.value.length + 1 });
        out.push('N', i, close + 1);
        i = close + 1;
        continue;
      }
    }
    out.push('\\', i, i + 1);
    i++;
  }
}

/**
 * How a string's text is read: a `str.format` template, a `%` format applied here, or a string that
 * holds `%` conversions no percent-encoding can be (`%s`, `%r`, `%(name)s`) and is kept to be
 * formatted elsewhere (Sphinx's `extlinks`, a settings value, a class attribute).
 */
type Format = 'format' | 'printf' | 'stored-printf' | 'stored-format';

/**
 * An empty replacement field of `str.format`: `{}` is never URI text (`{` and `}` are no URI
 * characters), and a string that holds it is a template kept to be formatted elsewhere
 * (urllib3's `url_template` parameters of a test, each formatted in the test with a control character).
 */
const STORED_FIELD = /\{\}/g;

/** A `%` conversion that is never a percent-encoding: `%s`, `%r`, or a mapping key's `%(name)…`. */
const STORED_CONVERSION = /%(?:\([A-Za-z_]\w*\)[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|[sr])/g;

/** How text is written into a string of this kind by a fix (a fix writes only URI characters; the rest is refused). */
function writeFor(prefix: string, quote: string, format: Format | undefined): (text: string) => string | undefined {
  const raw = prefix.includes('r');
  const escapes: Record<string, string> = raw ? {} : { '\\': '\\\\', [quote[0]!]: `\\${quote[0]!}` };
  if (prefix.includes('f') || format === 'format') Object.assign(escapes, { '{': '{{', '}': '}}' });
  // A `%` written into a `%`-format is `%%` (one `%` of the formatted text): `%20e` alone is a conversion to Python.
  if (format === 'printf') escapes['%'] = '%%';
  // Whether a stored format is ever formatted is not known here, so neither is how a `%` is written.
  if (format === 'stored-printf') return writer(escapes, raw ? new RegExp(`[\\\\%${quote[0]!}]`) : /%/);
  const refused = raw ? new RegExp(`[\\\\${quote[0]!}]`) : prefix.includes('b') ? /[\u0080-\uffff]/ : undefined;
  return writer(escapes, refused);
}

/** The pieces of one string node: its text between interpolations (f-strings), with its own holes. */
function stringPieces(text: string, node: Node, format: Format | undefined): StringPiece[] | undefined {
  const split = splitString(text, node.startIndex, node.endIndex);
  if (split === undefined) return undefined;
  const { prefix, quote, body } = split;
  const raw = prefix.includes('r');
  const bytes = prefix.includes('b');
  const fstring = prefix.includes('f') || prefix.includes('t');
  const write = writeFor(prefix, quote, format);
  const pieces: StringPiece[] = [];
  const interpolations = fstring ? node.namedChildren.filter((child): child is Node => child?.type === 'interpolation') : [];
  let from = body[0];
  const segment = (to: number): void => {
    const decoded = new Decoded(text);
    const holes: ValueSpan[] = [];
    decodeBody(text, from, to, raw, bytes, fstring || format === 'format', decoded, holes);
    if (format === 'format') holes.push(...formatHoles(decoded.value));
    if (format === 'printf') holes.push(...printfHoles(decoded.value));
    if (format === 'stored-printf') holes.push(...printfHoles(decoded.value, STORED_CONVERSION));
    if (format === 'stored-format') for (const field of decoded.value.matchAll(STORED_FIELD)) holes.push({ start: field.index, end: field.index + 2 });
    holes.sort((a, b) => a.start - b.start);
    pieces.push({ map: decoded.map(to, write), holes });
  };
  for (const interpolation of interpolations) {
    segment(interpolation.startIndex);
    pieces.push({ hole: [interpolation.startIndex, interpolation.endIndex] });
    from = interpolation.endIndex;
  }
  segment(body[1]);
  return pieces;
}

/** `str.format` replacement fields in a decoded value (`{}`, `{0}`, `{name!r:>10}`), as value spans. */
function formatHoles(value: string): ValueSpan[] {
  const holes: ValueSpan[] = [];
  for (const match of value.matchAll(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g)) holes.push({ start: match.index, end: match.index + match[0].length });
  return holes;
}

/** A call `node` is an argument of: the call, the argument's index or keyword, and the call's dotted name (`dottedName`). */
interface CallArgument {
  call: Node;
  index: number;
  keyword?: string;
  name: string | undefined;
}

function findCall(node: Node): CallArgument | undefined {
  let argument = node;
  let parent = parentOf(node);
  let keyword: string | undefined;
  if (parent?.type === 'keyword_argument') {
    keyword = parent.childForFieldName('name')?.text;
    argument = parent;
    parent = parentOf(parent);
  }
  const call = parent?.type === 'argument_list' ? parentOf(parent) : null;
  if (parent === null || call?.type !== 'call') return undefined;
  const index = parent.namedChildren.findIndex((child) => child?.id === argument.id);
  const name = dottedName(call.childForFieldName('function'));
  return keyword === undefined ? { call, index, name } : { call, index, keyword, name };
}

/** The call whose argument `node` is, the argument's index or keyword, and the call's name: found once per node. */
const callOf = oncePerNode(findCall);

/** The dotted name of a call's function (`requests.get`, `urllib.request.urlopen`, `session.get`), when it is one. */
function dottedName(node: Node | null): string | undefined {
  if (node === null) return undefined;
  if (node.type === 'identifier') return node.text;
  if (node.type !== 'attribute') return undefined;
  const object = dottedName(node.childForFieldName('object'));
  const attribute = node.childForFieldName('attribute')?.text;
  return object === undefined || attribute === undefined ? undefined : `${object}.${attribute}`;
}

/** The sink whose URL argument `node` is, if it is one. */
function sinkOf(node: Node, clients: boolean): string | undefined {
  const at = callOf(node);
  if (at === undefined) return undefined;
  const name = at.name;
  if (name === undefined) return undefined;
  const parts = name.split('.');
  const method = parts.at(-1)!;
  const receiver = parts.at(-2);
  const urlArgument = (index: number): boolean => (at.keyword === undefined ? at.index === index : at.keyword === 'url');
  if (receiver !== undefined && CLIENT_MODULES.has(receiver) && parts.length === 2) {
    if (METHODS.has(method) && urlArgument(0)) return name;
    if (method === 'request' && urlArgument(1)) return name;
  }
  if (URLLIB_FUNCTIONS.has(method) && (name === `urllib.request.${method}` || name === `request.${method}` || (name === 'urlopen' && parts.length === 1)) && urlArgument(0)) return name;
  if (name === 'aiohttp.request' && urlArgument(1)) return name;
  if (clients && receiver !== undefined && SESSION_NAME.test(receiver)) {
    if (METHODS.has(method) && urlArgument(0)) return name;
    if ((method === 'request' || method === 'stream') && urlArgument(1)) return name;
  }
  return undefined;
}

/** Whether the string is a format: `"…".format(…)`, the left of `%`, a logging call's message, or one kept to be `%`-formatted elsewhere. */
function formatOf(node: Node): Format | undefined {
  const parent = parentOf(node);
  if (parent?.type === 'attribute' && parent.childForFieldName('attribute')?.text === 'format' && parentOf(parent)?.type === 'call') return 'format';
  if (parent?.type === 'binary_operator' && parent.childForFieldName('left')?.id === node.id && parent.childForFieldName('operator')?.type === '%') return 'printf';
  const at = callOf(node);
  if (at !== undefined && at.keyword === undefined) {
    const name = at.name;
    const method = name?.split('.').at(-1);
    if (method !== undefined && name!.includes('.') && ((LOG_METHODS.has(method) && at.index === 0) || (method === 'log' && at.index === 1))) return 'printf';
  }
  if ((node.type === 'string' || node.type === 'concatenated_string') && node.text.search(STORED_CONVERSION) >= 0) return 'stored-printf';
  if (node.type === 'string' && node.text.includes('{}') && !/^[a-zA-Z]*[fFtT]/.test(node.text)) return 'stored-format';
  return undefined;
}

/** The name a value is given to: `api_url = "…"`, `f(url="…")`, `{"homepage": "…"}`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent?.type === 'assignment' && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    if (left?.type === 'identifier') return left.text;
    if (left?.type === 'attribute') return left.childForFieldName('attribute')?.text;
  }
  if (parent?.type === 'keyword_argument') return parent.childForFieldName('name')?.text;
  if (parent?.type === 'pair' && parent.childForFieldName('value')?.id === node.id) return keyOf(parent);
  return undefined;
}

function keyOf(pair: Node): string | undefined {
  const key = pair.childForFieldName('key');
  if (key?.type !== 'string') return undefined;
  return key.namedChildren.filter((child) => child?.type === 'string_content').map((child) => child!.text).join('');
}

/** Whether the node builds a string from literal text: a string, an implicit concatenation, or a `+` chain that starts with one. */
function buildsString(node: Node | null): boolean {
  if (node === null) return false;
  if (node.type === 'string' || node.type === 'concatenated_string') return true;
  return node.type === 'binary_operator' && node.childForFieldName('operator')?.type === '+' && buildsString(node.childForFieldName('left'));
}

/** Whether the source at `at` opens a string literal (a prefix's letters, then a quote): where an expression that builds a string starts. */
function opensString(text: string, at: number): boolean {
  let i = at;
  while (i < text.length && /[a-zA-Z]/.test(text[i]!)) i++;
  return text[i] === '"' || text[i] === "'";
}

/** The pieces of a string expression; operands of a `+` that are not strings are holes. */
function expressionPieces(text: string, node: Node, format: Format | undefined): StringPiece[] | undefined {
  if (node.type === 'string') return stringPieces(text, node, format);
  if (node.type === 'concatenated_string') {
    const pieces: StringPiece[] = [];
    for (const child of node.namedChildren) {
      if (child?.type !== 'string') continue;
      const more = stringPieces(text, child, format);
      if (more === undefined) return undefined;
      pieces.push(...more);
    }
    return pieces;
  }
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, undefined), buildsString);
}

/** Whether a `+` chain or string node is a piece of a larger one (read with it, not alone). */
function isPartOfLarger(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'concatenated_string') return true;
  return parent.type === 'binary_operator' && parent.childForFieldName('operator')?.type === '+' && buildsString(parent);
}

/** Strings that are not URLs whatever they look like: an import's module, a dictionary's key, a pattern given to `re`. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent?.type === 'pair' && parent.childForFieldName('key')?.id === node.id) return true;
  if (parent?.type === 'subscript') return parent.childForFieldName('subscript')?.id === node.id;
  const at = callOf(node);
  if (at !== undefined) {
    const name = at.name;
    if (name !== undefined && /^(?:re|regex)\.\w+$|(?:^|\.)(?:startswith|endswith|split|replace|strip|lstrip|rstrip|removeprefix|removesuffix|find|index|count|compile|fnmatch|glob)$/.test(name)) return true;
  }
  return parent?.type === 'comparison_operator';
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['comment', 'string', 'concatenated_string', 'binary_operator']);

/** The URIs of a Python file, or undefined when its grammar is not loaded. */
export function discoverPython(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('python', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    const clients = /^\s*(?:import|from)\s+(?:aiohttp|httpx|requests)\b/m.test(text);
    return (node) => {
      const type = node.type;
      switch (type) {
        case 'comment':
          if (options.comments !== false) addComment(out, text, node.startIndex + 1, node.endIndex);
          return false;
        case 'string':
        case 'concatenated_string':
        case 'binary_operator': {
          // An operation that does not start with a string literal builds none (`i + 1`, `a % b`, `x == y`): known from the source, before its operator and operands are asked of the tree.
          if (type === 'binary_operator' && !opensString(text, node.startIndex)) return true;
          if (!buildsString(node) || isPartOfLarger(node)) return true;
          guarded(() => {
            const sink = sinkOf(node, clients);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            addStringCandidates(out, text, node, { pieces: expressionPieces(text, node, type === 'binary_operator' ? undefined : formatOf(node)), syntaxes, name: nameOf(node), sink });
          });
          // The operands of a `+` chain that are not strings (calls, f-strings' expressions) may hold strings of their own.
          return type === 'binary_operator' || type === 'string';
        }
        default:
          return true;
      }
    };
  });
}
