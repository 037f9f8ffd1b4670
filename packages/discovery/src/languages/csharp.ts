/**
 * C#: the URIs of string literals as C# reads them (the C# language reference, "Strings and string
 * literals" and "String interpolation using `$`"; the C# specification, §6.4.5.6 "String literals"):
 * regular `"…"` with their escapes (`\uXXXX`, `\UXXXXXXXX`, `\x` with one to four hex digits),
 * verbatim `@"…"` (only `""` is an escape), raw string literals `"""…"""` (a multi-line one without
 * its closing line's indentation), interpolated `$"…"`, `$@"…"` and `$$"""…"""` with their holes
 * (format and alignment included) and `{{`/`}}` as literal braces, `+` concatenation, the composite
 * format items `{0}` of `string.Format` and a logger's `{Name}` as holes; comments as prose (a `///`
 * doc comment's `href="…"` as a URL). `new Uri`, `Uri.TryCreate`, `HttpClient`'s methods,
 * `new HttpRequestMessage`, `WebRequest.Create` and `Redirect` are sinks. Character literals hold no URI.
 */
import type { Node } from 'web-tree-sitter';
import type { UriCandidate } from '../candidate.js';
import type { DiscoveryOptions } from '../js/discover.js';
import { commentCandidates } from '../js/comments.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import type { TemplateSyntax } from '../templates.js';
import { append } from '../formats/text.js';
import { addStringCandidates, buildsPlusString, decodeEscapes, isInPlusString, plusChainPieces, type ProgramUris, Decoded, guarded, programTemplateSyntaxes, readProgram, stringCandidates, writer, mayWriteUri, parentOf } from './common.js';

/** Escapes of one character (C# language reference, "Strings and string literals", the table of string escape sequences; `\e` since C# 13). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { "'": "'", '"': '"', '\\': '\\', '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** Static methods whose argument at the index is a URL. */
const SINKS: Readonly<Record<string, number>> = { 'Uri.TryCreate': 0, 'WebRequest.Create': 0, 'WebRequest.CreateHttp': 0, 'HttpWebRequest.Create': 0, 'HttpWebRequest.CreateHttp': 0 };
/** `HttpClient`'s methods whose first argument is the request's URL. */
const CLIENT_METHODS = new Set(['GetAsync', 'PostAsync', 'PutAsync', 'PatchAsync', 'DeleteAsync', 'GetStringAsync', 'GetStreamAsync', 'GetByteArrayAsync', 'GetFromJsonAsync', 'PostAsJsonAsync', 'PutAsJsonAsync', 'PatchAsJsonAsync', 'DeleteFromJsonAsync']);
/** Receivers of those methods: `client`, `httpClient`, `_http`, `this._client`, `HttpClient`. */
const CLIENT_RECEIVER = /(?:^|\.)_?(?:\w*[cC]lient|http|[hH]ttp\w*)$/;
/** ASP.NET Core's redirects: the controller's and `Response.Redirect`. */
const REDIRECT_METHODS = new Set(['Redirect', 'RedirectPermanent', 'RedirectPreserveMethod', 'RedirectPermanentPreserveMethod', 'LocalRedirect']);
/** Loggers' methods whose message is a message template (`{Name}` filled in from the arguments). */
const LOG_METHODS = new Set(['Log', 'LogTrace', 'LogDebug', 'LogInformation', 'LogWarning', 'LogError', 'LogCritical', 'Verbose', 'Debug', 'Information', 'Warning', 'Error', 'Fatal']);
/** Methods whose format argument is a composite format string (`{0}`, `{0,10:N2}`). */
const FORMAT_METHODS = new Set(['Format', 'AppendFormat', 'WriteLine', 'Write']);
/** Attributes whose argument is a route template (`[Route("api/{id}")]`), and minimal APIs' `MapGet("/users/{id}", …)`. */
const ROUTE_ATTRIBUTES = new Set(['Route', 'HttpGet', 'HttpPost', 'HttpPut', 'HttpDelete', 'HttpPatch', 'HttpHead', 'HttpOptions']);
const ROUTE_METHODS = new Set(['MapGet', 'MapPost', 'MapPut', 'MapDelete', 'MapPatch', 'MapMethods', 'MapGroup', 'MapControllerRoute', 'MapFallbackToPage']);

/** Methods that take patterns, prefixes or parts, not URLs (`s.StartsWith("https://")`). */
const NOT_URL_METHODS = new Set(['StartsWith', 'EndsWith', 'Contains', 'Equals', 'IndexOf', 'LastIndexOf', 'Replace', 'Split', 'Trim', 'TrimStart', 'TrimEnd', 'IsMatch', 'Match', 'Matches', 'Escape', 'Compare', 'CompareOrdinal']);
const COMPARISONS = new Set(['==', '!=']);

/** How a literal's body is written: with backslash escapes, verbatim (`@"…"`), or raw (`"""…"""`). */
type Quoting = 'regular' | 'verbatim' | 'raw';

/**
 * The escape at `text[i]`: after a backslash one of `SIMPLE_ESCAPES`, `\uXXXX`, `\UXXXXXXXX`
 * (a code point up to U+10FFFF) or `\x` with one to four hex digits (as many as follow); `""` in a
 * verbatim string; `{{` and `}}` in an interpolated or composite format string, one brace.
 */
function readEscape(text: string, i: number, to: number): { value: string; length: number } | undefined {
  const c = text[i]!;
  const next = text[i + 1]!;
  if (c !== '\\') return next === c ? { value: c, length: 2 } : undefined;
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return { value: simple, length: 2 };
  const ahead = text.slice(i + 1, Math.min(to, i + 10));
  const unicode = /^u([0-9A-Fa-f]{4})/.exec(ahead) ?? /^U([0-9A-Fa-f]{8})/.exec(ahead) ?? /^x([0-9A-Fa-f]{1,4})/.exec(ahead);
  if (unicode === null) return undefined;
  const code = parseInt(unicode[1]!, 16);
  if (code > 0x10ffff) return undefined;
  return { value: String.fromCodePoint(code), length: 1 + unicode[0].length };
}

/**
 * How a fix writes text into a literal: a backslash and a quote escaped in a regular string, a quote
 * doubled in a verbatim one, a brace doubled where braces open holes (an interpolated string, a
 * composite format); never a quote into a raw string, nor a brace into a raw interpolated one (its
 * `$` count sets how many braces open a hole).
 */
function writeFor(quoting: Quoting, braces: boolean, rawHoles: boolean): (text: string) => string | undefined {
  const escapes: Record<string, string> = quoting === 'regular' ? { '\\': '\\\\', '"': '\\"' } : quoting === 'verbatim' ? { '"': '""' } : {};
  if (braces && !rawHoles) Object.assign(escapes, { '{': '{{', '}': '}}' });
  return writer(escapes, quoting === 'raw' ? (rawHoles ? /["{}]/ : /"/) : undefined);
}

/**
 * A raw string literal's body `[from, to)` as C# reads it: on one line, as written; over several, the
 * lines between the opening and the closing delimiter's, each without the closing line's
 * indentation (`skip`: from each line's start past it).
 */
function rawLayout(text: string, from: number, to: number): { from: number; to: number; skip?: Map<number, number> } {
  const open = /^[ \t]*\r?\n/.exec(text.slice(from, to));
  if (open === null) return { from, to };
  const last = text.lastIndexOf('\n', to - 1);
  const start = from + open[0].length;
  if (last < start) return { from: start, to: start };
  const indent = to - (last + 1);
  const end = text[last - 1] === '\r' ? last - 1 : last;
  const skip = new Map<number, number>();
  for (let at = start; at < end; ) {
    let k = at;
    while (k < at + indent && (text[k] === ' ' || text[k] === '\t')) k++;
    skip.set(at, k);
    const lf = text.indexOf('\n', at);
    if (lf === -1 || lf >= end) break;
    at = lf + 1;
  }
  return { from: start, to: end, skip };
}

/** `{0}`, `{0,10:N2}`, `{Name}`, `{id:int}`: a composite format's items, a message template's and a route template's parameters. */
function braceHoles(value: string): ValueSpan[] {
  return [...value.matchAll(/\{[^{}]*\}/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

/**
 * The pieces of a body `[from, to)`: the text between `holes` (an interpolated string's `{…}`),
 * decoded as `quoting` reads it, and the holes. `braces`: `{{`/`}}` are one brace (an interpolated
 * string that is not raw, a composite format), and in a format its items are holes too.
 */
function bodyPieces(text: string, body: { from: number; to: number; skip?: Map<number, number> }, holes: readonly [number, number][], quoting: Quoting, braces: boolean, format: boolean, rawHoles: boolean): StringPiece[] {
  const write = writeFor(quoting, braces || format, rawHoles);
  const opens = (quoting === 'regular' ? '\\' : quoting === 'verbatim' ? '"' : '') + (braces || format ? '{}' : '');
  const pieces: StringPiece[] = [];
  let at = body.from;
  const segment = (end: number): void => {
    const decoded = new Decoded(text);
    decodeEscapes(text, at, end, decoded, readEscape, opens, body.skip);
    pieces.push({ map: decoded.map(end, write), holes: format ? braceHoles(decoded.value) : [] });
  };
  for (const [start, end] of holes) {
    if (start < at || end > body.to) continue;
    segment(start);
    pieces.push({ hole: [start, end] });
    at = end;
  }
  segment(body.to);
  return pieces;
}

/** The pieces of one literal; `format`: a composite format or template whose `{…}` are holes. */
function literalPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  const children = node.children.filter((child): child is Node => child !== null);
  switch (node.type) {
    case 'string_literal': {
      // `"…"`, or `"…"u8` (UTF-8 bytes of the same text).
      const quotes = children.filter((child) => child.type === '"');
      if (quotes.length !== 2) return undefined;
      return bodyPieces(text, { from: quotes[0]!.endIndex, to: quotes[1]!.startIndex }, [], 'regular', false, format, false);
    }
    case 'verbatim_string_literal': {
      const close = text.lastIndexOf('"', node.endIndex - 1);
      if (close < node.startIndex + 2) return undefined;
      return bodyPieces(text, { from: node.startIndex + 2, to: close }, [], 'verbatim', false, format, false);
    }
    case 'raw_string_literal': {
      const open = children.find((child) => child.type === 'raw_string_start');
      const close = children.find((child) => child.type === 'raw_string_end');
      if (open === undefined || close === undefined) return undefined;
      return bodyPieces(text, rawLayout(text, open.endIndex, close.startIndex), [], 'raw', false, format, false);
    }
    case 'interpolated_string_expression': {
      const start = children.find((child) => child.type === 'interpolation_start');
      const quotes = children.filter((child) => child.type === '"' || child.type === 'interpolation_quote');
      if (start === undefined || quotes.length !== 2) return undefined;
      const raw = quotes[0]!.type === 'interpolation_quote';
      const holes = children.filter((child) => child.type === 'interpolation').map((child): [number, number] => [child.startIndex, child.endIndex]);
      const quoting: Quoting = raw ? 'raw' : start.text.includes('@') ? 'verbatim' : 'regular';
      const body = raw ? rawLayout(text, quotes[0]!.endIndex, quotes[1]!.startIndex) : { from: quotes[0]!.endIndex, to: quotes[1]!.startIndex };
      return bodyPieces(text, body, holes, quoting, !raw, false, raw);
    }
    default:
      return undefined;
  }
}

const LITERALS = new Set(['string_literal', 'verbatim_string_literal', 'raw_string_literal', 'interpolated_string_expression']);

function isLiteral(node: Node | null | undefined): boolean {
  return node !== null && node !== undefined && LITERALS.has(node.type);
}

/** Whether the node builds a string from literal text: a literal, or a `+` chain that starts with one. */
function buildsString(node: Node | null): boolean {
  return buildsPlusString(node, isLiteral);
}

function expressionPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (isLiteral(node)) return literalPieces(text, node, format);
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, false), buildsString);
}

function isPartOfLarger(node: Node): boolean {
  return isInPlusString(node, isLiteral);
}

/** The call whose argument `node` is: a method's (`Uri.TryCreate`, `client.GetAsync`, `Redirect`), a constructor's (`new Uri`) or an attribute's (`[Route]`). */
function callOf(node: Node): { name: string; method: string; receiver: string | undefined; index: number; args: Node[]; attribute: boolean } | undefined {
  const argument = parentOf(node);
  if (argument?.type !== 'argument' && argument?.type !== 'attribute_argument') return undefined;
  // A named argument (`DiagnosticId = "…"`, `url: "…"`) is no positional one.
  if (argument.namedChildren.length !== 1) return undefined;
  const list = parentOf(argument);
  const call = parentOf(list);
  if (list === null || call === null || call === undefined) return undefined;
  const args = list.namedChildren.filter((child): child is Node => child?.type === argument.type);
  const index = args.findIndex((child) => child.id === argument.id);
  const bare = (name: string): string => name.replace(/^(?:global::)?(?:System\.(?:Net\.(?:Http\.)?)?)?/, '').replace(/<.*$/s, '');
  if (call.type === 'attribute') {
    const name = call.childForFieldName('name')?.text;
    return name === undefined ? undefined : { name: name.replace(/Attribute$/, ''), method: name.replace(/Attribute$/, ''), receiver: undefined, index, args, attribute: true };
  }
  if (call.type === 'object_creation_expression') {
    const type = call.childForFieldName('type')?.text;
    return type === undefined ? undefined : { name: `new ${bare(type)}`, method: `new ${bare(type)}`, receiver: undefined, index, args, attribute: false };
  }
  if (call.type !== 'invocation_expression') return undefined;
  const callee = call.childForFieldName('function');
  if (callee?.type === 'member_access_expression') {
    const method = callee.childForFieldName('name')?.text.replace(/<.*$/s, '');
    const receiver = callee.childForFieldName('expression')?.text.replace(/\s+/g, '');
    if (method === undefined || receiver === undefined) return undefined;
    return { name: `${bare(receiver)}.${method}`, method, receiver: bare(receiver), index, args, attribute: false };
  }
  if (callee?.type === 'identifier' || callee?.type === 'generic_name') {
    const method = callee.text.replace(/<.*$/s, '');
    return { name: method, method, receiver: undefined, index, args, attribute: false };
  }
  return undefined;
}

/** The sink whose URL argument `node` is, if any. */
function sinkOf(node: Node): string | undefined {
  const at = callOf(node);
  if (at === undefined || at.attribute) return undefined;
  if (at.name === 'new Uri') {
    // `new Uri(s)`, `new Uri(s, UriKind.Relative)`; `new Uri(baseUri, "relative")`, whose second argument is a reference.
    if (at.index === 0 || (at.index === 1 && at.args.length === 2 && !isLiteral(at.args[0]?.namedChildren[0]))) return 'new Uri';
    return undefined;
  }
  if (at.name === 'new HttpRequestMessage') return at.index === 1 ? at.name : undefined;
  if (at.name === 'Uri.TryCreate') {
    // `Uri.TryCreate(s, kind, out uri)`; `Uri.TryCreate(baseUri, "relative", out uri)`.
    if (at.index === 0 || (at.index === 1 && at.args.length === 3 && !isLiteral(at.args[0]?.namedChildren[0]) && at.args[1]?.namedChildren[0]?.id === node.id && !/^UriKind\./.test(at.args[1]?.text ?? ''))) return at.name;
    return undefined;
  }
  if (SINKS[at.name] === at.index) return at.name;
  if (at.index !== 0) return undefined;
  if (CLIENT_METHODS.has(at.method) && at.receiver !== undefined && CLIENT_RECEIVER.test(at.receiver)) return at.name;
  if (REDIRECT_METHODS.has(at.method) && (at.receiver === undefined || at.receiver === 'this' || /(?:^|\.)Response$/.test(at.receiver))) return at.name;
  return undefined;
}

/** Whether a literal is a composite format (`string.Format`), a message template (a logger's) or a route template: its `{…}` are holes. */
function isFormat(node: Node): boolean {
  const at = callOf(node);
  if (at === undefined) return false;
  if (at.attribute) return ROUTE_ATTRIBUTES.has(at.name) && at.index === 0;
  if (ROUTE_METHODS.has(at.method) && at.receiver !== undefined) return true;
  // The first literal argument: a format may follow an `IFormatProvider`, a message an `EventId` or an exception.
  const first = at.args.findIndex((argument) => isLiteral(argument.namedChildren[0]));
  if (first !== at.index) return false;
  if (LOG_METHODS.has(at.method) && at.receiver !== undefined && /(?:^|\.)_?(?:log|logger|Log|Logger|\w*Logger)$/.test(at.receiver)) return true;
  if (at.method === 'Format' && (at.receiver === 'string' || at.receiver === 'String')) return true;
  // `Console.WriteLine("{0}", x)`, `sb.AppendFormat("{0}", x)`: a format when arguments follow it.
  return FORMAT_METHODS.has(at.method) && at.method !== 'Format' && at.args.length > at.index + 1;
}

/** The name a value is given to: `string apiUrl = "…"`, `BaseUrl = "…"`, `public string Endpoint { get; } = "…"`, `[Attr(Url = "…")]`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent === null) return undefined;
  if (parent.type === 'variable_declarator' || parent.type === 'property_declaration') return parent.childForFieldName('name')?.text;
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    return left?.type === 'identifier' ? left.text : left?.type === 'member_access_expression' ? left.childForFieldName('name')?.text : undefined;
  }
  if (parent.type === 'attribute_argument' && parent.namedChildren.length === 2 && parent.namedChildren[0]?.type === 'identifier') return parent.namedChildren[0].text;
  return undefined;
}

/** Strings that are not URLs whatever they look like: a `case` label or pattern, a comparison, a prefix or pattern given to a string or `Regex` method. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'constant_pattern') return true;
  if (parent.type === 'binary_expression' && COMPARISONS.has(parent.childForFieldName('operator')?.type ?? '')) return true;
  if (parent.type === 'member_access_expression' && parent.childForFieldName('expression')?.id === node.id) return NOT_URL_METHODS.has(parent.childForFieldName('name')?.text ?? '');
  const at = callOf(node);
  if (at === undefined) return false;
  return NOT_URL_METHODS.has(at.method) || at.name === 'new Regex' || at.receiver === 'Regex';
}

/**
 * A comment read as prose, its markers left out; in a doc comment (`///`, `/** … *\/`), the values of
 * `href="…"` (`<see href="…"/>`, `<a href="…">`) are URLs, each read as an attribute's value.
 */
function addComment(out: UriCandidate[], text: string, node: Node, syntaxes: ReadonlySet<TemplateSyntax>): void {
  const marker = /^\/[/*][/*]?/.exec(text.slice(node.startIndex, node.startIndex + 3))?.[0].length ?? 0;
  const block = text.startsWith('/*', node.startIndex);
  const start = node.startIndex + marker;
  const end = node.endIndex - (block && node.endIndex - node.startIndex >= 4 && text.startsWith('*/', node.endIndex - 2) ? 2 : 0);
  if (end <= start) return;
  let prose = text.slice(start, end);
  if (marker === 3) {
    for (const match of prose.matchAll(/\bhref\s*=\s*(["'])([^"'<>]*)\1/g)) {
      const from = start + match.index + match[0].length - 1 - match[2]!.length;
      const to = from + match[2]!.length;
      const decoded = new Decoded(text);
      decoded.pushPlain(text, from, to);
      for (const candidate of stringCandidates({ pieces: [{ map: decoded.map(to, writer({}, /["'<>&]/)), holes: [] }], syntaxes, range: [from, to], source: text, name: 'href', key: 'href', context: 'attribute' })) out.push(candidate);
      // The value is read once, as the attribute's: the prose around it does not read it again.
      prose = prose.slice(0, from - start) + ' '.repeat(to - from) + prose.slice(to - start);
    }
  }
  try {
    append(out, commentCandidates(prose, start));
  } catch {
    // The comment is left unchecked.
  }
}

/**
 * A C# script's directives (`#r "nuget: Name, 1.0"`, `#load "other.csx"`: Roslyn's scripting, as
 * `dotnet script` and C# Interactive read `.csx` files), which the grammar does not know: parsed as blank lines.
 */
const SCRIPT_DIRECTIVE = /^[ \t]*#(?:r|load)\b[^\r\n]*/gm;

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['comment', 'character_literal', 'string_literal', 'verbatim_string_literal', 'raw_string_literal', 'interpolated_string_expression', 'binary_expression']);

/** The URIs of a C# file or script, or undefined when its grammar is not loaded. */
export function discoverCsharp(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  // Blanked out character for character, so that every offset of the tree is the text's.
  const parsed = text.replace(SCRIPT_DIRECTIVE, (directive) => ' '.repeat(directive.length));
  return readProgram('csharp', parsed, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    return (node) => {
      switch (node.type) {
        case 'comment': {
          if (options.comments !== false) addComment(out, text, node, syntaxes);
          return false;
        }
        case 'character_literal':
          return false;
        case 'string_literal':
        case 'verbatim_string_literal':
        case 'raw_string_literal':
        case 'interpolated_string_expression':
        case 'binary_expression': {
          if (!buildsString(node) || isPartOfLarger(node)) return true;
          guarded(() => {
            const sink = sinkOf(node);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            const format = isLiteral(node) && isFormat(node);
            addStringCandidates(out, text, node, { pieces: expressionPieces(text, node, format), syntaxes, name: nameOf(node), sink });
          });
          // An interpolation's holes and the operands of a `+` chain may hold strings of their own.
          return node.type === 'binary_expression' || node.type === 'interpolated_string_expression';
        }
        default:
          return true;
      }
    };
  });
}
