/**
 * A light scope resolver for the native reader: the declarations of each scope, built in the one
 * walk that sets the tree's parents, and references resolved lazily, only for the names discovery
 * asks about. It answers what discovery's code reads of ESLint's scope manager, in the same shapes:
 *
 * - `getScope(node)` / `acquire(node, inner)` and `scope.set.get(name)` / `scope.upper`: a `const`'s
 *   initializer (`sourceOfValue`, no-unencoded-interpolation's `constInitializer`), a declared type
 *   annotation (`hasSafeAnnotation`);
 * - `globalScope.set.get(name)` (every name used and declared nowhere, as `withImplicitGlobals` makes
 *   them), `globalScope.block`, `childScopes` with `block.range`, and each variable's `references`
 *   (`identifier`, `isRead()`, `isWrite()`): what eslint-utils' `ReferenceTracker` walks to tell a global
 *   `fetch` or an imported `axios` from a local of the same name.
 *
 * Scopes are made where @typescript-eslint/scope-manager makes value scopes: the global and module
 * scopes of the program, functions (with a separate scope for a function expression's name), classes,
 * blocks (not a function's body), `for` statements that declare with `let`/`const`, `switch`, `catch`,
 * class static blocks and TypeScript namespaces. `var` goes to the nearest function (or module) scope.
 * Type-only declarations (`type`, `interface`) are in `set` (merged with a value of the same name, as
 * the scope manager merges them) but never capture a value reference.
 */
import type { TSESTree } from '@typescript-eslint/utils';

type Node = TSESTree.Node;

export interface LightDefinition {
  type: 'Variable' | 'Parameter' | 'FunctionName' | 'ClassName' | 'ImportBinding' | 'CatchClause' | 'TSEnumName' | 'TSModuleName' | 'Type';
  name: TSESTree.Identifier;
  node: Node;
  parent: Node | null;
}

export class LightReference {
  readonly identifier: TSESTree.Identifier;
  readonly resolved: LightVariable | null;
  readonly #write: boolean;
  readonly #read: boolean;
  readonly init: boolean;

  constructor(identifier: TSESTree.Identifier, resolved: LightVariable | null) {
    this.identifier = identifier;
    this.resolved = resolved;
    const access = accessOf(identifier);
    this.#write = access !== 'read';
    this.#read = access !== 'write' && access !== 'init';
    this.init = access === 'init';
  }

  isRead(): boolean {
    return this.#read;
  }

  isWrite(): boolean {
    return this.#write;
  }

  isReadOnly(): boolean {
    return this.#read && !this.#write;
  }

  isWriteOnly(): boolean {
    return this.#write && !this.#read;
  }

  isReadWrite(): boolean {
    return this.#read && this.#write;
  }
}

export class LightVariable {
  readonly name: string;
  readonly defs: LightDefinition[] = [];
  readonly scope: LightScope;
  readonly identifiers: TSESTree.Identifier[] = [];
  /** A value, not only a type: a value reference can resolve to it. */
  value = false;
  #references: LightReference[] | undefined;

  constructor(name: string, scope: LightScope) {
    this.name = name;
    this.scope = scope;
  }

  /** The identifiers that read or write this variable, found when first asked. */
  get references(): LightReference[] {
    if (this.#references === undefined) {
      const manager = this.scope.manager;
      this.#references = [];
      for (const identifier of manager.identifiersNamed(this.name)) {
        if (manager.resolve(identifier) === this) this.#references.push(new LightReference(identifier, this));
      }
    }
    return this.#references;
  }
}

export type LightScopeType = 'global' | 'module' | 'function' | 'function-expression-name' | 'class' | 'block' | 'for' | 'switch' | 'catch' | 'class-static-block' | 'tsModule';

export class LightScope {
  readonly type: LightScopeType;
  readonly block: Node;
  readonly upper: LightScope | null;
  readonly childScopes: LightScope[] = [];
  readonly set: Map<string, LightVariable>;
  readonly manager: LightScopeManager;

  constructor(manager: LightScopeManager, type: LightScopeType, block: Node, upper: LightScope | null, set?: Map<string, LightVariable>) {
    this.manager = manager;
    this.type = type;
    this.block = block;
    this.upper = upper;
    this.set = set ?? new Map();
    upper?.childScopes.push(this);
  }

  get variables(): LightVariable[] {
    return [...this.set.values()];
  }

  /** Where `var` and function parameters of code in this scope are declared. */
  get variableScope(): LightScope {
    const stops = (scope: LightScope): boolean => scope.type === 'function' || scope.type === 'module' || scope.type === 'global' || scope.type === 'class-static-block';
    let scope: LightScope | null = this.upper;
    if (stops(this)) return this;
    while (scope && !stops(scope) && scope.upper) scope = scope.upper;
    return scope ?? this;
  }

  declare(name: TSESTree.Identifier, definition: Omit<LightDefinition, 'name'>, value: boolean): void {
    let variable = this.set.get(name.name);
    if (!variable) this.set.set(name.name, (variable = new LightVariable(name.name, this)));
    variable.defs.push({ ...definition, name });
    variable.identifiers.push(name);
    if (value) variable.value = true;
  }
}

/**
 * The global scope's variables: the names the file uses and declares nowhere (an unresolved
 * reference is a reference to a global), made when asked for.
 */
class ImplicitGlobals extends Map<string, LightVariable> {
  readonly #scope: () => LightScope;

  constructor(scope: () => LightScope) {
    super();
    this.#scope = scope;
  }

  override get(name: string): LightVariable | undefined {
    if (super.has(name)) return super.get(name);
    const scope = this.#scope();
    const manager = scope.manager;
    const references = manager.identifiersNamed(name).filter((identifier) => manager.resolve(identifier) === null);
    let variable: LightVariable | undefined;
    if (references.length > 0) {
      variable = new LightVariable(name, scope);
      // Resolved here, to the global: its reference list is these.
      Object.defineProperty(variable, 'references', { value: references.map((identifier) => new LightReference(identifier, variable!)) });
    }
    super.set(name, variable as LightVariable);
    return variable;
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

export class LightScopeManager {
  readonly scopes: LightScope[] = [];
  readonly globalScope: LightScope;
  readonly #byNode = new Map<Node, LightScope[]>();
  /** Every identifier of the file, by name, in the walk's order (the walk that makes the scopes fills it). */
  readonly #byName: ReadonlyMap<string, TSESTree.Identifier[]>;

  constructor(program: TSESTree.Program, identifiers: ReadonlyMap<string, TSESTree.Identifier[]>) {
    this.#byName = identifiers;
    const implicit = new ImplicitGlobals(() => this.globalScope);
    this.globalScope = this.add(new LightScope(this, 'global', program, null, implicit));
  }

  add(scope: LightScope): LightScope {
    this.scopes.push(scope);
    const list = this.#byNode.get(scope.block);
    if (list) list.push(scope);
    else this.#byNode.set(scope.block, [scope]);
    return scope;
  }

  /** The scope `node` makes (the innermost when `inner`, as ESLint's scope manager), or null. */
  acquire(node: Node, inner = false): LightScope | null {
    const list = this.#byNode.get(node);
    if (!list) return null;
    return (inner ? list[list.length - 1] : list[0]) ?? null;
  }

  identifiersNamed(name: string): TSESTree.Identifier[] {
    return this.#byName.get(name) ?? [];
  }

  /** The innermost scope an identifier is in. */
  scopeOf(node: Node): LightScope {
    for (let current: Node | undefined = node.parent; current; current = current.parent) {
      const scope = this.acquire(current, true);
      if (scope) return scope;
    }
    return this.globalScope;
  }

  /** The value variable an identifier refers to, or null for a global (declared nowhere in the file). */
  resolve(identifier: TSESTree.Identifier): LightVariable | null {
    for (let scope: LightScope | null = this.scopeOf(identifier); scope && scope.type !== 'global'; scope = scope.upper) {
      const variable = scope.set.get(identifier.name);
      if (variable?.value) return variable;
    }
    return null;
  }
}

/** How an identifier is used: read, written (`x = 1`, a destructuring target), both (`x += 1`, `x++`), or declared with a value. */
function accessOf(identifier: Node): 'read' | 'write' | 'readwrite' | 'init' {
  let child: Node = identifier;
  for (let parent = identifier.parent; parent; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case 'AssignmentExpression':
        if (parent.left !== child) return 'read';
        return parent.operator === '=' ? 'write' : child === identifier ? 'readwrite' : 'write';
      case 'UpdateExpression':
        return 'readwrite';
      case 'VariableDeclarator':
        return parent.id === child ? 'init' : 'read';
      case 'ForInStatement':
      case 'ForOfStatement':
        return parent.left === child ? 'write' : 'read';
      case 'ArrayPattern':
      case 'ObjectPattern':
      case 'RestElement':
        continue;
      case 'Property':
        if (parent.value === child && parent.parent?.type === 'ObjectPattern') continue;
        return 'read';
      case 'AssignmentPattern':
        if (parent.left === child) continue;
        return 'read';
      default:
        return 'read';
    }
  }
  return 'read';
}
