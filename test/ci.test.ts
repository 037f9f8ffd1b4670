// CI runs the test command README.md gives, on Node 20 and then on Node 24 LTS: the two must not
// drift apart, and Node 24 comes from the npm registry's `node` package into an ignored folder of the
// project, never over the system Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The command lines of a shell text: not blank, not comments. */
const commands = (text: string) => text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));

describe('CI', () => {
  it('runs the test command of README.md, which runs the suite on the Node on PATH and then on Node 24', () => {
    const readme = read('README.md');
    const block = /# Run the whole test suite[^\n]*\n(?:#[^\n]*\n)*([^\n]+)\n```/.exec(readme);
    expect(block, 'README.md: the block under "# Run the whole test suite"').not.toBeNull();
    const command = block![1]!;
    expect(command).toMatch(/&& pnpm check && pnpm test:node24$/);
    expect(commands(read('.ci/run')).at(-1)).toBe(command);
  });

  it('installs Debian\'s neovim and chromium when they are missing: the real-editor test and the playground\'s browser tests need them', () => {
    const run = commands(read('.ci/run'));
    for (const name of ['neovim', 'chromium']) {
      const command = name === 'neovim' ? 'nvim' : name;
      expect(run, name).toContain(`command -v ${command} >/dev/null || { apt-get update -qq && apt-get install -y -qq ${name} >/dev/null; }`);
    }
    // The playground's test starts the browser at Debian's path.
    expect(read('packages/playground/test/playground.test.ts')).toContain("'/usr/bin/chromium'");
    expect(read('README.md')).toMatch(/apt-get install neovim chromium/);
  });

  it('installs Node 24 LTS from npm\'s node package into .ci/node24, which git ignores, and runs vitest with it first on PATH', () => {
    const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(manifest.scripts['test:node24']).toBe('bash scripts/node24.sh vitest run');
    const script = read('scripts/node24.sh');
    expect(script).toMatch(/^version=24\.\d+\.\d+$/m);
    expect(script).toContain('npm install --prefix "$dir"');
    expect(script).toContain('"node@$version"');
    expect(script).toContain('dir="$PWD/.ci/node24"');
    expect(script).toMatch(/^PATH="\$bin:[^\n]*exec "\$@"$/m);
    expect(read('.gitignore').split('\n')).toContain('.ci/node24/');
  });
});
