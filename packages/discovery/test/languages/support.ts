/**
 * What the tests of the languages' and configuration files' readers share: the findings of a text
 * with every rule on (strict), expected places written as source ranges or as lines and columns,
 * and the text after the automatic fixes.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { applySourceEdits } from '../../src/fixes.js';
import { discoverDocument, type SourceKind } from '../../src/document.js';
import { presetOptions, RULE_NAMES, runRules } from '../../src/rules/index.js';
import type { Finding } from '../../src/finding.js';

const ALL_STRICT = Object.fromEntries(RULE_NAMES.filter((name) => name !== 'no-broken-links').map((name) => [name, presetOptions(name, 'strict')]));

export function findings(text: string, kind: SourceKind): Finding[] {
  const found = discoverDocument(text, kind);
  expect(found.parseError, 'the file parses').toBeUndefined();
  return runRules(found.candidates, ALL_STRICT, undefined, undefined, { testFile: false });
}

/** The source range of `part`, found at or after the first `anchor` of `text`. */
export function at(text: string, anchor: string, part: string): [number, number] {
  const line = text.indexOf(anchor);
  expect(line, `anchor ${anchor}`).toBeGreaterThanOrEqual(0);
  const start = text.indexOf(part, line);
  expect(start, `${part} after ${anchor}`).toBeGreaterThanOrEqual(0);
  return [start, start + part.length];
}

export interface Planted {
  /** The line's unique text, and the characters reported in it. */
  anchor: string;
  part: string;
  code: string;
  /** What the automatic fix writes there, in the literal's syntax; undefined when none is applied. */
  fix?: string;
}

export function expectPlanted(text: string, kind: SourceKind, planted: readonly Planted[]): void {
  const got = findings(text, kind).map((finding) => ({ code: finding.code ?? finding.rule, range: finding.range, fix: finding.fix?.map((edit) => edit.text).join('') }));
  const want = planted.map((p) => ({ code: p.code, range: at(text, p.anchor, p.part), fix: p.fix }));
  expect(got.sort((a, b) => a.range[0] - b.range[0] || a.code.localeCompare(b.code))).toEqual(want.sort((a, b) => a.range[0] - b.range[0] || a.code.localeCompare(b.code)));
}

/** What the one candidate of `source` writes in its literal for `value` put in place of its `/a` (undefined: refused). */
export function replacedInOnly(source: string, kind: SourceKind, value: string): string | undefined {
  const found = discoverDocument(source, kind).candidates;
  expect(found).toHaveLength(1);
  const part = found[0]!.parts.find((p) => p.kind === 'text');
  if (part?.kind !== 'text') return undefined;
  const at = part.map.value.indexOf('/a');
  return part.map.replace(at, at + 2, value)?.text;
}

export function fixed(text: string, kind: SourceKind): string {
  // Findings of one run of characters carry the same fix (`%20%22%22` over a space and two quotes): applied once.
  const edits = new Map(findings(text, kind).flatMap((finding) => finding.fix ?? []).map((edit) => [JSON.stringify(edit), edit]));
  return applySourceEdits(text, [...edits.values()]);
}

/**
 * A finding written out by hand: its 1-based line and column and the characters it covers (counted
 * from the language's own string rules, not from the code under test), its code, and its automatic fix.
 */
export type AtColumn = [line: number, column: number, characters: string, code: string, fix?: string];

export function expectAtColumns(text: string, kind: SourceKind, want: readonly AtColumn[]): void {
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)];
  const got = findings(text, kind).map((finding): AtColumn => {
    const line = lineStarts.findLastIndex((start) => start <= finding.range[0]);
    const fix = finding.fix?.map((edit) => edit.text).join('');
    const [column, characters, code] = [finding.range[0] - lineStarts[line]! + 1, text.slice(finding.range[0], finding.range[1]), finding.code ?? finding.rule];
    return fix === undefined ? [line + 1, column, characters, code] : [line + 1, column, characters, code, fix];
  });
  const order = (a: AtColumn, b: AtColumn): number => a[0] - b[0] || a[1] - b[1] || a[3].localeCompare(b[3]);
  expect(got.sort(order)).toEqual([...want].sort(order));
}

export const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

