/** `file` (RFC 8089), with the DOS drive letters of its Appendix E.2. */
import { diagnostic } from '../diagnostic.js';
import type { Suggestion } from '../types.js';
import { quote, schemeAndColon, schemeText, type SchemeModule } from './module.js';

const SLASH = 0x2f;

/** `drive-letter = ALPHA ":"` (App. E.2), and the `ALPHA "|"` of older usage (App. E.2.2). */
function isDriveLetter(s: string, start: number, end: number): boolean {
  if (end - start !== 2) return false;
  const letter = s.charCodeAt(start) | 0x20;
  const mark = s.charCodeAt(start + 1);
  return letter >= 0x61 && letter <= 0x7a && (mark === 0x3a || mark === 0x7c);
}

// file-URI       = file-scheme ":" file-hier-part
// file-hier-part = ( "//" auth-path ) / local-path
// auth-path      = [ file-auth ] path-absolute
// local-path     = [ drive-letter ] path-absolute     ; with App. E.2
// file-auth      = "localhost" / host
export const file: SchemeModule = {
  names: ['file'],
  check(reference, report) {
    const { input, authority, userinfo, port, path } = reference;
    const scheme = schemeText(reference);

    if (authority !== undefined) {
      // `file://C:/x`: the drive letter was read as a host `C` with an empty port.
      if (isDriveLetter(input, authority.start, authority.end)) {
        const fixed = `${scheme}:///${input.slice(authority.start, path.end)}`;
        report(
          diagnostic(
            'file-drive-letter-authority',
            authority.start,
            authority.end,
            'authority',
            `The drive letter ${quote(input, authority.start, authority.end)} is read as a host name: after "${scheme}://" comes a host, and a drive letter belongs in the path.`,
            undefined,
            [{ message: `Write a third "/" before the drive letter: ${quote(fixed, 0, fixed.length)}.`, edits: [{ start: authority.start, end: authority.start, text: '/' }] }],
          ),
        );
        return;
      }
      // file-auth = "localhost" / host — there is no userinfo and no port.
      if (userinfo !== undefined) {
        report(
          diagnostic(
            'file-invalid-authority',
            userinfo.start,
            userinfo.end + 1,
            'userinfo',
            `The ${scheme} URI has the userinfo ${quote(input, userinfo.start, userinfo.end + 1)}; a file URI's authority is only "localhost" or a host.`,
          ),
        );
      }
      if (port !== undefined) {
        report(
          diagnostic(
            'file-invalid-authority',
            port.start - 1,
            port.end,
            'port',
            `The ${scheme} URI has the port ${quote(input, port.start - 1, port.end)}; a file URI's authority is only "localhost" or a host.`,
          ),
        );
      }
      // auth-path = [ file-auth ] path-absolute: the path cannot be empty.
      if (path.start === path.end) {
        const suggestions: Suggestion[] = [{ message: 'Write "/" after the host for its root directory.', edits: [{ start: path.end, end: path.end, text: '/' }] }];
        report(
          diagnostic(
            'file-path-not-absolute',
            schemeAndColon(reference).start,
            path.end,
            'path',
            `The ${scheme} URI names a host but no file: the path after the authority must begin with "/".`,
            undefined,
            suggestions,
          ),
        );
      }
      return;
    }

    // local-path = [ drive-letter ] path-absolute
    if (path.kind === 'absolute') return;
    if (path.end - path.start > 2 && isDriveLetter(input, path.start, path.start + 2) && input.charCodeAt(path.start + 2) === SLASH) return;
    if (path.start === path.end) {
      const range = schemeAndColon(reference);
      report(diagnostic('file-path-not-absolute', range.start, range.end, 'path', `The ${scheme} URI has an empty path; it must be absolute ("${scheme}:///path").`));
      return;
    }
    report(
      diagnostic(
        'file-path-not-absolute',
        path.start,
        path.end,
        'path',
        `The path ${quote(input, path.start, path.end)} of the ${scheme} URI is relative; a file URI's path is absolute, beginning with "/" or a drive letter such as "c:/", and there is no base to resolve it against.`,
      ),
    );
  },
};
