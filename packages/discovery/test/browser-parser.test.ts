/**
 * The browser build's typescript-estree reader (`typescriptEstreeParser` in parsers.browser.ts: the
 * steps of @typescript-eslint/parser's `parseForESLint` for a file without a project, which a page
 * can take) against `parseForESLint` itself: the same tree, the same scopes and the same candidates
 * and findings, on the repository's own code and on snippets that use JSX, TypeScript and modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as scope from '@typescript-eslint/scope-manager';
import * as estree from '@typescript-eslint/typescript-estree/use-at-your-own-risk';
import * as keys from '@typescript-eslint/visitor-keys';
import { parseForESLint } from '@typescript-eslint/parser';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typescriptEstreeParser } from '../src/parsers.browser.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const browserParse = typescriptEstreeParser(ts, estree, scope, keys);

/** The options discovery's `parseJs` gives the parser. */
const options = (jsx: boolean) => ({ range: true, loc: false, comment: true, tokens: false, sourceType: 'module', ecmaVersion: 'latest', ecmaFeatures: { jsx } }) as const;

/** A tree as plain data: every field but `parent` and the tokens (discovery reads none; the page makes none). */
function plain(ast: unknown): unknown {
  return JSON.parse(JSON.stringify(ast, (key, value: unknown) => (key === 'parent' || key === 'tokens' ? undefined : value)));
}

/** Each scope: its type, its block's range, its variables, and each reference with the variable it resolves to. */
function scopes(manager: scope.ScopeManager): unknown[] {
  return manager.scopes.map((s) => ({
    type: s.type,
    block: s.block.range,
    variables: s.variables.map((variable) => variable.name),
    references: s.references.map((reference) => [reference.identifier.range, reference.resolved?.name ?? null, reference.resolved?.scope.type ?? null]),
  }));
}

function same(text: string, jsx: boolean, name: string): void {
  const node = parseForESLint(text, options(jsx));
  const page = browserParse(text, options(jsx));
  expect(plain(page.ast), name).toEqual(plain(node.ast));
  expect(scopes(page.scopeManager!), name).toEqual(scopes(node.scopeManager!));
  expect(page.visitorKeys).toBe(node.visitorKeys);
}

const SNIPPETS: [string, string, boolean][] = [
  ['a template with a hole and a sink', "const id = 7;\nfetch(`https://example.com/a b/${id}?q=%zz`);\nfetch('/api/a b');\n", true],
  ['TypeScript types and `new URL`', "const base: string = 'https://example.com/%zz';\nexport async function get(id: number): Promise<Response> {\n  return fetch(`http://[::1/items/${id}`);\n}\nexport const guide = new URL('docs/a b', base);\n", false],
  ['JSX attributes', 'export const Nav = ({ page }) => (\n  <nav>\n    <a href="https://example.com/a b">Docs</a>\n    <a href={`https://example.com/${page}?q=%zz`}>Page</a>\n  </nav>\n);\n', true],
  ['a type assertion `<T>x`, without JSX', 'const url = <string>globalThis.location.href;\nlet href = url;\nhref = "https://example.com/a b";\n', false],
  ['a module with imports, exports, classes and a global', "import { x } from './x.js';\nexport default class A { #u = 'https://example.com/'; get u() { return this.#u + x; } }\nwindow.location.assign('/a b');\n", true],
];

describe("the browser build's typescript-estree reader", () => {
  it('makes the tree and the scopes parseForESLint makes, on snippets', () => {
    for (const [name, text, jsx] of SNIPPETS) same(text, jsx, name);
  });

  it("makes the tree and the scopes parseForESLint makes, on a third of discovery's own sources", () => {
    const dir = path.join(ROOT, 'packages/discovery/src');
    // Every third file, in a fixed order: enough variety, bounded for a shared machine.
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .filter((_, index) => index % 3 === 0);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) same(readFileSync(path.join(dir, file), 'utf8'), false, file);
  });

  it('throws where parseForESLint throws: a file that does not parse', () => {
    const text = 'const a = ;\n';
    expect(() => parseForESLint(text, options(true))).toThrow();
    expect(() => browserParse(text, options(true))).toThrow();
  });
});
