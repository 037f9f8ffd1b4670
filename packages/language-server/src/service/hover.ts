import { compareWithWhatwg, defaultPort, maskPassword, normalize, resolve, tryPercentDecode, type Span, type UriReference } from '@urilint/core';
import type { UriCandidate } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { DocumentAnalysis } from './analysis.js';
import { toRange } from './diagnostics.js';
import { cell, code, escape } from './markdown.js';

/** What stands for a masked password. */
const MASK = '••••';

/** The candidate whose URI is under the offset (the end of a URI counts: the cursor just after it). */
export function candidateAt(analysis: DocumentAnalysis, offset: number): { candidate: UriCandidate; range: [number, number] } | undefined {
  for (let i = 0; i < analysis.candidates.length; i++) {
    const range = analysis.uriRanges[i]!;
    if (range[0] <= offset && offset <= range[1]) return { candidate: analysis.candidates[i]!, range };
  }
  return undefined;
}

/** The URI with its password masked (`user:••••@host`), as core masks it. */
export function masked(uri: string, reference?: UriReference): string {
  return maskPassword(uri, reference, MASK);
}

/** The URI as the source writes it: each hole (`${…}`, `{var}`) shown as `…`. */
function shown(candidate: UriCandidate): string {
  const uri = masked(candidate.uri, candidate.reference);
  if (candidate.holes.length === 0) return uri;
  // Masking shortens nothing before a hole that matters here: holes are mapped on the unmasked text.
  let out = '';
  let at = 0;
  for (const hole of candidate.holes) {
    out += candidate.uri.slice(at, Math.max(at, hole.start)) + '…';
    at = Math.max(at, hole.end);
  }
  return candidate.reference.userinfo ? masked(out + candidate.uri.slice(at)) : out + candidate.uri.slice(at);
}

function slice(uri: string, span: Span | undefined): string | undefined {
  return span === undefined ? undefined : uri.slice(span.start, span.end);
}

/** Percent-decoded text, or the text itself with a note when its octets are not UTF-8. */
function decoded(text: string): string {
  const value = tryPercentDecode(text);
  return value === undefined ? `${code(text)} (not UTF-8 once decoded)` : code(value);
}

const HOST_KINDS: Readonly<Record<string, string>> = {
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  ipvfuture: 'IPvFuture literal',
  'reg-name': 'registered name',
};

/** The components of the URI as table rows. */
function componentRows(candidate: UriCandidate): string[] {
  const uri = candidate.uri;
  const reference = candidate.reference;
  const rows: string[] = [];
  const row = (name: string, value: string): void => void rows.push(`| ${name} | ${cell(value)} |`);
  const scheme = slice(uri, reference.scheme);
  if (scheme !== undefined) row('scheme', code(scheme));
  const userinfo = slice(uri, reference.userinfo);
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    row('userinfo', colon < 0 ? code(userinfo) : `${code(userinfo.slice(0, colon + 1) + MASK)} (password masked)`);
  }
  if (reference.host !== undefined) {
    const host = uri.slice(reference.host.start, reference.host.end);
    const kind = HOST_KINDS[reference.host.kind] ?? reference.host.kind;
    const zone = reference.host.zone ? `, zone ${code(uri.slice(reference.host.zone.start, reference.host.zone.end))}` : '';
    row('host', host === '' ? '(empty)' : `${code(host)} — ${kind}${zone}`);
  }
  const port = slice(uri, reference.port);
  if (port !== undefined) {
    const standard = scheme === undefined ? undefined : defaultPort(scheme);
    const note = port === '' ? '(empty: the default port)' : standard !== undefined && Number(port) === standard ? `— the default for ${scheme!.toLowerCase()}` : '';
    row('port', `${port === '' ? '' : code(port)} ${note}`.trim());
  }
  const path = uri.slice(reference.path.start, reference.path.end);
  row('path', path === '' ? '(empty)' : code(path));
  const segments = reference.path.segments.map((segment) => uri.slice(segment.start, segment.end));
  if (segments.length > 1 || (segments.length === 1 && segments[0] !== path)) {
    row('&nbsp;&nbsp;segments', segments.map((segment) => (segment === '' ? '(empty)' : decoded(segment))).join(' · '));
  } else if (segments.length === 1 && /%[0-9A-Fa-f]{2}/.test(path)) {
    row('&nbsp;&nbsp;decoded', decoded(path));
  }
  const query = slice(uri, reference.query);
  if (query !== undefined) {
    row('query', query === '' ? '(empty)' : code(query));
    const parameters = query === '' ? [] : query.split('&');
    if (parameters.length > 0) {
      // As URLSearchParams reads a query: `+` is a space, each name and value percent-decoded.
      const list = parameters.map((parameter) => {
        const equals = parameter.indexOf('=');
        const name = equals < 0 ? parameter : parameter.slice(0, equals);
        const value = equals < 0 ? undefined : parameter.slice(equals + 1);
        const readName = decoded(name.replace(/\+/g, ' '));
        return value === undefined ? readName : `${readName} = ${decoded(value.replace(/\+/g, ' '))}`;
      });
      row('&nbsp;&nbsp;parameters', list.join(' · '));
    }
  }
  const fragment = slice(uri, reference.fragment);
  if (fragment !== undefined) row('fragment', fragment === '' ? '(empty)' : decoded(fragment));
  return rows;
}

/** The base relative references resolve against: `<base href>`, else the setting, else the document itself. */
export function baseOf(analysis: DocumentAnalysis, documentUri: string, setting: string): string | undefined {
  const fallback = setting !== '' ? setting : documentUri.startsWith('file:') ? documentUri : undefined;
  if (analysis.base !== undefined) {
    try {
      return fallback === undefined ? resolve(analysis.base, analysis.base) : resolve(analysis.base, fallback);
    } catch {
      return fallback;
    }
  }
  return fallback;
}

/** The lines after the table: normal form, resolution, the browser's reading, the problems. */
function readings(candidate: UriCandidate, base: string | undefined): string[] {
  const lines: string[] = [];
  const uri = candidate.uri;
  const holes = candidate.holes.length > 0;
  if (!holes) {
    try {
      const normal = normalize(uri);
      if (normal !== uri) lines.push(`**Normal form** ${code(masked(normal))}`);
    } catch {
      // Not a valid URI reference: it has no normal form until it is fixed.
    }
    if (candidate.reference.kind === 'relative-ref' && base !== undefined) {
      try {
        lines.push(`**Resolved** ${code(masked(resolve(uri, base)))} (against ${code(masked(base))})`);
      } catch {
        // An invalid reference or base has no resolution.
      }
    }
    const browser = candidate.reference.kind === 'uri' ? candidate.analysis.whatwg : compareWithWhatwg(uri, base === undefined ? {} : { base });
    if (browser?.failure !== undefined) lines.push(`**A browser** rejects it: ${escape(browser.failure)}`);
    else if (browser?.href !== undefined && browser.diagnostics.length > 0) lines.push(`**A browser reads** ${code(masked(browser.href))}`);
  }
  const problems = candidate.analysis.diagnostics.filter((diagnostic) => !candidate.touchesHole(diagnostic.start, diagnostic.end));
  if (problems.length > 0) {
    lines.push('**Problems**');
    for (const problem of problems) lines.push(`- ${code(problem.code)} ${escape(problem.message)} — ${escape(problem.spec)}`);
  }
  return lines;
}

/** The hover text of one URI: its components, normal form, resolution, browser reading and problems. */
export function hoverMarkdown(candidate: UriCandidate, base: string | undefined): string {
  const reference = candidate.reference;
  const status = reference.valid ? 'valid' : 'invalid';
  const kind = reference.kind === 'uri' ? 'URI' : 'relative reference';
  const header = `${code(shown(candidate))}  \n${kind}, ${status} (RFC 3986)${candidate.holes.length > 0 ? '; `…` is filled in at run time' : ''}`;
  const table = ['| component | value |', '|:--|:--|', ...componentRows(candidate)];
  return [header, table.join('\n'), ...readings(candidate, base)].join('\n\n');
}

/** The hover at a position: the breakdown of the URI under it, or null. */
export function provideHover(document: TextDocument, analysis: DocumentAnalysis, position: Position, baseSetting: string): Hover | null {
  const found = candidateAt(analysis, document.offsetAt(position));
  if (found === undefined) return null;
  const base = baseOf(analysis, document.uri, baseSetting);
  return { contents: { kind: MarkupKind.Markdown, value: hoverMarkdown(found.candidate, base) }, range: toRange(document, found.range) };
}
