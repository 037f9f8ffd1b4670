/** The fix gate's fifth condition: a string a test assertion compares as text is never fixed automatically. */
import { describe, expect, it } from 'vitest';
import { findingsIn } from './support/findings.js';

function fixes(text: string): { span: string; fixed: boolean; suggestion: string | undefined }[] {
  return findingsIn(text, 'js', { 'no-unescaped-chars': {} }).map((finding) => ({
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
