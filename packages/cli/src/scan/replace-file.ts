/**
 * Replacing a file as one step: the new content goes to a temporary file beside it, which is
 * renamed over it, so a reader never sees half a file and a crash leaves the old one. The rename
 * replaces the name itself: a symbolic link in the file's place is replaced, never written through.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, fstatSync, lstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** A path as Node's `fs` takes it: text, or bytes for a name that is not valid UTF-8. */
export type FsPath = string | Buffer;

export interface ReplaceOptions {
  /** The permission bits of the new file (a file replaced keeps its own); by default those of a new file. */
  mode?: number;
  /** The owner and group of the new file (a file replaced keeps its own); when they cannot be given, nothing is replaced. */
  owner?: { uid: number; gid: number };
  /** Called once the temporary file is written, immediately before the rename: a reason not to rename, or `undefined`. */
  beforeRename?: () => string | undefined;
}

/** Whether a name is there, a symbolic link (even a dangling one) included. */
export function present(path: FsPath): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A temporary name in the folder of `path`. */
function temporaryBeside(path: FsPath): FsPath {
  const name = `.urilint-${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  if (typeof path === 'string') return join(dirname(path), name);
  const slash = path.lastIndexOf(sep.charCodeAt(0));
  return Buffer.concat([slash < 0 ? Buffer.from(`.${sep}`) : path.subarray(0, slash + 1), Buffer.from(name)]);
}

/**
 * Replaces `path` with `content`; returns why it did not (from `beforeRename`, or an owner that
 * cannot be kept), `undefined` when replaced. Throws when the folder cannot be written.
 */
export function replaceFile(path: FsPath, content: string | Buffer, options: ReplaceOptions = {}): string | undefined {
  const temporary = temporaryBeside(path);
  // `wx`: a name put there meanwhile (a link) fails the open instead of being followed.
  const fd = openSync(temporary, 'wx', options.mode ?? 0o666);
  let open = true;
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
    const stats = fstatSync(fd);
    closeSync(fd);
    open = false;
    if (options.mode !== undefined) chmodSync(temporary, options.mode);
    if (options.owner !== undefined && (stats.uid !== options.owner.uid || stats.gid !== options.owner.gid)) {
      try {
        chownSync(temporary, options.owner.uid, options.owner.gid);
      } catch {
        rmSync(temporary, { force: true });
        return 'its owner cannot be kept (only its owner or root can write it as it is)';
      }
      // chown clears the set-user-ID and set-group-ID bits: give the mode again.
      if (options.mode !== undefined) chmodSync(temporary, options.mode);
    }
    const reason = options.beforeRename?.();
    if (reason !== undefined) {
      rmSync(temporary, { force: true });
      return reason;
    }
    renameSync(temporary, path);
    return undefined;
  } catch (error) {
    if (open) closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
}
