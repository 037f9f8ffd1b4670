/**
 * The Markdown reader of `urilint scan` and the language server (`discoverMarkdown`, which parses
 * the text itself and takes shortcuts where a document or a node cannot hold a URI) against the
 * ESLint plugin on `@eslint/markdown`'s tree (`markdown/gfm`), on every Markdown file of the
 * repository and on documents made to reach those shortcuts: the same candidates, and the same
 * findings (rule, place, message, fix) from every URI rule. `no-broken-links` is left out: it
 * reads the files around a document, which differ between the two hosts (its Markdown headings
 * come from the same tree, `markdownTreeOf`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import markdown from '@eslint/markdown';
import { applySourceEdits, discoverMarkdown, markdownCandidates, maskTemplates, presetOptions, RULE_NAMES, runRules, templateSyntaxes, type UriCandidate } from '@urilint/discovery';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { linterOf, MAJORS } from '../support/languages.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Every Markdown file git tracks in the repository. */
const FILES = execFileSync('git', ['ls-files', '-z', '--', '*.md', '*.markdown'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((name) => name !== '');

/** Documents on the edges of the reader's shortcuts. */
const MADE: Record<string, string> = {
  // No `:`, `](`, `=` or `&`: no candidate, no parse.
  'no-uri.md': '# Title\n\nPlain text, a [reference][ref] and <em>markup</em>.\n\n- a list\n- of words\n',
  // A character reference writes the `:` of a bare URI.
  'reference-colon.md': 'Mirror: ftp&colon;//files.example.com/a{b and ftp&#58;//files.example.com/c|d here.\n',
  // HTML without attributes or `:` (skipped) beside HTML with them.
  'html.md': '<div>\n<p>text</p>\n</div>\n\nInline <b>bold</b> and <a href="https://example.com/a b">x</a> and <br>.\n\n<div>\nMirror ftp://files.example.com/in-html%zz\n</div>\n\n<img src=logo|1.png>\n',
  // GFM literals: the transform runs only where a text node holds `@`, `http://`, `https://` or `www.`.
  'literals.md': 'Visit www.example.com/a|b or WWW.Example.com/x{y, https://example.com/c|d, me@example.com, mailto:me@example.com, xmpp:me@example.com/r.\n\nNothing here ftp://files.example.com/a{b.\n',
  'literal-in-emphasis.md': '*see http://example.com/a|b* and **www.example.com/c{d** and `https://example.com/code|x`.\n',
  'literal-entity.md': 'Hidden &#64; sign: me&#64;example.com and www&period;example.com/a{b and https&#x3a;//example.com/c{d here.\n\nBeside ftp://files.example.com/g{h.\n',
  // A literal the transform makes (written with a reference) leaves its paragraph's text without positions: no prose read there, by either host.
  'literal-split.md': 'Write to me&#64;example.com about ftp://files.example.com/a{b.\n\nWWW&period;example.com and ftp://files.example.com/c{d.\n\nHTTPS&#x3a;//example.com and ftp://files.example.com/e{f.\n',
  'no-literal.md': 'Only [a](https://example.com/a|b) and <https://example.com/c{d> and ftp://files.example.com/e|f here.\n',
  'definitions.md': '[ref]: https://example.com/ref%zz "Ref"\n[two]:\n  <https://example.com/two|x>\n\nUse [ref] and [two][].\n',
  'broken.md': 'A [broken link](https://example.com/a{b c) and [fine](https://example.com/c) and [title](https://example.com/d "t").\n',
  'crlf.md': 'é first\r\n\r\n😀 [a](https://example.com/a|b)\r\nlone\rcr https://example.com/c{d\r\n',
  'nested.md': '> - quote\n>   [a](https://example.com/a|b)\n>   ftp://files.example.com/c{d\n>\n> | a | b |\n> | - | - |\n> | https://example.com/e\\|f | [g](https://example.com/g{h) |\n',
};

interface Doc {
  name: string;
  text: string;
}

const DOCS: Doc[] = [...FILES.map((name) => ({ name, text: readFileSync(join(ROOT, name), 'utf8') })), ...Object.entries(MADE).map(([name, text]) => ({ name, text }))];

/** Every URI rule but `no-broken-links`, with the `all` preset's options. */
const RULES = RULE_NAMES.filter((name) => name !== 'no-broken-links');
const OPTIONS = Object.fromEntries(RULES.map((name) => [name, presetOptions(name, 'all')]));
const CONFIG = [
  {
    files: ['**/*.md'],
    plugins: { markdown, urilint: plugin },
    language: 'markdown/gfm',
    rules: Object.fromEntries(RULES.map((name) => [`urilint/${name}`, Object.keys(OPTIONS[name]!).length === 0 ? 'error' : ['error', OPTIONS[name]]])),
  },
];

/** ESLint's line and column (from 1) of an offset, lines broken as micromark breaks them. */
function locator(text: string): (offset: number) => string {
  const starts = [0];
  for (const match of text.matchAll(/\r\n|[\r\n]/g)) starts.push(match.index + match[0].length);
  return (offset) => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    return `${line + 1}:${offset - starts[line]! + 1}`;
  };
}

const candidateOf = (candidate: UriCandidate): string => JSON.stringify([candidate.range, candidate.uri, candidate.context, candidate.sink, candidate.namespace, candidate.parts.length]);

/** `@eslint/markdown`'s tree of a text (`markdown/gfm`, no front matter), as ESLint parses it. */
function eslintTree(text: string): Parameters<typeof markdownCandidates>[0] {
  const parsed = markdown.languages.gfm.parse({ body: text, path: 'doc.md' } as never, { languageOptions: { frontmatter: false } } as never) as { ok: boolean; ast: unknown };
  expect(parsed.ok).toBe(true);
  return parsed.ast as Parameters<typeof markdownCandidates>[0];
}

/** ESLint's messages as lines: rule, start, end, message, fix. */
function eslintFindings(major: (typeof MAJORS)[number], text: string): string[] {
  return linterOf(major)
    .verify(text, CONFIG as never, 'doc.md')
    .map((m) => `${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.message}${m.fix ? ` fix ${m.fix.range.join(',')} ${JSON.stringify(m.fix.text)}` : ''}`)
    .sort();
}

/**
 * The reader's findings in ESLint's terms (its edits merged into one fix, as ESLint merges them),
 * on the text with its template tags masked, as both hosts read it.
 */
function readerFindings(text: string): string[] {
  const at = locator(text);
  const rules = plugin.rules as unknown as Record<string, { meta: { messages: Record<string, string> } }>;
  const candidates = discoverMarkdown(maskTemplates(text, templateSyntaxes(undefined)).text);
  for (const candidate of candidates) candidate.source = text;
  return runRules(candidates, OPTIONS)
    .map((finding) => {
      let fix = '';
      if (finding.fix !== undefined && finding.fix.length > 0) {
        // ESLint merges a fix's edits into one: the span they cover, rewritten.
        const from = Math.min(...finding.fix.map((edit) => edit.range[0]));
        const to = Math.max(...finding.fix.map((edit) => edit.range[1]));
        const fixed = applySourceEdits(text, finding.fix);
        fix = ` fix ${from},${to} ${JSON.stringify(fixed.slice(from, to + fixed.length - text.length))}`;
      }
      const message = rules[finding.rule]!.meta.messages[finding.messageId]!.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => finding.data[key] ?? '');
      return `urilint/${finding.rule} ${at(finding.range[0])}-${at(finding.range[1])} ${message}${fix}`;
    })
    .sort();
}

describe('the Markdown reader against the ESLint plugin on @eslint/markdown’s tree', () => {
  it('reads the repository’s Markdown files and the made documents', () => {
    expect(FILES.length).toBeGreaterThan(10);
    expect(FILES.some((name) => name.startsWith('examples/'))).toBe(true);
  });

  it.each(DOCS)('$name: the same candidates', ({ text }) => {
    expect(discoverMarkdown(text).map(candidateOf)).toEqual(markdownCandidates(eslintTree(text), text).map(candidateOf));
  });

  describe.each(MAJORS)('under ESLint $major', (major) => {
    it.each(DOCS)('$name: the same findings', ({ text }) => {
      expect(readerFindings(text)).toEqual(eslintFindings(major, text));
    });
  });

  it('the made documents do reach the rules: each but the one without a URI has findings', () => {
    for (const [name, text] of Object.entries(MADE)) {
      if (name === 'no-uri.md') expect(discoverMarkdown(text), name).toEqual([]);
      else if (name !== 'literal-split.md') expect(readerFindings(text).length, name).toBeGreaterThan(0);
    }
    // The HTML shortcut skips only HTML without `=` or `:`: a URI in an HTML block's text is still read.
    expect(discoverMarkdown(MADE['html.md']!).map((candidate) => candidate.uri)).toContain('ftp://files.example.com/in-html%zz');
  });
});
