// Issue 29: a 300 KB Markdown changelog with 3,000 URIs costs at most twice a file of the same size
// with none. Work is counted (V8 block coverage), never timed; bench/markdown.bench.mjs times it.
import { describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { countWork } from '../../core/test/support/work.js';
import { discoverDocument, sourceKindOf } from '../src/document.js';
import { MemoryFileSystem } from '../src/links/memory-fs.js';
import { WorkspaceIndex } from '../src/links/workspace.js';
import { presetOptions, presetRules, runDocumentRules, runRules } from '../src/rules/index.js';

const LINES = 3_000;
/** A changelog entry as Jekyll's History.markdown writes one: a line of prose and a link to its pull request. */
const withUri = (k: number): string => `- Restore globbed path behavior in front matter defaults ([#${9000 + k}](https://github.com/jekyll/jekyll/issues/${9000 + k}))\n`;
/** The same line's length of prose, with no URI. */
const withoutUri = (k: number): string => `- Restore globbed path behavior in front matter defaults (#${9000 + k}, filed on github.com as jekyll's issue ${9000 + k})`.padEnd(withUri(k).length - 1, '.') + '\n';

/** What `urilint scan` does with one Markdown file: its URIs found, the recommended rules run on them and on the document (links resolved in a tree of one file). */
function scan(text: string): number {
  const path = '/repo/History.markdown';
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const rules = Object.fromEntries(presetRules('recommended').map((name) => [name, presetOptions(name, 'recommended')]));
  const document = { path, kind, text, links: new WorkspaceIndex(new MemoryFileSystem({ [path]: text })) };
  return found.candidates.length + runRules(found.candidates, rules, undefined, document).length + runDocumentRules(document, rules).length;
}

describe('the cost of URIs in a large Markdown file', () => {
  it('a 300 KB file with 3,000 URIs costs at most twice a file of the same size with none', () => {
    const uris = Array.from({ length: LINES }, (_, k) => withUri(k)).join('');
    const none = Array.from({ length: LINES }, (_, k) => withoutUri(k)).join('');
    expect(uris.length).toBe(none.length);
    expect(uris.length).toBeGreaterThan(300_000);
    // Compiled before counting: the first call's compilation is no part of either count.
    expect(scan('# Title\n\n- a [link](https://example.com/a)\n')).toBe(1);
    let found = 0;
    const withWork = countWork(() => (found = scan(uris)));
    const withoutWork = countWork(() => scan(none));
    expect(found).toBe(LINES);
    expect(withoutWork).toBeGreaterThan(uris.length);
    const ratio = withWork / withoutWork;
    expect(ratio, `3,000 URIs cost ${ratio.toFixed(2)}× the file without them`).toBeLessThanOrEqual(2);
  });
});
