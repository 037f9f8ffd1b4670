/**
 * Kotlin: the URIs of string literals as Kotlin reads them (the Kotlin language specification,
 * "String literals"; kotlinlang.org "Strings"): a regular `"…"` with its escapes `\t \b \n \r \' \" \\ \$`
 * and `\uXXXX`, a raw `"""…"""` with none (`${'$'}` writes a `$` in either), string templates
 * `$name` and `${expr}` as holes, the `%` conversions of `String.format`, `"…".format(…)` (`%s`,
 * `%1$s`) as holes, `+` concatenation, and comments and KDoc as prose, from tree-sitter-kotlin's tree.
 * `URI(…)`, `URI.create`, `URL(…)`, OkHttp's `Request.Builder().url(…)`, `"…".toHttpUrl()`,
 * `HttpUrl.parse`, a Ktor client's `get`/`post`/`request` and Retrofit's `@GET("…")` are sinks.
 */
import type { Node } from 'web-tree-sitter';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addSlashComment, addStringCandidates, buildsPlusString, decodeEscapes, isInPlusString, isPlus, plusChainPieces, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer, mayWriteUri, parentOf } from './common.js';

/** Escapes of one character (the Kotlin specification's "Escaped characters"). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { t: '\t', b: '\b', n: '\n', r: '\r', "'": "'", '"': '"', '\\': '\\', $: '$' };

/** `${'$'}` (or `${"$"}`): the expression of one `$` character, the way a raw string writes one. */
const DOLLAR_EXPRESSION = /^\$\{(?:'\$'|"\$")\}/;

/**
 * A `java.util.Formatter` conversion: `%s`, `%-10.3f`, `%1$s` (argument index), `%<s` (the previous
 * argument), `%tY` (date and time), `%n`, `%%`.
 */
const FORMAT_CONVERSION = /%(?:\d+\$|<)?[-#+ 0,(]*\d*(?:\.\d+)?(?:[tT][a-zA-Z]|[a-zA-Z%])/g;

/** Functions and classes (Kotlin calls a constructor without `new`) whose first argument is a URL. */
const SINKS = new Set(['URI', 'URL', 'URI.create', 'HttpUrl.parse', 'HttpUrl.get', 'Uri.parse', 'HttpGet', 'HttpPost', 'HttpPut', 'HttpDelete', 'HttpPatch', 'HttpHead', 'Jsoup.connect']);
/** A Ktor client's request functions (`client.get("…")`). */
const CLIENT_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'request', 'prepareGet', 'preparePost', 'prepareRequest']);
const CLIENT_RECEIVER = /(?:^|\.)(?:[a-z]\w*)?[cC]lient$/;
/**
 * Extension functions that read their receiver as a URL (`"…".toHttpUrl()`: OkHttp). Not `toUri`:
 * Android's `String.toUri()` (`Uri.parse`) and Coil's read file paths as well as URIs
 * (`"D:\\images\\a.jpg".toUri(separator = "\\")`); its receiver is a URI by its shape alone.
 */
const URL_EXTENSIONS = new Set(['toHttpUrl', 'toHttpUrlOrNull', 'toURI', 'toURL']);
/** Retrofit's request annotations: their argument is a path or URL, `{id}` filled in from the parameters. */
const RETROFIT = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'HTTP', 'Url']);

/** Functions that take patterns, prefixes or parts, not URLs (`s.startsWith("https://")`). */
const NOT_URL_FUNCTIONS = new Set(['startsWith', 'endsWith', 'contains', 'equals', 'matches', 'replace', 'replaceFirst', 'split', 'indexOf', 'lastIndexOf', 'removePrefix', 'removeSuffix', 'removeSurrounding', 'substringAfter', 'substringBefore', 'substringAfterLast', 'substringBeforeLast', 'Regex', 'toRegex', 'compile', 'trimMargin', 'trimIndent']);

const LITERALS = new Set(['string_literal', 'multiline_string_literal']);

function isLiteral(node: Node | null | undefined): boolean {
  return node !== null && node !== undefined && LITERALS.has(node.type);
}

/** The escape or `${'$'}` at `text[i]`; undefined when the character is itself. */
function readEscape(text: string, i: number, to: number): { value: string; length: number } | undefined {
  if (text[i] === '$') {
    const dollar = DOLLAR_EXPRESSION.exec(text.slice(i, Math.min(to, i + 6)));
    return dollar === null ? undefined : { value: '$', length: dollar[0].length };
  }
  const simple = SIMPLE_ESCAPES[text[i + 1]!];
  if (simple !== undefined) return { value: simple, length: 2 };
  const unicode = /^u([0-9A-Fa-f]{4})/.exec(text.slice(i + 1, Math.min(to, i + 6)));
  if (unicode !== null) return { value: String.fromCharCode(parseInt(unicode[1]!, 16)), length: 6 };
  return undefined;
}

/** `${'$'}` only: a raw string has no backslash escapes. */
function readRawEscape(text: string, i: number, to: number): { value: string; length: number } | undefined {
  return text[i] === '$' ? readEscape(text, i, to) : undefined;
}

/**
 * The string templates of a body `[from, to)`: `$name` and `${…}` (to the end of its interpolation
 * node, or its matching brace), `${'$'}` and, in a regular string, `\$` left out (they write a `$`).
 */
function templates(text: string, node: Node, from: number, to: number, raw: boolean): [number, number][] {
  const interpolations = new Map<number, number>();
  for (const child of node.namedChildren) if (child?.type === 'interpolation') interpolations.set(child.startIndex, child.endIndex);
  const holes: [number, number][] = [];
  let i = from;
  while (i < to) {
    const c = text[i];
    if (c === '\\' && !raw) {
      i += 2;
      continue;
    }
    if (c !== '$') {
      i++;
      continue;
    }
    if (DOLLAR_EXPRESSION.test(text.slice(i, i + 6))) {
      i += 6;
      continue;
    }
    if (text[i + 1] === '{') {
      let end = interpolations.get(i);
      if (end === undefined) {
        let depth = 0;
        for (end = i + 1; end < to; end++) {
          if (text[end] === '{') depth++;
          else if (text[end] === '}' && --depth === 0) break;
        }
        end++;
      }
      if (end > to) return holes;
      holes.push([i, end]);
      i = end;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1, Math.min(to, i + 200)));
    if (name !== null) {
      holes.push([i, i + 1 + name[0].length]);
      i += 1 + name[0].length;
      continue;
    }
    i++;
  }
  return holes;
}

/** The pieces of one literal: the text between its templates, decoded, and the templates as holes; `format`: its `%` conversions are holes. */
function literalPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  const raw = node.type === 'multiline_string_literal';
  const from = node.startIndex + (raw ? 3 : 1);
  const to = node.endIndex - (raw ? 3 : 1);
  if (to < from) return undefined;
  // A `$` written by a fix is `\$` or `${'$'}` (never a template); a `%` in a format is `%%`; a raw string holds no `"` a fix writes.
  const percent: Record<string, string> = format ? { '%': '%%' } : {};
  const write = raw ? writer({ $: "${'$'}", ...percent }, /"/) : writer({ '\\': '\\\\', '"': '\\"', $: '\\$', ...percent }, undefined);
  const pieces: StringPiece[] = [];
  let at = from;
  const segment = (end: number): void => {
    const decoded = new Decoded(text);
    decodeEscapes(text, at, end, decoded, raw ? readRawEscape : readEscape, raw ? '$' : '\\$');
    const holes: ValueSpan[] = format ? printfHoles(decoded.value, FORMAT_CONVERSION) : [];
    pieces.push({ map: decoded.map(end, write), holes });
  };
  for (const [start, end] of templates(text, node, from, to, raw)) {
    segment(start);
    pieces.push({ hole: [start, end] });
    at = end;
  }
  segment(to);
  return pieces;
}

function buildsString(node: Node | null): boolean {
  return buildsPlusString(node, isLiteral);
}

function expressionPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (isLiteral(node)) return literalPieces(text, node, format);
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, false), buildsString);
}

/** The call whose argument `node` is: its callee (`URI`, `URI.create`, `client.get`), the function's name and receiver, and the argument's index. */
function callOf(node: Node): { callee: string; name: string; receiver: string | undefined; index: number } | undefined {
  const argument = parentOf(node);
  if (argument?.type !== 'value_argument') return undefined;
  const list = parentOf(argument);
  const call = parentOf(list);
  if (list?.type !== 'value_arguments' || call === null || call === undefined) return undefined;
  const index = list.namedChildren.filter((child) => child?.type === 'value_argument').findIndex((child) => child!.id === argument.id);
  if (call.type === 'constructor_invocation') {
    const annotation = parentOf(call)?.type === 'annotation' ? call.namedChildren[0]?.text : undefined;
    return annotation === undefined ? undefined : { callee: `@${annotation}`, name: annotation, receiver: undefined, index };
  }
  if (call.type !== 'call_expression') return undefined;
  const callee = call.namedChildren[0];
  if (callee === null || callee === undefined) return undefined;
  const written = callee.text.replace(/\s+/g, '').replace(/^java\.net\./, '').replace(/^okhttp3\./, '');
  if (callee.type === 'identifier') return { callee: written, name: written, receiver: undefined, index };
  if (callee.type !== 'navigation_expression') return undefined;
  const name = callee.namedChildren.at(-1)?.text ?? '';
  return { callee: written, name, receiver: written.slice(0, Math.max(0, written.length - name.length - 1)), index };
}

/** The function a literal is the receiver of (`"…".format(…)`, `"…".toHttpUrl()`), when it is one. */
function receiverOf(node: Node): string | undefined {
  const navigation = parentOf(node);
  if (navigation?.type !== 'navigation_expression' || navigation.namedChildren[0]?.id !== node.id) return undefined;
  return navigation.namedChildren.at(-1)?.text;
}

/** The sink `node` is the URL of. */
function sinkOf(node: Node): string | undefined {
  const extension = receiverOf(node);
  if (extension !== undefined && URL_EXTENSIONS.has(extension)) return `.${extension}()`;
  const at = callOf(node);
  if (at === undefined || at.index !== 0) return undefined;
  if (SINKS.has(at.callee)) return at.callee;
  if (at.callee.startsWith('@')) return RETROFIT.has(at.name) ? at.callee : undefined;
  if (at.receiver === undefined) return undefined;
  if (at.name === 'url' && /[bB]uilder(?:\(\))?$/.test(at.receiver)) return '.url';
  if (CLIENT_METHODS.has(at.name) && CLIENT_RECEIVER.test(at.receiver)) return `${at.receiver}.${at.name}`;
  return undefined;
}

/** Whether a literal is a format string: `String.format("…", …)` (after an optional locale), or the receiver of `.format(…)`. */
function isFormat(node: Node): boolean {
  if (receiverOf(node) === 'format') return true;
  const at = callOf(node);
  if (at === undefined || (at.callee !== 'String.format' && at.callee !== 'java.lang.String.format')) return false;
  const first = parentOf(parentOf(node))!.namedChildren.find((child) => child?.type === 'value_argument')?.namedChildren[0];
  return at.index === (first !== undefined && first !== null && !buildsString(first) ? 1 : 0);
}

/** The name a value is given to: `val apiUrl = "…"`, `baseUrl = "…"`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent?.type === 'property_declaration') return parent.namedChildren.find((child) => child?.type === 'variable_declaration')?.text.replace(/:.*$/s, '').trim();
  if (parent?.type === 'assignment') {
    const left = parent.namedChildren[0];
    return left?.type === 'navigation_expression' ? left.namedChildren.at(-1)?.text : left?.text;
  }
  if (parent?.type === 'value_argument') {
    const label = parent.namedChildren.find((child) => child?.type === 'value_argument_label' || child?.type === 'simple_identifier');
    if (label !== undefined && label !== null && label.id !== node.id) return label.text.replace(/\s*=$/, '');
  }
  return undefined;
}

/** Strings that are not URLs whatever they look like: a `when` branch's condition, a comparison, a pattern or prefix given to a string function. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'when_condition' || parent.type === 'equality_expression' || parent.type === 'comparison_expression' || parent.type === 'in_expression') return true;
  if (parent.type === 'binary_expression' && !isPlus(parent)) return true;
  const receiver = receiverOf(node);
  if (receiver !== undefined) return NOT_URL_FUNCTIONS.has(receiver);
  const at = callOf(node);
  return at !== undefined && (NOT_URL_FUNCTIONS.has(at.name) || at.callee === 'Pattern.compile');
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['line_comment', 'block_comment', 'character_literal', 'string_literal', 'multiline_string_literal', 'binary_expression']);

/** The URIs of a Kotlin file or script, or undefined when its grammar is not loaded. */
export function discoverKotlin(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('kotlin', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    return (node) => {
      switch (node.type) {
        case 'line_comment':
        case 'block_comment': {
          if (options.comments !== false) addSlashComment(out, text, node);
          return false;
        }
        case 'character_literal':
          return false;
        case 'string_literal':
        case 'multiline_string_literal':
        case 'binary_expression': {
          if (!buildsString(node) || isInPlusString(node, isLiteral)) return true;
          guarded(() => {
            const sink = sinkOf(node);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            addStringCandidates(out, text, node, { pieces: expressionPieces(text, node, isLiteral(node) && isFormat(node)), syntaxes, name: nameOf(node), sink });
          });
          // A template's `${…}` and the operands of a `+` chain may hold strings of their own.
          return true;
        }
        default:
          return true;
      }
    };
  });
}
