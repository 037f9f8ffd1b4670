import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';

/** A writable stream that keeps what is written to it. */
class Sink extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** `stdout` split into lines, without the empty string after the last newline. */
  lines: string[];
}

async function run(args: string[], stdin: string[] = []): Promise<Run> {
  const stdout = new Sink();
  const stderr = new Sink();
  const code = await main(args, { stdin: Readable.from(stdin), stdout, stderr, env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text, lines: stdout.text.split('\n').slice(0, -1) };
}

/** The line that reports `code`, from its start up to and including the code. */
function caretLine(lines: string[], code: string): string {
  const line = lines.find((candidate) => candidate.includes(` ${code}: `));
  if (line === undefined) throw new Error(`No line reports ${code}.`);
  return line.slice(0, line.indexOf(` ${code}: `) + code.length + 1);
}

const temp = mkdtempSync(join(tmpdir(), 'urilint-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('urilint check', () => {
  it('accepts a valid URI with exit code 0', async () => {
    const result = await run(['check', 'https://example.com/a?b#c']);
    expect(result.code).toBe(0);
    expect(result.lines).toEqual(['✓ https://example.com/a?b#c', '1 URI checked, 0 invalid, 0 problems']);
    expect(result.stderr).toBe('');
  });

  it('draws a caret line under each of the three problems of http://a b/c d%zz', async () => {
    const result = await run(['check', 'http://a b/c d%zz']);
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe('✗ http://a b/c d%zz');
    // The input starts in column 2, after "✗ ".
    expect(caretLine(result.lines, 'host-unescaped-char')).toBe('          ^ error host-unescaped-char');
    expect(caretLine(result.lines, 'path-unescaped-char')).toBe('              ^ error path-unescaped-char');
    expect(caretLine(result.lines, 'pct-invalid-triplet')).toBe('                ^^^ error pct-invalid-triplet');
    expect(result.lines.filter((line) => /^ *\^+ /.test(line))).toHaveLength(3);
    expect(result.lines).toContain('            fix: http://a%20b/c d%zz');
    expect(result.lines).toContain('  fixed: http://a%20b/c%20d%25zz');
    expect(result.lines.at(-1)).toBe('1 URI checked, 1 invalid, 3 problems');
  });

  it('counts columns by display width after an emoji', async () => {
    const result = await run(['check', 'https://😀.example/a b']);
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe('✗ https://😀.example/a b');
    // The emoji takes two columns, as in a terminal; the space after "a" is in column 20 of the input.
    expect(caretLine(result.lines, 'iri-char')).toBe('          ^^ error iri-char');
    expect(caretLine(result.lines, 'path-unescaped-char')).toBe('                      ^ error path-unescaped-char');
  });

  it('shows a tab as one visible placeholder and keeps the carets aligned after it', async () => {
    const result = await run(['check', 'http://h/a\tb c']);
    expect(result.lines[0]).toBe('✗ http://h/a␉b c');
    const carets = result.lines.filter((line) => line.includes(' path-unescaped-char: ')).map((line) => line.indexOf('^'));
    expect(carets).toEqual([12, 14]);
    expect(result.lines).toContain('              fix: http://h/a%09b c');
  });

  it('reads one URI per line from stdin, skipping empty lines and stripping CR', async () => {
    const result = await run(['check'], ['http://a/\r\n', '\n', 'http://b c/\r', '\nhttp:', '//d/\n']);
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe('✓ http://a/');
    expect(result.lines[1]).toBe('✗ http://b c/');
    expect(result.lines).toContain('✓ http://d/');
    expect(result.lines.at(-1)).toBe('3 URIs checked, 1 invalid, 1 problem');
  });

  it('prints JSON Lines with --json and the summary on stderr', async () => {
    const result = await run(['check', '--json'], ['http://a/\n', 'http://b c/\n']);
    expect(result.code).toBe(1);
    const objects = result.lines.map((line) => JSON.parse(line) as { input: string; valid: boolean });
    expect(objects.map(({ input, valid }) => ({ input, valid }))).toEqual([
      { input: 'http://a/', valid: true },
      { input: 'http://b c/', valid: false },
    ]);
    expect(result.stderr).toBe('2 URIs checked, 1 invalid, 1 problem\n');
  });

  it('reads URIs from a file with --file', async () => {
    const file = join(temp, 'links.txt');
    writeFileSync(file, '\uFEFFhttps://example.com/\n\nhttps://example.com/%zz\n');
    const result = await run(['check', '--file', file]);
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe('✓ https://example.com/');
    expect(result.lines[1]).toBe('✗ https://example.com/%zz');
    expect(result.lines.at(-1)).toBe('2 URIs checked, 1 invalid, 1 problem');
  });

  it('exits with 2 and a hint when the file is missing', async () => {
    const result = await run(['check', '-f', join(temp, 'missing.txt')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^urilint: The file '.*missing\.txt' does not exist\.\nRun 'urilint check --help' for usage\.\n$/);
  });

  it('exits with 2 on an unknown option or command', async () => {
    const option = await run(['check', '--frobnicate', 'http://a/']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("urilint: Unknown option '--frobnicate'.");
    expect(option.stderr).toContain('--help');
    const command = await run(['frobnicate']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("urilint: Unknown command 'frobnicate'.");
  });

  it('takes URIs that start with "-" after --', async () => {
    const result = await run(['check', '--', '-x']);
    expect(result.code).toBe(0);
    expect(result.lines[0]).toBe('✓ -x');
  });

  it('treats warnings as valid', async () => {
    const result = await run(['check', 'https://example.com/?q=%C3%28']);
    expect(result.code).toBe(0);
    expect(result.lines[0]).toBe('✓ https://example.com/?q=%C3%28');
    expect(result.lines[1]).toContain(' warning pct-invalid-utf8: ');
  });

  it('colours only when asked, since the test streams are not terminals', async () => {
    expect((await run(['check', 'a b'])).stdout).not.toContain('\u001b[');
    expect((await run(['check', '--color', 'a b'])).stdout).toContain('\u001b[31m');
    expect((await run(['check', '--color', '--no-color', 'a b'])).stdout).not.toContain('\u001b[');
  });
});

describe('urilint explain', () => {
  it('tells an absent component from an empty one', async () => {
    const result = await run(['explain', 'http://h?']);
    expect(result.code).toBe(0);
    expect(result.lines).toContain('query        [9, 9) ""');
    expect(result.lines).toContain('fragment     (undefined)');
    expect(result.lines).toContain('path         [8, 8) ""  path-abempty');
    expect(result.lines).toContain('host         [7, 8) "h"  reg-name');
  });

  it('lists path segments and the diagnostics, and exits with 1 for an invalid URI', async () => {
    const result = await run(['explain', 'http://h/a b/c']);
    expect(result.code).toBe(1);
    expect(result.lines).toContain('  segment 1  [9, 12)  "a b"');
    expect(result.lines).toContain('  segment 2  [13, 14) "c"');
    expect(result.lines).toContain('✗ http://h/a b/c');
    expect(caretLine(result.lines, 'path-unescaped-char')).toBe('            ^ error path-unescaped-char');
  });

  it('prints the parse result with --json', async () => {
    const result = await run(['explain', '--json', 'http://h?']);
    const parsed = JSON.parse(result.stdout) as { input: string; valid: boolean; query?: unknown; fragment?: unknown };
    expect(parsed).toMatchObject({ input: 'http://h?', valid: true, query: { start: 9, end: 9 } });
    expect(parsed.fragment).toBeUndefined();
  });

  it('needs exactly one URI', async () => {
    expect((await run(['explain'])).code).toBe(2);
    expect((await run(['explain', 'a', 'b'])).code).toBe(2);
  });
});

describe('urilint help and version', () => {
  it('prints help for the command line and for each command', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^Usage: urilint <command>/);
    expect((await run(['help', 'check'])).stdout).toMatch(/^Usage: urilint check/);
    expect((await run(['explain', '--help'])).stdout).toMatch(/^Usage: urilint explain/);
    expect((await run([])).code).toBe(2);
  });

  it('prints the package version', async () => {
    const result = await run(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
  });
});

describe('the built bin (end to end)', () => {
  const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
  const core = fileURLToPath(new URL('../../core/dist/index.js', import.meta.url));

  function requireBuild(): void {
    for (const file of [bin, core]) {
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first (the tests build nothing).`);
    }
  }

  it('runs with node, reads stdin and sets the exit code', () => {
    requireBuild();
    const invalid = spawnSync(process.execPath, [bin, 'check'], { input: 'http://a/\nhttp://b c/\n', encoding: 'utf8' });
    expect(invalid.stderr).toBe('');
    expect(invalid.status).toBe(1);
    expect(invalid.stdout).toContain('✗ http://b c/');
    const usage = spawnSync(process.execPath, [bin, 'check', '--nope'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
  });

  it('runs directly through its shebang', () => {
    requireBuild();
    const valid = spawnSync(bin, ['check', 'https://example.com/'], { encoding: 'utf8' });
    expect(valid.error).toBeUndefined();
    expect(valid.status).toBe(0);
    expect(valid.stdout).toBe('✓ https://example.com/\n1 URI checked, 0 invalid, 0 problems\n');
  });
});

describe('urilint resolve', () => {
  it('prints the target of RFC 3986 §5.4 examples', async () => {
    const result = await run(['resolve', '../g', 'http://a/b/c/d;p?q']);
    expect(result.code).toBe(0);
    expect(result.lines).toEqual(['http://a/b/g']);
    expect((await run(['resolve', '--non-strict', 'http:g', 'http://a/b/c/d;p?q'])).lines).toEqual(['http://a/b/c/g']);
    expect(JSON.parse((await run(['resolve', '--json', 'g?y#s', 'http://a/b/c/d;p?q'])).stdout)).toEqual({
      reference: 'g?y#s',
      base: 'http://a/b/c/d;p?q',
      target: 'http://a/b/c/g?y#s',
    });
  });

  it('explains why a base cannot be used, with its code, and exits 1', async () => {
    const result = await run(['resolve', 'g', '/not/absolute']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/has no scheme.*\[base-not-absolute\]/);
    const json = JSON.parse((await run(['resolve', '--json', 'g', 'http://a/#f'])).stdout);
    expect(json.error.code).toBe('base-has-fragment');
  });

  it('needs two arguments', async () => {
    expect((await run(['resolve', 'g'])).code).toBe(2);
  });
});

describe('urilint normalize', () => {
  it('prints the normal form', async () => {
    const result = await run(['normalize', 'HTTP://Example.COM:80/a/./b/../%7e']);
    expect(result).toMatchObject({ code: 0, lines: ['http://example.com/a/~'] });
    expect((await run(['normalize', '--no-scheme-based', 'http://h:80'])).lines).toEqual(['http://h:80']);
    expect(JSON.parse((await run(['normalize', '--json', 'http://H'])).stdout)).toEqual({ input: 'http://H', normalized: 'http://h/' });
  });

  it('shows the problems of an invalid URI instead of normalizing it', async () => {
    const result = await run(['normalize', 'http://h/a b/../c']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('path-unescaped-char');
    expect(result.stdout).not.toContain('http://h/c\n');
  });
});

describe('urilint explain: the normal form, the browser reading and the analyses', () => {
  it('shows the normalized form and how a browser reads the URI', async () => {
    const result = await run(['explain', 'HTTP://Example.COM:80/a/./b']);
    expect(result.code).toBe(0);
    expect(result.lines).toContain('normalized   "http://example.com/a/b"');
    expect(result.lines).toContain('browser      "http://example.com/a/b"');
  });

  it('lists security findings and browser differences beside the grammar', async () => {
    const result = await run(['explain', 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('userinfo-looks-like-host');
    const backslash = await run(['explain', '--json', 'https://good.example\\@evil.example/']);
    const json = JSON.parse(backslash.stdout) as { valid: boolean; browser: { href: string }; diagnostics: { code: string }[] };
    expect(json.valid).toBe(false);
    expect(json.browser.href).toBe('https://good.example/@evil.example/');
    // RFC 3986 reads "good.example\\" as userinfo and contacts evil.example; a browser requests good.example.
    expect(json.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['userinfo-unescaped-char', 'userinfo-looks-like-host', 'whatwg-backslash']));
  });
});
