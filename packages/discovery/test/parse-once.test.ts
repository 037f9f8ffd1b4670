/**
 * A page of a site is read twice in a scan: for the headings other pages link to (the link index)
 * and for its own links (the reader). Each read is counted here by the work it does — the Markdown
 * parses and the characters the YAML reader is given — never by a clock.
 */
import { describe, expect, it } from 'vitest';
import { discoverDocument } from '../src/document.js';
import { markdownWork } from '../src/formats/markdown.js';
import { yamlWork } from '../src/formats/yaml.js';
import { markdownAnchors } from '../src/links/anchors.js';

const OPTIONS = { slugStyle: 'github', customIds: [] } as const;

/** A page with links of every kind the reader finds, and a heading. */
function page(n: number): string {
  return [`# Page ${n}`, '', `See [the guide](./guide-${n}.md#setup), <https://example.com/${n}> and`, `[a reference][r${n}].`, '', `[r${n}]: ../other/${n}.md`, '', `<a href="/docs/${n}/">docs</a>`, ''].join('\n');
}

/** What the reader finds in a text: each candidate's URI and range. */
function found(text: string): [string, number, number][] {
  return discoverDocument(text, 'markdown').candidates.map((candidate) => [candidate.uri, candidate.range[0], candidate.range[1]]);
}

describe('a page read for its headings, then by the reader', () => {
  it('is parsed once, though the trees of the pages read in between were dropped', () => {
    const target = page(0);
    const expected = found(target);
    // Pages enough to drop every tree kept (the reader's and the link index's): the target's too.
    for (let n = 1; n <= 80; n++) found(page(n) + 'x'.repeat(8_000));
    markdownAnchors(target, OPTIONS);
    const parsesBefore = markdownWork.parses;
    // The link index reads forty more pages' headings before the reader comes to the target.
    for (let n = 100; n < 140; n++) markdownAnchors(page(n), OPTIONS);
    expect(markdownWork.parses).toBe(parsesBefore + 40);
    expect(found(target)).toEqual(expected);
    expect(markdownWork.parses).toBe(parsesBefore + 40);
  });

  it('with a template tag outside code, is parsed as written and masked for its headings, and the reader takes the masked one', () => {
    const target = `${page(200)}\n## {{ title }}\n`;
    for (let n = 1; n <= 80; n++) found(page(n) + 'y'.repeat(8_000));
    const expected = found(target);
    for (let n = 1; n <= 80; n++) found(page(n) + 'z'.repeat(8_000));
    const parsesBefore = markdownWork.parses;
    markdownAnchors(target, OPTIONS);
    expect(markdownWork.parses).toBe(parsesBefore + 2);
    for (let n = 300; n < 340; n++) markdownAnchors(page(n), OPTIONS);
    expect(found(target)).toEqual(expected);
    expect(markdownWork.parses).toBe(parsesBefore + 42);
  });
});

describe('front matter', () => {
  it('is given to the YAML reader alone, not with the blank lines the body would be', () => {
    const matter = '---\ntitle: A page\ncanonical_url: https://example.com/a/\n---\n';
    const body = `${page(1)}\n${'Text of the page.\n'.repeat(2_000)}`;
    const before = yamlWork.characters;
    const uris = discoverDocument(matter + body, 'markdown').candidates.map((candidate) => [candidate.uri, candidate.range[0]]);
    expect(yamlWork.characters - before).toBeLessThanOrEqual(matter.length);
    expect(uris).toContainEqual(['https://example.com/a/', matter.indexOf('https://')]);
    expect(uris).toContainEqual(['./guide-1.md#setup', matter.length + body.indexOf('./guide-1.md')]);
  });
});

describe('a page whose template-like tags lie in blocks of HTML (MDX style objects)', () => {
  // A Docusaurus page (reduxjs/redux-toolkit's docs) writes JSX style objects in its HTML blocks:
  // `{{ … }}` is masked as a template tag, but a block that starts with a block tag's name
  // (CommonMark's sixth kind) is the same block either way, so the masked tree serves the headings.
  const table = [
    '# Comparison',
    '',
    "<table style={{ 'overflow-y': 'hidden' }}>",
    "  <tr style={{ height: '250px', border: 'none' }}>",
    "    <th id=\"feature\" style={{ width: '300px' }}>Feature</th>",
    '  </tr>',
    '</table>',
    '',
    '<iframe',
    '  src="https://codesandbox.io/embed/example?runonclick=1"',
    '  style={{',
    "    width: '100%',",
    '    border: 0,',
    '  }}',
    '></iframe>',
    '',
    '## After the table',
    '',
    'See [the guide](./guide.md#setup).',
    '',
  ].join('\n');

  it('is parsed once for its ids and its links, and its HTML ids are read as written', () => {
    const before = markdownWork.parses;
    const anchors = markdownAnchors(table, OPTIONS);
    expect(anchors.anchors.map((anchor) => anchor.id)).toEqual(['comparison', 'feature', 'after-the-table']);
    expect(found(table)).toEqual([
      ['https://codesandbox.io/embed/example?runonclick=1', table.indexOf('https://'), table.indexOf('?runonclick=1') + '?runonclick=1'.length],
      ['./guide.md#setup', table.indexOf('./guide.md'), table.indexOf('#setup') + '#setup'.length],
    ]);
    expect(markdownWork.parses).toBe(before + 1);
  });

  it('is parsed as written too where a tag holds a line blank as written: the block ends there', () => {
    // As written, the blank line ends the HTML block and `# Title` is a heading; masked, the tag's
    // line is text and the block would run on over the heading.
    const text = ['<div style={{', '   ', '}}>', '# Title', '', 'Text.', ''].join('\n');
    const before = markdownWork.parses;
    expect(markdownAnchors(text, OPTIONS).anchors.map((anchor) => anchor.id)).toEqual(['title']);
    expect(markdownWork.parses).toBe(before + 2);
  });

  it('is parsed as written too where the tag is in HTML inside a paragraph or a list', () => {
    for (const text of ["A <span style={{ color: 'red' }}>word</span>.\n\n## Next\n", "- <div style={{\n  a: 1 }}>\n\n## Next\n"]) {
      const before = markdownWork.parses;
      expect(markdownAnchors(text, OPTIONS).anchors.map((anchor) => anchor.id)).toEqual(['next']);
      expect(markdownWork.parses).toBe(before + 2);
    }
  });
});

describe('a page whose template-like tags lie in code spans (shell variables in prose)', () => {
  // pnpm.io's settings page: `$HOME`, `${NAME}` are masked as template tags; in a code span outside
  // a heading, or in a paragraph whose text is not parsed (nothing in it can be a link or an id),
  // they change no part of the tree the ids come from.
  const settings = [
    '### pnpm-home',
    '',
    'Add it to your shell configuration file (`$HOME/.bashrc`, `$HOME/.zshrc` or `$HOME/.config/fish/config.fish`).',
    '',
    'Settings may contain env variables using the `${NAME}` syntax, see [the config page](./config.md#env).',
    '',
    '* If the **$XDG_DATA_HOME** env variable is set, then **$XDG_DATA_HOME/pnpm/store**',
    '',
  ].join('\n');

  it('is parsed once for its ids and its links', () => {
    const before = markdownWork.parses;
    expect(markdownAnchors(settings, OPTIONS).anchors.map((anchor) => anchor.id)).toEqual(['pnpm-home']);
    expect(found(settings).map(([uri]) => uri)).toEqual(['./config.md#env']);
    expect(markdownWork.parses).toBe(before + 1);
  });

  it('is parsed as written too where the code span is in a heading, or the tag is in text that is parsed', () => {
    for (const [text, ids] of [
      ['## The `$HOME` folder\n\nText.\n', ['the-home-folder']],
      ['## Store\n\n* If **$XDG_DATA_HOME** is set, then **$XDG_DATA_HOME/pnpm/store** ([see below](#store)).\n', ['store']],
      // A backtick in the tag closes the span as written: `a ${` is one span, `} c` another.
      ['## Run\n\nRun `a ${`b`} c` ([see below](#run)).\n', ['run']],
    ] as const) {
      const before = markdownWork.parses;
      expect(markdownAnchors(text, OPTIONS).anchors.map((anchor) => anchor.id)).toEqual(ids);
      expect(markdownWork.parses).toBe(before + 2);
    }
  });
});
