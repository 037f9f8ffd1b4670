/**
 * `urilint scan --fix` racing another writer of the file (issue 27, item 8). The other writer is a
 * real second process; to make it act at one exact moment, and the same moment on every run, the
 * scan runs in this process with `node:fs` wrapped so that the second process runs, and finishes,
 * inside one of the scan's own calls: while the temporary file is being written, or between the
 * scan's look at the file's size and its read.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from './support/run.js';

/** What the wrapped `fs` calls do besides their work: set by each test. */
const hooks = vi.hoisted(() => ({
  /** The file the scan fixes. */
  target: '',
  /** Run once the scan has set the mode of its temporary file (it is then written, not yet renamed). */
  afterTemporaryWritten: undefined as (() => void) | undefined,
  /** Run before the scan's first read of the target. */
  beforeFirstRead: undefined as (() => void) | undefined,
  /** Descriptors the scan opened on the target. */
  fds: new Set<number>(),
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const wrapped = {
    ...fs,
    openSync: ((...args: Parameters<typeof fs.openSync>) => {
      const fd = fs.openSync(...args);
      if (args[0] === hooks.target) hooks.fds.add(fd);
      return fd;
    }) as typeof fs.openSync,
    closeSync: ((fd: number) => {
      hooks.fds.delete(fd);
      fs.closeSync(fd);
    }) as typeof fs.closeSync,
    readSync: ((...args: Parameters<typeof fs.readSync>) => {
      if (hooks.fds.has(args[0]) && hooks.beforeFirstRead !== undefined) {
        const hook = hooks.beforeFirstRead;
        hooks.beforeFirstRead = undefined;
        hook();
      }
      return fs.readSync(...args);
    }) as typeof fs.readSync,
    chmodSync: ((...args: Parameters<typeof fs.chmodSync>) => {
      fs.chmodSync(...args);
      if (/urilint-\d+-[0-9a-f]+\.tmp$/.test(String(args[0])) && hooks.afterTemporaryWritten !== undefined) {
        const hook = hooks.afterTemporaryWritten;
        hooks.afterTemporaryWritten = undefined;
        hook();
      }
    }) as typeof fs.chmodSync,
  };
  return { ...wrapped, default: wrapped };
});

const dir = mkdtempSync(join(tmpdir(), 'urilint-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A second process that writes `text` to `file` (an editor's save, a formatter, a generator), run to its end. */
function otherWriter(file: string, text: string): void {
  execFileSync(process.execPath, ['-e', 'require("node:fs").writeFileSync(process.argv[1], process.argv[2])', file, text]);
}

/** A second process that cuts `file` to its first `bytes` (a writer that opened it with O_TRUNC and has written that much so far). */
function otherTruncator(file: string, bytes: number): void {
  execFileSync(process.execPath, ['-e', 'require("node:fs").truncateSync(process.argv[1], Number(process.argv[2]))', file, String(bytes)]);
}

// Two lines with a `{` each (RFC 3986 §2: "%7B"), which the fix encodes.
const ORIGINAL = 'see https://example.com/a{b\nand https://example.com/c{d\n';

beforeEach(() => {
  hooks.afterTemporaryWritten = undefined;
  hooks.beforeFirstRead = undefined;
  hooks.fds.clear();
});

describe('--fix and a second writer', () => {
  it('a save that lands while the fixed text is being written is kept, not overwritten, and the fix is reported as not written', async () => {
    const file = join(dir, 'saved.txt');
    writeFileSync(file, ORIGINAL);
    hooks.target = file;
    const saved = 'the editor saved this\n';
    hooks.afterTemporaryWritten = () => otherWriter(file, saved);
    const result = await run(['scan', '--fix', '--jobs', '1', file]);
    expect(hooks.afterTemporaryWritten).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(saved);
    expect(result.stderr).toContain('the fixes were not written: it changed during the scan');
    expect(result.stdout).toContain('0 fixes applied');
  });

  it('a file cut short between the look at its size and its read is never written from that short read', async () => {
    const file = join(dir, 'cut.txt');
    writeFileSync(file, ORIGINAL);
    hooks.target = file;
    // The writer has truncated the file and written its first line again, not yet the second.
    const half = 'see https://example.com/a{b\n';
    hooks.beforeFirstRead = () => otherTruncator(file, Buffer.byteLength(half));
    const result = await run(['scan', '--fix', '--jobs', '1', file]);
    expect(hooks.beforeFirstRead).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(half);
    expect(result.stderr).toContain('the fixes were not written: it changed while it was read');
    expect(result.stdout).toContain('0 fixes applied');
  });

  it('with no second writer, the same run fixes the file (the wrapped calls change nothing by themselves)', async () => {
    const file = join(dir, 'alone.txt');
    writeFileSync(file, ORIGINAL);
    hooks.target = file;
    const result = await run(['scan', '--fix', '--jobs', '1', file]);
    expect(result.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('see https://example.com/a%7Bb\nand https://example.com/c%7Bd\n');
  });
});

/** Bytes this process has read so far (Linux's /proc/self/io `rchar`): the work of a read, counted. */
function bytesRead(): number {
  return Number(/^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);
}

describe('huge files with a raised --max-file-size (issue 27, item 15)', () => {
  it('a sparse file of 400 MB is judged binary from its first 8 KiB: that is all that is read', async () => {
    const file = join(dir, 'sparse.txt');
    writeFileSync(file, '');
    truncateSync(file, 400 * 1024 * 1024);
    hooks.target = '';
    // Once before counting: what the first run loads is not the file's.
    await run(['scan', '--jobs', '1', '--max-file-size', '1G', file]);
    const before = bytesRead();
    const result = await run(['scan', '--jobs', '1', '--max-file-size', '1G', file]);
    const read = bytesRead() - before;
    expect(result.stderr).toContain('skipped, a binary file');
    expect(read).toBeLessThan(1024 * 1024);
  });

  it('a text file of 600 MB is skipped with a clear message, never read (it was read whole, then an internal error, exit 3)', async () => {
    const file = join(dir, 'huge.txt');
    // 8 KiB of text, then zeros up to 600 MB (sparse: no disk used): text to the binary check.
    writeFileSync(file, 'see https://example.com/a{b\n'.repeat(300));
    truncateSync(file, 600 * 1024 * 1024);
    const before = bytesRead();
    const result = await run(['scan', '--jobs', '1', '--max-file-size', '1G', file]);
    const read = bytesRead() - before;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('huge.txt: skipped, larger than 500 MiB, the most scan reads as text');
    expect(read).toBeLessThan(1024 * 1024);
  });
});
