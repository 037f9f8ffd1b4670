/**
 * URLs that are matching keys, not requests: the origins and paths given to HTTP-mocking libraries
 * (`nock('http://api.test')`, msw's `http.get('http://localhost/user', …)`, undici's
 * `mockAgent.get('http://localhost:3000')`, `fetchMock.get('http://a.com/x', 200)`, a recorded nock
 * definition's `scope: 'https://example.test:443'`), and the URLs of a file that starts its own
 * HTTP server (`http.createServer(…)`): the test talks to the process it runs in. A mocked URL is
 * compared with the URLs the code under test requests, as written; nothing is sent to it. A request
 * made in the same file to an origin (scheme, host and port) the file mocks reaches the mock: a mocking
 * library intercepts by origin (nock's examples: `nock('http://binary.com')…` and then
 * `http.get('http://binary.com/binary')`); a request to another origin is a request.
 */
import type { TSESTree } from '@typescript-eslint/utils';

/** Modules of HTTP-mocking libraries: a call through one of their imports takes mocked URLs. */
const MOCK_MODULES = new Set([
  'nock',
  'msw',
  'msw/node',
  'msw/browser',
  'msw/native',
  'fetch-mock',
  '@fetch-mock/core',
  '@fetch-mock/jest',
  '@fetch-mock/vitest',
  'jest-fetch-mock',
  'vitest-fetch-mock',
  'axios-mock-adapter',
  'pretender',
  'miragejs',
  'mock-socket',
  'undici',
]);

/** Names from `undici` that are mocking ones (the rest of undici sends requests). */
const UNDICI_MOCKS = new Set(['MockAgent', 'MockPool', 'MockClient']);

/** Keys of a mocking library's definitions that hold the origin matched (`nock.define([{ scope: … }])`). */
const MOCK_KEYS = new Set(['scope', 'origin']);

/** A name that says it is a mock (`fetchMock`, `mockAgent`, `mockPool`, `mockServer`), or nock's. */
const MOCK_NAME = /mock/i;

interface FileFacts {
  /** The origins of the URLs given to mocking calls in the file (`http://binary.com`), found when first asked. */
  mockedOrigins?: ReadonlySet<string>;
  /** Local names bound to an import or `require` of a module, and the module. */
  imports: Map<string, string>;
  /** The file starts an HTTP server of its own. */
  createsServer: boolean;
  /** The file imports an HTTP-mocking library. */
  importsMock: boolean;
  /** Names found declared as a mock (`const agent = new MockAgent()`), or not. */
  declared: Map<string, boolean>;
}

const facts = new WeakMap<TSESTree.Program, FileFacts>();

function moduleOf(node: TSESTree.Node | null | undefined): string | undefined {
  if (node?.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require') {
    const source = node.arguments[0];
    return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : undefined;
  }
  if (node?.type === 'MemberExpression') return moduleOf(node.object);
  return undefined;
}

/** `createServer(` as a call: Node's `http`, `https`, `http2`, `net`, and the helpers named so. */
const CREATES_SERVER = /\bcreate(?:Secure)?Server\s*\(/;

function factsOf(program: TSESTree.Program, text: string): FileFacts {
  let known = facts.get(program);
  if (known !== undefined) return known;
  const imports = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) imports.set(specifier.local.name, `${statement.source.value}${specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' ? `#${specifier.imported.name}` : ''}`);
    } else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        const source = moduleOf(declarator.init);
        if (source === undefined) continue;
        if (declarator.id.type === 'Identifier') imports.set(declarator.id.name, source);
        else if (declarator.id.type === 'ObjectPattern') {
          for (const property of declarator.id.properties) {
            if (property.type === 'Property' && property.value.type === 'Identifier') imports.set(property.value.name, `${source}${property.key.type === 'Identifier' ? `#${property.key.name}` : ''}`);
          }
        }
      }
    }
  }
  const importsMock = [...imports.keys()].some((name) => isMockImport(imports.get(name)!));
  known = { imports, createsServer: CREATES_SERVER.test(text), importsMock, declared: new Map() };
  facts.set(program, known);
  return known;
}

function programOf(node: TSESTree.Node): TSESTree.Program | undefined {
  let current: TSESTree.Node | undefined = node;
  while (current?.parent) current = current.parent;
  return current?.type === 'Program' ? current : undefined;
}

/** The identifier a call chain starts from: `nock` of `nock(u).get(p)`, `fetchMock` of `fetchMock.sandbox().mock(u)`. */
function rootOf(callee: TSESTree.Node): TSESTree.Identifier | undefined {
  let current = callee;
  for (;;) {
    if (current.type === 'MemberExpression') current = current.object;
    else if (current.type === 'CallExpression') current = current.callee;
    else if (current.type === 'NewExpression') current = current.callee;
    else if (current.type === 'TSNonNullExpression' || current.type === 'TSAsExpression') current = current.expression;
    else return current.type === 'Identifier' ? current : undefined;
  }
}

/** `const agent = new MockAgent()`: the identifier's declaration (or an assignment to it) in the file makes it a mock. */
function declaredAsMock(program: TSESTree.Program, name: string, known: FileFacts): boolean {
  const cached = known.declared.get(name);
  if (cached !== undefined) return cached;
  const imports = known.imports;
  let found = false;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    // `const fm = fetchMock.createInstance()`, or `fm = fetchMock.createInstance()` in a `beforeEach`.
    const value = node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name ? node.init : node.type === 'AssignmentExpression' && node.left.type === 'Identifier' && node.left.name === name ? node.right : undefined;
    if (value) {
      const root = rootOf(value);
      if (root !== undefined && root.name !== name && isMockIdentifier(root.name, imports)) found = true;
    }
  };
  walk(program, visit);
  known.declared.set(name, found);
  return found;
}

function walk(node: TSESTree.Node, visit: (node: TSESTree.Node) => void): void {
  visit(node);
  for (const key of Object.keys(node)) {
    if (key === 'parent') continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child !== null && typeof child === 'object' && typeof (child as { type?: unknown }).type === 'string') walk(child as TSESTree.Node, visit);
    } else if (value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') walk(value as TSESTree.Node, visit);
  }
}

/** An import (`module` or `module#name`) of a mocking library: undici's mock classes, the other modules whole. */
function isMockImport(source: string): boolean {
  const [module, imported] = source.split('#') as [string, string | undefined];
  if (module === 'undici') return imported !== undefined && UNDICI_MOCKS.has(imported);
  return MOCK_MODULES.has(module);
}

function isMockIdentifier(name: string, imports: Map<string, string>): boolean {
  const source = imports.get(name);
  if (source !== undefined && isMockImport(source)) return true;
  return name === 'nock' || MOCK_NAME.test(name);
}

/**
 * Whether the literal (or template) is a URL given to an HTTP-mocking library: an argument of a call
 * made through one (directly, or as a value in the objects and arrays given to it), or the value of
 * a mock definition's `scope`.
 */
export function isMockedUrl(node: TSESTree.Node | undefined, text: string): boolean {
  if (node === undefined) return false;
  let current: TSESTree.Node = node;
  while (current.parent?.type === 'Property' || current.parent?.type === 'ObjectExpression' || current.parent?.type === 'ArrayExpression') {
    if (current.parent.type === 'Property') {
      if (current.parent.value !== current) return false;
      const key = current.parent.key;
      const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : undefined;
      const object = current.parent.parent;
      if (name !== undefined && MOCK_KEYS.has(name) && object?.type === 'ObjectExpression') {
        const program = programOf(node);
        if (hasKey(object, 'method') || (program !== undefined && factsOf(program, text).importsMock)) return true;
      }
    }
    current = current.parent;
  }
  const call = current.parent;
  if ((call?.type !== 'CallExpression' && call?.type !== 'NewExpression') || !call.arguments.includes(current as TSESTree.CallExpressionArgument)) return false;
  const root = rootOf(call.callee);
  const program = programOf(node);
  if (root === undefined || program === undefined) return false;
  const known = factsOf(program, text);
  return isMockIdentifier(root.name, known.imports) || declaredAsMock(program, root.name, known);
}

function hasKey(object: TSESTree.ObjectExpression, name: string): boolean {
  return object.properties.some((property) => property.type === 'Property' && !property.computed && ((property.key.type === 'Identifier' && property.key.name === name) || (property.key.type === 'Literal' && property.key.value === name)));
}

/** Whether the file holding the node starts an HTTP server of its own (`http.createServer(…)`): its URLs reach that server. */
export function startsOwnServer(node: TSESTree.Node | undefined, text: string): boolean {
  const program = node === undefined ? undefined : programOf(node);
  return program !== undefined && factsOf(program, text).createsServer;
}

/** Ports a scheme is reached on when a URL writes none. */
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443', ws: '80', wss: '443', ftp: '21' };

/**
 * The origin of a URL's text, `scheme://host[:port]` with the scheme and host in lower case and a
 * default port dropped; undefined for a URL without an authority, or whose authority the text does
 * not end (a hole follows it).
 */
export function originOf(text: string, complete = true): string | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\\]*)([/?#\\]|$)/.exec(text);
  if (!match || (!complete && match[3] === '')) return undefined;
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!.slice(match[2]!.lastIndexOf('@') + 1).toLowerCase();
  const port = /:(\d*)$/.exec(authority);
  const host = port ? authority.slice(0, port.index) : authority;
  if (host === '') return undefined;
  const written = port?.[1] ?? '';
  return `${scheme}://${host}${written === '' || written === DEFAULT_PORTS[scheme] ? '' : `:${written}`}`;
}

/** The text a literal or template starts with, up to its first hole; undefined for other nodes. */
function leadingText(node: TSESTree.Node): { text: string; complete: boolean } | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return { text: node.value, complete: true };
  if (node.type === 'TemplateLiteral') return { text: node.quasis[0]?.value.cooked ?? '', complete: node.expressions.length === 0 };
  return undefined;
}

function mockedOriginsOf(program: TSESTree.Program, text: string): ReadonlySet<string> {
  const known = factsOf(program, text);
  if (known.mockedOrigins !== undefined) return known.mockedOrigins;
  const origins = new Set<string>();
  walk(program, (node) => {
    const leading = leadingText(node);
    if (leading === undefined || !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(leading.text) || !isMockedUrl(node, text)) return;
    const origin = originOf(leading.text, leading.complete);
    if (origin !== undefined) origins.add(origin);
  });
  known.mockedOrigins = origins;
  return origins;
}

/**
 * Whether `uri` (the text of a URL found at `node`, its authority written out) is on an origin that
 * the same file gives to an HTTP-mocking library: the request reaches the mock, not the network.
 */
export function reachesMockedOrigin(node: TSESTree.Node | undefined, text: string, uri: string): boolean {
  const program = node === undefined ? undefined : programOf(node);
  if (program === undefined) return false;
  const origin = originOf(uri);
  return origin !== undefined && mockedOriginsOf(program, text).has(origin);
}
