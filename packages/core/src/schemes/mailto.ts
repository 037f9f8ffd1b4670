/** `mailto` (RFC 6068). */
import { QUERY } from '../charsets.js';
import { diagnostic } from '../diagnostic.js';
import { describeChars } from '../messages.js';
import { encodeOctet } from '../percent.js';
import type { Span, TextEdit, UriReference } from '../types.js';
import { body, indexIn, isUnreserved, quote, schemeText, splitSpan, type Report, type SchemeModule } from './module.js';

const PERCENT = 0x25;

// some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"
const SOME_DELIMS = new Set([..."!$'()*+,;:@"].map((c) => c.charCodeAt(0)));

// qchar = unreserved / pct-encoded / some-delims     (pct-encoded: the "%" of a triplet)
function isQchar(c: number): boolean {
  return isUnreserved(c) || SOME_DELIMS.has(c) || c === PERCENT;
}

/**
 * "A number of characters that can appear in <addr-spec> MUST be percent-encoded
 * … all the characters in gen-delims except "@" and ":" … Of the characters in
 * sub-delims, at least the following also have to be percent-encoded: "&", ";",
 * and "="." (§2) — of those, the ones a path can hold raw: `/ & ; =`.
 */
const ADDRESS_MUST_ENCODE = new Set([..."/&;="].map((c) => c.charCodeAt(0)));

/**
 * Reports each run of characters in `[start, end)` that `mustEncode` says the
 * URI grammar allows but mailto needs percent-encoded. Characters the grammar
 * itself rejects are left to it (they already have a diagnostic).
 */
function reportUnescaped(
  reference: UriReference,
  report: Report,
  start: number,
  end: number,
  mustEncode: (c: number) => boolean,
  where: string,
): void {
  const s = reference.input;
  let i = start;
  while (i < end) {
    if (!mustEncode(s.charCodeAt(i))) {
      i++;
      continue;
    }
    const runStart = i;
    while (i < end && mustEncode(s.charCodeAt(i))) i++;
    const run = s.slice(runStart, i);
    const fix: TextEdit[] = [];
    for (let k = runStart; k < i; k++) fix.push({ start: k, end: k + 1, text: encodeOctet(s.charCodeAt(k)) });
    report(
      diagnostic(
        'mailto-unescaped-char',
        runStart,
        i,
        where === 'address' ? 'path' : 'query',
        `${where === 'address' ? 'The address' : `The header field ${where}`} contains ${describeChars(run)}, which a mailto URI must percent-encode (${[...new Set(run)].map((c) => `"${c}" → "${encodeOctet(c.charCodeAt(0))}"`).join(', ')}).`,
        fix,
      ),
    );
  }
}

// to        = addr-spec *( "," addr-spec )
// addr-spec = local-part "@" domain
function checkAddresses(reference: UriReference, report: Report, to: Span): void {
  const s = reference.input;
  if (to.start === to.end) return;
  for (const part of splitSpan(s, ',', to.start, to.end)) {
    const first = indexIn(s, '@', part.start, part.end);
    let problem: string | undefined;
    if (part.start === part.end) problem = 'An empty address between commas: each "," must separate two addresses.';
    else if (first === part.end) problem = `The address ${quote(s, part.start, part.end)} has no "@": an address is local-part "@" domain.`;
    else if (indexIn(s, '@', first + 1, part.end) < part.end) {
      problem = `The address ${quote(s, part.start, part.end)} has more than one "@"; an "@" inside the local part must be written "%40".`;
    } else if (first === part.start) problem = `The address ${quote(s, part.start, part.end)} has an empty local part before "@".`;
    else if (first === part.end - 1) problem = `The address ${quote(s, part.start, part.end)} has an empty domain after "@".`;
    if (problem !== undefined) {
      // An empty address is shown on the comma after it (or before it, at the end).
      const start = part.start === part.end ? (part.end < to.end ? part.end : part.start - 1) : part.start;
      const end = part.start === part.end ? start + 1 : part.end;
      report(diagnostic('mailto-invalid-address', start, end, 'path', problem));
    }
    reportUnescaped(reference, report, part.start, part.end, (c) => ADDRESS_MUST_ENCODE.has(c), 'address');
  }
}

// hfields = "?" hfield *( "&" hfield )
// hfield  = hfname "=" hfvalue
// hfname  = *qchar
// hfvalue = *qchar
function checkHeaders(reference: UriReference, report: Report, query: Span): void {
  const s = reference.input;
  for (const field of splitSpan(s, '&', query.start, query.end)) {
    if (field.start === field.end) continue; // `?`, `&&`, a trailing `&`: nothing to read
    const eq = indexIn(s, '=', field.start, field.end);
    if (eq === field.end) {
      report(
        diagnostic(
          'mailto-invalid-header',
          field.start,
          field.end,
          'query',
          `The header field ${quote(s, field.start, field.end)} has no "=": a field is name "=" value, so it is ignored or misread.`,
        ),
      );
    } else if (eq === field.start) {
      report(diagnostic('mailto-invalid-header', field.start, field.end, 'query', `The header field ${quote(s, field.start, field.end)} has an empty name before "=".`));
    }
    const name = quote(s, field.start, eq);
    // In the name every non-qchar counts; in the value, too (a second "=" included).
    const notQchar = (c: number): boolean => c < 128 && QUERY[c] === 1 && !isQchar(c);
    reportUnescaped(reference, report, field.start, eq, notQchar, name);
    if (eq < field.end) reportUnescaped(reference, report, eq + 1, field.end, notQchar, name);
  }
}

// mailtoURI = "mailto:" [ to ] [ hfields ]
export const mailto: SchemeModule = {
  names: ['mailto'],
  check(reference, report) {
    const { input, authority, query } = reference;
    const to = body(reference, false);
    if (authority !== undefined) {
      const start = authority.start - 2;
      const scheme = schemeText(reference);
      report(
        diagnostic(
          'mailto-authority',
          start,
          authority.start,
          'authority',
          `A ${scheme} URI has no "//": ${quote(input, authority.start, authority.end)} is read as a host, not as an address.`,
          undefined,
          [{ message: `Remove "//" after "${scheme}:".`, edits: [{ start, end: authority.start, text: '' }] }],
        ),
      );
      to.start = authority.start;
    }
    checkAddresses(reference, report, to);
    if (query !== undefined) checkHeaders(reference, report, query);
  },
};
