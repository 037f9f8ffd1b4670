/**
 * `urilint scan` on trees and command lines written by someone else (issue 27): each attack written
 * out, run against the built command (its workers, its pipes) or in this process where a second
 * process has to act at one exact moment.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `urilint` in `cwd`; one that waits forever (on a FIFO) is ended after 30 s and gives -1. */
function urilint(cwd: string, args: readonly string[]): Promise<Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

let base: string;

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`pnpm build\` first (the tests build nothing).`);
  base = mkdtempSync(join(tmpdir(), 'urilint-hostile-'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A fresh folder under the test's temporary one. */
// A `{` (in no set of RFC 3986 §2: "%7B"), which running text keeps in the URI.
const BAD = 'see https://example.com/a{b\n';
const FIXED = 'see https://example.com/a%7Bb\n';

function folder(name: string): string {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('a run of large files only (issue 27, item 1)', () => {
  // 2 MiB of code, over the 1 MiB above which a file is checked alone in a worker, with one bad URI at the end.
  const bundle = `/*${' filler\n'.repeat((2 * 1024 * 1024) / 8)}*/\nfetch("https://example.com/a{b");\n`;

  it('`urilint scan bundle.js` checks the file and reports its problem', async () => {
    const dir = folder('large-alone');
    writeFileSync(join(dir, 'bundle.js'), bundle);
    const result = await urilint(dir, ['scan', '--no-progress', '--stats', 'bundle.js']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('bundle.js:262146:29 path-unescaped-char');
    expect(result.stdout).toMatch(/^1 file scanned, 1 URI, 1 problem/m);
    expect(result.stderr).toMatch(/^files scanned: 1$/m);
  });

  it('a shard of large files only, with two jobs: every file checked', async () => {
    const dir = folder('large-shard');
    for (const name of ['a.js', 'b.js', 'c.js']) writeFileSync(join(dir, name), bundle);
    const result = await urilint(dir, ['scan', '--no-progress', '--stats', '--jobs', '2', '--format', 'json', '.']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as { file: string }[]).map((problem) => problem.file)).toEqual(['a.js', 'b.js', 'c.js']);
    expect(result.stderr).toMatch(/^files scanned: 3$/m);
  });

  it('`--fix` fixes it', async () => {
    const dir = folder('large-fix');
    const file = join(dir, 'bundle.js');
    writeFileSync(file, bundle);
    const result = await urilint(dir, ['scan', '--no-progress', '--fix', 'bundle.js']);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8') === bundle.replace('a{b', 'a%7Bb')).toBe(true);
  });
});

/** Runs the built `urilint` with its standard output (or both outputs) going to a pipe whose reader has gone, as `urilint scan | head` once head exits. */
function intoClosedPipe(cwd: string, args: readonly string[], both = false): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', both ? 'pipe' : 'ignore'], env: { ...process.env, NO_COLOR: '1' } });
    // The reader goes before anything is written: every write the command makes meets EPIPE.
    child.stdout?.destroy();
    child.stderr?.destroy();
    child.on('exit', (code) => resolve(code));
  });
}

describe('output into a pipe whose reader has gone (issue 27, item 14)', () => {
  it('`urilint scan … | head`: the exit code still says what was found', async () => {
    const dir = folder('pipe');
    for (let i = 0; i < 40; i++) writeFileSync(join(dir, `f${String(i).padStart(2, '0')}.txt`), `see https://example.com/a{b${i}\n`.repeat(20));
    for (const format of ['text', 'json', 'github']) expect(await intoClosedPipe(dir, ['scan', '--no-progress', '--jobs', '1', '--format', format, '.']), format).toBe(1);
    expect(await intoClosedPipe(dir, ['scan', '--no-progress', '--jobs', '1', '.'], true), 'stdout and stderr').toBe(1);
    expect(await intoClosedPipe(dir, ['check', 'http://a b'])).toBe(1);
    // Nothing found: 0, as before.
    writeFileSync(join(folder('pipe-clean'), 'ok.txt'), 'see https://example.com/\n');
    expect(await intoClosedPipe(join(base, 'pipe-clean'), ['scan', '--no-progress', '.'])).toBe(0);
  });
});

describe('FIFOs, sockets and devices met while walking (issue 27, item 13)', () => {
  it('are never opened, and counted in --stats', async () => {
    const dir = folder('special');
    writeFileSync(join(dir, 'notes.txt'), 'see https://example.com/\n');
    // A FIFO with a scanned name (opening it would wait for a writer forever) and a socket.
    execFileSync('mkfifo', [join(dir, 'pipe.md')]);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'server.sock'), resolve));
    try {
      const result = await urilint(dir, ['scan', '--no-progress', '--stats', '.']);
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(/^files scanned: 1$/m);
      expect(result.stderr).toMatch(/^files skipped not regular \(FIFOs, sockets, devices\): 2$/m);
      // Left out by --ignore: not counted.
      const ignored = await urilint(dir, ['scan', '--no-progress', '--stats', '--ignore', '*.sock', '.']);
      expect(ignored.stderr).toMatch(/^files skipped not regular \(FIFOs, sockets, devices\): 1$/m);
    } finally {
      server.close();
    }
  });
});

describe("the README's pre-commit hooks with a staged file named like an option (issue 27, item 9)", () => {
  const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
  const section = readme.slice(readme.indexOf('### Before each commit'));
  const entry = /^\s+entry: (.+)$/m.exec(section)?.[1];
  const hook = /```sh\n(#!\/bin\/sh\n[^`]*)```/.exec(section)?.[1];

  /** A repository with a bad file and a file named `--suppress-all` staged, and `urilint` on the PATH as the built command. */
  function staged(name: string): { dir: string; env: NodeJS.ProcessEnv } {
    const dir = folder(name);
    const bin = folder(`${name}-bin`);
    writeFileSync(join(bin, 'urilint'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'urilint'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1', GIT_CONFIG_NOSYSTEM: '1', HOME: dir };
    const git = (...args: string[]): void => void execFileSync('git', args, { cwd: dir, env, stdio: 'ignore' });
    git('init', '-q');
    writeFileSync(join(dir, 'bad.ts'), 'fetch("https://example.com/a b");\n');
    writeFileSync(join(dir, '--suppress-all'), 'plain text\n');
    git('add', '--', 'bad.ts', '--suppress-all');
    return { dir, env };
  }

  it('the git hook: the staged files are files, the bad one fails the commit, no baseline is written', () => {
    expect(hook).toBeDefined();
    const { dir, env } = staged('hook-git');
    writeFileSync(join(dir, 'pre-commit'), hook!);
    let code = 0;
    let stdout = '';
    try {
      execFileSync('sh', ['pre-commit'], { cwd: dir, env, stdio: 'pipe' });
    } catch (error) {
      ({ status: code, stdout } = error as { status: number; stdout: string });
    }
    // xargs exits 123 when the command it ran exited 1: the commit is refused.
    expect(code).toBe(123);
    expect(String(stdout)).toContain('bad.ts:1:29 path-unescaped-char');
    expect(existsSync(join(dir, 'urilint-suppressions.json'))).toBe(false);
  });

  it('the pre-commit entry: pre-commit appends the staged file names to it', async () => {
    expect(entry).toBeDefined();
    const { dir } = staged('hook-pre-commit');
    const [command, ...args] = entry!.split(/\s+/);
    expect(command).toBe('urilint');
    // As pre-commit runs a local hook: the entry's words, then the staged files.
    const result = await urilint(dir, [...args, '--suppress-all', 'bad.ts']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('bad.ts:1:29 path-unescaped-char');
    expect(existsSync(join(dir, 'urilint-suppressions.json'))).toBe(false);
  });

  it('`urilint scan -- FILE...` reads every name after `--` as a path', async () => {
    const dir = folder('double-dash');
    writeFileSync(join(dir, '--fix'), BAD);
    const result = await urilint(dir, ['scan', '--no-progress', '--', '--fix']);
    expect(result.code).toBe(1);
    expect(readFileSync(join(dir, '--fix'), 'utf8')).toBe(BAD);
  });
});

describe('files read and written by name, through a symbolic link out of the tree (issue 27, item 2)', () => {
  const RC = "export PATH=/usr/local/bin:/usr/bin\nalias ll='ls -l'\n";
  const PASSWD = 'root:x:0:0:root:/root:/bin/bash\n';
  let outside: string;

  /** A repository holding a file the tree names so that a baseline written with its name runs it when a shell reads it, and `link` as the baseline. */
  function tree(name: string, link: string): string {
    const repo = folder(join(name, 'repo'));
    outside = folder(join(name, 'outside'));
    writeFileSync(join(outside, 'rc'), RC);
    writeFileSync(join(outside, 'passwd'), PASSWD);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(join(repo, '$(touch pwned).js'), 'fetch("https://example.com/a b");\n');
    symlinkSync(link, join(repo, 'urilint-suppressions.json'));
    return repo;
  }

  it('--suppress-all and --prune-suppressions refuse a baseline linked out of the tree, and leave the target as it was', async () => {
    const repo = tree('baseline-write', '../outside/rc');
    for (const flag of ['--suppress-all', '--prune-suppressions']) {
      const result = await urilint(repo, ['scan', '--no-progress', flag, '.']);
      expect(result.code, flag).toBe(2);
      expect(result.stderr, flag).toContain("The suppressions file 'urilint-suppressions.json' leads out of the repository through a symbolic link");
      expect(readFileSync(join(outside, 'rc'), 'utf8'), flag).toBe(RC);
    }
  });

  it('`init --baseline` refuses it too', async () => {
    const repo = tree('baseline-init', '../outside/rc');
    const result = await urilint(repo, ['init', '--baseline']);
    expect(result.code).toBe(2);
    expect(readFileSync(join(outside, 'rc'), 'utf8')).toBe(RC);
  });

  it('a plain scan neither reads the target nor shows it', async () => {
    const repo = tree('baseline-read', '../outside/passwd');
    const result = await urilint(repo, ['scan', '--no-progress', '.']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('leads out of the repository');
    expect(result.stdout + result.stderr).not.toContain('root:x');
  });

  it('a dangling link out of the tree is refused, never followed to create its target', async () => {
    const repo = tree('baseline-dangling', '../outside/new-rc');
    const result = await urilint(repo, ['scan', '--no-progress', '--suppress-all', '.']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('leads out of the repository');
    expect(existsSync(join(outside, 'new-rc'))).toBe(false);
  });

  it('a folder on the way that links out of the tree (--suppressions-location sub/baseline.json) is refused', async () => {
    const repo = tree('baseline-folder', 'urilint-suppressions.json.real');
    symlinkSync('../outside', join(repo, 'sub'));
    writeFileSync(join(outside, 'baseline.json'), RC);
    const result = await urilint(repo, ['scan', '--no-progress', '--suppress-all', '--suppressions-location', 'sub/baseline.json', '.']);
    expect(result.code).toBe(2);
    expect(readFileSync(join(outside, 'baseline.json'), 'utf8')).toBe(RC);
  });

  it('a baseline linked inside the tree is read and written at its target, the link kept', async () => {
    const repo = tree('baseline-inside', 'config/baseline.json');
    mkdirSync(join(repo, 'config'));
    expect((await urilint(repo, ['scan', '--no-progress', '--suppress-all', '.'])).code).toBe(0);
    expect(lstatSync(join(repo, 'urilint-suppressions.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(repo, 'config', 'baseline.json'), 'utf8')).toContain('"$(touch pwned).js"');
    const again = await urilint(repo, ['scan', '--no-progress', '.']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('1 known finding suppressed');
  });

  it('a baseline that is not JSON is named with the place of the error, none of its text', async () => {
    const repo = folder('baseline-not-json');
    writeFileSync(join(repo, 'urilint-suppressions.json'), 'token=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n');
    const result = await urilint(repo, ['scan', '--no-progress', '.']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("The suppressions file 'urilint-suppressions.json' is not JSON: invalid JSON at line 1, column 1.");
    expect(result.stderr).not.toContain('token');
  });

  it('a configuration in a folder linked out of the tree is not read, nor shown', async () => {
    const repo = tree('config-folder', 'baseline.json');
    mkdirSync(join(outside, 'site'));
    writeFileSync(join(outside, 'site', 'urilint.config.jsonc'), PASSWD);
    writeFileSync(join(outside, 'site', 'page.md'), BAD);
    symlinkSync('../outside/site', join(repo, 'site'));
    const result = await urilint(repo, ['scan', '--no-progress', 'site']);
    expect(result.stdout + result.stderr).not.toContain('root:x');
    expect(result.code).toBe(1);
  });

  it('a .gitignore that is a link is not read (as git 2.32 does), and one that is a FIFO is not waited on', async () => {
    const repo = tree('gitignore', 'baseline.json');
    writeFileSync(join(outside, 'ignore-all'), '*\n');
    symlinkSync('../outside/ignore-all', join(repo, '.gitignore'));
    const linked = await urilint(repo, ['scan', '--no-progress', '.']);
    expect(linked.stdout).toMatch(/^1 file scanned/m);
    rmSync(join(repo, '.gitignore'));
    execFileSync('mkfifo', [join(repo, '.gitignore')]);
    const fifo = await urilint(repo, ['scan', '--no-progress', '.']);
    expect(fifo.code).toBe(1);
    expect(fifo.stdout).toMatch(/^1 file scanned/m);
  });

  it('a FIFO that a local link points at is not waited on', async () => {
    const repo = folder('link-to-fifo');
    execFileSync('git', ['init', '-q'], { cwd: repo });
    execFileSync('mkfifo', [join(repo, 'pipe.md')]);
    writeFileSync(join(repo, 'index.md'), '[the pipe](pipe.md#section)\n');
    const result = await urilint(repo, ['scan', '--no-progress', '--rule', 'no-broken-links', 'index.md']);
    expect(result.code).not.toBe(-1);
  });
});

describe('--fix on a named path with a symbolic link among its folders (issue 27, item 7)', () => {
  it('`scan --fix outlink/out.js`, `outlink/` and `outlink/sub`: read and reported, never written where the link leads', async () => {
    const repo = folder('component/repo');
    const outside = folder('component/outside');
    mkdirSync(join(outside, 'sub'));
    writeFileSync(join(outside, 'out.js'), `fetch("https://example.com/a{b");\n`);
    writeFileSync(join(outside, 'sub', 'deep.txt'), BAD);
    writeFileSync(join(repo, 'own.txt'), BAD);
    symlinkSync('../outside', join(repo, 'outlink'));
    for (const named of ['outlink/out.js', 'outlink/', 'outlink/sub', 'outlink/sub/deep.txt', './outlink/../outlink/out.js']) {
      const result = await urilint(repo, ['scan', '--no-progress', '--fix', named]);
      expect(result.code, named).toBe(1);
      expect(result.stderr, named).toContain('the fixes were not written: it was reached through a symbolic link');
    }
    expect(readFileSync(join(outside, 'out.js'), 'utf8')).toBe(`fetch("https://example.com/a{b");\n`);
    expect(readFileSync(join(outside, 'sub', 'deep.txt'), 'utf8')).toBe(BAD);
    // The tree's own file, named through a path without a link (and from a folder above): written.
    const own = await urilint(join(base, 'component'), ['scan', '--no-progress', '--fix', 'repo/own.txt']);
    expect(own.code).toBe(0);
    expect(readFileSync(join(repo, 'own.txt'), 'utf8')).toBe(FIXED);
  });
});

describe('--fix on read-only files and files of another owner (issue 27, item 11)', () => {
  it('a read-only file is left as it is, with a message, whoever runs the fix (root too)', async () => {
    const dir = folder('read-only');
    const file = join(dir, 'notes.txt');
    writeFileSync(file, BAD);
    chmodSync(file, 0o444);
    const result = await urilint(dir, ['scan', '--no-progress', '--fix', 'notes.txt']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('notes.txt: the fixes were not written: it is read-only.');
    expect(readFileSync(file, 'utf8')).toBe(BAD);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('a file fixed keeps its owner and group (a root run on a file of nobody leaves it nobody\'s)', async () => {
    const dir = folder('owner');
    const file = join(dir, 'notes.txt');
    writeFileSync(file, BAD);
    chmodSync(file, 0o664);
    // As root: the file of another user (65534, nobody on Linux). As another user, one's own file: the owner kept is one's own.
    const owner = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : { uid: statSync(file).uid, gid: statSync(file).gid };
    chownSync(file, owner.uid, owner.gid);
    const result = await urilint(dir, ['scan', '--no-progress', '--fix', 'notes.txt']);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    const stats = statSync(file);
    expect([stats.uid, stats.gid, stats.mode & 0o7777]).toEqual([owner.uid, owner.gid, 0o664]);
  });
});

describe('file names with controls, and names that are not UTF-8 (issue 27, item 12)', () => {
  it('a name with ESC, BEL, a newline or a right-to-left override is printed escaped, as JSON escapes it; the JSON output keeps the name', async () => {
    const dir = folder('control-names');
    const names = ['esc\u001b[31mred\u0007.md', 'new\nline.md', 'rtl\u202etxt.md'];
    for (const name of names) writeFileSync(join(dir, name), BAD);
    const text = await urilint(dir, ['scan', '--no-progress', '.']);
    expect(text.code).toBe(1);
    // eslint-disable-next-line no-control-regex
    expect(text.stdout + text.stderr).not.toMatch(/[\u0007\u001b\u202e]/);
    const lines = text.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('esc\\u001b[31mred\\u0007.md:1:26 path-unescaped-char "{" must be percent-encoded'))).toHaveLength(1);
    expect(lines.filter((line) => /^new\\nline\.md:1:26 path-unescaped-char /.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /^rtl\\u202etxt\.md:1:26 path-unescaped-char /.test(line))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('line.md'))).toEqual([]);
    const json = await urilint(dir, ['scan', '--no-progress', '--format', 'json', '.']);
    expect((JSON.parse(json.stdout) as { file: string }[]).map((problem) => problem.file).sort()).toEqual([...names].sort());
  });

  it('a name that is not valid UTF-8 is named as such, never as a file that "no longer exists", and the run fails', async () => {
    const dir = folder('not-utf8');
    writeFileSync(join(dir, 'good.md'), BAD);
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/bad`), Buffer.from([0xff, 0xfe]), Buffer.from('.md')]), BAD);
    const result = await urilint(dir, ['scan', '--no-progress', '.']);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('good.md:1:26 path-unescaped-char');
    expect(result.stderr).toBe('urilint: bad\uFFFD\uFFFD.md: cannot be read: its name is not valid UTF-8, which urilint cannot open by name; rename it to scan it\n');
    expect(result.stderr).not.toContain('no longer exists');
  });
});

describe("patterns from the tree's own files (issue 27, item 5)", () => {
  // Ten stars over one letter, then a letter the text lacks: JavaScript's engine tries every way to
  // share the text among the stars (a power of its length); `(a|a)*b` every way to read each `a` (2^n).
  const STARS = 'a*a*a*a*a*a*a*a*a*a*b';
  const long = 'a'.repeat(200);

  it("a redirect's source in vercel.json, with no urilint configuration at all: matched, and the link it does not cover reported", async () => {
    const dir = folder('redos-vercel');
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'pages/docs'), { recursive: true });
    writeFileSync(join(dir, 'next.config.js'), 'module.exports = {};\n');
    writeFileSync(join(dir, 'vercel.json'), JSON.stringify({ redirects: [{ source: `/docs/:p(${STARS})`, destination: '/', permanent: true }] }));
    writeFileSync(join(dir, 'pages/docs/intro.md'), '# Intro\n');
    writeFileSync(join(dir, 'pages/index.md'), `[no b](/docs/${long})\n\n[with b](/docs/${long}b)\n`);
    const result = await urilint(dir, ['scan', '--no-progress', '.']);
    expect(result.stdout.split('\n').filter((line) => / no-broken-links /.test(line))).toEqual([`pages/index.md:1:8 no-broken-links No file or folder "/docs/${long}" exists where this link points.`]);
    expect(result.code).toBe(1);
  });

  it('ignore and overrides[].files globs in urilint.config.jsonc match in linear time', async () => {
    const dir = folder('redos-globs');
    mkdirSync(join(dir, '.git'));
    const deep = join(dir, ...Array.from({ length: 30 }, () => 'a'));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(dir, 'urilint.config.jsonc'), JSON.stringify({ ignore: [`*${STARS}`], overrides: [{ files: [`${'**/'.repeat(20)}x`], rules: { 'no-unescaped-chars': 'off' } }] }));
    writeFileSync(join(dir, `${long}.md`), BAD);
    writeFileSync(join(deep, 'page.md'), BAD);
    const result = await urilint(dir, ['scan', '--no-progress', '.']);
    expect(result.stdout).toContain(`${long}.md:1:26 path-unescaped-char`);
    expect(result.stdout).toContain(`${'a/'.repeat(30)}page.md:1:26 path-unescaped-char`);
    expect(result.code).toBe(1);
  });

  it('customIds patterns match each heading line in linear time; one that needs backtracking is refused (exit 2, file:line:col)', async () => {
    const dir = folder('redos-custom-ids');
    mkdirSync(join(dir, '.git'));
    const options = (customIds: string[]): string => `{\n  "rules": {\n    "no-broken-links": { "severity": "error", "options": { "customIds": ${JSON.stringify(customIds)} } }\n  }\n}\n`;
    writeFileSync(join(dir, 'urilint.config.jsonc'), options([STARS, '(a|a)*b', '(a+)+b']));
    writeFileSync(join(dir, 'page.md'), `## ${'a'.repeat(60)}\n\n[self](#${'a'.repeat(60)}) [nope](#nope)\n`);
    const result = await urilint(dir, ['scan', '--no-progress', '.']);
    expect(result.stdout.split('\n').filter((line) => / no-broken-links /.test(line))).toEqual(['page.md:3:79 no-broken-links No heading or id "nope" exists in this document.']);
    expect(result.code).toBe(1);
    const lookahead = options(['(?!x)(\\w+)']);
    writeFileSync(join(dir, 'urilint.config.jsonc'), lookahead);
    const refused = await urilint(dir, ['scan', '--no-progress', '.']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`urilint.config.jsonc:3:${lookahead.split('\n')[2]!.indexOf('"(?!') + 1}: rules.no-broken-links.options.customIds[0]: the pattern "(?!x)(\\\\w+)" cannot be run: a lookahead or lookbehind`);
  });
});
