/**
 * es-html-parser's `parse` as urilint calls it, for Node's parser table (parsers.ts) and a browser's
 * (parsers.browser.ts): its tokenizer and tree constructor as `parse` calls them, then each node's
 * link to its parent removed without recursion (its own `clearParent` recurses once per level of
 * nesting and overflowed the stack on documents nested a few thousand elements deep).
 */
import type * as HtmlParser from 'es-html-parser';

/** What es-html-parser's own `parse` returns: the document's tree, without its nodes' links to their parents. */
export interface HtmlParse {
  parse(html: string): { ast: HtmlParser.DocumentNode };
}

export interface HtmlParserModules {
  tokenize(html: string, adapter: unknown, options: undefined): { tokens: unknown[] };
  constructTree(tokens: unknown[]): { ast: HtmlParser.DocumentNode };
  defaultTokenAdapter: unknown;
}

export function htmlParse({ tokenize, constructTree, defaultTokenAdapter }: HtmlParserModules): HtmlParse {
  return {
    parse(html) {
      const { ast } = constructTree(tokenize(html, defaultTokenAdapter, undefined).tokens);
      const stack: { parentRef?: unknown; children?: unknown }[] = [ast];
      for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
        delete node.parentRef;
        if (Array.isArray(node.children)) for (const child of node.children) stack.push(child as { parentRef?: unknown });
      }
      return { ast };
    },
  };
}
