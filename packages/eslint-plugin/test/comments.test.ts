import { describe, expect, it } from 'vitest';
import { lint } from './support/lint.js';

const RULES = { 'urilint/no-unescaped-chars': 'error', 'urilint/no-invalid-percent-encoding': 'error' } as const;

describe('URIs in comments', () => {
  it('are checked as prose: a URI with a scheme, at its characters', () => {
    const code = '/** The API: https://example.com/docs/a{b for details. */\n// See https://example.com/%zz too.\nconst x = 1;\n';
    const messages = lint(code, 'ts', RULES);
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['urilint/no-unescaped-chars', 1, code.indexOf('{') + 1],
      ['urilint/no-invalid-percent-encoding', 2, code.split('\n')[1]!.indexOf('%zz') + 1],
    ]);
  });

  it('with RFC 6570 expressions as holes, and no relative references', () => {
    const code = '// GET https://api.example.com/users/{id}/posts, or /a b relative to it.\nconst x = 1;\n';
    expect(lint(code, 'ts', RULES)).toEqual([]);
  });

  it('end a URI at a `|` or a `^` (RFC 3986 Appendix E), where a string wholly the URI reports them', () => {
    const code = '// Expected https://example.com/a|b to be x, not https://example.com/c^d.\n/* protocol->https:|origin->https://localhost:4000|path->/endpoint */\nconst u = "https://example.com/a|b";\nconst v = "https://example.com/c^d";\n';
    const messages = lint(code, 'ts', RULES);
    expect(messages.map((m) => [m.ruleId, m.line, m.column, m.endColumn])).toEqual([
      ['urilint/no-unescaped-chars', 3, 33, 34],
      ['urilint/no-unescaped-chars', 4, 33, 34],
    ]);
  });

  it('are left alone with settings.urilint.comments: false', () => {
    const code = '// See https://example.com/a{b.\nconst x = 1;\n';
    expect(lint(code, 'ts', RULES)).toHaveLength(1);
    expect(lint(code, 'ts', RULES, { urilint: { comments: false } })).toEqual([]);
  });
});
