/**
 * The walk over a program's tree makes a node object only for the node types its reader reads
 * (strings, comments, the expressions that build strings): a file's every other node is passed over
 * by the cursor alone. Counted: the visitor is called once per node of those types, never for the
 * rest, and it still reaches a string nested in nodes of other types; a node whose visit returns
 * false keeps its children unvisited.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { Decoded, walkTree } from '../../src/languages/common.js';
import { discoverPython } from '../../src/languages/python.js';
import { discoverDocument, loadGrammarsFor, type ProgramKind } from '../../src/document.js';
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

describe('reading a program: the work per node', () => {
  it('finds the nodes of the given types without a step of the cursor from JavaScript', () => {
    const tree = parseWith('python', SOURCE)!;
    const cursor = Object.getPrototypeOf(tree.walk()) as { gotoFirstChild(): boolean; gotoNextSibling(): boolean };
    const steps = [vi.spyOn(cursor, 'gotoFirstChild'), vi.spyOn(cursor, 'gotoNextSibling')];
    try {
      const visited: string[] = [];
      walkTree(tree, (node) => visited.push(node.type) > 0, new Set(['string', 'comment']));
      expect(visited).toEqual(['comment', 'string', 'string', 'string']);
      expect(steps.map((step) => step.mock.calls.length)).toEqual([0, 0]);
    } finally {
      for (const step of steps) step.mockRestore();
      tree.delete();
    }
  });

  it("asks tree-sitter for a node's parent once, however often the reader needs it", () => {
    const text = ['import requests', '', ...Array.from({ length: 50 }, (_, i) => `r${i} = requests.get("https://example.com/${i}", params={"q": "a b"}, headers=h)`), ''].join('\n');
    const root = parseWith('python', 'x = 1')!;
    const proto = Object.getPrototypeOf(root.rootNode) as object;
    root.delete();
    const asked: number[] = [];
    const getter = Object.getOwnPropertyDescriptor(proto, 'parent')!.get!;
    const spy = vi.spyOn(proto as { parent: Node | null }, 'parent', 'get').mockImplementation(function (this: Node) {
      asked.push(this.id);
      return getter.call(this) as Node | null;
    });
    try {
      expect(discoverPython(text)!.candidates).toHaveLength(50);
      expect(asked.length).toBeGreaterThan(50);
      expect(new Set(asked).size).toBe(asked.length);
    } finally {
      spy.mockRestore();
    }
  });

  it('decodes no string that writes no ":", "/" or "\\" and is no sink\'s argument', () => {
    // 100 names, log messages and SQL of a module, and one URL: only the URL's characters are decoded.
    const text = [
      'import logging',
      ...Array.from({ length: 25 }, (_, i) => [`NAME_${i} = "users"`, `log.info("fetching users %s", n${i})`, `QUERY_${i} = "SELECT id FROM users WHERE id = %s"`, `TITLE_${i} = f"Report {i}"`]).flat(),
      'HOME = "https://example.com/a"',
      '',
    ].join('\n');
    const push = vi.spyOn(Decoded.prototype, 'push');
    try {
      expect(discoverPython(text)!.candidates.map((candidate) => candidate.uri)).toEqual(['https://example.com/a']);
      expect(push.mock.calls.map((call) => call[0]).join('')).toBe('https://example.com/a');
    } finally {
      push.mockRestore();
    }
  });
});

describe('every language passes over a string that cannot write a URI', () => {
  const names = (line: (i: number) => string): string[] => Array.from({ length: 20 }, (_, i) => line(i));
  const SOURCES: [ProgramKind, string][] = [
    ['java', ['class A {', ...names((i) => `  String n${i} = "users";`), '  String home = "https://example.com/a";', '}', ''].join('\n')],
    ['kotlin', [...names((i) => `val n${i} = "users"`), 'val home = "https://example.com/a"', ''].join('\n')],
    ['csharp', ['class A {', ...names((i) => `  string n${i} = "users";`), '  string home = "https://example.com/a";', '}', ''].join('\n')],
    ['ruby', [...names((i) => `n${i} = "users"`), 'home = "https://example.com/a"', ''].join('\n')],
    ['php', ['<?php', ...names((i) => `$n${i} = "users";`), '$home = "https://example.com/a";', ''].join('\n')],
    ['rust', [...names((i) => `const N${i}: &str = "users";`), 'const HOME: &str = "https://example.com/a";', ''].join('\n')],
    ['go', ['package a', '', ...names((i) => `var n${i} = "users"`), 'var home = "https://example.com/a"', ''].join('\n')],
  ];

  it.each(SOURCES)('%s: only the URL is decoded', async (kind, text) => {
    await loadGrammarsFor([kind]);
    const push = vi.spyOn(Decoded.prototype, 'push');
    try {
      expect(discoverDocument(text, kind).candidates.map((candidate) => candidate.uri)).toEqual(['https://example.com/a']);
      expect(push.mock.calls.map((call) => call[0]).join('')).toBe('https://example.com/a');
    } finally {
      push.mockRestore();
    }
  });
});

describe("a string's call is found once", () => {
  /** The ids of the nodes whose named children the readers ask tree-sitter for while `read` runs. */
  function childrenAsked(read: () => void): number[] {
    const root = parseWith('python', 'x = 1')!;
    const proto = Object.getPrototypeOf(root.rootNode) as object;
    root.delete();
    const asked: number[] = [];
    const getter = Object.getOwnPropertyDescriptor(proto, 'namedChildren')!.get!;
    const spy = vi.spyOn(proto as { namedChildren: (Node | null)[] }, 'namedChildren', 'get').mockImplementation(function (this: Node) {
      asked.push(this.id);
      return getter.call(this) as (Node | null)[];
    });
    try {
      read();
    } finally {
      spy.mockRestore();
    }
    return asked;
  }

  it('Python: for its sink, its format and whether it is excluded, the arguments of its call are read once', () => {
    // Each URL is asked its sink, its format and whether it is excluded: each of the 50 calls' argument lists is read once (three times before).
    const text = ['import requests', '', ...Array.from({ length: 50 }, (_, i) => `requests.get("https://example.com/${i}", timeout=t)`), ''].join('\n');
    let uris: string[] = [];
    const asked = childrenAsked(() => {
      uris = discoverPython(text)!.candidates.map((candidate) => candidate.uri);
    });
    expect(uris).toHaveLength(50);
    expect(asked).toHaveLength(50);
  });

  it('Go: for its sink, its format and whether it is excluded, the arguments of its call are read once', async () => {
    await loadGrammarsFor(['go']);
    const text = ['package a', '', 'import "net/http"', '', 'func f() {', ...Array.from({ length: 50 }, (_, i) => `\thttp.Get("https://example.com/${i}")`), '}', ''].join('\n');
    let uris: string[] = [];
    const asked = childrenAsked(() => {
      uris = discoverDocument(text, 'go').candidates.map((candidate) => candidate.uri);
    });
    expect(uris).toHaveLength(50);
    expect(asked).toHaveLength(50);
  });
});

describe('a literal with no escape is decoded without a list of offsets', () => {
  it('its value is sliced from the source, and its map gives the same source ranges as a listed one', () => {
    const text = 'x = "https://example.com/a b"';
    const plain = new Decoded(text);
    for (let i = 5; i < 28; i++) plain.push(text[i]!, i, i + 1);
    const listed = new Decoded();
    listed.push('h', 5, 6);
    listed.push('t', 6, 8); // one unit written by two characters: the offsets are listed from here on
    const write = (value: string): string => value;
    expect(plain.value).toBe('https://example.com/a b');
    // Not listed until asked (the map does not ask).
    const map = plain.map(28, write);
    expect(map.sourceRange(0, 5)).toEqual([5, 10]);
    expect(map.sourceRange(23, 23)).toEqual([28, 28]);
    expect(map.replace(21, 22, '%20')).toEqual({ range: [26, 27], text: '%20' });
    expect(plain.starts).toEqual(Array.from({ length: 23 }, (_, k) => 5 + k));
    expect(plain.ends).toEqual(Array.from({ length: 23 }, (_, k) => 6 + k));
    expect(listed.value).toBe('ht');
    expect(listed.starts).toEqual([5, 6]);
    expect(listed.ends).toEqual([6, 8]);
    // A unit that is not the source's own character at its place is listed too.
    const other = new Decoded(text);
    other.push('h', 5, 6);
    other.push('X', 6, 7);
    expect(other.value).toBe('hX');
    expect(other.starts).toEqual([5, 6]);
  });
});

describe('an operation that does not start with a string is passed over from the source', () => {
  /** How often the readers ask tree-sitter for a node's field while `read` runs. */
  function fieldsAsked(read: () => void): number {
    const root = parseWith('python', 'x = 1')!;
    const proto = Object.getPrototypeOf(root.rootNode) as { childForFieldName(name: string): Node | null };
    root.delete();
    const spy = vi.spyOn(proto, 'childForFieldName');
    try {
      read();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('Python: no operator or operand of `i + 1`, `a % b`, `a * b - c` is asked of the tree', () => {
    // 100 operations, none a string: each was asked its operator (and a `+` its left operand) before.
    const text = [...Array.from({ length: 25 }, (_, i) => `n${i} = (i + ${i}) % size`), ...Array.from({ length: 25 }, (_, i) => `m${i} = a${i} * b - c`), 'HOME = "https://example.com/" + path', ''].join('\n');
    let uris: string[] = [];
    const asked = fieldsAsked(() => {
      uris = discoverPython(text)!.candidates.map((candidate) => candidate.uri);
    });
    expect(uris).toEqual(['https://example.com/x']);
    // The one `+` chain that starts with a string: its operator, its left and right (read as a chain), its assignment's left and right.
    expect(asked).toBeLessThan(12);
  });

  it('Go: no operator or operand of `i < n`, `err != nil`, `a && b` is asked of the tree', async () => {
    await loadGrammarsFor(['go']);
    const text = ['package a', '', 'func f() {', ...Array.from({ length: 50 }, (_, i) => `\tif i < n${i} && err != nil {\n\t\treturn\n\t}`), '\thome := "https://example.com/" + path', '\t_ = home', '}', ''].join('\n');
    let uris: string[] = [];
    const asked = fieldsAsked(() => {
      uris = discoverDocument(text, 'go').candidates.map((candidate) => candidate.uri);
    });
    expect(uris).toEqual(['https://example.com/x']);
    expect(asked).toBeLessThan(12);
  });
});
