import { describe, expect, it } from 'vitest';
import { defaultProjectSettings, parseConfig, parseSuppressions, resolveSettings, suppressedFindings, type ProjectConfig } from '../src/config/index.js';

describe('the suppressions file', () => {
  it('reads the counts scan writes, and says what is wrong with anything else', () => {
    expect(parseSuppressions('{ "src/a.ts": { "path-unescaped-char": { "count": 2 } } }')).toEqual({ counts: { 'src/a.ts': { 'path-unescaped-char': { count: 2 } } } });
    expect(parseSuppressions('\uFEFF{}')).toEqual({ counts: {} });
    expect(parseSuppressions('{ "a": ')).toMatchObject({ error: { kind: 'json' } });
    for (const text of ['[]', 'null', '{ "a": 1 }', '{ "a": { "x": { "count": 0 } } }', '{ "a": { "x": { "count": 1.5 } } }', '{ "a": { "x": {} } }']) {
      expect(parseSuppressions(text), text).toEqual({ error: { kind: 'shape', message: 'not a map of files to codes to { "count": N }' } });
    }
  });

  it('suppresses the first findings of each code, as many as recorded, in the order given', () => {
    const codes = ['a', 'b', 'a', 'a', 'c', 'b'];
    expect(suppressedFindings(codes, (code) => code, { a: { count: 2 }, b: { count: 5 } })).toEqual([true, true, true, false, false, true]);
    expect(suppressedFindings(codes, (code) => code, undefined)).toEqual(codes.map(() => false));
    // A code named like an Object.prototype member is only a code.
    expect(suppressedFindings(['constructor'], (code) => code, {})).toEqual([false]);
  });
});

describe('resolveSettings over a base', () => {
  const config = (parseConfig('{ "preset": "strict", "rules": { "no-credentials": "warning" }, "overrides": [{ "files": ["docs/**"], "comments": false }] }', '/repo/urilint.config.jsonc') as { config: ProjectConfig }).config;

  it('replaces the keys the configuration names and keeps the others; rules merge per rule', () => {
    const base = { ...defaultProjectSettings(), preset: 'all' as const, sinks: ['myFetch'], rules: { 'prefer-normalized': 'off' as const, 'no-credentials': 'error' as const } };
    expect(resolveSettings(config, '/repo/src/a.ts', base)).toMatchObject({ preset: 'strict', sinks: ['myFetch'], comments: true, rules: { 'prefer-normalized': 'off', 'no-credentials': 'warning' } });
    expect(resolveSettings(config, '/repo/docs/a.md', base).comments).toBe(false);
    // The base is not changed.
    expect(base.rules).toEqual({ 'prefer-normalized': 'off', 'no-credentials': 'error' });
  });
});
