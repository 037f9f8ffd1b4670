/**
 * Ruby: the URIs of string literals (as Ruby reads them: single quotes and `%q` with only `\\` and
 * the quote escaped, double quotes and `%Q`/`%()` with their escapes, `%w`/`%W` words, adjacent
 * literals and `+` joined, heredocs `<<EOS`, `<<-EOS`, `<<~EOS` without their indentation and
 * `<<'EOS'` as written), their interpolations `#{…}`, `#@x`, `#$x` and the conversions of a
 * `format`/`sprintf`/`%` format (`%s`, `%{name}`, `%<name>s`) as holes, and comments and
 * `=begin`/`=end` blocks as prose, from tree-sitter-ruby's tree. `URI(…)`, `URI.parse`, `URI.open`,
 * Faraday, HTTParty, RestClient, Rails' `redirect_to` and `link_to` are sinks.
 */
import type { Node } from 'web-tree-sitter';
import type { UriCandidate } from '../candidate.js';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addComment, addStringCandidates, plusChainPieces, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer, mayWriteUri, oncePerNode, parentOf } from './common.js';

/** Escapes of one character in a double-quoted string (Ruby's "Literals", "Escape Sequences"); any other `\c` is `c`. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', t: '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', s: ' ' };

/**
 * A conversion of `format`/`sprintf`/`String#%` (Ruby's "Format Specifications"): `%s`, `%-10.3f`,
 * `%1$s`, `%<name>s`, `%{name}` (no conversion after it), and `%%`.
 */
const FORMAT_CONVERSION = /%(?:\{[^{}]*\}|(?:<[^<>]*>|\d+\$)?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[a-zA-Z%])/g;

/** Calls whose argument at the index is a URL: by receiver and method (`URI.parse`), or by method alone (`redirect_to`). */
const SINKS: Readonly<Record<string, number>> = {
  URI: 0,
  'Kernel.URI': 0,
  'URI.parse': 0,
  'URI.open': 0,
  'URI.join': 0,
  'Faraday.new': 0,
  'Faraday.get': 0,
  'Faraday.post': 0,
  'Faraday.put': 0,
  'Faraday.patch': 0,
  'Faraday.delete': 0,
  'Faraday.head': 0,
  redirect_to: 0,
  link_to: 1,
  button_to: 1,
};
/**
 * The same calls with a block: `link_to(url) do … end` takes its text from the block, so the URL comes
 * first. Rails' `redirect_to` takes no block; a `redirect_to` that has one, or that is another call's
 * argument, is a test's matcher (shoulda-matchers' `should redirect_to("the sign in page") { sign_in_path }`,
 * RSpec's `expect(response).to redirect_to(path)`), whose string is a description or whose URL is checked
 * where the path is made.
 */
const SINKS_WITH_BLOCK: Readonly<Record<string, number>> = {
  link_to: 0,
  button_to: 0,
};
/** Sinks that are statements of a controller, never another call's argument. */
const STATEMENT_SINKS = new Set(['redirect_to']);
/** Clients whose methods named after HTTP methods take the URL first: `HTTParty.get(url)`, `RestClient.post(url, body)`. */
const CLIENTS = new Set(['HTTParty', 'RestClient', 'Excon', 'HTTP', 'Typhoeus', 'HTTPX']);
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

/** Methods that take patterns, prefixes or parts, not URLs (`url.start_with?("https://")`; Arel's `matches`, an SQL LIKE pattern). */
const NOT_URL_METHODS = new Set(['matches', 'does_not_match', 'matches_any', 'matches_all', 'does_not_match_any', 'does_not_match_all', 'start_with?', 'end_with?', 'include?', 'match?', 'match', '=~', 'sub', 'sub!', 'gsub', 'gsub!', 'split', 'index', 'rindex', 'delete_prefix', 'delete_suffix', 'delete_prefix!', 'delete_suffix!', 'tr', 'eql?', 'equal?', 'scan', 'partition', 'rpartition', 'squeeze', 'count', 'delete']);
/** Operators whose string operand is compared, not used as a URL. */
const COMPARISONS = new Set(['==', '!=', '===', '=~', '!~', '<=>', 'eql?']);

/** How a literal's body is read: double-quoted (escapes, interpolation), single-quoted (only `\\` and the delimiters), or as written (`<<'EOS'`). */
type Quoting = 'double' | 'single' | 'raw';

/** A literal's quoting and delimiters, from its opening token (`"`, `'`, `%q(`, `%Q{`, `%(`, `%w[`). */
function quotingOf(opener: string): { quoting: Quoting; open: string; close: string; words: boolean } | undefined {
  if (opener === '"') return { quoting: 'double', open: '"', close: '"', words: false };
  if (opener === "'") return { quoting: 'single', open: "'", close: "'", words: false };
  const percent = /^%([qQwW]?)(.)$/s.exec(opener);
  if (percent === null) return undefined;
  const open = percent[2]!;
  const close = { '(': ')', '[': ']', '{': '}', '<': '>' }[open] ?? open;
  const letter = percent[1]!;
  return { quoting: letter === 'q' || letter === 'w' ? 'single' : 'double', open, close, words: letter === 'w' || letter === 'W' };
}

/**
 * Decodes `text[from, to)` into `out`. Double-quoted: `\n` and the like, `\s`, octal `\0`…`\377`,
 * `\xH`/`\xHH`, `\uXXXX`, `\u{X Y}` (several code points), a backslash before a line break (which
 * joins the lines), control and meta escapes (`\cx`, `\C-x`, `\M-x`: a byte not known here, a hole),
 * and `\c` for any other `c`. Single-quoted: only `\\` and `\` before a delimiter (and, in `%w`, before
 * white space); any other backslash is itself. `skip` drops source ranges (a squiggly heredoc's indentation).
 */
function decodeRange(text: string, from: number, to: number, quoting: Quoting, delimiters: string, out: Decoded, holes: ValueSpan[], skip?: ReadonlyMap<number, number>): void {
  let i = from;
  while (i < to) {
    const skipped = skip?.get(i);
    if (skipped !== undefined && skipped > i) {
      i = skipped;
      continue;
    }
    const c = text[i]!;
    if (c === '\r' && text[i + 1] === '\n' && quoting !== 'single') {
      // A carriage return before a line feed is not part of a heredoc's or a string's lines as Ruby reads them on Windows files.
      i++;
      continue;
    }
    if (c !== '\\' || quoting === 'raw' || i + 1 >= to) {
      const units = text.codePointAt(i)! > 0xffff ? 2 : 1;
      out.push(text.slice(i, i + units), i, i + units);
      i += units;
      continue;
    }
    const next = text[i + 1]!;
    if (quoting === 'single') {
      if (next === '\\' || delimiters.includes(next)) {
        out.push(next, i, i + 2);
        i += 2;
      } else {
        out.push('\\', i, i + 1);
        i++;
      }
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
      out.push(String.fromCharCode(parseInt(octal[0], 8) & 0xff), i, i + 1 + octal[0].length);
      i += 1 + octal[0].length;
      continue;
    }
    const hex = next === 'x' ? /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2, Math.min(to, i + 4))) : null;
    if (hex !== null) {
      const code = parseInt(hex[0], 16);
      // A byte above 0x7f is part of a multibyte character or none: a hole here.
      if (code > 0x7f) holes.push({ start: out.value.length, end: out.value.length + 1 });
      out.push(code > 0x7f ? 'x' : String.fromCharCode(code), i, i + 2 + hex[0].length);
      i += 2 + hex[0].length;
      continue;
    }
    if (next === 'u') {
      const four = /^[0-9A-Fa-f]{4}/.exec(text.slice(i + 2, Math.min(to, i + 6)));
      if (four !== null) {
        out.push(String.fromCharCode(parseInt(four[0], 16)), i, i + 6);
        i += 6;
        continue;
      }
      const close = text[i + 2] === '{' ? text.indexOf('}', i + 3) : -1;
      const codes = close === -1 || close >= to ? [] : text.slice(i + 3, close).trim().split(/[ \t]+/);
      if (codes.length > 0 && codes.every((code) => /^[0-9A-Fa-f]{1,6}$/.test(code) && parseInt(code, 16) <= 0x10ffff)) {
        for (const code of codes) out.push(String.fromCodePoint(parseInt(code, 16)), i, close + 1);
        i = close + 1;
        continue;
      }
    }
    const control = /^(?:\\(?:[cM]|C-|M-))+(?:\\.|[^\\])/s.exec(text.slice(i, Math.min(to, i + 12)));
    if (control !== null && /^\\(?:c|C-|M-)/.test(control[0])) {
      holes.push({ start: out.value.length, end: out.value.length + 1 });
      out.push('x', i, i + control[0].length);
      i += control[0].length;
      continue;
    }
    const units = text.codePointAt(i + 1)! > 0xffff ? 2 : 1;
    out.push(text.slice(i + 1, i + 1 + units), i, i + 1 + units);
    i += 1 + units;
  }
}

/** How a fix writes text into a literal of this quoting, or refuses to. */
function writeFor(quoting: Quoting, delimiters: string, format: boolean): (text: string) => string | undefined {
  const escapes: Record<string, string> = {};
  if (quoting !== 'raw') {
    escapes['\\'] = '\\\\';
    for (const delimiter of delimiters) escapes[delimiter] = `\\${delimiter}`;
  }
  // `#` before `{`, `@` or `$` would start an interpolation: written `\#`, one `#`.
  if (quoting === 'double') escapes['#'] = '\\#';
  // A `%` written into a format string is `%%` (one `%` once formatted): `%20s` alone is a conversion.
  if (format) escapes['%'] = '%%';
  return writer(escapes, undefined);
}

/**
 * The pieces of a literal's body `[from, to)`: its text between interpolations, each decoded with
 * its own holes (a format's conversions), and the interpolations as holes.
 */
function bodyPieces(text: string, from: number, to: number, interpolations: readonly Node[], quoting: Quoting, delimiters: string, format: boolean, skip?: ReadonlyMap<number, number>): StringPiece[] {
  const write = writeFor(quoting, delimiters, format);
  const pieces: StringPiece[] = [];
  let at = from;
  const segment = (end: number): void => {
    const decoded = new Decoded(text);
    const holes: ValueSpan[] = [];
    decodeRange(text, at, end, quoting, delimiters, decoded, holes, skip);
    if (format) holes.push(...printfHoles(decoded.value, FORMAT_CONVERSION));
    holes.sort((a, b) => a.start - b.start);
    pieces.push({ map: decoded.map(end, write), holes });
  };
  for (const interpolation of interpolations) {
    if (interpolation.startIndex < at || interpolation.endIndex > to) continue;
    segment(interpolation.startIndex);
    pieces.push({ hole: [interpolation.startIndex, interpolation.endIndex] });
    at = interpolation.endIndex;
  }
  segment(to);
  return pieces;
}

function interpolationsOf(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child?.type === 'interpolation');
}

/** The pieces of one `string` node (`"…"`, `'…'`, `%q(…)`, `%Q{…}`) or `bare_string` of a `%w`/`%W` array. */
function literalPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (node.type === 'bare_string') {
    const array = parentOf(node);
    const opener = array?.firstChild?.text;
    const quoting = opener === undefined ? undefined : quotingOf(opener);
    if (quoting === undefined) return undefined;
    return bodyPieces(text, node.startIndex, node.endIndex, interpolationsOf(node), quoting.quoting, `${quoting.open}${quoting.close} \t`, false);
  }
  const opener = node.firstChild;
  const closer = node.lastChild;
  if (opener === null || closer === null || opener.id === closer.id) return undefined;
  const quoting = quotingOf(opener.text);
  if (quoting === undefined || quoting.words) return undefined;
  const delimiters = quoting.open === quoting.close ? quoting.open : `${quoting.open}${quoting.close}`;
  return bodyPieces(text, opener.endIndex, closer.startIndex, quoting.quoting === 'double' ? interpolationsOf(node) : [], quoting.quoting, delimiters, format);
}

/** A heredoc's opening (`<<~EOS`, `<<-'EOS'`): whether it drops indentation, and whether its body is read as written. */
function heredocKind(beginning: string): { squiggly: boolean; raw: boolean } {
  const head = /^<<([~-]?)(['"`]?)/.exec(beginning);
  return { squiggly: head?.[1] === '~', raw: head?.[2] === "'" };
}

/**
 * The pieces of a heredoc's body: its lines after the line of its opening, up to its terminator's
 * line; a squiggly heredoc's lines without the indentation of its least indented line (lines of only
 * spaces and tabs left out of that count; a tab counts to the next multiple of 8 columns).
 */
function heredocPieces(text: string, body: Node, beginning: string): StringPiece[] | undefined {
  const end = body.namedChildren.find((child) => child?.type === 'heredoc_end');
  if (end === undefined || end === null) return undefined;
  const first = text.indexOf('\n', body.startIndex);
  if (first === -1 || first >= end.startIndex) return undefined;
  const from = first + 1;
  const to = text.lastIndexOf('\n', end.startIndex - 1) + 1;
  if (to < from) return undefined;
  const { squiggly, raw } = heredocKind(beginning);
  const interpolations = raw ? [] : interpolationsOf(body);
  let skip: Map<number, number> | undefined;
  if (squiggly) {
    const lines: { start: number; width: number; blank: boolean }[] = [];
    for (let at = from; at < to; ) {
      const lf = text.indexOf('\n', at);
      const stop = lf === -1 || lf >= to ? to : lf;
      let width = 0;
      let k = at;
      while (k < stop && (text[k] === ' ' || text[k] === '\t')) {
        width = text[k] === '\t' ? (Math.floor(width / 8) + 1) * 8 : width + 1;
        k++;
      }
      lines.push({ start: at, width, blank: k >= stop || text[k] === '\r' });
      at = stop + 1;
    }
    const margin = Math.min(...lines.filter((line) => !line.blank).map((line) => line.width));
    skip = new Map();
    if (Number.isFinite(margin) && margin > 0) {
      for (const line of lines) {
        let width = 0;
        let k = line.start;
        while (width < margin && (text[k] === ' ' || text[k] === '\t')) {
          width = text[k] === '\t' ? (Math.floor(width / 8) + 1) * 8 : width + 1;
          k++;
        }
        skip.set(line.start, k);
      }
    }
  }
  return bodyPieces(text, from, to, interpolations, raw ? 'raw' : 'double', '', false, skip);
}

function isLiteral(node: Node | null | undefined): boolean {
  return node?.type === 'string' && quotingOf(node.firstChild?.text ?? '') !== undefined;
}

function isPlus(node: Node | null): boolean {
  return node?.type === 'binary' && node.childForFieldName('operator')?.type === '+';
}

/** Whether the node builds a string from literal text: a literal, adjacent literals, or a `+` chain that starts with one. */
function buildsString(node: Node | null): boolean {
  if (node === null) return false;
  if (isLiteral(node) || node.type === 'chained_string') return true;
  return isPlus(node) && buildsString(node.childForFieldName('left'));
}

function expressionPieces(text: string, node: Node, format: boolean): StringPiece[] | undefined {
  if (isLiteral(node)) return literalPieces(text, node, format);
  if (node.type === 'chained_string') {
    const pieces: StringPiece[] = [];
    for (const child of node.namedChildren) {
      if (child === null) continue;
      const more = isLiteral(child) ? literalPieces(text, child, format) : undefined;
      if (more === undefined) return undefined;
      pieces.push(...more);
    }
    return pieces;
  }
  return plusChainPieces(node, (operand) => expressionPieces(text, operand, false), buildsString);
}

function isPartOfLarger(node: Node): boolean {
  const parent = parentOf(node);
  if (parent?.type === 'chained_string') return true;
  return isPlus(parent) && buildsString(parent);
}

/**
 * The call whose argument `node` is (positional, or as `url:`), its name (`URI.parse`, `redirect_to`),
 * the argument's index, and whether the call has a block or is itself another call's argument.
 */
function findCall(node: Node): { name: string; method: string; index: number; keyword: string | undefined; block: boolean; nested: boolean } | undefined {
  let argument = node;
  let keyword: string | undefined;
  const pair = parentOf(node);
  if (pair?.type === 'pair' && pair.childForFieldName('value')?.id === node.id) {
    keyword = pair.childForFieldName('key')?.text.replace(/:$/, '');
    argument = pair;
  }
  const list = parentOf(argument);
  if (list?.type !== 'argument_list') return undefined;
  const call = parentOf(list);
  if (call?.type !== 'call') return undefined;
  const method = call.childForFieldName('method')?.text;
  if (method === undefined) return undefined;
  const receiver = call.childForFieldName('receiver')?.text.replace(/\s+/g, '');
  const args = list.namedChildren.filter((child): child is Node => child !== null && child.type !== 'comment');
  const index = args.findIndex((child) => child.id === argument.id);
  const block = call.childForFieldName('block') !== null;
  const nested = parentOf(call)?.type === 'argument_list';
  return { name: receiver === undefined ? method : `${receiver.replace(/^::/, '')}.${method}`, method, index, keyword, block, nested };
}

/** The same, found once per node (see `oncePerNode`). */
const callOf = oncePerNode(findCall);

/** The sink whose URL argument `node` is, if any. */
function sinkOf(node: Node): string | undefined {
  const at = callOf(node);
  if (at === undefined) return undefined;
  if (at.keyword !== undefined) return at.keyword === 'url' && (at.name === 'Faraday.new' || SINKS[at.name] !== undefined) ? at.name : undefined;
  if (STATEMENT_SINKS.has(at.name) && (at.block || at.nested)) return undefined;
  if ((at.block ? SINKS_WITH_BLOCK[at.name] : SINKS[at.name]) === at.index) return at.name;
  const dot = at.name.lastIndexOf('.');
  if (dot > 0 && at.index === 0 && CLIENTS.has(at.name.slice(0, dot)) && HTTP_METHODS.has(at.method)) return at.name;
  return undefined;
}

/**
 * The sink of a format string given in a sink's place: `HTTParty.get(format("…/%s", q))`,
 * `URI("…/%s" % [q])` give their URL as the format.
 */
function formatSink(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent?.type === 'binary') return sinkOf(parent);
  const call = parent?.type === 'argument_list' ? parentOf(parent) : null;
  return call?.type === 'call' ? sinkOf(call) : undefined;
}

/** Whether a literal is a format string: `format`/`sprintf`'s first argument, or the left side of `%`. */
function isFormat(node: Node): boolean {
  const parent = parentOf(node);
  if (parent?.type === 'binary' && parent.childForFieldName('operator')?.type === '%' && parent.childForFieldName('left')?.id === node.id) return true;
  const at = callOf(node);
  return at !== undefined && at.keyword === undefined && at.index === 0 && ['format', 'sprintf', 'Kernel.format', 'Kernel.sprintf', 'printf', '$stdout.printf', '$stderr.printf'].includes(at.name);
}

/** The name a value is given to: `api_url = "…"`, `BASE_URL = "…"`, `@endpoint = "…"`, `{ url: "…" }`, `self.url = "…"`. */
function nameOf(node: Node): string | undefined {
  const parent = parentOf(node);
  if (parent === null) return undefined;
  if ((parent.type === 'assignment' || parent.type === 'operator_assignment') && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    if (left === null) return undefined;
    if (left.type === 'call') return left.childForFieldName('method')?.text;
    return left.text.replace(/^[@$]+/, '');
  }
  if (parent.type === 'pair' && parent.childForFieldName('value')?.id === node.id) return parent.childForFieldName('key')?.text.replace(/^:|:$/g, '').replace(/^["']|["']$/g, '');
  return undefined;
}

/** Strings that are not URLs whatever they look like: a `when` pattern, a comparison, a prefix or pattern given to a string method. */
function isExcluded(node: Node): boolean {
  const parent = parentOf(node);
  if (parent === null) return false;
  if (parent.type === 'pattern' || parent.type === 'when') return true;
  if (parent.type === 'binary' && COMPARISONS.has(parent.childForFieldName('operator')?.type ?? '')) return true;
  if (parent.type === 'call' && parent.childForFieldName('receiver')?.id === node.id) return NOT_URL_METHODS.has(parent.childForFieldName('method')?.text ?? '');
  const at = callOf(node);
  return at !== undefined && (NOT_URL_METHODS.has(at.method) || at.name === 'Regexp.new');
}

/** The URIs of a `#` comment (its marker left out) or an `=begin`…`=end` block (its two lines left out). */
function addRubyComment(out: UriCandidate[], text: string, node: Node): void {
  if (text.startsWith('=begin', node.startIndex)) {
    const lf = text.indexOf('\n', node.startIndex);
    const last = text.lastIndexOf('\n', node.endIndex - 1);
    if (lf !== -1 && last > lf) addComment(out, text, lf + 1, last);
    return;
  }
  addComment(out, text, node.startIndex + 1, node.endIndex);
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['comment', 'heredoc_beginning', 'heredoc_body', 'bare_string', 'string', 'chained_string', 'binary']);

/** The URIs of a Ruby file, or undefined when its grammar is not loaded. */
export function discoverRuby(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('ruby', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    // Heredocs' openings, in order: each body that follows belongs to the first not yet read.
    const openings: Node[] = [];
    return (node) => {
      switch (node.type) {
        case 'comment': {
          if (options.comments !== false && !(node.startIndex === 0 && text.startsWith('#!'))) addRubyComment(out, text, node);
          return false;
        }
        case 'heredoc_beginning':
          openings.push(node);
          return false;
        case 'heredoc_body': {
          const opening = openings.shift();
          if (opening === undefined) return true;
          guarded(() => {
            if (isExcluded(opening)) return;
            addStringCandidates(out, text, node, { pieces: heredocPieces(text, node, opening.text), syntaxes, name: nameOf(opening), sink: sinkOf(opening) });
          });
          return true;
        }
        case 'bare_string': {
          guarded(() => addStringCandidates(out, text, node, { pieces: literalPieces(text, node, false), syntaxes, name: undefined, sink: undefined }));
          return true;
        }
        case 'string':
        case 'chained_string':
        case 'binary': {
          if (!buildsString(node) || isPartOfLarger(node)) return true;
          guarded(() => {
            const format = isLiteral(node) && isFormat(node);
            const sink = sinkOf(node) ?? (format ? formatSink(node) : undefined);
            if (sink === undefined && !mayWriteUri(text, node)) return;
            if (isExcluded(node)) return;
            addStringCandidates(out, text, node, { pieces: expressionPieces(text, node, format), syntaxes, name: nameOf(node), sink });
          });
          // Interpolations and the operands of a `+` chain may hold strings of their own.
          return true;
        }
        default:
          return true;
      }
    };
  });
}
