import fc from 'fast-check';
import type { Root } from 'mdast';
import { fromMarkdown, type CompileContext, type Extension } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import * as micromark from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { subtokenize } from 'micromark-util-subtokenize';
import { describe, expect, it } from 'vitest';
import { compileMarkdown, markdownCompiler, type Micromark, type Subtokenize } from '../../src/formats/markdown-compile.js';

/** GFM's mdast extensions without their transforms (`markdownCompiler` takes none; the reader runs them itself). */
const mdast: Extension[] = gfmFromMarkdown().map((extension) => ({ ...extension, transforms: [] }));
const syntax = [gfm()];
const plain = (text: string, extensions: Extension[] = mdast): Root => fromMarkdown(text, { extensions: syntax, mdastExtensions: extensions });
const compilerWith = (extensions: Extension[]) => markdownCompiler(fromMarkdown as never, micromark as unknown as Micromark, subtokenize as unknown as Subtokenize, syntax, extensions);

describe('compileMarkdown: fromMarkdown’s tree from its own handlers, one context per document', () => {
  const compiler = compilerWith(mdast)!;

  it('takes a compiler from fromMarkdown with GFM’s handlers', () => {
    expect(compiler).toBeDefined();
    expect(compiler.config.enter).toHaveProperty('table');
    expect(compiler.config.exit).toHaveProperty('strikethrough');
  });

  it('builds the tree fromMarkdown builds on generated documents: lists, quotes, code, tables, footnotes, HTML', () => {
    const prefix = fc.constantFrom('', '', '', '- ', '* ', '1. ', '2) ', '  ', '    ', '> ', '> - ', '- > ', '- [ ] ', '- [x] ', '\t', '   - ');
    const content = fc.constantFrom(
      ...['', 'text', '**bold** and _em_', '[a](https://example.com/a "t")', '![i](i.png)', '<https://example.com>', 'www.example.com', 'me@example.com', '| a | b |', '|---|:-:|'],
      ...['[^1]', '[^1]: note', '[ref]: /url', '[ref]', '```js', '```', '~~~', '<div>', '</div>', '<!-- c -->', '***', '===', '---', '# heading', '## h ##', '`code`'],
      ...['a\\', 'a  ', '&amp; &#35; &#x41;', '\\*', '~~del~~', 'x<span>y</span>'],
    );
    const line = fc.tuple(prefix, fc.array(content, { maxLength: 3 })).map(([p, parts]) => p + parts.join(' '));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 16 }), fc.constantFrom('\n', '\r\n', '\r'), (lines, eol) => {
        const text = lines.join(eol);
        expect(compileMarkdown(text, compiler)).toEqual(plain(text));
      }),
      { numRuns: 600 },
    );
  });

  it('reads each document alone: what one defines (definitions, footnotes) is not defined in the next', () => {
    const defining = '[a]: https://example.com/a\n\n[^1]: A note.\n\nSee [a] and[^1].\n';
    const using = 'See [a] and[^1].\n';
    for (const text of [defining, using, defining, using]) expect(compileMarkdown(text, compiler)).toEqual(plain(text));
    expect(JSON.stringify(compileMarkdown(using, compiler))).not.toMatch(/linkReference|footnoteReference/);
  });

  it('leaves the paragraphs `inline` refuses without children, and every other node as fromMarkdown builds it', () => {
    const text = '# A *b*\n\nplain *text*\nover lines\n\n- [x] see <https://example.com>\n- plain\n\n> quoted [ref]\n\n[ref]: /u\n\n| a | b |\n| - | - |\n| plain | c |\n';
    const refused: string[] = [];
    const tree = compileMarkdown(text, compiler, (from, to) => {
      const source = text.slice(from, to);
      if (/[[<]/.test(source)) return true;
      refused.push(source);
      return false;
    });
    expect(refused).toEqual(['plain *text*\nover lines', 'plain']);
    const expected = plain(text);
    const emptied = (node: { type: string; children?: unknown[] }): void => {
      if (node.type === 'paragraph' && !/[[<]/.test(text.slice((node as Root).position!.start.offset, (node as Root).position!.end.offset))) node.children = [];
      for (const child of node.children ?? []) emptied(child as { type: string; children?: unknown[] });
    };
    emptied(expected);
    expect(tree).toEqual(expected);
  });

  it('builds the same tree for the empty document and one without a final line break', () => {
    for (const text of ['', '\n', 'a', '- a\n- b', '> q']) expect(compileMarkdown(text, compiler)).toEqual(plain(text));
  });

  it('hands every handler of a document one context, where fromMarkdown hands each event a copy', () => {
    // A handler of our own on a token no handler reads (entering a line ending): the contexts it sees, counted.
    const seen = new Set<unknown>();
    const count: Extension = {
      enter: {
        lineEnding(this: CompileContext) {
          seen.add(this);
        },
      },
    };
    const text = 'one\ntwo\nthree\n\n- four\n- five\n';
    const counting = compilerWith([...mdast, count])!;
    const compiled = compileMarkdown(text, counting);
    expect(seen.size).toBe(1);
    seen.clear();
    expect(compiled).toEqual(plain(text, [...mdast, count]));
    // Five line endings that are not blank, five contexts.
    expect(seen.size).toBe(5);
  });

  it('takes no compiler whose extensions have listeners or transforms, which it would not run', () => {
    expect(compilerWith([...mdast, { transforms: [(tree) => tree] }])).toBeUndefined();
    expect(compilerWith([...mdast, { afterExit: () => undefined }])).toBeUndefined();
  });
});
