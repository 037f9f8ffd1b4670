/** `data` (RFC 2397). */
import { diagnostic } from '../diagnostic.js';
import { describeChar } from '../messages.js';
import type { Span, TextEdit, UriReference } from '../types.js';
import { body, indexIn, isTriplet, quote, schemeAndColon, splitSpan, tripletValue, type Report, type SchemeModule } from './module.js';

const EQUALS = 0x3d;

// token    := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>     (RFC 2045 §5.1)
// tspecials := "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> / "/" / "[" / "]" / "?" / "="
const TSPECIALS = new Set([...'()<>@,;:\\"/[]?='].map((c) => c.charCodeAt(0)));

function isTokenChar(c: number): boolean {
  return c > 0x20 && c < 0x7f && !TSPECIALS.has(c);
}

function isToken(s: string, start: number, end: number): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) if (!isTokenChar(s.charCodeAt(i))) return false;
  return true;
}

// mediatype := [ type "/" subtype ] *( ";" parameter )
// parameter := attribute "=" value          (attribute, value: RFC 2045 tokens; value may be a quoted-string)
/** Checks the header before ",": reports what is wrong, answers whether it ends with `;base64`. */
function checkMediatype(reference: UriReference, report: Report, header: Span): boolean {
  const s = reference.input;
  const parts = splitSpan(s, ';', header.start, header.end);
  let base64 = false;
  const last = parts[parts.length - 1];
  if (parts.length > 1 && last !== undefined && s.slice(last.start, last.end).toLowerCase() === 'base64') {
    base64 = true;
    parts.pop();
  }
  const [type, ...parameters] = parts;
  if (type !== undefined && type.start < type.end) {
    const slash = indexIn(s, '/', type.start, type.end);
    if (!isToken(s, type.start, slash) || !isToken(s, slash + 1, type.end)) {
      report(
        diagnostic(
          'data-invalid-mediatype',
          type.start,
          type.end,
          'path',
          `The media type ${quote(s, type.start, type.end)} is not type "/" subtype (such as "text/plain"), so a reader falls back to text/plain.`,
        ),
      );
    }
  }
  for (const p of parameters) {
    const eq = indexIn(s, '=', p.start, p.end);
    const attribute = isToken(s, p.start, eq);
    // value := token / quoted-string; a quoted-string's DQUOTE is percent-encoded in a URI, so accept it encoded.
    const value = eq < p.end && (isToken(s, eq + 1, p.end) || /^%22.*%22$/i.test(s.slice(eq + 1, p.end)));
    if (attribute && value) continue;
    const what =
      p.start === p.end
        ? 'An empty parameter (";;" or a ";" before ","): a parameter is attribute "=" value.'
        : eq === p.end
          ? `The parameter ${quote(s, p.start, p.end)} has no "=": a parameter is attribute "=" value${s.slice(p.start, p.end).toLowerCase() === 'base64' ? ', and ";base64" comes last, just before ","' : ''}.`
          : `The parameter ${quote(s, p.start, p.end)} is not attribute "=" value made of tokens.`;
    const start = p.start === p.end ? p.start - 1 : p.start;
    report(diagnostic('data-invalid-mediatype', start, Math.max(p.end, start + 1), 'path', what));
  }
  return base64;
}

// B64 alphabet (RFC 4648 §4): A-Z a-z 0-9 + /
function isBase64Char(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f;
}

// ASCII whitespace, which RFC 2045 decoders (line breaks) and browsers (forgiving-base64) skip.
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

/**
 * The data of a `;base64` URI, read after percent-decoding (RFC 2397 §3 via
 * RFC 2045 §6.8): groups of four alphabet characters, the last one padded with
 * one or two `=`. Reports the first place where it breaks.
 */
function checkBase64(reference: UriReference, report: Report, data: Span): void {
  const s = reference.input;
  let count = 0; // alphabet characters
  let pad = 0;
  let groupStart = data.start; // where the current group of four began
  const fail = (at: number, width: number, message: string): void => report(diagnostic('data-invalid-base64', at, at + width, 'path', message));
  for (let i = data.start; i < data.end; ) {
    let c: number;
    let width: number;
    if (s.charCodeAt(i) === 0x25) {
      if (!isTriplet(s, i)) return; // not decodable: the grammar already reported pct-invalid-triplet
      c = tripletValue(s, i);
      width = 3;
    } else {
      c = s.codePointAt(i) ?? 0;
      width = c > 0xffff ? 2 : 1;
    }
    if (isSpace(c)) {
      i += width;
      continue;
    }
    if (pad > 0 && c !== EQUALS) {
      fail(i, width, `The base64 data continues with ${quote(s, i, i + width)} after its "=" padding; "=" may only end the data.`);
      return;
    }
    if (isBase64Char(c)) {
      if (count % 4 === 0) groupStart = i;
      count++;
    } else if (c === EQUALS) {
      // "=" pads a last group of two characters (two "=") or of three (one "=").
      const group = count % 4;
      const allowed = group === 2 ? 2 : group === 3 ? 1 : 0;
      if (pad >= allowed) {
        fail(i, width, 
          allowed === 0
            ? `A "=" after a group of ${group} base64 character${group === 1 ? '' : 's'}; padding only completes a last group of two or three.`
            : `One "=" too many: a last group of ${group} base64 characters takes ${allowed === 1 ? 'one "="' : 'two'}.`,
        );
        return;
      }
      pad++;
    } else {
      fail(i, width, 
        `The base64 data contains ${width === 3 ? `${quote(s, i, i + width)} (${describeChar(c)})` : describeChar(c)}, which is not in the base64 alphabet (A–Z, a–z, 0–9, "+", "/", "=" padding); decoding fails here.`,
      );
      return;
    }
    i += width;
  }
  const rest = count % 4;
  if (rest === 0) return;
  if (rest === 1) {
    report(
      diagnostic(
        'data-invalid-base64',
        groupStart,
        data.end,
        'path',
        'The base64 data ends with a lone character in its last group of four; one character cannot encode a byte, so the data is truncated or damaged.',
      ),
    );
    return;
  }
  const missing = 4 - rest - pad;
  if (missing <= 0) return;
  const fix: TextEdit[] = [{ start: data.end, end: data.end, text: '='.repeat(missing) }];
  report(
    diagnostic(
      'data-invalid-base64',
      groupStart,
      data.end,
      'path',
      `The base64 data ends with a group of ${rest} characters without its padding; base64 ends with ${missing === 1 ? '"="' : '"=="'} here, and strict decoders reject it.`,
      fix,
    ),
  );
}

// dataurl := "data:" [ mediatype ] [ ";base64" ] "," data
export const data: SchemeModule = {
  names: ['data'],
  check(reference, report) {
    const s = reference.input;
    // A "?" is a data character here: the data runs to the fragment.
    const rest = body(reference, true);
    const comma = indexIn(s, ',', rest.start, rest.end);
    if (comma === rest.end) {
      const range = rest.start < rest.end ? rest : schemeAndColon(reference);
      report(
        diagnostic(
          'data-missing-comma',
          range.start,
          range.end,
          'path',
          'The data URI has no ",": the media type and ";base64" end at a ",", and the data follows it, so there is no data.',
        ),
      );
      return;
    }
    const base64 = checkMediatype(reference, report, { start: rest.start, end: comma });
    if (base64) checkBase64(reference, report, { start: comma + 1, end: rest.end });
  },
};
