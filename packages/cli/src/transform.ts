import { UriError, normalize, parse, resolve } from '@urilint/core';
import { COMMON_OPTIONS, flag, parseCommandArgs, UsageError, type OptionSpecs } from './args.js';
import { parseOptionsOf, styleOf } from './check.js';
import { visible } from './display.js';
import { write, writeLines, type Io } from './io.js';
import { formatResult } from './report.js';



const COMMON_HELP = `      --json           Print one JSON object.
      --iri            Read the input as IRIs (RFC 3987).
      --allow-zone-id  Accept IPv6 zone identifiers (RFC 6874).
      --color          Colour the output even when it is not a terminal.
      --no-color       Never colour the output (so does a non-empty NO_COLOR variable).
  -h, --help           Show this help.`;

export const RESOLVE_OPTIONS = { ...COMMON_OPTIONS, 'non-strict': { type: 'boolean' } } as const satisfies OptionSpecs;

export const RESOLVE_HELP = `Usage: urilint resolve [options] REFERENCE BASE

Resolves a URI reference against a base URI by RFC 3986 §5.2 and prints the
target URI. The base must be an absolute URI: a scheme and no fragment.

Options:
      --non-strict     Read a reference with the base's scheme as relative (http:g), §5.2.2.
${COMMON_HELP}

Exit status: 0 on success, 1 when the reference or the base is unusable, 2 on a usage error.
`;

export const NORMALIZE_OPTIONS = { ...COMMON_OPTIONS, 'no-scheme-based': { type: 'boolean' } } as const satisfies OptionSpecs;

export const NORMALIZE_HELP = `Usage: urilint normalize [options] URI

Prints the normal form of a URI reference (RFC 3986 §6.2.2 syntax-based: case,
percent-encoding, dot segments; and §6.2.3 scheme-based: default and empty
ports, empty path of http(s) and ws(s)). An invalid URI is shown with its
problems instead: normalizing must not make it look valid.

Options:
      --no-scheme-based  Apply only syntax-based normalization.
${COMMON_HELP}

Exit status: 0 on success, 1 when the URI is invalid, 2 on a usage error.
`;

/** Prints a `UriError` as one line (or a JSON object) and returns exit code 1. */
async function reportFailure(error: UriError, json: boolean, fields: Record<string, string>, io: Io): Promise<number> {
  if (json) await write(io.stdout, JSON.stringify({ ...fields, error: { code: error.code, message: error.message } }) + '\n');
  else await write(io.stderr, `urilint: ${visible(error.message)} [${error.code}]\n`);
  return 1;
}

/** `urilint resolve REFERENCE BASE`: returns the exit code. */
export async function resolveCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandArgs('resolve', args, RESOLVE_OPTIONS);
  if (flag(parsed, 'help')) {
    await write(io.stdout, RESOLVE_HELP);
    return 0;
  }
  const [reference, base, ...extra] = parsed.positionals;
  if (reference === undefined || base === undefined || extra.length > 0) {
    throw new UsageError('The resolve command takes a reference and a base URI.', 'resolve');
  }
  const json = flag(parsed, 'json');
  try {
    const target = resolve(reference, base, { ...parseOptionsOf(parsed), strict: !flag(parsed, 'non-strict') });
    await write(io.stdout, json ? JSON.stringify({ reference, base, target }) + '\n' : target + '\n');
    return 0;
  } catch (error) {
    if (error instanceof UriError) return reportFailure(error, json, { reference, base }, io);
    throw error;
  }
}

/** `urilint normalize URI`: returns the exit code. */
export async function normalizeCommand(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandArgs('normalize', args, NORMALIZE_OPTIONS);
  if (flag(parsed, 'help')) {
    await write(io.stdout, NORMALIZE_HELP);
    return 0;
  }
  const [uri, ...extra] = parsed.positionals;
  if (uri === undefined || extra.length > 0) throw new UsageError('The normalize command takes one URI.', 'normalize');
  const options = parseOptionsOf(parsed);
  const result = parse(uri, options);
  if (!result.valid) {
    if (flag(parsed, 'json')) await write(io.stdout, JSON.stringify({ input: uri, valid: false, diagnostics: result.diagnostics }) + '\n');
    else await writeLines(io.stdout, formatResult(result, styleOf(parsed, io)));
    return 1;
  }
  const normalized = normalize(uri, { ...options, schemeBased: !flag(parsed, 'no-scheme-based') });
  await write(io.stdout, flag(parsed, 'json') ? JSON.stringify({ input: uri, normalized }) + '\n' : normalized + '\n');
  return 0;
}
