import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { expectLinearWork } from '../../../core/test/support/work.js';
import { pathological } from '../../../core/test/support/pathological.js';
import type { UriCandidate } from '../../src/candidate.js';
import { sourceRangeOf, type Finding } from '../../src/finding.js';
import { discoverDocument, MAX_URIS_PER_DOCUMENT } from '../../src/document.js';
import { discoverText } from '../../src/formats/text.js';
import { runRules } from '../../src/rules/index.js';
import { rangeOf, fixAll } from '../support/formats.js';

const RULES = { 'no-unescaped-chars': {}, 'no-malformed': {}, 'no-invalid-percent-encoding': {}, 'no-insecure-scheme': {} } as const;

function findings(text: string): Finding[] {
  return runRules(discoverText(text), RULES);
}

describe('discoverText', () => {
  it('reads a word written with regular-expression syntax as a pattern, not a URI (issue 29)', () => {
    // check-spelling's .github/actions/spelling/patterns.txt, as jekyll/jekyll has it at 202df57.
    const text = '# hit-count: 2 file-count: 2\n# mailto urls\nmailto:[-a-zA-Z=;:/?%&0-9+@.]{3,}\n\n# githubusercontent\n/[-a-z0-9]+\\.githubusercontent\\.com/[-a-zA-Z0-9?&=_\\/.]*\n';
    expect(discoverText(text)).toEqual([]);
    expect(findings(text)).toEqual([]);
    // A URI in the same file is still read.
    expect(findings(`${text}see https://example.com/a%zz\n`).map((finding) => finding.code)).toEqual(['pct-invalid-triplet']);
  });

  it('ends a URI in running text before a character that cannot be in one (RFC 3986 Appendix E)', () => {
    const text = 'behaviour described at http://php.net/substr,\\nif length is given; see "https://a.example/x"<br> or C:\\tmp\\https://b.example/y\\z';
    expect(discoverText(text).map((candidate) => candidate.uri)).toEqual(['http://php.net/substr', 'https://a.example/x', 'https://b.example/y']);
    expect(findings(text)).toEqual([]);
  });

  it('takes a port written as a word in running text for a placeholder, not a problem', () => {
    const text = '# format: postgresql://login@hostname:port/dbname?sslmode=disable\necho http://$NODE_IP:$NODE_PORT\n';
    // `$NODE_PORT` is a shell variable: a hole once the document's template syntax is masked.
    expect(runRules(discoverDocument(text, 'text').candidates, RULES)).toEqual([]);
    expect(findings('see http://host:8o80/ now').map((finding) => finding.code)).toEqual(['port-invalid-char']);
  });

  it("takes SQLite's in-memory database written as sqlite://:memory: for what it is, not a port \"memory:\" (issue 29)", () => {
    // djangopackages/djangopackages' dockerfiles/django/Dockerfile at 6d748cb: dj-database-url, Tortoise ORM,
    // sqlx and Bun's SQL client read the string whole; `:memory:` is SQLite's own name for a database held
    // in memory (https://www.sqlite.org/inmemorydb.html), written where the authority goes.
    const dockerfile = 'FROM python:3.13\nRUN DATABASE_URL=sqlite://:memory: SECRET_KEY=build-key uv run -m manage collectstatic --noinput\n';
    expect(runRules(discoverDocument(dockerfile, 'dockerfile').candidates, RULES)).toEqual([]);
    expect(runRules(discoverDocument('DATABASE_URL=sqlite://:memory:\nTEST_DB=sqlite3://:memory:\n', 'dotenv').candidates, RULES)).toEqual([]);
    expect(findings('db_url="sqlite://:memory:" or "sqlite+aiosqlite://:memory:"')).toEqual([]);
    // Another port, another scheme, or more than the name is still a port written wrong.
    const others = 'A=sqlite://:memory:x/\nB=mysql://:memory:\nC=sqlite://host:memory:\n';
    expect(runRules(discoverDocument(others, 'dotenv').candidates, RULES).map((finding) => [others.slice(finding.range[0], finding.range[1]), finding.code])).toEqual([['memory:x', 'port-invalid-char'], ['memory:', 'port-invalid-char'], ['memory:', 'port-invalid-char']]);
  });

  it('finds the URIs of each line as prose, at their source offsets', () => {
    const text = 'Changelog\r\nSee https://acme.com/a{b for details.\nMirror: http://cdn.acme.com/c{d\rend';
    expect(discoverText(text).map((c) => [c.context, c.uri])).toEqual([
      ['prose', 'https://acme.com/a{b'],
      ['prose', 'http://cdn.acme.com/c{d'],
    ]);
    const found = findings(text);
    // Prose is never reported for its scheme: only the two `{` (not in any set of RFC 3986 §2).
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{', 'a{b')],
      ['path-unescaped-char', rangeOf(text, '{', 'c{d')],
    ]);
    expect(fixAll(text, found)).toBe(text.replace(/\{/g, '%7B'));
  });

  it('ends a URI in running text at a `|` or a `^` (RFC 3986 Appendix E): a log format\'s separators are not in the URI', () => {
    // undici's log format and a sentence about a URI are running text; a line that is only a URI (a
    // list of links) is the URI, and its `|` is reported.
    const text = 'protocol->https:|host->localhost:4000|port->4000|origin->https://localhost:4000|path->/endpoint|hash->#here\nExpected https://example.com/a|b to be x, not https://example.com/c^d.\nhttps://example.com/e|f\n';
    expect(discoverText(text).map((c) => [c.context, c.uri, sourceRangeOf(c, 0, c.uri.length)])).toEqual([
      ['prose', 'https://localhost:4000', rangeOf(text, 'https://localhost:4000')],
      ['prose', 'https://example.com/a', rangeOf(text, 'https://example.com/a')],
      ['prose', 'https://example.com/c', rangeOf(text, 'https://example.com/c')],
      ['prose', 'https://example.com/e|f', rangeOf(text, 'https://example.com/e|f')],
    ]);
    expect(findings(text).map((f) => [f.code, text.slice(f.range[0], f.range[1])])).toEqual([['path-unescaped-char', '|']]);
    // What comes before the `|` is still checked.
    expect(findings('see https://example.com/a{b|c now').map((f) => [f.code, f.range])).toEqual([['path-unescaped-char', [25, 26]]]);
  });

  it('counts emoji and é before the URI on the same line in UTF-16 units', () => {
    const text = '😀 é 😀\n😀é see https://acme.com/a{b and https://acme.com/x%zz';
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{')],
      ['pct-invalid-triplet', rangeOf(text, '%zz')],
    ]);
  });

  it('finds URIs in quotes and angle brackets, and nothing without a scheme', () => {
    const text = 'Links: "https://acme.com/q" <https://acme.com/a> acme.com/x|y www.acme.com https: mailto:';
    expect(discoverText(text).map((c) => c.uri)).toEqual(['https://acme.com/q', 'https://acme.com/a']);
  });

  it('returns nothing for text without URIs, and for empty text', () => {
    expect(discoverText('')).toEqual([]);
    expect(discoverText('no links here: just words\n\n')).toEqual([]);
  });

  it('never throws, and every candidate lies in the text', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme-composite' }),
      fc.array(fc.constantFrom('https://a.com/', 'x|y', ' ', '\n', '\r\n', '<', '>', '"', 'é😀', 'mailto:a@b.c', '%zz', ':'), { maxLength: 40 }).map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let candidates: UriCandidate[] = [];
        expect(() => (candidates = discoverText(text))).not.toThrow();
        for (const candidate of candidates) {
          const [start, end] = candidate.range;
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(text.length);
          // Text is written as it is: the URI's source is the URI.
          const part = candidate.parts[0];
          if (part?.kind === 'text') expect(text.slice(...part.map.sourceRange(candidate.uriStart, candidate.uriEnd))).toBe(candidate.uri);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does linear work on the text: lines of prose, and one long line', () => {
    for (const make of Object.values(pathological('discoverText'))) expectLinearWork(discoverText, make);
  });

  it('checks the first MAX_URIS_PER_DOCUMENT URIs of a document and counts the rest', () => {
    const line = 'see http://a.example/x ';
    const found = discoverDocument(line.repeat(MAX_URIS_PER_DOCUMENT + 2), 'text');
    expect(MAX_URIS_PER_DOCUMENT).toBe(100_000);
    expect(found.candidates.length).toBe(MAX_URIS_PER_DOCUMENT);
    expect(found.unchecked).toBe(2);
    const last = found.candidates.at(-1)!;
    expect(sourceRangeOf(last, 0, last.uri.length)[0]).toBe((MAX_URIS_PER_DOCUMENT - 1) * line.length + 4);
    expect(discoverDocument(line.repeat(3), 'text').unchecked).toBeUndefined();
  });

  it('reads 5 MB in one pass without running out of stack', () => {
    const line = 'log line https://acme.com/a{b\n';
    const count = Math.ceil(5_000_000 / line.length);
    const candidates = discoverText(line.repeat(count));
    expect(candidates.length).toBe(count);
    const last = candidates.at(-1)!;
    expect(sourceRangeOf(last, 0, last.uri.length)).toEqual([(count - 1) * line.length + line.indexOf('https'), count * line.length - 1]);
  });
});
