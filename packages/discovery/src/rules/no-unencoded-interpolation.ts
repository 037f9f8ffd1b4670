import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { isUriText, type Span } from '@urilint/core';
import type * as ts from 'typescript';
import type { Part, UriCandidate } from '../candidate.js';
import { renderMessage, type Finding } from '../finding.js';
import type { JsSourceCode } from '../js/source-code.js';
import { forEachChild } from '../js/children.js';
import { isNamespaceHost } from '../shape.js';
import { defineCheck } from './rule.js';

type MessageId = 'unencodedPath' | 'unencodedQuery' | 'unencodedFragment' | 'wrap';

/** Characters that need no encoding anywhere in a path segment, query or fragment. */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

/** Calls whose result is already encoded for a URI component. */
const ENCODERS = new Set(['encodeURIComponent', 'encodeURI']);

/**
 * Functions and methods that make a slug of text (`slugify(title)`, `slugger.slug(heading)`,
 * lodash's `kebabCase`): letters, digits and "-", nothing a path, a query or a fragment must encode.
 */
const SLUG_FUNCTIONS = new Set(['slugify', 'slug', 'toSlug', 'kebabCase', 'paramCase']);

/** Functions named for the slug they return: `getSlugFromPathname(file)`, `makeSlug(title)`, `createSlug`, `buildSlug`. */
const SLUG_GETTER = /^(?:get|make|create|build|compute|to)Slug(?:[A-Z]|$)/;

/** Whether a function's name says it returns a slug. */
const isSlugFunction = (name: string): boolean => SLUG_FUNCTIONS.has(name) || SLUG_GETTER.test(name);

/** Calls and methods whose result is a number (digits, `.`, `-`). */
const NUMBER_FUNCTIONS = new Set(['Number', 'parseInt', 'parseFloat']);

/**
 * Generators of identifiers whose alphabet is unreserved: the uuid package's `v1`…`v7` and
 * `crypto.randomUUID()` (hex digits and "-"), `nanoid()` (A–Z, a–z, 0–9, "_", "-"), `cuid()`, `ulid()`.
 */
const ID_GENERATORS = new Set(['v1', 'v3', 'v4', 'v5', 'v6', 'v7', 'uuid', 'uuidv4', 'uuidV4', 'uuidv7', 'uuidV7', 'randomUUID', 'nanoid', 'cuid', 'createId', 'ulid']);
const NUMBER_METHODS = new Set(['toFixed', 'getTime', 'valueOf', 'indexOf', 'lastIndexOf', 'findIndex', 'findLastIndex', 'charCodeAt', 'codePointAt']);
const NUMBER_STATICS: Readonly<Record<string, ReadonlySet<string>>> = {
  Number: new Set(['parseInt', 'parseFloat']),
  Date: new Set(['now', 'parse', 'UTC']),
};

/** Methods named for the encoded query string they build (zodParams' `toSearchString`, `toQueryString`). */
const QUERY_STRING_METHODS = /^to(?:Search|Query)String$/;

/** Modules whose `stringify` builds an encoded query string. */
const QUERY_STRING_OBJECTS = new Set(['qs', 'querystring', 'queryString', 'QueryString']);

/** Binary operators whose result is a number or a boolean. */
const NUMERIC_OPERATORS = new Set(['-', '*', '/', '%', '**', '|', '&', '^', '<<', '>>', '>>>']);
const BOOLEAN_OPERATORS = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', 'in', 'instanceof']);

/** How deep `const` initializers are followed (`const id = Number(raw)`). */
const MAX_DEPTH = 4;

type Context = { sourceCode: JsSourceCode };

function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.type === 'TSNonNullExpression' || current.type === 'TSSatisfiesExpression' || current.type === 'ChainExpression') current = current.expression;
  return current;
}

function isNumericLiteral(node: TSESTree.Node): boolean {
  return node.type === 'Literal' && (typeof node.value === 'number' || typeof node.value === 'bigint');
}

/**
 * Every value a `let` or `var` with one declaration is given (`let id = Number(raw)`, then
 * `id = parseInt(next)`): its initializer and the right side of each `=` to it; `++`, `--` and the
 * arithmetic assignments give numbers. Undefined when one write is not known (`+=` of text, a
 * destructuring, a `for…of`), or for another kind of binding.
 */
function assignedValues(context: Context, identifier: TSESTree.Identifier): TSESTree.Node[] | undefined {
  let scope: TSESLint.Scope.Scope | null = context.sourceCode.getScope(identifier) as TSESLint.Scope.Scope;
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) {
      const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
      if (definition?.type !== 'Variable' || definition.parent.kind === 'const' || definition.node.id.type !== 'Identifier') return undefined;
      const declared = definition.node.id;
      const values: TSESTree.Node[] = [definition.node.init ?? declared];
      for (const reference of variable.references) {
        if (!reference.isWrite() || reference.identifier === declared) continue;
        const parent = reference.identifier.parent;
        if (parent?.type === 'AssignmentExpression' && parent.left === reference.identifier) {
          if (parent.operator === '=') values.push(parent.right);
          else if (!NUMERIC_ASSIGNMENTS.has(parent.operator)) return undefined;
        } else if (parent?.type !== 'UpdateExpression') return undefined;
      }
      return values;
    }
    scope = scope.upper;
  }
  return undefined;
}

/** The variable an identifier names, looked up from its scope outwards. */
function variableOf(context: Context, identifier: TSESTree.Identifier): TSESLint.Scope.Variable | undefined {
  let scope: TSESLint.Scope.Scope | null = context.sourceCode.getScope(identifier) as TSESLint.Scope.Scope;
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
    scope = scope.upper;
  }
  return undefined;
}

/** Assignment operators whose result is a number. */
const NUMERIC_ASSIGNMENTS = new Set(['-=', '*=', '/=', '%=', '**=', '|=', '&=', '^=', '<<=', '>>=', '>>>=']);

/** `const id = …` with one definition: its initializer, else undefined. */
function constInitializer(context: Context, identifier: TSESTree.Identifier): TSESTree.Expression | undefined {
  let scope: TSESLint.Scope.Scope | null = context.sourceCode.getScope(identifier) as TSESLint.Scope.Scope;
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) {
      const definition = variable.defs.length === 1 ? variable.defs[0] : undefined;
      if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') return undefined;
      return definition.node.id.type === 'Identifier' ? (definition.node.init ?? undefined) : undefined;
    }
    scope = scope.upper;
  }
  return undefined;
}

/** A property's name, written as an identifier or a string. */
function propertyName(property: TSESTree.Property): string | undefined {
  if (property.computed) return undefined;
  return property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
}

/**
 * `({ pageParam }) => \`…?page=${pageParam}\`` of an infinite query (TanStack Query's `useInfiniteQuery`,
 * RTK Query's `build.infiniteQuery`): every page param has the type of the `initialPageParam` the same
 * options give, beside the query function or in an options object beside it
 * (`infiniteQueryOptions: { initialPageParam: 0 }`). A number written there makes each page param a number;
 * text (`''`, a first cursor) says nothing of the cursors that follow.
 */
function isSafePageParam(context: Context, identifier: TSESTree.Identifier): boolean {
  const variable = variableOf(context, identifier);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'Parameter') return false;
  const name = definition.name as TSESTree.Node;
  const property = name.parent;
  if (property?.type !== 'Property' || property.value !== name || propertyName(property) !== 'pageParam') return false;
  const pattern = property.parent;
  const fn = pattern?.parent;
  if (pattern?.type !== 'ObjectPattern' || (fn?.type !== 'ArrowFunctionExpression' && fn?.type !== 'FunctionExpression') || fn.params[0] !== pattern) return false;
  const holder = fn.parent;
  const options = holder?.type === 'Property' && holder.value === fn ? holder.parent : undefined;
  if (options?.type !== 'ObjectExpression') return false;
  const initial = (object: TSESTree.ObjectExpression, depth: number): TSESTree.Node | undefined => {
    for (const entry of object.properties) {
      if (entry.type !== 'Property') continue;
      if (propertyName(entry) === 'initialPageParam') return entry.value;
      if (depth === 0 && entry.value.type === 'ObjectExpression') {
        const found = initial(entry.value, 1);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const value = initial(options, 0);
  return value !== undefined && isNumericLiteral(unwrap(value));
}

/** Type annotations whose values need no encoding: `number`, `bigint`, `boolean`, their literals and unions of them. */
function isSafeAnnotation(type: TSESTree.TypeNode): boolean {
  switch (type.type) {
    case 'TSNumberKeyword':
    case 'TSBigIntKeyword':
    case 'TSBooleanKeyword':
      return true;
    case 'TSLiteralType':
      return type.literal.type === 'Literal' && typeof type.literal.value !== 'string';
    case 'TSUnionType':
      return type.types.every(isSafeAnnotation);
    default:
      return false;
  }
}

/**
 * Whether a local or parameter is declared with a safe type (`count: number`, `let page: 1 | 2`):
 * without a type checker, the annotation written in the same file tells.
 */
function hasSafeAnnotation(context: Context, identifier: TSESTree.Identifier): boolean {
  let scope: TSESLint.Scope.Scope | null = context.sourceCode.getScope(identifier) as TSESLint.Scope.Scope;
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) {
      if (variable.defs.length !== 1) return false;
      const name = variable.defs[0]!.name as TSESTree.Node;
      const annotation = name.type === 'Identifier' ? name.typeAnnotation?.typeAnnotation : undefined;
      return annotation !== undefined && isSafeAnnotation(annotation);
    }
    scope = scope.upper;
  }
  return false;
}

/**
 * Whether the expression's value needs no encoding, from its syntax: numbers,
 * booleans, literals of unreserved characters, and values already encoded
 * (`encodeURIComponent(x)`, `new URLSearchParams(…)`, `qs.stringify(…)`).
 */
function isSafeSyntax(context: Context, raw: TSESTree.Node, depth = 0): boolean {
  const node = unwrap(raw);
  const safe = (child: TSESTree.Node): boolean => depth < MAX_DEPTH && isSafeSyntax(context, child, depth + 1);
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'number' || typeof node.value === 'bigint' || typeof node.value === 'boolean' || (typeof node.value === 'string' && isUriText(node.value));
    case 'TemplateLiteral':
      return node.quasis.every((quasi) => isUriText(quasi.value.cooked ?? '')) && node.expressions.every(safe);
    case 'Identifier':
      if (node.name === 'undefined' || node.name === 'NaN' || node.name === 'Infinity') return true;
      if (hasSafeAnnotation(context, node)) return true;
      if (depth >= MAX_DEPTH) return false;
      if (isUnreservedCapture(context, node)) return true;
      if (isSafePageParam(context, node)) return true;
      if (((init) => init !== undefined && safe(init))(constInitializer(context, node))) return true;
      // A `let` whose every value is safe (a declaration without a value holds `undefined`).
      return ((values) => values !== undefined && values.every((value) => value === node || (value.type === 'Identifier' && value.parent?.type === 'VariableDeclarator' && value.parent.id === value) || safe(value)))(assignedValues(context, node));
    case 'TSAsExpression':
      return ['TSNumberKeyword', 'TSBigIntKeyword', 'TSBooleanKeyword'].includes(node.typeAnnotation.type) || safe(node.expression);
    case 'UnaryExpression':
      return node.operator !== 'delete';
    case 'UpdateExpression':
      return true;
    case 'BinaryExpression':
      if (NUMERIC_OPERATORS.has(node.operator) || BOOLEAN_OPERATORS.has(node.operator)) return true;
      // `page + 1`: arithmetic when a number is added to something that is not text.
      if (node.operator === '+') {
        const [left, right] = [unwrap(node.left), unwrap(node.right)];
        if (safe(left) && safe(right)) return true;
        return (isNumericLiteral(left) && !isStringy(right)) || (isNumericLiteral(right) && !isStringy(left));
      }
      return false;
    case 'LogicalExpression':
      return safe(node.left) && safe(node.right);
    case 'ConditionalExpression':
      return safe(node.consequent) && safe(node.alternate);
    case 'MemberExpression':
      if (!node.computed) return node.property.type === 'Identifier' && (node.property.name === 'length' || node.property.name === 'size');
      return isUnreservedCapture(context, node) || (depth < MAX_DEPTH && isSafeElement(context, node, safe));
    case 'NewExpression':
      return node.callee.type === 'Identifier' && node.callee.name === 'URLSearchParams';
    case 'CallExpression':
      return isSafeCall(context, node, safe);
    default:
      return false;
  }
}

function isStringy(node: TSESTree.Node): boolean {
  return (node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral';
}

function isSafeCall(context: Context, node: TSESTree.CallExpression, safe: (child: TSESTree.Node) => boolean): boolean {
  const callee = unwrap(node.callee);
  if (callee.type === 'Identifier') {
    if (ENCODERS.has(callee.name) || NUMBER_FUNCTIONS.has(callee.name) || isSlugFunction(callee.name) || ID_GENERATORS.has(callee.name) || callee.name === 'Boolean') return true;
    if (hasSafeReturnType(context, callee) || returnsSafe(context, callee, safe)) return true;
    if (isDerivedRune(node)) return safe(node.arguments[0]!);
    return callee.name === 'String' && node.arguments.length === 1 && safe(node.arguments[0]!);
  }
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  const method = callee.property.name;
  const object = unwrap(callee.object);
  if (object.type === 'Identifier') {
    if (object.name === 'Math' || NUMBER_STATICS[object.name]?.has(method)) return true;
    if (method === 'stringify' && QUERY_STRING_OBJECTS.has(object.name)) return true;
  }
  if (NUMBER_METHODS.has(method) || isSlugFunction(method) || method === 'randomUUID') return true;
  // `randomBytes(8).toString('base64url')`, `hash.digest('hex')`: Buffer encodings whose alphabet is unreserved (RFC 4648 §5).
  if ((method === 'toString' || method === 'digest') && node.arguments[0]?.type === 'Literal' && URL_SAFE_ENCODINGS.has(String(node.arguments[0].value))) return true;
  // `params.toSearchString({ … })`, `query.toQueryString()`: a helper that serializes a query string, encoded.
  if (QUERY_STRING_METHODS.test(method)) return true;
  // `'a'.repeat(n)`, `id.padStart(4, '0')`: more of the same safe characters.
  if ((method === 'repeat' || method === 'padStart' || method === 'padEnd') && safe(object) && node.arguments.slice(1).every(safe)) return true;
  // `new URLSearchParams(…).toString()`, `params.toString()` of a const URLSearchParams, `String(n)`-like `n.toString()`.
  if (method === 'toString') return safe(object) || (object.type === 'Identifier' && isSearchParams(context, object));
  return false;
}

/** Node's Buffer encodings that write only unreserved characters. */
const URL_SAFE_ENCODINGS = new Set(['hex', 'base64url']);

/** Methods that change an array in place. */
const MUTATING_METHODS = new Set(['push', 'unshift', 'splice', 'fill', 'copyWithin']);

/**
 * `images[i]` of `const images = ['uOi3lg8fGl4', …]` (or a `let` never written again): every element
 * of an array written in the file is safe, and the array is not changed in place.
 */
function isSafeElement(context: Context, node: TSESTree.MemberExpression, safe: (child: TSESTree.Node) => boolean): boolean {
  const object = unwrap(node.object);
  if (object.type !== 'Identifier') return false;
  const variable = variableOf(context, object);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || definition?.type !== 'Variable' || definition.node.id.type !== 'Identifier' || definition.node.init?.type !== 'ArrayExpression') return false;
  const declared = definition.node.id;
  for (const reference of variable.references) {
    if (reference.identifier === declared) continue;
    if (reference.isWrite()) return false;
    const parent = reference.identifier.parent;
    if (parent?.type === 'MemberExpression' && parent.object === reference.identifier) {
      const grand = parent.parent;
      if (grand?.type === 'AssignmentExpression' && grand.left === parent) return false;
      if (grand?.type === 'CallExpression' && grand.callee === parent && !parent.computed && parent.property.type === 'Identifier' && MUTATING_METHODS.has(parent.property.name)) return false;
    } else if (parent?.type !== 'MemberExpression') {
      // Handed whole to other code, which may change it.
      if (!(parent?.type === 'ForOfStatement' && parent.right === reference.identifier)) return false;
    }
  }
  return definition.node.init.elements.every((element) => element !== null && element.type !== 'SpreadElement' && safe(element));
}

/**
 * Whether a function named by `callee` and declared in this file says it returns a safe type
 * (`const parseTimestamp = (url: string): number => …`, `function pageOf(): number`).
 */
function hasSafeReturnType(context: Context, callee: TSESTree.Identifier): boolean {
  const annotation = localFunction(context, callee)?.returnType?.typeAnnotation;
  return annotation !== undefined && isSafeAnnotation(annotation);
}

/**
 * Whether a function named by `callee`, declared once in this file, returns only safe values:
 * `const pick = () => OPTIONS[Math.floor(Math.random() * OPTIONS.length)]` of an array of
 * literals, or a body whose every `return` gives one. A function that returns its argument, or
 * returns nothing somewhere, is not known to.
 */
function returnsSafe(context: Context, callee: TSESTree.Identifier, safe: (child: TSESTree.Node) => boolean): boolean {
  const fn = localFunction(context, callee);
  if (fn === undefined) return false;
  if (fn.body.type !== 'BlockStatement') return safe(fn.body);
  const returns: TSESTree.ReturnStatement[] = [];
  let known = true;
  const visit = (_: undefined, node: TSESTree.Node): void => {
    if (!known) return;
    if (node.type === 'ReturnStatement') {
      if (node.argument === null) known = false;
      else returns.push(node);
      return;
    }
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'ClassDeclaration' || node.type === 'ClassExpression') return;
    forEachChild(node, context.sourceCode.visitorKeys, visit, undefined);
  };
  for (const statement of fn.body.body) visit(undefined, statement);
  // A body that can run to its end returns `undefined`, written into the URL as "undefined": safe, but a sign the value is not what it seems.
  return known && returns.length > 0 && fn.body.body.at(-1)?.type === 'ReturnStatement' && returns.every((node) => safe(node.argument!));
}

/** The function a name is declared as, once, in this file (`function f()`, `const f = () => …`); not async or a generator. */
function localFunction(context: Context, callee: TSESTree.Identifier): TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression | undefined {
  const variable = variableOf(context, callee);
  if (variable?.defs.length !== 1) return undefined;
  const definition = variable.defs[0]!;
  let fn: TSESTree.Node | null | undefined;
  if (definition.type === 'FunctionName') fn = definition.node;
  else if (definition.type === 'Variable' && definition.parent.kind === 'const') fn = definition.node.init;
  if (fn?.type !== 'FunctionDeclaration' && fn?.type !== 'FunctionExpression' && fn?.type !== 'ArrowFunctionExpression') return undefined;
  return fn.async || fn.generator ? undefined : fn;
}

/** The regular expression a node holds: a literal, or a `const` whose initializer is one. */
function regexOf(context: Context, raw: TSESTree.Node): { pattern: string; flags: string } | undefined {
  const node = unwrap(raw);
  if (node.type === 'Literal' && 'regex' in node && node.regex) return node.regex;
  if (node.type !== 'Identifier') return undefined;
  const init = constInitializer(context, node);
  return init?.type === 'Literal' && 'regex' in init && init.regex ? init.regex : undefined;
}

/**
 * The match a node holds: `text.match(RE)` or `RE.exec(text)` with a regular expression written in
 * this file, or a `const` initialized with one; with `g`, `match` returns whole matches, not groups.
 */
function matchOf(context: Context, raw: TSESTree.Node, depth = 0): { pattern: string; groups: boolean } | undefined {
  const node = unwrap(raw);
  if (node.type === 'Identifier') {
    const init = depth < 2 ? constInitializer(context, node) : undefined;
    return init === undefined ? undefined : matchOf(context, init, depth + 1);
  }
  if (node.type !== 'CallExpression' || node.arguments.length !== 1) return undefined;
  const callee = unwrap(node.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  if (callee.property.name === 'match') {
    const regex = regexOf(context, node.arguments[0]!);
    return regex && { pattern: regex.pattern, groups: !regex.flags.includes('g') };
  }
  if (callee.property.name === 'exec') {
    const regex = regexOf(context, callee.object);
    return regex && { pattern: regex.pattern, groups: true };
  }
  return undefined;
}

/**
 * Whether a node reads a group of a regular expression's match that holds only unreserved
 * characters: `m[2]` of `const m = link.match(/…([a-zA-Z0-9_-]+)/)`, `RE.exec(s)![1]`, or a name
 * of `const [, page, id] = link.match(RE)!`. The group's own pattern tells what it can hold.
 */
function isUnreservedCapture(context: Context, raw: TSESTree.Node): boolean {
  const node = unwrap(raw);
  if (node.type === 'MemberExpression') {
    if (!node.computed || node.property.type !== 'Literal' || typeof node.property.value !== 'number') return false;
    const match = matchOf(context, node.object);
    return match !== undefined && groupIsUnreserved(match.pattern, match.groups ? node.property.value : 0);
  }
  if (node.type !== 'Identifier') return false;
  const variable = variableOf(context, node);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'Variable' || definition.parent.kind !== 'const' || definition.node.id.type !== 'ArrayPattern' || !definition.node.init) return false;
  const index = definition.node.id.elements.findIndex((element) => element?.type === 'Identifier' && element.name === node.name);
  const match = index < 0 ? undefined : matchOf(context, definition.node.init);
  return match !== undefined && groupIsUnreserved(match.pattern, match.groups ? index : 0);
}

/** Escapes that match only unreserved characters (or nothing: `\b`). */
const UNRESERVED_ESCAPES = new Set(['d', 'w', 'b', 'B', '-', '.', '_', '~']);

/**
 * Whether the text group `group` of the regular expression `pattern` matches (0: the whole match)
 * can hold only unreserved characters: literal letters, digits and `-._~`, classes of them (`[\w-]`,
 * `[a-zA-Z0-9]`), `\d` and `\w`, with any quantifier. A negated class, `.`, `\s` or anything else
 * may match a character that needs encoding.
 */
export function groupIsUnreserved(pattern: string, group: number): boolean {
  let start = group === 0 ? 0 : -1;
  let end = pattern.length;
  if (group > 0) {
    // Find the group's opening parenthesis and its closing one.
    let count = 0;
    let depth = 0;
    let openedAt = -1;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '[') {
        for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
        continue;
      }
      if (c === '(') {
        depth++;
        const capturing = pattern[i + 1] !== '?' || (pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!');
        if (capturing && ++count === group) {
          openedAt = depth;
          start = pattern[i + 1] === '?' ? pattern.indexOf('>', i) + 1 : i + 1;
        }
      } else if (c === ')') {
        if (depth === openedAt) {
          end = i;
          break;
        }
        depth--;
      }
    }
    if (start < 0 || end === pattern.length) return false;
  }
  const body = pattern.slice(start, end);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (/[A-Za-z0-9_~-]/.test(c) || c === '|' || c === ')' || c === '^' || c === '$' || c === '*' || c === '+') continue;
    if (c === '?') continue;
    if (c === '{') {
      const quantifier = /^\{\d+(?:,\d*)?\}/.exec(body.slice(i));
      if (!quantifier) return false;
      i += quantifier[0].length - 1;
      continue;
    }
    if (c === '\\') {
      if (!UNRESERVED_ESCAPES.has(body[i + 1] ?? '')) return false;
      i++;
      continue;
    }
    if (c === '(') {
      if (body[i + 1] !== '?') continue;
      if (body[i + 2] === ':') {
        i += 2;
        continue;
      }
      if (body[i + 2] === '<' && body[i + 3] !== '=' && body[i + 3] !== '!') {
        i = body.indexOf('>', i);
        if (i < 0) return false;
        continue;
      }
      // A lookaround matches no text: skip it whole.
      let depth = 1;
      for (i += 2; i < body.length && depth > 0; i++) {
        if (body[i] === '\\') i++;
        else if (body[i] === '(') depth++;
        else if (body[i] === ')') depth--;
      }
      i--;
      continue;
    }
    if (c === '[') {
      const close = classEnd(body, i);
      if (close < 0 || body[i + 1] === '^' || !classIsUnreserved(body.slice(i + 1, close))) return false;
      i = close;
      continue;
    }
    return false;
  }
  return true;
}

function classEnd(body: string, open: number): number {
  for (let i = open + 1; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === ']') return i;
  }
  return -1;
}

/** A character class's members: unreserved characters, `\d`, `\w`, and ranges within one of `0-9`, `a-z`, `A-Z`. */
function classIsUnreserved(members: string): boolean {
  for (let i = 0; i < members.length; i++) {
    const c = members[i]!;
    if (c === '\\') {
      if (!UNRESERVED_ESCAPES.has(members[i + 1] ?? '') || members[i + 1] === 'b' || members[i + 1] === 'B') return false;
      i++;
      continue;
    }
    if (members[i + 1] === '-' && i + 2 < members.length) {
      const to = members[i + 2]!;
      const within = (low: string, high: string) => low <= c && c <= to && to <= high;
      if (!(within('0', '9') || within('a', 'z') || within('A', 'Z'))) return false;
      i += 2;
      continue;
    }
    if (!/[A-Za-z0-9._~-]/.test(c)) return false;
  }
  return true;
}

function isSearchParams(context: Context, identifier: TSESTree.Identifier): boolean {
  const init = constInitializer(context, identifier);
  return init?.type === 'NewExpression' && init.callee.type === 'Identifier' && init.callee.name === 'URLSearchParams';
}

/** Whether the TypeScript type is a number, bigint or boolean (or literals of them, or unreserved string literals). */
function isSafeType(checker: ts.TypeChecker, type: ts.Type): boolean {
  if (type.isUnion()) return type.types.every((member) => isSafeType(checker, member));
  if (type.isNumberLiteral()) return true;
  if (type.isStringLiteral()) return UNRESERVED.test(type.value);
  // `any` (and `never`) is assignable to string as well as to number: not a number.
  if (checker.isTypeAssignableTo(type, checker.getStringType())) return false;
  return [checker.getNumberType(), checker.getBigIntType(), checker.getBooleanType()].some((target) => checker.isTypeAssignableTo(type, target));
}

/** With type information (typed linting): whether the hole's type is safe. */
function isSafeByType(context: Context, node: TSESTree.Node): boolean {
  const services = context.sourceCode.parserServices as Partial<NonNullable<TSESLint.SourceCode['parserServices']>> | undefined;
  const program = services?.program;
  if (!program || !services.esTreeNodeToTSNodeMap) return false;
  const tsNode = services.esTreeNodeToTSNodeMap.get(node as never);
  if (!tsNode) return false;
  const checker = program.getTypeChecker();
  return isSafeType(checker, checker.getTypeAtLocation(tsNode));
}

/**
 * The name an expression reads: `count`, `packageJson.version` (`version`), a Vue ref's
 * `colorMode.value` (`colorMode`), a signal's `href()` (`href`); none for other expressions.
 */
function readName(raw: TSESTree.Node): string | undefined {
  const node = unwrap(raw);
  if (node.type === 'Identifier') return node.name;
  // `href()`: an Angular, Solid or Preact signal (or a getter) read without arguments holds the value of its name.
  if (node.type === 'CallExpression' && node.arguments.length === 0) {
    const callee = unwrap(node.callee);
    if (callee.type === 'Identifier' || (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && unwrap(callee.object).type === 'ThisExpression')) return readName(callee);
    return undefined;
  }
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = unwrap(node.object);
    return node.property.name === 'value' && object.type === 'Identifier' ? object.name : node.property.name;
  }
  // `r['flag']`: a property named by a string.
  if (node.type === 'MemberExpression' && node.computed && node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/**
 * Names of values that are one keyword of a small set (`theme`: "light" or "dark", `colorMode`,
 * `locale`: "en-US", `lang`): letters, digits and "-" only.
 */
const KEYWORD_NAME = /^(?:mode|theme|locale|lang|language|colorscheme|uuid|guid)$/i;
const KEYWORD_SUFFIX = /[a-z0-9](?:Mode|Theme|Locale|Lang|Language|Scheme|Uuid|UUID|Guid|GUID)$/;

/** Names of host names (`domain`, `hostname`, `mailDomain`): letters, digits, "." and "-", nothing a path or a query must encode. */
const HOST_NAME = /^(?:domain|host|hostname|server)$/i;

/** Names of a Twitter, GitHub or Instagram handle (`AUTHOR_TWITTER`, `authorTwitter`, `githubUsername`): letters, digits, "_", "-" and "." only. */
const HANDLE_NAME = /^handle$|^(?:twitter|github|instagram)(?:handle|username|user)?$|_(?:twitter|github|instagram)(?:_handle|_username|_user)?$/i;
const HANDLE_SUFFIX = /[a-z0-9](?:Twitter|Github|GitHub|Instagram)(?:Handle|Username|User)?$|^(?:twitter|github|instagram)(?:Handle|Username|User)$/;
const HOST_SUFFIX = /[a-z0-9](?:Domain|Host|Hostname|HostName|Server)$|_(?:domain|host|hostname|server)$/i;

/**
 * Names of values written in digits, hexadecimal or version text (`count`, `page`, `statusCode`,
 * `packageJson.version`, `sha`): they hold no "/", "?", "#", "%" or space. `id` is not among them:
 * an identifier may be anything a user typed.
 */
const DIGITS_NAME = /^(?:count|counter|index|idx|[ijk]|num|number|page|size|limit|offset|length|width|height|weight|port|year|month|day|timestamp|ts|version|ver|sha|commit|hash|digest|checksum|code|status|statuscode)$/i;
// Case matters in the camel-case ending (`homepage` is not a page number); snake case may be in capitals.
const DIGITS_SUFFIX = /[a-z0-9](?:Count|Counter|Index|Number|Num|Sha|Commit|Hash|Digest|Checksum|Code|Status|Size|Page|Port|Year|Timestamp|Weight|Ver)$|[a-z0-9]Version(?:[A-Z][a-z]*)*$/;
const DIGITS_SNAKE = /_(?:count|counter|index|number|version|ver|sha|commit|hash|code|size|page|port|year|timestamp|weight)$/i;

/**
 * Names of values that are a path by design (`path`, `filePath`, `pathname`, `route`, `baseUrl`, a
 * package name `pkg` whose scope's "/" a registry or CDN reads raw: `/npm/@pinia/nuxt`, a repository
 * `repo` written "owner/name" as code hosts' paths take it: `/repos/${repo}`, and its `owner` or
 * `org`, a GitLab group path with "/" between subgroups; an image's `src`, `image`, `avatar`, `icon`, `flag`:
 * a file name or a path): put into the path,
 * their "/" is meant to make segments. In a query or fragment they are not safe.
 */
const PATH_NAME = /^(?:path|pathname|paths|file|filename|filepath|stem|slug|route|dir|directory|folder|url|uri|href|link|base|prefix|endpoint|root|pkg|package|packagename|pkgname|repo|repository|reponame|owner|org|organization|organizationname|orgname|src|image|img|icon|avatar|logo|thumbnail|photo|picture|poster|flag)$/i;
const PATH_SUFFIX = /[a-z0-9](?:Path|Pathname|File|FileName|Filename|Slug|Route|Dir|Directory|Folder|Url|URL|Uri|URI|Href|Prefix|Endpoint|Root|PackageName|PkgName|Repo|Repository|RepoName|Owner|OrganizationName|OrgName|Src|Image|Img|Icon|Avatar|Logo|Thumbnail|Photo|Picture|Poster)$/;
const PATH_SNAKE = /_(?:path|dir|folder|url|uri|prefix|root|file|filename|slug|repo|repository|owner|org|src|image|img|icon|avatar|logo|thumbnail|photo)$/i;

/** String methods whose result is made of the string they are called on. */
const TEXT_METHODS = new Set(['replace', 'replaceAll', 'slice', 'substring', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'normalize']);

/** Calls that build a file or URL path (`path.join(…)`, `posix.resolve(…)`, `join(…)`). */
const PATH_BUILDERS = new Set(['join', 'resolve', 'relative', 'normalize', 'dirname']);

/** Whether the value is digits, hexadecimal or version text, or a keyword, by its name (see `DIGITS_NAME`, `KEYWORD_NAME`). */
function isDigitsByName(node: TSESTree.Node): boolean {
  const name = readName(node);
  return name !== undefined && (DIGITS_NAME.test(name) || DIGITS_SUFFIX.test(name) || DIGITS_SNAKE.test(name) || KEYWORD_NAME.test(name) || KEYWORD_SUFFIX.test(name) || HOST_NAME.test(name) || HOST_SUFFIX.test(name) || HANDLE_NAME.test(name) || HANDLE_SUFFIX.test(name));
}

/** Objects of a project's own configuration: `config`, Docusaurus's `siteConfig`, `themeConfig`, `appConfig`. */
const CONFIG_OBJECT = /^(?:config|configuration|settings)$|[a-z0-9]Config$/;

/**
 * `process.env.NAME`, `import.meta.env.NAME`, `siteConfig.projectName`, `config.fileKey`:
 * configuration a deployment or the project writes for the place it is read.
 */
function isEnvironmentValue(node: TSESTree.Node): boolean {
  if (node.type !== 'MemberExpression') return false;
  const object = unwrap(node.object);
  if (!node.computed && ((object.type === 'Identifier' && CONFIG_OBJECT.test(object.name)) || (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' && CONFIG_OBJECT.test(object.property.name)))) return true;
  if (object.type !== 'MemberExpression' || object.computed || object.property.type !== 'Identifier' || object.property.name !== 'env') return false;
  const owner = unwrap(object.object);
  return (owner.type === 'Identifier' && owner.name === 'process') || (owner.type === 'MetaProperty' && owner.meta.name === 'import' && owner.property.name === 'meta');
}

/**
 * Whether a value put into the path needs no encoding there: safe anywhere, or a path by design,
 * or made only of such values and text the program writes (`cond ? \`${name}@${version}\` : "@scope/pkg"`).
 */
function isSafeInPath(context: Context, raw: TSESTree.Node, depth = 0): boolean {
  const node = unwrap(raw);
  if (isSafeSyntax(context, node) || isDigitsByName(node) || isPathByDesign(node)) return true;
  if (depth >= MAX_DEPTH) return false;
  const safe = (child: TSESTree.Node) => isSafeInPath(context, child, depth + 1);
  if (node.type === 'ConditionalExpression') return safe(node.consequent) && safe(node.alternate);
  if (node.type === 'LogicalExpression') return safe(node.left) && safe(node.right);
  if (node.type === 'TemplateLiteral') return node.quasis.every((quasi) => isUriText(quasi.value.cooked ?? '')) && node.expressions.every(safe);
  // `props.language + '/'`: text joined from safe values and the program's own text.
  if (node.type === 'BinaryExpression' && node.operator === '+') return safe(node.left) && safe(node.right);
  if (node.type === 'CallExpression' && isDerivedRune(node)) return safe(node.arguments[0]!);
  if (node.type === 'Identifier') {
    if (isPathSegment(context, node)) return true;
    // `const dirPart = dir.toLowerCase()`, Svelte's `let dirstring = $derived(dir ? dir.toLowerCase() : "")`.
    const init = constInitializer(context, node);
    if (init !== undefined) return safe(init);
    const values = assignedValues(context, node);
    return values !== undefined && values.every((value) => value === node || (value.type === 'Identifier' && value.parent?.type === 'VariableDeclarator' && value.parent.id === value) || safe(value));
  }
  return false;
}

/**
 * `const [owner, repo] = path.split('/')` (also `path?.split('/') || []`): a segment of a value that
 * is a path by design, put back into a path as it was in one (elk's GitHub card, split from the card
 * URL's path).
 */
function isPathSegment(context: Context, identifier: TSESTree.Identifier): boolean {
  const definition = variableOf(context, identifier)?.defs;
  const only = definition?.length === 1 ? definition[0] : undefined;
  if (only?.type !== 'Variable' || only.parent.kind !== 'const' || only.node.id.type !== 'ArrayPattern' || !only.node.id.elements.includes(only.name as TSESTree.Identifier)) return false;
  let init = only.node.init ? unwrap(only.node.init) : undefined;
  if (init?.type === 'LogicalExpression' && unwrap(init.right).type === 'ArrayExpression') init = unwrap(init.left);
  if (init?.type === 'ChainExpression') init = unwrap(init.expression);
  if (init?.type !== 'CallExpression' || init.arguments.length !== 1) return false;
  const callee = unwrap(init.callee);
  const separator = init.arguments[0]!;
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'split' && separator.type === 'Literal' && separator.value === '/' && isPathByDesign(callee.object);
}

/** Svelte 5's `$derived(expression)`: its value is the expression's. */
function isDerivedRune(node: TSESTree.CallExpression): boolean {
  const callee = unwrap(node.callee);
  return callee.type === 'Identifier' && callee.name === '$derived' && node.arguments.length === 1 && node.arguments[0]!.type !== 'SpreadElement';
}

/** Whether the value is a path by design: by its name, a path builder's result, or configuration from the environment. */
function isPathByDesign(raw: TSESTree.Node): boolean {
  const node = unwrap(raw);
  if (isEnvironmentValue(node)) return true;
  // A router's wildcard parameter, `params['*']` (Elysia, Hono, React Router's splat): the rest of a path.
  if (node.type === 'MemberExpression' && node.computed && node.property.type === 'Literal' && node.property.value === '*') return true;
  if (node.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    // `path.normalize(file).replace("package.json", "dist/index.js")`: text methods keep a path a path.
    if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && TEXT_METHODS.has(callee.property.name)) return isPathByDesign(callee.object);
    const method = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
    if (method !== undefined && PATH_BUILDERS.has(method)) return true;
  }
  // `pkg.name`, `packageJson.name`: a package name, whose scope's "/" a registry reads raw.
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'name') {
    const owner = readName(node.object);
    if (owner !== undefined && /^(?:pkg|package|packagejson|manifest)$/i.test(owner)) return true;
  }
  const name = readName(node);
  return name !== undefined && (PATH_NAME.test(name) || PATH_SUFFIX.test(name) || PATH_SNAKE.test(name));
}

/** Objects whose `location` is the page's own (`window.location`, `document.location`). */
const LOCATION_OWNERS = new Set(['window', 'document', 'globalThis', 'self', 'top', 'parent']);

/** `location`, `window.location`, `document.location`: the page's own URL. */
function isLocation(raw: TSESTree.Node): boolean {
  const node = unwrap(raw);
  if (node.type === 'Identifier') return node.name === 'location';
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier' || node.property.name !== 'location') return false;
  const owner = unwrap(node.object);
  return owner.type === 'Identifier' && LOCATION_OWNERS.has(owner.name);
}

/**
 * Whether the value is text of the page's own URL: `location.hash`, `window.location.pathname`,
 * text methods of it (`.slice(1)`, `.toLowerCase()`), a group of a match on it
 * (`/#\/(.+)\.md/.exec(window.location.hash)[1]`), and `const` variables holding these. The browser
 * has percent-encoded that text already: put back into a URL it needs no encoding, and
 * `encodeURIComponent()` would encode its `%` a second time.
 */
function isFromLocation(context: Context, raw: TSESTree.Node, depth = 0): boolean {
  const node = unwrap(raw);
  if (depth > MAX_DEPTH) return false;
  const from = (child: TSESTree.Node): boolean => isFromLocation(context, child, depth + 1);
  if (node.type === 'MemberExpression') {
    // `location.hash`, `window.location.search` (not the `location` object itself).
    if (!node.computed && isLocation(node.object)) return true;
    // `match[1]` of a match on the location's text.
    if (node.computed && node.property.type === 'Literal' && typeof node.property.value === 'number') return isMatchOn(context, node.object, from, depth);
    return false;
  }
  if (node.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && TEXT_METHODS.has(callee.property.name)) return from(callee.object);
    return false;
  }
  if (node.type === 'Identifier') {
    const init = constInitializer(context, node);
    if (init !== undefined) return from(init);
    // `const [, page] = location.hash.match(RE)`.
    const variable = variableOf(context, node);
    const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    return definition?.type === 'Variable' && definition.parent.kind === 'const' && definition.node.id.type === 'ArrayPattern' && definition.node.init != null && isMatchOn(context, definition.node.init, from, depth);
  }
  return false;
}

/** Whether the node holds a regular-expression match on a value `from` accepts: `text.match(re)`, `re.exec(text)`, or a `const` of one. */
function isMatchOn(context: Context, raw: TSESTree.Node, from: (child: TSESTree.Node) => boolean, depth: number): boolean {
  const node = unwrap(raw);
  if (node.type === 'Identifier') {
    const init = depth < MAX_DEPTH ? constInitializer(context, node) : undefined;
    return init !== undefined && isMatchOn(context, init, from, depth + 1);
  }
  if (node.type !== 'CallExpression' || node.arguments.length !== 1) return false;
  const callee = unwrap(node.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  if (callee.property.name === 'match') return from(callee.object);
  if (callee.property.name === 'exec') return from(node.arguments[0]!);
  return false;
}

type Component = 'path' | 'query' | 'fragment';

const within = (hole: Span, span: Span | undefined): boolean => span !== undefined && span.start <= hole.start && hole.end <= span.end;
const overlaps = (hole: Span, span: Span | undefined): boolean => span !== undefined && hole.start < span.end && span.start < hole.end;

/**
 * The component a hole puts its value into, or undefined when it is not one
 * this rule checks: the start of the URI (`${base}/users`), the scheme or the
 * authority (`https://${host}/`), the path of an opaque URI (`mailto:${to}`), a
 * whole query or fragment (`?${query}`: a serialized query string), or a hole
 * right after another hole.
 */
function componentOf(candidate: UriCandidate, hole: Span, previous: Part | undefined): Component | undefined {
  const reference = candidate.reference;
  // `${protocol}//${host}:${port}/…`: the first hole is a scheme with its ":" (`url.protocol`), so an authority follows.
  const first = candidate.holes[0];
  const uri = candidate.uri;
  if (first !== undefined && first.start === 0 && uri.startsWith('//', first.end)) {
    const rest = uri.slice(first.end + 2).search(/[/?#]/);
    const authorityEnd = rest < 0 ? uri.length : first.end + 2 + rest;
    if (hole.start < authorityEnd) return undefined;
    const fragment = uri.indexOf('#', authorityEnd);
    const query = uri.indexOf('?', authorityEnd);
    if (fragment >= 0 && hole.start > fragment) return 'fragment';
    if (query >= 0 && hole.start > query && (fragment < 0 || query < fragment)) return 'query';
    return 'path';
  }
  if (hole.start === 0 || (previous?.kind === 'hole' && previous.end - candidate.uriStart === hole.start)) return undefined;
  if (overlaps(hole, reference.scheme) || overlaps(hole, reference.authority)) return undefined;
  const { query, fragment, path } = reference;
  if (within(hole, query)) return hole.start === query!.start && hole.end === query!.end ? undefined : 'query';
  if (within(hole, fragment)) return hole.start === fragment!.start && hole.end === fragment!.end ? undefined : 'fragment';
  if (within(hole, path)) return reference.scheme !== undefined && reference.authority === undefined ? undefined : 'path';
  return undefined;
}

const MESSAGE_OF: Readonly<Record<Component, MessageId>> = { path: 'unencodedPath', query: 'unencodedQuery', fragment: 'unencodedFragment' };

function shown(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= 40 ? flat : `${flat.slice(0, 39)}…`;
}

const MESSAGES: Readonly<Record<MessageId, string>> = {
  unencodedPath: '{{hole}} is put into a path segment unencoded: a value with "/", "?", "#", "%" or ".." changes the URL (another path, a query, a fragment); wrap it in encodeURIComponent().',
  unencodedQuery: '{{hole}} is put into the query unencoded: a value with "&", "#", "+", "%" or a space changes the URL (another parameter, a fragment, another value); wrap it in encodeURIComponent().',
  unencodedFragment: '{{hole}} is put into the fragment unencoded: a value with "#", "%" or a space changes the URL; wrap it in encodeURIComponent().',
  wrap: 'Wrap {{expression}} in encodeURIComponent().',
};

/**
 * The messages as ESLint shows them: each problem's sentence ends with its code, as every other
 * rule's does; this rule's findings have no core code, so their code is the rule's name (the one
 * `urilint scan` and the language server show).
 */
const ESLINT_MESSAGES: Readonly<Record<MessageId, string>> = {
  unencodedPath: `${MESSAGES.unencodedPath} [no-unencoded-interpolation]`,
  unencodedQuery: `${MESSAGES.unencodedQuery} [no-unencoded-interpolation]`,
  unencodedFragment: `${MESSAGES.unencodedFragment} [no-unencoded-interpolation]`,
  wrap: MESSAGES.wrap,
};

export default defineCheck({
  name: 'no-unencoded-interpolation',
  recommended: false,
  strict: true,
  messages: ESLINT_MESSAGES,
  defaultOptions: {},
  check(candidate, { sourceCode }) {
    // Holes are JavaScript's `${…}` and `+ x`: only a JavaScript file has them. (A dynamic `import()`
    // names a module, which bundlers read as a pattern over files, `./data/${name}.json`: discovery
    // reads no module specifier.)
    if (sourceCode === undefined || candidate.namespace || isNamespaceHost(candidate)) return [];
    const context: Context = { sourceCode };
    const out: Finding[] = [];
    candidate.parts.forEach((part, index) => {
      if (part.kind !== 'hole') return;
      const node = part.node;
      // RFC 6570 `{var}` expressions are filled by a template library, which encodes them.
      if (node === undefined || node === candidate.node || node.type === 'TemplateElement') return;
      const hole = { start: part.start - candidate.uriStart, end: part.end - candidate.uriStart };
      if (hole.end <= 0 || hole.start >= candidate.uriEnd - candidate.uriStart) return;
      const previous = candidate.parts.slice(0, index).findLast((p) => p.start < p.end);
      const component = componentOf(candidate, hole, previous);
      if (component === undefined) return;
      if (isSafeSyntax(context, node) || isSafeByType(context, node) || isDigitsByName(node) || isFromLocation(context, node)) return;
      if (component === 'path' && isSafeInPath(context, node)) return;
      const text = sourceCode.getText(node);
      const inTemplate = node.parent?.type === 'TemplateLiteral';
      const data = { hole: inTemplate ? `\`\${${shown(text)}}\`` : `\`+ ${shown(text)}\`` };
      const wrap = { expression: shown(text) };
      out.push({
        rule: this.name,
        message: renderMessage(MESSAGES[MESSAGE_OF[component]], data),
        messageId: MESSAGE_OF[component],
        data,
        range: node.range,
        suggestions: [
          { messageId: 'wrap', data: wrap, message: renderMessage(MESSAGES.wrap, wrap), edits: [{ range: node.range, text: `encodeURIComponent(${text})` }] },
        ],
      });
    });
    return out;
  },
});
