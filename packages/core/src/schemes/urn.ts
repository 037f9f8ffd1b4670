/** `urn` (RFC 8141). */
import { diagnostic } from '../diagnostic.js';
import type { Span, UriReference } from '../types.js';
import { body, indexIn, isAlphanum, quote, schemeAndColon, type Report, type SchemeModule } from './module.js';

const SLASH = 0x2f;
const QUESTION = 0x3f;
const HYPHEN = 0x2d;

// NID = (alphanum) 0*30(ldh) (alphanum)
// ldh = alphanum / "-"
/** Why `s[start, end)` is not an NID, or `undefined` when it is one. */
function nidProblem(s: string, start: number, end: number): string | undefined {
  const length = end - start;
  const nid = quote(s, start, end);
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isAlphanum(c) && c !== HYPHEN) {
      return `The namespace identifier ${nid} contains ${quote(s, i, i + 1)}; an NID holds only letters, digits and "-".`;
    }
  }
  if (length < 2) return `The namespace identifier ${nid} is too short: an NID has 2 to 32 characters.`;
  if (length > 32) return `The namespace identifier ${nid} is too long (${length} characters): an NID has 2 to 32 characters.`;
  if (s.charCodeAt(start) === HYPHEN || s.charCodeAt(end - 1) === HYPHEN) {
    return `The namespace identifier ${nid} begins or ends with "-"; an NID begins and ends with a letter or digit.`;
  }
  return undefined;
}

// r-component = pchar *( pchar / "/" / "?" )
// q-component = pchar *( pchar / "/" / "?" )
/** Why `s[start, end)` is not an r- or q-component (the grammar checked the characters). */
function componentProblem(s: string, start: number, end: number, which: string): string | undefined {
  if (start === end) return `The ${which} is empty; after its "?${which === 'r-component' ? '+' : '='}" it needs at least one character.`;
  const c = s.charCodeAt(start);
  if (c === SLASH || c === QUESTION) return `The ${which} begins with ${quote(s, start, start + 1)}; it must begin with a path character.`;
  return undefined;
}

// rq-components = [ "?+" r-component ] [ "?=" q-component ]
function checkRq(reference: UriReference, report: Report, query: Span): void {
  const s = reference.input;
  const whole = { start: query.start - 1, end: query.end };
  const first = s.charCodeAt(query.start);
  const problems: string[] = [];
  if (first === 0x2b /* + */) {
    // The r-component runs to the first "?=", which opens the q-component.
    const q = s.indexOf('?=', query.start + 1);
    const rEnd = q < 0 || q + 2 > query.end ? query.end : q;
    const r = componentProblem(s, query.start + 1, rEnd, 'r-component');
    if (r !== undefined) problems.push(r);
    if (rEnd < query.end) {
      const qp = componentProblem(s, rEnd + 2, query.end, 'q-component');
      if (qp !== undefined) problems.push(qp);
    }
  } else if (first === 0x3d /* = */) {
    const qp = componentProblem(s, query.start + 1, query.end, 'q-component');
    if (qp !== undefined) problems.push(qp);
  } else {
    problems.push(
      `The query ${quote(s, whole.start, whole.end)} of the URN begins with neither "?+" (r-component) nor "?=" (q-component); a URN takes no other query.`,
    );
  }
  if (problems.length > 0) report(diagnostic('urn-invalid-rq-components', whole.start, whole.end, 'query', problems.join(' ')));
}

// namestring    = assigned-name [ rq-components ] [ "#" f-component ]
// assigned-name = "urn" ":" NID ":" NSS
// NSS           = pchar *( pchar / "/" )
export const urn: SchemeModule = {
  names: ['urn'],
  check(reference, report) {
    const s = reference.input;
    const name = body(reference, false);
    const colon = indexIn(s, ':', name.start, name.end);
    if (name.start === name.end) {
      const range = schemeAndColon(reference);
      report(diagnostic('urn-invalid-nid', range.start, range.end, 'path', 'The URN has no namespace identifier: "urn:" is followed by NID ":" NSS, as in "urn:isbn:0451450523".'));
      return;
    }
    const nid = nidProblem(s, name.start, colon);
    if (colon === name.start) {
      report(diagnostic('urn-invalid-nid', name.start, name.start + 1, 'path', 'The namespace identifier is empty: "urn:" is followed by NID ":" NSS.'));
    } else if (nid !== undefined) {
      report(diagnostic('urn-invalid-nid', name.start, colon, 'path', nid));
    }
    if (colon === name.end) {
      report(
        diagnostic(
          'urn-invalid-nss',
          name.start,
          name.end,
          'path',
          `The URN ends after its namespace identifier ${quote(s, name.start, name.end)}: ":" and a namespace-specific string must follow.`,
        ),
      );
    } else if (colon + 1 === name.end) {
      report(diagnostic('urn-invalid-nss', colon, colon + 1, 'path', 'The namespace-specific string after ":" is empty; a URN needs one.'));
    } else if (s.charCodeAt(colon + 1) === SLASH) {
      report(
        diagnostic('urn-invalid-nss', colon + 1, colon + 2, 'path', 'The namespace-specific string begins with "/"; it must begin with a path character, and "/" may only follow one.'),
      );
    }
    if (reference.query !== undefined) checkRq(reference, report, reference.query);
  },
};
