/**
 * no-broken-links under ESLint 9 and 10, through `@eslint/markdown` and html-eslint: the docs
 * tree of discovery's tests written to a folder, each broken link reported at its characters,
 * the good ones silent; the case fix applied by --fix; the rule doc's examples.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INDEX_IDLE_MS } from '../../src/links.js';
import { configOf, LANGUAGE_PLUGINS, LINE_BREAKS, MAJORS, positionOf, type Major } from '../support/languages.js';

/** The docs tree of discovery's tests (loaded by path: it is outside this package's sources). */
interface DocsTree {
  PAGE: string;
  README: string;
  README_FINDINGS: readonly (readonly [string, string])[];
  TREE: Readonly<Record<string, string>>;
}
const { PAGE, README, README_FINDINGS, TREE } = (await import(new URL('../../../discovery/test/links/docs-tree.ts', import.meta.url).href)) as DocsTree;

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'urilint-links-'));
  for (const [path, text] of Object.entries(TREE)) {
    const file = join(root, path.replace(/^\/repo\//, ''));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Message {
  ruleId: string | null;
  messageId?: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  fatal?: boolean;
  message: string;
}

function linter(major: Major): { verify: (...args: unknown[]) => Message[]; verifyAndFix: (...args: unknown[]) => { output: string } } {
  return new major.Linter({ configType: 'flat', cwd: root }) as never;
}

/** Where each expected finding is: its text's first occurrence at or after the one before, as ESLint's positions. */
function expectedPlaces(text: string, findings: readonly (readonly [string, string])[], lineBreak: RegExp): [number, number, string][] {
  let from = 0;
  return findings.map(([needle, messageId]) => {
    const at = text.indexOf(needle, from);
    from = at + 1;
    const start = positionOf(text, at, lineBreak);
    return [start.line, start.column, messageId];
  });
}

describe.each(MAJORS)('no-broken-links under ESLint $major', (major) => {
  it('markdown/recommended reports each broken link of the README at its characters, and nothing else', () => {
    const messages = linter(major).verify(README, configOf('markdown/recommended'), join(root, 'README.md'));
    const mine = messages.filter((m) => m.ruleId === 'urilint/no-broken-links');
    expect(messages.filter((m) => m.fatal === true || m.ruleId === null)).toEqual([]);
    expect(mine.map((m) => [m.line, m.column, m.messageId])).toEqual(expectedPlaces(README, README_FINDINGS, LINE_BREAKS.markdown));
  });

  it('html/recommended reads a page against its <base href>', () => {
    const messages = linter(major).verify(PAGE, configOf('html/recommended'), join(root, 'site/page.html'));
    const mine = messages.filter((m) => m.ruleId === 'urilint/no-broken-links');
    expect(mine.map((m) => [m.line, m.column, m.messageId])).toEqual(expectedPlaces(PAGE, [['nope', 'anchorMissing'], ['missing.html', 'fileMissing']], LINE_BREAKS.html));
  });

  it('--fix writes the name in its case on disk', () => {
    const source = '[guide](docs/Guide.md#usage)\n';
    const config = [{ plugins: LANGUAGE_PLUGINS as never }, { files: ['**/*.md'], language: 'markdown/gfm', plugins: configOf('markdown/recommended')[1]!.plugins, rules: { 'urilint/no-broken-links': 'error' } }];
    expect(linter(major).verifyAndFix(source, config, join(root, 'fixed.md')).output).toBe('[guide](docs/guide.md#usage)\n');
  });

  it('a file created after a run is seen by the next run: after a pause, the index reads the disk afresh (an editor’s long-lived ESLint)', () => {
    // The clock is ESLint's process's, made still here: only the test moves it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const name = `later-${major.major}.md`;
      const source = `[later](${name})\n`;
      const config = configOf('markdown/recommended');
      const broken = () => linter(major).verify(source, config, join(root, 'links-to-later.md')).filter((m) => m.ruleId === 'urilint/no-broken-links').map((m) => m.messageId);
      expect(broken()).toEqual(['fileMissing']);
      writeFileSync(join(root, name), '# Later\n');
      // The same run (no pause): the folder as first listed.
      vi.advanceTimersByTime(INDEX_IDLE_MS);
      expect(broken()).toEqual(['fileMissing']);
      vi.advanceTimersByTime(INDEX_IDLE_MS + 1);
      expect(broken()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the rule doc's examples: Incorrect reported, Correct silent", () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/rules/no-broken-links.md', import.meta.url)), 'utf8');
    const blocks = [...doc.matchAll(/^### (❌ Incorrect|✅ Correct)\n\n```md\n([\s\S]*?)```/gm)].map((match) => [match[1]!, match[2]!] as const);
    expect(blocks.map(([kind]) => kind)).toEqual(['❌ Incorrect', '✅ Correct']);
    const [[, incorrect], [, correct]] = blocks as [readonly [string, string], readonly [string, string]];
    const config = configOf('markdown/recommended');
    const reported = linter(major).verify(incorrect, config, join(root, 'example.md')).filter((m) => m.ruleId === 'urilint/no-broken-links');
    expect(reported.map((m) => m.messageId)).toEqual(['anchorMissing', 'fileMissing', 'caseMismatch', 'lineMissing', 'undefinedReference', 'spaceInDestination']);
    // "#top-of-page" is the heading the doc's example stands under in a real page: here, give it one.
    expect(linter(major).verify(`# Top of page\n\n${correct}`, config, join(root, 'example.md')).filter((m) => m.ruleId !== null && m.ruleId.startsWith('urilint/'))).toEqual([]);
  });
});
