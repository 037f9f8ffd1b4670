/**
 * What the findings' messages say: a hole (`${port}`, `{{ port }}`) is shown as the source writes
 * it, never as the placeholder ("1", "x") that core parsed in its place.
 */
import { describe, expect, it } from 'vitest';
import type { SourceKind } from '../src/document.js';
import { findingsIn } from './support/findings.js';

const messages = (text: string, kind: SourceKind): [string | undefined, string][] => findingsIn(text, kind).map((finding) => [finding.code, finding.message]);

describe('messages quote holes as the source writes them', () => {
  it('a template literal expression in a port', () => {
    expect(messages('fetch(`https://example.com:${port}x/a`);', 'js')).toEqual([
      ['port-invalid-char', 'The port "${port}x" contains "x"; a port holds only decimal digits.'],
    ]);
  });

  it('a concatenated value in a port', () => {
    expect(messages('fetch("https://example.com:" + port + "x/a");', 'js')).toEqual([
      ['port-invalid-char', 'The port "${port}x" contains "x"; a port holds only decimal digits.'],
    ]);
  });

  it('a template tag in YAML', () => {
    expect(messages('url: "https://example.com:{{ port }}x/a"\n', 'yaml')).toEqual([
      ['port-invalid-char', 'The port "{{ port }}x" contains "x"; a port holds only decimal digits.'],
    ]);
  });

  it('leaves a message alone when its excerpt has no hole', () => {
    expect(messages('fetch(`https://${host}:8a/`);', 'js')).toEqual([
      ['port-invalid-char', 'The port "8a" contains "a"; a port holds only decimal digits.'],
    ]);
  });
});
