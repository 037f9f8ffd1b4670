/**
 * Patterns a tree writes, run on text a tree writes (issue 27, item 5): a redirect's `source` in
 * `vercel.json` or `next.config.js`, a VitePress rewrite, a `customIds` pattern, the `ignore` and
 * `overrides[].files` globs. JavaScript's own engine backtracks on `a*a*a*a*a*a*a*a*a*a*b` (a power of
 * the text's length) and on `(a|a)*b` (exponentially): each attack below ran past any time limit
 * before. Here the work is counted (the engine and the glob matcher are JavaScript), never timed.
 */
import { describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { expectLinearWork } from '../../core/test/support/work.js';
import { compileGlob, MAX_BRACE_PATTERNS } from '../src/config/glob.js';
import { parseConfig } from '../src/config/load.js';
import { formatConfigProblem } from '../src/config/validate.js';
import { discoverDocument, sourceKindOf } from '../src/document.js';
import type { Finding } from '../src/finding.js';
import { LinearRegExp } from '../src/linear-regex.js';
import { markdownAnchors } from '../src/links/anchors.js';
import { MemoryFileSystem } from '../src/links/memory-fs.js';
import { redirectPattern } from '../src/links/path-patterns.js';
import { rewritePath } from '../src/links/routing.js';
import { WorkspaceIndex, type LinkOptions } from '../src/links/workspace.js';
import { runDocumentRules, runRules } from '../src/rules/index.js';

/**
 * The smaller size of the engine's linear-work cases: RE2 runs a short text with its bit-state
 * backtracker (bounded by a bitmap of states × positions, so linear too) and a longer one with its
 * NFA; at 10,000 characters and more both sizes run the same algorithm, so their ratio is its growth.
 */
const ENGINE_SMALL = 10_000;

/** The pattern: ten stars over the same letter, then one the text never has. */
const STARS = 'a*a*a*a*a*a*a*a*a*a*b';

function lint(index: WorkspaceIndex, path: string, options: LinkOptions = {}): string[] {
  const text = index.fs.readFile(path)!;
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const document = { path, kind, text, links: index };
  const rules = { 'no-broken-links': options };
  const findings: Finding[] = [...runRules(found.candidates, rules, undefined, document), ...runDocumentRules(document, rules)];
  return findings.map((finding) => text.slice(...finding.range));
}

/** A Next.js site whose vercel.json (or next.config.js) redirects `redirect`; its page links to `/docs/aaa…a` (no such page), `/docs/aaa…ab` and `/other/gone`. */
function nextSite(redirect: string, length: number, where: 'vercel.json' | 'next.config.js' = 'vercel.json'): WorkspaceIndex {
  const long = 'a'.repeat(length);
  return new WorkspaceIndex(
    new MemoryFileSystem({
      '/r/.git/HEAD': '',
      '/r/next.config.js': where === 'vercel.json' ? 'module.exports = {};\n' : `module.exports = {\n  async redirects() {\n    return [{ source: '${redirect}', destination: '/', permanent: true }];\n  },\n};\n`,
      ...(where === 'vercel.json' ? { '/r/vercel.json': JSON.stringify({ redirects: [{ source: redirect, destination: '/', permanent: true }] }) } : {}),
      '/r/pages/docs/intro.md': '# Intro\n',
      '/r/pages/other/page.md': '# Page\n',
      '/r/pages/index.md': `[no b](/docs/${long}) [with b](/docs/${long}b) [gone](/other/gone)\n`,
    }),
  );
}

describe("a redirect's source in vercel.json and next.config.js (no urilint configuration at all)", () => {
  it("the issue's `/:p(a*a*a*a*a*a*a*a*a*a*b)`: the redirect is matched, a path without `b` is not its", () => {
    for (const where of ['vercel.json', 'next.config.js'] as const) {
      const index = nextSite(`/docs/:p(${STARS})`, 5_000, where);
      expect(lint(index, '/r/pages/index.md'), where).toEqual([`/docs/${'a'.repeat(5_000)}`, '/other/gone']);
    }
  });

  it('costs work linear in the path, whatever the group', () => {
    // A `b` in the path, then more: the engine must run (it looks for a literal the pattern needs first).
    for (const group of [STARS, '(a|a)*b', '(a+)+b', '(?:a|aa)*b']) {
      const pattern = redirectPattern(`/:p(${group})`)!;
      expect(pattern, group).toBeDefined();
      expectLinearWork((path: string) => pattern.test(path), (size) => `/${'a'.repeat(size)}b/x`, ENGINE_SMALL);
    }
    const repeated = redirectPattern('/:a*/:b*/:c*/:d*/:e*/x')!;
    expectLinearWork((path: string) => repeated.test(path), (size) => `${'/a'.repeat(size / 2)}/x/y`, ENGINE_SMALL);
  });

  it('reads path-to-regexp: `:name`, `:name*`, `:name+`, `:name?`, `(regex)`, `\\:`', () => {
    const cases: [string, string, boolean][] = [
      ['/blog/:slug', '/blog/post', true],
      ['/blog/:slug', '/blog/a/b', false],
      ['/docs/:path*', '/docs', true],
      ['/docs/:path*', '/docs/a/b/c', true],
      ['/docs/:path+', '/docs', false],
      ['/docs/:path+', '/docs/a/b', true],
      ['/:lang?/about', '/about', true],
      ['/:lang?/about', '/en/about', true],
      ['/post/:id(\\d+)', '/post/12', true],
      ['/post/:id(\\d+)', '/post/x', false],
      ['/old/(.*)', '/old/a/b', true],
      ['/old/(.*)', '/new/a', false],
      ['/a\\:b', '/a:b', true],
    ];
    expect(cases.map(([pattern, path]) => redirectPattern(pattern)?.test(path))).toEqual(cases.map(([, , expected]) => expected));
  });

  it('a group that needs backtracking (a lookahead) is unknown: the links under its literal start stay silent', () => {
    expect(redirectPattern('/docs/:path((?!api).*)')).toBeUndefined();
    expect(lint(nextSite('/docs/:path((?!api).*)', 3), '/r/pages/index.md')).toEqual(['/other/gone']);
  });

  it("a VitePress rewrite's group runs in linear time; one that cannot is unknown", () => {
    expect(rewritePath([[`:p(${STARS})/index.md`, 'x.md']], `${'a'.repeat(5_000)}/index.md`)).toBe(`${'a'.repeat(5_000)}/index.md`);
    expect(rewritePath([[`:p(${STARS})/index.md`, 'x.md']], `${'a'.repeat(50)}b/index.md`)).toBe('x.md');
    expectLinearWork((path: string) => rewritePath([[`:p(${STARS})/index.md`, 'x.md']], path), (size) => `${'a'.repeat(size)}b/x/index.md`, ENGINE_SMALL);
    const tree = new WorkspaceIndex(
      new MemoryFileSystem({
        '/r/.git/HEAD': '',
        '/r/.vitepress/config.mts': "export default { rewrites: { ':p((?!x).*)/index.md': ':p.md' } };\n",
        '/r/guide/index.md': '[gone](/guide/gone)\n',
      }),
    );
    expect(lint(tree, '/r/guide/index.md')).toEqual([]);
  });
});

describe('customIds (no-broken-links), run on each heading line', () => {
  const heading = (size: number): string => `## ${'a'.repeat(size)}\n\n[self](#${'a'.repeat(size)})\n`;

  it('nested and adjacent quantifiers match in linear time', () => {
    for (const source of [STARS, '(a|a)*b', '(a+)+b', '([a-z]+)+\\{#(\\w+)\\}']) {
      const pattern = LinearRegExp.compile(source);
      if ('error' in pattern) throw new Error(pattern.error);
      expectLinearWork((text: string) => markdownAnchors(text, { slugStyle: 'github', customIds: [pattern.regex] }), heading, ENGINE_SMALL);
    }
  });

  it("the issue's pattern in the link options: the heading keeps its slug, the link to it is found", () => {
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/a.md': `${heading(5_000)}[nope](#nope)\n` }));
    expect(lint(index, '/r/a.md', { customIds: [STARS, '(a|a)*b'] })).toEqual(['nope']);
  });

  it('a pattern the linear-time engine cannot run is refused in urilint.config.jsonc (file:line:col), and left out where options come from elsewhere', () => {
    const text = '{\n  "rules": {\n    "no-broken-links": { "severity": "error", "options": { "customIds": ["\\\\{#(\\\\w+)\\\\}", "(?=x)(\\\\w+)", "(\\\\w)\\\\1"] } }\n  }\n}\n';
    const problems = parseConfig(text, 'urilint.config.jsonc').problems.map((problem) => formatConfigProblem(problem));
    const column = (needle: string): number => text.split('\n')[2]!.indexOf(needle) + 1;
    expect(problems).toEqual([
      `urilint.config.jsonc:3:${column('"(?=x)')}: rules.no-broken-links.options.customIds[1]: the pattern "(?=x)(\\\\w+)" cannot be run: a lookahead or lookbehind ("(?=", "(?!", "(?<=", "(?<!") needs backtracking, which urilint does not run (expected a regular expression without lookaround or backreferences (patterns run in time linear in the text))`,
      `urilint.config.jsonc:3:${column('"(\\\\w)')}: rules.no-broken-links.options.customIds[2]: the pattern "(\\\\w)\\\\1" cannot be run: a backreference ("\\1", "\\k<name>") needs backtracking, which urilint does not run (expected a regular expression without lookaround or backreferences (patterns run in time linear in the text))`,
    ]);
    const index = new WorkspaceIndex(new MemoryFileSystem({ '/r/.git/HEAD': '', '/r/a.md': '## Title {#custom}\n\n[x](#custom) [y](#title)\n' }));
    expect(lint(index, '/r/a.md', { customIds: ['(?=x)(\\w+)'] })).toEqual(['title']);
  });
});

describe('ignore and overrides[].files globs', () => {
  const matcher = (pattern: string): ((path: string) => boolean) => {
    const compiled = compileGlob(pattern);
    if ('error' in compiled) throw new Error(compiled.error);
    return (path) => compiled.matcher.matches(path);
  };

  it("the issue's attacks get their answer: `*a*a*a*a*a*a*a*a*a*a*b` on a long name, `**/` twenty times on a deep path", () => {
    expect(matcher(`*${STARS}`)('a'.repeat(20_000))).toBe(false);
    expect(matcher(`*${STARS}`)(`${'a'.repeat(20_000)}b`)).toBe(true);
    expect(matcher(`${'**/'.repeat(20)}x`)('a/'.repeat(10_000).slice(0, -1))).toBe(false);
    expect(matcher(`${'**/'.repeat(20)}x`)(`${'a/'.repeat(10_000)}x`)).toBe(true);
  });

  it('costs work linear in the path', () => {
    const cases: [string, (size: number) => string][] = [
      [`*${STARS}`, (size) => 'a'.repeat(size)],
      [`{*a,*b}*{*a,*b}*{*a,*b}*c`, (size) => 'a'.repeat(size)],
      [`src/${'**/'.repeat(20)}*.min.js`, (size) => `src/${'a/'.repeat(size / 2)}a.min.jsx`],
      [`${'**/'.repeat(20)}x/`, (size) => `${'a/'.repeat(size / 2)}x`],
    ];
    for (const [pattern, make] of cases) expectLinearWork(matcher(pattern), make, 2_000);
  });

  it('braces that stand for more than 1,024 patterns are refused with a message', () => {
    expect(compileGlob('{a,b}'.repeat(10))).toHaveProperty('matcher');
    expect(compileGlob('{a,b}'.repeat(11))).toEqual({ error: `its braces stand for more than ${MAX_BRACE_PATTERNS.toLocaleString('en-US')} patterns` });
    expect(compileGlob(`${'{a,'.repeat(40)}b${'}'.repeat(40)}`)).toHaveProperty('matcher');
    const text = `{ "ignore": ["${'{a,b}'.repeat(20)}"] }`;
    expect(parseConfig(text, 'c.jsonc').problems.map((problem) => formatConfigProblem(problem))).toEqual([
      `c.jsonc:1:14: ignore[0]: invalid glob "${'{a,b}'.repeat(20)}": its braces stand for more than 1,024 patterns (expected a glob relative to the folder of the configuration file ("src/**", "*.md", "dist/"))`,
    ]);
  });
});

describe('onlineLinks.remap and exclude: a configuration\'s patterns on the linear-time engine', () => {
  it('replaces as String.prototype.replace does, first match only', () => {
    const cases: [string, string, string][] = [
      ['^https://old\\.example\\.com/(.*)$', 'https://new.example.com/$1', 'https://old.example.com/a/b?c'],
      ['(\\w+)@(\\w+)', '$2 at $1 ($&, $$, $0, $9)', 'x mail@host y mail@other'],
      ['/v(\\d)/', "/v$12/[$`|$']", 'https://a.example/v1/x'],
      ['(?<year>\\d{4})-(?<month>\\d{2})', '$<month>/$<year>', 'on 2024-05 and 2025-06'],
      ['nothing', 'x', 'https://a.example/'],
    ];
    for (const [pattern, replacement, text] of cases) {
      expect(LinearRegExp.compile(pattern), pattern).toHaveProperty('regex');
      expect((LinearRegExp.compile(pattern) as { regex: LinearRegExp }).regex.replace(text, replacement), pattern).toBe(text.replace(new RegExp(pattern), replacement));
    }
  });

  it('a pattern that needs backtracking is refused where the configuration sets it', () => {
    const text = '{ "onlineLinks": { "exclude": ["^https://(?!docs)"], "remap": [{ "pattern": "(a)\\\\1", "replacement": "b" }] } }';
    expect(parseConfig(text, 'c.jsonc').problems.map((problem) => `${problem.column} ${problem.key}`)).toEqual([`${text.indexOf('"^https') + 1} onlineLinks.exclude[0]`, `${text.indexOf('"(a)') + 1} onlineLinks.remap[0].pattern`]);
  });
});
