import { diagnostic } from '../diagnostic.js';
import { excerpt } from '../messages.js';
import type { Diagnostic, UriReference } from '../types.js';

/** Schemes whose URIs are code. */
const CODE_SCHEMES = new Set(['javascript', 'vbscript']);

/** `data:` media types that browsers render as documents able to run scripts. */
const SCRIPT_MEDIA_TYPES = new Set(['text/html', 'image/svg+xml', 'application/xhtml+xml']);

/** A scheme longer than this is no script scheme: the scan stops (a bound, not a rule). */
const MAX_SCHEME = 32;
/** Media types are short; the scan after `data:` stops here. */
const MAX_MEDIA_TYPE = 64;

/** The input as a browser reads its start: cleaned characters and where each came from. */
interface BrowserStart {
  /** The scheme, lower-cased, after stripping and tab/newline removal. */
  scheme: string;
  /** The offset just after the `:` in the input. */
  colonEnd: number;
  /** Leading C0 controls or spaces were stripped. */
  stripped: boolean;
  /** Tabs or newlines were removed before the `:`. */
  removed: boolean;
}

const isTabOrNewline = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0d;
const isAlpha = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isSchemeChar = (c: number): boolean =>
  isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;

/**
 * The scheme as the WHATWG basic URL parser reads it (spec §9): leading C0
 * controls and spaces stripped, tabs and newlines removed anywhere.
 */
function readBrowserScheme(s: string): BrowserStart | undefined {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) <= 0x20) i++;
  const stripped = i > 0;
  let removed = false;
  let scheme = '';
  for (; i < s.length && scheme.length <= MAX_SCHEME; i++) {
    const c = s.charCodeAt(i);
    if (isTabOrNewline(c)) {
      removed = true;
    } else if (c === 0x3a) {
      return scheme === '' ? undefined : { scheme: scheme.toLowerCase(), colonEnd: i + 1, stripped, removed };
    } else if (scheme === '' ? isAlpha(c) : isSchemeChar(c)) {
      scheme += s[i];
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The `data:` media type as a browser reads it, and where it ends in the input. */
function readMediaType(s: string, from: number): { type: string; end: number } {
  let type = '';
  let i = from;
  for (; i < s.length && i - from < MAX_MEDIA_TYPE; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3b || c === 0x2c) break;
    if (!isTabOrNewline(c)) type += s[i];
  }
  return { type: type.trim().toLowerCase(), end: i };
}

function cleaned(s: string, from: number): string {
  // Tabs and newlines are removed; what follows is shown as the browser reads it.
  return s.slice(from, from + 200).replace(/[\t\n\r]/g, '');
}

function effect(start: BrowserStart, s: string, mediaType: string | undefined): string {
  if (mediaType !== undefined) {
    return `renders it as ${mediaType}, running its scripts when it is loaded in a frame or object (browsers block only top-level navigation to data: URIs)`;
  }
  const code = cleaned(s, start.colonEnd);
  const shown = excerpt(code, 0, code.length);
  if (start.scheme === 'vbscript') return `runs the VBScript "${shown}" in Internet Explorer (other browsers refuse it)`;
  return `runs "${shown}" in the page when the link is followed or the URI is assigned to location`;
}

function obfuscation(start: BrowserStart): string {
  const steps: string[] = [];
  if (start.stripped) steps.push('strips the leading spaces and control characters');
  if (start.removed) steps.push('removes the tabs and newlines');
  return steps.join(' and ');
}

/**
 * `scheme-script` and `scheme-script-obfuscated`: `javascript:`, `vbscript:`
 * and `data:` documents that run scripts. The scheme is read as a browser reads
 * it; when that needed stripping or removal, the code is the obfuscated one.
 * Case alone (`JavaScript:`) is not obfuscation: schemes are case-insensitive.
 */
export function checkScriptScheme(reference: UriReference): Diagnostic[] {
  const s = reference.input;
  const start = readBrowserScheme(s);
  if (start === undefined) return [];
  let end = start.colonEnd;
  let mediaType: string | undefined;
  if (start.scheme === 'data') {
    const media = readMediaType(s, start.colonEnd);
    if (!SCRIPT_MEDIA_TYPES.has(media.type)) return [];
    mediaType = media.type;
    end = media.end;
    if (/[\t\n\r]/.test(s.slice(start.colonEnd, end))) start.removed = true;
  } else if (!CODE_SCHEMES.has(start.scheme)) {
    return [];
  }
  const name = mediaType === undefined ? `${start.scheme}:` : `data:${mediaType}`;
  if (start.stripped || start.removed) {
    const what = mediaType === undefined ? 'the scheme' : 'the scheme and media type';
    const message = `A browser ${obfuscation(start)} before it reads ${what}, so this is "${name}": it ${effect(start, s, mediaType)}.`;
    return [diagnostic('scheme-script-obfuscated', 0, end, 'scheme', message)];
  }
  const message = `A "${name}" URI is code: a browser ${effect(start, s, mediaType)}.`;
  return [diagnostic('scheme-script', 0, end, 'scheme', message)];
}
