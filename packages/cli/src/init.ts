/**
 * `urilint init`: writes a commented `urilint.config.jsonc` for the repository in the current
 * directory, from what it holds (the kinds of file, build output, vendored and fixture folders),
 * and offers the baseline. Never overwrites a configuration.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configsIn, CONFIG_SCHEMA_URL, nodeConfigFileSystem, parseConfig, SOURCE_KINDS, sourceKindOf, type SourceKind } from '@urilint/discovery';
import { COMMON_OPTIONS, flag, parseCommandArgs, UsageError, type OptionSpecs } from './args.js';
import { write, type Io } from './io.js';
import { findFiles } from './scan/files.js';
import { present } from './scan/replace-file.js';

export const INIT_OPTIONS = {
  baseline: { type: 'boolean' },
  help: COMMON_OPTIONS.help,
} as const satisfies OptionSpecs;

export const INIT_HELP = `Usage: urilint init [--baseline]

Writes urilint.config.jsonc in the current directory: a commented configuration
with $schema (so editors complete and check it), the kinds of file found here, the
recommended preset, and ignore patterns for what it sees: build output (dist/,
build/, out/, coverage/), vendored folders (vendor/, third_party/) and fixture
folders (fixtures/, __fixtures__/, testdata/). It never overwrites a
configuration: when this folder has one (urilint.config.jsonc,
urilint.config.json or a "urilint" key in package.json) it exits 2.

Then it prints the command that records today's findings as a baseline
(urilint scan --suppress-all .), so later scans report only new ones.

Options:
      --baseline   Run that command too, and write urilint-suppressions.json.
  -h, --help       Show this help.

Exit status: 0 when written (with --baseline: the scan's status), 2 when a
configuration exists or on a usage error.
`;

export const CONFIG_FILE = 'urilint.config.jsonc';

/** Folders of build output, left out when they exist at the top. */
const BUILD_FOLDERS = ['dist', 'build', 'out', 'coverage'];
/** Folders of vendored code, left out when they exist at the top. */
const VENDOR_FOLDERS = ['vendor', 'third_party', 'third-party'];
/** Folders of test data, left out wherever one is found. */
const FIXTURE_FOLDERS = ['fixtures', '__fixtures__', 'testdata'];

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** What `init` sees in a directory: the kinds of its files and the patterns to leave out. */
export function survey(cwd: string): { kinds: SourceKind[]; ignore: string[] } {
  const top = [...BUILD_FOLDERS, ...VENDOR_FOLDERS].filter((name) => isDirectory(join(cwd, name))).map((name) => `${name}/`);
  const found = findFiles(['.'], { cwd, gitignore: true, ignore: top });
  const kinds = new Set<SourceKind>();
  const fixtures = new Set<string>();
  for (const file of found.files) {
    const segments = file.display.split(/[\\/]/);
    const fixture = segments.slice(0, -1).find((segment) => FIXTURE_FOLDERS.includes(segment));
    if (fixture !== undefined) fixtures.add(`${fixture}/`);
    else kinds.add(sourceKindOf(file.path));
  }
  return {
    kinds: SOURCE_KINDS.filter((kind) => kinds.has(kind)),
    ignore: [...top, ...FIXTURE_FOLDERS.map((name) => `${name}/`).filter((name) => fixtures.has(name))],
  };
}

/** The text of the configuration `init` writes. */
export function configText(options: { kinds: readonly SourceKind[]; ignore: readonly string[]; schema: string }): string {
  const list = (values: readonly string[]): string => (values.length === 0 ? '[]' : `[${values.map((value) => JSON.stringify(value)).join(', ')}]`);
  return `// urilint's configuration for this repository: \`urilint scan\` reads it for every file below this
// folder, and so will the language server. Keys and their defaults:
// https://github.com/urilint/urilint/blob/main/packages/discovery/README.md#project-configuration
{
  "$schema": ${JSON.stringify(options.schema)},
  // The rules on before "rules" adjusts them: "recommended", "strict", "all" or "none".
  "preset": "recommended",
  // Per rule: "off", "error", "warning", or { "severity": "warning", "options": { … } }.
  "rules": {},
  // The kinds of file checked (those found here): js, json, markdown, html, css, yaml, text.
  "kinds": ${list(options.kinds)},
  // Files and folders not checked, as in .gitignore (which scan reads too), relative to this folder.
  "ignore": ${list(options.ignore)},
  // Settings for some files, applied in order over those above:
  // "overrides": [{ "files": ["docs/**", "*.md"], "preset": "strict" }],
}
`;
}

/** `urilint init`: returns the exit code. */
export async function init(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandArgs('init', args, INIT_OPTIONS);
  if (flag(parsed, 'help')) {
    await write(io.stdout, INIT_HELP);
    return 0;
  }
  if (parsed.positionals.length > 0) throw new UsageError('The init command takes no path: it writes urilint.config.jsonc in the current directory.', 'init');
  const cwd = process.cwd();
  const existing = configsIn(cwd, nodeConfigFileSystem);
  // A name there in any form (a link, a dangling one too, that the search does not read) is never replaced.
  if (existing.length > 0 || present(join(cwd, CONFIG_FILE))) {
    const name = existing[0]?.packageJson ? 'package.json has a "urilint" key' : `${existing[0]?.file.slice(cwd.length + 1) ?? CONFIG_FILE} exists`;
    await write(io.stderr, `urilint: ${name}: this folder has a configuration, and init never overwrites one.\n`);
    return 2;
  }
  const { kinds, ignore } = survey(cwd);
  const local = 'node_modules/@urilint/discovery/schema/urilint.config.schema.json';
  const schema = existsSync(join(cwd, local)) ? `./${local}` : CONFIG_SCHEMA_URL;
  const text = configText({ kinds, ignore, schema });
  // What is written always reads back without a problem.
  const check = parseConfig(text, CONFIG_FILE);
  if (check.problems.length > 0) throw new Error(`init wrote a configuration with a problem: ${check.problems[0]!.message}`);
  writeFileSync(join(cwd, CONFIG_FILE), text, { flag: 'wx' });
  await write(
    io.stdout,
    `Wrote ${CONFIG_FILE}: the recommended preset, ${kinds.length === 0 ? 'no file kinds found' : `kinds ${kinds.join(', ')}`}, ${ignore.length === 0 ? 'nothing ignored' : `ignoring ${ignore.join(' ')}`}.\n`,
  );
  if (!flag(parsed, 'baseline')) {
    await write(io.stdout, 'To switch urilint on with the findings of today recorded as a baseline (later scans report only new ones):\n  urilint scan --suppress-all .\n');
    return 0;
  }
  await write(io.stdout, 'Recording the findings of today as a baseline: urilint scan --suppress-all .\n');
  const { scan } = await import('./scan.js');
  return scan(['--suppress-all', '.'], io);
}
