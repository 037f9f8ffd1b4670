/**
 * INI files (`.ini`, `.cfg`: `setup.cfg`, `tox.ini`, `.gitmodules`, `.gitconfig`), read as Python's
 * configparser and Git read them: `[section]` headers; `key = value` or `key: value`; a line that
 * starts with `#` or `;` is a comment, read as prose, and so is the text after ` #` or ` ;` on a
 * value's line (an inline comment); a line indented deeper than its key continues the key's value (one item of
 * `install_requires =`, `[options] dependency_links`), read as a value of that key. A value wholly in
 * double or single quotes is read inside them. There are no escapes; `${section:key}`, `$(NAME)` and
 * `%(name)s` interpolations are holes (the first two masked as template tags before the file is read,
 * the last here).
 */
import type { UriCandidate } from '../candidate.js';
import { Decoded, writer } from './common.js';
import { settingValueUris } from './dotenv.js';
import { append, lineCandidates, linesOf } from '../formats/text.js';
import { EXPRESSION_SENTINEL } from '../templates.js';

/** `key = value`, `key: value`: the key, and where the value starts. */
const ASSIGNMENT = /^([^\s=:;#[][^=:]*)[=:][ \t]*/;

/** configparser's `%(name)s` interpolation, masked as a hole. */
const INTERPOLATION = /%\([^()\s]+\)[sdfr]?/g;

/** A fix writes no white space, comment marker or quote. */
const write = writer({}, /[\s;#"']/);

/** The URIs of an INI file. */
export function discoverIni(source: string): UriCandidate[] {
  const text = source.replace(INTERPOLATION, (match) => EXPRESSION_SENTINEL.repeat(match.length));
  const out: UriCandidate[] = [];
  /** The key whose value a line indented deeper than it continues, if any, and its indentation. */
  let key: string | undefined;
  let keyIndent = 0;
  for (const { line, offset } of linesOf(text)) {
    const indent = /^[ \t]*/.exec(line)![0].length;
    const first = line[indent];
    if (first === undefined) continue;
    if (first === '#' || first === ';') {
      append(out, lineCandidates(line.slice(indent + 1), offset + indent + 1));
      continue;
    }
    if (indent === 0 && first === '[') {
      key = undefined;
      continue;
    }
    let start: number;
    const continued = key !== undefined && indent > keyIndent;
    const assignment = continued ? null : ASSIGNMENT.exec(line.slice(indent));
    if (assignment !== null) {
      key = assignment[1]!.trim();
      keyIndent = indent;
      start = indent + assignment[0].length;
    } else if (continued) {
      start = indent;
    } else {
      // A line of another shape (a key without a value): its prose.
      append(out, lineCandidates(line, offset));
      continue;
    }
    const rest = line.slice(start);
    const comment = /(?:^|[ \t])[#;]/.exec(rest);
    let value = (comment === null ? rest : rest.slice(0, comment.index)).replace(/[ \t]+$/, '');
    let from = start;
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
      value = value.slice(1, -1);
      from++;
    }
    const decoded = new Decoded();
    decoded.pushPlain(text, offset + from, offset + from + value.length);
    append(out, settingValueUris(decoded, offset + from + value.length, write, key));
    if (comment !== null) append(out, lineCandidates(rest.slice(comment.index), offset + start + comment.index));
  }
  return out;
}
