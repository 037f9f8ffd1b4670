/**
 * Outside a sink or attribute, discovery passes over a string, template or `+` chain whose source
 * text cannot write a candidate (no known scheme and `:` at its start, no `//` there, no `:` with
 * white space for prose, no escape or JSX entity that could write them), and over a comment without
 * a `:`. These tests find URIs written every way the skip must still read, in both readers, and count
 * the values built: the skipped ones are never built.
 */
import { describe, expect, it } from 'vitest';
import { JsDiscovery } from '../src/js/discover.js';
import { parseNative } from '../src/js/native.js';
import { parseJs } from '../src/js/source-code.js';
import { discoverJsText } from '../src/js/text.js';
import { TRICKY, TRICKY_FOUND } from './support/literal-skip-cases.js';

describe('discovery passes over literals that cannot hold a URI', () => {
  it('still finds URIs written with escapes, entities, a leading // or split across a + chain, in both readers', () => {
    for (const reader of ['native', 'typescript-estree'] as const) {
      const found = discoverJsText(TRICKY, { filePath: 'a.tsx', reader }).candidates.map((candidate) => [candidate.uri, candidate.context]);
      expect(found, reader).toEqual(TRICKY_FOUND);
    }
  });

  it('builds no value for paths, words, escapes of white space and expressions with a colon, and one for each string that may be a URI', () => {
    const skipped = ['"/users/:id"', '"a/b/c"', '"line\\n"', '`${a}/b`', '`${a ? b : c}`', '"text"', '"Value:1"', '"a:b"', '"it\'s"', '"x" + y + "z"'];
    const read = ['"https://a.example/"', '"//b.example/"', '"see: https://c.example/"', '"\\x3a"', '"https" + "://d.example/"'];
    const text = (list: string[]): string => list.map((expression, index) => `const v${index} = ${expression};`).join('\n');
    for (const parse of [parseNative, parseJs]) {
      expect(new JsDiscovery(parse(text(skipped))).work.built, parse.name).toBe(0);
      expect(new JsDiscovery(parse(text(read))).work.built, parse.name).toBe(read.length);
    }
  });
});
