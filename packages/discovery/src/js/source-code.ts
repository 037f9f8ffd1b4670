import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { typescriptEstree } from '../parsers.js';

/** What discovery reads of a file: ESLint's `SourceCode` has it, and so has `parseJs`'s result. */
export type JsSourceCode = Pick<TSESLint.SourceCode, 'text' | 'ast' | 'getText' | 'getScope' | 'visitorKeys' | 'scopeManager' | 'parserServices'>;

export interface JsParseOptions {
  /** Parse JSX. Default: from `filePath` (`.ts`, `.mts`, `.cts` have none; every other name has). */
  jsx?: boolean;
  /** The file's name: it decides JSX when `jsx` is not given. */
  filePath?: string;
}

type ScopeManager = NonNullable<TSESLint.SourceCode['scopeManager']>;

/**
 * The nodes discovery's walk acts on, listed by the reader's own walk in the order discovery's walk
 * meets them (depth first, children in visitor-key order): string literals, templates, `+`
 * expressions, JSX attributes, assignments, `import()` and calls. `subtreeEnds` gives, for each JSX
 * attribute, the index after its subtree's last listed node (its value read, the rest is skipped).
 */
export interface DiscoveryWalk {
  nodes: TSESTree.Node[];
  subtreeEnds: Map<TSESTree.Node, number>;
}

/** The source code of one parsed file, with ESLint's scope lookup. */
class ParsedSource {
  text: string;
  readonly ast: TSESTree.Program;
  readonly visitorKeys: TSESLint.SourceCode['visitorKeys'];
  readonly scopeManager: ScopeManager;
  readonly parserServices: TSESLint.SourceCode['parserServices'];
  /** Every node of the tree, or how to list them when first asked. */
  #nodes: TSESTree.Node[] | (() => TSESTree.Node[]);
  /** The nodes discovery acts on, when the reader listed them. */
  readonly walked: DiscoveryWalk | undefined;

  constructor(text: string, ast: TSESTree.Program, visitorKeys: TSESLint.SourceCode['visitorKeys'], scopeManager: ScopeManager, nodes: TSESTree.Node[] | (() => TSESTree.Node[]), walked?: DiscoveryWalk) {
    this.text = text;
    this.#nodes = nodes;
    this.walked = walked;
    this.ast = ast;
    this.visitorKeys = visitorKeys;
    this.scopeManager = scopeManager;
    this.parserServices = {};
  }

  get listed(): boolean {
    return typeof this.#nodes !== 'function';
  }

  /** Every node of the tree (only edits read them: a reader may list them when first asked). */
  get nodes(): TSESTree.Node[] {
    if (typeof this.#nodes === 'function') this.#nodes = this.#nodes();
    return this.#nodes;
  }

  getText(node?: TSESTree.Node | TSESTree.Token): string {
    return node === undefined ? this.text : this.text.slice(node.range[0], node.range[1]);
  }

  /** The innermost scope of `node`, as ESLint's `SourceCode#getScope` finds it. */
  getScope(node: TSESTree.Node): TSESLint.Scope.Scope {
    const inner = node.type !== 'Program';
    for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
      const scope = this.scopeManager.acquire(current, inner);
      if (scope) return (scope.type === 'function-expression-name' ? scope.childScopes[0]! : scope) as TSESLint.Scope.Scope;
    }
    return this.scopeManager.scopes[0] as TSESLint.Scope.Scope;
  }
}

/**
 * The source code of a file parsed by another reader (the native one): its tree, with parents set,
 * every node (or how to list them, for the first edit), a scope manager that answers
 * `acquire(node, inner)` and `globalScope` as discovery asks, and the nodes discovery acts on.
 */
export function sourceOf(text: string, ast: TSESTree.Program, visitorKeys: TSESLint.SourceCode['visitorKeys'], scopeManager: unknown, nodes: TSESTree.Node[] | (() => TSESTree.Node[]), walked?: DiscoveryWalk): JsSourceCode {
  return new ParsedSource(text, ast, visitorKeys, scopeManager as ScopeManager, nodes, walked) as unknown as JsSourceCode;
}

/** The nodes discovery acts on, as the reader listed them (see `DiscoveryWalk`); undefined when it did not. */
export function discoveryWalkOf(sourceCode: JsSourceCode): DiscoveryWalk | undefined {
  return sourceCode instanceof ParsedSource ? sourceCode.walked : undefined;
}

/** Sets every node's `parent`, as ESLint's traversal does (the parser leaves them unset); returns every node. */
function setParents(root: TSESTree.Node, keys: TSESLint.SourceCode['visitorKeys']): TSESTree.Node[] {
  const nodes: TSESTree.Node[] = [];
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      const children = Array.isArray(child) ? child : [child];
      for (const item of children) {
        if (item !== null && typeof item === 'object' && 'type' in item) {
          (item as { parent?: TSESTree.Node }).parent = node;
          stack.push(item as TSESTree.Node);
        }
      }
    }
  }
  return nodes;
}

/** Every node of a file `parseJs` parsed (for edits that move their ranges), or undefined for another source. */
export function nodesOf(sourceCode: JsSourceCode): TSESTree.Node[] | undefined {
  return sourceCode instanceof ParsedSource ? sourceCode.nodes : undefined;
}

/** Whether every node of a parsed file was listed yet (the native reader lists them for the first edit, not for the first analysis); undefined for another source. */
export function nodesListed(sourceCode: JsSourceCode): boolean | undefined {
  return sourceCode instanceof ParsedSource ? sourceCode.listed : undefined;
}

/** Sets the text of a file `parseJs` parsed, after an edit that kept its tree (see `JsDiscovery.edit`). */
export function setText(sourceCode: JsSourceCode, text: string): void {
  if (sourceCode instanceof ParsedSource) sourceCode.text = text;
}

/** Whether a file of this name is parsed with JSX: every JavaScript and `.tsx` file, no `.ts` file (its `<T>x` is a cast). */
export function hasJsx(filePath: string | undefined): boolean {
  return filePath === undefined || !/\.[mc]?ts$/i.test(filePath);
}

/**
 * Parses JavaScript or TypeScript (with JSX) the way `@typescript-eslint/parser`
 * does for ESLint, with scope analysis. Throws the parser's error on a syntax
 * error (`discoverJsText` falls back to reading the literals then).
 */
export function parseJs(text: string, options: JsParseOptions = {}): JsSourceCode {
  const jsx = options.jsx ?? hasJsx(options.filePath);
  const result = typescriptEstree().parseForESLint(text, {
    // Discovery reads ranges and comments; locations and tokens (ESLint's) would only cost time.
    range: true,
    loc: false,
    comment: true,
    tokens: false,
    sourceType: 'module',
    ecmaVersion: 'latest',
    ecmaFeatures: { jsx },
  });
  const ast = result.ast as unknown as TSESTree.Program;
  const nodes = setParents(ast, result.visitorKeys as TSESLint.SourceCode['visitorKeys']);
  return new ParsedSource(text, ast, result.visitorKeys as TSESLint.SourceCode['visitorKeys'], result.scopeManager as unknown as ScopeManager, nodes) as unknown as JsSourceCode;
}
