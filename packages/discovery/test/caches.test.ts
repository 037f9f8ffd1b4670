/**
 * The bounded caches a long run keeps (every worker of `urilint scan`, the language server): what
 * they hold is counted by the calls they save, so a bound that grows or a cache that stops keeping
 * what it should shows here, without reading memory or a clock.
 */
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { MEMO_ENTRIES, memo, ownCopy } from '../src/candidate.js';
import { TreeCache } from '../src/formats/markdown.js';

/** A memo of `String#length` that counts its computations, by key. */
function countingMemo(limit?: number): { get: (uri: string) => number; calls: string[] } {
  const calls: string[] = [];
  const get = memo((uri) => {
    calls.push(uri);
    return uri.length;
  }, limit);
  return { get, calls };
}

const tree = (label: string): Root => ({ type: 'root', children: [{ type: 'html', value: label }] });

describe('memo', () => {
  it('computes each distinct URI once while it is kept', () => {
    const { get, calls } = countingMemo();
    for (let round = 0; round < 3; round++) for (const uri of ['https://a.example/', 'mailto:x@y.example', 'https://a.example/']) get(uri);
    expect(calls).toEqual(['https://a.example/', 'mailto:x@y.example']);
  });

  it('keeps at most its limit, dropping the oldest first', () => {
    const { get, calls } = countingMemo(3);
    for (const uri of ['a:1', 'a:2', 'a:3', 'a:4']) get(uri);
    get('a:2'); // still kept
    get('a:1'); // dropped when a:4 came: computed again, and a:2 goes
    get('a:2');
    expect(calls).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:1', 'a:2']);
  });

  it('keeps MEMO_ENTRIES URIs by default: the next one drops the oldest', () => {
    const { get, calls } = countingMemo();
    for (let i = 0; i <= MEMO_ENTRIES; i++) get(`https://h${i}.example/`);
    get(`https://h${MEMO_ENTRIES}.example/`);
    get('https://h0.example/');
    expect(calls).toHaveLength(MEMO_ENTRIES + 2);
    expect(calls.at(-1)).toBe('https://h0.example/');
  });

  it('computes from a key equal to the URI it was given, cut from a longer text', () => {
    const text = `see https://a.example/path?q=1 ${'x'.repeat(10_000)}`;
    const uri = text.slice(4, 30);
    const { get, calls } = countingMemo();
    expect(get(uri)).toBe(26);
    expect(calls).toEqual(['https://a.example/path?q=1']);
    expect(ownCopy(uri)).toBe(uri);
    expect(ownCopy('')).toBe('');
  });
});

describe('TreeCache', () => {
  it('gives back the tree kept for a text, and none for another', () => {
    const cache = new TreeCache(4, 1_000);
    const root = tree('a');
    cache.set('# A', root);
    expect(cache.get('# A')).toBe(root);
    expect(cache.get('# B')).toBeUndefined();
  });

  it('drops the oldest past its count of trees; reading a tree makes it the newest', () => {
    const cache = new TreeCache(2, 1_000);
    cache.set('one', tree('1'));
    cache.set('two', tree('2'));
    cache.get('one');
    cache.set('three', tree('3'));
    expect(cache.get('two')).toBeUndefined();
    expect(cache.get('one')).toBeDefined();
    expect(cache.get('three')).toBeDefined();
  });

  it('drops the oldest past its count of characters', () => {
    const cache = new TreeCache(10, 10);
    cache.set('aaaa', tree('a'));
    cache.set('bbbb', tree('b'));
    cache.set('cccc', tree('c'));
    expect(cache.get('aaaa')).toBeUndefined();
    expect(cache.get('bbbb')).toBeDefined();
    expect(cache.get('cccc')).toBeDefined();
  });

  it('keeps the newest tree whatever its size, alone', () => {
    const cache = new TreeCache(10, 10);
    cache.set('small', tree('s'));
    const long = 'x'.repeat(50);
    const root = tree('long');
    cache.set(long, root);
    expect(cache.get(long)).toBe(root);
    expect(cache.get('small')).toBeUndefined();
    // The next tree under the limit makes room again: the long one goes.
    cache.set('next', tree('n'));
    expect(cache.get(long)).toBeUndefined();
    expect(cache.get('next')).toBeDefined();
  });

  it('counts a taken tree out of its characters', () => {
    const cache = new TreeCache(10, 10);
    cache.set('aaaaaa', tree('a'));
    expect(cache.get('aaaaaa', true)).toBeDefined();
    expect(cache.get('aaaaaa')).toBeUndefined();
    // Ten characters fit again once the taken tree no longer counts.
    cache.set('bbbbb', tree('b'));
    cache.set('ccccc', tree('c'));
    expect(cache.get('bbbbb')).toBeDefined();
    expect(cache.get('ccccc')).toBeDefined();
  });
});
