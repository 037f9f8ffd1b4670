/**
 * The native reader reads a CommonJS script that a module cannot hold (a `return` at the top level)
 * itself, as typescript-estree reads it, instead of leaving it to typescript-estree (which loads
 * TypeScript for that one file).
 */
import { describe, expect, it } from 'vitest';
import { parseNative } from '../src/js/native.js';
import { discoverJsText } from '../src/js/text.js';

const SCRIPTS = {
  'a top-level return': "if (typeof module === 'undefined') return;\nmodule.exports = fetch('https://example.com/a b');\n",
  'a top-level return in a .js file': "'use strict';\nconst home = 'https://example.com/a b';\nif (!home) return;\nexports.home = home;\n",
};

describe('a CommonJS script', () => {
  it.each(Object.entries(SCRIPTS))('with %s is parsed natively, with the candidates typescript-estree gives', (name, text) => {
    const filePath = name.endsWith('.js file') ? 'index.js' : 'index.cjs';
    const sourceCode = parseNative(text, { filePath });
    expect(sourceCode.ast.body.length).toBeGreaterThan(1);
    const key = (options: { reader: 'native' | 'typescript-estree' }) =>
      discoverJsText(text, { filePath, ...options }).candidates.map((candidate) => [candidate.range, candidate.context, candidate.value]);
    const native = key({ reader: 'native' });
    expect(native.map(([, , value]) => value)).toContain('https://example.com/a b');
    expect(native).toEqual(key({ reader: 'typescript-estree' }));
  });

  it('that a script cannot hold either still throws, for discovery to fall back', () => {
    expect(() => parseNative('return (;\n', { filePath: 'index.cjs' })).toThrow(SyntaxError);
  });
});

describe('a text with a lone surrogate', () => {
  // Half of a pair, as an edit that cuts an emoji leaves it: oxc reads UTF-8, where it becomes U+FFFD.
  const text = 'const home = "https://exa\uDE00mple.com/";\nfetch(home);\n';

  it('is not parsed natively, so that its values keep the surrogate as typescript-estree reads it', () => {
    expect(() => parseNative(text, { filePath: 'a.tsx' })).toThrow(SyntaxError);
    const values = (reader: 'native' | 'typescript-estree') => discoverJsText(text, { filePath: 'a.tsx', reader }).candidates.map((candidate) => candidate.value);
    expect(values('native')).toEqual(values('typescript-estree'));
    expect(values('native')).toContain('https://exa\uDE00mple.com/');
  });
});
