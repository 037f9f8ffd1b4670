/**
 * The native reader of JavaScript and TypeScript: oxc-parser (a Rust parser with prebuilt
 * binaries per platform) gives an ESTree/TS-ESTree tree with UTF-16 ranges, which discovery reads as
 * it reads typescript-estree's, with a light scope resolver (`light-scope.ts`) instead of a full scope
 * analysis. `urilint scan` and the language server read through it; the ESLint plugin reads the tree
 * ESLint hands it. A file oxc rejects is read by the typescript-estree path (`parseJs`); where the
 * binding cannot load, every file is, after one notice.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { defaultEnvironment, isMainThread, platformName, warn } from '../host.js';
import { collectGarbage } from '../memory.js';
import { oxcParser } from '../parsers.js';
import { LightScope, LightScopeManager, type LightDefinition } from './light-scope.js';
import { jsxAttributeValue } from './literal-map.js';
import { hasJsx, sourceOf, type DiscoveryWalk, type JsParseOptions, type JsSourceCode } from './source-code.js';

type Node = TSESTree.Node;

interface OxcResult {
  program: TSESTree.Program;
  comments: { type: 'Line' | 'Block'; value: string; start: number; end: number; range?: [number, number] }[];
  errors: { message: string; labels?: { start: number; end: number }[] }[];
}

interface Oxc {
  parseSync(filename: string, text: string, options: Record<string, unknown>): OxcResult;
  visitorKeys: Record<string, readonly string[]>;
  /** Whether `experimentalRawTransfer` works here (Node ≥ 22 on a 64-bit little-endian platform); absent from a build without it. */
  rawTransferSupported?: () => boolean;
}

let oxc: Oxc | null | undefined;
let loadError: string | undefined;
let noticed = false;
let notice: (message: string) => void = (message) => warn(message, 'URILINT_NATIVE_PARSER');

/**
 * Where the one notice about a native parser that cannot load goes (default: a process warning on
 * standard error). The command line's workers and the language server set their own.
 */
export function setNativeNotice(handler: (message: string) => void): void {
  notice = handler;
}

/**
 * Asks the native parser's allocator to give freed memory back to the system at once, for a process
 * that reads many files (the command line, the language server); a library leaves it to the process.
 * Call it on the main thread before the first file is read: oxc-parser's binding allocates with
 * mimalloc, which reads its settings from the environment when the binding is loaded (by any
 * thread), and by default keeps freed pages 10 ms and returns them only at a later allocation. The
 * parser's own tree is freed before the tree is handed over; while typescript.js (9.1 MB) was
 * handed over, the process held 292 MB with this and 354 MB without. A setting already in the
 * environment is kept.
 */
export function returnNativeMemoryEarly(): void {
  defaultEnvironment('MIMALLOC_PURGE_DELAY', '0');
}

/** Why the native parser is not used, once its loading was tried and failed; undefined otherwise. */
export function nativeUnavailable(): string | undefined {
  return loadError;
}

/** oxc-parser, loaded on first use; null (after one notice) when its binding does not load on this platform. */
export function loadNative(): Oxc | null {
  if (oxc !== undefined) return oxc;
  try {
    const loaded = oxcParser() as Oxc;
    if (typeof loaded.parseSync !== 'function') throw new Error('oxc-parser has no parseSync');
    oxc = loaded;
  } catch (error) {
    oxc = null;
    const first = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    // oxc-parser's own text goes on to advise reinstalling, which does not help where no prebuilt binding exists.
    loadError = /^Cannot find native binding/i.test(first) ? 'no prebuilt binding of oxc-parser is installed for this platform' : first;
    // One notice per process: from its main thread (a worker of `urilint scan` falls back silently).
    if (!noticed && isMainThread()) {
      noticed = true;
      notice(`urilint: the native JavaScript/TypeScript parser (oxc-parser) could not be loaded on ${platformName()} (${loadError}); files are read with typescript-estree instead, more slowly.`);
    }
  }
  return oxc;
}

/** For tests: use this parser module (or none, as if its binding did not load) from now on. */
export function setNativeParser(parser: Oxc | null | undefined): void {
  oxc = parser;
  if (parser === undefined) loadError = undefined;
}

/**
 * The tree as JSON: without `range` (the walk makes it from `start` and `end`, or in a large tree a
 * node when it is read: `RANGE_FROM_OFFSETS`), and for a JavaScript file as ESTree, without the
 * TS-ESTree fields every node of a TypeScript tree carries (`decorators: []`, `optional: false`,
 * `typeAnnotation: null`…), which a JavaScript file never fills. On a 9 MB file the JSON string is
 * the largest thing in memory while `JSON.parse` reads it: the two cut the process's peak from 546
 * to 364 MB and the hand-over's CPU time by half (oxc-parser 0.156, typescript.js). A JavaScript
 * file is still parsed with TypeScript's syntax (`lang`), as typescript-eslint parses it for ESLint.
 */
const OPTIONS = { sourceType: 'module', astType: 'ts', range: false, preserveParens: false } as const;
const JS_OPTIONS = { ...OPTIONS, astType: 'js' } as const;
const RAW_OPTIONS = { ...OPTIONS, range: true, experimentalRawTransfer: true } as const;

/**
 * Whether the file is a TypeScript declaration file, as TypeScript names them: `.d.ts`, `.d.mts`,
 * `.d.cts`, or a `.ts` file whose name holds `.d.` (`styles.d.css.ts`, TypeScript's arbitrary extensions).
 */
export function isDeclarationFile(filePath: string | undefined): boolean {
  if (filePath === undefined) return false;
  const base = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
  return /\.d\.[mc]?ts$/.test(base) || (base.endsWith('.ts') && base.includes('.d.'));
}

/** Whether the file is JavaScript (`.js`, `.jsx`, `.mjs`, `.cjs`): a file without a name is read as TypeScript. */
function isJavaScript(filePath: string | undefined): boolean {
  return filePath !== undefined && /\.[mc]?jsx?$/i.test(filePath);
}

/**
 * Whether each parser module hands its tree over by raw transfer: oxc writes the tree into a buffer
 * shared with JavaScript, which builds the objects straight from it, instead of a JSON string that
 * `JSON.parse` reads (the same tree, node for node; comments come with their `range`). It needs
 * Node ≥ 22 (Node 20 cannot allocate the buffer), so on Node 20 the tree comes as JSON.
 */
const rawTransfer = new WeakMap<Oxc, boolean>();
let rawTransferSetting: boolean | undefined;

function usesRawTransfer(parser: Oxc): boolean {
  if (rawTransferSetting === false) return false;
  let supported = rawTransfer.get(parser);
  if (supported === undefined) {
    try {
      supported = typeof parser.rawTransferSupported === 'function' && parser.rawTransferSupported() === true;
    } catch {
      supported = false;
    }
    rawTransfer.set(parser, supported);
  }
  return supported;
}

/**
 * For tests and benchmarks: `false` hands every tree over as JSON, `undefined` (the default) by raw
 * transfer wherever the parser supports it.
 */
export function setNativeRawTransfer(enabled: false | undefined): void {
  rawTransferSetting = enabled;
}

/** Whether the native reader hands trees over by raw transfer in this process (false where the parser is not loaded yet or not available). */
export function nativeRawTransfer(): boolean {
  return oxc !== undefined && oxc !== null && usesRawTransfer(oxc);
}

type Mutable = Record<string, unknown> & { type: string; parent?: Node; range: [number, number] };

/** Gives `node` its own `range`, as a parser would have. */
function ownRange(node: object, range: unknown): unknown {
  Object.defineProperty(node, 'range', { value: range, writable: true, enumerable: true, configurable: true });
  return range;
}

/**
 * The prototype of the nodes of a large tree (`LARGE_TEXT`) handed over as JSON, which come without
 * `range` (see OPTIONS): `range` is made from the node's `start` and `end` when first read, and is
 * from then on the node's own, as a parser's; assigning it sets it. Most nodes' ranges are never
 * read, and one array each made in the walk cost 58 MB of the 946,000-node tree of typescript.js
 * (9.1 MB). A smaller tree's nodes are each given their array in the walk: changing a node's
 * prototype and making its range when read cost more time than the arrays (the language server's
 * 10,000-line document: the walk 14 ms against 11, discovery 50 ms against 37).
 */
const RANGE_FROM_OFFSETS: object = Object.create(Object.prototype, {
  range: {
    configurable: true,
    enumerable: false,
    get(this: { start: number; end: number }) {
      return ownRange(this, [this.start, this.end]);
    },
    set(this: object, range: unknown) {
      ownRange(this, range);
    },
  },
});

/**
 * Parses JavaScript or TypeScript (with JSX unless a `.ts` name says otherwise, as `parseJs`) with
 * oxc-parser. Throws on a syntax error, and when the native parser is not available.
 */
export function parseNative(text: string, options: JsParseOptions = {}): JsSourceCode {
  const parser = loadNative();
  if (parser === null) throw new Error(`the native parser is not available: ${loadError}`);
  const { ast, estree } = treeOf(parser, text, options);
  const large = text.length >= LARGE_TEXT && !usesRawTransfer(parser);
  if (large) collectGarbage();
  const { manager, walked } = walk(ast, parser.visitorKeys, estree, large);
  if (large) collectGarbage();
  return sourceOf(text, ast, parser.visitorKeys as TSESLint.SourceCode['visitorKeys'], manager, () => everyNode(ast, parser.visitorKeys), walked);
}

/**
 * From this many characters on, a tree handed over as JSON is followed by a full garbage collection,
 * and so is the walk over it. After `JSON.parse` of a large tree the JSON text stays resident (V8
 * frees its large-object space only in a full collection, which the walk's allocations seldom start)
 * while the walk adds parents and scopes: on typescript.js (9.1 MB) `urilint scan` peaked at 627 MB
 * without the first collection and 472 MB with it. The second, after the walk, lets go of what the
 * walk and the hand-over left before discovery runs: 369–374 MB against 400–401 MB, for about 0.3 s
 * more CPU time on that file (1.9 s in all). A file this large is a bundle, seldom met.
 */
const LARGE_TEXT = 2_000_000;

/** `String.prototype.isWellFormed` (Node ≥ 20; ES2024, beyond the library this package compiles against). */
type WellFormed = string & { isWellFormed(): boolean };

/**
 * The tree of `text`, its comments attached, and whether it is ESTree (see OPTIONS). Apart from
 * `parseNative` so that oxc's result, which holds the tree's JSON text until it is dropped, is
 * unreachable once the tree is built: on typescript.js the walk would otherwise run beside both.
 */
function treeOf(parser: Oxc, text: string, options: JsParseOptions): { ast: TSESTree.Program; estree: boolean } {
  // oxc reads the text as UTF-8, where a lone surrogate (half of a pair, cut off by an edit) becomes
  // U+FFFD in every value and raw text; typescript-estree reads it as it is.
  if (!(text as WellFormed).isWellFormed()) throw new SyntaxError('the text holds a lone surrogate, which the native parser does not keep');
  const jsx = options.jsx ?? hasJsx(options.filePath);
  // A declaration file is read as one: `export const x: T;` and `declare` forms are its normal content,
  // which oxc rejects in a `.ts` file (typescript-estree reads them anywhere).
  const declaration = !jsx && isDeclarationFile(options.filePath);
  const name = declaration ? 'file.d.ts' : jsx ? 'file.tsx' : 'file.ts';
  const lang = declaration ? 'dts' : jsx ? 'tsx' : 'ts';
  let chosen: Record<string, unknown> | undefined;
  let result: OxcResult | undefined;
  if (usesRawTransfer(parser)) {
    try {
      chosen = { ...RAW_OPTIONS, lang };
      result = parser.parseSync(name, text, chosen);
    } catch {
      // The buffer could not be had (memory): this parser hands its trees over as JSON from now on.
      rawTransfer.set(parser, false);
    }
  }
  // ESTree (not TS-ESTree) where a JavaScript file's tree comes as JSON.
  let estree = false;
  if (result === undefined) {
    estree = isJavaScript(options.filePath);
    chosen = { ...(estree ? JS_OPTIONS : OPTIONS), lang };
    result = parser.parseSync(name, text, chosen);
  }
  if (result.errors.length > 0) {
    // A CommonJS script: a `return` at the top level, a sloppy-mode octal escape…, which a module
    // cannot hold and typescript-estree reads (it would be loaded, with TypeScript, for the file).
    const script = parser.parseSync(name, text, { ...chosen, sourceType: 'commonjs' });
    if (script.errors.length === 0) result = script;
  }
  const errors = result.errors;
  if (errors.length > 0) throw new SyntaxError(errors[0]!.message);
  const ast = result.program;
  const comments = result.comments as unknown as TSESTree.Comment[];
  for (const comment of result.comments) comment.range ??= [comment.start, comment.end];
  // The hashbang line (`#!/usr/bin/env node`) is no child the walk visits: its range as raw transfer gives it.
  const hashbang = (ast as unknown as { hashbang?: { start: number; end: number; range?: [number, number] } | null }).hashbang;
  if (hashbang) hashbang.range ??= [hashbang.start, hashbang.end];
  (ast as unknown as Mutable)['comments'] = comments;
  return { ast, estree };
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'TSDeclareFunction', 'TSEmptyBodyFunctionExpression']);

/** The identifiers a pattern declares. */
function patternNames(pattern: Node | null | undefined, out: TSESTree.Identifier[]): TSESTree.Identifier[] {
  if (!pattern) return out;
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) patternNames(property.type === 'Property' ? property.value : property, out);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) patternNames(element, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument, out);
      break;
    case 'TSParameterProperty':
      patternNames(pattern.parameter, out);
      break;
    default:
      break;
  }
  return out;
}

/** What the walk does at a node of each type, besides setting its children's parent (bits of `WALK`). */
const IDENTIFIER = 1;
const DECLARES = 2;
const SCOPE = 4;
/** A node discovery's walk acts on (`DiscoveryWalk`): a string, a template, a `+`, a JSX attribute, a syntactic sink. */
const DISCOVERY = 8;
const DIRECTIVE = 16;

const WALK: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, {
  Identifier: IDENTIFIER,
  VariableDeclaration: DECLARES,
  FunctionDeclaration: DECLARES | SCOPE,
  TSDeclareFunction: DECLARES,
  ClassDeclaration: DECLARES | SCOPE,
  ImportDeclaration: DECLARES,
  TSImportEqualsDeclaration: DECLARES,
  TSEnumDeclaration: DECLARES,
  TSModuleDeclaration: DECLARES,
  TSTypeAliasDeclaration: DECLARES,
  TSInterfaceDeclaration: DECLARES,
  FunctionExpression: SCOPE,
  ArrowFunctionExpression: SCOPE,
  TSEmptyBodyFunctionExpression: SCOPE,
  ClassExpression: SCOPE,
  BlockStatement: SCOPE,
  StaticBlock: SCOPE,
  ForStatement: SCOPE,
  ForInStatement: SCOPE,
  ForOfStatement: SCOPE,
  SwitchStatement: SCOPE,
  CatchClause: SCOPE,
  TSModuleBlock: SCOPE,
  Literal: DISCOVERY,
  TemplateLiteral: DISCOVERY,
  BinaryExpression: DISCOVERY,
  JSXAttribute: DISCOVERY,
  AssignmentExpression: DISCOVERY,
  ImportExpression: DISCOVERY,
  CallExpression: DISCOVERY,
  ExpressionStatement: DIRECTIVE,
});

type ChildVisitor = (node: Node, scope: LightScope, visit: (child: Node, scope: LightScope) => void) => void;

const childVisitorsOf = new WeakMap<Record<string, readonly string[]>, Record<string, ChildVisitor>>();

/** What the walk does at a node of one type: its `WALK` bits (0 for none) and the function that visits its children, if it has any. */
interface NodeStep {
  flags: number;
  children: ChildVisitor | undefined;
}

const stepsOf = new WeakMap<Record<string, readonly string[]>, Record<string, NodeStep>>();

/** Each node type's `NodeStep`: one table read per node (the bits and the children's visitor were two). */
function nodeSteps(keys: Record<string, readonly string[]>): Record<string, NodeStep> {
  let steps = stepsOf.get(keys);
  if (steps !== undefined) return steps;
  steps = Object.create(null) as Record<string, NodeStep>;
  const children = childVisitors(keys);
  for (const type of new Set([...Object.keys(keys), ...Object.keys(WALK)])) steps[type] = { flags: WALK[type] ?? 0, children: children[type] };
  stepsOf.set(keys, steps);
  return steps;
}

/**
 * Every node of a tree the walk went over, in the walk's order (depth first, children in
 * visitor-key order): listed when an edit first needs them (`nodesOf`), not on the way to the
 * first diagnostics.
 */
function everyNode(program: TSESTree.Program, keys: Record<string, readonly string[]>): Node[] {
  const nodes: Node[] = [];
  const children = childVisitors(keys);
  const visit = (node: Node, scope: LightScope): void => {
    nodes.push(node);
    children[node.type]?.(node, scope, visit);
  };
  visit(program, undefined as unknown as LightScope);
  return nodes;
}

/**
 * For each node type, a function that sets the `parent` of each child of a node (the values of its
 * visitor keys, in their order, that are nodes: objects with a string `type`, alone or in an array)
 * and visits it. Each type's function is compiled from its keys (`node.key` written out, not
 * `node[key]` read in a loop): a property read that only ever sees nodes of one type stays fast,
 * where one read for every type of node is slow — the difference is half the walk's time.
 */
function childVisitors(keys: Record<string, readonly string[]>): Record<string, ChildVisitor> {
  let visitors = childVisitorsOf.get(keys);
  if (visitors !== undefined) return visitors;
  visitors = Object.create(null) as Record<string, ChildVisitor>;
  for (const [type, names] of Object.entries(keys)) {
    const lines = names.map((name) => {
      const child = `node[${JSON.stringify(name)}]`;
      return [
        `c = ${child};`,
        "if (c !== null && typeof c === 'object') {",
        '  if (Array.isArray(c)) {',
        "    for (let i = 0; i < c.length; i++) { const x = c[i]; if (x !== null && typeof x === 'object' && typeof x.type === 'string') { x.parent = node; visit(x, scope); } }",
        "  } else if (typeof c.type === 'string') { c.parent = node; visit(c, scope); }",
        '}',
      ].join('\n');
    });
    // Compiled from the parser's own visitor keys, each name quoted as a string literal.
    visitors[type] = new Function('node', 'scope', 'visit', `let c;\n${lines.join('\n')}`) as ChildVisitor;
  }
  childVisitorsOf.set(keys, visitors);
  return visitors;
}

/**
 * One walk of the tree (`estree`: oxc's ESTree, not TS-ESTree): sets each node's `parent` and `range`, indexes the identifiers by name, makes the
 * scopes and their declarations, lists the nodes discovery acts on (so that it need not walk the
 * tree again), and fixes what oxc writes unlike typescript-estree (a `directive` of null on every
 * expression statement; JSX attribute strings with their entities undecoded).
 */
function walk(
  program: TSESTree.Program,
  keys: Record<string, readonly string[]>,
  estree: boolean,
  /** Ranges made when read (`RANGE_FROM_OFFSETS`), not in the walk. */
  lazyRanges: boolean,
): { manager: LightScopeManager; walked: DiscoveryWalk } {
  const identifiers = new Map<string, TSESTree.Identifier[]>();
  const walked: DiscoveryWalk = { nodes: [], subtreeEnds: new Map() };
  const manager = new LightScopeManager(program, identifiers);
  const module = manager.add(new LightScope(manager, 'module', program, manager.globalScope));

  const declare = (scope: LightScope, names: TSESTree.Identifier[], definition: Omit<LightDefinition, 'name'>, value = true): void => {
    for (const name of names) scope.declare(name, definition, value);
  };

  /** Declarations a node makes in the scope it is in (`scope`), before its children are walked. */
  const declarations = (node: Node, scope: LightScope): void => {
    switch (node.type) {
      case 'VariableDeclaration': {
        const target = node.kind === 'var' ? scope.variableScope : scope;
        for (const declarator of node.declarations) declare(target, patternNames(declarator.id, []), { type: 'Variable', node: declarator, parent: node });
        break;
      }
      case 'FunctionDeclaration':
      case 'TSDeclareFunction':
        if (node.id) declare(scope, [node.id], { type: 'FunctionName', node, parent: null });
        break;
      case 'ClassDeclaration':
        if (node.id) declare(scope, [node.id], { type: 'ClassName', node, parent: null });
        break;
      case 'ImportDeclaration':
        for (const specifier of node.specifiers) declare(module, [specifier.local], { type: 'ImportBinding', node: specifier, parent: node });
        break;
      case 'TSImportEqualsDeclaration':
        declare(scope, [node.id], { type: 'ImportBinding', node, parent: null });
        break;
      case 'TSEnumDeclaration':
        declare(scope, [node.id], { type: 'TSEnumName', node, parent: null });
        break;
      case 'TSModuleDeclaration':
        if (node.id.type === 'Identifier') declare(scope, [node.id], { type: 'TSModuleName', node, parent: null });
        break;
      case 'TSTypeAliasDeclaration':
      case 'TSInterfaceDeclaration':
        declare(scope, [node.id], { type: 'Type', node, parent: null }, false);
        break;
      default:
        break;
    }
  };

  /** The scopes a node makes (its children are walked in the last); the scope to walk them in. */
  const open = (node: Node, scope: LightScope): LightScope => {
    switch (node.type) {
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'TSEmptyBodyFunctionExpression': {
        let upper = scope;
        if (node.type === 'FunctionExpression' && node.id) {
          upper = manager.add(new LightScope(manager, 'function-expression-name', node, scope));
          declare(upper, [node.id], { type: 'FunctionName', node, parent: null });
        }
        const inner = manager.add(new LightScope(manager, 'function', node, upper));
        for (const param of node.params) declare(inner, patternNames(param, []), { type: 'Parameter', node, parent: null });
        return inner;
      }
      case 'ClassDeclaration':
      case 'ClassExpression': {
        const inner = manager.add(new LightScope(manager, 'class', node, scope));
        if (node.id) declare(inner, [node.id], { type: 'ClassName', node, parent: null });
        return inner;
      }
      case 'BlockStatement':
        // A function's body is the function's scope.
        if (node.parent && FUNCTIONS.has(node.parent.type)) return scope;
        return manager.add(new LightScope(manager, 'block', node, scope));
      case 'StaticBlock':
        return manager.add(new LightScope(manager, 'class-static-block', node, scope));
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement': {
        const head = node.type === 'ForStatement' ? node.init : node.left;
        if (head?.type === 'VariableDeclaration' && head.kind !== 'var') return manager.add(new LightScope(manager, 'for', node, scope));
        return scope;
      }
      case 'SwitchStatement':
        return manager.add(new LightScope(manager, 'switch', node, scope));
      case 'CatchClause': {
        const inner = manager.add(new LightScope(manager, 'catch', node, scope));
        declare(inner, patternNames(node.param, []), { type: 'CatchClause', node, parent: null });
        return inner;
      }
      case 'TSModuleBlock':
        return manager.add(new LightScope(manager, 'tsModule', node, scope));
      default:
        return scope;
    }
  };

  const discovered = walked.nodes;
  const steps = nodeSteps(keys);
  const visit = (node: Node, scope: LightScope): void => {
    const record = node as unknown as Mutable;
    const type = node.type;
    // A tree handed over as JSON comes without `range` (see OPTIONS). ESTree's template element
    // spans its text only; TS-ESTree's (and discovery's) takes in the `` ` ``, `${` and `}` around it.
    if (record.range === undefined) {
      const start = record['start'] as number;
      const end = record['end'] as number;
      if (type === 'TemplateElement' && estree) record.range = [start - 1, end + ((node as TSESTree.TemplateElement).tail ? 1 : 2)];
      else if (lazyRanges) Object.setPrototypeOf(node, RANGE_FROM_OFFSETS);
      else record.range = [start, end];
    }
    const step = steps[type];
    const flags = step === undefined ? 0 : step.flags;
    let inner = scope;
    if (flags !== 0) {
      if (flags === IDENTIFIER) {
        const name = (node as TSESTree.Identifier).name;
        const named = identifiers.get(name);
        if (named === undefined) identifiers.set(name, [node as TSESTree.Identifier]);
        else named.push(node as TSESTree.Identifier);
      }
      else if (flags === DIRECTIVE) {
        if (record['directive'] === null) record['directive'] = undefined;
      } else if (flags === DISCOVERY) {
        if (type === 'Literal') {
          const literal = node as TSESTree.Literal;
          if (typeof literal.value === 'string') {
            if (literal.parent?.type === 'JSXAttribute' && literal.raw.includes('&')) record['value'] = jsxAttributeValue(literal.raw, 'typescript');
            discovered.push(node);
          }
        } else if (type === 'JSXAttribute') {
          discovered.push(node);
        } else if (type !== 'BinaryExpression' || (node as TSESTree.BinaryExpression).operator === '+') {
          discovered.push(node);
        }
      } else {
        if ((flags & DECLARES) !== 0) declarations(node, scope);
        if ((flags & SCOPE) !== 0) inner = open(node, scope);
      }
    } else if (type === 'Program') {
      inner = module;
    }
    if (step !== undefined && step.children !== undefined) step.children(node, inner, visit);
    // A JSX attribute whose value discovery reads skips the rest of its subtree.
    if (type === 'JSXAttribute') walked.subtreeEnds.set(node, discovered.length);
  };
  visit(program, module);
  return { manager, walked };
}
