import { describe, expect, it } from 'vitest';
import { display } from '../src/display.js';

describe('display', () => {
  it('shows control characters as one-column Control Pictures', () => {
    const view = display('a\tb\u0000c\u007f');
    expect(view.text).toBe('a␉b␀c␡');
    expect(view.columns(5, 6)).toEqual({ start: 5, end: 6 });
  });

  it('gives emoji and CJK two columns and combining marks none', () => {
    const view = display('😀x漢e\u0301y');
    expect(view.text).toBe('😀x漢e\u0301y');
    expect(view.columns(2, 3)).toEqual({ start: 2, end: 3 });
    expect(view.columns(3, 4)).toEqual({ start: 3, end: 5 });
    expect(view.columns(6, 7)).toEqual({ start: 6, end: 7 });
  });

  it('escapes invisible and bidirectional characters and lone surrogates', () => {
    const view = display('a\u202Eb\u00A0c\uD800d\u0085');
    expect(view.text).toBe('a\\u202Eb\\u00A0c\\uD800d\\u0085');
    expect(view.columns(5, 6)).toEqual({ start: 15, end: 21 });
  });

  it('widens a span that ends inside a surrogate pair to the whole character', () => {
    const view = display('a😀b');
    expect(view.columns(1, 2)).toEqual({ start: 1, end: 3 });
    expect(view.columns(4, 4)).toEqual({ start: 4, end: 4 });
  });
});
