/**
 * Go: the URIs of string literals (as Go reads them: interpreted strings with their escapes, raw
 * strings written as they are, `fmt` verbs of format strings as holes, `+` concatenation), and of
 * comments, from tree-sitter-go's tree. `net/http`'s requests and `url.Parse` are sinks; a format
 * string given to `fmt.Sprintf` in a sink's place is the sink's argument.
 */
import type { Node } from 'web-tree-sitter';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addSlashComment, addStringCandidates, plusChainPieces, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer, mayWriteUri, oncePerNode, parentOf } from './common.js';

/** Escapes of one character in an interpreted string (The Go Programming Language Specification, "Rune literals"). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"' };

/** Package functions whose argument at the index is a URL. */
const SINKS: Readonly<Record<string, number>> = {
  'http.Get': 0,
  'http.Head': 0,
  'http.Post': 0,
  'http.PostForm': 0,
  'http.NewRequest': 1,
  'http.NewRequestWithContext': 2,
  'http.Redirect': 2,
  'url.Parse': 0,
  'url.ParseRequestURI': 0,
};
/** A client's methods (`client.Get(url)`, `http.DefaultClient.Post(url, …)`): the receiver named like a client. */
const CLIENT_METHODS = new Set(['Get', 'Head', 'Post', 'PostForm']);
const CLIENT_NAME = /(?:^|\.)(?:[a-z]\w*)?[cC]lient$/;

/** Functions and methods whose argument at the index is a `fmt` format. */
const FORMATS: Readonly<Record<string, number>> = {
  Sprintf: 0, Printf: 0, Errorf: 0, Fprintf: 1, Fatalf: 0, Panicf: 0, Logf: 0, Skipf: 0,
  Infof: 0, Warnf: 0, Warningf: 0, Debugf: 0, Tracef: 0, Wrapf: 1, Appendf: 1,
};

/** Packages whose functions take patterns, prefixes or paths, not URLs (`strings.HasPrefix(s, "https://")`). */
const NOT_URL_PACKAGES = new Set(['strings', 'bytes', 'regexp', 'filepath', 'path']);

/**
 * Decodes an interpreted string's body: `\n` and the like, `\\`, `\"`, `\ooo` (three octal digits)
 * and `\xhh` (a byte: one above 0x7f is part of a UTF-8 sequence, a hole here), `\uXXXX` and
 * `\UXXXXXXXX`.
 */
function decodeInterpreted(text: string, from: number, to: number, out: Decoded, holes: ValueSpan[]): void {
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c !== '\\') {
      const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
      out.push(text.slice(i, i + units), i, i + units);
      i += units;
      continue;
    }
    const next = text[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out.push(simple, i, i + 2);
      i += 2;
      continue;
    }
    const length = /[0-7]/.test(next) ? 3 : next === 'x' ? 3 : next === 'u' ? 5 : next === 'U' ? 9 : 0;
    const digits = next === 'x' || next === 'u' || next === 'U' ? text.slice(i + 2, i + 1 + length) : text.slice(i + 1, i + 1 + length);
    const code = length === 0 ? NaN : /[0-7]/.test(next) ? (/^[0-7]{3}$/.test(digits) ? parseInt(digits, 8) : NaN) : /^[0-9A-Fa-f]+$/.test(digits) && digits.length === length - 1 ? parseInt(digits, 16) : NaN;
    if (Number.isNaN(code) || code > 0x10ffff) {
      out.push('\\', i, i + 1);
      i++;
      continue;
    }
    const byte = /[0-7x]/.test(next);
    if (byte && code > 0x7f) holes.push({ start: out.value.length, end: out.value.length + 1 });
    out.push(byte && code > 0x7f ? 'x' : String.fromCodePoint(code), i, i + 1 + length);
    i += 1 + length;
  }
}

/** The pieces of one string literal. */
function literalPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  const raw = node.type === 'raw_string_literal';
  const from = node.startIndex + 1;
  const to = node.endIndex - 1;
  if (to < from) return undefined;
  const decoded = new Decoded(text);
  const holes: ValueSpan[] = [];
  if (raw) {
    // A raw string's value is its text, carriage returns left out.
    for (let i = from; i < to; i++) if (text[i] !== '\r') decoded.push(text[i]!, i, i + 1);
  } else decodeInterpreted(text, from, to, decoded, holes);
  if (format) holes.push(...printfHoles(decoded.value));
  holes.sort((a, b) => a.start - b.start);
  // In a raw string a backslash is no escape and a backquote cannot be written; an interpreted string escapes `\` and `"`.
  // A `%` written by a fix into a `fmt` format is `%%` (one `%` of the formatted text): `%20` alone is a verb to Sprintf.
  const percent: Record<string, string> = format ? { '%': '%%' } : {};
  const write = raw ? writer(percent, /`/) : writer({ '\\': '\\\\', '"': '\\"', ...percent }, undefined);
  return [{ map: decoded.map(to, write), holes }];
}

function isLiteral(node: Node | null): boolean {
  return node?.type === 'interpreted_string_literal' || node?.type === 'raw_string_literal';
}

/** Whether the node builds a string from literal text: a string literal, or a `+` chain that starts with one. */
function buildsString(node: Node | null): boolean {
  if (node === null) return false;
  if (isLiteral(node)) return true;
  return node.type === 'binary_expression' && node.childForFieldName('operator')?.type === '+' && buildsString(node.childForFieldName('left'));
}

function expressionPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (isLiteral(node)) return literalPieces(text, node, format);
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, false), buildsString);
}

function isPartOfLarger(node: Node): boolean {
  const parent = parentOf(node);
  return parent?.type === 'binary_expression' && parent.childForFieldName('operator')?.type === '+' && buildsString(parent);
}

/** A call `node` is an argument of: the call, the argument's index, and the call's name (`calleeName`). */
interface CallArgument {
  call: Node;
  index: number;
  name: string | undefined;
}

function findCall(node: Node): CallArgument | undefined {
  const list = parentOf(node);
  const call = list?.type === 'argument_list' ? parentOf(list) : null;
  if (list === null || call?.type !== 'call_expression') return undefined;
  const index = list.namedChildren.findIndex((child) => child?.id === node.id);
  return { call, index, name: calleeName(call.childForFieldName('function')) };
}

/** The call whose argument `node` is, the argument's index, and the call's name: found once per node. */
const callOf = oncePerNode(findCall);

/** `http.Get`, `client.Get`, `http.DefaultClient.Get`, `fmt.Sprintf`. */
function calleeName(node: Node | null): string | undefined {
  if (node === null) return undefined;
  if (node.type === 'identifier') return node.text;
  if (node.type !== 'selector_expression') return undefined;
  const operand = calleeName(node.childForFieldName('operand'));
  const field = node.childForFieldName('field')?.text;
  return operand === undefined || field === undefined ? undefined : `${operand}.${field}`;
}

/** The sink `node` is the URL argument of, if any. */
function sinkOf(node: Node): string | undefined {
  const at = callOf(node);
  if (at?.name === undefined) return undefined;
  if (SINKS[at.name] === at.index) return at.name;
  const dot = at.name.lastIndexOf('.');
  if (dot > 0 && CLIENT_METHODS.has(at.name.slice(dot + 1)) && CLIENT_NAME.test(at.name.slice(0, dot)) && at.index === 0) return at.name;
  return undefined;
}

/** Whether the literal is a `fmt` format: the format argument of `Sprintf`, `Printf`, `Errorf`, `log.Fatalf`, `t.Logf`… */
function isFormat(node: Node): boolean {
  const at = callOf(node);
  const method = at?.name?.split('.').at(-1);
  return method !== undefined && FORMATS[method] === at!.index;
}

/** The sink of a format string: a `fmt.Sprintf` call given to a sink gives its URL in its format. */
function formatSink(node: Node): string | undefined {
  const at = callOf(node);
  return at !== undefined && isFormat(node) && at.name?.startsWith('fmt.') === true ? sinkOf(at.call) : undefined;
}

/** The name a value is given to: `apiURL := "…"`, `const baseURL = "…"`, `Config{URL: "…"}`, `map[string]string{"homepage": "…"}`. */
function nameOf(node: Node): string | undefined {
  let value = node;
  const element = parentOf(value);
  if (element?.type === 'literal_element') value = element;
  const parent = parentOf(value);
  if (parent?.type === 'keyed_element') {
    const key = parent.namedChildren[0];
    if (key?.id === value.id) return undefined;
    const written = key?.type === 'literal_element' ? key.namedChildren[0] : key;
    if (written === null || written === undefined) return undefined;
    return isLiteral(written) ? written.text.slice(1, -1) : written.text;
  }
  if (parent?.type === 'expression_list') {
    const owner = parentOf(parent);
    const left = owner?.childForFieldName('left') ?? owner?.childForFieldName('name');
    if (owner !== null && owner !== undefined && left !== null && left !== undefined) {
      const names = left.type === 'expression_list' ? left.namedChildren : [left];
      const index = parent.namedChildren.findIndex((child) => child?.id === node.id);
      const name = names[index];
      return name?.type === 'identifier' ? name.text : name?.type === 'selector_expression' ? name.childForFieldName('field')?.text : undefined;
    }
  }
  return undefined;
}

/** Strings that are not URLs whatever they look like: an import path, a map's key, a struct tag, a comparison, a pattern or prefix. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'import_spec' || parent.type === 'field_declaration' || parent.type === 'index_expression') return true;
  const grandparent = parentOf(parent);
  if (parent.type === 'literal_element' && grandparent?.type === 'keyed_element' && grandparent.namedChildren[0]?.id === parent.id) return true;
  if (parent.type === 'binary_expression' && parent.childForFieldName('operator')?.type !== '+') return true;
  if (parent.type === 'expression_case' || grandparent?.type === 'expression_case') return true;
  const at = callOf(node);
  const pkg = at?.name?.split('.')[0];
  return pkg !== undefined && at!.name!.includes('.') && NOT_URL_PACKAGES.has(pkg);
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['comment', 'interpreted_string_literal', 'raw_string_literal', 'binary_expression']);

/** The URIs of a Go file, or undefined when its grammar is not loaded. */
export function discoverGo(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('go', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    return (node) => {
      const type = node.type;
      switch (type) {
        case 'comment':
          if (options.comments !== false) addSlashComment(out, text, node);
          return false;
        case 'interpreted_string_literal':
        case 'raw_string_literal':
        case 'binary_expression': {
          // An operation that does not start with a string literal builds none (`i < n`, `err != nil`, `a && b`): known from the source, before its operator and operands are asked of the tree.
          if (type === 'binary_expression' && text[node.startIndex] !== '"' && text[node.startIndex] !== '`') return true;
          if (!buildsString(node) || isPartOfLarger(node)) return true;
          guarded(() => {
            const sink = sinkOf(node) ?? formatSink(node);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            addStringCandidates(out, text, node, { pieces: expressionPieces(text, node, isFormat(node)), syntaxes, name: nameOf(node), sink });
          });
          return type === 'binary_expression';
        }
        default:
          return true;
      }
    };
  });
}
