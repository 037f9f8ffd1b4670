import { diagnostic } from '../diagnostic.js';
import { excerpt } from '../messages.js';
import type { Diagnostic, UriReference } from '../types.js';
import { componentAt, textOf } from './spans.js';

/** At most this many `pct-encoded-*` diagnostics per reference: past it, the input is noise. */
const MAX_ENCODED_REPORTS = 1000;

type Kind = 'crlf' | 'nul';

/** What `%XX` at `i` encodes, if it is CR, LF or NUL. */
function encodedKind(s: string, i: number): Kind | undefined {
  if (s.charCodeAt(i) !== 0x25 || s.charCodeAt(i + 1) !== 0x30) return undefined;
  const low = s.charCodeAt(i + 2) | 0x20;
  if (low === 0x61 || low === 0x64) return 'crlf'; // %0A, %0D
  if (s.charCodeAt(i + 2) === 0x30) return 'nul';
  return undefined;
}

function encodedMessage(kind: Kind, shown: string): string {
  return kind === 'crlf'
    ? `"${shown}" encodes a line break: a back end that decodes it before writing a header, a log line or a protocol command (SMTP, Redis, FTP) lets the text after it inject a line of its own.`
    : `"${shown}" encodes NUL: a back end written in C reads the decoded string as ending there, so what a filter checks ("x.php%00.png" ends in .png) and what is opened ("x.php") differ.`;
}

/**
 * `pct-encoded-crlf` and `pct-encoded-nul`: one diagnostic per run of adjacent
 * triplets of the same kind, anywhere in the input (RFC 3986 §7.2, §7.3).
 */
export function checkEncodedControls(reference: UriReference): Diagnostic[] {
  const s = reference.input;
  const out: Diagnostic[] = [];
  let i = s.indexOf('%');
  while (i >= 0 && out.length < MAX_ENCODED_REPORTS) {
    const kind = encodedKind(s, i);
    if (kind === undefined) {
      i = s.indexOf('%', i + 1);
      continue;
    }
    const start = i;
    while (encodedKind(s, i) === kind) i += 3;
    const code = kind === 'crlf' ? 'pct-encoded-crlf' : 'pct-encoded-nul';
    out.push(diagnostic(code, start, i, componentAt(reference, start), encodedMessage(kind, excerpt(s, start, i))));
    i = s.indexOf('%', i);
  }
  return out;
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * `path-encoded-dot-segment`: a whole segment `.` or `..` written with `%2E`
 * (either case). Only in hierarchical paths: a URI's rootless path
 * (`mailto:`, `urn:`) is opaque to browsers and has no dot segments for them.
 */
export function checkEncodedDotSegments(reference: UriReference): Diagnostic[] {
  const path = reference.path;
  if (path.start === path.end || path.kind === 'rootless' || reference.input.indexOf('%', path.start) < 0) return [];
  const out: Diagnostic[] = [];
  for (const segment of path.segments) {
    if (out.length >= MAX_ENCODED_REPORTS) break;
    const text = textOf(reference, segment);
    if (text.length > 6 || text.indexOf('%') < 0 || !DOT_SEGMENT.test(text)) continue;
    const dots = text.replace(/%2e/gi, '.');
    const effect = dots === '..' ? 'drop it and the segment before it' : 'drop it';
    out.push(
      diagnostic(
        'path-encoded-dot-segment',
        segment.start,
        segment.end,
        'path',
        `The segment "${text}" is an encoded "${dots}": browsers and RFC 3986 normalization decode it and ${effect}, while servers and filters that match the raw path do not (path traversal).`,
      ),
    );
  }
  return out;
}
