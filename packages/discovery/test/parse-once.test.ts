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
