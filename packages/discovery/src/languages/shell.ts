/**
 * Shell scripts (sh, bash): the URIs of words and strings as the shell reads them — double quotes
 * with their four escapes and their expansions (`$VAR`, `${VAR}`, `$(…)`, backquotes) as holes,
 * single quotes written as they are, `$'…'` with its C escapes, unquoted words with `\` before any
 * character — of here-documents and of comments, from tree-sitter-bash's tree. The URL arguments of
 * `curl`, `wget`, `git clone` and `git remote add` are sinks.
 */
import type { Node } from 'web-tree-sitter';
import { hasUriShape } from '../shape.js';
import type { DiscoveryOptions } from '../js/discover.js';
import type { StringPiece, ValueSpan } from '../strings.js';
import { addComment, addStringCandidates, type ProgramUris, Decoded, guarded, printfHoles, programTemplateSyntaxes, readProgram, writer } from './common.js';

/** Nodes that expand to text the script computes: holes. */
const EXPANSIONS = new Set(['simple_expansion', 'expansion', 'command_substitution', 'arithmetic_expansion', 'process_substitution', 'brace_expression']);

/** The nodes a word is written with. */
const WORD_NODES = new Set(['word', 'string', 'raw_string', 'ansi_c_string', 'translated_string', 'concatenation', 'number']);

/** Options of curl and wget that take a value (the next argument is not the URL). */
const VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  curl: new Set(['-o', '-H', '-d', '-X', '-u', '-A', '-e', '-F', '-T', '-b', '-c', '-K', '-w', '-x', '-m', '-r', '-E', '-y', '-Y', '-z', '-C', '-P', '-Q', '-U',
    '--data', '--data-raw', '--data-binary', '--data-urlencode', '--data-ascii', '--header', '--output', '--request', '--user', '--user-agent', '--referer', '--form',
    '--form-string', '--upload-file', '--cookie', '--cookie-jar', '--config', '--write-out', '--proxy', '--max-time', '--connect-timeout', '--retry', '--retry-delay',
    '--retry-max-time', '--cacert', '--capath', '--cert', '--key', '--resolve', '--connect-to', '--output-dir', '--limit-rate', '--interface', '--json', '--oauth2-bearer', '--aws-sigv4', '--proxy-user', '--noproxy']),
  wget: new Set(['-O', '-o', '-a', '-P', '-U', '-e', '-t', '-T', '-w', '-i', '-B', '-Q', '-l', '-A', '-R', '-D', '-X', '-I',
    '--output-document', '--output-file', '--append-output', '--directory-prefix', '--user-agent', '--header', '--tries', '--timeout', '--wait', '--input-file',
    '--base', '--quota', '--level', '--accept', '--reject', '--domains', '--exclude-directories', '--include-directories', '--user', '--password', '--post-data', '--post-file', '--load-cookies', '--save-cookies', '--ca-certificate', '--certificate', '--private-key']),
  git: new Set(['-b', '--branch', '-o', '--origin', '--depth', '--reference', '-c', '--config', '-j', '--jobs', '--template', '--separate-git-dir', '--filter', '-u', '--upload-pack', '--shallow-since', '--shallow-exclude', '-t', '-m']),
};

/** Commands whose arguments are patterns, programs or file names, never URLs to check (`grep -E 'https?://…'`, `sed 's|http://|https://|'`). */
const PATTERN_COMMANDS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'sed', 'awk', 'gawk', 'perl', 'tr', 'jq', 'yq', 'expr', 'test', '[', '[[']);

/** `"…"`: the four escapes of double quotes (`\$`, `` \` ``, `\"`, `\\`), a backslash before a line break joins the lines; any other backslash is itself. */
function decodeDouble(text: string, from: number, to: number, out: Decoded): void {
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '\\' && i + 1 < to && (next === '$' || next === '`' || next === '"' || next === '\\')) {
      out.push(next, i, i + 2);
      i++;
    } else if (c === '\\' && i + 1 < to && next === '\n') {
      i++;
    } else out.push(c, i, i + 1);
  }
}

/** An unquoted word: a backslash makes the next character itself (before a line break: nothing). */
function decodeWord(text: string, from: number, to: number, out: Decoded): void {
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < to) {
      if (text[i + 1] !== '\n') out.push(text[i + 1]!, i, i + 2);
      i++;
    } else out.push(c, i, i + 1);
  }
}

/** Escapes of ANSI-C quoting (`$'…'`, bash's manual, "ANSI-C Quoting"). */
const C_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };

function decodeAnsiC(text: string, from: number, to: number, out: Decoded): void {
  let i = from;
  while (i < to) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (c !== '\\' || i + 1 >= to) {
      out.push(c, i, i + 1);
      i++;
      continue;
    }
    const simple = C_ESCAPES[next];
    if (simple !== undefined) {
      out.push(simple, i, i + 2);
      i += 2;
      continue;
    }
    const match = /^(?:x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3})/.exec(text.slice(i + 1, Math.min(to, i + 10)));
    const code = match === null ? NaN : /^[0-7]/.test(match[0]) ? parseInt(match[0], 8) : parseInt(match[0].slice(1), 16);
    if (match !== null && code <= 0x10ffff) {
      out.push(String.fromCodePoint(code), i, i + 1 + match[0].length);
      i += 1 + match[0].length;
      continue;
    }
    out.push('\\', i, i + 1);
    i++;
  }
}

/** Characters a fix may write into an unquoted word as they are (a percent-encoding's among them). */
const WORD_SAFE = /[^A-Za-z0-9%._~/:@+=,-]/;

/** The pieces of a word (one node of `WORD_NODES`), added to `pieces`. */
function addWordPieces(text: string, node: Node, pieces: StringPiece[]): void {
  const holes: ValueSpan[] = [];
  switch (node.type) {
    case 'word':
    case 'number': {
      const decoded = new Decoded();
      decodeWord(text, node.startIndex, node.endIndex, decoded);
      pieces.push({ map: decoded.map(node.endIndex, writer({}, WORD_SAFE)), holes });
      return;
    }
    case 'raw_string': {
      const decoded = new Decoded();
      decoded.pushPlain(text, node.startIndex + 1, node.endIndex - 1);
      pieces.push({ map: decoded.map(node.endIndex - 1, writer({}, /'/)), holes });
      return;
    }
    case 'ansi_c_string': {
      const decoded = new Decoded();
      decodeAnsiC(text, node.startIndex + 2, node.endIndex - 1, decoded);
      pieces.push({ map: decoded.map(node.endIndex - 1, writer({ '\\': '\\\\', "'": "\\'" }, undefined)), holes });
      return;
    }
    case 'string':
    case 'translated_string': {
      const open = node.type === 'translated_string' ? 2 : 1;
      const write = writer({ '\\': '\\\\', '"': '\\"', $: '\\$', '`': '\\`' }, undefined);
      let from = node.startIndex + open;
      const to = node.endIndex - 1;
      const segment = (end: number): void => {
        if (end <= from && pieces.length > 0 && !('map' in pieces[pieces.length - 1]!)) return;
        const decoded = new Decoded();
        decodeDouble(text, from, end, decoded);
        pieces.push({ map: decoded.map(end, write), holes: [] });
      };
      for (const child of node.namedChildren) {
        if (child === null || !EXPANSIONS.has(child.type)) continue;
        segment(child.startIndex);
        pieces.push({ hole: [child.startIndex, child.endIndex] });
        from = child.endIndex;
      }
      segment(to);
      return;
    }
    case 'concatenation':
      for (const child of node.namedChildren) {
        if (child === null) continue;
        if (WORD_NODES.has(child.type)) addWordPieces(text, child, pieces);
        else pieces.push({ hole: [child.startIndex, child.endIndex] });
      }
      return;
    default:
      pieces.push({ hole: [node.startIndex, node.endIndex] });
  }
}

/** The command's name (`curl`, `git`), without a path (`/usr/bin/curl`). */
function commandName(command: Node): string | undefined {
  const name = command.childForFieldName('name');
  return name === null ? undefined : name.text.replace(/^.*\//, '');
}

/** The arguments of a command that are URLs to request: curl's and wget's operands and `--url`, git clone's repository, git remote add's URL. */
function sinkArguments(command: Node): Map<number, string> {
  const sinks = new Map<number, string>();
  const name = commandName(command);
  if (name !== 'curl' && name !== 'wget' && name !== 'git') return sinks;
  const args = command.childrenForFieldName('argument').filter((child): child is Node => child !== null);
  const options = VALUE_OPTIONS[name]!;
  const operands: Node[] = [];
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    const word = arg.text;
    if (word === '--url' && name === 'curl' && args[k + 1] !== undefined) {
      sinks.set(args[k + 1]!.id, 'curl');
      k++;
    } else if (word.startsWith('-')) {
      if (options.has(word)) k++;
    } else operands.push(arg);
  }
  if (name === 'git') {
    if (operands[0]?.text === 'clone' && operands[1] !== undefined) sinks.set(operands[1].id, 'git clone');
    if (operands[0]?.text === 'remote' && (operands[1]?.text === 'add' || operands[1]?.text === 'set-url') && operands[3] !== undefined) sinks.set(operands[3].id, `git remote ${operands[1].text}`);
    return sinks;
  }
  for (const operand of operands) sinks.set(operand.id, name);
  return sinks;
}

/** The id of a `printf` command's format argument (`printf [-v VAR] [--] FORMAT [ARGUMENT…]`), if it has one. */
function printfFormat(command: Node): number | undefined {
  const args = command.childrenForFieldName('argument').filter((child): child is Node => child !== null);
  let k = 0;
  if (args[k]?.text === '-v') k += 2;
  if (args[k]?.text === '--') k++;
  return args[k]?.id;
}

/** The node types the reader's visitor reads (it descends into every other). */
const VISITED: ReadonlySet<string> = new Set(['comment', 'command', 'variable_assignment', 'heredoc_body', 'test_command', 'case_item']);

/** The URIs of a shell script, or undefined when its grammar is not loaded. */
export function discoverShell(text: string, options: DiscoveryOptions = {}): ProgramUris | undefined {
  return readProgram('bash', text, VISITED, (out) => {
    const syntaxes = programTemplateSyntaxes(options.templates);
    const sinks = new Map<number, string>();
    const read = (node: Node, name: string | undefined, format = false): void => {
      guarded(() => {
        let pieces: StringPiece[] = [];
        addWordPieces(text, node, pieces);
        // printf's format: its conversions (`%s`, `%-10d`, `%b`, `%q`) are filled in by the command.
        if (format) pieces = pieces.map((piece) => ('map' in piece ? { ...piece, holes: [...piece.holes, ...printfHoles(piece.map.value)] } : piece));
        let sink = sinks.get(node.id);
        // A sink's argument that does not start with a scheme (`git@host:org/repo`, a local path, `$BASE/x`) is left to the shape of its text.
        if (sink !== undefined) {
          const first = pieces[0];
          if (first === undefined || !('map' in first) || !hasUriShape(first.map.value, pieces.length > 1)) sink = undefined;
        }
        // An unquoted `//name` is an XPath, a path or a comment marker far more often than a network-path reference: a URI in a script has its scheme.
        if (sink === undefined && pieces[0] !== undefined && 'map' in pieces[0] && pieces[0].map.value.startsWith('//')) return;
        addStringCandidates(out, text, node, { pieces, syntaxes, name, sink });
      });
    };
    return (node) => {
      switch (node.type) {
        case 'comment':
          if (options.comments !== false && !(node.startIndex === 0 && text.startsWith('#!'))) addComment(out, text, node.startIndex + 1, node.endIndex);
          return false;
        case 'command': {
          const name = commandName(node);
          if (name !== undefined && PATTERN_COMMANDS.has(name)) return false;
          for (const [id, sink] of sinkArguments(node)) sinks.set(id, sink);
          const format = name === 'printf' ? printfFormat(node) : undefined;
          for (const arg of node.childrenForFieldName('argument')) if (arg !== null && WORD_NODES.has(arg.type)) read(arg, undefined, arg.id === format);
          return true;
        }
        case 'variable_assignment': {
          const value = node.childForFieldName('value');
          if (value !== null && WORD_NODES.has(value.type)) read(value, node.childForFieldName('name')?.text);
          return true;
        }
        case 'heredoc_body':
          addComment(out, text, node.startIndex, node.endIndex);
          return false;
        case 'test_command':
        case 'case_item':
          return false;
        default:
          return true;
      }
    };
  });
}
