/**
 * A reader that stops early — a tree too deep, an exception — still searches the text: the planted
 * URI is found, the document counts as read without a full parse, and never fewer URIs are returned
 * than the text fallback finds.
 *
 * The depths go past each reader's nesting limit (formats/nesting.ts): a document that deep is refused
 * before its parser recurses, never caught as a stack overflow — in a worker that had run other files,
 * V8 once ended the process ("RegExpCompiler Allocation failed") when the stack ran out inside yaml.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverDocument, loadGrammarsFor, type SourceKind } from '../src/document.js';
import { discoverText } from '../src/formats/text.js';
import { runRules } from '../src/rules/index.js';

// A non-ASCII letter (RFC 3986 §2 allows only ASCII): a reader that stops early has its text searched as
// prose, which keeps the "é" in the URI, where a `^` or a `|` would end it (RFC 3986 Appendix E).
const PLANTED = 'https://example.com/aéb';

/** Each reader's containers nested `depth` deep around the planted URI, in that format's own syntax. */
const NESTED: Record<Exclude<SourceKind, 'js' | 'text'>, (depth: number) => string> = {
  html: (n) => '<div>'.repeat(n) + `<a href="${PLANTED}">x</a>`,
  markdown: (n) => '>'.repeat(n) + ` see ${PLANTED}\n`,
  // Flow collections: block ones nest by indentation, which grows the text as the square of the depth.
  yaml: (n) => 'links: ' + '['.repeat(n) + PLANTED + ']'.repeat(n) + '\n',
  json: (n) => '['.repeat(n) + JSON.stringify(PLANTED) + ']'.repeat(n),
  css: (n) => 'a {'.repeat(n) + ` background: url(${PLANTED}) ` + '}'.repeat(n),
  vue: (n) => '<template>' + '<div>'.repeat(n) + `<a href="${PLANTED}">x</a></template>\n`,
  svelte: (n) => '<div>'.repeat(n) + `<a href="${PLANTED}">x</a>`,
  astro: (n) => '---\nconst x = 1;\n---\n' + '<div>'.repeat(n) + `<a href="${PLANTED}">x</a>`,
  angular: (n) => '<div>'.repeat(n) + `<a href="${PLANTED}">x</a>`,
  python: (n) => 'x = ' + '['.repeat(n) + JSON.stringify(PLANTED) + ']'.repeat(n) + '\n',
  go: (n) => 'package m\n\nvar x = ' + '('.repeat(n) + JSON.stringify(PLANTED) + ')'.repeat(n) + '\n',
  rust: (n) => 'const X: &str = ' + '('.repeat(n) + JSON.stringify(PLANTED) + ')'.repeat(n) + ';\n',
  java: (n) => 'class M { String x = ' + '('.repeat(n) + JSON.stringify(PLANTED) + ')'.repeat(n) + '; }\n',
  kotlin: (n) => 'val x = ' + '('.repeat(n) + JSON.stringify(PLANTED) + ')'.repeat(n) + '\n',
  csharp: (n) => 'class M { string x = ' + '('.repeat(n) + JSON.stringify(PLANTED) + ')'.repeat(n) + '; }\n',
  ruby: (n) => 'x = ' + '['.repeat(n) + JSON.stringify(PLANTED) + ']'.repeat(n) + '\n',
  php: (n) => '<?php $x = ' + '['.repeat(n) + JSON.stringify(PLANTED) + ']'.repeat(n) + ';\n',
  // `((` opens arithmetic: the subshells are written apart.
  shell: (n) => '( '.repeat(n) + `curl "${PLANTED}"` + ' )'.repeat(n) + '\n',
  dotenv: (n) => '# x\n'.repeat(n) + `URL=${PLANTED}\n`,
  toml: (n) => 'x = ' + '['.repeat(n) + JSON.stringify(PLANTED) + ']'.repeat(n) + '\n',
  ini: (n) => '[a]\n' + 'k =\n' + '  x\n'.repeat(n) + `  ${PLANTED}\n`,
  properties: (n) => 'k = \\\n'.repeat(n) + `  ${PLANTED}\n`,
  dockerfile: (n) => 'RUN ' + '( '.repeat(n) + `curl "${PLANTED}"` + ' )'.repeat(n) + '\n',
  makefile: (n) => `URL = ${'$(x '.repeat(n)}${')'.repeat(n)}${PLANTED}\n`,
};

beforeAll(() => loadGrammarsFor(['python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell']));

function check(text: string, kind: SourceKind): void {
  const found = discoverDocument(text, kind);
  const codes = runRules(found.candidates, { 'no-unescaped-chars': {} }).map((finding) => text.slice(...finding.range));
  expect(codes, `${kind}: the planted "é" is reported`).toContain('é');
  if (found.parseError !== undefined) expect(found.candidates.length).toBeGreaterThanOrEqual(discoverText(text).length);
}

describe('a reader that stops early', () => {
  it('reads 20,000 levels of HTML in full: no step of the HTML reader recurses per level', () => {
    const text = NESTED.html(20_000);
    const found = discoverDocument(text, 'html');
    expect(found.parseError).toBeUndefined();
    check(text, 'html');
  });

  it.each(Object.keys(NESTED) as (keyof typeof NESTED)[])('%s: random and adversarial nesting never loses the planted URI (seeded)', (kind) => {
    fc.assert(
      // Up to 3,000 levels: past every reader's limit (YAML 128, CSS 256, Markdown 1,000).
      fc.property(fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constantFrom(500, 1_500, 3_000)), (depth) => check(NESTED[kind](depth), kind)),
      { numRuns: 30, seed: 3986 },
    );
  });
});
