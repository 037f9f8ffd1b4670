/**
 * Environment files (`.env`, `.env.local`, `*.env`): `KEY=value` lines, read as dotenv and Docker
 * Compose read them. A value is unquoted (to a ` #` comment or the end of the line), single-quoted
 * (as it is written) or double-quoted (over lines, with `\n`, `\t`, `\"`, `\\` and `\$`); a line
 * that starts with `#` is a comment, read as prose. `${VAR}` and `$VAR` were masked as template
 * tags before the file is read (`templates.ts`), so they are holes.
 */
import { textCandidates, type UriCandidate } from '../candidate.js';
import { proseCandidates } from '../prose.js';
import { hasUriShape, isWholeUri, looksLikePattern, XML_NAMESPACES } from '../shape.js';
import { Decoded, writer } from './common.js';
import { append, lineCandidates } from '../formats/text.js';

/** `export KEY=`, `KEY =`: the start of an assignment, and its key. */
const ASSIGNMENT = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*/;

/** Escapes of a double-quoted value. */
const DOUBLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };

/**
 * The candidates of one value of a configuration file (an environment file, TOML, INI, `.properties`,
 * a Dockerfile's or Makefile's): a value that starts like a URI is one (with white space only when it
 * is wholly one, `isWholeUri`), any other is read as prose. `gapless`: see `Decoded.map`.
 */
export function settingValueUris(decoded: Decoded, end: number, write: (text: string) => string | undefined, key: string | undefined, gapless = false): UriCandidate[] {
  const map = decoded.map(end, write, gapless);
  const value = map.value;
  if (value.trim() === '' || looksLikePattern(value)) return [];
  if (hasUriShape(value) && (!/\s/.test(value) || isWholeUri(value, key))) {
    return textCandidates({ map, key, context: 'shape', uriStart: 0, uriEnd: value.length, namespace: XML_NAMESPACES.has(value) });
  }
  return proseCandidates(map, { key });
}

/** The URIs of an environment file. */
export function discoverDotenv(text: string): UriCandidate[] {
  const out: UriCandidate[] = [];
  let at = 0;
  while (at < text.length) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(at, lineEnd).replace(/\r$/, '');
    const assignment = ASSIGNMENT.exec(line);
    if (assignment === null) {
      // A comment, or a line of another shape: its prose.
      append(out, lineCandidates(line, at));
      at = lineEnd + 1;
      continue;
    }
    const key = assignment[1]!;
    const start = at + assignment[0].length;
    const quote = text[start];
    const decoded = new Decoded();
    if (quote === '"' || quote === "'") {
      // A quoted value runs to its closing quote, over lines for double quotes.
      let i = start + 1;
      let closed = -1;
      while (i < text.length) {
        const c = text[i]!;
        if (c === quote) {
          closed = i;
          break;
        }
        if (quote === "'" && c === '\n') break;
        if (quote === '"' && c === '\\' && DOUBLE_ESCAPES[text[i + 1] ?? ''] !== undefined) {
          decoded.push(DOUBLE_ESCAPES[text[i + 1]!]!, i, i + 2);
          i += 2;
          continue;
        }
        decoded.push(c, i, i + 1);
        i++;
      }
      if (closed !== -1) {
        const write = quote === "'" ? writer({}, /'/) : writer({ '"': '\\"', '\\': '\\\\', $: '\\$' }, undefined);
        append(out, settingValueUris(decoded, closed, write, key));
        const next = text.indexOf('\n', closed);
        // What follows the closing quote on its line (a comment) is prose.
        const restEnd = next === -1 ? text.length : next;
        append(out, lineCandidates(text.slice(closed + 1, restEnd).replace(/\r$/, ''), closed + 1));
        at = restEnd + 1;
        continue;
      }
    }
    // Unquoted: to a `#` after white space (a comment), trailing white space left out.
    const rest = line.slice(assignment[0].length);
    const comment = /(?:^|[ \t])#/.exec(rest);
    const value = (comment === null ? rest : rest.slice(0, comment.index)).replace(/[ \t]+$/, '');
    decoded.pushPlain(text, start, start + value.length);
    append(out, settingValueUris(decoded, start + value.length, writer({}, /[\s#"'\\]/), key));
    if (comment !== null) append(out, lineCandidates(rest.slice(comment.index), start + comment.index));
    at = lineEnd + 1;
  }
  return out;
}
