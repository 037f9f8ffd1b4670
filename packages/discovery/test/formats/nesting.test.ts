/**
 * The nesting bounds of formats/nesting.ts: each is at least the depth the parser nests (so a
 * document the bound lets through never takes the parser near the stack's end), a document past
 * the limit is refused the same way every time, and no real document comes near a limit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseCss } from '@eslint/css-tree';
import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import { isCollection, isPair, Parser, parseAllDocuments, stringify } from 'yaml';
import { discoverDocument } from '../../src/document.js';
import { cssNestsDeeper, jsNestsDeeper, markdownNestsDeeper, MAX_CSS_NESTING, MAX_JS_NESTING, MAX_MARKDOWN_NESTING, MAX_YAML_NESTING } from '../../src/formats/nesting.js';
import { discoverJsText } from '../../src/js/text.js';
import { collectionDepth } from '../../src/formats/yaml.js';

/** The least `limit` for which `nestsDeeper(text, limit)` is false: the bound itself. */
function boundOf(nestsDeeper: (text: string, limit: number) => boolean, text: string): number {
  let limit = 0;
  while (nestsDeeper(text, limit)) limit++;
  return limit;
}

/** How deep yaml's composer nests the collections of a stream. */
function yamlDepth(text: string): number {
  let deepest = 0;
  const visit = (node: unknown, depth: number): void => {
    if (!isCollection(node)) return;
    deepest = Math.max(deepest, depth);
    for (const item of node.items as unknown[]) {
      if (isPair(item)) {
        visit(item.key, depth + 1);
        visit(item.value, depth + 1);
      } else {
        visit(item, depth + 1);
      }
    }
  };
  for (const document of parseAllDocuments(text) as { contents: unknown }[]) visit(document.contents, 1);
  return deepest;
}

/** How many blocks, functions, parentheses and brackets css-tree nests on one path of a stylesheet's tree. */
function cssDepth(text: string): number {
  let deepest = 0;
  const OPENING = new Set(['Block', 'Function', 'Parentheses', 'Brackets']);
  const visit = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== 'object') return;
    const here = OPENING.has((node as { type?: string }).type ?? '') ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    const children = (node as { children?: { toArray?: () => unknown[] } }).children;
    if (children && typeof children.toArray === 'function') for (const child of children.toArray()) visit(child, here);
    for (const key of ['block', 'prelude', 'value'] as const) visit((node as Record<string, unknown>)[key], here);
  };
  visit(parseCss(text), 0);
  return deepest;
}

/** How deep mdast's containers (block quotes, lists, list items) nest. */
function markdownDepth(text: string): number {
  let deepest = 0;
  const visit = (node: { type: string; children?: unknown[] }, depth: number): void => {
    const here = node.type === 'blockquote' || node.type === 'listItem' ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] }, here);
  };
  visit(fromMarkdown(text) as { type: string; children?: unknown[] }, 0);
  return deepest;
}

const nested = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constantFrom('a', 'b: c', 'https://example.com/', '[x]', "it's"), tie('list'), tie('map')),
  list: fc.array(tie('value'), { minLength: 1, maxLength: 3 }),
  map: fc.dictionary(fc.constantFrom('k', 'key', 'x y'), tie('value'), { minKeys: 1, maxKeys: 3 }),
})).value;

describe('the nesting bounds', () => {
  /** The deepest collection depth of the stream's syntax tree, as discoverYaml reads it. */
  const cstDepth = (text: string): number => Math.max(0, ...[...new Parser().parse(text)].map((token) => collectionDepth(token)));

  it("YAML: the syntax tree's depth is the depth yaml composes, block or flow (seeded)", () => {
    fc.assert(
      fc.property(nested, fc.constantFrom('any', 'block', 'flow') as fc.Arbitrary<'any' | 'block' | 'flow'>, (value, collectionStyle) => {
        const text = stringify(value, { collectionStyle });
        expect(cstDepth(text)).toBe(yamlDepth(text));
      }),
      { numRuns: 300, seed: 3986 },
    );
  });

  it('YAML: what yaml nests in recovering from errors is in the syntax tree too, however shallow each line is', () => {
    // Each line nests two levels at most; yaml reads what follows an error inside what came before.
    const recovering = (times: number): string => "k: it's]ak: : \nk: k: k: ".repeat(times);
    expect(cstDepth(recovering(40))).toBeGreaterThan(40 * 4);
    const text = 'see: https://example.com/planted\n' + recovering(MAX_YAML_NESTING);
    const found = discoverDocument(text, 'yaml');
    expect(found.parseError).toBe('the document nests too deep to parse');
    // Searched as text: the line is one candidate, its URI at the end.
    expect(found.candidates.some((candidate) => candidate.value.endsWith('https://example.com/planted'))).toBe(true);
  });

  it('CSS: the bound is never below the depth of css-tree\'s tree, blocks and functions (seeded)', () => {
    const block = fc.letrec((tie) => ({
      rule: fc.tuple(fc.constantFrom('a', '.b', '@media (x)'), fc.array(fc.oneof({ depthSize: 'small' }, tie('decl'), tie('rule')), { maxLength: 3 })).map(
        ([selector, body]) => `${selector} { ${body.join(' ')} }`,
      ),
      decl: tie('value').map((value) => `width: ${value};`),
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom('1px', 'url(x.png)', 'url(a"b)', 'url( "}" )', '"}"', "'{'", '"a\\"}"', '/* } */ 1px', 'a\\}b', 'my-url(1px)'),
        tie('value').map((inner) => `calc(${inner})`),
        tie('value').map((inner) => `[${inner}]`),
      ),
    })).rule;
    fc.assert(
      fc.property(block, (text) => {
        expect(boundOf(cssNestsDeeper, text)).toBeGreaterThanOrEqual(cssDepth(text));
      }),
      { numRuns: 200, seed: 3986 },
    );
  });

  it('Markdown: the bound is never below the depth of mdast\'s block quotes and list items (seeded)', () => {
    const line = fc.tuple(fc.array(fc.constantFrom('> ', '>', '- ', '1. ', '2) ', '  ', '\t', '* ', '+ '), { maxLength: 8 }), fc.constantFrom('', '-', 'text', 'https://example.com/', '[a](b)', '```'));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
        const text = lines.map(([prefix, rest]) => prefix.join('') + rest).join('\n') + '\n';
        expect(boundOf(markdownNestsDeeper, text)).toBeGreaterThanOrEqual(markdownDepth(text));
      }),
      { numRuns: 2_000, seed: 3986 },
    );
  });

  it('no YAML, CSS or Markdown file of this repository comes within a quarter of its limit', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const files = execFileSync('git', ['ls-files', '*.md', '*.yml', '*.yaml', '*.css'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      if (/\.ya?ml$/.test(file)) expect(cstDepth(text), file).toBeLessThanOrEqual(MAX_YAML_NESTING / 4);
      else if (file.endsWith('.css')) expect(cssNestsDeeper(text, MAX_CSS_NESTING / 4), file).toBe(false);
      else expect(markdownNestsDeeper(text, MAX_MARKDOWN_NESTING / 4), file).toBe(false);
    }
  });
});

describe('a document past its limit', () => {
  const PLANTED = 'https://example.com/aéb';
  const made = {
    // The mapping counts one.
    yaml: (n: number) => 'links: ' + '['.repeat(n - 1) + JSON.stringify(PLANTED) + ']'.repeat(n - 1) + '\n',
    // `url(` opens one level more.
    css: (n: number) => 'a {'.repeat(n - 1) + ` background: url("${PLANTED}") ` + '}'.repeat(n - 1),
    markdown: (n: number) => '>'.repeat(n) + ` see <${PLANTED}>\n`,
  };
  const limits = { yaml: MAX_YAML_NESTING, css: MAX_CSS_NESTING, markdown: MAX_MARKDOWN_NESTING };

  it.each(['yaml', 'css', 'markdown'] as const)('%s: is read in full at the limit and refused one level past it, the same way each time', (kind) => {
    const at = discoverDocument(made[kind](limits[kind]), kind);
    expect(at.parseError).toBeUndefined();
    expect(at.candidates.map((candidate) => candidate.value)).toContain(PLANTED);
    for (let run = 0; run < 3; run++) {
      const past = discoverDocument(made[kind](limits[kind] + 1), kind);
      expect(past.parseError).toMatch(/nests too deep to (?:parse|read)$/);
      expect(past.candidates.length).toBeGreaterThan(0);
    }
  });
});

describe('JavaScript nested past its limit', () => {
  const URI = 'https://example.com/a b';
  const deep = (n: number) => ({
    brackets: 'x = ' + '['.repeat(n) + ']'.repeat(n) + ';',
    parens: 'x = ' + '('.repeat(n) + '1' + ')'.repeat(n) + ';',
    objects: 'x = ' + '{a:'.repeat(n) + '1' + '}'.repeat(n) + ';',
    calls: 'x = ' + 'f('.repeat(n) + '1' + ')'.repeat(n) + ';',
    arrows: 'x = ' + 'a=>'.repeat(n) + 'a;',
    conditionals: 'x = ' + 'a?'.repeat(n) + 'a' + ':a'.repeat(n) + ';',
    assignments: 'x = ' + 'a='.repeat(n) + 'a;',
    powers: 'x = ' + 'a**'.repeat(n) + 'a;',
    templates: 'x = ' + '`${'.repeat(n) + 'a' + '}`'.repeat(n) + ';',
    jsx: 'x = ' + '<a>'.repeat(n) + '</a>'.repeat(n) + ';',
    'jsx with text': 'x = (' + '<a>x'.repeat(n) + '</a>'.repeat(n) + ');',
    // Closers in strings, comments and regular expressions close nothing.
    'closers in strings': 'x = ' + '[")", '.repeat(n) + '1' + ']'.repeat(n) + ';',
    'closers in comments': 'x = ' + '[/* ) ] */ '.repeat(n) + '1' + ']'.repeat(n) + ';',
    'closers in regular expressions': 'x = ' + '[function () { if (a) /\\)\\]/.test(s); return '.repeat(n) + '1' + ';}]'.repeat(n) + ';',
  });

  it.each(Object.keys(deep(1)))('%s: refused past the limit, read as text without a parser, the URI still found', (shape) => {
    const at = (n: number) => deep(n)[shape as keyof ReturnType<typeof deep>];
    expect(jsNestsDeeper(at(MAX_JS_NESTING + 1))).toBe(true);
    // 100,000 levels: oxc-parser would end the process (SIGSEGV); nothing here parses it.
    const text = at(100_000) + `\nfetch(${JSON.stringify(URI)});\n`;
    const found = discoverJsText(text, { filePath: 'deep.jsx' });
    expect(found.parseError).toBe('the file nests too deep to parse');
    expect(found.candidates.map((candidate) => candidate.value)).toContain(URI);
  });

  it('is read as usual a little under the limit', () => {
    const text = 'x = ' + '['.repeat(MAX_JS_NESTING - 10) + ']'.repeat(MAX_JS_NESTING - 10) + `;\nfetch(${JSON.stringify(URI)});\n`;
    const found = discoverJsText(text, { filePath: 'shallow.js' });
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => candidate.value)).toContain(URI);
  });

  it("counts neither TypeScript's optional marks and generics nor JSX attributes as nesting", () => {
    const optional = 'interface A {\n' + '  a?: string\n'.repeat(2_000) + '}\nfunction f(a?: number, b?, c?= 1) {}\n';
    expect(jsNestsDeeper(optional, 10, false)).toBe(false);
    const generics = 'type T<A extends X = Y, B = Z<A>> = Map<A, Array<B>>;\n'.repeat(2_000);
    expect(jsNestsDeeper(generics, 10, false)).toBe(false);
    const svg = 'x = (<svg>' + '<stop offset=".1" stopColor="#fff" />'.repeat(2_000) + '</svg>);';
    expect(jsNestsDeeper(svg, 10, true)).toBe(false);
  });

  it('no JavaScript or TypeScript file of this repository comes within a third of the limit', () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const files = execFileSync('git', ['ls-files', '*.js', '*.mjs', '*.cjs', '*.ts', '*.tsx', '*.jsx'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(jsNestsDeeper(readFileSync(path.join(root, file), 'utf8'), MAX_JS_NESTING / 3, !/\.[mc]?ts$/.test(file)), file).toBe(false);
  });
});
