/**
 * URIs in framework components — Vue single-file components, Svelte and Astro components, Angular
 * templates — read by composing the other readers, never by a parser of the framework's own:
 *
 * - the script blocks (`<script>`, `<script setup>`, Astro's `---` front matter) and the expressions
 *   of the markup (`:href="…"`, `[href]="…"`, `href={…}`, `{{ … }}`, `{…}`) are one JavaScript text,
 *   each at its own offsets, everything else blanked: the JavaScript reader reads it once, so a
 *   string in a bound URL attribute is that attribute's URI (as in JSX) and one in a handler is
 *   judged as any string in code;
 * - the markup is read by the HTML reader, with the framework's interpolations and blocks (`{slug}`,
 *   `{{ id }}`, `{#each}`, `@for (…) {`) masked as template holes, exactly like `${…}`: a static
 *   attribute is one URI, an interpolation inside it a hole;
 * - `<style>` blocks by the CSS reader.
 *
 * Offsets are the file's throughout, so every report and fix lands on the file's own characters,
 * keeping its quotes and character references. A dialect says what differs between frameworks:
 * where the script and markup are, how interpolations are written, which attributes are bound.
 */
import type { UriCandidate } from '../candidate.js';
import type { DiscoveryOptions } from '../js/discover.js';
import type { JsSourceCode } from '../js/source-code.js';
import { discoverJsText } from '../js/text.js';
import { typescript } from '../parsers.js';
import { balancedClose, CONTROL_SENTINEL, EXPRESSION_SENTINEL, maskTemplates, templateSyntaxes } from '../templates.js';
import { discoverCss } from './css.js';
import { attributeKind, discoverHtml } from './html.js';
import { discoverText } from './text.js';

/** The component formats read here. */
export type Framework = 'vue' | 'svelte' | 'angular' | 'astro';

/** What a component reader found. */
export interface ComponentUris {
  candidates: UriCandidate[];
  /** The JavaScript text (scripts and template expressions) parsed, for the rules that read the code around a URI. */
  sourceCode?: JsSourceCode;
  /** Why the JavaScript did not parse, when it did not (its strings were still read). */
  parseError?: string;
}

/** A block of the file: `[from, to)` is its content; `lang` from its `lang` or `type` attribute. */
interface Region {
  from: number;
  to: number;
  lang: string;
}

/** How a bound attribute's value is read: an expression, and the attribute it sets (if any). */
interface Binding {
  attribute?: string;
}

export interface Dialect {
  framework: Framework;
  /** `{…}` expressions (Svelte, Astro) or `{{ … }}` interpolations (Vue, Angular). */
  braces: 'single' | 'double';
  /** The script blocks, style blocks and markup ranges of the file. */
  regions(text: string): { scripts: Region[]; styles: Region[]; markup: [number, number][] };
  /** Whether the attribute (as written) holds an expression, and which attribute it binds. */
  binding(name: string): Binding | undefined;
  /** Angular: `@if (…) {`, `} @else {`, `@for (…) {`, `}` are control flow in text; `|` starts a pipe. */
  angular?: boolean;
}

/** Options of a component reader: the discovery settings, and link components of the project. */
export type ComponentOptions = DiscoveryOptions;

/** Framework link components whose `to` (or `href`) is a URL, by default; `settings.linkComponents` adds more. */
const LINK_COMPONENTS = ['router-link', 'routerlink', 'nuxt-link', 'nuxtlink'];

const blankChar = (ch: string): string => (ch === '\n' || ch === '\r' ? ch : ' ');

/** `text` with every character outside `keep` turned into a space, line breaks kept: offsets unchanged. */
function keepOnly(text: string, keep: readonly [number, number][]): string[] {
  // One entry per UTF-16 unit (not per code point), so offsets stay the text's.
  const units = text.split('').map(blankChar);
  for (const [from, to] of keep) for (let k = from; k < to; k++) units[k] = text[k]!;
  return units;
}

const TAG_ATTRIBUTE = (name: string): RegExp => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');

function attributeOf(tag: string, name: string): string {
  const match = TAG_ATTRIBUTE(name).exec(tag);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').toLowerCase();
}

/** The `<script>` and `<style>` elements of `text` (not inside comments), with their contents' ranges. */
export function scriptAndStyleBlocks(text: string): { scripts: Region[]; styles: Region[]; elements: [number, number][] } {
  const scripts: Region[] = [];
  const styles: Region[] = [];
  const elements: [number, number][] = [];
  const open = /<!--[\s\S]*?(?:-->|$)|<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (let match = open.exec(text); match !== null; match = open.exec(text)) {
    const name = match[1]?.toLowerCase();
    if (name === undefined) continue;
    const from = match.index + match[0].length;
    // `<script is:inline src="…" />`: self-closing in a component (Astro, Vue, Svelte), no content.
    if (/\/\s*$/.test(match[2] ?? '')) {
      elements.push([match.index, from]);
      continue;
    }
    const close = new RegExp(`</${name}\\s*>`, 'i');
    close.lastIndex = 0;
    const rest = close.exec(text.slice(from));
    const to = rest === null ? text.length : from + rest.index;
    const attributes = match[2] ?? '';
    const lang = attributeOf(attributes, 'lang') || attributeOf(attributes, 'type');
    (name === 'script' ? scripts : styles).push({ from, to, lang });
    elements.push([match.index, rest === null ? text.length : to + rest[0].length]);
    open.lastIndex = rest === null ? text.length : to + rest[0].length;
  }
  return { scripts, styles, elements };
}

/** Whether a script block holds JavaScript or TypeScript (not JSON-LD, a template, or another language). */
function isScript(region: Region): boolean {
  return ['', 'js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'module', 'text/javascript', 'application/javascript', 'text/typescript', 'module/typescript'].includes(region.lang);
}

/** Whether a style block is CSS (not Sass, Less or Stylus, which the CSS reader does not read). */
function isCss(region: Region): boolean {
  return ['', 'css', 'postcss', 'text/css'].includes(region.lang);
}

/**
 * Where a `{` expression that starts at `open` closes (the index of its `}`), or -1: braces nest,
 * and strings, template literals (with their `${…}`) and comments are skipped.
 */
export function braceEnd(text: string, open: number): number {
  return groupEnd(text, open, '{');
}

/** The index of the backtick that closes the template literal opened at `open`, or -1. */
function templateEnd(text: string, open: number): number {
  return groupEnd(text, open, '`');
}

function groupEnd(text: string, open: number, opener: '{' | '`'): number {
  const stack: string[] = [opener];
  let i = open + 1;
  while (i < text.length) {
    const ch = text[i]!;
    const top = stack[stack.length - 1];
    if (top === '`') {
      if (ch === '\\') i += 2;
      else if (ch === '`') {
        stack.pop();
        if (stack.length === 0) return i;
        i++;
      } else if (ch === '$' && text[i + 1] === '{') {
        stack.push('{');
        i += 2;
      } else i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let k = i + 1;
      while (k < text.length && text[k] !== ch && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
      i = k + 1;
    } else if (ch === '`') {
      stack.push('`');
      i++;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (ch === '{') {
      stack.push('{');
      i++;
    } else if (ch === '}') {
      stack.pop();
      if (stack.length === 0) return i;
      i++;
    } else i++;
  }
  return -1;
}

/** A hole the markup scan found: masked for the HTML reader; an expression is also read as JavaScript. */
interface Hole {
  start: number;
  end: number;
  control: boolean;
}

/** An expression of the markup: `[start, end)` of the file, and the URL attribute it is the value of. */
interface Expression {
  start: number;
  end: number;
  sink?: string;
}

interface Scan {
  holes: Hole[];
  expressions: Expression[];
  /** Braces the framework writes as they are (see `LiteralTemplate`). */
  literals: LiteralTemplate[];
}

/**
 * Interpolation syntax in an attribute the framework does not interpolate: Astro writes a quoted
 * value as it is (`href="https://example.com/{dir}"`: only `href={…}` is an expression), Vue a
 * static attribute (`href="/users/{{ id }}"`: only `:href` is bound). The page ships the braces.
 */
export interface LiteralTemplate {
  start: number;
  end: number;
  framework: Framework;
}

/**
 * The end of `{{ … }}` opened at `open` (the index after its `}}`), or -1: the closer outside the
 * body's nested braces and strings (`{{ ok ? '}}' : url }}`), as template tags end (templates.ts).
 */
function mustacheEnd(text: string, open: number): number {
  const nested = balancedClose(text, open + 2, '}}');
  const close = nested === -1 ? text.indexOf('}}', open + 2) : nested;
  return close < 0 ? -1 : close + 2;
}

const NAME = /[^\s=>/"'`]+/y;
const ANGULAR_BLOCK = /@(?:if|else\s+if|else|for|empty|switch|case|default|defer|placeholder|loading|error)\b/y;

/**
 * Reads the markup `m` (the file with all but the markup blanked): its tags' attributes, its
 * interpolations and blocks. Records the holes to mask and the expressions to read as JavaScript.
 */
function scanMarkup(m: string, dialect: Dialect, linkAttribute: (tag: string, name: string) => boolean): Scan {
  const scan: Scan = { holes: [], expressions: [], literals: [] };
  const single = dialect.braces === 'single';
  const n = m.length;
  let i = 0;
  /** An interpolation at `i` in text or in an attribute value: its end, or -1 when there is none. */
  const interpolation = (at: number, inAttribute: boolean): number => {
    if (single && m[at] === '{') {
      const close = braceEnd(m, at);
      if (close < 0) return -1;
      const body = m.slice(at + 1, close);
      const control = /^\s*(?:[#:/@]|\/\*)/.test(body);
      scan.holes.push({ start: at, end: close + 1, control: control && !inAttribute });
      if (!control) scan.expressions.push({ start: at + 1, end: close });
      return close + 1;
    }
    if (!single && m.startsWith('{{', at)) {
      const end = mustacheEnd(m, at);
      if (end < 0) return -1;
      scan.holes.push({ start: at, end, control: false });
      scan.expressions.push({ start: at + 2, end: end - 2 });
      return end;
    }
    return -1;
  };
  while (i < n) {
    const ch = m[i]!;
    if (ch === '<' && m.startsWith('<!--', i)) {
      const end = m.indexOf('-->', i + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (ch === '<' && /[A-Za-z]/.test(m[i + 1] ?? '')) {
      i = scanTag(m, i, dialect, scan, interpolation, linkAttribute);
      continue;
    }
    if (dialect.angular && ch === '@') {
      ANGULAR_BLOCK.lastIndex = i;
      if (ANGULAR_BLOCK.test(m)) {
        // The header up to its `{`, parentheses and strings skipped: a control tag.
        let k = ANGULAR_BLOCK.lastIndex;
        let depth = 0;
        while (k < n && !(depth === 0 && m[k] === '{') && m[k] !== '<') {
          if (m[k] === '(') depth++;
          else if (m[k] === ')') depth--;
          k++;
        }
        if (m[k] === '{') {
          scan.holes.push({ start: i, end: k + 1, control: true });
          i = k + 1;
          continue;
        }
      } else if (/^@let\s/.test(m.slice(i, i + 5))) {
        const end = m.indexOf(';', i);
        if (end > 0) {
          scan.holes.push({ start: i, end: end + 1, control: true });
          i = end + 1;
          continue;
        }
      }
    }
    if (dialect.angular && ch === '}') {
      scan.holes.push({ start: i, end: i + 1, control: true });
      i++;
      continue;
    }
    const end = ch === '{' ? interpolation(i, false) : -1;
    i = end < 0 ? i + 1 : end;
  }
  return scan;
}

/** Reads one start tag at `start` (`<name …>`); returns where the scan goes on. */
function scanTag(
  m: string,
  start: number,
  dialect: Dialect,
  scan: Scan,
  interpolation: (at: number, inAttribute: boolean) => number,
  linkAttribute: (tag: string, name: string) => boolean,
): number {
  const n = m.length;
  NAME.lastIndex = start + 1;
  const tag = NAME.exec(m)?.[0] ?? '';
  let i = start + 1 + tag.length;
  const single = dialect.braces === 'single';
  while (i < n) {
    while (i < n && /\s/.test(m[i]!)) i++;
    if (i >= n || m[i] === '>') return i + 1;
    if (m[i] === '/' && m[i + 1] === '>') return i + 2;
    if (m[i] === '<') return i;
    if (single && m[i] === '{') {
      // `{...props}` or the shorthand `{href}`: a hole, read as nothing else.
      const close = braceEnd(m, i);
      if (close < 0) return n;
      scan.holes.push({ start: i, end: close + 1, control: false });
      i = close + 1;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(m)?.[0];
    if (name === undefined) {
      i++;
      continue;
    }
    i += name.length;
    let k = i;
    while (k < n && /\s/.test(m[k]!)) k++;
    if (m[k] !== '=') continue;
    k++;
    while (k < n && /\s/.test(m[k]!)) k++;
    const quote = m[k];
    let from: number;
    let to: number;
    const quoted = quote === '"' || quote === "'";
    if (quoted) {
      from = k + 1;
      to = from;
      // Astro's quoted values are text: a quote inside braces ends them.
      const expressions = single && dialect.framework !== 'astro';
      while (to < n && m[to] !== quote) {
        const end = expressions && m[to] === '{' ? braceEnd(m, to) : -1;
        to = end < 0 ? to + 1 : end + 1;
      }
      i = to + 1;
    } else if (single && quote === '{') {
      const close = braceEnd(m, k);
      if (close < 0) return n;
      from = k;
      to = close + 1;
      i = to;
    } else if (dialect.framework === 'astro' && quote === '`') {
      // Astro's template-literal attribute, href=`/posts/${slug}`: a JavaScript template literal.
      const close = templateEnd(m, k);
      if (close < 0) return n;
      scan.holes.push({ start: k, end: close + 1, control: false });
      const sink = attributeSink(tag, name, linkAttribute);
      scan.expressions.push(sink === undefined ? { start: k, end: close + 1 } : { start: k, end: close + 1, sink });
      i = close + 1;
      continue;
    } else {
      from = k;
      to = k;
      while (to < n && !/[\s>]/.test(m[to]!)) to++;
      i = to;
    }
    scanAttribute(m, tag, name, from, to, dialect, scan, interpolation, linkAttribute, quoted);
  }
  return i;
}

/** The sink of a URL attribute, `<tag attribute>`, or undefined for an attribute that holds no URL. */
function attributeSink(tag: string, attribute: string, linkAttribute: (tag: string, name: string) => boolean): string | undefined {
  const lowerTag = tag.toLowerCase();
  const lower = attribute.toLowerCase();
  const kind = attributeKind(lowerTag, lower);
  // A bound `srcset` (`:srcset`, `[srcset]`) is split as a static one: each URL apart from its descriptors.
  return kind === 'url' || kind === 'srcset' || linkAttribute(lowerTag, lower) ? `<${tag} ${attribute}>` : undefined;
}

/** Whether an attribute value holds character references, which a framework decodes before reading the expression. */
const REFERENCE = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i;

function scanAttribute(
  m: string,
  tag: string,
  name: string,
  from: number,
  to: number,
  dialect: Dialect,
  scan: Scan,
  interpolation: (at: number, inAttribute: boolean) => number,
  linkAttribute: (tag: string, name: string) => boolean,
  quoted: boolean,
): void {
  const value = m.slice(from, to);
  /** A brace group the framework leaves as it is: a hole for the other rules, reported by no-unexpanded-template. */
  const literal = (start: number, end: number): void => {
    scan.holes.push({ start, end, control: false });
    scan.literals.push({ start, end, framework: dialect.framework });
  };
  const sinkOf = (attribute: string | undefined): string | undefined => (attribute === undefined ? undefined : attributeSink(tag, attribute, linkAttribute));
  if (dialect.framework === 'astro' && quoted) {
    for (let k = from; k < to; k++) {
      const close = m[k] === '{' ? m.indexOf('}', k) : -1;
      if (close < 0 || close >= to) continue;
      literal(k, close + 1);
      k = close;
    }
    return;
  }
  if (dialect.braces === 'single') {
    // `href={url}`, `href="{url}"`: the whole value one expression; else text with `{…}` holes.
    const trimmed = /^(\s*)\{/.exec(value);
    if (trimmed !== null && braceEnd(m, from + trimmed[1]!.length) === to - 1 - (value.length - value.trimEnd().length)) {
      const open = from + trimmed[1]!.length;
      const close = braceEnd(m, open);
      scan.holes.push({ start: open, end: close + 1, control: false });
      const sink = name.includes(':') ? undefined : sinkOf(name);
      scan.expressions.push(sink === undefined ? { start: open + 1, end: close } : { start: open + 1, end: close, sink });
      return;
    }
    for (let k = from; k < to; ) {
      const end = m[k] === '{' ? interpolation(k, true) : -1;
      k = end < 0 ? k + 1 : end;
    }
    return;
  }
  const binding = dialect.binding(name);
  if (binding !== undefined) {
    if (REFERENCE.test(value)) return;
    const sink = sinkOf(binding.attribute);
    scan.expressions.push(sink === undefined ? { start: from, end: to } : { start: from, end: to, sink });
    return;
  }
  for (let k = from; k < to; ) {
    if (dialect.framework === 'vue' && m.startsWith('{{', k)) {
      // Vue interpolates text, not attributes: `{{ id }}` in a static attribute is written as it is.
      const end = mustacheEnd(m, k);
      if (end > 0 && end <= to) {
        literal(k, end);
        k = end;
        continue;
      }
    }
    const end = m.startsWith('{{', k) ? interpolation(k, true) : -1;
    k = end < 0 ? k + 1 : end;
  }
}

/** An Angular expression without its pipes (`url | safe: 'x'`): where it ends. */
function withoutPipes(text: string, start: number, end: number): number {
  let quote = '';
  let depth = 0;
  for (let k = start; k < end; k++) {
    const ch = text[k]!;
    if (quote !== '') {
      if (ch === '\\') k++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === '|' && depth === 0 && text[k + 1] !== '|' && text[k - 1] !== '|') return k;
  }
  return end;
}

/** Whether `text` is one JavaScript (or TypeScript) expression: parsed alone, in parentheses. */
function isExpression(text: string, jsx: boolean): boolean {
  if (text.trim().length === 0) return false;
  const ts = typescript();
  const file = ts.createSourceFile(jsx ? 'expression.tsx' : 'expression.ts', `(${text}\n)`, ts.ScriptTarget.Latest, false, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics;
  const statement = file.statements[0];
  return (
    (diagnostics === undefined || diagnostics.length === 0) &&
    file.statements.length === 1 &&
    statement !== undefined &&
    ts.isExpressionStatement(statement) &&
    ts.isParenthesizedExpression(statement.expression) &&
    statement.expression.end === text.length + 3
  );
}

/**
 * The URIs of a component of the given dialect (see the top of this file). Never throws: a script
 * that does not parse still has its strings read, markup the HTML parser stops on is read as far as
 * it got.
 */
export function discoverComponent(text: string, dialect: Dialect, options: ComponentOptions = {}): ComponentUris {
  const { scripts, styles, markup } = dialect.regions(text);
  const links = new Set([...LINK_COMPONENTS, ...(options.linkComponents ?? []).map((name) => name.toLowerCase())]);
  const linkAttribute = (tag: string, name: string): boolean => name === 'routerlink' || (links.has(tag) && (name === 'to' || name === 'href'));

  // The markup: everything else blanked, script and style contents too (their tags stay: `<script src>`).
  const inside = (k: number, regions: readonly Region[]): boolean => regions.some((region) => region.from <= k && k < region.to);
  const markupChars = keepOnly(text, markup);
  for (const region of [...scripts, ...styles]) for (let k = region.from; k < region.to; k++) markupChars[k] = blankChar(text[k]!);
  const markupText = markupChars.join('');
  const scan = scanMarkup(markupText, dialect, linkAttribute);

  // The JavaScript: the scripts and the markup's expressions, each at its offsets, one program.
  const jsx = dialect.framework === 'astro' || scripts.some((region) => region.lang === 'jsx' || region.lang === 'tsx');
  const typescript = dialect.framework === 'astro' || scripts.some((region) => /^(?:ts|tsx|typescript|text\/typescript|module\/typescript)$/.test(region.lang));
  const js = keepOnly(text, scripts.filter(isScript).map((region) => [region.from, region.to]));
  const used = new Set<number>();
  for (const region of scripts.filter(isScript)) {
    // A statement the script leaves open must not run on into an expression after it.
    if (region.to < text.length && !inside(region.to, scripts)) {
      js[region.to] = ';';
      used.add(region.to);
    }
  }
  const attributes = new Map<number, string>();
  for (const expression of scan.expressions.sort((a, b) => a.start - b.start)) {
    const end = dialect.angular ? withoutPipes(text, expression.start, expression.end) : expression.end;
    const open = expression.start - 1;
    const after = end + 1;
    if (open < 0 || after >= text.length || used.has(open) || used.has(end) || used.has(after)) continue;
    if (!isExpression(text.slice(expression.start, end), jsx)) continue;
    for (let k = expression.start; k < end; k++) js[k] = text[k]!;
    js[open] = '(';
    js[end] = ')';
    js[after] = ';';
    used.add(open).add(end).add(after);
    if (expression.sink !== undefined) attributes.set(expression.start + (/^\s*/.exec(text.slice(expression.start, end))?.[0].length ?? 0), expression.sink);
  }
  const filePath = `component.${typescript ? 'ts' : 'js'}${jsx && typescript ? 'x' : ''}`;
  const script = discoverJsText(js.join(''), { ...options, filePath, jsx, attributes });

  // The markup's holes masked (their kind kept), then the project's template syntaxes too.
  const masked = markupText.split('');
  for (const hole of scan.holes) {
    const sentinel = hole.control ? CONTROL_SENTINEL : EXPRESSION_SENTINEL;
    for (let k = hole.start; k < hole.end; k++) if (masked[k] !== '\n' && masked[k] !== '\r') masked[k] = sentinel;
  }
  const maskedMarkup = maskTemplates(masked.join(''), templateSyntaxes(options.templates)).text;
  const html = discoverHtml(maskedMarkup, { urlAttribute: linkAttribute, componentTags: true });
  if (html.stopped !== undefined) {
    // Markup the HTML parser stopped on: the rest of it is searched as text, as for an HTML file.
    const covered = html.candidates.map((candidate) => candidate.range);
    html.candidates.push(...discoverText(maskedMarkup).filter((candidate) => !covered.some(([a, b]) => candidate.range[0] < b && a < candidate.range[1])));
  }

  for (const literal of scan.literals) {
    const candidate = html.candidates.find((c) => c.range[0] <= literal.start && literal.end <= c.range[1]);
    if (candidate !== undefined) (candidate.literalTemplates ??= []).push({ range: [literal.start, literal.end], framework: literal.framework });
  }

  const css: UriCandidate[] = [];
  const cssRegions = styles.filter(isCss);
  if (cssRegions.length > 0) {
    try {
      css.push(...discoverCss(keepOnly(text, cssRegions.map((region) => [region.from, region.to])).join(''), []));
    } catch {
      // A style sheet the CSS reader cannot read is left unchecked.
    }
  }

  const candidates = [...script.candidates, ...html.candidates, ...css].sort((a, b) => a.range[0] - b.range[0] || a.uriStart - b.uriStart);
  const found: ComponentUris = { candidates };
  if (script.sourceCode !== undefined) found.sourceCode = script.sourceCode;
  const parseError = script.parseError ?? html.stopped;
  if (parseError !== undefined) found.parseError = parseError;
  return found;
}
