import { analyze, maskSecrets, normalize, type Analysis, type Span, type UriReference } from '@urilint/core';
import { COMMON_OPTIONS, flag, parseCommandArgs, UsageError } from './args.js';
import { parseOptionsOf, styleOf } from './check.js';
import { visible } from './display.js';
import { write, writeLines, type Io } from './io.js';
import { formatResult, maskedJson } from './report.js';
import type { Style } from './style.js';

export const EXPLAIN_OPTIONS = COMMON_OPTIONS;

export const EXPLAIN_HELP = `Usage: urilint explain [options] URI

Shows the components of one URI reference as RFC 3986 reads it: the text and
the [start, end) span of each (UTF-16 offsets), '(undefined)' for a component
that is absent and "" for one that is present but empty (the difference
matters, see RFC 3986 §5.3 and Appendix B); its normal form (§6); how a
browser (the WHATWG URL Standard, Node's URL) reads it; then its problems as in
'check', with the scheme rules, security findings and browser differences too.

Options:
      --json           Print one JSON object: the parse result with every diagnostic,
                       'normalized' and 'browser' (the WHATWG reading).
      --iri            Read the input as an IRI (RFC 3987): non-ASCII characters are allowed.
      --allow-zone-id  Accept IPv6 zone identifiers (RFC 6874), as in [fe80::1%25eth0].
      --color          Colour the output even when it is not a terminal.
      --no-color       Never colour the output (so does a non-empty NO_COLOR variable).
  -h, --help           Show this help.

Write '--' before a URI that starts with '-': urilint explain -- -x.

Exit status: 0 when the URI is valid, 1 when it is not, 2 on a usage error.
`;

interface Row {
  label: string;
  /** `[start, end)`, or empty for rows that are not spans. */
  span: string;
  value: string;
}

function quote(text: string): string {
  return `"${visible(text)}"`;
}

function spanRow(label: string, input: string, span: Span | undefined, style: Style, note?: string): Row {
  if (span === undefined) return { label, span: '', value: style.dim('(undefined)') };
  const value = quote(input.slice(span.start, span.end)) + (note === undefined ? '' : `  ${note}`);
  return { label, span: `[${span.start}, ${span.end})`, value };
}

function hostRows(result: UriReference, style: Style): Row[] {
  const { host } = result;
  const input = maskSecrets(result.input, result);
  const rows = [spanRow('host', input, host, style, host?.kind)];
  if (host?.zone !== undefined) rows.push(spanRow('  zone', input, host.zone, style));
  return rows;
}

function pathRows(result: UriReference, style: Style): Row[] {
  const { path } = result;
  const input = maskSecrets(result.input, result);
  const rows = [spanRow('path', input, path, style, `path-${path.kind}`)];
  path.segments.forEach((segment, index) => rows.push(spanRow(`  segment ${index + 1}`, input, segment, style)));
  return rows;
}

function rowsOf(result: UriReference, style: Style): Row[] {
  // Secrets shown as bullets, one per character: the spans still index the text shown.
  const input = maskSecrets(result.input, result);
  const problems = result.diagnostics.length;
  return [
    { label: 'input', span: '', value: quote(input) },
    { label: 'kind', span: '', value: result.kind },
    { label: 'valid', span: '', value: String(result.valid) },
    spanRow('scheme', input, result.scheme, style),
    spanRow('authority', input, result.authority, style),
    spanRow('userinfo', input, result.userinfo, style),
    ...hostRows(result, style),
    spanRow('port', input, result.port, style),
    ...pathRows(result, style),
    spanRow('query', input, result.query, style),
    spanRow('fragment', input, result.fragment, style),
    { label: 'diagnostics', span: '', value: problems === 0 ? 'none' : String(problems) },
  ];
}

/** The rows after the components: the normal form and how a browser reads the string. */
function readingRows(analysis: Analysis, style: Style): Row[] {
  const { reference, whatwg } = analysis;
  const rows: Row[] = [];
  rows.push({ label: 'normalized', span: '', value: reference.valid ? quote(maskSecrets(normalize(reference.input))) : style.dim('(invalid: not normalized)') });
  if (whatwg !== undefined) {
    const browser = whatwg.href === undefined ? style.dim(`(rejected: ${visible(whatwg.failure ?? 'invalid URL')})`) : quote(maskSecrets(whatwg.href));
    rows.push({ label: 'browser', span: '', value: browser });
  }
  return rows;
}

/** The component table for `explain`, then the diagnostics as `check` shows them. */
export function formatExplanation(result: UriReference, style: Style, analysis?: Analysis): string[] {
  const rows = rowsOf(result, style);
  if (analysis !== undefined) rows.splice(rows.length - 1, 0, ...readingRows(analysis, style));
  const labelWidth = Math.max(...rows.map((row) => row.label.length)) + 2;
  const spanWidth = Math.max(...rows.map((row) => row.span.length)) + 1;
  const lines = rows.map((row) => {
    const span = row.span === '' ? '' : row.span.padEnd(spanWidth);
    return `${row.label.padEnd(labelWidth)}${span}${row.value}`;
  });
  if (result.diagnostics.length > 0) lines.push('', ...formatResult(result, style));
  return lines;
}

/** `urilint explain URI`: returns the exit code. */
export async function explain(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandArgs('explain', args, EXPLAIN_OPTIONS);
  if (flag(parsed, 'help')) {
    await write(io.stdout, EXPLAIN_HELP);
    return 0;
  }
  const [uri, ...extra] = parsed.positionals;
  if (uri === undefined) throw new UsageError('The explain command needs a URI.', 'explain');
  if (extra.length > 0) throw new UsageError("The explain command takes one URI; use 'urilint check' for several.", 'explain');
  const analysis = analyze(uri, parseOptionsOf(parsed));
  // The grammar's diagnostics and the analyses' (scheme rules, security, browser differences) together.
  const result: UriReference = { ...analysis.reference, diagnostics: analysis.diagnostics };
  if (flag(parsed, 'json')) {
    const normalized = result.valid ? normalize(uri, parseOptionsOf(parsed)) : undefined;
    await write(io.stdout, maskedJson({ ...result, input: maskSecrets(result.input, result), normalized, browser: analysis.whatwg }, result, 2) + '\n');
  } else {
    await writeLines(io.stdout, formatExplanation(result, styleOf(parsed, io), analysis));
  }
  return result.valid ? 0 : 1;
}
