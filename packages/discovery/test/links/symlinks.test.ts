/**
 * The link index on the disk never follows a symbolic link found in the tree out of the
 * repository, and never looks up a link that climbs out of it (SECURITY.md).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '@urilint/core';
import { indexPath, nodeLinkFileSystem } from '../../src/links/node-fs.js';
import { WorkspaceIndex, type LinkFileSystem } from '../../src/links/workspace.js';

let top: string;
let repo: string;
let outside: string;

beforeAll(() => {
  top = indexPath(mkdtempSync(join(tmpdir(), 'urilint-links-')));
  repo = `${top}/repo`;
  outside = `${top}/outside`;
  mkdirSync(`${repo}/.git`, { recursive: true });
  mkdirSync(`${repo}/docs`, { recursive: true });
  mkdirSync(`${outside}/dir`, { recursive: true });
  writeFileSync(`${outside}/secret.md`, '# Secret\n');
  writeFileSync(`${outside}/dir/secret.md`, '# Secret\n');
  writeFileSync(`${outside}/book.toml`, '[book]\nsrc = "pages"\n');
  writeFileSync(`${repo}/docs/guide.md`, '# Guide\n');
  writeFileSync(`${repo}/a.md`, '');
  symlinkSync('../outside/secret.md', `${repo}/secret.md`);
  symlinkSync('../outside/dir', `${repo}/outdir`);
  symlinkSync('../outside/book.toml', `${repo}/book.toml`);
  symlinkSync('docs/guide.md', `${repo}/inside.md`);
  symlinkSync('docs', `${repo}/inside-dir`);
});

afterAll(() => rmSync(top, { recursive: true, force: true }));

/** The disk, recording every file read and folder listed. */
function recording(): { fs: LinkFileSystem; touched: string[] } {
  const touched: string[] = [];
  const fs: LinkFileSystem = {
    readDirectory: (path) => (touched.push(path), nodeLinkFileSystem.readDirectory(path)),
    readFile: (path) => (touched.push(path), nodeLinkFileSystem.readFile(path)),
    realPath: (path) => nodeLinkFileSystem.realPath!(path),
  };
  return { fs, touched };
}

const resolveIn = (index: WorkspaceIndex, link: string) => index.resolveLink(parse(link), { path: `${repo}/a.md`, text: '' });

describe('local links and symbolic links', () => {
  it('reads nothing through a link that leads out of the repository', () => {
    const { fs, touched } = recording();
    const index = new WorkspaceIndex(fs);
    expect(resolveIn(index, 'secret.md#secret').status).toBe('missing-file');
    expect(resolveIn(index, 'outdir/secret.md#secret').status).toBe('missing-file');
    expect(index.list(repo).map((entry) => entry.name)).not.toContain('outdir');
    expect(touched.filter((path) => path.startsWith(outside) || path.startsWith(`${repo}/secret.md`) || path.startsWith(`${repo}/outdir`))).toEqual([]);
  });

  it('does not read a site configuration that is a link out of the repository', () => {
    const { fs, touched } = recording();
    const index = new WorkspaceIndex(fs);
    expect(index.site(repo).generator).toBeUndefined();
    expect(touched).not.toContain(`${repo}/book.toml`);
  });

  it('does not look up a link that climbs out of the repository', () => {
    const { fs, touched } = recording();
    const index = new WorkspaceIndex(fs);
    expect(resolveIn(index, '../outside/secret.md#secret').status).toBe('unresolvable');
    expect(touched.filter((path) => path.startsWith(outside))).toEqual([]);
  });

  it('follows links that stay inside the repository', () => {
    const index = new WorkspaceIndex(nodeLinkFileSystem);
    expect(resolveIn(index, 'inside.md#guide').status).toBe('ok');
    expect(resolveIn(index, 'inside-dir/guide.md#guide').status).toBe('ok');
    expect(resolveIn(index, 'inside.md#nowhere').status).toBe('missing-anchor');
  });
});
