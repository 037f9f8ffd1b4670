/**
 * A site generator's configuration read as a static value, never executed. JavaScript and
 * TypeScript (`docusaurus.config.ts`, `.vitepress/config.mts`, `astro.config.mjs`…) are parsed with
 * the JS reader (oxc-parser) and their exported object is evaluated as far as the text says it:
 * literals, `const`s, spreads, object and array expressions, `export default {…}`,
 * `module.exports = …`, `defineConfig({…})` and other wrappers, a function that returns an object,
 * `path.resolve(__dirname, '…')`, `require.resolve('…')`. Anything else (an import, a call, an environment variable, a
 * condition) is an `Unknown` holding the text it stands for, so that the links it governs can be
 * left unreported. YAML (`_config.yml`, `mkdocs.yml`) and TOML (`hugo.toml`, `book.toml`) go
 * through real parsers.
 */
import { loadNative } from '../js/native.js';
import { toml, yaml } from '../parsers.js';

/** A value the configuration sets by code the tree cannot evaluate. */
export class Unknown {
  constructor(
    /** The configuration's text for it (cut short). */
    readonly text: string,
  ) {}
}

export type StaticValue = string | number | boolean | null | undefined | Unknown | StaticValue[] | { [key: string]: StaticValue };

export const isUnknown = (value: unknown): value is Unknown => value instanceof Unknown;
export const isObject = (value: unknown): value is { [key: string]: StaticValue } => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Unknown);

/**
 * Objects that spread a value set by code (`{ ...shared, title: 'x' }` with `shared` imported): the
 * spread may have set any key, so a key the object does not write is that `Unknown`, not unset.
 */
const openObjects = new WeakMap<object, Unknown>();

/** The value of `key` in `object`: what it writes, else the spread that may have set it, else `undefined`. */
function member(object: { [key: string]: StaticValue }, key: string): StaticValue {
  return Object.hasOwn(object, key) ? object[key] : openObjects.get(object);
}

/** The spread set by code that may have set any key of `object` not written (`{ ...imported, a: 1 }`), if any. */
export function openSpread(object: { [key: string]: StaticValue }): Unknown | undefined {
  return openObjects.get(object);
}

/** A string setting: the string, an `Unknown` when set by code, `undefined` when not set. */
export function stringAt(value: StaticValue, ...keys: string[]): string | Unknown | undefined {
  let at: StaticValue = value;
  for (const key of keys) {
    if (isUnknown(at)) return at;
    if (!isObject(at)) return undefined;
    at = member(at, key);
  }
  if (typeof at === 'string' || isUnknown(at)) return at;
  return undefined;
}

/** The value at a path of keys: `Unknown` when a step is set by code. */
export function valueAt(value: StaticValue, ...keys: string[]): StaticValue {
  let at: StaticValue = value;
  for (const key of keys) {
    if (isUnknown(at)) return at;
    if (!isObject(at)) return undefined;
    at = member(at, key);
  }
  return at;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const MAX_DEPTH = 64;

/**
 * A module a configuration imports by a relative path (`import redirects from "./redirects.js"`): its
 * text and name, or `undefined` when the tree does not hold it.
 */
export type ModuleLoader = (specifier: string) => { text: string; filename: string } | undefined;

/**
 * Reads a JavaScript or TypeScript configuration's exported value; `Unknown` when it cannot be read (no
 * parser, a syntax error, no export). With `load`, a default import from a relative path is that
 * module's default export, read the same way (one level: what it imports is set by code).
 */
export function readJsConfig(text: string, filename: string, load?: ModuleLoader): StaticValue {
  const oxc = loadNative();
  if (oxc === null) return new Unknown(`${filename}: the JavaScript reader is not available`);
  let program: Node;
  try {
    const result = oxc.parseSync(filename, text, { sourceType: 'module', preserveParens: false });
    if (result.errors.length > 0 && (result.program as unknown as Node).body === undefined) return new Unknown(`${filename}: does not parse`);
    program = result.program as unknown as Node;
  } catch {
    return new Unknown(`${filename}: does not parse`);
  }
  return new Evaluator(text, load).program(program);
}

/** Evaluates a program's expressions as far as their text says. */
class Evaluator {
  readonly #text: string;
  /** Top-level and function-body bindings: name → its initializer (evaluated on use). */
  readonly #scopes: Map<string, Node | null>[] = [];

  readonly #load: ModuleLoader | undefined;
  /** Default imports from relative paths: local name → the specifier. */
  readonly #imports = new Map<string, string>();

  constructor(text: string, load?: ModuleLoader) {
    this.#text = text;
    this.#load = load;
  }

  #unknown(node: Node): Unknown {
    const text = this.#text.slice(node.start, node.end).replace(/\s+/g, ' ');
    return new Unknown(text.length > 80 ? `${text.slice(0, 77)}…` : text);
  }

  #bind(statements: Node[]): Map<string, Node | null> {
    const scope = new Map<string, Node | null>();
    for (const statement of statements) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? (statement['declaration'] as Node | null) : statement;
      if (declaration?.type === 'VariableDeclaration') {
        // A `let`/`var` may be reassigned: only a `const` is its initializer.
        const constant = declaration['kind'] === 'const';
        for (const declarator of declaration['declarations'] as Node[]) {
          const id = declarator['id'] as Node;
          if (id.type === 'Identifier') scope.set(id['name'] as string, constant ? ((declarator['init'] as Node | null) ?? null) : null);
        }
      } else if (declaration?.type === 'FunctionDeclaration' && declaration['id'] !== null) {
        scope.set((declaration['id'] as Node)['name'] as string, declaration);
      } else if (declaration?.type === 'ImportDeclaration') {
        const from = (declaration['source'] as Node)['value'];
        for (const specifier of declaration['specifiers'] as Node[]) {
          scope.set((specifier['local'] as Node)['name'] as string, null);
          if (specifier.type === 'ImportDefaultSpecifier' && typeof from === 'string' && /^\.\.?\//.test(from)) this.#imports.set((specifier['local'] as Node)['name'] as string, from);
        }
      }
    }
    return scope;
  }

  program(program: Node): StaticValue {
    const body = program['body'] as Node[];
    this.#scopes.push(this.#bind(body));
    for (const statement of body) {
      if (statement.type === 'ExportDefaultDeclaration') return this.#value(statement['declaration'] as Node, 0, true);
      if (statement.type === 'ExpressionStatement') {
        const expression = statement['expression'] as Node;
        if (expression.type === 'AssignmentExpression' && this.#isModuleExports(expression['left'] as Node)) return this.#value(expression['right'] as Node, 0, true);
      }
    }
    return new Unknown('no `export default` or `module.exports`');
  }

  #isModuleExports(node: Node): boolean {
    if (node.type !== 'MemberExpression') return false;
    const object = node['object'] as Node;
    const property = node['property'] as Node;
    return object.type === 'Identifier' && object['name'] === 'module' && property.type === 'Identifier' && property['name'] === 'exports';
  }

  #lookup(name: string): Node | null | undefined {
    for (let i = this.#scopes.length - 1; i >= 0; i--) {
      const scope = this.#scopes[i]!;
      if (scope.has(name)) return scope.get(name);
    }
    return undefined;
  }

  /** A function's returned value (the last `return` of its body, or an arrow's expression). */
  #returned(fn: Node, depth: number): StaticValue {
    const body = fn['body'] as Node;
    if (body.type !== 'BlockStatement') return this.#value(body, depth + 1, true);
    const statements = body['body'] as Node[];
    const returns = statements.filter((s) => s.type === 'ReturnStatement');
    if (returns.length !== 1 || returns[0]!['argument'] === null) return this.#unknown(fn);
    this.#scopes.push(this.#bind(statements));
    try {
      return this.#value(returns[0]!['argument'] as Node, depth + 1, true);
    } finally {
      this.#scopes.pop();
    }
  }

  /**
   * `root`: the exported value itself, where a wrapper call (`defineConfig({…})`,
   * `withMermaid(defineConfig({…}))`) and a function returning the configuration stand for their
   * argument or result.
   */
  #value(node: Node, depth: number, root = false): StaticValue {
    if (depth > MAX_DEPTH) return this.#unknown(node);
    switch (node.type) {
      case 'Literal':
        return typeof node['value'] === 'bigint' || node['regex'] !== undefined ? this.#unknown(node) : (node['value'] as StaticValue);
      case 'TemplateLiteral': {
        const quasis = node['quasis'] as Node[];
        const expressions = node['expressions'] as Node[];
        let out = (quasis[0]!['value'] as { cooked: string | null }).cooked ?? '';
        for (let i = 0; i < expressions.length; i++) {
          const part = this.#value(expressions[i]!, depth + 1);
          if (typeof part !== 'string' && typeof part !== 'number') return this.#unknown(node);
          out += String(part) + ((quasis[i + 1]!['value'] as { cooked: string | null }).cooked ?? '');
        }
        return out;
      }
      case 'Identifier': {
        const name = node['name'] as string;
        if (name === 'undefined') return undefined;
        const init = this.#lookup(name);
        if (init === null && this.#load !== undefined && this.#imports.has(name)) {
          const module = this.#load(this.#imports.get(name)!);
          if (module !== undefined) return readJsConfig(module.text, module.filename);
        }
        if (init === undefined || init === null) return this.#unknown(node);
        if (init.type === 'FunctionDeclaration') return root ? this.#returned(init, depth) : this.#unknown(node);
        return this.#value(init, depth + 1, root);
      }
      case 'ObjectExpression': {
        const out: { [key: string]: StaticValue } = {};
        for (const property of node['properties'] as Node[]) {
          if (property.type === 'SpreadElement') {
            const spread = this.#value(property['argument'] as Node, depth + 1);
            // A spread set by code may set any key: the keys written before it and those never written are unknown, those written after it are kept.
            if (isUnknown(spread)) {
              for (const key of Object.keys(out)) out[key] = spread;
              openObjects.set(out, spread);
            } else if (isObject(spread)) {
              Object.assign(out, spread);
              const open = openObjects.get(spread);
              if (open !== undefined) openObjects.set(out, open);
            }
            continue;
          }
          const key = this.#key(property, depth);
          if (key === undefined) continue;
          const value = property['value'] as Node;
          out[key] = property['method'] === true || property['kind'] === 'get' || property['kind'] === 'set' ? this.#unknown(value) : this.#value(value, depth + 1);
        }
        return out;
      }
      case 'ArrayExpression': {
        const out: StaticValue[] = [];
        for (const element of node['elements'] as (Node | null)[]) {
          if (element === null) out.push(undefined);
          else if (element.type === 'SpreadElement') {
            const spread = this.#value(element['argument'] as Node, depth + 1);
            if (Array.isArray(spread)) out.push(...spread);
            else out.push(isUnknown(spread) ? spread : this.#unknown(element));
          } else out.push(this.#value(element, depth + 1));
        }
        return out;
      }
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ParenthesizedExpression':
      case 'AwaitExpression':
        return this.#value(node['expression'] as Node, depth + 1, root);
      case 'MemberExpression': {
        const object = this.#value(node['object'] as Node, depth + 1);
        const property = node['property'] as Node;
        const key = node['computed'] === true ? this.#value(property, depth + 1) : (property['name'] as string);
        if (typeof key !== 'string' && typeof key !== 'number') return this.#unknown(node);
        if (isObject(object)) return Object.hasOwn(object, String(key)) ? object[String(key)] : undefined;
        if (Array.isArray(object) && typeof key === 'number') return object[key];
        return this.#unknown(node);
      }
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
      case 'FunctionDeclaration':
        return root ? this.#returned(node, depth) : this.#unknown(node);
      case 'CallExpression':
        return this.#call(node, depth, root);
      default:
        return this.#unknown(node);
    }
  }

  #key(property: Node, depth: number): string | undefined {
    const key = property['key'] as Node;
    if (property['computed'] === true) {
      const value = this.#value(key, depth + 1);
      return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
    }
    if (key.type === 'Identifier') return key['name'] as string;
    if (key.type === 'Literal') return String(key['value']);
    return undefined;
  }

  #call(node: Node, depth: number, root: boolean): StaticValue {
    const callee = node['callee'] as Node;
    const args = node['arguments'] as Node[];
    // `require.resolve('docusaurus-plugin-internaldocs-fb/docusaurus-preset')`, `require.resolve('./sidebars.json')`: Node's
    // require.resolve gives the file of the module the request names (https://nodejs.org/api/modules.html#requireresolverequest-options),
    // so the request is what the configuration names, a package or a path from its folder.
    if (callee.type === 'MemberExpression' && (callee['object'] as Node).type === 'Identifier' && (callee['object'] as Node)['name'] === 'require' && (callee['property'] as Node)['name'] === 'resolve' && args.length >= 1) {
      const request = this.#value(args[0]!, depth + 1);
      return typeof request === 'string' ? request : this.#unknown(node);
    }
    // `path.resolve(__dirname, '../docs')`, `path.join(__dirname, 'docs')`: a folder relative to the configuration's.
    if (callee.type === 'MemberExpression' && ['resolve', 'join'].includes((callee['property'] as Node)['name'] as string)) {
      const object = callee['object'] as Node;
      if (object.type === 'Identifier' && ['path', 'nodePath', 'pathe'].includes(object['name'] as string) && args.length >= 2 && args[0]!.type === 'Identifier' && args[0]!['name'] === '__dirname') {
        const parts = args.slice(1).map((arg) => this.#value(arg, depth + 1));
        if (parts.every((part) => typeof part === 'string')) return `./${(parts as string[]).join('/')}`.replace(/\/{2,}/g, '/').replace(/^\.\/\.\//, './').replace(/^\.\/(?=\.\.\/)/, '');
      }
      return this.#unknown(node);
    }
    // A wrapper of the configuration (`defineConfig({…})`, `withMermaid(defineConfig({…}))`, `withNextra({…})(…)`): its one object argument.
    if (root && callee.type === 'Identifier' && args.length >= 1) {
      const inner = this.#value(args[0]!, depth + 1, true);
      if (isObject(inner)) return inner;
    }
    // An integration or plugin made by a call with options (`starlight({ locales })`): its name and options, as an entry of an array.
    if (!root && callee.type === 'Identifier' && args.length === 1 && args[0]!.type !== 'SpreadElement') {
      const options = this.#value(args[0]!, depth + 1);
      if (isObject(options)) return [new Unknown(`${callee['name'] as string}(…)`), options, callee['name'] as string];
    }
    return this.#unknown(node);
  }
}

/** A YAML configuration (`_config.yml`, `mkdocs.yml`) as a value; `Unknown` when it does not parse. */
export function readYamlConfig(text: string, filename: string): StaticValue {
  try {
    // Tags MkDocs adds (`!!python/name:…`, `!ENV`) stay their plain values.
    return yaml().parse(text, { logLevel: 'silent', uniqueKeys: false }) as StaticValue;
  } catch {
    return new Unknown(`${filename}: does not parse`);
  }
}

/** A TOML configuration (`hugo.toml`, `book.toml`) as a value; `Unknown` when it does not parse. */
export function readTomlConfig(text: string, filename: string): StaticValue {
  try {
    return toml().parse(text) as StaticValue;
  } catch {
    return new Unknown(`${filename}: does not parse`);
  }
}

/** A configuration file read by its kind (`load`: the modules a JavaScript one imports by a relative path). */
export function readConfig(text: string, filename: string, load?: ModuleLoader): StaticValue {
  if (/\.ya?ml$/i.test(filename)) return readYamlConfig(text, filename);
  if (/\.toml$/i.test(filename)) return readTomlConfig(text, filename);
  if (/\.json$/i.test(filename)) {
    try {
      return JSON.parse(text) as StaticValue;
    } catch {
      return new Unknown(`${filename}: does not parse`);
    }
  }
  return readJsConfig(text, filename, load);
}
