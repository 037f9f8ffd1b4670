import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { LINEAR, expectLinearWork, workGrowth } from '../../../core/test/support/work.js';
import { Composer, parse as parseYaml, parseAllDocuments, Parser, stringify, Scalar } from 'yaml';
import type { UriCandidate } from '../../src/candidate.js';
import type { Finding } from '../../src/finding.js';
import { discoverYaml } from '../../src/formats/yaml.js';
import { runRules } from '../../src/rules/index.js';
import { fixAll, mapOf, rangeOf } from '../support/formats.js';

const RULES = { 'no-unescaped-chars': {}, 'no-malformed': {}, 'no-invalid-percent-encoding': {}, 'no-insecure-scheme': {} } as const;

function findings(text: string): Finding[] {
  return runRules(discoverYaml(text), RULES);
}

describe('discoverYaml: scalars', () => {
  it('reads a value that lists URLs separated by commas as each URL on its own (oauth2-proxy/manifests, issue 29)', () => {
    // helm/oauth2-proxy/ci/redis-sentinel-comma-values.yaml: the chart passes the value to --redis-sentinel-connection-urls.
    const text = 'redis:\n  sentinel:\n    connectionUrls: "redis://oauth2-proxy-redis-announce-0:26379,redis://oauth2-proxy-redis-announce-1:26379"\n';
    expect(discoverYaml(text).map((candidate) => candidate.uri)).toEqual(['redis://oauth2-proxy-redis-announce-0:26379', 'redis://oauth2-proxy-redis-announce-1:26379']);
    expect(findings(text)).toEqual([]);
    // Each URL is still checked, at its characters.
    const bad = 'urls: https://a.example/x%zz,https://b.example/a|b\n';
    expect(findings(bad).map((finding) => [finding.code, bad.slice(...finding.range)])).toEqual([['pct-invalid-triplet', '%zz'], ['path-unescaped-char', '|']]);
    // A URL in a query after a comma is the query's: one URL.
    expect(discoverYaml('url: https://a.example/?redirect=https://b.example/,https://c.example/\n').map((candidate) => candidate.uri)).toEqual(['https://a.example/?redirect=https://b.example/,https://c.example/']);
  });

  it("reads Slack's <URL|text> links in a workflow that posts to Slack as links, the text after `|` no part of the URL (issue 29's fourteenth survey)", () => {
    // hashicorp/vault-helm's .github/workflows/update-helm-charts-index.yml: https://api.slack.com/reference/surfaces/formatting#linking-urls.
    const step = (uses: string): string =>
      `      - uses: ${uses}\n        if: \${{always()}}\n        with:\n          success-message: "vault-helm charts index update triggered successfully. View the run <https://github.com/hashicorp/helm-charts/actions/workflows/publish-charts.yml|here>."\n          failure-message: "vault-helm charts index update trigger failed."\n          payload: |\n            {"text": "Build <https://example.com/builds/a b|failed>"}\n`;
    const text = `jobs:\n  update:\n    steps:\n${step('hashicorp/actions-slack-status@v2')}`;
    expect(discoverYaml(text).map((candidate) => candidate.uri)).toEqual(['https://github.com/hashicorp/helm-charts/actions/workflows/publish-charts.yml', 'https://example.com/builds/a b']);
    // A problem of the URL itself is still found, at its character.
    expect(findings(text).map((finding) => [finding.code, text.slice(...finding.range)])).toEqual([['path-unescaped-char', ' ']]);
    // A script that posts to Slack's webhooks writes the same links.
    const hook = `jobs:\n  notify:\n    steps:\n      - run: |\n          curl -X POST -d '{"text": "Deployed <https://example.com/runs/42|run 42>"}' "$SLACK_WEBHOOK" # https://hooks.slack.com/services/…\n`;
    expect(discoverYaml(hook).map((candidate) => candidate.uri)).toEqual(['https://example.com/runs/42', 'https://hooks.slack.com/services/']);
    // Elsewhere `<…>` delimits the URL whole (RFC 3986 Appendix C), and a `|` in it is a problem.
    const other = `jobs:\n  update:\n    steps:\n${step('actions/github-script@v7')}`;
    expect(findings(other).map((finding) => [finding.code, other.slice(...finding.range)])).toEqual([
      ['path-unescaped-char', '|'],
      // One report of the URI's two characters (issue 28), from the space to the `|`.
      ['path-unescaped-char', ' b|'],
    ]);
  });

  it('reads a docker:// image reference as an image, whose tag is no port (issue 29)', () => {
    // h5bp/server-configs-nginx's .github/workflows/server.yml at 6630570.
    const text = '    steps:\n      - uses: actions/checkout@v6\n\n      - name: Check configuration\n        uses: docker://nginx:latest\n        with:\n          entrypoint: nginx\n          args: -c /github/workspace/nginx.conf -t\n';
    expect(discoverYaml(text).map((candidate) => candidate.uri)).toEqual([]);
    expect(findings(text)).toEqual([]);
    expect(findings('homepage: https://nginx.org:latest/\n').map((finding) => finding.code)).toEqual(['port-invalid-char']);
  });

  it('reports in a plain scalar at the source offset, and the fix reads back', () => {
    const text = 'name: demo\nhome: https://acme.com/docs/a|b\n';
    const [finding, ...rest] = findings(text);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('path-unescaped-char');
    expect(finding?.range).toEqual(rangeOf(text, '|'));
    expect(parseYaml(fixAll(text, [finding!]))).toEqual({ name: 'demo', home: 'https://acme.com/docs/a%7Cb' });
  });

  it('maps double-quoted escapes: `\\/` before, `\\x7C` and `\\"` inside the URI', () => {
    const text = 'home: "https:\\/\\/acme.com\\/a\\x7Cb\\"c"\n';
    const found = findings(text);
    // One report of the URI's two characters (issue 28), from the first escape to the last.
    expect(found.map((f) => [f.code, f.range])).toEqual([['path-unescaped-char', [rangeOf(text, '\\x7C')[0], rangeOf(text, '\\"')[1]]]]);
    expect(parseYaml(fixAll(text, found))).toEqual({ home: 'https://acme.com/a%7Cb%22c' });
  });

  it("maps single-quoted `''` before the problem", () => {
    const text = "home: 'https://acme.com/it''s|x'\n";
    const found = findings(text);
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, '|')]);
    expect(parseYaml(fixAll(text, found))).toEqual({ home: "https://acme.com/it's%7Cx" });
  });

  it('counts emoji and é before the URI on the same line in UTF-16 units', () => {
    const text = '😀é: "😀 \\u00e9 see https://acme.com/a{b"\nplain😀: https://acme.com/é/c|d\n';
    const found = findings(text).filter((f) => f.code === 'path-unescaped-char');
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, '{', 'a{b'), rangeOf(text, '|', 'c|d')]);
    expect(parseYaml(fixAll(text, found))).toEqual({ '😀é': '😀 é see https://acme.com/a%7Bb', 'plain😀': 'https://acme.com/%C3%A9/c%7Cd' });
  });

  it('does not report http in `$schema`, but does under another key', () => {
    expect(findings('$schema: http://json-schema.org/draft-07/schema#\n')).toEqual([]);
    const text = 'homepage: http://json-schema.org/draft-07/schema#\n';
    const [finding] = findings(text);
    expect(finding?.code).toBe('scheme-insecure');
    expect(finding?.range).toEqual(rangeOf(text, 'http'));
  });

  it('never reports keys, and keys values by their mapping key', () => {
    const text = 'https://acme.com/a|b: x\n? http://cdn.acme.com/c|d\n: 1\nouter:\n  inner: https://acme.com/e\n  list:\n    - https://acme.com/f\n';
    expect(discoverYaml(text).map((c) => [c.key, c.uri, c.context])).toEqual([
      ['inner', 'https://acme.com/e', 'shape'],
      [undefined, 'https://acme.com/f', 'shape'],
    ]);
  });

  it('reads scalars with white space as prose, multi-line plain and quoted ones folded', () => {
    const text = 'plain: see\n  https://acme.com/a{b\n  for more\nquoted: "see\n\n  https://acme.com/c{d  \n  too"\n';
    const candidates = discoverYaml(text);
    expect(candidates.map((c) => [c.context, c.key, c.uri])).toEqual([
      ['prose', 'plain', 'https://acme.com/a{b'],
      ['prose', 'quoted', 'https://acme.com/c{d'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{', 'a{b')],
      ['path-unescaped-char', rangeOf(text, '{', 'c{d')],
    ]);
    expect(parseYaml(fixAll(text, found))).toEqual({ plain: 'see https://acme.com/a%7Bb for more', quoted: 'see\nhttps://acme.com/c%7Bd too' });
  });

  it('ends a URI in prose at a `|` or a `^` (RFC 3986 Appendix E), and reports them in a scalar that is wholly the URI', () => {
    const text = [
      'note: Expected https://example.com/a|b to be x, not https://example.com/c^d.',
      '# see https://example.com/g|h',
      'home: https://example.com/a|b',
      'next: "https://example.com/c^d"',
      '',
    ].join('\n');
    expect(discoverYaml(text).map((c) => [c.context, c.key, c.uri])).toEqual([
      ['prose', 'note', 'https://example.com/a'],
      ['prose', 'note', 'https://example.com/c'],
      ['prose', undefined, 'https://example.com/g'],
      ['shape', 'home', 'https://example.com/a|b'],
      ['shape', 'next', 'https://example.com/c^d'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '|', 'https://example.com/a|b\n')],
      ['path-unescaped-char', rangeOf(text, '^', 'https://example.com/c^d"')],
    ]);
    expect(parseYaml(fixAll(text, found))).toEqual({ note: 'Expected https://example.com/a|b to be x, not https://example.com/c^d.', home: 'https://example.com/a%7Cb', next: 'https://example.com/c%5Ed' });
  });

  it('reads block scalars line by line; a one-line block scalar is a URI by its shape', () => {
    const text = 'literal: |\n  first line\n  https://acme.com/a{b here\nfolded: >-\n  http://cdn.acme.com/c|d\n';
    const candidates = discoverYaml(text);
    expect(candidates.map((c) => [c.context, c.key, c.uri])).toEqual([
      ['prose', 'literal', 'https://acme.com/a{b'],
      ['shape', 'folded', 'http://cdn.acme.com/c|d'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{', 'a{b')],
      ['path-unescaped-char', rangeOf(text, '|', 'c|d')],
      ['scheme-insecure', rangeOf(text, 'http', 'http:')],
    ]);
    expect(parseYaml(fixAll(text, found))).toEqual({ literal: 'first line\nhttps://acme.com/a%7Bb here\n', folded: 'http://cdn.acme.com/c%7Cd' });
  });

  it('maps a double-quoted line continuation inside the URI', () => {
    const text = 'u: "https://acme.com/a\\\n    |b"\n';
    const [finding] = findings(text);
    expect(finding?.range).toEqual(rangeOf(text, '|'));
    expect(parseYaml(fixAll(text, [finding!]))).toEqual({ u: 'https://acme.com/a%7Cb' });
  });

  it('refuses a fix a plain scalar cannot hold, and escapes one for a quoted scalar', () => {
    const plain = mapOf(discoverYaml('u: https://acme.com/a\n')[0]);
    expect(plain.replace(5, 5, '%7C')).toEqual({ range: [8, 8], text: '%7C' });
    expect(plain.replace(5, 5, ': ')).toBeUndefined();
    expect(plain.replace(5, 5, ' #')).toBeUndefined();
    expect(plain.replace(0, 0, '&')).toBeUndefined();
    expect(plain.replace(5, 5, '{')).toBeUndefined();
    const double = mapOf(discoverYaml('u: "https://acme.com/a"\n')[0]);
    expect(double.replace(5, 5, '"\\\n')?.text).toBe('\\"\\\\\\n');
    const single = mapOf(discoverYaml("u: 'https://acme.com/a'\n")[0]);
    expect(single.replace(5, 5, "'")?.text).toBe("''");
    expect(single.replace(5, 5, '\n')).toBeUndefined();
  });

  it('does not take regex sources, schemeless strings or other values for URIs', () => {
    const text = 'pattern: ^https?://acme\\.com/.*$\nhost: acme.com/a|b\nn: 1\nb: true\nz: null\nbin: !!binary aGVsbG8=\nword: "https:"\n';
    expect(discoverYaml(text)).toEqual([]);
  });
});

describe('discoverYaml: comments, streams and broken documents', () => {
  it('finds URIs in comments, as prose', () => {
    const text = '# see https://acme.com/a{b\nkey: value  # mirror http://cdn.acme.com/c{d\nblock: |  # https://acme.com/e{f\n  body\n';
    expect(discoverYaml(text).map((c) => [c.context, c.uri])).toEqual([
      ['prose', 'https://acme.com/a{b'],
      ['prose', 'http://cdn.acme.com/c{d'],
      ['prose', 'https://acme.com/e{f'],
    ]);
    const found = findings(text);
    expect(found.map((f) => [f.code, f.range])).toEqual([
      ['path-unescaped-char', rangeOf(text, '{', 'a{b')],
      ['path-unescaped-char', rangeOf(text, '{', 'c{d')],
      ['path-unescaped-char', rangeOf(text, '{', 'e{f')],
    ]);
    expect(parseYaml(fixAll(text, found))).toEqual(parseYaml(text));
  });

  it('reads every document of a stream', () => {
    const text = 'a: https://acme.com/x|y\n---\nb: https://acme.com/z|w\n...\n---\n- "https://acme.com/q|r"\n';
    const found = findings(text);
    expect(found.map((f) => f.range)).toEqual([rangeOf(text, '|', 'x|y'), rangeOf(text, '|', 'z|w'), rangeOf(text, '|', 'q|r')]);
    expect(parseAllDocuments(fixAll(text, found)).map((document) => document.toJS())).toEqual([{ a: 'https://acme.com/x%7Cy' }, { b: 'https://acme.com/z%7Cw' }, ['https://acme.com/q%7Cr']]);
  });

  it('reads a broken document as far as the parser does, and never throws', () => {
    const text = 'a: [https://acme.com/a|b\nb: : :\n  - \'https://acme.com/c|d';
    expect(() => discoverYaml(text)).not.toThrow();
    expect(findings(text).map((f) => f.range)).toContainEqual(rangeOf(text, '|', 'a|b'));
  });
});

describe('discoverYaml: robustness', () => {
  it('does linear work on a long mapping', () => {
    const mapping = (size: number) => {
      const line = (k: number) => `key${k}: https://acme.com/a|b # see http://cdn.acme.com/\n`;
      return Array.from({ length: Math.ceil(size / line(0).length) }, (_, k) => line(k)).join('');
    };
    // Checking each key against every other (yaml's uniqueKeys) made this quadratic once.
    expectLinearWork(discoverYaml, mapping);
  });

  it('would count the duplicate-key check it leaves out as more than linear', () => {
    const mapping = (size: number) => Array.from({ length: Math.ceil(size / 12) }, (_, k) => `key${k}: value\n`).join('');
    const compose = (unique: boolean) => (text: string) => [...new Composer({ uniqueKeys: unique }).compose(new Parser().parse(text))];
    expect(workGrowth(compose(false), mapping, 2_000)).toBeLessThanOrEqual(LINEAR.max);
    expect(workGrowth(compose(true), mapping, 2_000)).toBeGreaterThan(LINEAR.max * 2);
  });

  it('never throws, and every candidate lies in the text', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'grapheme-composite' }),
      fc.array(fc.constantFrom('a: ', '- ', '"', "'", '\\', '\n', '  ', '# ', '|', '>', 'https://a.com/x|', ' y ', '---\n', '{', '}', '[', ']', ',', '\\x7', 'é😀', '\t', '\r\n'), { maxLength: 40 }).map((pieces) => pieces.join('')),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let candidates: UriCandidate[] = [];
        expect(() => (candidates = discoverYaml(text))).not.toThrow();
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

  it('reads the value yaml writes in every style, folded or not, and the fix reads back', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    const styles = fc.constantFrom(Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), fc.stringMatching(/^[a-z/|{]{0,10}$/), fc.array(word, { maxLength: 12 }), styles, fc.integer({ min: 20, max: 80 }), (before, tail, after, type, lineWidth) => {
        // A URL and one word is one URL with a space (isWholeUri): a case of its own, not this one.
        if (before.length === 0 && after.length === 1) return;
        const url = `https://acme.com/${tail}`;
        const value = [...before, url, ...after].join(' ');
        // Wholly the value, the URL is one URI and its `|` a problem; in running text it ends at the first `|` (RFC 3986 Appendix E).
        const uri = value === url ? url : url.replace(/\|.*/, '');
        const text = stringify({ key: value }, { defaultStringType: type, lineWidth, minContentWidth: 0 });
        const candidates = discoverYaml(text);
        expect(candidates.map((c) => [c.key, c.uri])).toEqual([['key', uri]]);
        const fixed = fixAll(text, runRules(candidates, RULES));
        // `{` is in no set of RFC 3986 §2 (an unclosed one is no template hole): "%7B", as `|` is "%7C".
        const encoded = uri.replace(/\{/g, '%7B').replace(/\|/g, '%7C') + url.slice(uri.length);
        expect(parseYaml(fixed)).toEqual({ key: value.replace(url, encoded) });
      }),
      { numRuns: 300 },
    );
  });
});
