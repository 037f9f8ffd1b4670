/**
 * PHP: the URIs of the code between `<?php` and `?>` (tree-sitter-php's `php` grammar, which holds
 * the HTML around it as text; `discoverDocument` reads that HTML with the HTML reader): string
 * literals as PHP reads them (single quotes with only `\\` and `\'` escaped, double quotes and
 * heredocs with their escapes, nowdocs as written, a heredoc's lines without its closing marker's
 * indentation, `.` concatenation), their interpolations `$x`, `{$x}`, `${x}` and the conversions of a
 * `sprintf`/`printf` format (`%s`, `%d`, `%1$s`) as holes, and comments as prose. `file_get_contents`,
 * `fopen`, `curl_init`, `curl_setopt($ch, CURLOPT_URL, …)`, `header('Location: …')`, Guzzle's and
 * Laravel's clients and `redirect` are sinks.
 */
import type { Node } from 'web-tree-sitter';
import type { UriCandidate } from '../candidate.js';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addComment, addSlashComment, addStringCandidates, plusChainPieces, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer, mayWriteUri, oncePerNode, parentOf } from './common.js';

/** Escapes of one character in a double-quoted string or a heredoc (PHP manual, "Strings", "Double quoted"); `\"` in a double-quoted string only. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', v: '\v', e: '\x1b', f: '\f', '\\': '\\', $: '$' };

/** A conversion of `sprintf` and its family (PHP manual, `sprintf`): `%s`, `%05.2f`, `%1$s`, `%'*10s`, and `%%`. */
const FORMAT_CONVERSION = /%(?:\d+\$)?(?:[-+ 0]|'.)*\d*(?:\.\d+)?[bcdeEfFgGhHosuxX%]/g;

/**
 * A value's placeholder in a string that is no `sprintf` format here but kept to be filled elsewhere
 * (Roundcube's `caldav.php/%u/Personal`, a setting later given to `sprintf`): `%s`, `%u`, `%d`, `%1$s`,
 * with no hexadecimal digit after it, so that `%de` stays a percent-encoding and `%xx` a broken one;
 * and a named one, `%file`, `%line` (Whoops' editor links), a word that is no percent-encoding.
 */
const STORED_CONVERSION = /%(?:[1-9]\d*\$)?[sud](?![0-9A-Fa-f])|%(?![0-9A-Fa-f]{2})[a-z][a-z_]{2,}(?![a-z_])/g;

/** Functions whose argument at the index is a URL. */
const FUNCTIONS: Readonly<Record<string, number>> = { file_get_contents: 0, fopen: 0, curl_init: 0, get_headers: 0, redirect: 0, parse_url: 0, simplexml_load_file: 0, readfile: 0 };
/** Functions whose argument at the index is a `sprintf` format. */
const FORMAT_FUNCTIONS: Readonly<Record<string, number>> = { sprintf: 0, printf: 0, vsprintf: 0, vprintf: 0, fprintf: 1, vfprintf: 1 };
/** A client's methods (Guzzle's `$client->get($url)`, Laravel's `Http::post($url)`) whose argument at the index is a URL. */
const CLIENT_METHODS: Readonly<Record<string, number>> = { get: 0, post: 0, put: 0, patch: 0, delete: 0, head: 0, options: 0, request: 1, requestAsync: 1, getAsync: 0, postAsync: 0 };
/** Receivers of those methods: `$client`, `$httpClient`, `$this->client`, `$guzzle`, Laravel's `Http` facade. */
const CLIENT_RECEIVER = /^(?:\$(?:this->)?(?:\w*[cC]lient|guzzle|http)|Http|\\?Illuminate\\Support\\Facades\\Http)$/;
/** `redirect()->to($url)`, `redirect()->away($url)`, `Redirect::to($url)`, `Redirect::away($url)`. */
const REDIRECT_METHODS = new Set(['to', 'away']);

/** Functions that take patterns, prefixes or parts, not URLs (`str_starts_with($url, 'https://')`). */
const NOT_URL_FUNCTIONS = new Set(['str_starts_with', 'str_ends_with', 'str_contains', 'strpos', 'stripos', 'strrpos', 'strstr', 'stristr', 'str_replace', 'str_ireplace', 'substr_count', 'preg_match', 'preg_match_all', 'preg_replace', 'preg_replace_callback', 'preg_split', 'preg_quote', 'explode', 'ltrim', 'rtrim', 'trim', 'in_array', 'startsWith', 'endsWith', 'contains', 'is']);
const COMPARISONS = new Set(['==', '===', '!=', '!==', '<>']);

/**
 * An XPath expression's argument (`$xml->xpath('//xliff:file')`, `$xpath->evaluate('//TS/context')`,
 * DOMXPath's `query`): `//name` there is a path through a document, not a network-path reference.
 */
function isXPathCall(method: string, receiver: string | undefined): boolean {
  return method === 'xpath' || ((method === 'evaluate' || method === 'query') && /xpath/i.test(receiver ?? ''));
}

/** How a literal's body is read. */
type Quoting = 'double' | 'heredoc' | 'single' | 'raw';

/**
 * Decodes `text[from, to)` into `out`. Double quotes and heredocs: `\n` and the like, `\$`, octal
 * `\0`…`\777` and `\xH`/`\xHH` (a byte: above 0x7f a hole), `\u{…}`, and in double quotes `\"`; any
 * other backslash is itself. Single quotes: only `\\` and `\'`. A nowdoc: as written. `skip` drops
 * source ranges (a heredoc's closing indentation).
 */
function decodeRange(text: string, from: number, to: number, quoting: Quoting, out: Decoded, holes: ValueSpan[], skip?: ReadonlyMap<number, number>): void {
  let i = from;
  while (i < to) {
    const skipped = skip?.get(i);
    if (skipped !== undefined && skipped > i) {
      i = skipped;
      continue;
    }
    const c = text[i]!;
    if (c !== '\\' || quoting === 'raw' || i + 1 >= to) {
      const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
      out.push(text.slice(i, i + units), i, i + units);
      i += units;
      continue;
    }
    const next = text[i + 1]!;
    if (quoting === 'single') {
      if (next === '\\' || next === "'") {
        out.push(next, i, i + 2);
        i += 2;
      } else {
        out.push('\\', i, i + 1);
        i++;
      }
      continue;
    }
    const simple = SIMPLE_ESCAPES[next] ?? (next === '"' && quoting === 'double' ? '"' : undefined);
    if (simple !== undefined) {
      out.push(simple, i, i + 2);
      i += 2;
      continue;
    }
    const byte = /^[0-7]{1,3}/.exec(text.slice(i + 1, Math.min(to, i + 4))) ?? (next === 'x' ? /^x([0-9A-Fa-f]{1,2})/.exec(text.slice(i + 1, Math.min(to, i + 4))) : null);
    if (byte !== null) {
      const code = byte[1] === undefined ? parseInt(byte[0], 8) & 0xff : parseInt(byte[1], 16);
      if (code > 0x7f) holes.push({ start: out.value.length, end: out.value.length + 1 });
      out.push(code > 0x7f ? 'x' : String.fromCharCode(code), i, i + 1 + byte[0].length);
      i += 1 + byte[0].length;
      continue;
    }
    if (next === 'u' && text[i + 2] === '{') {
      const close = text.indexOf('}', i + 3);
      const digits = close === -1 || close >= to ? '' : text.slice(i + 3, close);
      const code = /^[0-9A-Fa-f]{1,6}$/.test(digits) ? parseInt(digits, 16) : NaN;
      if (code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) {
        out.push(String.fromCodePoint(code), i, close + 1);
        i = close + 1;
        continue;
      }
    }
    out.push('\\', i, i + 1);
    i++;
  }
}

/** How a fix writes text into a literal of this quoting, or refuses to (a `{` could join a `$` after it into an interpolation). */
function writeFor(quoting: Quoting, format: boolean): (text: string) => string | undefined {
  const escapes: Record<string, string> = {};
  if (quoting === 'single') Object.assign(escapes, { '\\': '\\\\', "'": "\\'" });
  if (quoting === 'double' || quoting === 'heredoc') Object.assign(escapes, { '\\': '\\\\', $: '\\$' });
  if (quoting === 'double') escapes['"'] = '\\"';
  // A `%` written into a format string is `%%` (one `%` once formatted): `%20s` alone is a conversion.
  if (format) escapes['%'] = '%%';
  return writer(escapes, quoting === 'double' || quoting === 'heredoc' ? /\{/ : undefined);
}

/**
 * The interpolations among a string's or heredoc body's children, as source ranges: each run of
 * children that are neither text nor escapes (`$x`, `$a[1]`, `$o->p`, `{$x}` with its braces, `${x}`).
 */
function interpolationsOf(node: Node): [number, number][] {
  const runs: [number, number][] = [];
  let run: [number, number] | undefined;
  for (const child of node.children) {
    if (child === null) continue;
    const text = child.type === 'string_content' || child.type === 'escape_sequence' || child.type === 'string_value';
    const delimiter = !child.isNamed && (child.type === '"' || child.type === "'" || child.type === '<<<');
    if (text || delimiter) {
      if (run !== undefined) runs.push(run);
      run = undefined;
      continue;
    }
    run = run === undefined ? [child.startIndex, child.endIndex] : [run[0], child.endIndex];
  }
  if (run !== undefined) runs.push(run);
  return runs;
}

/** The pieces of a body `[from, to)`: its text between interpolations, each decoded with its own holes, and the interpolations as holes. */
function bodyPieces(text: string, from: number, to: number, interpolations: readonly [number, number][], quoting: Quoting, format: boolean, skip?: ReadonlyMap<number, number>): StringPiece[] {
  const write = writeFor(quoting, format);
  const pieces: StringPiece[] = [];
  let at = from;
  const segment = (end: number): void => {
    const decoded = new Decoded(text);
    const holes: ValueSpan[] = [];
    decodeRange(text, at, end, quoting, decoded, holes, skip);
    const stored = format ? [] : printfHoles(decoded.value, STORED_CONVERSION);
    holes.push(...(format ? printfHoles(decoded.value, FORMAT_CONVERSION) : stored));
    holes.sort((a, b) => a.start - b.start);
    // Whether a stored format is ever formatted is not known here, so neither is how a `%` is written.
    const writeHere = stored.length === 0 ? write : (value: string): string | undefined => (value.includes('%') ? undefined : write(value));
    pieces.push({ map: decoded.map(end, writeHere), holes });
  };
  for (const [start, end] of interpolations) {
    if (start < at || end > to) continue;
    segment(start);
    pieces.push({ hole: [start, end] });
    at = end;
  }
  segment(to);
  return pieces;
}

/**
 * A heredoc's or nowdoc's body: its lines after the opening line, up to the line of its closing
 * marker, each without the closing marker's indentation (PHP 7.3's flexible heredocs); the line
 * break before the closing marker is not part of the value.
 */
function heredocPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  const end = node.childForFieldName('end_tag');
  const body = node.childForFieldName('value');
  if (end === null) return undefined;
  const first = text.indexOf('\n', node.startIndex);
  const last = text.lastIndexOf('\n', end.startIndex - 1);
  if (first === -1 || last < first) return undefined;
  const from = first + 1;
  const to = last > first && text[last - 1] === '\r' ? last - 1 : last;
  if (to < from) return [];
  const indent = end.startIndex - (last + 1);
  const skip = new Map<number, number>();
  if (indent > 0) {
    for (let at = from; at < to; ) {
      let k = at;
      while (k < at + indent && (text[k] === ' ' || text[k] === '\t')) k++;
      skip.set(at, k);
      const lf = text.indexOf('\n', at);
      if (lf === -1 || lf >= to) break;
      at = lf + 1;
    }
  }
  const nowdoc = node.type === 'nowdoc';
  return bodyPieces(text, from, to, nowdoc || body === null ? [] : interpolationsOf(body), nowdoc ? 'raw' : 'heredoc', format, skip);
}

/** The pieces of one literal: `'…'`, `"…"`, a heredoc or a nowdoc. */
function literalPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (node.type === 'heredoc' || node.type === 'nowdoc') return heredocPieces(text, node, format);
  const opener = node.firstChild;
  const closer = node.lastChild;
  if (opener === null || closer === null || opener.id === closer.id) return undefined;
  // A `b` prefix (binary strings) is part of the opening token.
  const quote = opener.text.at(-1);
  if (node.type === 'string' && quote === "'") return bodyPieces(text, opener.endIndex, closer.startIndex, [], 'single', format);
  if (node.type === 'encapsed_string' && quote === '"') return bodyPieces(text, opener.endIndex, closer.startIndex, interpolationsOf(node), 'double', format);
  return undefined;
}

function isLiteral(node: Node | null | undefined): boolean {
  return node?.type === 'string' || node?.type === 'encapsed_string' || node?.type === 'heredoc' || node?.type === 'nowdoc';
}

function isConcat(node: Node | null): boolean {
  return node?.type === 'binary_expression' && node.childForFieldName('operator')?.type === '.';
}

/** Whether the node builds a string from literal text: a literal, or a `.` chain that starts with one. */
function buildsString(node: Node | null): boolean {
  if (node === null) return false;
  if (isLiteral(node)) return true;
  return isConcat(node) && buildsString(node.childForFieldName('left'));
}

function expressionPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (isLiteral(node)) return literalPieces(text, node, format);
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, false), buildsString);
}

function isPartOfLarger(node: Node): boolean {
  const parent = parentOf(node);
  return isConcat(parent) && buildsString(parent);
}

/** The call whose argument `node` is: its callee (`file_get_contents`, `$client->get`, `Http::get`), method, receiver and the argument's index. */
function findCall(node: Node): { name: string; method: string; receiver: string | undefined; index: number; args: Node[] } | undefined {
  const argument = parentOf(node);
  if (argument?.type !== 'argument' || argument.childForFieldName('name') !== null) return undefined;
  const list = parentOf(argument);
  const call = parentOf(list);
  if (list?.type !== 'arguments' || call === null || call === undefined) return undefined;
  const args = list.namedChildren.filter((child): child is Node => child?.type === 'argument');
  const index = args.findIndex((child) => child.id === argument.id);
  if (call.type === 'function_call_expression') {
    const name = call.childForFieldName('function')?.text.replace(/^\\/, '');
    return name === undefined ? undefined : { name, method: name, receiver: undefined, index, args };
  }
  if (call.type === 'member_call_expression' || call.type === 'nullsafe_member_call_expression' || call.type === 'scoped_call_expression') {
    const method = call.childForFieldName('name')?.text;
    const receiver = (call.childForFieldName('object') ?? call.childForFieldName('scope'))?.text.replace(/\s+/g, '');
    if (method === undefined || receiver === undefined) return undefined;
    return { name: `${receiver}${call.type === 'scoped_call_expression' ? '::' : '->'}${method}`, method, receiver, index, args };
  }
  return undefined;
}

/** The same, found once per node (see `oncePerNode`). */
const callOf = oncePerNode(findCall);

/** The sink whose URL argument `node` is, if any. */
function sinkOf(node: Node): string | undefined {
  const at = callOf(node);
  if (at === undefined) return undefined;
  if (at.receiver === undefined) {
    if (FUNCTIONS[at.name] === at.index) return at.name;
    if (at.name === 'curl_setopt' && at.index === 2 && at.args[1]?.text === 'CURLOPT_URL') return 'curl_setopt';
    if (at.name === 'header' && at.index === 0) return 'header';
    return undefined;
  }
  if (REDIRECT_METHODS.has(at.method) && at.index === 0 && /^(?:redirect\(\)|Redirect|\\?Illuminate\\Support\\Facades\\Redirect)$/.test(at.receiver)) return at.name;
  if (CLIENT_METHODS[at.method] === at.index && CLIENT_RECEIVER.test(at.receiver)) return at.name;
  return undefined;
}

/** Whether a literal is a format string: the format argument of `sprintf` and its family. */
function isFormat(node: Node): boolean {
  const at = callOf(node);
  return at !== undefined && at.receiver === undefined && FORMAT_FUNCTIONS[at.name] === at.index;
}

/** The sink of a format given in a sink's place: `file_get_contents(sprintf("…/%s", $q))`. */
function formatSink(node: Node): string | undefined {
  const call = parentOf(parentOf(parentOf(node)));
  return call?.type === 'function_call_expression' ? sinkOf(call) : undefined;
}

/** The name a value is given to: `$apiUrl = '…'`, `const API_URL = '…'`, `'url' => '…'`, `define('API_URL', '…')`, `public $endpoint = '…'`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent === null) return undefined;
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    if (left?.type === 'variable_name') return left.text.slice(1);
    return left?.type === 'member_access_expression' ? left.childForFieldName('name')?.text : undefined;
  }
  if (parent.type === 'const_element') return parent.namedChildren.find((child) => child?.type === 'name')?.text;
  if (parent.type === 'property_element') return parent.childForFieldName('name')?.text.slice(1);
  if (parent.type === 'array_element_initializer' && parent.namedChildren.length === 2 && parent.namedChildren[1]?.id === node.id) {
    const key = parent.namedChildren[0];
    return key?.type === 'string' || key?.type === 'encapsed_string' ? key.text.slice(1, -1) : undefined;
  }
  const at = callOf(node);
  if (at?.name === 'define' && at.index === 1) {
    const key = at.args[0]?.namedChildren[0];
    return key?.type === 'string' || key?.type === 'encapsed_string' ? key.text.slice(1, -1) : undefined;
  }
  return undefined;
}

/** Strings that are not URLs whatever they look like: a `case` label, a comparison, a prefix or pattern given to a string function. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'case_statement' || parent.type === 'match_condition_list') return true;
  if (parent.type === 'binary_expression' && COMPARISONS.has(parent.childForFieldName('operator')?.type ?? '')) return true;
  const at = callOf(node);
  return at !== undefined && (NOT_URL_FUNCTIONS.has(at.method) || (at.index === 0 && isXPathCall(at.method, at.receiver)) || isLikePattern(at));
}

/** An SQL `LIKE` operator as a query builder takes it: `like`, `ilike`, `not like`, `like binary`, in any case. */
const LIKE_OPERATOR = /^(?:not\s+)?i?like(?:\s+binary)?$/i;
/** Laravel's `whereLike`, `orWhereLike`, `whereNotLike`, `orWhereNotLike`: the pattern is the second argument. */
const LIKE_METHOD = /^(?:or)?where(?:Not)?Like$/;

/**
 * Whether a call's argument is an SQL `LIKE` pattern, whose `%` and `_` are wildcards: a query
 * builder's value after a `'like'` operator (a koel migration picks the songs stored on S3 with
 * `->where('path', 'like', …)` and a pattern of the S3 scheme followed by `%`;
 * https://laravel.com/docs/11.x/queries#where-clauses), or `whereLike`'s pattern.
 */
function isLikePattern(at: { method: string; receiver: string | undefined; index: number; args: Node[] }): boolean {
  if (at.receiver !== undefined && LIKE_METHOD.test(at.method)) return at.index === 1;
  const operator = at.index > 0 ? at.args[at.index - 1]?.namedChildren.find((child) => child !== null) : undefined;
  if (operator === undefined || operator === null || operator.type !== 'string') return false;
  return LIKE_OPERATOR.test(operator.text.slice(1, -1).trim());
}

/** `header('Location: https://…')`: the URL after the header's name; any other header is no URL. */
function headerPieces(text: string, node: Node, pieces: StringPiece[] | undefined): StringPiece[] | undefined {
  const first = pieces?.[0];
  if (first === undefined || !('map' in first) || !isLiteral(node) || node.type === 'heredoc' || node.type === 'nowdoc') return undefined;
  const name = /^Location:[ \t]*/i.exec(first.map.value);
  if (name === null) return undefined;
  const [start] = first.map.sourceRange(name[0].length, name[0].length + 1);
  const opener = node.firstChild!;
  const closer = node.lastChild!;
  const quote = opener.text.at(-1);
  return quote === "'" ? bodyPieces(text, start, closer.startIndex, [], 'single', false) : bodyPieces(text, start, closer.startIndex, interpolationsOf(node), 'double', false);
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['text', 'comment', 'string', 'encapsed_string', 'heredoc', 'nowdoc', 'binary_expression']);

/** The URIs of the PHP code of a file (its HTML is not read here), or undefined when its grammar is not loaded. */
export function discoverPhp(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('php', text, VISITED, (out: UriCandidate[]) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    return (node) => {
      switch (node.type) {
        case 'text':
          return false;
        case 'comment': {
          if (options.comments !== false) {
            if (text.startsWith('#', node.startIndex)) addComment(out, text, node.startIndex + 1, node.endIndex);
            else addSlashComment(out, text, node);
          }
          return false;
        }
        case 'string':
        case 'encapsed_string':
        case 'heredoc':
        case 'nowdoc':
        case 'binary_expression': {
          if (!buildsString(node) || isPartOfLarger(node)) return true;
          guarded(() => {
            const format = isLiteral(node) && isFormat(node);
            const sink = sinkOf(node) ?? (format ? formatSink(node) : undefined);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            const pieces = expressionPieces(text, node, format);
            if (sink === 'header') {
              const location = headerPieces(text, node, pieces);
              if (location !== undefined) addStringCandidates(out, text, node, { pieces: location, syntaxes, name: undefined, sink: 'header' });
              else addStringCandidates(out, text, node, { pieces, syntaxes, name: undefined, sink: undefined });
              return;
            }
            addStringCandidates(out, text, node, { pieces, syntaxes, name: nameOf(node), sink });
          });
          // Interpolations and the operands of a `.` chain may hold strings of their own.
          return true;
        }
        default:
          return true;
      }
    };
  });
}
