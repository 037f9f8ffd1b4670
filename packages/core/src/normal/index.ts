import { UNRESERVED, hexValue, isHexDigit } from '../charsets.js';
import { diagnostic } from '../diagnostic.js';
import { removeDotSegments } from '../resolve.js';
import { defaultPort } from '../schemes/ports.js';
import type { Component, Diagnostic, Span, TextEdit, UriReference } from '../types.js';

/** Which deviations from the normal form (§6.2.2, §6.2.3) to report; each defaults to true. */
export interface NormalFormOptions {
  schemeCase?: boolean;
  hostCase?: boolean;
  percentHexCase?: boolean;
  percentUnreserved?: boolean;
  dotSegments?: boolean;
  defaultPort?: boolean;
  emptyPort?: boolean;
  emptyPath?: boolean;
}

const EMPTY_PATH_IS_ROOT = new Set(['http', 'https', 'ws', 'wss']);

function hasUpperCase(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}

/** Edits that lower-case the letters of `[from, to)`, skipping percent-encoded triplets. */
function lowerCaseEdits(s: string, from: number, to: number): TextEdit[] {
  const edits: TextEdit[] = [];
  let i = from;
  while (i < to) {
    if (s.charCodeAt(i) === 0x25) {
      i += 3;
      continue;
    }
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      let j = i + 1;
      while (j < to && s.charCodeAt(j) >= 0x41 && s.charCodeAt(j) <= 0x5a) j++;
      edits.push({ start: i, end: j, text: s.slice(i, j).toLowerCase() });
      i = j;
    } else {
      i++;
    }
  }
  return edits;
}

/** Whether the segment around `[start, end)` would be "." or ".." once its triplets are decoded. */
function decodesToDotSegment(s: string, segment: Span): boolean {
  const text = s.slice(segment.start, segment.end).replace(/%2e/gi, '.');
  return text === '.' || text === '..';
}

/** The segment of `path` that contains offset `at`. */
function segmentAt(ref: UriReference, at: number): Span {
  return ref.path.segments.find((segment) => segment.start <= at && at < segment.end) ?? { start: at, end: at };
}

/** §6.2.2.1 and §6.2.2.2 on the triplets of one component. */
function checkTriplets(ref: UriReference, span: Span, component: Component, options: NormalFormOptions, out: Diagnostic[]): void {
  const inPath = component === 'path';
  const s = ref.input;
  for (let i = s.indexOf('%', span.start); i >= 0 && i + 2 < span.end; i = s.indexOf('%', i + 3)) {
    const h1 = s.charCodeAt(i + 1);
    const h2 = s.charCodeAt(i + 2);
    if (!isHexDigit(h1) || !isHexDigit(h2)) continue;
    const octet = (hexValue(h1) << 4) | hexValue(h2);
    const triplet = s.slice(i, i + 3);
    if (octet < 128 && UNRESERVED[octet] === 1) {
      // Decoding %2E inside a segment that becomes "." or ".." would change which resource is named.
      if (options.percentUnreserved === false || (inPath && octet === 0x2e && decodesToDotSegment(s, segmentAt(ref, i)))) continue;
      const char = String.fromCharCode(octet);
      out.push(
        diagnostic('normal-pct-unreserved', i, i + 3, component, `"${triplet}" encodes the unreserved character "${char}", which is written as itself in normal form.`, [
          { start: i, end: i + 3, text: char },
        ]),
      );
    } else if (options.percentHexCase !== false && triplet !== triplet.toUpperCase()) {
      out.push(
        diagnostic('normal-pct-hex-case', i, i + 3, component, `The hex digits of "${triplet}" are written in upper case in normal form: "${triplet.toUpperCase()}".`, [
          { start: i, end: i + 3, text: triplet.toUpperCase() },
        ]),
      );
    }
  }
}

/**
 * Where a valid reference deviates from the normal form of RFC 3986 §6 —
 * scheme and host case, hex case and encoded unreserved characters in
 * triplets, dot segments, the default or an empty port, an empty http(s)
 * path — each with a fix that keeps the reference equivalent. Encoded dot
 * segments are left alone (see `path-encoded-dot-segment`). Invalid references
 * get no findings: fix them first.
 */
export function checkNormalForm(ref: UriReference, options: NormalFormOptions = {}): Diagnostic[] {
  if (!ref.valid) return [];
  const s = ref.input;
  const out: Diagnostic[] = [];
  const scheme = ref.scheme ? s.slice(ref.scheme.start, ref.scheme.end) : undefined;

  if (ref.scheme && scheme !== undefined && options.schemeCase !== false && hasUpperCase(s, ref.scheme.start, ref.scheme.end)) {
    out.push(
      diagnostic('normal-scheme-case', ref.scheme.start, ref.scheme.end, 'scheme', `The scheme "${scheme}" is case-insensitive and written in lower case in normal form: "${scheme.toLowerCase()}".`, [
        { start: ref.scheme.start, end: ref.scheme.end, text: scheme.toLowerCase() },
      ]),
    );
  }

  const host = ref.host;
  if (host && options.hostCase !== false) {
    const end = host.zone ? host.zone.start : host.end;
    const edits = lowerCaseEdits(s, host.start, end);
    if (edits.length > 0) {
      const text = s.slice(host.start, host.end);
      out.push(diagnostic('normal-host-case', host.start, end, 'host', `The host "${text}" is case-insensitive and written in lower case in normal form.`, edits));
    }
  }
  const components: [Span | undefined, Component][] = [
    [ref.userinfo, 'userinfo'],
    [host, 'host'],
    [ref.path, 'path'],
    [ref.query, 'query'],
    [ref.fragment, 'fragment'],
  ];
  for (const [span, component] of components) {
    if (span) checkTriplets(ref, span, component, options, out);
  }

  if (ref.port) {
    const port = s.slice(ref.port.start, ref.port.end);
    const colon = ref.port.start - 1;
    if (port === '' && options.emptyPort !== false) {
      out.push(diagnostic('normal-empty-port', colon, ref.port.end, 'port', 'An empty port is omitted with its ":" in normal form.', [{ start: colon, end: ref.port.end, text: '' }]));
    } else if (scheme !== undefined && port !== '' && Number(port) === defaultPort(scheme) && options.defaultPort !== false) {
      out.push(
        diagnostic('normal-default-port', colon, ref.port.end, 'port', `Port ${port} is the default of ${scheme.toLowerCase()} and omitted in normal form.`, [
          { start: colon, end: ref.port.end, text: '' },
        ]),
      );
    }
  }

  const path = s.slice(ref.path.start, ref.path.end);
  // Only a hierarchical path: in a rootless one (urn:, mailto:) removal would eat the first segment.
  if ((ref.scheme || ref.authority) && path.startsWith('/') && options.dotSegments !== false) {
    let normal = removeDotSegments(path);
    if (!ref.authority && normal.startsWith('//')) normal = '/.' + normal;
    const segments = ref.path.segments;
    const literalDots = segments.some((segment) => ['.', '..'].includes(s.slice(segment.start, segment.end)));
    // With an encoded dot segment too, removing only the literal ones names another resource
    // ("/a/%2e/.." is "/", not "/a/"): leave the path to path-encoded-dot-segment.
    const encodedDots = segments.some((segment) => s.slice(segment.start, segment.end).includes('%') && decodesToDotSegment(s, segment));
    if (normal !== path && literalDots && !encodedDots) {
      out.push(
        diagnostic('normal-dot-segments', ref.path.start, ref.path.end, 'path', `The path "${path}" has dot segments; in normal form it is "${normal}".`, [
          { start: ref.path.start, end: ref.path.end, text: normal },
        ]),
      );
    }
  }

  if (ref.authority && path === '' && scheme !== undefined && EMPTY_PATH_IS_ROOT.has(scheme.toLowerCase()) && options.emptyPath !== false) {
    out.push(
      diagnostic('normal-empty-path', ref.authority.start, ref.authority.end, 'path', `An empty ${scheme.toLowerCase()} path is written "/" in normal form.`, [
        { start: ref.path.start, end: ref.path.start, text: '/' },
      ]),
    );
  }
  return out.sort((a, b) => a.start - b.start);
}

