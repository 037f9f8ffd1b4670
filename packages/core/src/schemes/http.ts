/**
 * `http` and `https` (RFC 9110 §4.2). The rules are also those of `ws` and `wss`
 * (RFC 6455 §3), which `ws.ts` reuses. Userinfo is deprecated here too, but the
 * security analysis reports it; this module does not.
 */
import { diagnostic } from '../diagnostic.js';
import type { Suggestion, UriReference } from '../types.js';
import { indexIn, quote, schemeAndColon, schemeText, type Report, type SchemeModule } from './module.js';

const SLASH = 0x2f;
const BACKSLASH = 0x5c;

// http-URI  = "http" "://" authority path-abempty [ "?" query ]    (RFC 9110 §4.2.1)
// https-URI = "https" "://" authority path-abempty [ "?" query ]   (RFC 9110 §4.2.2)
// "A sender MUST NOT generate an "http" URI with an empty host identifier."
/** Authority required, host non-empty: the rules common to http, https, ws and wss. */
export function checkHostRequired(reference: UriReference, report: Report): void {
  const { input, authority, host, path } = reference;
  const scheme = schemeText(reference);
  if (authority === undefined) {
    // `https:/x`, `https:\\x`, `https:x`, `https:`: the leading slashes (or backslashes) become "//".
    let run = path.start;
    while (run < path.end && (input.charCodeAt(run) === SLASH || input.charCodeAt(run) === BACKSLASH)) run++;
    const range = schemeAndColon(reference);
    const suggestions: Suggestion[] = [];
    if (run < path.end) {
      const fixed = `${input.slice(range.start, range.end)}//${input.slice(run, path.end)}`;
      suggestions.push({
        message: `Write "//" after "${scheme}:" so that ${quote(input, run, path.end)} is read as host and path: ${quote(fixed, 0, fixed.length)}.`,
        edits: [{ start: path.start, end: run, text: '//' }],
      });
    }
    report(
      diagnostic(
        'http-missing-authority',
        range.start,
        Math.max(run, range.end),
        'authority',
        `The ${scheme} URI has no authority: "//" and a host must follow "${scheme}:", so ${path.start < path.end ? `${quote(input, path.start, path.end)} is a path on no host` : 'it names no host'}.`,
        undefined,
        suggestions,
      ),
    );
    return;
  }
  if (host === undefined || host.start !== host.end) return;
  const suggestions: Suggestion[] = [];
  // `https:///x`: most likely one "/" too many; the first path segment was meant as the host.
  if (authority.start === authority.end && path.end > path.start + 1 && input.charCodeAt(path.start + 1) !== SLASH) {
    suggestions.push({
      message: `Remove the third "/" so that "${input.slice(path.start + 1, indexIn(input, '/', path.start + 1, path.end))}" is the host.`,
      edits: [{ start: path.start, end: path.start + 1, text: '' }],
    });
  }
  report(
    diagnostic(
      'http-empty-host',
      authority.start - 2,
      authority.end,
      'host',
      `The ${scheme} URI has an empty host: nothing names the server, so it cannot be requested.`,
      undefined,
      suggestions,
    ),
  );
}

export const http: SchemeModule = {
  names: ['http', 'https'],
  check(reference, report) {
    checkHostRequired(reference, report);
  },
};
