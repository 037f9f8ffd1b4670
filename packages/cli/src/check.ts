import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { maskSecrets, parse, type ParseOptions } from '@urilint/core';
import { colorOverride, COMMON_OPTIONS, flag, parseCommandArgs, text, UsageError, type OptionSpecs, type ParsedArgs } from './args.js';
import { isTty, readLines, write, type Io } from './io.js';
import { formatResult, maskedJson, plural } from './report.js';
import { chooseStyle, type Style } from './style.js';

export const CHECK_OPTIONS = { file: { type: 'string', short: 'f' }, ...COMMON_OPTIONS } as const satisfies OptionSpecs;

export const CHECK_HELP = `Usage: urilint check [options] [URI...]

Checks each URI reference against RFC 3986 and shows every problem under its
exact position, with the repaired reference when the repair is mechanical.
With no URI arguments, reads one URI per line from standard input.

Options:
  -f, --file FILE      Read one URI per line from FILE ('-' for standard input).
                       Empty lines are skipped; a trailing CR is removed.
      --json           Print one JSON object per URI (JSON Lines): the parse result.
                       The summary then goes to standard error.
      --iri            Read the input as IRIs (RFC 3987): non-ASCII characters are allowed.
      --allow-zone-id  Accept IPv6 zone identifiers (RFC 6874), as in [fe80::1%25eth0].
      --color          Colour the output even when it is not a terminal.
      --no-color       Never colour the output (so does a non-empty NO_COLOR variable).
  -h, --help           Show this help.

Write '--' before URIs that start with '-': urilint check -- -x.

Exit status: 0 when every URI is valid (warnings allowed), 1 when any is
invalid, 2 on a usage error such as an unknown option or a missing file.
`;

interface Tally {
  checked: number;
  invalid: number;
  problems: number;
}

/** The options shared by `check` and `explain` that go to `parse`. */
export function parseOptionsOf(parsed: ParsedArgs): ParseOptions {
  return { iri: flag(parsed, 'iri'), allowZoneId: flag(parsed, 'allow-zone-id') };
}

export function styleOf(parsed: ParsedArgs, io: Io): Style {
  return chooseStyle(colorOverride(parsed), io.stdout, io.env ?? process.env);
}

function fileError(file: string, error: unknown): UsageError {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  const messages: Record<string, string> = {
    ENOENT: `The file '${file}' does not exist.`,
    EACCES: `The file '${file}' cannot be read: permission denied.`,
    EISDIR: `'${file}' is a directory, not a file.`,
  };
  return new UsageError((typeof code === 'string' ? messages[code] : undefined) ?? `The file '${file}' cannot be read: ${detail}`, 'check');
}

async function openFile(file: string): Promise<Readable> {
  try {
    const handle = await open(file, 'r');
    return handle.createReadStream();
  } catch (error) {
    throw fileError(file, error);
  }
}

/** Non-empty lines of `stream`; read errors become usage errors naming `name`. */
async function* lineInputs(stream: Readable, name: string): AsyncGenerator<string> {
  try {
    for await (const line of readLines(stream)) if (line !== '') yield line;
  } catch (error) {
    throw fileError(name, error);
  }
}

async function inputsOf(parsed: ParsedArgs, io: Io): Promise<AsyncIterable<string> | Iterable<string>> {
  const file = text(parsed, 'file');
  if (file !== undefined && parsed.positionals.length > 0) {
    throw new UsageError('Give URIs either as arguments or with --file, not both.', 'check');
  }
  if (file === undefined && parsed.positionals.length > 0) return parsed.positionals;
  if (file !== undefined && file !== '-') return lineInputs(await openFile(file), file);
  if (isTty(io.stdin)) await write(io.stderr, 'Reading URIs from standard input, one per line; end with Ctrl-D.\n');
  return lineInputs(io.stdin, 'standard input');
}

export function summary(tally: Tally): string {
  const checked = plural(tally.checked, 'URI', 'URIs');
  return `${checked} checked, ${tally.invalid} invalid, ${plural(tally.problems, 'problem', 'problems')}`;
}

/** `urilint check [URI...]`: returns the exit code. */
export async function check(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandArgs('check', args, CHECK_OPTIONS);
  if (flag(parsed, 'help')) {
    await write(io.stdout, CHECK_HELP);
    return 0;
  }
  const json = flag(parsed, 'json');
  const options = parseOptionsOf(parsed);
  const style = styleOf(parsed, io);
  const tally: Tally = { checked: 0, invalid: 0, problems: 0 };
  for await (const input of await inputsOf(parsed, io)) {
    const result = parse(input, options);
    tally.checked += 1;
    tally.invalid += result.valid ? 0 : 1;
    tally.problems += result.diagnostics.length;
    const report = json ? maskedJson({ ...result, input: maskSecrets(result.input, result) }, result) : formatResult(result, style).join('\n');
    await write(io.stdout, report + '\n');
  }
  await write(json ? io.stderr : io.stdout, summary(tally) + '\n');
  return tally.invalid > 0 ? 1 : 0;
}
