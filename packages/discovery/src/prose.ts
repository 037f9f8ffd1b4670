import { findUris, hasOpaqueShape, type FoundUri } from '@urilint/core';
import { textCandidates, type UriCandidate } from './candidate.js';
import { hasUriShape, looksLikePattern, XML_NAMESPACES } from './shape.js';
import type { TextMap } from './text-map.js';

/**
 * ASCII characters that RFC 3986 never allows and that running text puts right after a URI: a quote,
 * an angle bracket, a backquote, a backslash (`\n` written as two characters, a Windows path), a `|`
 * or a `^` (the separators of a log format: `origin->https://localhost:4000|path->/endpoint`). A URI
 * ends before one (RFC 3986 Appendix E). So does a control character (the escape that switches an
 * ISO-2022-JP text to kanji, read as bytes) and a bidirectional formatting mark (`\u202dhttp://\u202c`
 * in a right-to-left sentence), which an IRI must not hold (RFC 3987 §4.1).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what ends the URI
const NOT_IN_URIS = /[\\"<>`^|\x00-\x08\x0e-\x1f\x7f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Punctuation that ends a sentence, not a URI, when the URI is cut before it. */
const TRAILING = /[.,;:!?'*]+$/;

/** What a `<…>` or `"…"` delimiter leaves to cut: the delimiters say where the URI ends (RFC 3986 Appendix C). */
const NOT_IN_DELIMITED = /[\\"<>`]/;

/** Where the authority of `scheme://authority` ends, or 0. */
const AUTHORITY = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/;

/** A brace expansion of a shell or a glob, `{ja,en}` or `{ja, en}`: alternatives, none of them the text. */
export const BRACE_EXPANSION = /^\{[^{}\s,]+(?:,[ \t]?[^{}\s,]+)+\}/;

/** A bracketed tail (`#v8_[whatever]`, `/users/[id]`): the writer's placeholder, not the URI's text. */
const PLACEHOLDER_TAIL = /\[[^\][\s]*\]$/;

/**
 * How much of a URI found in running text is the URI. One delimited by `<…>` or quotes, or that is
 * the whole text (a line of a list of links, a comment that is one URL), is the URI: a `|` in it is
 * a problem to report. One delimited by white space in running text ends at the first character
 * that cannot belong to a URI (RFC 3986 Appendix E; a `|` of a log format, a `\n` written as two
 * characters) and before a bracketed placeholder at its end (`#v8_[whatever]`), less the
 * punctuation that then ends it. A URI that is wholly a value (an attribute, a sink's argument) is
 * not read as prose at all.
 */
export function embeddedLength(found: FoundUri, whole = false): number {
  const uri = found.uri;
  const delimited = found.delimiter !== 'whitespace' || whole;
  let cut = uri.search(delimited ? NOT_IN_DELIMITED : NOT_IN_URIS);
  if (!delimited) {
    const head = uri.slice(0, cut === -1 ? uri.length : cut);
    const placeholder = PLACEHOLDER_TAIL.exec(head);
    if (placeholder !== null && placeholder.index >= (AUTHORITY.exec(head)?.[0].length ?? 0)) cut = placeholder.index;
  }
  if (cut === -1) return uri.length;
  return cut - (TRAILING.exec(uri.slice(0, cut))?.[0].length ?? 0);
}

/** Whether the URI found is all of the text but white space around it. */
export function isWholeText(value: string, found: FoundUri): boolean {
  return value.slice(0, found.start).trim() === '' && value.slice(found.end).trim() === '';
}

/** What a reader says of a piece of prose: the key it is the value of, and whether it is one line of a longer text (a folded YAML block). */
export interface ProseInit {
  key?: string;
  /** The text is a piece of a longer value (a line of a folded block scalar): a URI that fills it is not the whole value. */
  part?: boolean;
  /**
   * A word written with regular-expression syntax is a pattern, not a URI (a line of a plain-text
   * list of patterns: a mail address pattern, `[-a-zA-Z=;:/?%&0-9+@.]{3,}` after the scheme), as a JSON or YAML value is.
   */
  patterns?: boolean;
  /** The text is a comment: a URI in ASCII quotes there is quoted code (`UriCandidate.quotedCode`). */
  comment?: boolean;
}

/** The quotes of code: a string literal's. */
const QUOTES: ReadonlySet<string> = new Set(['"', "'", '`']);

/**
 * The URIs of a piece of prose (a comment, a paragraph, a line of a text
 * file): each URI that `findUris` delimits and that starts like one
 * (`https://…`, `mailto:…`). Prose never yields a relative reference.
 */
export function proseCandidates(map: TextMap, init: ProseInit = {}): UriCandidate[] {
  const value = map.value;
  if (!value.includes(':')) return [];
  const out: UriCandidate[] = [];
  for (const found of findUris(value, { abbreviated: false })) {
    if (found.uri !== value.slice(found.start, found.end)) continue;
    if (init.patterns === true && looksLikePattern(found.uri)) continue;
    let uri = found.uri.slice(0, embeddedLength(found, init.part !== true && isWholeText(value, found)));
    // `https://www.ruby-lang.org/{ja, en}/`: a brace expansion's alternatives, which the white space cuts; the URI ends before it.
    const brace = uri.lastIndexOf('{');
    if (brace > 0 && found.delimiter === 'whitespace' && !uri.slice(brace).includes('}') && BRACE_EXPANSION.test(value.slice(found.start + brace, found.start + brace + 200))) uri = uri.slice(0, brace);
    if (!hasUriShape(uri) || !hasOpaqueShape(uri)) continue;
    // Cut short by the whitespace that delimits it inside "[…]": the rest is not in view.
    if (uri.lastIndexOf('[') > uri.lastIndexOf(']')) continue;
    const candidates = textCandidates({ key: init.key, map, context: 'prose', uriStart: found.start, uriEnd: found.start + uri.length, namespace: XML_NAMESPACES.has(uri) });
    if (init.comment === true && found.delimiter === 'quotes' && QUOTES.has(value.charAt(found.start - 1))) for (const candidate of candidates) candidate.quotedCode = true;
    out.push(...candidates);
  }
  return out;
}
