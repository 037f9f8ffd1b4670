/** HTML attributes that hold URLs in their own syntax: srcset, a style's url(), a meta refresh. */
import { describe, expect, it } from 'vitest';
import { discoverHtml, refreshSpan, srcsetSpans } from '../../src/formats/html.js';
import { runRules } from '../../src/rules/index.js';
import { applySourceEdits } from '../../src/fixes.js';

const RULES = { 'no-unescaped-chars': {}, 'no-invalid-percent-encoding': {} };

function problems(html: string): [string | undefined, string, string | undefined][] {
  const { candidates } = discoverHtml(html);
  for (const candidate of candidates) candidate.source = html;
  return runRules(candidates, RULES).map((f) => [f.code, html.slice(f.range[0], f.range[1]), f.fix === undefined ? undefined : applySourceEdits(html, f.fix)]);
}

const spans = (value: string, of: (value: string) => [number, number][]): string[] => of(value).map(([a, b]) => value.slice(a, b));

describe('srcset (HTML §4.8.4.3.10)', () => {
  it('splits image candidates at commas and leaves the descriptors out', () => {
    expect(spans('a.png 1x, b.png 2x', srcsetSpans)).toEqual(['a.png', 'b.png']);
    // A URL runs to white space: "a.png,b.png" is one URL (commas are URL characters), then its descriptor.
    expect(spans('  a.png,b.png 480w ,c.png', srcsetSpans)).toEqual(['a.png,b.png', 'c.png']);
    // A data: URL's commas are inside it; a comma right after a URL ends its candidate.
    expect(spans('data:image/png;base64,iVBOR 1x, b.png', srcsetSpans)).toEqual(['data:image/png;base64,iVBOR', 'b.png']);
    expect(spans('a.png,, b.png (w 1, 2) , c.png', srcsetSpans)).toEqual(['a.png', 'b.png', 'c.png']);
  });

  it('checks each URL at its characters, on img and source srcset and link imagesrcset', () => {
    const html = '<img srcset="https://cdn.example.com/c%zz.png 2x"><link rel="preload" imagesrcset="/img/y|z.png 800w">';
    expect(problems(html).map(([code, text]) => [code, text])).toEqual([
      ['pct-invalid-triplet', '%zz'],
      ['path-unescaped-char', '|'],
    ]);
  });
});

describe('style attributes', () => {
  it('read url() as the CSS reader does, its fix in CSS escaping', () => {
    const html = `<div style="background: url('https://cdn.example.com/bg image.png'); color: red"></div>`;
    expect(problems(html)).toEqual([['path-unescaped-char', ' ', html.replace('bg image', 'bg%20image')]]);
  });

  it('leave a style with character references alone (the CSS source is not what CSS reads)', () => {
    expect(problems('<div style="background: url(&quot;a b.png&quot;)"></div>')).toEqual([]);
  });
});

describe('meta refresh (HTML §4.2.5.3)', () => {
  it('finds the URL after the time, the ; or , and an optional url=, in or out of quotes', () => {
    expect(spans('5; url=https://example.com/a', (v) => [refreshSpan(v)!])).toEqual(['https://example.com/a']);
    expect(spans("0;URL='https://example.com/b'", (v) => [refreshSpan(v)!])).toEqual(['https://example.com/b']);
    expect(spans('3, https://example.com/c ', (v) => [refreshSpan(v)!])).toEqual(['https://example.com/c']);
    expect(refreshSpan('5')).toBeUndefined();
    expect(refreshSpan('soon; url=x')).toBeUndefined();
  });

  it('checks the URL of a refresh only', () => {
    const html = '<meta http-equiv="Refresh" content="5; url=https://example.com/new page"><meta name="description" content="5; url=https://example.com/not a refresh">';
    expect(problems(html)).toEqual([['path-unescaped-char', ' ', html.replace('new page', 'new%20page')]]);
  });
});
