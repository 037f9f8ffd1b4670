// Issue 29: a relative link whose first segment looks like a host (`airflow.cfg.example`: `.example`
// is a reserved top-level domain) but names a file beside the document is that file, not a host.
// The line is opencve/opencve's scheduler/README.md at bd7eb22, quoted verbatim.
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import { MemoryFileSystem } from '../../src/links/memory-fs.js';
import { WorkspaceIndex } from '../../src/links/workspace.js';
import { runRules } from '../../src/rules/index.js';

function findings(files: Record<string, string>, path: string): [string, string][] {
  const index = new WorkspaceIndex(new MemoryFileSystem(files));
  const text = files[path]!;
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const rules = { 'require-scheme': {}, 'no-broken-links': {} };
  return runRules(found.candidates, rules, undefined, { path, kind, text, links: index }).map((f) => [text.slice(...f.range), f.code ?? f.rule]);
}

const README = 'Configuration is read from `airflow.cfg` (see [`airflow.cfg.example`](airflow.cfg.example)), especially the `[opencve]` section.\n';

describe('a relative path that looks like a host but names a file (issue 29, opencve)', () => {
  it('is the file when the file is there', () => {
    const files = { '/repo/.git/HEAD': 'ref: refs/heads/main\n', '/repo/scheduler/README.md': README, '/repo/scheduler/airflow.cfg.example': '[opencve]\n' };
    expect(findings(files, '/repo/scheduler/README.md')).toEqual([]);
  });

  it('is still reported as a host written without its scheme when no such file or folder is there', () => {
    const files = { '/repo/.git/HEAD': 'ref: refs/heads/main\n', '/repo/scheduler/README.md': README };
    expect(findings(files, '/repo/scheduler/README.md').map(([, code]) => code)).toContain('whatwg-relative-path-host');
  });
});
