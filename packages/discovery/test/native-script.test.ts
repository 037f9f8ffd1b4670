/**
 * The native reader reads a CommonJS script that a module cannot hold (a `return` at the top level)
 * itself, as typescript-estree reads it, instead of leaving it to typescript-estree (which loads
 * TypeScript for that one file).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { isDeclarationFile, nativeRawTransfer, parseNative, returnNativeMemoryEarly } from '../src/js/native.js';
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

describe('a declaration file', () => {
  // A declaration file's normal content: constants without a value, functions without a body.
  const text = "/** See https://example.com/a b */\nexport declare const home = 'https://example.com/c d';\nexport declare function get(url: string): void;\nexport const base: string;\n";

  // The string first, then the comments (each found in the comment's text).
  const URIS = ['https://example.com/c d', '* See https://example.com/a b '];

  it.each(['types.d.ts', 'types.d.mts', 'types.d.cts', 'styles.d.css.ts', 'lib/index.d.ts'])('named %s is parsed natively, as a declaration file', (filePath) => {
    expect(isDeclarationFile(filePath)).toBe(true);
    expect(parseNative(text, { filePath }).ast.body).toHaveLength(3);
    const key = (reader: 'native' | 'typescript-estree') => discoverJsText(text, { filePath, reader }).candidates.map((candidate) => [candidate.range, candidate.context, candidate.value]);
    expect(key('native').map(([, , value]) => value)).toEqual(URIS);
    expect(key('native')).toEqual(key('typescript-estree'));
  });

  it.each(['types.ts', 'types.mts', 'd.ts', 'types.d.tsx', 'types.D.TS'])('is not what a file named %s is', (filePath) => {
    expect(isDeclarationFile(filePath)).toBe(false);
  });

  it('in a file that is not one, is rejected by the native parser and read by typescript-estree, as before', () => {
    expect(() => parseNative(text, { filePath: 'types.ts' })).toThrow(SyntaxError);
    expect(discoverJsText(text, { filePath: 'types.ts', reader: 'native' }).candidates.map((candidate) => candidate.value)).toEqual(URIS);
  });
});

describe('the ranges of a tree handed over as JSON', () => {
  const code = 'const a = f("https://example.com/");\n';

  it('are set in the walk', () => {
    const call = (parseNative(code, { filePath: 'a.ts' }).ast.body[0] as TSESTree.VariableDeclaration).declarations[0]!.init!;
    expect(Object.getOwnPropertyDescriptor(call, 'range')).toMatchObject({ value: [10, 35], writable: true, enumerable: true });
  });

  it('in a tree of 2 M characters or more, are made from `start` and `end` when read, are then the node\'s own, and can be set', () => {
    const sourceCode = parseNative(`${code}// ${'x'.repeat(2_000_000)}\n`, { filePath: 'a.ts' });
    const declaration = sourceCode.ast.body[0] as TSESTree.VariableDeclaration;
    const call = declaration.declarations[0]!.init as TSESTree.CallExpression;
    if (nativeRawTransfer()) {
      // Raw transfer gives every node its range.
      expect(Object.hasOwn(call, 'range')).toBe(true);
      return;
    }
    expect(Object.hasOwn(call, 'range')).toBe(false);
    expect(call.range).toEqual([10, 35]);
    expect(Object.hasOwn(call, 'range')).toBe(true);
    expect(call.range).toBe(call.range);
    expect(Object.keys(call)).toContain('range');
    const argument = call.arguments[0]!;
    argument.range = [1, 2];
    expect(argument.range).toEqual([1, 2]);
    expect(Object.getOwnPropertyDescriptor(argument, 'range')).toMatchObject({ value: [1, 2], writable: true, enumerable: true });
    expect(sourceCode.getText(call.callee)).toBe('f');
  });
});

describe('returnNativeMemoryEarly', () => {
  it('asks mimalloc (oxc-parser\'s allocator) to return freed pages at once, unless the environment already says', () => {
    const before = process.env['MIMALLOC_PURGE_DELAY'];
    try {
      delete process.env['MIMALLOC_PURGE_DELAY'];
      returnNativeMemoryEarly();
      expect(process.env['MIMALLOC_PURGE_DELAY']).toBe('0');
      process.env['MIMALLOC_PURGE_DELAY'] = '25';
      returnNativeMemoryEarly();
      expect(process.env['MIMALLOC_PURGE_DELAY']).toBe('25');
    } finally {
      if (before === undefined) delete process.env['MIMALLOC_PURGE_DELAY'];
      else process.env['MIMALLOC_PURGE_DELAY'] = before;
    }
  });
});
