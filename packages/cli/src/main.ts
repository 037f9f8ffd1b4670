import { readFileSync } from 'node:fs';
import { UsageError } from './args.js';
import { check, CHECK_HELP } from './check.js';
import { explain, EXPLAIN_HELP } from './explain.js';
import { init, INIT_HELP } from './init.js';
import { scan, SCAN_HELP } from './scan.js';
import { NORMALIZE_HELP, normalizeCommand, RESOLVE_HELP, resolveCommand } from './transform.js';
import { write, type Io } from './io.js';

export type { Io } from './io.js';

export const HELP = `Usage: urilint <command> [options]

Lints URI references against RFC 3986: exact positions, stable codes, fixes.

Commands:
  check [URI...]   Check URIs given as arguments, one per line on standard input, or in a file.
  explain URI      Show the components of one URI reference and its problems.
  resolve REF BASE Resolve a reference against a base URI (RFC 3986 §5.2).
  normalize URI    Print the normal form of a URI (RFC 3986 §6.2.2, §6.2.3).
  scan [PATH...]   Find and check the URIs in files: code, JSON, Markdown, HTML, CSS, YAML,
                   Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell,
                   .env, TOML, INI, .properties, Dockerfile, Makefile, text.
  init             Write urilint.config.jsonc for the repository here (and offer a baseline).
  help [COMMAND]   Show this help, or the help of a command.

Options:
  -h, --help       Show this help.
  -v, --version    Show the version.

Run 'urilint help <command>' for the options of a command.
`;

interface Command {
  run: (args: readonly string[], io: Io) => Promise<number>;
  help: string;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  check: { run: check, help: CHECK_HELP },
  explain: { run: explain, help: EXPLAIN_HELP },
  resolve: { run: resolveCommand, help: RESOLVE_HELP },
  normalize: { run: normalizeCommand, help: NORMALIZE_HELP },
  scan: { run: scan, help: SCAN_HELP },
  init: { run: init, help: INIT_HELP },
};

function commandNamed(name: string): Command {
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) throw new UsageError(`Unknown command '${name}'.`);
  return command;
}

/** The version in the package's `package.json` (one level up from both `src/` and `dist/`). */
export function version(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const value = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  return typeof value === 'string' ? value : 'unknown';
}

async function help(args: readonly string[], io: Io): Promise<number> {
  const [name, ...extra] = args;
  if (extra.length > 0) throw new UsageError('The help command takes at most one command name.');
  await write(io.stdout, name === undefined ? HELP : commandNamed(name).help);
  return 0;
}

async function dispatch(args: readonly string[], io: Io): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined) {
    await write(io.stderr, HELP);
    return 2;
  }
  if (first === '--help' || first === '-h') return help([], io);
  if (first === '--version' || first === '-v') {
    await write(io.stdout, version() + '\n');
    return 0;
  }
  if (first === 'help') return help(rest, io);
  if (first.startsWith('-')) throw new UsageError(`Unknown option '${first}'; options go after the command.`);
  return commandNamed(first).run(rest, io);
}

async function reportUsageError(error: UsageError, io: Io): Promise<number> {
  const hint = error.command === undefined ? 'urilint --help' : `urilint ${error.command} --help`;
  await write(io.stderr, `urilint: ${error.message}\nRun '${hint}' for usage.\n`);
  return 2;
}

/**
 * Runs the `urilint` command line with `args` (without `node` and the script)
 * and returns the exit code: 0 when every URI is valid, 1 when one is invalid,
 * 2 on a usage error, 3 on an internal error.
 */
export async function main(args: readonly string[], io: Io): Promise<number> {
  try {
    return await dispatch(args, io);
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(error, io);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await write(io.stderr, `urilint: Internal error, please report it.\n${detail}\n`);
    return 3;
  }
}
