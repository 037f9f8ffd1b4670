import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { lookupScheme } from '@urilint/core';
import { placeholder, UriCandidate, type CandidateContext, type Part } from '../candidate.js';
import { append } from '../formats/text.js';
import { templateHoles, valueCandidates } from '../strings.js';
import { commentCandidates, hasSchemeColon } from './comments.js';
import { srcsetSpans } from '../formats/html.js';
import { forEachChild } from './children.js';
import { TEMPLATE_SYNTAXES, templateSyntaxes, type TemplateSetting, type TemplateSyntax } from '../templates.js';
import { discoveryWalkOf, nodesOf, setText, type DiscoveryWalk, type JsSourceCode } from './source-code.js';
import { editStaysBetween } from './between-statements.js';
import { constDeclaratorOf, contentOf, readElsewhere, staysOneToken, valueMatters, type Token } from './edit-reach.js';
import { mapJsxAttribute, mapStringLiteral, mapTemplateElement, mapTemplateElementAt, type CookedMap } from './literal-map.js';
import { isModuleSpecifier, MODULE_SPECIFIER_PARENTS } from './module-specifiers.js';
import { findSinkArguments, GLOBAL_OBJECT_NAMES, GLOBAL_SINK_NAMES, GLOBAL_SINKS, SINK_MODULES, syntacticSink } from './sinks.js';

/** `settings.urilint` in the ESLint config, shared by every rule; plain data, so `--cache` stays correct. */
export interface DiscoveryOptions {
  /** More URL sinks: `name.path` on the global scope or `module:name.path`; their first argument is a URL. */
  sinks?: string[];
  /** JSX components (besides DOM elements) whose URL attributes hold URLs: `Link`, `NextLink`, `Image`. */
  linkComponents?: string[];
  /** Check the URIs in comments too (as prose: `https://…`, `mailto:…`). Default true. */
  comments?: boolean;
  /**
   * Template syntax that stands for text to come (`{{ url }}`, `{% if %}`, `<%= link %>`): holes, never
   * reported. `true` (the default) recognises every syntax of `TEMPLATE_SYNTAXES`, `false` none, or the
   * list named. In JavaScript strings every syntax but `shell` (`${…}` there is a template literal's).
   */
  templates?: TemplateSetting;
  /**
   * For the component readers (Vue, Svelte, Angular, Astro), not a setting: where each bound URL
   * attribute's expression starts in the text (`:href="…"`, `[href]="…"`, `href={…}`), and the
   * attribute (`<a href>`). A string built there, or a branch of a `?:`, `||` or `??` there, is that
   * attribute's URI, as a JSX attribute's value is.
   */
  attributes?: ReadonlyMap<number, string>;
  /** Patterns of test files (`settings.urilint.testFiles`; see test-files.ts); default `DEFAULT_TEST_FILES`. */
  testFiles?: string[];
  /** Apply fixes in test files too (`settings.urilint.fixTestFiles`). */
  fixTestFiles?: boolean;
}

/** JSX attributes that take a URL (HTML, SVG). `srcSet` holds several and is split. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction', 'poster', 'cite', 'data', 'codebase', 'background', 'manifest', 'ping', 'xlinkHref', 'xlink:href', 'srcSet', 'srcset']);

/** Methods whose string argument is a pattern or a prefix, not a URL (`s.startsWith("https://")`). */
const NOT_URL_METHODS = new Set(['startsWith', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'split', 'replace', 'replaceAll', 'match', 'matchAll', 'search', 'test', 'exec', 'createElementNS', 'getElementsByTagNameNS', 'lookupPrefix', 'isDefaultNamespace']);

/** Constructors and functions whose string argument is a pattern (`new RegExp("https?://…")`). */
const PATTERN_CALLEES = new Set(['RegExp', 'URLPattern', 'minimatch', 'micromatch', 'picomatch', 'glob']);

function isString(node: TSESTree.Node): node is TSESTree.StringLiteral {
  return node.type === 'Literal' && typeof node.value === 'string';
}

/** The text pieces (and holes) of an expression that builds a string: a literal, a template, a `+` chain. */
function piecesOf(node: TSESTree.Node, sourceCode: JsSourceCode): ({ map: CookedMap } | { hole: TSESTree.Node })[] | undefined {
  if (isString(node)) return [{ map: mapStringLiteral(sourceCode.getText(node), node.range[0]) }];
  if (node.type === 'TemplateLiteral') {
    const pieces: ({ map: CookedMap } | { hole: TSESTree.Node })[] = [];
    node.quasis.forEach((quasi, index) => {
      // From the source text: espree's value.raw turns CRLF into LF, which would shift offsets.
      const map = mapTemplateElementAt(sourceCode.text, quasi.range);
      pieces.push(map === undefined ? { hole: quasi } : { map });
      const expression = node.expressions[index];
      if (expression) pieces.push({ hole: expression });
    });
    return pieces;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const left = piecesOf(node.left, sourceCode);
    if (left === undefined) return undefined;
    return [...left, ...(piecesOf(node.right, sourceCode) ?? [{ hole: node.right }])];
  }
  return undefined;
}

/** The sink name of a bound `srcset` or `imagesrcset` attribute (`<img srcset>`). */
const SRCSET_SINK = /\s(?:image)?srcset>$/i;

/** Functions whose first argument is a printf-style format (`util.format('http://unix:%s:%s', socket, path)`). */
const PRINTF_FUNCTIONS = new Set(['format', 'printf', 'sprintf', 'vsprintf', 'debug']);

/** `console`'s methods, which format their first argument as `util.format` does. */
const CONSOLE_METHODS = new Set(['log', 'info', 'warn', 'error', 'debug', 'trace']);

/** A printf conversion (`%s`, `%d`, `%i`, `%f`, `%j`, `%o`, `%O`, `%c`) or an escaped `%%`: filled in when the string is formatted. */
const PRINTF_PLACEHOLDER = /%[sdifjoOc%]/g;

/**
 * Whether the string is the format argument of `util.format`, `console.*` or a printf-style helper
 * (`format`, `printf`, `sprintf`, `vsprintf`, `debug`): its `%s`, `%d`… are holes.
 */
function isPrintfFormat(node: TSESTree.Node): boolean {
  const call = node.parent;
  if (call?.type !== 'CallExpression') return false;
  const callee = call.callee;
  if (callee.type === 'Identifier') return PRINTF_FUNCTIONS.has(callee.name) && call.arguments[0] === node;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  const method = callee.property.name;
  if (callee.object.type === 'Identifier' && callee.object.name === 'console') return CONSOLE_METHODS.has(method) && call.arguments[0] === node;
  // `util.formatWithOptions(options, format, …)`.
  if (method === 'formatWithOptions') return call.arguments[1] === node;
  return PRINTF_FUNCTIONS.has(method) && call.arguments[0] === node;
}

/** The printf placeholders of a format string, as holes. */
function printfHoles(cooked: string): { start: number; end: number }[] {
  return [...cooked.matchAll(PRINTF_PLACEHOLDER)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

/**
 * The text a call replaces in the string before it is used
 * (`"https://api.example.com/users/:id".replace(":id", id)`; analytics.js puts a `%` where the
 * top-level domain goes and replaces it): a placeholder, like a printf conversion. Only a string
 * literal first argument: a pattern's matches cannot be known.
 */
function replacedText(node: TSESTree.Node): { text: string; all: boolean } | undefined {
  const member = node.parent;
  if (member?.type !== 'MemberExpression' || member.object !== node || member.computed || member.property.type !== 'Identifier') return undefined;
  const call = member.parent;
  if (call?.type !== 'CallExpression' || call.callee !== member) return undefined;
  const method = member.property.name;
  const first = call.arguments[0];
  if ((method !== 'replace' && method !== 'replaceAll') || first === undefined || !isString(first) || first.value === '') return undefined;
  return { text: first.value, all: method === 'replaceAll' };
}

/** Where the replaced text is in the string: its first occurrence for `replace`, every one for `replaceAll`. */
function replacedHoles(cooked: string, replaced: { text: string; all: boolean }): { start: number; end: number }[] {
  const holes: { start: number; end: number }[] = [];
  for (let at = cooked.indexOf(replaced.text); at !== -1; at = replaced.all ? cooked.indexOf(replaced.text, at + replaced.text.length) : -1) {
    holes.push({ start: at, end: at + replaced.text.length });
  }
  return holes;
}

/**
 * The holes of a literal's text: template tags, and RFC 6570 expressions between them — and route
 * pattern syntax, with `routes`: a string that goes to a request as written (a sink's argument, a
 * URL attribute) is no route pattern, and a `{…}` in it is sent as `%7B…%7D`. Printf conversions
 * and the text a `.replace` call replaces are holes too, where they do not overlap one of those.
 */
function holesIn(cooked: string, syntaxes: ReadonlySet<TemplateSyntax>, routes: boolean, printf = false, replaced?: { text: string; all: boolean }, map?: CookedMap): { start: number; end: number }[] {
  const holes = templateHoles(cooked, syntaxes, routes);
  const escaped = map === undefined ? [] : escapedTemplateHoles(cooked, map);
  if (!printf && replaced === undefined && escaped.length === 0) return holes;
  const more = [...(printf ? printfHoles(cooked) : []), ...(replaced === undefined ? [] : replacedHoles(cooked, replaced)), ...escaped];
  // Both in order: one pass, each placeholder kept unless it overlaps a hole or the placeholder kept before it.
  const placeholders: { start: number; end: number }[] = [];
  let h = 0;
  for (const p of more.sort((a, b) => a.start - b.start)) {
    while (h < holes.length && holes[h]!.end <= p.start) h++;
    if (h < holes.length && holes[h]!.start < p.end) continue;
    if ((placeholders.at(-1)?.end ?? 0) > p.start) continue;
    placeholders.push(p);
  }
  return [...holes, ...placeholders].sort((a, b) => a.start - b.start);
}

/**
 * `\${first + 1}` in a template literal: a `${…}` whose `$` or `{` the source escapes is written for
 * another template (a code sample's own template literal, a template engine's placeholder), not
 * filled in by this one: a hole. A `${` written as it is in a quoted string stays text.
 */
function escapedTemplateHoles(cooked: string, map: CookedMap): { start: number; end: number }[] {
  const holes: { start: number; end: number }[] = [];
  for (let at = cooked.indexOf('${'); at >= 0; at = cooked.indexOf('${', at + 2)) {
    if (!map.isEscaped(at) && !map.isEscaped(at + 1)) continue;
    const close = cooked.indexOf('}', at + 2);
    if (close < 0) break;
    holes.push({ start: at, end: close + 1 });
    at = close - 1;
  }
  return holes;
}

/** The syntaxes a setting turns on in JavaScript strings: never `shell`, whose `${…}` is JavaScript's own, nor `server` and `percent`. */
export function jsTemplateSyntaxes(setting: TemplateSetting | undefined): ReadonlySet<TemplateSyntax> {
  const syntaxes = new Set(templateSyntaxes(setting));
  syntaxes.delete('shell');
  // A server's variables and build-time `%NAME%` are substituted in its own files and in markup, not in a program's strings.
  syntaxes.delete('server');
  syntaxes.delete('percent');
  return syntaxes;
}

/** Builds the value and its parts; template tags and RFC 6570 expressions in the text become holes too. */
function assemble(pieces: ({ map: CookedMap } | { hole: TSESTree.Node })[], node: TSESTree.Node, syntaxes: ReadonlySet<TemplateSyntax>, routes: boolean): { value: string; parts: Part[] } {
  const printf = isPrintfFormat(node);
  const replaced = replacedText(node);
  let value = '';
  const parts: Part[] = [];
  for (const piece of pieces) {
    if ('hole' in piece) {
      const text = placeholder(value);
      // A copy: an edit moves the node's own range array in place (`JsDiscovery.edit`), and a candidate keeps the ranges of the version it was found in.
      parts.push({ kind: 'hole', start: value.length, end: value.length + text.length, range: [piece.hole.range[0], piece.hole.range[1]], node: piece.hole });
      value += text;
      continue;
    }
    const cooked = piece.map.value;
    let from = 0;
    {
      for (const expression of holesIn(cooked, syntaxes, routes, printf, replaced, piece.map)) {
        const at = expression.start;
        if (at > from) parts.push({ kind: 'text', start: value.length, end: value.length + (at - from), map: piece.map, mapOffset: from });
        value += cooked.slice(from, at);
        const text = placeholder(value);
        const range = piece.map.sourceRange(at, expression.end);
        parts.push({ kind: 'hole', start: value.length, end: value.length + text.length, range, node });
        value += text;
        from = expression.end;
      }
    }
    if (from < cooked.length || cooked.length === 0) {
      parts.push({ kind: 'text', start: value.length, end: value.length + (cooked.length - from), map: piece.map, mapOffset: from });
    }
    value += cooked.slice(from);
  }
  return { value, parts };
}

function jsxName(name: TSESTree.JSXTagNameExpression | TSESTree.JSXAttribute['name']): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return `${jsxName(name.object)}.${name.property.name}`;
}

/** `<a href>` on a DOM element (lower-case tag) or on a configured link component. */
function urlAttribute(attribute: TSESTree.JSXAttribute, linkComponents: ReadonlySet<string>): string | undefined {
  const name = jsxName(attribute.name);
  if (!URL_ATTRIBUTES.has(name)) return undefined;
  const element = attribute.parent;
  if (element?.type !== 'JSXOpeningElement') return undefined;
  const tag = jsxName(element.name);
  if (/^[a-z]/.test(tag) || linkComponents.has(tag)) return `<${tag} ${name}>`;
  return undefined;
}

/** The key of the property `node` is the value of: `$schema` of `{ $schema: "…" }`. */
function propertyKey(node: TSESTree.Node): string | undefined {
  const parent = node.parent;
  if (parent?.type !== 'Property' || parent.value !== node || parent.computed) return undefined;
  if (parent.key.type === 'Identifier') return parent.key.name;
  return parent.key.type === 'Literal' ? String(parent.key.value) : undefined;
}

/** The property key or the variable a value is given to (`{ homepage: "…" }`, `const apiUrl = "…"`). */
function nameOf(node: TSESTree.Node): string | undefined {
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.right === node) {
    if (parent.left.type === 'Identifier') return parent.left.name;
    if (parent.left.type === 'MemberExpression' && !parent.left.computed && parent.left.property.type === 'Identifier') return parent.left.property.name;
  }
  return propertyKey(node);
}

/** An HTML event handler attribute's name (`onclick`, `onmouseover`): its value is script. */
const EVENT_HANDLER_NAME = /^on[a-z]{3,}$/;

/**
 * The value of an event handler attribute written as an object's property (`attributes: { onclick:
 * 'javascript:alert("Hello");' }`): script, in which `javascript:` is a label, not a URL.
 */
function isEventHandlerValue(node: TSESTree.Node): boolean {
  const name = propertyKey(node);
  return name !== undefined && EVENT_HANDLER_NAME.test(name);
}

/** Why a string is not a URL whatever it looks like: its place in the code. */
function isExcludedPlace(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (MODULE_SPECIFIER_PARENTS.has(parent.type)) return true;
  switch (parent.type) {
    case 'TSLiteralType':
    case 'TSModuleDeclaration':
    case 'TSEnumMember':
    case 'ImportAttribute':
      return true;
    case 'ExpressionStatement':
      return 'directive' in parent && parent.directive !== undefined;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
    case 'TSPropertySignature':
      return (parent.key === node && !parent.computed) || isEventHandlerValue(node);
    case 'CallExpression':
    case 'NewExpression': {
      const callee = parent.callee;
      if (callee.type === 'Identifier') return PATTERN_CALLEES.has(callee.name) || callee.name === 'require';
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        return NOT_URL_METHODS.has(callee.property.name) || PATTERN_CALLEES.has(callee.property.name);
      }
      return false;
    }
    case 'BinaryExpression':
      // `s === "https://"`, `s.indexOf("x") + …` compare or compute, not build URLs.
      return parent.operator !== '+';
    case 'SwitchCase':
      return parent.test === node;
    default:
      return false;
  }
}

interface Walk {
  sourceCode: JsSourceCode;
  sinks: Map<TSESTree.Node, string>;
  linkComponents: ReadonlySet<string>;
  /** The template syntaxes whose tags are holes in strings. */
  templates: ReadonlySet<TemplateSyntax>;
  out: UriCandidate[];
  /** See `DiscoveryOptions.attributes`. */
  attributes?: ReadonlyMap<number, string> | undefined;
  /** Counts the expressions whose value was built (those `mayHoldUri` did not pass over), where given. */
  work?: { built: number };
}

/** The bound attribute whose value `node` is (see `DiscoveryOptions.attributes`): a statement's expression, or a branch of one. */
function boundAttribute(walk: Walk, node: TSESTree.Node): string | undefined {
  if (walk.attributes === undefined || walk.attributes.size === 0) return undefined;
  let value = node;
  for (let parent = node.parent; parent; value = parent, parent = parent.parent) {
    if (parent.type === 'ExpressionStatement') return walk.attributes.get(value.range[0]);
    const branch =
      (parent.type === 'ConditionalExpression' && parent.test !== value) ||
      (parent.type === 'LogicalExpression' && (parent.operator !== '&&' || parent.right === value));
    if (!branch) return undefined;
  }
  return undefined;
}

/** What `textFlags` finds in the text of a string's pieces (bits). */
const COLON = 1;
/** A `\\` (an escape) or a `&` (a JSX entity): either may write any character. */
const ESCAPE = 2;
const SLASH = 4;
/** A character that is, or may be, white space as `/\s/` reads it. */
const SPACE = 8;

/**
 * The flags of the literal text an expression builds a string from, read in the source as `piecesOf`
 * would take its pieces (a string, each text of a template, the strings of a `+` chain), not in the
 * expressions between them: `${a ? b : c}` writes no `:` into the value.
 */
function textFlags(text: string, node: TSESTree.Node): number {
  if (node.type === 'TemplateLiteral') {
    let flags = 0;
    for (const quasi of node.quasis) flags |= rangeFlags(text, quasi.range[0], quasi.range[1], false);
    return flags;
  }
  if (node.type === 'BinaryExpression' && node.operator === '+') return textFlags(text, node.left) | textFlags(text, node.right);
  if (node.type === 'Literal') return typeof node.value === 'string' ? rangeFlags(text, node.range[0], node.range[1], node.parent?.type === 'JSXAttribute') : 0;
  // Anything else is a hole: its placeholder (`x` or `1`) writes none of these.
  return 0;
}

/**
 * The flags of `text[start, end)`. An escape that writes a line break, a tab or the like counts as
 * white space, one that writes a backslash or a quote as nothing (and a `\` followed by one of
 * these in a JSX string, where it is no escape, holds no `:` or `/` either); any other escape (`\x3a`,
 * `\u002f`, `\072`, `\:`) may write anything. `&` starts an entity only in a JSX attribute's string.
 */
function rangeFlags(text: string, start: number, end: number, entities: boolean): number {
  let flags = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 58) flags |= COLON;
    else if (code === 47) flags |= SLASH;
    else if (code === 92) {
      const next = text.charCodeAt(i + 1);
      // n r t v f: white space.
      if (next === 110 || next === 114 || next === 116 || next === 118 || next === 102) flags |= SPACE;
      // \ ' " `: the character itself.
      else if (next !== 92 && next !== 39 && next !== 34 && next !== 96) return flags | ESCAPE;
      i++;
    } else if (code === 38 && entities) return flags | ESCAPE;
    else if (code <= 32 || code === 0xa0 || code >= 0x1680) flags |= SPACE;
  }
  return flags;
}

/** Whether the text at `at` starts with a known scheme of two characters or more and its `:` (what `hasUriShape` asks of a scheme). */
function startsWithScheme(text: string, at: number, end: number): boolean {
  const first = text.charCodeAt(at) | 0x20;
  if (first < 97 || first > 122) return false;
  let i = at + 1;
  while (i < end && /[A-Za-z0-9+.-]/.test(text[i]!)) i++;
  return i < end && text.charCodeAt(i) === 58 && i - at >= 2 && lookupScheme(text.slice(at, i).toLowerCase()) !== undefined;
}

/**
 * Whether the expression `node` can give a candidate outside a sink or attribute, judged from the
 * source text of its literal pieces before its value is built. Such a candidate is a value that
 * starts like a URI (a known scheme and its `:`, or `//`), or a URI in prose, which needs white
 * space in the value and a known scheme and its `:` in it. An escape (`\x3a`, `\u002f`) or a JSX entity (`&#58;`) can write any
 * character, so a piece with one is always read. Otherwise a string's or template's value is its
 * text (a hole or template tag only puts a placeholder, `x` or `1`, in place of some of it), so its
 * first characters are its value's; a `+` chain's start may be split across its pieces
 * (`"/" + "/host"`, `"https" + "://…"`), so it is read when it holds a `:` or a `/`.
 */
function mayHoldUri(text: string, node: TSESTree.Node): boolean {
  const flags = textFlags(text, node);
  if ((flags & ESCAPE) !== 0) return true;
  if (node.type === 'Literal' || node.type === 'TemplateLiteral') {
    const start = node.range[0] + 1;
    if ((flags & SLASH) !== 0 && text.charCodeAt(start) === 47 && text.charCodeAt(start + 1) === 47) return true;
    if ((flags & COLON) === 0) return false;
    if (startsWithScheme(text, start, node.type === 'Literal' ? node.range[1] - 1 : node.quasis[0]!.range[1])) return true;
    if ((flags & SPACE) === 0) return false;
    // Prose: a URI found there starts with a known scheme and its `:`, inside one piece of text (one across a hole is dropped).
    if (node.type === 'Literal') return hasSchemeColon(text, start, node.range[1] - 1);
    return node.quasis.some((quasi) => hasSchemeColon(text, quasi.range[0], quasi.range[1]));
  }
  return (flags & (COLON | SLASH)) !== 0;
}

function addCandidates(walk: Walk, node: TSESTree.Node, context: CandidateContext | undefined, sink: string | undefined, namespace: boolean): void {
  // Outside a sink or attribute a candidate needs a scheme's `:`, prose's `:` or a leading `//`: none can come from a text without them.
  if (context === undefined && !mayHoldUri(walk.sourceCode.text, node)) return;
  if (walk.work !== undefined) walk.work.built++;
  const pieces = node.type === 'Literal' && node.parent?.type === 'JSXAttribute'
    ? [{ map: mapJsxAttribute(walk.sourceCode.getText(node), node.range[0], node.value as string) }]
    : piecesOf(node, walk.sourceCode);
  if (pieces === undefined || !pieces.some((piece) => 'map' in piece)) return;
  const inContext = context !== undefined;
  const common = { node, range: [node.range[0], node.range[1]] as [number, number], key: propertyKey(node), source: walk.sourceCode.text };
  const { value, parts } = assemble(pieces, node, walk.templates, !inContext);
  if (inContext) {
    if (value.trim().length === 0) return;
    // A bound `srcset` (a component's `:srcset="…"`, `[srcset]="…"`): its URLs apart from their descriptors.
    if (sink !== undefined && SRCSET_SINK.test(sink)) {
      for (const [start, end] of srcsetSpans(value)) walk.out.push(new UriCandidate({ ...common, context, sink, value, uriStart: start, uriEnd: end, parts, namespace }));
      return;
    }
    append(walk.out, valueCandidates(value, parts, { ...common, context, sink, namespace }));
    return;
  }
  append(walk.out, valueCandidates(value, parts, { ...common, name: nameOf(node), namespace, title: isTestTitle(node) }));
}

/** Test runners' functions whose first argument is a title (Jest, Vitest, Mocha, node:test, tap, ava, Jasmine, Playwright). */
const TEST_FUNCTIONS = new Set(['test', 'it', 'describe', 'suite', 'context', 'specify', 'bench', 'fit', 'xit', 'fdescribe', 'xdescribe']);

/**
 * Whether `node` is a test's title: the first argument of `test(…)`, `it.only(…)`, `describe.skip(…)`,
 * `test.each(table)(…)`. A title is a name shown in a report (`'https://github.com/org/repo/issues/810 pipelining'`),
 * read as prose.
 */
function isTestTitle(node: TSESTree.Node): boolean {
  const call = node.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== node) return false;
  let callee: TSESTree.Node = call.callee;
  if (callee.type === 'CallExpression') callee = callee.callee;
  while (callee.type === 'MemberExpression' && !callee.computed) callee = callee.object;
  return callee.type === 'Identifier' && TEST_FUNCTIONS.has(callee.name);
}

/** Whether `node` builds a string from literal text: a string literal, a template, or a `+` chain starting with one. */
function buildsString(node: TSESTree.Node): boolean {
  if (isString(node) || node.type === 'TemplateLiteral') return true;
  return node.type === 'BinaryExpression' && node.operator === '+' && buildsString(node.left);
}

/** A piece of a larger `+` chain: read with the chain, not on its own. */
function isConcatenationPart(node: TSESTree.Node): boolean {
  return node.parent?.type === 'BinaryExpression' && node.parent.operator === '+' && buildsString(node.parent);
}

/**
 * Runs one candidate's discovery so that a literal this code did not foresee is
 * skipped instead of stopping ESLint on the whole file: a rule never crashes ESLint.
 */
function guarded(find: () => void): void {
  try {
    find();
  } catch {
    // The literal could not be mapped to its value; it is left unchecked.
  }
}

/** `addCandidates`, guarded as `guarded` guards (without a closure per expression). */
function addCandidatesGuarded(walk: Walk, node: TSESTree.Node, context: CandidateContext | undefined, sink: string | undefined, namespace: boolean): void {
  try {
    addCandidates(walk, node, context, sink, namespace);
  } catch {
    // The literal could not be mapped to its value; it is left unchecked.
  }
}

/**
 * A JSX attribute whose value builds a string: a URL attribute (`href`, `src`…)
 * is checked whatever its value looks like. Returns the value node it took, so
 * the value is not read again on its own.
 */
function visitJsxAttribute(walk: Walk, node: TSESTree.JSXAttribute): TSESTree.Node | undefined {
  const name = jsxName(node.name);
  let value: TSESTree.Node | null = node.value;
  if (value?.type === 'JSXExpressionContainer') value = value.expression.type === 'JSXEmptyExpression' ? null : value.expression;
  if (!value || !buildsString(value)) return undefined;
  // srcSet holds several URLs with descriptors: not one URI.
  if (name === 'srcSet' || name === 'srcset') return value;
  const sink = urlAttribute(node, walk.linkComponents);
  const namespace = name === 'xmlns' || name.startsWith('xmlns:');
  addCandidatesGuarded(walk, value, sink ? 'attribute' : undefined, sink, namespace);
  return value;
}

/**
 * The candidates of an expression that builds a string from literal text (a
 * literal, a template, the top of a `+` chain), unless it is tagged or its
 * place says it is no URL. A sink argument is a URL even where the method's
 * name suggests a pattern: `location.replace(url)`.
 */
function addExpression(walk: Walk, node: TSESTree.Node): void {
  const attribute = buildsString(node) && !isConcatenationPart(node) ? boundAttribute(walk, node) : undefined;
  if (attribute !== undefined) {
    addCandidatesGuarded(walk, node, 'attribute', attribute, false);
    return;
  }
  const tagged = node.type === 'TemplateLiteral' && node.parent?.type === 'TaggedTemplateExpression';
  const sink = walk.sinks.get(node);
  // A module specifier is a file or package to resolve, even as a sink's argument (`new URL("./w.js", import.meta.url)`).
  if (buildsString(node) && !tagged && !isConcatenationPart(node) && !isModuleSpecifier(node) && (sink !== undefined || !isExcludedPlace(node))) {
    addCandidatesGuarded(walk, node, sink ? 'sink' : undefined, sink, false);
  }
}

/** What `visit` does at one node, before its children; false when it skips them. */
function visitNode(walk: Walk, node: TSESTree.Node): boolean {
  const syntactic = syntacticSink(node);
  if (syntactic) walk.sinks.set(syntactic.argument, syntactic.name);

  if (node.type === 'JSXAttribute' && visitJsxAttribute(walk, node)) return false;

  addExpression(walk, node);
  return true;
}

/**
 * `visit` from the root, over the nodes the reader listed instead of the tree: every other node
 * is one at which `visitNode` does nothing (no sink, no string built, no attribute), so the order
 * of what it does, and what it skips, are the same.
 */
function visitListed(walk: Walk, walked: DiscoveryWalk): void {
  const nodes = walked.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (!visitNode(walk, node)) i = walked.subtreeEnds.get(node)! - 1;
  }
}

function visit(walk: Walk, node: TSESTree.Node): void {
  if (!visitNode(walk, node)) return;
  forEachChild(node, walk.sourceCode.visitorKeys, visit, walk);
}

const cache = new WeakMap<object, Map<string, UriCandidate[]>>();

/** The sinks of the file, or none if the scope analysis is not what ReferenceTracker expects. */
function sinksOrNone(sourceCode: JsSourceCode, sinks: readonly string[] | undefined): Map<TSESTree.Node, string> {
  try {
    return findSinkArguments(sourceCode, sinks);
  } catch {
    return new Map();
  }
}

/** The URIs of a comment, read as prose, added to `out`; none if it cannot be read. */
function addComment(out: UriCandidate[], comment: TSESTree.Comment): void {
  try {
    // `//` and `/*` are two characters; the value is what follows them.
    for (const candidate of commentCandidates(comment.value, comment.range[0] + 2)) out.push(candidate);
  } catch {
    // The comment is left unchecked.
  }
}

/**
 * The candidates of literals found without a tree (in a file that does not
 * parse): each is judged by its text alone, as a literal outside any sink is.
 */
export function literalCandidates(text: string, nodes: readonly TSESTree.Node[], templates?: TemplateSetting): UriCandidate[] {
  const sourceCode = { text, getText: (node: TSESTree.Node) => text.slice(node.range[0], node.range[1]) } as unknown as JsSourceCode;
  const walk: Walk = { sourceCode, sinks: new Map(), linkComponents: new Set(), templates: jsTemplateSyntaxes(templates), out: [] };
  for (const node of nodes) guarded(() => addCandidates(walk, node, undefined, undefined, false));
  return walk.out;
}

/** `settings.urilint` of the ESLint config, read defensively: settings are user data. */
export function discoveryOptions(settings: Readonly<Record<string, unknown>> | undefined): DiscoveryOptions {
  const raw = settings?.['urilint'];
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  if (raw === null || typeof raw !== 'object') return {};
  const record = raw as Record<string, unknown>;
  const options: DiscoveryOptions = { sinks: strings(record['sinks']), linkComponents: strings(record['linkComponents']) };
  if (typeof record['comments'] === 'boolean') options.comments = record['comments'];
  const templates = record['templates'];
  if (typeof templates === 'boolean') options.templates = templates;
  else if (Array.isArray(templates)) options.templates = templates.filter((name): name is TemplateSyntax => (TEMPLATE_SYNTAXES as readonly unknown[]).includes(name));
  if (Array.isArray(record['testFiles'])) options.testFiles = strings(record['testFiles']);
  if (typeof record['fixTestFiles'] === 'boolean') options.fixTestFiles = record['fixTestFiles'];
  return options;
}

/** What ESLint's own traversal hands discovery: once per file, however many urilint rules run. */
interface Collected {
  /** Each node once, in traversal order: ESLint's traversal enters a node once, and one listener collects each type. */
  nodes: TSESTree.Node[];
  syntacticSinks: Map<TSESTree.Node, string>;
  /** A call named like a global sink, or an import or require of a sink module, was seen. */
  mayHaveSinks: boolean;
  /** An import or require of a sink module was seen (the module trace maps can find something). */
  sinkModules: boolean;
  /** A rule already set up the collection for this file: the others only read. */
  collecting: boolean;
  /**
   * The nodes are read from the steps of ESLint's traversal (`SourceCode#traverse()`, in ESLint 10
   * and the later 9.x releases) at `Program:exit`, instead of listeners: ESLint then calls no urilint
   * listener per node.
   */
  fromSteps: boolean;
  candidates: UriCandidate[] | undefined;
  /** Counts the file's work for the caller that set up the collection, where it asked to (tests). */
  work: EslintPathWork | undefined;
}

/** What the ESLint path did, counted for a caller of `uriListeners` that asks (tests prove the cost by counting it). */
export interface EslintPathWork {
  /** Files whose candidates were built (once per file, however many rules read them). */
  builds: number;
  /** Files whose nodes were read from the steps of ESLint's traversal (no listener per node). */
  fromSteps: number;
  /** Files given a ReferenceTracker pass for their sinks. */
  sinkPasses: number;
}

const collected = new WeakMap<object, Collected>();

function collectedOf(sourceCode: object): Collected {
  let state = collected.get(sourceCode);
  if (!state) {
    state = { nodes: [], syntacticSinks: new Map(), mayHaveSinks: false, sinkModules: false, collecting: false, fromSteps: false, candidates: undefined, work: undefined };
    collected.set(sourceCode, state);
  }
  return state;
}

/** The name a callee ends in: `fetch`, `URL`, `open` of `window.open`. */
function calleeName(callee: TSESTree.Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

function isSinkModuleRequire(node: TSESTree.CallExpression | TSESTree.NewExpression): boolean {
  const argument = node.arguments[0];
  return node.callee.type === 'Identifier' && node.callee.name === 'require' && argument?.type === 'Literal' && SINK_MODULES.has(String(argument.value));
}

/**
 * What the collection does at one node entered by ESLint's traversal (the listeners' work, or one
 * step of `SourceCode#traverse()`): the strings, templates, `+` chains and JSX attributes are kept,
 * in order; a syntactic sink is noted; a call named like a global sink, or an import or require of
 * a sink module, marks the file as worth a ReferenceTracker pass.
 */
function collectNode(state: Collected, node: TSESTree.Node): void {
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') state.nodes.push(node);
      return;
    case 'TemplateLiteral':
    case 'JSXAttribute':
      state.nodes.push(node);
      return;
    case 'BinaryExpression':
      if (node.operator === '+') state.nodes.push(node);
      return;
    case 'AssignmentExpression':
    case 'ImportExpression': {
      const sink = syntacticSink(node);
      if (sink) state.syntacticSinks.set(sink.argument, sink.name);
      return;
    }
    case 'CallExpression':
    case 'NewExpression': {
      if (node.type === 'CallExpression') {
        const sink = syntacticSink(node);
        if (sink) state.syntacticSinks.set(sink.argument, sink.name);
      }
      if (isSinkModuleRequire(node)) state.mayHaveSinks = state.sinkModules = true;
      else if (!state.mayHaveSinks) {
        const name = calleeName(node.callee);
        if (name !== undefined && GLOBAL_SINK_NAMES.has(name)) state.mayHaveSinks = true;
      }
      return;
    }
    case 'ImportDeclaration':
      if (SINK_MODULES.has(String(node.source.value))) state.mayHaveSinks = state.sinkModules = true;
      return;
    default:
  }
}

/** A step of `SourceCode#traverse()` as ESLint gives them: `kind` 1 and `phase` 1 enter a node. */
interface TraversalStep {
  kind?: unknown;
  phase?: unknown;
  target?: unknown;
}

/** The steps of ESLint's traversal of the file, when its `SourceCode` gives them (`traverse()`). */
function traversalSteps(sourceCode: object): (() => Iterable<TraversalStep>) | undefined {
  const traverse = (sourceCode as { traverse?: unknown }).traverse;
  return typeof traverse === 'function' ? () => traverse.call(sourceCode) as Iterable<TraversalStep> : undefined;
}

/** Collects from the steps ESLint took (and cached) for its traversal: each node it entered, in order. */
function collectFromSteps(state: Collected, steps: Iterable<TraversalStep>): void {
  if (Array.isArray(steps)) {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as TraversalStep;
      if (step.kind === 1 && step.phase === 1) collectNode(state, step.target as TSESTree.Node);
    }
    return;
  }
  for (const step of steps) if (step.kind === 1 && step.phase === 1) collectNode(state, step.target as TSESTree.Node);
}

/**
 * The globals ReferenceTracker starts a built-in trace from: the global sinks' names, the global
 * objects' (`window.fetch`), and `require` (a CommonJS module's calls, whatever names its argument).
 */
const TRACE_STARTS: ReadonlySet<string> = new Set([
  ...Reflect.ownKeys(GLOBAL_SINKS).filter((key): key is string => typeof key === 'string'),
  ...GLOBAL_OBJECT_NAMES,
  'require',
]);

/**
 * Whether the file reads a global a built-in trace starts from (`fetch`, `URL`, `window`,
 * `location`, `require`…): a declared global with a reference, or a name declared nowhere and
 * referenced. When it reads none, ReferenceTracker's traces find nothing (they follow only the
 * references of these variables, and the imports of sink modules, which are seen apart), so the
 * pass is left out.
 */
function readsTracedGlobal(sourceCode: JsSourceCode): boolean {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return false;
  for (const name of TRACE_STARTS) if ((scope.set.get(name)?.references.length ?? 0) > 0) return true;
  for (const reference of scope.through) if (TRACE_STARTS.has(reference.identifier.name)) return true;
  return false;
}

/**
 * Whether the file's sinks need a ReferenceTracker pass: a sink of the user's, an import or require
 * of a sink module, or a call named like a global sink or a traced global taken as a value, in a
 * file that reads a global a trace starts from (`x.replace(…)` on a string alone is not enough).
 */
function needsSinkPass(sourceCode: JsSourceCode, state: Collected, userSinks: readonly string[]): boolean {
  if (userSinks.length > 0 || state.sinkModules) return true;
  return (state.mayHaveSinks || storesTracedGlobal(sourceCode)) && readsTracedGlobal(sourceCode);
}

/**
 * Whether the file takes a global a trace starts from, or a property of it, as a value rather than
 * calling it or testing its type: `const f = fetch`, `const open = window.open`, `use(URL)`. A sink
 * called under another name (`f(url)`) is then followed by ReferenceTracker, as discovery's own walk
 * follows it, though no call in the file is named like a sink.
 */
function storesTracedGlobal(sourceCode: JsSourceCode): boolean {
  const scope = sourceCode.scopeManager?.globalScope;
  if (!scope) return false;
  const stored = (identifier: TSESTree.Node): boolean => {
    let node = identifier;
    while (node.parent?.type === 'MemberExpression' && node.parent.object === node) node = node.parent;
    const parent = node.parent;
    if (parent === undefined) return false;
    if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee === node) return false;
    if (parent.type === 'UnaryExpression' && parent.operator === 'typeof') return false;
    if (parent.type === 'BinaryExpression' || parent.type === 'ExpressionStatement') return false;
    return true;
  };
  for (const name of TRACE_STARTS) for (const reference of scope.set.get(name)?.references ?? []) if (stored(reference.identifier)) return true;
  for (const reference of scope.through) if (TRACE_STARTS.has(reference.identifier.name) && stored(reference.identifier)) return true;
  return false;
}

/** The template syntaxes of a setting in JavaScript strings, made once per setting of the default kind. */
const DEFAULT_JS_SYNTAXES = jsTemplateSyntaxes(undefined);

/** Builds the candidates from what the traversal collected (in traversal order: parents first). */
function buildCandidates(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, state: Collected): UriCandidate[] {
  const sourceCode = context.sourceCode;
  if (state.fromSteps) {
    const steps = traversalSteps(sourceCode);
    if (steps !== undefined) collectFromSteps(state, steps());
  }
  const options = discoveryOptions(context.settings);
  const userSinks = options.sinks ?? [];
  const sinkPass = needsSinkPass(sourceCode, state, userSinks);
  if (state.work !== undefined) {
    state.work.builds++;
    if (state.fromSteps) state.work.fromSteps++;
    if (sinkPass) state.work.sinkPasses++;
  }
  const sinks = sinkPass ? sinksOrNone(sourceCode, userSinks) : new Map<TSESTree.Node, string>();
  for (const [argument, name] of state.syntacticSinks) sinks.set(argument, name);
  const linkComponents = options.linkComponents === undefined || options.linkComponents.length === 0 ? NO_NAMES : new Set(options.linkComponents);
  const templates = options.templates === undefined ? DEFAULT_JS_SYNTAXES : jsTemplateSyntaxes(options.templates);
  const walk: Walk = { sourceCode, sinks, linkComponents, templates, out: [] };
  const text = sourceCode.text;
  // The value of a JSX attribute read with it (it comes after the attribute, in its subtree).
  let handled: Set<TSESTree.Node> | undefined;
  for (const node of state.nodes) {
    if (handled !== undefined && handled.has(node)) continue;
    if (node.type === 'JSXAttribute') {
      const value = visitJsxAttribute(walk, node);
      if (value) (handled ??= new Set()).add(value);
      continue;
    }
    // A piece of a `+` chain is read with the chain (`addExpression` does nothing with it). Outside a
    // sink (this path has no bound attributes), `addExpression` reads an expression only through
    // `addCandidates`, which first asks `mayHoldUri`: asked here, the others are passed over before
    // their place in the tree is looked at.
    if (isConcatenationPart(node) || (!sinks.has(node) && !mayHoldUri(text, node))) continue;
    addExpression(walk, node);
  }
  if (options.comments !== false) for (const comment of sourceCode.ast.comments ?? []) addComment(walk.out, comment);
  return walk.out;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * The listeners every urilint rule installs. The first rule created for a file
 * sets up the collection of the nodes that can hold a URI: from the steps of
 * ESLint's own traversal (`SourceCode#traverse()`, which ESLint has already
 * taken and cached: no second walk of the tree, no urilint listener called per
 * node), or with listeners during that traversal where ESLint gives no steps.
 * At `Program:exit` the first rule to get there builds the file's candidates —
 * each parsed once — and every rule's `check` receives the same list.
 */
export function uriListeners(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  check: (candidates: readonly UriCandidate[]) => void,
  work?: EslintPathWork,
): TSESLint.RuleListener {
  const state = collectedOf(context.sourceCode);
  const exit = (): void => check((state.candidates ??= buildCandidates(context, state)));
  // One rule per file collects; every other urilint rule only reads the result at Program:exit.
  if (state.collecting) return { 'Program:exit': exit };
  state.collecting = true;
  state.work = work;
  if (traversalSteps(context.sourceCode) !== undefined) {
    state.fromSteps = true;
    return { 'Program:exit': exit };
  }
  const collect = (node: TSESTree.Node): void => collectNode(state, node);
  return {
    Literal: collect,
    TemplateLiteral: collect,
    BinaryExpression: collect,
    JSXAttribute: collect,
    AssignmentExpression: collect,
    ImportExpression: collect,
    CallExpression: collect,
    NewExpression: collect,
    ImportDeclaration: collect,
    'Program:exit': exit,
  };
}

/**
 * Every URI candidate of a file, found with a walk of its own. ESLint rules use
 * `uriListeners`, which collects during ESLint's traversal instead; this is
 * for callers outside a rule's traversal (the language server, the command line).
 */
export function discoverJs(sourceCode: JsSourceCode, options: DiscoveryOptions = {}): UriCandidate[] {
  const key = JSON.stringify([options.sinks ?? [], options.linkComponents ?? [], options.comments !== false, options.templates ?? true]);
  let byOptions = cache.get(sourceCode);
  if (!byOptions) cache.set(sourceCode, (byOptions = new Map()));
  const cached = byOptions.get(key);
  if (cached) return cached;
  const found = [...new JsDiscovery(sourceCode, options).candidates];
  byOptions.set(key, found);
  return found;
}


/** What an edit applied to a `JsDiscovery` changed. */
export interface JsEditResult {
  /** The candidates of the edited token's expression before the edit. */
  removed: UriCandidate[];
  /** Its candidates after the edit, found again. */
  added: UriCandidate[];
  /** The kind of token the edit stayed inside; `code` for statements typed between statements (see `JsDiscovery.edit`). */
  token: 'string' | 'template' | 'comment' | 'code';
  /** Whether the edit added or removed a line break (lines after it moved). */
  lineBreaks: boolean;
}

/**
 * The URIs of one parsed JavaScript or TypeScript file, kept up to date
 * through edits: an edit that stays inside one string, template text or
 * comment leaves the tree as a new parse would make it (only that token's
 * text and the ranges after it change), so only the URIs of that token's
 * expression are found again, exactly as `discoverJs` would find them.
 */
export class JsDiscovery {
  readonly sourceCode: JsSourceCode;
  #candidates: UriCandidate[];
  readonly #walk: Walk;
  readonly #comments: boolean;
  /** The candidates of each comment (they have no node). */
  readonly #byComment = new Map<TSESTree.Comment, UriCandidate[]>();
  /** The tokens an edit may stay inside, in source order (they never overlap, and an edit never reorders them). */
  #tokens: Token[] | undefined;
  /**
   * Every node's and comment's range array, each the node's own (set on the first edit): an edit
   * moves them in place, one pass over a flat list, instead of a new array per node.
   */
  #ranges: [number, number][] | undefined;
  /** The identifiers of each name (set up with the tokens): where a `const`'s value may be read. */
  #identifiers: Map<string, TSESTree.Identifier[]> | undefined;
  /**
   * What the analysis and the edits cost: the strings, templates and `+` chains whose value was
   * built (the others were passed over on their source text), the candidates found again, the range
   * arrays moved, and how often an edit had to set the tree up first (`prepare` had not).
   */
  readonly work = { built: 0, rediscovered: 0, rangesMoved: 0, setups: 0 };
  /**
   * Parses a fragment of code as the file was parsed (throws on a syntax error): set by
   * `discoverJsText`, it lets an edit between statements be applied without parsing the file.
   */
  parseFragment: ((text: string) => JsSourceCode) | undefined;

  constructor(sourceCode: JsSourceCode, options: DiscoveryOptions = {}) {
    this.sourceCode = sourceCode;
    this.#comments = options.comments !== false;
    this.#walk = { sourceCode, sinks: sinksOrNone(sourceCode, options.sinks), linkComponents: new Set(options.linkComponents ?? []), templates: jsTemplateSyntaxes(options.templates), out: [], attributes: options.attributes, work: this.work };
    const walked = discoveryWalkOf(sourceCode);
    if (walked === undefined) visit(this.#walk, sourceCode.ast as TSESTree.Node);
    else visitListed(this.#walk, walked);
    const literals = this.#walk.out;
    const comments: UriCandidate[] = [];
    if (this.#comments) {
      for (const comment of sourceCode.ast.comments ?? []) {
        const found = this.#commentCandidates(comment);
        this.#byComment.set(comment, found);
        comments.push(...found);
      }
    }
    this.#candidates = [...literals, ...comments];
  }

  get candidates(): readonly UriCandidate[] {
    return this.#candidates;
  }

  #commentCandidates(comment: TSESTree.Comment): UriCandidate[] {
    const out: UriCandidate[] = [];
    guarded(() => out.push(...commentCandidates(comment.value, comment.range[0] + 2)));
    return out;
  }

  /**
   * Sets the tree up for edits — the tokens in source order, each node's own range array, the
   * identifiers by name — so that the next edit does not: for an idle moment after a full
   * analysis. Changes nothing an analysis reads. Returns whether there was anything to do.
   */
  prepare(): boolean {
    const nodes = nodesOf(this.sourceCode);
    if (nodes === undefined || this.#identifiers !== undefined) return false;
    this.#tokenList();
    this.#rangeList(nodes);
    const identifiers = new Map<string, TSESTree.Identifier[]>();
    for (const node of nodes) {
      if (node.type !== 'Identifier') continue;
      const list = identifiers.get(node.name);
      if (list === undefined) identifiers.set(node.name, [node]);
      else list.push(node);
    }
    this.#identifiers = identifiers;
    return true;
  }

  #tokenList(): Token[] {
    if (this.#tokens === undefined) {
      const tokens: Token[] = [];
      for (const node of nodesOf(this.sourceCode) ?? []) {
        if (node.type === 'Literal' && typeof node.value === 'string') tokens.push({ kind: 'string', node: node as TSESTree.StringLiteral, jsx: node.parent?.type === 'JSXAttribute' });
        else if (node.type === 'TemplateElement') tokens.push({ kind: 'template', node });
      }
      for (const comment of this.sourceCode.ast.comments ?? []) tokens.push({ kind: 'comment', node: comment });
      this.#tokens = tokens.sort((a, b) => a.node.range[0] - b.node.range[0]);
    }
    return this.#tokens;
  }

  /** The token whose content holds `[start, end)`: a binary search over the tokens in source order. */
  #tokenAt(start: number, end: number, text: string): Token | undefined {
    const tokens = this.#tokenList();
    let low = 0;
    let high = tokens.length;
    // The last token that starts before `start`.
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (tokens[mid]!.node.range[0] < start) low = mid + 1;
      else high = mid;
    }
    const token = tokens[low - 1];
    if (token === undefined) return undefined;
    const [from, to] = contentOf(token, text);
    return from <= start && end <= to ? token : undefined;
  }

  /** The range arrays an edit moves: on the first edit, each node and comment is given its own array (a parser may share one between nodes). */
  #rangeList(nodes: readonly TSESTree.Node[]): [number, number][] {
    if (this.#ranges === undefined) {
      const ranges: [number, number][] = [];
      for (const node of nodes) ranges.push((node.range = [node.range[0], node.range[1]]));
      for (const comment of this.sourceCode.ast.comments ?? []) ranges.push((comment.range = [comment.range[0], comment.range[1]]));
      this.#ranges = ranges;
    }
    return this.#ranges;
  }

  /**
   * Applies an edit of the file's text — `[start, end)` replaced by `text` —
   * when it stays inside one token as above, or between two statements of a
   * statement list and leaves there only statements that can hold no URI and
   * change no name (see `codeBetween`); returns the candidates it replaced and
   * those it added; `undefined` (nothing changed) when the edit may change
   * more, and the file must be parsed again.
   */
  edit(start: number, end: number, text: string): JsEditResult | undefined {
    const nodes = nodesOf(this.sourceCode);
    if (nodes === undefined) return undefined;
    if (this.prepare()) this.work.setups++;
    const old = this.sourceCode.text;
    const token = this.#tokenAt(start, end, old);
    if (token === undefined) return this.#editBetweenStatements(start, end, text, nodes);
    const [from, to] = contentOf(token, old);
    const content = old.slice(from, start) + text + old.slice(end, to);
    const quote = old[token.node.range[0]]!;
    if (!staysOneToken(token, content, quote)) return undefined;
    if (token.kind !== 'comment' && valueMatters(token.node)) return undefined;
    if (token.kind === 'string' && token.jsx && content.includes('&#')) return undefined;
    const root = token.kind === 'comment' ? undefined : this.#rootOf(token.node);
    // A `const`'s value is read by the URIs whose holes name it: those are found again too. Any other value read elsewhere: a new parse.
    const declarator = root === undefined ? undefined : constDeclaratorOf(root);
    if (root !== undefined && declarator === undefined && readElsewhere(root)) return undefined;

    const next = old.slice(0, start) + text + old.slice(end);
    const tokenStart = token.node.range[0];
    const tokenEnd = token.node.range[1] + text.length - (end - start);
    // The token's new value, checked before anything changes: an escape the edit broke means a new parse.
    let update: () => void;
    try {
      update = this.#valueUpdate(token, next, tokenStart, tokenEnd, from, to + text.length - (end - start));
    } catch {
      return undefined;
    }

    this.#moveRanges(nodes, end, text.length - (end - start));
    setText(this.sourceCode, next);
    update();
    cache.delete(this.sourceCode);

    let removed: UriCandidate[];
    let added: UriCandidate[];
    if (token.kind === 'comment') {
      removed = this.#byComment.get(token.node) ?? [];
      added = this.#comments ? this.#commentCandidates(token.node) : [];
      this.#byComment.set(token.node, added);
      this.#replace(removed, added);
    } else {
      removed = [];
      added = [];
      for (const node of [root!, ...(declarator === undefined ? [] : this.#readersOf(declarator, root!))]) {
        const before = this.#candidates.filter((candidate) => candidate.node === node);
        const after = this.#rediscover(node);
        this.#replace(before, after);
        removed.push(...before);
        added.push(...after);
      }
    }
    this.work.rediscovered += added.length;
    return { removed, added, token: token.kind, lineBreaks: /[\n\r\u2028\u2029]/.test(text) || /[\n\r\u2028\u2029]/.test(old.slice(start, end)) };
  }

  /** Moves every range that ends at or after `end` (an edit's end in the last text) by `delta`. */
  #moveRanges(nodes: readonly TSESTree.Node[], end: number, delta: number): void {
    if (delta === 0) return;
    const ranges = this.#rangeList(nodes);
    for (const range of ranges) {
      if (range[1] < end) continue;
      range[1] += delta;
      if (range[0] >= end) range[0] += delta;
    }
    this.work.rangesMoved += ranges.length;
  }

  /**
   * An edit between two statements of a statement list that leaves there only statements a new
   * parse would add without changing anything else: the tree is kept (the new statements are not
   * in it, and hold no URI), the ranges after the edit move. Undefined when that is not certain.
   */
  #editBetweenStatements(start: number, end: number, text: string, nodes: readonly TSESTree.Node[]): JsEditResult | undefined {
    const parse = this.parseFragment;
    if (parse === undefined) return undefined;
    const sourceCode = this.sourceCode;
    const old = sourceCode.text;
    const names = this.#identifiers;
    if (names === undefined || !editStaysBetween(sourceCode, start, end, text, names, parse)) return undefined;
    const next = old.slice(0, start) + text + old.slice(end);
    const delta = text.length - (end - start);
    this.#moveRanges(nodes, end, delta);
    setText(sourceCode, next);
    cache.delete(sourceCode);
    return { removed: [], added: [], token: 'code', lineBreaks: /[\n\r\u2028\u2029]/.test(text) || /[\n\r\u2028\u2029]/.test(old.slice(start, end)) };
  }

  /** Puts `added` where `removed` were in the candidate list (at the end when there were none). */
  #replace(removed: readonly UriCandidate[], added: readonly UriCandidate[]): void {
    const gone = new Set(removed);
    const at = this.#candidates.findIndex((candidate) => gone.has(candidate));
    const kept = this.#candidates.filter((candidate) => !gone.has(candidate));
    kept.splice(at < 0 ? kept.length : at, 0, ...added);
    this.#candidates = kept;
  }

  /**
   * The expressions of the candidates that may read the value of a `const` (no-unencoded-interpolation
   * follows a hole's identifiers to their `const` initializers, and theirs in turn): those with a hole
   * around an identifier of its name, or of the name of a `const` whose initializer holds one. By
   * name, not by scope: a shadowing variable of the same name only adds candidates found again.
   */
  #readersOf(declarator: TSESTree.VariableDeclarator, edited: TSESTree.Node): TSESTree.Node[] {
    const identifiers = this.#identifiers!;
    const names = [(declarator.id as TSESTree.Identifier).name];
    const seen = new Set(names);
    const references: TSESTree.Identifier[] = [];
    for (let i = 0; i < names.length; i++) {
      for (const identifier of identifiers.get(names[i]!) ?? []) {
        references.push(identifier);
        // In another `const`'s initializer: that one's readers read this value too.
        for (let child: TSESTree.Node = identifier, node: TSESTree.Node | undefined = identifier.parent; node; child = node, node = node.parent) {
          if (node.type === 'VariableDeclarator') {
            if (node.init === child && node.id.type === 'Identifier' && !seen.has(node.id.name)) {
              seen.add(node.id.name);
              names.push(node.id.name);
            }
            break;
          }
        }
      }
    }
    // By the tree, not by ranges: a candidate found before earlier edits keeps the ranges of its own version.
    const around = new Set<TSESTree.Node>();
    for (const identifier of references) for (let node: TSESTree.Node | undefined = identifier; node && !around.has(node); node = node.parent) around.add(node);
    const roots = new Set<TSESTree.Node>();
    for (const candidate of this.#candidates) {
      const node = candidate.node;
      if (node === undefined || node === edited || roots.has(node) || !around.has(node)) continue;
      if (candidate.parts.some((part) => part.kind === 'hole' && part.node !== undefined && around.has(part.node))) roots.add(node);
    }
    return [...roots];
  }

  /** The expression a token's URIs are found in: its template, its `+` chain, or itself. */
  #rootOf(node: TSESTree.Node): TSESTree.Node {
    let root: TSESTree.Node = node.type === 'TemplateElement' ? node.parent! : node;
    while (isConcatenationPart(root)) root = root.parent!;
    return root;
  }

  /** Sets the token's value as the parser would read its new text (throws when it cannot be read). */
  #valueUpdate(token: Token, next: string, start: number, end: number, from: number, to: number): () => void {
    if (token.kind === 'comment') {
      const value = next.slice(from, to);
      return () => (token.node.value = value);
    }
    const raw = next.slice(start, end);
    if (token.kind === 'string') {
      const value = token.jsx ? mapJsxAttribute(raw, start).value : mapStringLiteral(raw, start).value;
      return () => Object.assign(token.node, { value, raw });
    }
    const map = mapTemplateElement(next.slice(from, to), from);
    if (map === undefined) throw new SyntaxError('invalid escape in a template');
    const cooked = map.value;
    return () => (token.node.value = { raw: next.slice(from, to), cooked });
  }

  /** The candidates of one expression, found as the walk found them. */
  #rediscover(root: TSESTree.Node): UriCandidate[] {
    const walk = this.#walk;
    walk.out = [];
    const attribute = root.parent?.type === 'JSXAttribute' ? root.parent : root.parent?.type === 'JSXExpressionContainer' && root.parent.parent?.type === 'JSXAttribute' ? root.parent.parent : undefined;
    if (attribute) {
      visitJsxAttribute(walk, attribute);
    } else {
      addExpression(walk, root);
    }
    const found = walk.out;
    walk.out = [];
    return found;
  }
}
