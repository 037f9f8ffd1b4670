/** The fix gate's fifth condition: a string a test assertion compares as text is never fixed automatically. */
import { describe, expect, it } from 'vitest';
import { findingsIn } from './support/findings.js';

function fixes(text: string, kind: 'js' | 'vue' = 'js'): { span: string; fixed: boolean; suggestion: string | undefined }[] {
  return findingsIn(text, kind, { 'no-unescaped-chars': {} }).map((finding) => ({
    span: text.slice(finding.range[0], finding.range[1]),
    fixed: finding.fix !== undefined,
    suggestion: finding.suggestions[0]?.message,
  }));
}

describe('a value a test compares as text', () => {
  it('is not fixed in .toBe(), .toEqual({ … }), assert.equal() or assert(): the fix is offered and says why', () => {
    // Hono's test of a function that does not encode: "%60" would fail it.
    const text = [
      "expect(replaceUrlParam('http://localhost/users/:id', { id: 'test$`' })).toBe('http://localhost/users/test$`');",
      "expect(x).toEqual({ url: 'http://localhost/a b' });",
      "assert.equal(u, 'http://localhost/c d');",
      "assert('http://localhost/e f');",
    ].join('\n');
    expect(fixes(text)).toEqual([
      { span: '`', fixed: false, suggestion: 'Replace "`" with "%60" (not applied automatically: a test compares the string as text).' },
      { span: ' ', fixed: false, suggestion: 'Replace " " with "%20" (not applied automatically: a test compares the string as text).' },
      { span: ' ', fixed: false, suggestion: 'Replace " " with "%20" (not applied automatically: a test compares the string as text).' },
      { span: ' ', fixed: false, suggestion: 'Replace " " with "%20" (not applied automatically: a test compares the string as text).' },
    ]);
  });

  it('is fixed anywhere else, an input to the function under test included', () => {
    expect(fixes("const input = 'http://localhost/g h';\nexpect(parse('http://localhost/i j')).toBe(1);")).toEqual([
      { span: ' ', fixed: true, suggestion: undefined },
      { span: ' ', fixed: true, suggestion: undefined },
    ]);
  });
});

describe("a '#' in a fragment", () => {
  it('is written %23 only as a suggestion: a page reads location.hash as written (node-auth0\'s hashbang link)', () => {
    const text = ' * <a href="https://auth0.com/docs/auth-api#!#get--userinfo">API Docs</a>.';
    expect(fixes(`/**\n${text}\n */\nexport {};`)).toEqual([
      { span: '#', fixed: false, suggestion: 'Replace "#" with "%23" (not applied automatically: a page reads a "#" in the fragment as written (location.hash is not decoded)).' },
    ]);
  });

  it('leaves the other fixes of a fragment automatic', () => {
    expect(fixes("fetch('https://example.com/docs#a b');")).toEqual([{ span: ' ', fixed: true, suggestion: undefined }]);
  });
});

describe("a component's attribute", () => {
  it("is fixed only as a suggestion: the component's code reads it as written (naive-ui's anchor finds its target by the raw fragment)", () => {
    const text = '<template>\n  <n-anchor-link title="演示" href="#演示 x" />\n  <NImage src="人生 嘛" />\n  <a href="#演示">演示</a>\n</template>\n';
    const reason = "not applied automatically: a component's code reads the attribute as written, before a browser does";
    expect(fixes(text, 'vue')).toEqual([
      { span: ' ', fixed: false, suggestion: `Replace " " with "%20" (${reason}).` },
      { span: ' ', fixed: false, suggestion: `Replace " " with "%20" (${reason}).` },
      { span: '演示', fixed: true, suggestion: undefined },
    ]);
  });

  it('is not reported for non-ASCII characters, which the component reads as written and a browser encodes itself', () => {
    // naive-ui's <n-anchor-link href="#演示">: its code calls getElementById on the text after "#".
    const text = '<template>\n  <n-anchor-link title="演示" href="#演示" />\n  <NImage src="/图片.png" />\n  <my-link href="/café">x</my-link>\n  <a href="#演示">演示</a>\n</template>\n';
    expect(fixes(text, 'vue').map((f) => f.span)).toEqual(['演示']);
  });

  it('leaves the fixes of JSX elements automatic, and of custom elements suggestions', () => {
    expect(fixes('export const A = () => <><a href="/a b">x</a><my-link href="/c d">y</my-link></>;', 'js').map((f) => f.fixed)).toEqual([true, false]);
  });
});

describe('a quote and \'>\' after a Markdown literal', () => {
  it("ends a Markdown literal before the quote and '>' that close a tag CommonMark read as text (v8.dev)", () => {
    // Issue 29's twelfth survey: an indent of no-break spaces, so CommonMark reads the tag as text.
    const V8 = '## Support\n\n<feature-support chrome="91 https://bugs.chromium.org/p/v8/issues/detail?id=11375"\n\u00a0\u00a0\u00a0\u00a0babel="yes https://github.com/babel/babel/pull/12139"></feature-support>\n';
    expect(findingsIn(V8, 'markdown', { 'no-unescaped-chars': {} })).toEqual([]);
  });

  it('leaves the other fixes of running text automatic', () => {
    const text = 'See https://example.com/a|b for more.\n';
    expect(findingsIn(text, 'markdown', { 'no-unescaped-chars': {} }).map((finding) => finding.fix !== undefined)).toEqual([true]);
  });
});
