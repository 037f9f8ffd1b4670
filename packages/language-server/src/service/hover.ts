import { compareWithWhatwg, defaultPort, formDecode, isSecretParameter, maskSecrets, maskSpans, normalize, queryParameters, resolve, secretSpans, tryPercentDecode, type Span, type UriReference } from '@urilint/core';
import { presetOptions, RULE_NAMES, runRules, type Finding, type JsSourceCode, type UriCandidate } from '@urilint/discovery';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { CandidateFindings, DocumentAnalysis } from './analysis.js';
import { toRange } from './diagnostics.js';
import { cell, code, escape } from './markdown.js';
import { activeRules } from './rules.js';
import type { Settings } from './settings.js';

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

/** The URI with its secrets masked (`user:••••@host`, `?access_token=••••`), as core masks them. */
export function masked(uri: string, reference?: UriReference): string {
  return maskSecrets(uri, reference, MASK);
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

/** A query parameter's name or value as a form decodes it, or as written with a note when its octets are not UTF-8. */
function formDecoded(text: string): string {
  const value = formDecode(text);
  return value === undefined ? `${code(text)} (not UTF-8 once decoded)` : code(value);
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
    // The values of secret parameters (`access_token`, `X-Amz-Signature`…) masked, as the password is.
    row('query', query === '' ? '(empty)' : code(maskSpans(query, secretSpans(reference), reference.query!.start, MASK)));
    const parameters = queryParameters(query);
    if (parameters.length > 0) {
      // As a form and URLSearchParams read a query: `+` is a space, each name and value percent-decoded.
      const list = parameters.map(({ name, value }) => {
        const readName = formDecoded(name);
        if (value === undefined) return readName;
        return `${readName} = ${value !== '' && isSecretParameter(name.replace(/\+/g, ' ')) ? `${code(MASK)} (masked)` : formDecoded(value)}`;
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

/** The lines after the table: normal form, resolution, the browser's reading. */
function readings(candidate: UriCandidate, base: string | undefined): string[] {
  const lines: string[] = [];
  const uri = candidate.uri;
  if (candidate.holes.length > 0) return lines;
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
  return lines;
}

/** What decides the problems a hover lists: the candidate's findings, the rules that are on, the file's tree. */
export interface HoverRules {
  findings: CandidateFindings;
  settings: Pick<Settings, 'preset' | 'rules'>;
  sourceCode?: JsSourceCode;
}

const codeOf = (finding: Finding): string => finding.code ?? finding.rule;

/** The rules that are off and would report a code on this URI, by code (as the `all` preset sets their options). */
function offRulesByCode(candidate: UriCandidate, rules: HoverRules): Map<string, string[]> {
  const on = activeRules(rules.settings);
  const off = RULE_NAMES.filter((name) => !on.has(name));
  const byCode = new Map<string, string[]>();
  if (off.length === 0) return byCode;
  const options = Object.fromEntries(off.map((name) => [name, presetOptions(name, 'all')]));
  for (const finding of runRules([candidate], options, rules.sourceCode)) {
    const names = byCode.get(codeOf(finding)) ?? [];
    if (!names.includes(finding.rule)) names.push(finding.rule);
    byCode.set(codeOf(finding), names);
  }
  return byCode;
}

/**
 * The problems, as the diagnostics have them: the findings of the rules that are on (same codes,
 * messages and sections), those a disable comment turns off, then what core finds in the URI that
 * no rule that is on reports here (a `javascript:` URI that goes to no link or navigation, a code
 * whose rule is off), so the hover never shows a problem as reported that no diagnostic reports.
 */
function problems(candidate: UriCandidate, rules: HoverRules): string[] {
  const lines: string[] = [];
  const item = (codeText: string, message: string, spec: string | undefined): string => `- ${code(codeText)} ${escape(message)}${spec === undefined ? '' : ` — ${escape(spec)}`}`;
  const { reported, disabled } = rules.findings;
  if (reported.length > 0) {
    lines.push('**Problems**');
    lines.push(reported.map((finding) => item(codeOf(finding), finding.message, finding.spec)).join('\n'));
  }
  if (disabled.length > 0) {
    lines.push(`**Turned off** by a disable comment: ${[...new Set(disabled.map((finding) => `${code(codeOf(finding))} (\`urilint/${finding.rule}\`)`))].join(', ')}`);
  }
  const checked = new Set([...reported, ...disabled].map(codeOf));
  const unchecked = candidate.analysis.diagnostics.filter((diagnostic) => !checked.has(diagnostic.code) && !candidate.touchesHole(diagnostic.start, diagnostic.end));
  if (unchecked.length > 0) {
    const offRules = offRulesByCode(candidate, rules);
    lines.push('**Not checked by the rules that are on** (no diagnostic)');
    lines.push(
      unchecked
        .map((diagnostic) => {
          const names = offRules.get(diagnostic.code);
          const note = names === undefined ? '' : ` (${names.map((name) => `\`urilint/${name}\``).join(', ')} ${names.length === 1 ? 'reports it; it is' : 'report it; they are'} off)`;
          return item(diagnostic.code, diagnostic.message, diagnostic.spec) + note;
        })
        .join('\n'),
    );
  }
  return lines;
}

/** The hover text of one URI: its components, normal form, resolution, browser reading and problems. */
export function hoverMarkdown(candidate: UriCandidate, base: string | undefined, rules: HoverRules): string {
  const reference = candidate.reference;
  const status = reference.valid ? 'valid' : 'invalid';
  const kind = reference.kind === 'uri' ? 'URI' : 'relative reference';
  const header = `${code(shown(candidate))}  \n${kind}, ${status} (RFC 3986)${candidate.holes.length > 0 ? '; `…` is filled in at run time' : ''}`;
  const table = ['| component | value |', '|:--|:--|', ...componentRows(candidate)];
  return [header, table.join('\n'), ...readings(candidate, base), ...problems(candidate, rules)].join('\n\n');
}

/** The hover at a position: the breakdown of the URI under it, with the problems its diagnostics report, or null. */
export function provideHover(document: TextDocument, analysis: DocumentAnalysis, position: Position, settings: Pick<Settings, 'baseUri' | 'preset' | 'rules'>): Hover | null {
  const found = candidateAt(analysis, document.offsetAt(position));
  if (found === undefined) return null;
  const base = baseOf(analysis, document.uri, settings.baseUri);
  const rules: HoverRules = { findings: analysis.findingsOf.get(found.candidate) ?? { reported: [], disabled: [] }, settings };
  if (analysis.sourceCode !== undefined) rules.sourceCode = analysis.sourceCode;
  return { contents: { kind: MarkupKind.Markdown, value: hoverMarkdown(found.candidate, base, rules) }, range: toRange(document, found.range) };
}
