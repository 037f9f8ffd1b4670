import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findConfig, namedConfigFileSystem, nodeConfigFileSystem } from '../src/config/index.js';

const root = mkdtempSync(join(tmpdir(), 'urilint-config-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A repository (`repo/.git`) beside a folder outside it (`outside/`). */
function tree(): { repo: string; outside: string } {
  const base = mkdtempSync(join(root, 't-'));
  const repo = join(base, 'repo');
  const outside = join(base, 'outside');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'packages', 'a'), { recursive: true });
  mkdirSync(outside);
  return { repo, outside };
}

describe('project files reached through symbolic links (SECURITY.md)', () => {
  it('does not read a configuration, package.json or suppressions file that links out of the repository', () => {
    const { repo, outside } = tree();
    writeFileSync(join(outside, 'secret.json'), '{ "preset": "all", "token": "s3cret" }');
    symlinkSync(join(outside, 'secret.json'), join(repo, 'packages', 'a', 'urilint.config.json'));
    symlinkSync(join(outside, 'secret.json'), join(repo, 'packages', 'a', 'package.json'));
    symlinkSync(join(outside, 'secret.json'), join(repo, 'packages', 'a', 'urilint-suppressions.json'));
    for (const name of ['urilint.config.json', 'package.json', 'urilint-suppressions.json']) {
      expect(nodeConfigFileSystem.readFile(join(repo, 'packages', 'a', name))).toBeUndefined();
    }
    // Nothing is found in that folder, so nothing of the target is read or shown.
    expect(findConfig(join(repo, 'packages', 'a'), nodeConfigFileSystem)).toBeUndefined();
    // Named by the user (--config), it is read.
    expect(namedConfigFileSystem.readFile(join(repo, 'packages', 'a', 'urilint.config.json'))).toContain('"all"');
  });

  it('reads a configuration that links to a file inside the repository', () => {
    const { repo } = tree();
    writeFileSync(join(repo, 'urilint.config.json'), '{ "preset": "strict" }');
    symlinkSync(join('..', '..', 'urilint.config.json'), join(repo, 'packages', 'a', 'urilint.config.json'));
    const found = findConfig(join(repo, 'packages', 'a'), nodeConfigFileSystem);
    expect(found?.config?.settings).toEqual({ preset: 'strict' });
    expect(found?.config?.file).toBe(join(repo, 'packages', 'a', 'urilint.config.json'));
  });
});
