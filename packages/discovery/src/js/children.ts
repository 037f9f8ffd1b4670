/** The child nodes of an ESTree node, in the order its visitor keys give them. */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

function isNode(value: unknown): value is TSESTree.Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Calls `visit(state, child)` for each child node of `node` (one state argument rather than a closure,
 * so a walk over every node of a file allocates nothing per node).
 */
export function forEachChild<S>(node: TSESTree.Node, visitorKeys: TSESLint.SourceCode['visitorKeys'], visit: (state: S, child: TSESTree.Node) => void, state: S): void {
  for (const key of visitorKeys[node.type] ?? []) {
    const child = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(child)) {
      for (const item of child) if (isNode(item)) visit(state, item);
    } else if (isNode(child)) {
      visit(state, child);
    }
  }
}
