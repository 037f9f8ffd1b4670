/**
 * The walk over a program's tree makes a node object only for the node types its reader reads
 * (strings, comments, the expressions that build strings): a file's every other node is passed over
 * by the cursor alone. Counted: the visitor is called once per node of those types, never for the
 * rest, and it still reaches a string nested in nodes of other types; a node whose visit returns
 * false keeps its children unvisited.
 */
import { describe, expect, it } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { walkTree } from '../../src/languages/common.js';
import { loadGrammar, parseWith } from '../../src/languages/tree-sitter.js';

await loadGrammar('python');

const SOURCE = [
  'import requests',
  '',
  'def get(item):',
  '    # https://example.com/docs',
  '    if item:',
  '        return requests.get(f"https://example.com/{item}", headers={"accept": "json"})',
  '    return [x for x in range(10) if x % 2]',
  '',
].join('\n');

/** The visits of `walkTree` over SOURCE with `types`, and how many nodes the tree holds. */
function visits(types: ReadonlySet<string> | undefined, visit: (node: Node) => boolean = () => true): { visited: string[]; nodes: number } {
  const tree = parseWith('python', SOURCE)!;
  try {
    const visited: string[] = [];
    walkTree(
      tree,
      (node) => {
        visited.push(node.type);
        return visit(node);
      },
      types,
    );
    return { visited, nodes: tree.rootNode.descendantCount };
  } finally {
    tree.delete();
  }
}

describe('walkTree', () => {
  it('visits every node when no types are given', () => {
    const { visited, nodes } = visits(undefined);
    expect(visited).toHaveLength(nodes);
  });

  it('visits only the nodes of the given types, nested ones included, in document order', () => {
    const { visited, nodes } = visits(new Set(['string', 'comment']));
    // The comment, the f-string, the key and the value of the dictionary: four of the tree's many nodes.
    expect(visited).toEqual(['comment', 'string', 'string', 'string']);
    expect(nodes).toBeGreaterThan(60);
  });

  it('skips the children of a visited node whose visit returns false', () => {
    // The first call's arguments hold all three strings: visiting the calls and stopping there reaches none of them.
    const { visited } = visits(new Set(['call', 'string']), (node) => node.type !== 'call');
    expect(visited).toEqual(['call', 'call']);
  });
});
