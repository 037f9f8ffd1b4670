/**
 * Makefiles (`Makefile`, `makefile`, `GNUmakefile`, `*.mk`), read as GNU make reads them
 * (https://www.gnu.org/software/make/manual/make.html): a variable's value (`NAME = …`, `:=`, `::=`,
 * `?=`, `+=`, `!=`, after `export` or `override`) to a `#` comment, each line of a continued value
 * on its own (make joins them with a space); a recipe line (after a rule, starting with a tab; its
 * continuations joined as the shell joins them) as shell words (`shell-words.ts`); comments, and the
 * body of a `define` block, as prose. Variable references `$(VAR)`, `${VAR}` and function calls in
 * them (`$(shell …)`, `$(call …)`), automatic variables (`$@`, `$<`, `$^`) and a recipe's `$$VAR`
 * and `$$(…)` are holes; rule lines (targets and prerequisites, file names) and directives are not read.
 */
import type { UriCandidate } from '../candidate.js';
import { Decoded } from './common.js';
import { settingValueUris } from './dotenv.js';
import { append, lineCandidates } from '../formats/text.js';
import { EXPRESSION_SENTINEL } from '../templates.js';
import { matchingCloses, shellWordUris, shellWrite } from './shell-words.js';

/** `text` with each of make's references (and a recipe's `$$VAR`) masked as a hole, line breaks and offsets kept. */
function maskReferences(text: string): string {
  let out = '';
  let at = 0;
  const parens = matchingCloses(text, '(', ')');
  const braces = matchingCloses(text, '{', '}');
  /** The end of a reference whose opener (`(` or `{`) is at `open`; -1 when it is not closed. */
  const referenceEnd = (open: number): number => (text[open] === '(' ? parens : braces).get(open) ?? -1;
  const mask = (from: number, to: number): void => {
    out += text.slice(at, from) + text.slice(from, to).replace(/[^\r\n]/g, EXPRESSION_SENTINEL);
    at = to;
  };
  let i = text.indexOf('$');
  while (i !== -1 && i + 1 < text.length) {
    const next = text[i + 1]!;
    let end = -1;
    if (next === '(' || next === '{') end = referenceEnd(i + 1);
    else if (next === '$') {
      // `$$`: a `$` given to the shell, and the shell's variable after it.
      const shell = /^\$\$(?:[A-Za-z_]\w*|\{[^{}\r\n]*\}|[0-9@*#?!])/.exec(text.slice(i, i + 260));
      // `$$(…)`: the shell's command substitution, whole.
      const substitution = text[i + 2] === '(' ? referenceEnd(i + 2) : -1;
      end = substitution !== -1 ? substitution : shell === null ? i + 2 : i + shell[0].length;
      if (shell === null && substitution === -1) {
        i = text.indexOf('$', end);
        continue;
      }
    } else if (!/\s/.test(next)) end = i + 2;
    if (end === -1) end = i + 1;
    else mask(i, end);
    i = text.indexOf('$', end);
  }
  return out + text.slice(at);
}

/** A variable assignment, and where its value starts. */
const ASSIGNMENT = /^[ \t]*(?:(?:export|override|private)[ \t]+)*([^\s:#=?+!]+)[ \t]*(?:=|:=|::=|:::=|\?=|\+=|!=)[ \t]*/;
/** A rule line: targets, a colon, prerequisites. */
const RULE = /^[^\t#=][^#=]*?::?(?!=)/;
const DIRECTIVE = /^[ \t]*(?:include|-include|sinclude|ifeq|ifneq|ifdef|ifndef|else|endif|export|unexport|override|vpath|undefine)\b/;

/** The position of a line's comment (a `#` not escaped), or -1. */
function commentAt(line: string): number {
  for (let k = 0; k < line.length; k++) {
    if (line[k] === '\\') k++;
    else if (line[k] === '#') return k;
  }
  return -1;
}

/** The URIs of a Makefile. */
export function discoverMakefile(source: string): UriCandidate[] {
  const text = maskReferences(source);
  const out: UriCandidate[] = [];
  const lines: { start: number; end: number }[] = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lines.push({ start, end: end > start && text[end - 1] === '\r' ? end - 1 : end });
    start = end + 1;
  }
  /** Whether line `n` ends in an odd number of backslashes (it continues on the next line). */
  const continues = (n: number): boolean => {
    let k = lines[n]!.end;
    while (k > lines[n]!.start && text[k - 1] === '\\') k--;
    return (lines[n]!.end - k) % 2 === 1;
  };
  let inRule = false;
  let define: string | undefined;
  let n = 0;
  while (n < lines.length) {
    const { start, end } = lines[n]!;
    const line = text.slice(start, end);
    if (define !== undefined) {
      n++;
      if (/^[ \t]*endef\b/.test(line)) define = undefined;
      else append(out, lineCandidates(line, start));
      continue;
    }
    if (inRule && line.startsWith('\t')) {
      // A recipe line and its continuations: the shell's words (a continuation's leading tab is make's).
      const recipe = new Decoded();
      let from = start + 1;
      while (from < end && '@-+'.includes(text[from]!)) from++;
      let last = end;
      for (;;) {
        const here = lines[n]!;
        const more = continues(n);
        recipe.pushPlain(text, Math.max(from, here.start), more ? here.end - 1 : here.end);
        last = here.end;
        n++;
        if (!more || n >= lines.length) break;
        from = lines[n]!.start + (text[lines[n]!.start] === '\t' ? 1 : 0);
      }
      append(out, shellWordUris(recipe, last));
      continue;
    }
    n++;
    if (line.trim() === '') continue;
    const hash = commentAt(line);
    const code = hash === -1 ? line : line.slice(0, hash);
    if (hash !== -1) append(out, lineCandidates(line.slice(hash + 1), start + hash + 1));
    const defined = /^[ \t]*(?:(?:export|override)[ \t]+)*define[ \t]+(\S+)/.exec(code);
    if (defined !== null) {
      define = defined[1];
      inRule = false;
      continue;
    }
    const assignment = ASSIGNMENT.exec(code);
    if (assignment !== null) {
      inRule = false;
      const key = assignment[1]!;
      // The value, line by line: make joins a continued value's lines with a space.
      let valueStart = start + assignment[0].length;
      let valueEnd = start + code.trimEnd().length;
      let k = n - 1;
      for (;;) {
        const more = hash === -1 && continues(k);
        const stop = more ? valueEnd - 1 : valueEnd;
        const piece = text.slice(valueStart, stop).trimEnd();
        const decoded = new Decoded();
        decoded.pushPlain(text, valueStart, valueStart + piece.length);
        if (piece !== '') append(out, settingValueUris(decoded, valueStart + piece.length, shellWrite, key));
        if (!more || n >= lines.length) break;
        k = n;
        n++;
        const next = text.slice(lines[k]!.start, lines[k]!.end);
        valueStart = lines[k]!.start + /^[ \t]*/.exec(next)![0].length;
        valueEnd = lines[k]!.end;
      }
      continue;
    }
    if (DIRECTIVE.test(code)) continue;
    if (RULE.test(code)) {
      inRule = true;
      // A recipe on the rule's line, after `;`.
      const semicolon = code.indexOf(';');
      if (semicolon !== -1) {
        const recipe = new Decoded();
        recipe.pushPlain(text, start + semicolon + 1, start + code.length);
        append(out, shellWordUris(recipe, start + code.length));
      }
    }
  }
  return out;
}
