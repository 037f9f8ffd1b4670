/**
 * Rust: the URIs of string literals (as Rust reads them: escapes, byte and C strings, raw strings
 * `r"…"` and `r#"…"#` written as they are, `format!`/`println!`/`write!` placeholders as holes,
 * `concat!` of several literals), and of comments, from tree-sitter-rust's tree. `reqwest`, `ureq`,
 * a client's requests and `Url::parse` are sinks; a `format!` given in a sink's place is the
 * sink's argument.
 */
import type { Node } from 'web-tree-sitter';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addSlashComment, addStringCandidates, type ProgramUris, Decoded, guarded, programTemplateSyntaxes, readProgram, writer, mayWriteUri, parentOf } from './common.js';

/** Escapes of one character (The Rust Reference, "Tokens": quote and ASCII escapes). */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '0': '\0', "'": "'", '"': '"' };

/** Functions whose argument at the index is a URL, by their path's last two segments. */
const SINKS: Readonly<Record<string, number>> = {
  'reqwest::get': 0,
  'blocking::get': 0,
  'ureq::get': 0,
  'ureq::post': 0,
  'ureq::put': 0,
  'ureq::delete': 0,
  'ureq::head': 0,
  'ureq::patch': 0,
  'ureq::request': 1,
  'Url::parse': 0,
  'Uri::from_static': 0,
  'Request::get': 0,
  'Request::post': 0,
  'Request::put': 0,
  'Request::delete': 0,
};
/** A client's methods (`client.get(url)`, `Client::new().post(url)`) whose argument at the index is a URL. */
const CLIENT_METHODS: Readonly<Record<string, number>> = { get: 0, post: 0, put: 0, delete: 0, patch: 0, head: 0, request: 1 };
const CLIENT_RECEIVER = /(?:^|[.:_])(?:[a-z]\w*)?[cC]lient(?:::(?:new|builder)\(\)(?:\.build\(\)\??)?)?$/;

/** Macros whose argument at the index is a `std::fmt` format string (`write!(f, "…")`). */
const FORMAT_MACROS: Readonly<Record<string, number>> = {
  format: 0, print: 0, println: 0, eprint: 0, eprintln: 0, write: 1, writeln: 1, panic: 0, format_args: 0,
  unreachable: 0, todo: 0, unimplemented: 0, anyhow: 0, bail: 0, ensure: 1, assert: 1,
  trace: 0, debug: 0, info: 0, warn: 0, error: 0,
};

/** Methods and functions that take patterns, prefixes or parts, not URLs (`s.starts_with("https://")`). */
const NOT_URL = /(?:^|::|\.)(?:starts_with|ends_with|strip_prefix|strip_suffix|contains|find|rfind|split|splitn|rsplit|split_once|rsplit_once|replace|replacen|trim_start_matches|trim_end_matches|matches|eq|Regex::new|RegexBuilder::new|Regex::from_str)$/;

/** A literal's prefix (`b`, `c`, `r`, `br`, `cr`) and its body's range in the source. */
function splitLiteral(text: string, node: Node): { bytes: boolean; raw: boolean; hashes: number; from: number; to: number } | undefined {
  const head = /^([bc]?)(r?)(#*)"/.exec(text.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 260)));
  if (head === null) return undefined;
  const raw = head[2] === 'r';
  const hashes = head[3]!.length;
  const from = node.startIndex + head[0].length;
  const to = node.endIndex - 1 - hashes;
  if (to < from || text[to] !== '"') return undefined;
  return { bytes: head[1] === 'b', raw, hashes, from, to };
}

/**
 * Decodes a string's body: `\n` and the like, `\xhh` (a byte above 0x7f, allowed in byte strings,
 * is part of a UTF-8 sequence or none: a hole here), `\u{…}` (one to six hex digits, `_` between
 * them), and a backslash before a line break, which skips the break and the whitespace after it.
 * In a format string `{{` and `}}` are one brace, and a `{…}` placeholder is a hole.
 */
function decodeBody(text: string, from: number, to: number, raw: boolean, format: boolean, out: Decoded, holes: ValueSpan[]): void {
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (format && (c === '{' || c === '}')) {
      if (text[i + 1] === c && i + 1 < to) {
        out.push(c, i, i + 2);
        i += 2;
        continue;
      }
      const close = c === '{' ? text.indexOf('}', i + 1) : -1;
      if (close !== -1 && close < to && !text.slice(i + 1, close).includes('{')) {
        holes.push({ start: out.value.length, end: out.value.length + close + 1 - i });
        out.pushPlain(text, i, close + 1);
        i = close + 1;
        continue;
      }
    }
    if (c === '\r' && text[i + 1] === '\n') {
      // A carriage return before a line feed is not part of the value.
      i++;
      continue;
    }
    if (c !== '\\' || raw) {
      const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
      out.push(text.slice(i, i + units), i, i + units);
      i += units;
      continue;
    }
    const next = text[i + 1] ?? '';
    if (next === '\n' || next === '\r') {
      i += 2;
      while (i < to && /[ \t\n\r]/.test(text[i]!)) i++;
      continue;
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out.push(simple, i, i + 2);
      i += 2;
      continue;
    }
    if (next === 'x' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 2, i + 4))) {
      const code = parseInt(text.slice(i + 2, i + 4), 16);
      if (code > 0x7f) holes.push({ start: out.value.length, end: out.value.length + 1 });
      out.push(code > 0x7f ? 'x' : String.fromCharCode(code), i, i + 4);
      i += 4;
      continue;
    }
    if (next === 'u' && text[i + 2] === '{') {
      const close = text.indexOf('}', i + 3);
      const digits = close === -1 || close >= to ? '' : text.slice(i + 3, close).replaceAll('_', '');
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

/** The pieces of one string literal. */
function literalPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  const split = splitLiteral(text, node);
  if (split === undefined) return undefined;
  const { bytes, raw, from, to } = split;
  const decoded = new Decoded(text);
  const holes: ValueSpan[] = [];
  decodeBody(text, from, to, raw, format, decoded, holes);
  holes.sort((a, b) => a.start - b.start);
  const escapes: Record<string, string> = raw ? {} : { '\\': '\\\\', '"': '\\"' };
  if (format) Object.assign(escapes, { '{': '{{', '}': '}}' });
  // A raw string cannot hold its closing quote (a fix never adds hashes); a byte string holds ASCII only.
  const refused = raw ? /"/ : bytes ? /[\u0080-\uffff]/ : undefined;
  return [{ map: decoded.map(to, writer(escapes, refused)), holes }];
}

function isLiteral(node: Node | null | undefined): node is Node {
  return node?.type === 'string_literal' || node?.type === 'raw_string_literal';
}

/** The last segment of a macro's name (`format`, `std::format`). */
function macroName(macro: Node): string | undefined {
  const name = macro.childForFieldName('macro');
  if (name === null) return undefined;
  return name.type === 'scoped_identifier' ? name.childForFieldName('name')?.text : name.text;
}

/**
 * The macro whose argument `node` is (a token of its top token tree), and the argument's index
 * (commas before it). A macro written inside another's arguments (`assert_eq!(a, format!("…{}", x))`)
 * is no `macro_invocation` in the tree, only tokens: its name, `!`, then its token tree; it is read
 * from them (`macro` is then its token tree).
 */
function macroOf(node: Node): { macro: Node; name: string | undefined; index: number; alone: boolean } | undefined {
  const tree = parentOf(node);
  if (tree?.type !== 'token_tree') return undefined;
  let macro: Node;
  let name: string | undefined;
  const invocation = parentOf(tree);
  if (invocation?.type === 'macro_invocation') {
    macro = invocation;
    name = macroName(macro);
  } else {
    const bang = tree.previousSibling;
    const identifier = bang?.previousSibling;
    if (parentOf(tree)?.type !== 'token_tree' || bang?.type !== '!' || identifier?.type !== 'identifier') return undefined;
    macro = tree;
    name = identifier.text;
  }
  let index = 0;
  let previous: Node | null = null;
  for (const child of tree.children) {
    if (child === null) continue;
    if (child.id === node.id) break;
    if (child.type === ',') index++;
    previous = child;
  }
  const after = node.nextSibling;
  const alone = (previous === null || previous.type === ',' || previous.type === '(' || previous.type === '[' || previous.type === '{') && (after === null || [',', ')', ']', '}'].includes(after.type));
  return { macro, name, index, alone };
}

/** Whether the literal is a format macro's format string. */
function isFormat(node: Node): boolean {
  const at = macroOf(node);
  return at?.name !== undefined && at.alone && FORMAT_MACROS[at.name] === at.index;
}

/** `reqwest::get`, `Url::parse`, `client.get`, `Client::new().post`: the path's last two segments, or the receiver and method. */
function calleeName(node: Node | null): string | undefined {
  if (node === null) return undefined;
  if (node.type === 'identifier') return node.text;
  if (node.type === 'scoped_identifier') {
    const name = node.childForFieldName('name')?.text;
    const path = node.childForFieldName('path');
    const last = path?.type === 'scoped_identifier' ? path.childForFieldName('name')?.text : path?.text;
    return name === undefined ? undefined : last === undefined ? name : `${last}::${name}`;
  }
  if (node.type === 'field_expression') {
    const field = node.childForFieldName('field')?.text;
    const value = node.childForFieldName('value');
    return field === undefined || value === null ? undefined : `${value.text.replace(/\s+/g, '')}.${field}`;
  }
  return undefined;
}

/** The call whose argument `node` is, and its index. */
function callOf(node: Node): { call: Node; index: number; name: string | undefined } | undefined {
  let argument = node;
  const reference = parentOf(argument);
  if (reference?.type === 'reference_expression') argument = reference;
  const list = parentOf(argument);
  const call = list?.type === 'arguments' ? parentOf(list) : null;
  if (list === null || call?.type !== 'call_expression') return undefined;
  const index = list.namedChildren.findIndex((child) => child?.id === argument.id);
  return { call, index, name: calleeName(call.childForFieldName('function')) };
}

/** The sink `node` (a literal, or a `format!`) is the URL argument of, if any. */
function sinkOf(node: Node): string | undefined {
  const at = callOf(node);
  if (at?.name === undefined) return undefined;
  if (SINKS[at.name] === at.index) return at.name;
  const dot = at.name.lastIndexOf('.');
  if (dot > 0 && CLIENT_METHODS[at.name.slice(dot + 1)] === at.index && CLIENT_RECEIVER.test(at.name.slice(0, dot))) return at.name;
  return undefined;
}

/** The sink of a format string: `reqwest::get(format!("…", q))` gives its URL in the format. */
function formatSink(node: Node): string | undefined {
  const at = macroOf(node);
  return at?.name === 'format' && at.index === 0 ? sinkOf(at.macro) : undefined;
}

/** The name a value is given to: `let api_url = "…"`, `const BASE_URL: &str = "…"`, `Config { url: "…" }`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent === null) return undefined;
  if (parent.type === 'let_declaration' && parent.childForFieldName('value')?.id === node.id) {
    const pattern = parent.childForFieldName('pattern');
    return pattern?.type === 'identifier' ? pattern.text : undefined;
  }
  if ((parent.type === 'const_item' || parent.type === 'static_item') && parent.childForFieldName('value')?.id === node.id) return parent.childForFieldName('name')?.text;
  if (parent.type === 'field_initializer' && parent.childForFieldName('value')?.id === node.id) return parent.childForFieldName('field')?.text;
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    return left?.type === 'identifier' ? left.text : left?.type === 'field_expression' ? left.childForFieldName('field')?.text : undefined;
  }
  return undefined;
}

/** Strings that are not URLs whatever they look like: a match pattern, a comparison, an index, a prefix or pattern given to a string method. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'match_pattern' || parent.type === 'index_expression' || parent.type === 'binary_expression') return true;
  const name = callOf(node)?.name;
  return name !== undefined && NOT_URL.test(name);
}

/** `concat!("https://", "example.com/", "a b")`: its literals are one string; any other argument (`env!(…)`) is a hole. */
function concatPieces(text: string, macro: Node): StringPiece[] | undefined {
  const tree = macro.namedChildren.find((child) => child?.type === 'token_tree');
  if (tree === undefined || tree === null) return undefined;
  const pieces: StringPiece[] = [];
  let hole: [number, number] | undefined;
  for (const child of tree.children) {
    if (child === null || ['(', ')', '[', ']', '{', '}'].includes(child.type) && (child.startIndex === tree.startIndex || child.endIndex === tree.endIndex)) continue;
    if (child.type === ',') {
      if (hole !== undefined) pieces.push({ hole });
      hole = undefined;
      continue;
    }
    if (isLiteral(child) && hole === undefined) {
      const more = literalPieces(text, child, false);
      if (more === undefined) return undefined;
      pieces.push(...more);
      continue;
    }
    hole = hole === undefined ? [child.startIndex, child.endIndex] : [hole[0], child.endIndex];
  }
  if (hole !== undefined) pieces.push({ hole });
  return pieces;
}

function isConcat(node: Node | null): node is Node {
  return node?.type === 'macro_invocation' && macroName(node) === 'concat';
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['line_comment', 'block_comment', 'macro_invocation', 'string_literal', 'raw_string_literal']);

/** The URIs of a Rust file, or undefined when its grammar is not loaded. */
export function discoverRust(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('rust', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    const emit = (node: Node, pieces: StringPiece[] | undefined, sink: string | undefined): void => addStringCandidates(out, text, node, { pieces, syntaxes, name: nameOf(node), sink });
    return (node) => {
      switch (node.type) {
        case 'line_comment':
        case 'block_comment': {
          if (options.comments !== false) addSlashComment(out, text, node);
          return false;
        }
        case 'macro_invocation': {
          if (!isConcat(node)) return true;
          guarded(() => emit(node, concatPieces(text, node), sinkOf(node)));
          return false;
        }
        case 'string_literal':
        case 'raw_string_literal': {
          guarded(() => {
            const format = isFormat(node);
            const sink = sinkOf(node) ?? (format ? formatSink(node) : undefined);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            emit(node, literalPieces(text, node, format), sink);
          });
          return false;
        }
        default:
          return true;
      }
    };
  });
}
