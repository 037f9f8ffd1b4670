import { CALL, CONSTRUCT, ESM, findVariable, ReferenceTracker, type TraceMap } from '@eslint-community/eslint-utils';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { LightScope } from './light-scope.js';
import type { JsSourceCode } from './source-code.js';

/** A call whose arguments at `arguments` are URLs, and the sink's name for messages. */
interface SinkInfo {
  name: string;
  arguments: readonly number[];
  /** The argument that is a base URL (`new URL(path, base)`): its sink is named `<name> base`. */
  base?: number;
}

/** The sink name of a base URL argument: only its scheme and authority are used. */
export const BASE_SINK_SUFFIX = ' base';

const call = (name: string, ...positions: number[]): { [CALL]: SinkInfo } => ({ [CALL]: { name, arguments: positions.length ? positions : [0] } });
const construct = (name: string, ...positions: number[]): { [CONSTRUCT]: SinkInfo } => ({
  [CONSTRUCT]: { name, arguments: positions.length ? positions : [0] },
});

/** Properties of a request-options object that hold a URL: `axios({ url })`, `got({ prefixUrl })`. */
const URL_PROPERTIES = new Set(['url', 'baseURL', 'baseUrl', 'prefixUrl', 'uri', 'href']);

/** The expression under TypeScript's type-only wrappers: `url as string`, `url!`, `url satisfies U`. */
function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === 'TSAsExpression' ||
    current.type === 'TSSatisfiesExpression' ||
    current.type === 'TSNonNullExpression' ||
    current.type === 'TSTypeAssertion'
  ) {
    current = current.expression;
  }
  return current;
}

/**
 * Where a sink argument's text is written: the argument itself, or — for an
 * identifier bound by `const` to a string — that initializer
 * (`const path = "/a b"; fetch(path)` puts "/a b" in the sink).
 */
function sourceOfValue(sourceCode: JsSourceCode, node: TSESTree.Node): TSESTree.Node {
  if (node.type !== 'Identifier') return node;
  const variable = findVariable(sourceCode.getScope(node) as never, node as never) as TSESLint.Scope.Variable | null;
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') return node;
  const init = definition.node.init;
  if (!init || definition.node.id.type !== 'Identifier') return node;
  const value = unwrap(init);
  return value.type === 'Literal' || value.type === 'TemplateLiteral' || value.type === 'BinaryExpression' ? value : node;
}

/** The URL-valued properties of an options object passed where a URL may go. */
function urlProperties(node: TSESTree.ObjectExpression): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init') continue;
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : '';
    if (URL_PROPERTIES.has(key)) out.push(unwrap(property.value));
  }
  return out;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request'];

/** `name` and `name.get(...)`, `name.post(...)`… of an HTTP client library. */
function client(name: string, methods = HTTP_METHODS): TraceMap<SinkInfo> {
  const map: Record<string, unknown> = { ...call(name) };
  for (const method of methods) map[method] = call(`${name}.${method}`);
  return map as TraceMap<SinkInfo>;
}

/** Globals of the browser and of Node (also through `window.`, `globalThis.`, `self.`). */
export const GLOBAL_SINKS: TraceMap<SinkInfo> = {
  fetch: call('fetch'),
  Request: construct('new Request'),
  URL: { [CONSTRUCT]: { name: 'new URL', arguments: [0, 1], base: 1 } },
  WebSocket: construct('new WebSocket'),
  EventSource: construct('new EventSource'),
  Worker: construct('new Worker'),
  SharedWorker: construct('new SharedWorker'),
  importScripts: call('importScripts'),
  open: call('window.open'),
  navigator: { sendBeacon: call('navigator.sendBeacon') },
  location: { assign: call('location.assign'), replace: call('location.replace') },
} as TraceMap<SinkInfo>;

/** The global objects ReferenceTracker follows sinks through: `window.fetch`, `globalThis.URL`. */
export const GLOBAL_OBJECT_NAMES: readonly string[] = ['window', 'globalThis', 'self', 'global'];

/** Modules whose import or require makes the file worth a ReferenceTracker pass. */
export const SINK_MODULES: ReadonlySet<string> = new Set([
  'http', 'https', 'node:http', 'node:https', 'http2', 'node:http2',
  'undici', 'axios', 'got', 'ky', 'superagent', 'node-fetch', 'cross-fetch',
]);

/** Names a call or `new` of a global sink ends in: a file with none of them has no global sink call. */
export const GLOBAL_SINK_NAMES: ReadonlySet<string> = new Set([
  'fetch', 'Request', 'URL', 'WebSocket', 'EventSource', 'Worker', 'SharedWorker', 'importScripts', 'open', 'sendBeacon', 'assign', 'replace',
]);

/** Node's http(s) and the common HTTP client libraries, imported or required. */
function moduleSinks(): TraceMap<SinkInfo> {
  const nodeHttp = { get: call('http.get'), request: call('http.request') };
  const map: Record<string, unknown> = {};
  for (const name of ['http', 'https', 'node:http', 'node:https', 'http2', 'node:http2']) {
    map[name] = { [ESM]: true, ...nodeHttp, default: nodeHttp, connect: call(`${name}.connect`) };
  }
  map['undici'] = { [ESM]: true, fetch: call('undici.fetch'), request: call('undici.request'), stream: call('undici.stream'), Request: construct('new undici.Request') };
  map['axios'] = { [ESM]: true, default: client('axios'), ...client('axios') };
  map['got'] = { [ESM]: true, default: client('got', ['get', 'post', 'put', 'patch', 'delete', 'head', 'stream']), ...client('got') };
  map['ky'] = { [ESM]: true, default: client('ky'), ...client('ky') };
  map['superagent'] = { [ESM]: true, default: client('superagent'), ...client('superagent') };
  map['node-fetch'] = { [ESM]: true, default: call('node-fetch'), ...call('node-fetch') };
  map['cross-fetch'] = { [ESM]: true, default: call('cross-fetch'), ...call('cross-fetch') };
  return map as TraceMap<SinkInfo>;
}

/**
 * A user-declared sink: `path` (`myFetch`, `api.get`) on the global scope, or
 * `module:path` (`my-http:request`, `my-http:default`) from an imported or
 * required module; calls and `new` of it take a URL as their first argument.
 */
function userSinks(sinks: readonly string[]): { globals: TraceMap<SinkInfo>; modules: TraceMap<SinkInfo> } {
  const globals: Record<string, unknown> = {};
  const modules: Record<string, unknown> = {};
  for (const sink of sinks) {
    const colon = sink.lastIndexOf(':');
    const moduleName = colon > 0 ? sink.slice(0, colon) : undefined;
    const path = (colon > 0 ? sink.slice(colon + 1) : sink).split('.').filter(Boolean);
    if (path.length === 0) continue;
    let node = (moduleName === undefined ? globals : ((modules[moduleName] ??= { [ESM]: true }) as Record<string, unknown>));
    for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
    Object.assign(node, call(sink), construct(`new ${sink}`));
  }
  return { globals: globals as TraceMap<SinkInfo>, modules: modules as TraceMap<SinkInfo> };
}

/** The built-in trace maps, made once: ReferenceTracker only reads them. */
let builtIn: { globals: TraceMap<SinkInfo>; modules: TraceMap<SinkInfo> } | undefined;

/** The trace maps of the built-in sinks and the user's (`settings.urilint.sinks`). */
function traceMaps(sinks: readonly string[]): { globals: TraceMap<SinkInfo>; modules: TraceMap<SinkInfo> } {
  builtIn ??= { globals: GLOBAL_SINKS, modules: moduleSinks() };
  if (sinks.length === 0) return builtIn;
  const user = userSinks(sinks);
  return { globals: merge(builtIn.globals, user.globals), modules: merge(builtIn.modules, user.modules) };
}

/** Merges user trace maps into the built-in ones (user entries win at the leaves). */
function merge(base: TraceMap<SinkInfo>, extra: TraceMap<SinkInfo>): TraceMap<SinkInfo> {
  const out: Record<string | symbol, unknown> = { ...base };
  for (const key of Reflect.ownKeys(extra)) {
    const a = (base as Record<string | symbol, unknown>)[key];
    const b = (extra as Record<string | symbol, unknown>)[key];
    out[key] = a && typeof a === 'object' && b && typeof b === 'object' ? merge(a as TraceMap<SinkInfo>, b as TraceMap<SinkInfo>) : b;
  }
  return out as TraceMap<SinkInfo>;
}

/** `location = …`, `window.location.href = …`, `document.location = …`. */
function isLocationTarget(node: TSESTree.Node): boolean {
  if (node.type === 'Identifier') return node.name === 'location';
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier') return false;
  const property = node.property.name;
  if (property === 'href') return isLocationTarget(node.object);
  if (property !== 'location') return false;
  return node.object.type === 'Identifier' && ['window', 'document', 'self', 'globalThis', 'top', 'parent'].includes(node.object.name);
}

type GlobalScope = NonNullable<TSESLint.SourceCode['scopeManager']>['globalScope'];

/**
 * The global scope as ReferenceTracker reads it, plus a variable for each name
 * the file uses without declaring (`fetch` in a TypeScript project that sets no
 * `globals`): an unresolved reference is a reference to a global. A local
 * `fetch` still resolves to itself and is not a sink.
 */
function withImplicitGlobals(scope: NonNullable<GlobalScope>): object {
  // The native reader's light global scope already holds every name declared nowhere.
  if (scope instanceof LightScope) return scope;
  let implicit: Map<string, unknown> | undefined;
  // ReferenceTracker only calls `set.get` (for the names it traces, and through findVariable): the
  // scope's own variables are not copied, and the names declared nowhere are grouped on the first call.
  const set = {
    get(name: string): unknown {
      const declared = scope.set.get(name);
      if (declared !== undefined) return declared;
      if (implicit === undefined) {
        const byName = new Map<string, TSESLint.Scope.Reference[]>();
        for (const reference of scope.through) {
          const referenced = reference.identifier.name;
          if (scope.set.has(referenced)) continue;
          const list = byName.get(referenced);
          if (list === undefined) byName.set(referenced, [reference]);
          else list.push(reference);
        }
        implicit = new Map([...byName].map(([variable, references]) => [variable, { name: variable, defs: [], references, identifiers: [], scope }]));
      }
      return implicit.get(name);
    },
  };
  return Object.assign(Object.create(scope) as object, { set });
}

/**
 * The URL arguments of every sink call in the file, found by reference (a local
 * `fetch` that shadows the global is not a sink), plus assignments to
 * `location` and `xhr.open(method, url)`.
 */
export function findSinkArguments(sourceCode: JsSourceCode, sinks: readonly string[] = []): Map<TSESTree.Node, string> {
  const found = new Map<TSESTree.Node, string>();
  const scope = sourceCode.scopeManager?.globalScope;
  if (scope) {
    const { globals, modules } = traceMaps(sinks);
    const tracker = new ReferenceTracker(withImplicitGlobals(scope) as never, { globalObjectNames: [...GLOBAL_OBJECT_NAMES] });
    const references = [...tracker.iterateGlobalReferences(globals), ...tracker.iterateEsmReferences(modules), ...tracker.iterateCjsReferences(modules)];
    for (const { node, info } of references) {
      const expression = node as unknown as TSESTree.CallExpression | TSESTree.NewExpression;
      if (expression.type !== 'CallExpression' && expression.type !== 'NewExpression') continue;
      for (const position of info.arguments) {
        const given = expression.arguments[position];
        if (!given || given.type === 'SpreadElement') continue;
        const argument = unwrap(given);
        const name = position === info.base ? info.name + BASE_SINK_SUFFIX : info.name;
        if (argument.type === 'ObjectExpression') {
          for (const value of urlProperties(argument)) found.set(sourceOfValue(sourceCode, value), name);
        } else {
          found.set(sourceOfValue(sourceCode, argument), name);
        }
      }
    }
  }
  return found;
}

/** Sinks seen syntactically during the walk: `location` assignment, `xhr.open(method, url)` (a dynamic `import()` names a module: `module-specifiers.ts`). */
export function syntacticSink(node: TSESTree.Node): { argument: TSESTree.Node; name: string } | undefined {
  if (node.type === 'AssignmentExpression' && node.operator === '=' && isLocationTarget(node.left)) {
    return { argument: unwrap(node.right), name: 'location' };
  }
  if (
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    !node.callee.computed &&
    node.callee.property.type === 'Identifier' &&
    node.callee.property.name === 'open' &&
    node.arguments.length >= 2
  ) {
    const method = node.arguments[0];
    if (method?.type === 'Literal' && typeof method.value === 'string' && /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/i.test(method.value)) {
      return { argument: node.arguments[1]!, name: 'XMLHttpRequest#open' };
    }
  }
  return undefined;
}
