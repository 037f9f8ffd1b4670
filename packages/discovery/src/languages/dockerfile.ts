/**
 * Dockerfiles (`Dockerfile`, `Dockerfile.*`, `*.dockerfile`, `Containerfile`), read as BuildKit reads
 * them (https://docs.docker.com/reference/dockerfile/): an instruction and its arguments on a logical
 * line, continued while a line ends in the escape character (`\`, or `` ` `` after a
 * `# escape=`` ` directive), comment lines inside it left out; a line that starts with `#` is a
 * comment, read as prose. Arguments in the exec form (`["curl", "https://…"]`) are JSON strings with
 * their escapes; in the shell form (`RUN`, `CMD`, `ADD`/`COPY` sources, `FROM`, `ARG`/`ENV`/`LABEL`
 * `key=value` pairs) they are shell words (`shell-words.ts`): quoting as the shell reads it,
 * `$VAR` and `${VAR}` holes, a pair's key the name its value is given to. A here-document's lines
 * (`RUN <<EOF`) are read as prose.
 */
import type { UriCandidate } from '../candidate.js';
import { Decoded, writer } from './common.js';
import { settingValueUris } from './dotenv.js';
import { append, lineCandidates } from '../formats/text.js';
import { maskShellExpansions, shellWordUris } from './shell-words.js';

/** The natural lines of `text`: each line's start and end (before its line break). */
function naturalLines(text: string): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lines.push({ start, end: end > start && text[end - 1] === '\r' ? end - 1 : end });
    start = end + 1;
  }
  return lines;
}

const JSON_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const writeJson = writer({ '"': '\\"', '\\': '\\\\' }, undefined);

/** The URIs of the JSON strings of an exec-form argument list (its units). */
function execFormUris(line: Decoded, end: number): UriCandidate[] {
  const out: UriCandidate[] = [];
  const { value, starts, ends } = line;
  let i = 0;
  while (i < value.length) {
    if (value[i] !== '"') {
      i++;
      continue;
    }
    const decoded = new Decoded();
    let k = i + 1;
    while (k < value.length && value[k] !== '"') {
      if (value[k] === '\\' && k + 1 < value.length) {
        const next = value[k + 1]!;
        if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(value.slice(k + 2, k + 6))) {
          decoded.push(String.fromCharCode(parseInt(value.slice(k + 2, k + 6), 16)), starts[k]!, ends[k + 5]!);
          k += 6;
          continue;
        }
        decoded.push(JSON_ESCAPES[next] ?? next, starts[k]!, ends[k + 1]!);
        k += 2;
        continue;
      }
      decoded.push(value[k]!, starts[k]!, ends[k]!);
      k++;
    }
    append(out, settingValueUris(decoded, k < value.length ? starts[k]! : end, writeJson, undefined, true));
    i = k + 1;
  }
  return out;
}

/** A here-document's opener in an instruction (`<<EOF`, `<<-EOF`, `<<"EOF"`). */
const HEREDOC = /<<(-?)(["']?)([A-Za-z_][\w.-]*)\2/g;

/** The URIs of a Dockerfile. */
export function discoverDockerfile(source: string): UriCandidate[] {
  const text = maskShellExpansions(source);
  const out: UriCandidate[] = [];
  const lines = naturalLines(text);
  // The escape character: `\` unless a parser directive at the top names `` ` ``.
  let escape = '\\';
  for (const { start, end } of lines) {
    const directive = /^#\s*([a-z]+)\s*=\s*(\S+)\s*$/i.exec(text.slice(start, end));
    if (directive === null) break;
    if (directive[1]!.toLowerCase() === 'escape' && (directive[2] === '`' || directive[2] === '\\')) escape = directive[2];
  }
  let n = 0;
  while (n < lines.length) {
    const { start, end } = lines[n]!;
    const line = text.slice(start, end);
    const indent = /^\s*/.exec(line)![0].length;
    if (indent === line.length) {
      n++;
      continue;
    }
    if (line[indent] === '#') {
      append(out, lineCandidates(line.slice(indent + 1), start + indent + 1));
      n++;
      continue;
    }
    // The logical line: each natural line to its escape character, comment lines inside left out.
    const logical = new Decoded();
    let last = end;
    for (;;) {
      const here = lines[n]!;
      const body = text.slice(here.start, here.end);
      const continued = body.trimEnd().endsWith(escape);
      const stop = continued ? here.start + body.trimEnd().length - 1 : here.end;
      logical.pushPlain(text, here.start, stop);
      last = here.end;
      n++;
      if (!continued) break;
      while (n < lines.length && /^\s*(?:#|$)/.test(text.slice(lines[n]!.start, lines[n]!.end))) {
        const comment = text.slice(lines[n]!.start, lines[n]!.end);
        const hash = comment.indexOf('#');
        if (hash !== -1) append(out, lineCandidates(comment.slice(hash + 1), lines[n]!.start + hash + 1));
        n++;
      }
      // The next line is joined as it is (its indentation kept), the escape character and line break left out.
      if (n >= lines.length) break;
    }
    const value = logical.value;
    let at = indent;
    // The instruction (after ONBUILD, the one it adds), then its arguments.
    for (;;) {
      const word = /^[A-Za-z]+/.exec(value.slice(at))?.[0] ?? '';
      at += word.length;
      while (at < value.length && /\s/.test(value[at]!)) at++;
      if (word.toUpperCase() !== 'ONBUILD') break;
    }
    const args = new Decoded();
    for (let k = at; k < value.length; k++) args.push(value[k]!, logical.starts[k]!, logical.ends[k]!);
    if (args.value.startsWith('[') && args.value.trimEnd().endsWith(']')) append(out, execFormUris(args, last));
    else append(out, shellWordUris(args, last, escape === '\\'));
    // A here-document: its lines, to its delimiter, are prose.
    for (const match of args.value.matchAll(HEREDOC)) {
      const delimiter = match[3]!;
      while (n < lines.length) {
        const { start: s, end: e } = lines[n]!;
        n++;
        const body = text.slice(s, e);
        if ((match[1] === '-' ? body.trim() : body) === delimiter) break;
        append(out, lineCandidates(body, s));
      }
    }
  }
  return out;
}
