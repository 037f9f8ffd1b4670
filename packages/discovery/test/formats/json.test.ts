import { evaluate, parse as parseMomoa } from '@humanwhocodes/momoa';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UriCandidate } from '../../src/candidate.js';
import type { Finding } from '../../src/finding.js';
import { discoverJson, jsonCandidates, mapJsonString, type JsonMode } from '../../src/formats/json.js';
import { runRules } from '../../src/rules/index.js';
import { fixAll, rangeOf } from '../support/formats.js';

const RULES = { 'no-unescaped-chars': {}, 'no-malformed': {}, 'no-invalid-percent-encoding': {}, 'no-insecure-scheme': {} } as const;

function findings(text: string, mode?: JsonMode): Finding[] {
  return runRules(discoverJson(text, mode), RULES);
}

/** A JSON5 document's value, read by momoa (JSON.parse does not read JSON5). */
function json5Value(text: string): unknown {
  return evaluate(parseMomoa(text, { mode: 'json5' }).body);
}

describe('discoverJson: string values', () => {
  it('reports a character after `\\/` escapes at its own source offset, and the fix keeps the escapes', () => {
    const text = '{"home": "https:\\/\\/acme.com\\/docs\\/a|b"}';
    const [finding, ...rest] = findings(text);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('path-unescaped-char');
    expect(finding?.range).toEqual(rangeOf(text, '|'));
    const fixed = fixAll(text, [finding!]);
    expect(fixed).toBe('{"home": "https:\\/\\/acme.com\\/docs\\/a%7Cb"}');
    expect(JSON.parse(fixed)).toEqual({ home: 'https://acme.com/docs/a%7Cb' });
  });

  it('reports a character written as `\\u007C` at the whole escape and replaces only it', () => {
    const text = '{"home": "https://acme.com/a\\u007Cb"}';
    const [finding] = findings(text);
    expect(finding?.code).toBe('path-unescaped-char');
    expect(finding?.range).toEqual(rangeOf(text, '\\u007C'));
    expect(JSON.parse(fixAll(text, [finding!]))).toEqual({ home: 'https://acme.com/a%7Cb' });
  });

  it('reports each `\\"` inside the URI and fixes it to %22', () => {
    const text = '{"home": "https://acme.com/say\\"hi\\""}';
    const found = findings(text);
    // One report for the URI's two quotes, from the first to the last.
    expect(found.map((f) => f.code)).toEqual(['path-unescaped-char']);
    const first = text.indexOf('\\"');
    const second = text.indexOf('\\"', first + 2);
    expect(found.map((f) => f.range)).toEqual([[first, second + 2]]);
    expect(JSON.parse(fixAll(text, found))).toEqual({ home: 'https://acme.com/say%22hi%22' });
  });

  it('maps a surrogate pair written as two escapes to both, and the fix replaces the pair', () => {
    const text = '{"home": "https://acme.com/a\\uD83D\\uDE00b"}';
    const [finding] = findings(text);
    expect(finding?.range).toEqual(rangeOf(text, '\\uD83D\\uDE00'));
    expect(JSON.parse(fixAll(text, [finding!]))).toEqual({ home: `https://acme.com/a${encodeURIComponent('😀')}b` });
  });

  it('counts emoji and é before the URI on the same line in UTF-16 units', () => {
    const text = '{"😀é": "😀", "u": "https://acme.com/é/a|b"}';
    const found = findings(text).filter((f) => f.code === 'path-unescaped-char');
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, '|')]);
    // The URI's one fix carries the edit of its "é" too.
    expect(JSON.parse(fixAll(text, found)).u).toBe('https://acme.com/%C3%A9/a%7Cb');
  });

  it('reports an invalid percent-encoding at its source range', () => {
    const text = '{\n  "u": "https:\\/\\/acme.com\\/a%zz"\n}';
    const [finding] = findings(text);
    expect(finding?.code).toBe('pct-invalid-triplet');
    expect(finding?.range).toEqual(rangeOf(text, '%zz'));
  });

  it('does not report http in `$schema`, but does under another key', () => {
    const schema = '{"$schema": "http://json-schema.org/draft-07/schema#"}';
    expect(findings(schema)).toEqual([]);
    const homepage = '{"homepage": "http://json-schema.org/draft-07/schema#"}';
    const [finding] = findings(homepage);
    expect(finding?.code).toBe('scheme-insecure');
    expect(finding?.range).toEqual(rangeOf(homepage, 'http'));
  });

  it('gives each value the key of its member, and none to array elements', () => {
    const candidates = discoverJson('{"a": {"$id": "https://acme.com/x"}, "list": ["https://acme.com/y"], j5: 1}', 'json5');
    expect(candidates.map((c) => [c.key, c.uri, c.context])).toEqual([
      ['$id', 'https://acme.com/x', 'shape'],
      [undefined, 'https://acme.com/y', 'shape'],
    ]);
  });

  it('never reports keys', () => {
    const text = '{"https://acme.com/a|b": "x", "http://cdn.acme.com/": 1}';
    expect(discoverJson(text)).toEqual([]);
    expect(findings(text)).toEqual([]);
  });

  it('reads strings with whitespace as prose, with `\\u0020` and emoji before the URI', () => {
    const text = '{"description": "😀 é\\u0020docs at https://acme.com/a{b and more"}';
    const candidates = discoverJson(text);
    expect(candidates.map((c) => [c.context, c.key, c.uri])).toEqual([['prose', 'description', 'https://acme.com/a{b']]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([['path-unescaped-char', rangeOf(text, '{', 'a{b')]]);
    expect(JSON.parse(fixAll(text, found)).description).toBe('😀 é docs at https://acme.com/a%7Bb and more');
  });

  it('ends a URI in prose at a `|` or a `^` (RFC 3986 Appendix E), and reports them in a string that is wholly the URI', () => {
    const text = '{"note": "Expected https://example.com/a|b to be x, not https://example.com/c^d.", "home": "https://example.com/a|b", "next": "https://example.com/c^d"}';
    expect(discoverJson(text).map((c) => [c.context, c.key, c.uri])).toEqual([
      ['prose', 'note', 'https://example.com/a'],
      ['prose', 'note', 'https://example.com/c'],
      ['shape', 'home', 'https://example.com/a|b'],
      ['shape', 'next', 'https://example.com/c^d'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|', 'https://example.com/a|b"')],
      ['path-unescaped-char', rangeOf(text, '^', 'https://example.com/c^d"')],
    ]);
    expect(JSON.parse(fixAll(text, found))).toEqual({ note: 'Expected https://example.com/a|b to be x, not https://example.com/c^d.', home: 'https://example.com/a%7Cb', next: 'https://example.com/c%5Ed' });
  });

  it('reads a string that is one URL with a space (written as `\\u0020`) as one URI, as a JS string', () => {
    const candidates = discoverJson('{"u": "https://acme.com/a\\u0020b|c", "homepage": "https://acme.com/my user guide/", "note": "https://acme.com/a then b"}');
    expect(candidates.map((c) => [c.context, c.uri])).toEqual([
      ['shape', 'https://acme.com/a b|c'],
      ['shape', 'https://acme.com/my user guide/'],
      ['prose', 'https://acme.com/a'],
    ]);
  });

  it('does not take regex sources, schemeless strings or other values for URIs', () => {
    const text = '{"pattern": "^https?://acme\\\\.com/.*$", "host": "acme.com/a|b", "n": 1, "b": true, "z": null, "word": "https:"}';
    expect(discoverJson(text)).toEqual([]);
  });
});

describe('discoverJson: comments, JSON5 and broken documents', () => {
  it('finds URIs in JSONC line and block comments, as prose', () => {
    const text = '// see https://acme.com/a{b\n{\n  /* mirror: http://cdn.acme.com/x{y\n     second line https://acme.com/c{d */\n  "a": 1\n}';
    const candidates = discoverJson(text, 'jsonc');
    expect(candidates.map((c) => [c.context, c.uri])).toEqual([
      ['prose', 'https://acme.com/a{b'],
      ['prose', 'http://cdn.acme.com/x{y'],
      ['prose', 'https://acme.com/c{d'],
    ]);
    const found = findings(text, 'jsonc');
    // Prose is never reported for its scheme: only the three `{`.
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{', 'a{b')],
      ['path-unescaped-char', rangeOf(text, '{', 'x{y')],
      ['path-unescaped-char', rangeOf(text, '{', 'c{d')],
    ]);
    const fixed = fixAll(text, found);
    expect(fixed.match(/%7B/g)).toHaveLength(3);
    expect(evaluate(parseMomoa(fixed, { mode: 'jsonc' }).body)).toEqual({ a: 1 });
  });

  it('reads a `.json` file with comments and trailing commas like JSONC', () => {
    const text = '{\n  // https://acme.com/a{b\n  "u": "https://acme.com/c|d",\n}';
    expect(findings(text, 'json').map((f) => f.range)).toEqual([rangeOf(text, '{', 'a{b'), rangeOf(text, '|', 'c|d')]);
  });

  it('maps JSON5 single quotes, `\\\'`, `\\x7C` and line continuations', () => {
    const text = "{ home: 'https://acme.com/it\\'s\\x7Cok', next: 'https://acme.com/a\\\n|b' }";
    const found = findings(text, 'json5');
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '\\x7C')],
      ['path-unescaped-char', rangeOf(text, '|', '|b')],
    ]);
    expect(json5Value(fixAll(text, found))).toEqual({ home: "https://acme.com/it's%7Cok", next: 'https://acme.com/a%7Cb' });
  });

  it('escapes the quote of a single-quoted JSON5 string in a fix', () => {
    const [candidate] = discoverJson("{ a: 'https://acme.com/x' }", 'json5');
    const part = candidate!.parts[0];
    expect(part?.kind === 'text' && part.map.replace(0, 0, `'"\\\n`)?.text).toBe(`\\'"\\\\\\n`);
  });

  it('reads a document that does not parse by scanning its strings, keys still skipped', () => {
    const text = '{"$schema": "http://json-schema.org/x", "https://acme.com/k|": "https://acme.com/a|b", "c": [1, 2';
    expect(() => discoverJson(text)).not.toThrow();
    const candidates = discoverJson(text);
    expect(candidates.map((c) => [c.key, c.uri])).toEqual([
      ['$schema', 'http://json-schema.org/x'],
      ['https://acme.com/k|', 'https://acme.com/a|b'],
    ]);
    expect(findings(text).map((f) => [f.code, f.range])).toEqual([['path-unescaped-char', rangeOf(text, '|', 'a|b')]]);
  });

  it('reads an unclosed string up to the end of its line', () => {
    const text = '{"u": "https://acme.com/a|b\n}';
    expect(findings(text).map((f) => f.range)).toEqual([rangeOf(text, '|')]);
  });

  it('takes momoa trees built elsewhere (as @eslint/json passes them)', () => {
    const text = '{"u": "https://acme.com/a|b"}';
    const document = parseMomoa(text, { mode: 'json', ranges: true, tokens: true });
    expect(jsonCandidates(document, text).map((c) => c.uri)).toEqual(['https://acme.com/a|b']);
  });
});

describe('mapJsonString', () => {
  /** A JSON string literal of `value`, each character written as itself or as an escape, at random. */
  const literal = fc
    .array(fc.tuple(fc.oneof(fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), fc.constantFrom('/', '"', '\\', 'a')), fc.constantFrom('raw', 'u', 'short')), { maxLength: 30 })
    .map((pieces) => ({
      value: pieces.map(([c]) => c).join(''),
      source: pieces
        .map(([c, how]) => {
          const u = `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
          if (how === 'u') return u;
          if (how === 'short' && c === '/') return '\\/';
          return JSON.stringify(c).slice(1, -1);
        })
        .join(''),
    }));

  it('reads what JSON.parse reads, and each unit maps to source that decodes to it', () => {
    fc.assert(
      fc.property(literal, fc.string({ maxLength: 5 }), ({ value, source }, prefix) => {
        const text = `${JSON.stringify(prefix)}: "${source}"`;
        const from = text.length - source.length - 1;
        const map = mapJsonString(text, from, from + source.length, '"');
        expect(map.value).toBe(JSON.parse(`"${source}"`));
        expect(map.value).toBe(value);
        for (let k = 0; k < value.length; k++) {
          const [start, end] = map.sourceRange(k, k + 1);
          expect(JSON.parse(`"${text.slice(start, end)}"`)).toBe(value[k]);
        }
      }),
    );
  });
});

describe('discoverJson: robustness', () => {
  it('returns on a text that ends in a string with a lone backslash (momoa 3.3 loops on it as JSON5)', () => {
    for (const mode of ['json', 'jsonc', 'json5'] as const) {
      // Read by the scan for strings, as any text that does not parse: the closed string is found whole.
      const text = '["https://acme.com/a|b", "\\';
      expect(discoverJson(text, mode).map((candidate) => candidate.uri)).toEqual(['https://acme.com/a|b']);
      expect(discoverJson("{ u: 'x\\", mode).every((candidate) => candidate.range[1] <= 8)).toBe(true);
    }
  });

  const modes = fc.constantFrom<JsonMode>('json', 'jsonc', 'json5');

  it('never throws, and every candidate lies in the text', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme-composite' }),
      fc.json().map((json) => json.replace(/"([a-z]+)"/g, '"https://acme.com/$1|"')),
      fc.array(fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', '\\', '/*', '*/', '//', '\n', 'https://a.com/', ' x ', '\\u00', 'é😀'), { maxLength: 40 }).map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(texts, modes, (text, mode) => {
        let candidates: UriCandidate[] = [];
        expect(() => (candidates = discoverJson(text, mode))).not.toThrow();
        for (const candidate of candidates) {
          expect(candidate.range[0]).toBeGreaterThanOrEqual(0);
          expect(candidate.range[1]).toBeLessThanOrEqual(text.length);
        }
        for (const finding of runRules(candidates, RULES)) {
          expect(finding.range[0]).toBeGreaterThanOrEqual(0);
          expect(finding.range[1]).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a fixed document parsing to the value with the fix', () => {
    const path = fc.array(fc.constantFrom('a', '|', '"', '\\', '/', '^', '`', 'é', '😀'), { maxLength: 8 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(path, (tail) => {
        const url = `https://acme.com/${tail}`;
        const text = `{"u": ${JSON.stringify(url)}}`;
        const fixed = fixAll(text, findings(text));
        // Every fix percent-encodes the characters it replaces, and only those: decoding gives the URL back.
        expect(decodeURIComponent(JSON.parse(fixed).u)).toBe(url);
      }),
      { numRuns: 200 },
    );
  });
});
