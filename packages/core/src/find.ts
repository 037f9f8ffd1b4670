/**
 * Finding URI candidates in free text (prose, comments, Markdown, plain text),
 * following RFC 2396 Appendix E "Recommendations for Delimiting URI in
 * Context" (RFC 3986 Appendix C keeps it) and Appendix F "Abbreviated URLs".
 *
 * This is about delimiting, not validating: a candidate may well be an invalid
 * URI, and the caller runs `parse` on it. One left-to-right pass; every
 * look-ahead is bounded by the next delimiter of its kind, so the cost is
 * linear in the length of the text.
 */
import { ALPHA, DIGIT, SCHEME_CHAR } from './charsets.js';

/** A URI found in free text. */
export interface FoundUri {
  /** Offsets of the URI in the text (UTF-16), delimiters and trailing punctuation excluded. */
  start: number;
  end: number;
  /** The URI itself: the text in range, less the whitespace of line breaks inside `<…>`. */
  uri: string;
  /** How the text delimited it. */
  delimiter: 'angle-brackets' | 'quotes' | 'whitespace';
  /** True for an abbreviated URI with no scheme (`www.example.com/path`), a relative path by the RFC. */
  abbreviated: boolean;
  /**
   * Offsets in the text of hyphens that stand right before a line break inside
   * `<…>`. They are kept in `uri`, but RFC 2396 Appendix E warns that such a
   * hyphen "may or may not actually be part of the URI" (a typesetter may have
   * added it). Absent when there is none.
   */
  lineBreakHyphens?: number[];
}

/** Options of `findUris`. */
export interface FindUrisOptions {
  /** Report abbreviated URIs (`www.example.com/path`, `ftp.example.org`; RFC 2396 Appendix F). Default `true`. */
  abbreviated?: boolean;
  /** More schemes (case-insensitive) that count without `//` in running text, besides `NON_HIERARCHICAL_SCHEMES`. */
  schemes?: readonly string[];
}

/**
 * Schemes recognised in running text without `//` after the colon. Any other
 * `word:` is prose ("Note: this", "key:value"); any syntactically valid scheme
 * followed by `://` counts.
 */
export const NON_HIERARCHICAL_SCHEMES: readonly string[] = [
  'about',
  'cid',
  'data',
  'fax',
  'geo',
  'javascript',
  'magnet',
  'mailto',
  'mid',
  'news',
  'sip',
  'sips',
  'sms',
  'tel',
  'urn',
  'vbscript',
  'xmpp',
];

/**
 * What a URI of an opaque scheme looks like past its `scheme:` when it stands in running text,
 * by the scheme's own syntax: `data:` then a media type, a parameter or the comma (RFC 2397),
 * `mailto:` with an `@` or a query (RFC 6068), `tel:`/`fax:`/`sms:` with digits (RFC 3966,
 * RFC 5724), `urn:` with a namespace (RFC 8141), `geo:` with a number (RFC 5870). Protocol text
 * such as server-sent events (`event:custom\ndata:test`) has the scheme's name but not its shape.
 */
const OPAQUE_SHAPES: Readonly<Record<string, RegExp>> = {
  // After `data:;` a parameter (`charset=utf-8`) or `base64` (RFC 2397): a Content-Security-Policy's
  // `img-src data:;form-action 'self'` is a scheme-source before the next directive.
  data: /^[a-z]+\/[a-z0-9.+-]+|^;(?:base64\b|[a-z0-9!#$&+.^_`|~-]+=)|^,/i,
  mailto: /@|^\?/,
  tel: /^\+?[\d(]/,
  fax: /^\+?[\d(]/,
  sms: /^\+?[\d(]/,
  urn: /^[a-z0-9][a-z0-9-]{0,31}:/i,
  geo: /^-?\d/,
};

/**
 * Whether `uri` (found in running text) has the shape of its scheme's own syntax: a URI with `//`
 * after its scheme always does; one of the opaque schemes above must look like one of its kind
 * past the colon. Anything that does not start with a scheme is left to the caller (true).
 */
export function hasOpaqueShape(uri: string): boolean {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/)?/.exec(uri);
  if (match === null || match[2] !== undefined) return true;
  const shape = OPAQUE_SHAPES[match[1]!.toLowerCase()];
  return shape === undefined || shape.test(uri.slice(match[0].length));
}

const TAB = 0x09;
const LF = 0x0a;
const VT = 0x0b;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const LPAREN = 0x28;
const RPAREN = 0x29;
const STAR = 0x2a;
const COMMA = 0x2c;
const HYPHEN = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const COLON = 0x3a;
const SEMICOLON = 0x3b;
const LT = 0x3c;
const GT = 0x3e;
const QUESTION = 0x3f;
const EXCLAMATION = 0x21;
const HASH = 0x23;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const UNDERSCORE = 0x5f;
const BACKTICK = 0x60;
const LBRACE = 0x7b;
const PIPE = 0x7c;
const RBRACE = 0x7d;
const TILDE = 0x7e;

interface Context {
  text: string;
  schemes: ReadonlySet<string>;
  maxSchemeLength: number;
  abbreviated: boolean;
}

/** Where a candidate was found (or, without `found`, skipped), and where to go on scanning. */
interface Attempt {
  found?: FoundUri;
  next: number;
}

/** How delimited content begins: with a scheme, or as an abbreviated URI. */
interface Opening {
  /** Where the URI must continue for it to be more than its scheme (after `:` or `://`). */
  bodyStart: number;
  abbreviated: boolean;
  /** A scheme that is neither followed by `//` nor well known (`localhost:3000`, `key:value`). */
  unknownOpaque: boolean;
}

function isAlpha(c: number): boolean {
  return c < 128 && ALPHA[c] === 1;
}

function isSchemeChar(c: number): boolean {
  return c < 128 && SCHEME_CHAR[c] === 1;
}

/** A DNS label character of a host name (letters, digits, hyphen). */
function isLabelChar(c: number): boolean {
  return c < 128 && (ALPHA[c] === 1 || DIGIT[c] === 1 || c === HYPHEN);
}

/** The characters of JavaScript's `\s`: ASCII and Unicode white space. */
function isWhitespace(c: number): boolean {
  if (c < 128) return c === SPACE || (c >= TAB && c <= CR);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isLineBreak(c: number): boolean {
  return c === LF || c === CR || c === VT || c === FF || c === 0x2028 || c === 0x2029;
}

/**
 * "usually within double-quotes …, angle brackets …, or just using whitespace"
 * (App. E): what ends a URI in running text. Besides white space, the
 * delimiters themselves, the backtick (Markdown code spans), typographic
 * quotes and CJK punctuation, none of which a URI carries raw.
 */
function isStop(c: number): boolean {
  if (c < 128) return isWhitespace(c) || c === LT || c === GT || c === QUOTE || c === BACKTICK;
  if (isWhitespace(c)) return true;
  switch (c) {
    case 0x2018: // ‘
    case 0x2019: // ’
    case 0x201c: // “
    case 0x201d: // ”
    case 0x00ab: // «
    case 0x00bb: // »
    case 0x2039: // ‹
    case 0x203a: // ›
    case 0x3001: // 、
    case 0x3002: // 。
    case 0xff0c: // ，
    case 0xff1a: // ：
    case 0xff1b: // ；
    case 0xff01: // ！
    case 0xff1f: // ？
    case 0xff08: // （
    case 0xff09: // ）
    case 0x300c: // 「
    case 0x300d: // 」
    case 0x300e: // 『
    case 0x300f: // 』
    case 0x3010: // 【
    case 0x3011: // 】
    case 0x3008: // 〈
    case 0x3009: // 〉
    case 0x300a: // 《
    case 0x300b: // 》
      return true;
    default:
      return false;
  }
}

/**
 * "delimit the URI from the rest of the text, and in particular from
 * punctuation marks that might be mistaken for part of the URI" (App. E):
 * sentence punctuation at the end of a candidate belongs to the sentence. Also
 * Markdown emphasis (`*`, `_`, `~`, as GitHub's autolinks do) and the ellipsis.
 */
function isTrailingPunctuation(c: number): boolean {
  switch (c) {
    case DOT:
    case COMMA:
    case SEMICOLON:
    case COLON:
    case EXCLAMATION:
    case QUESTION:
    case APOSTROPHE:
    case QUOTE:
    case STAR:
    case UNDERSCORE:
    case TILDE:
    case 0x2026: // …
      return true;
    default:
      return false;
  }
}

/** Index 0, 1, 2 for the bracket pairs `()`, `[]`, `{}`; -1 for anything else. */
function bracketKind(c: number): number {
  if (c === LPAREN || c === RPAREN) return 0;
  if (c === LBRACKET || c === RBRACKET) return 1;
  if (c === LBRACE || c === RBRACE) return 2;
  return -1;
}

function isCloser(c: number): boolean {
  return c === RPAREN || c === RBRACKET || c === RBRACE;
}

/**
 * Where an abbreviated URI may begin (App. F: "www.w3.org/Addressing/" in
 * running text): at the start, after white space, an opening bracket or quote,
 * or Markdown emphasis — never inside a word, a path or an e-mail address.
 */
function isAbbreviationBoundary(text: string, index: number): boolean {
  if (index === 0) return true;
  const c = text.charCodeAt(index - 1);
  if (isStop(c)) return true;
  return (
    c === LPAREN ||
    c === LBRACKET ||
    c === LBRACE ||
    c === APOSTROPHE ||
    c === STAR ||
    c === UNDERSCORE ||
    c === TILDE ||
    c === PIPE
  );
}

/** Whether `text` has `prefix` (lower case) at `index`, ASCII letters compared case-insensitively. */
function startsWithIgnoreCase(text: string, index: number, prefix: string): boolean {
  if (index + prefix.length > text.length) return false;
  for (let k = 0; k < prefix.length; k++) {
    const c = text.charCodeAt(index + k);
    const folded = isAlpha(c) ? c | 0x20 : c;
    if (folded !== prefix.charCodeAt(k)) return false;
  }
  return true;
}

/** A TLD-like last label: 2–63 letters, or an IDNA A-label (`xn--…`). */
function isTldLike(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length < 2 || length > 63) return false;
  if (length > 4 && startsWithIgnoreCase(text, start, 'xn--')) return true;
  for (let k = start; k < end; k++) if (!isAlpha(text.charCodeAt(k))) return false;
  return true;
}

/**
 * "a reference consisting of only the authority and path portions …, such as
 * www.w3.org/Addressing/" (App. F): a host name of at least three labels whose
 * first is `www` or `ftp` and whose last looks like a top-level domain,
 * followed by the end, a path, port, query or fragment, or punctuation.
 * Returns the end of the host name, or -1.
 */
function abbreviatedHostEnd(text: string, start: number): number {
  if (!startsWithIgnoreCase(text, start, 'www.') && !startsWithIgnoreCase(text, start, 'ftp.')) return -1;
  let p = start + 4;
  let labels = 1;
  let labelStart: number;
  for (;;) {
    labelStart = p;
    while (p < text.length && isLabelChar(text.charCodeAt(p))) p++;
    if (p === labelStart) return -1;
    labels++;
    if (text.charCodeAt(p) === DOT && p + 1 < text.length && isLabelChar(text.charCodeAt(p + 1))) p++;
    else break;
  }
  if (labels < 3 || !isTldLike(text, labelStart, p)) return -1;
  if (p === text.length) return p;
  const next = text.charCodeAt(p);
  const fits =
    next === SLASH ||
    next === QUESTION ||
    next === HASH ||
    next === COLON ||
    isStop(next) ||
    isTrailingPunctuation(next) ||
    isCloser(next);
  return fits ? p : -1;
}

/** The index of the `:` ending a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`) that starts at `start`, or -1. */
function schemeColon(text: string, start: number): number {
  if (start >= text.length || !isAlpha(text.charCodeAt(start))) return -1;
  let p = start + 1;
  while (p < text.length && isSchemeChar(text.charCodeAt(p))) p++;
  return text.charCodeAt(p) === COLON ? p : -1;
}

function hasDoubleSlash(text: string, colon: number): boolean {
  return text.charCodeAt(colon + 1) === SLASH && text.charCodeAt(colon + 2) === SLASH;
}

function isKnownScheme(ctx: Context, start: number, colon: number): boolean {
  if (colon - start > ctx.maxSchemeLength) return false;
  return ctx.schemes.has(ctx.text.slice(start, colon).toLowerCase());
}

/**
 * "Inside `<…>` or double quotes, anything that starts with a scheme or looks
 * abbreviated" (App. E recommends those delimiters "for URI that contain
 * whitespace"): how the content at `start` opens, if it opens a URI. A
 * one-letter scheme is a drive letter (`"C:\dir"`), and a colon followed by
 * white space is prose (`"Note: this"`).
 */
function delimitedOpening(ctx: Context, start: number): Opening | undefined {
  const { text } = ctx;
  const colon = schemeColon(text, start);
  if (colon >= 0) {
    if (hasDoubleSlash(text, colon)) return { bodyStart: colon + 3, abbreviated: false, unknownOpaque: false };
    if (isKnownScheme(ctx, start, colon)) return { bodyStart: colon + 1, abbreviated: false, unknownOpaque: false };
    const after = text.charCodeAt(colon + 1);
    if (colon - start >= 2 && colon + 1 < text.length && !isWhitespace(after)) {
      return { bodyStart: colon + 1, abbreviated: false, unknownOpaque: true };
    }
  }
  if (ctx.abbreviated && abbreviatedHostEnd(text, start) >= 0) {
    return { bodyStart: start, abbreviated: true, unknownOpaque: false };
  }
  return undefined;
}

/**
 * 'The prefix "URL:" (with or without a trailing space) was recommended as a
 * way … to help distinguish a URL from other bracketed designators' (App. E):
 * it is not part of the URI. Returns where the URI starts after it, or `start`
 * when there is no such prefix before a URI.
 */
function skipUrlPrefix(ctx: Context, start: number, allowLineBreak: boolean): number {
  const { text } = ctx;
  if (!startsWithIgnoreCase(text, start, 'url:')) return start;
  let p = start + 4;
  while (p < text.length && isWhitespace(text.charCodeAt(p)) && (allowLineBreak || !isLineBreak(text.charCodeAt(p)))) p++;
  return delimitedOpening(ctx, p) ? p : start;
}

/**
 * "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need
 * to be added to break long URI across lines. The whitespace should be
 * ignored when extracting the URI." (App. E): the URI is the content with
 * every white-space run that holds a line break removed ("ignore all unescaped
 * whitespace around the line break"). White space within a line stays: it is
 * in the URI, for the caller's `parse` to report. A hyphen before a line break
 * is kept ("the hyphen may or may not actually be part of the URI"; RFC 2396
 * says no white space "should be introduced after a hyphen", so a conforming
 * writer's hyphen there is the URI's) and its offset is returned.
 */
function joinLines(text: string, start: number, end: number): { uri: string; hyphens: number[] } {
  let uri = '';
  const hyphens: number[] = [];
  let copied = start;
  let p = start;
  while (p < end) {
    if (!isWhitespace(text.charCodeAt(p))) {
      p++;
      continue;
    }
    const runStart = p;
    let hasBreak = false;
    while (p < end && isWhitespace(text.charCodeAt(p))) {
      if (isLineBreak(text.charCodeAt(p))) hasBreak = true;
      p++;
    }
    if (!hasBreak) continue;
    uri += text.slice(copied, runStart);
    copied = p;
    if (runStart > start && text.charCodeAt(runStart - 1) === HYPHEN) hyphens.push(runStart - 1);
  }
  uri += text.slice(copied, end);
  return { uri, hyphens };
}

/** True when the white-space run at `p` holds two line breaks (a blank line: a new paragraph); CRLF is one break. */
function isParagraphBreak(text: string, p: number, end: number): boolean {
  let breaks = 0;
  for (let q = p; q < end && isWhitespace(text.charCodeAt(q)); q++) {
    const c = text.charCodeAt(q);
    if (c === CR && text.charCodeAt(q + 1) === LF) continue;
    if (isLineBreak(c) && ++breaks === 2) return true;
  }
  return false;
}

function trimWhitespaceEnd(text: string, start: number, end: number): number {
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) end--;
  return end;
}

function trimPunctuationEnd(text: string, start: number, end: number): number {
  const data = startsWithIgnoreCase(text, start, 'data:');
  while (end > start && isTrailingPunctuation(text.charCodeAt(end - 1))) {
    // A `data:` URI's first comma ends its media type (`"data:text/javascript,"`, an empty module): it is the URI's own.
    if (data && text.charCodeAt(end - 1) === COMMA && text.indexOf(',', start) === end - 1) break;
    end--;
  }
  return end;
}

function containsWhitespace(text: string, start: number, end: number): boolean {
  for (let p = start; p < end; p++) if (isWhitespace(text.charCodeAt(p))) return true;
  return false;
}

/**
 * "Using <> angle brackets around each URI is especially recommended as a
 * delimiting style for URI that contain whitespace" (App. E): `<…>` holding a
 * URI, possibly broken across lines, possibly after `URL:`. The content runs
 * to the first `>`; a `<` or a blank line before it means these were not
 * delimiters. Nothing inside is trimmed but surrounding white space.
 */
function findInAngleBrackets(ctx: Context, open: number): Attempt | undefined {
  const { text } = ctx;
  let start = open + 1;
  while (start < text.length && isWhitespace(text.charCodeAt(start))) start++;
  start = skipUrlPrefix(ctx, start, true);
  const opening = delimitedOpening(ctx, start);
  if (!opening) return undefined;
  let close = open + 1;
  for (; close < text.length; close++) {
    const c = text.charCodeAt(close);
    if (c === GT) break;
    if (c === LT) return undefined;
    if (isLineBreak(c) && isParagraphBreak(text, close, text.length)) return undefined;
  }
  if (close === text.length) return undefined;
  const end = trimWhitespaceEnd(text, start, close);
  if (opening.unknownOpaque && containsWhitespace(text, start, end)) return undefined;
  if (end <= opening.bodyStart) return { next: close + 1 };
  const { uri, hyphens } = joinLines(text, start, end);
  const found: FoundUri = { start, end, uri, delimiter: 'angle-brackets', abbreviated: opening.abbreviated };
  if (hyphens.length > 0) found.lineBreakHyphens = hyphens;
  return { found, next: close + 1 };
}

/**
 * 'within double-quotes "http://test.com/"' (App. E): the content up to the
 * closing quote on the same line, when it starts with a URI. Trailing sentence
 * punctuation inside the quotes is dropped too (`"http://example.com/."`, as
 * typeset in American English).
 */
function findInQuotes(ctx: Context, open: number): Attempt | undefined {
  const { text } = ctx;
  const start = skipUrlPrefix(ctx, open + 1, false);
  const opening = delimitedOpening(ctx, start);
  if (!opening) return undefined;
  let close = start;
  for (; close < text.length; close++) {
    const c = text.charCodeAt(close);
    if (c === QUOTE) break;
    if (isLineBreak(c)) return undefined;
  }
  if (close === text.length) return undefined;
  // A list of URIs in the quotes (`"tls://a:587;ssl://b:465"`, XML Schema's `xsi:schemaLocation="URI URI"`,
  // lychee's `--remap "URL REPLACEMENT"`, a scanner's `"URL | URL"`, a list of URNs `"urn:a:b urn:c:d"`):
  // the first ends before the next's scheme.
  let listEnd = close;
  for (let p = opening.bodyStart; p < close; p++) {
    const c = text.charCodeAt(p);
    if ((c === 0x3b || c === 0x2c || c === SPACE || c === TAB) && startsWithSchemeSlashes(text, p + 1)) {
      listEnd = p;
      break;
    }
    // A space before another URI of a known scheme, or of the first's own (`urn:… urn:…`): white space
    // separates the URIs of a list, and the next one's scheme is no word of the first's.
    if ((c === SPACE || c === TAB) && startsSchemeUri(ctx, p + 1, start)) {
      listEnd = p;
      break;
    }
    // `"https://a.example/x | https://b.example/y"`: URIs joined by a spaced `|`, `,` or `;`.
    if ((c === SPACE || c === TAB) && /^[ \t]*[|,;][ \t]*/.test(text.slice(p, p + 8))) {
      const gap = /^[ \t]*[|,;][ \t]*/.exec(text.slice(p, p + 8))![0].length;
      if (startsWithSchemeSlashes(text, p + gap)) {
        listEnd = p;
        break;
      }
    }
  }
  const end = trimPunctuationEnd(text, start, trimWhitespaceEnd(text, start, listEnd));
  if (opening.unknownOpaque && containsWhitespace(text, start, end)) return undefined;
  const next = listEnd === close ? close + 1 : listEnd + 1;
  if (end <= opening.bodyStart) return { next };
  const uri = text.slice(start, end);
  return { found: { start, end, uri, delimiter: 'quotes', abbreviated: opening.abbreviated }, next };
}

/**
 * A URI of a known scheme, or of the scheme of the URI at `first`, written at `at` (`urn:oasis:…`):
 * its `scheme:` then a character that is no white space.
 */
function startsSchemeUri(ctx: Context, at: number, first: number): boolean {
  const { text } = ctx;
  const colon = schemeColon(text, at);
  if (colon < 0 || colon === at + 1 || colon + 1 >= text.length || isWhitespace(text.charCodeAt(colon + 1)) || text.charCodeAt(colon + 1) === QUOTE) return false;
  if (isKnownScheme(ctx, at, colon)) return true;
  const own = schemeColon(text, first);
  return own >= 0 && own - first === colon - at && text.slice(first, own).toLowerCase() === text.slice(at, colon).toLowerCase();
}

/** `scheme://` (a scheme of at most 32 characters) written at `at`. */
const SCHEME_SLASHES = /[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\//y;

function startsWithSchemeSlashes(text: string, at: number): boolean {
  SCHEME_SLASHES.lastIndex = at;
  return SCHEME_SLASHES.test(text);
}

/**
 * "or just using whitespace http://test.com/" (App. E): from `from`, the end
 * of a URI in running text — the next white space or other stop character, or
 * a closing bracket that closes nothing opened within the candidate (so
 * `(see https://x.example/a)` and `[text](https://x.example/a)` lose their
 * `)`, and `https://en.wikipedia.org/wiki/URI_(disambiguation)` keeps its own).
 */
function extendInText(text: string, from: number, authority = false): number {
  const depth = [0, 0, 0];
  let inAuthority = authority;
  let p = from;
  for (; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (isStop(c)) break;
    // A list of URIs in one value, `tls://smtp1.example.com:587;ssl://smtp2.example.com:465`: a `;` or
    // `,` right before another `scheme://` ends this one.
    if ((c === 0x3b || c === 0x2c) && startsWithSchemeSlashes(text, p + 1)) break;
    // Running text that is itself percent-encoded (a `mailto:` body, a share link's text): an encoded
    // line break, `%0D` or `%0A`, in what would be the host ends the line and the URI in it (a
    // host has none; in a path or query it is the URI's own).
    if (c === 0x2f || c === 0x3f || c === 0x23) inAuthority = false;
    else if (inAuthority && c === 0x25 && text.charCodeAt(p + 1) === 0x30 && /[ad]/i.test(text[p + 2] ?? '')) break;
    const kind = bracketKind(c);
    if (kind < 0) continue;
    if (!isCloser(c)) depth[kind]!++;
    else if (depth[kind] === 0) break;
    else depth[kind]!--;
  }
  return p;
}

/**
 * A candidate in running text from `start` (a scheme or an abbreviated host),
 * extended from `from` (after `scheme:`, `scheme://` or the host name) to the
 * next delimiter, then trailing punctuation dropped ("punctuation marks that
 * might be mistaken for part of the URI", App. E). A candidate that ends by
 * `bodyStart` — nothing after `scheme:` or `scheme://`, as in "URLs start
 * with http://." — is skipped.
 */
function findInText(ctx: Context, start: number, from: number, bodyStart: number, abbreviated: boolean, authority = false): Attempt {
  const { text } = ctx;
  const extended = extendInText(text, from, authority);
  const end = trimPunctuationEnd(text, start, extended);
  if (end <= bodyStart) return { next: extended };
  return { found: { start, end, uri: text.slice(start, end), delimiter: 'whitespace', abbreviated }, next: end };
}

/**
 * A scheme in running text, ending at `colon`: `scheme://…` for any scheme,
 * `scheme:…` only for the well-known non-hierarchical ones — so "Note: this",
 * "key:value", `C:\path` and `12:30` are not URIs.
 */
function findSchemeInText(ctx: Context, start: number, colon: number): Attempt | undefined {
  if (hasDoubleSlash(ctx.text, colon)) return findInText(ctx, start, colon + 3, colon + 3, false, true);
  if (isKnownScheme(ctx, start, colon)) return findInText(ctx, start, colon + 1, colon + 1, false);
  return undefined;
}

function makeContext(text: string, options: FindUrisOptions | undefined): Context {
  const schemes = new Set(NON_HIERARCHICAL_SCHEMES);
  for (const scheme of options?.schemes ?? []) schemes.add(scheme.toLowerCase());
  let maxSchemeLength = 0;
  for (const scheme of schemes) maxSchemeLength = Math.max(maxSchemeLength, scheme.length);
  return { text, schemes, maxSchemeLength, abbreviated: options?.abbreviated ?? true };
}

/**
 * Finds URI candidates in prose, comments, Markdown or plain text, following
 * RFC 2396 Appendix E and RFC 3986 Appendix C, in text order and without
 * overlap. Candidates are not validated: run `parse` on `uri`.
 *
 * - `<…>` (Markdown autolinks included) and `"…"` delimit anything that
 *   starts with a scheme or an abbreviated host, white space included; `<…>`
 *   may span lines (the white space of each line break is left out of `uri`;
 *   a hyphen before the break is kept and listed in `lineBreakHyphens`). An
 *   `URL:` prefix is dropped.
 * - In running text: `scheme://…` for any valid scheme, `scheme:…` for
 *   `NON_HIERARCHICAL_SCHEMES` (plus `options.schemes`), and abbreviated URIs
 *   (`www.…`, `ftp.…`, flagged `abbreviated`); each runs to white space, `<`,
 *   `>`, `"` or a backtick, or to a closing bracket it did not open, less
 *   trailing punctuation. E-mail addresses without `mailto:` are not URIs.
 *
 * Never throws; linear time.
 */
export function findUris(text: string, options?: FindUrisOptions): FoundUri[] {
  const found: FoundUri[] = [];
  if (typeof text !== 'string') return found;
  const ctx = makeContext(text, options);
  let runStart = -1; // start of the current run of scheme characters
  let runAlpha = -1; // its first letter: where a scheme in it would start
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let attempt: Attempt | undefined;
    if (c === LT) attempt = findInAngleBrackets(ctx, i);
    else if (c === QUOTE) attempt = findInQuotes(ctx, i);
    else if (c === COLON && runAlpha >= 0) attempt = findSchemeInText(ctx, runAlpha, i);
    else if (isSchemeChar(c) && runStart < 0 && ctx.abbreviated && isAbbreviationBoundary(text, i)) {
      const hostEnd = abbreviatedHostEnd(text, i);
      if (hostEnd >= 0) attempt = findInText(ctx, i, hostEnd, i, true);
    }
    if (attempt) {
      if (attempt.found) found.push(attempt.found);
      i = attempt.next;
      runStart = runAlpha = -1;
      continue;
    }
    if (isSchemeChar(c)) {
      if (runStart < 0) runStart = i;
      if (runAlpha < 0 && isAlpha(c)) runAlpha = i;
    } else {
      runStart = runAlpha = -1;
    }
    i++;
  }
  return found;
}
