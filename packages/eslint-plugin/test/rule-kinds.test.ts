/** A rule of some kinds of document only listens to nothing elsewhere: the local-link rule costs nothing in JavaScript. */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { rules } from '../src/rules/index.js';

/** The rule wrapped so that the listeners it returns for a file are recorded. */
function recorded(name: keyof typeof rules): { rule: unknown; listeners: string[][] } {
  const listeners: string[][] = [];
  const original = rules[name] as unknown as { meta: unknown; create: (context: unknown) => Record<string, unknown> };
  const rule = {
    meta: original.meta,
    create(context: unknown) {
      const result = original.create(context);
      listeners.push(Object.keys(result));
      return result;
    },
  };
  return { rule, listeners };
}

function listenersOf(name: keyof typeof rules, code: string, filename: string): string[][] {
  const { rule, listeners } = recorded(name);
  new Linter({ configType: 'flat' }).verify(code, [{ files: ['**/*.js'], plugins: { test: { rules: { rule } } as never }, rules: { 'test/rule': 'error' } }], filename);
  return listeners;
}

describe('rules of some kinds of document', () => {
  it('no-broken-links registers no listener in JavaScript', () => {
    expect(listenersOf('no-broken-links', 'fetch("./missing.md");\n', 'a.js')).toEqual([[]]);
  });

  it('a rule of every kind still listens in JavaScript', () => {
    const [keys] = listenersOf('no-unescaped-chars', 'fetch("https://example.com/a b");\n', 'a.js');
    expect(keys!.length).toBeGreaterThan(0);
  });
});
