// The language server under a real editor: headless Neovim (0.7, Debian's
// `neovim`) runs test/neovim/lsp-test.lua, which starts the built server with
// Neovim's own LSP client, waits for its diagnostics, asks for a hover, applies
// the preferred quick fix and `source.fixAll.urilint`, writes the files and
// stops the server, then leaves a JSON report. These tests check that report
// and the files Neovim wrote.
//
// The URI sits after an emoji: Neovim keeps byte columns and converts to and
// from the server's UTF-16, so a conversion slip on either side moves the fix
// off the space.
//
// Needs `nvim` on PATH and the built server (packages/language-server/dist);
// without either the tests fail and say what to do.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'packages/language-server/dist/bin.js');
const SCRIPT = join(ROOT, 'test/neovim/lsp-test.lua');
const CONFIG_SCRIPT = join(ROOT, 'test/neovim/config-test.lua');
/** Neovim is killed after this; the Lua script's own watchdog (40 s) ends it sooner. */
const NVIM_TIMEOUT_MS = 50_000;

/** The URI is on the second line, after an emoji (two UTF-16 units, four bytes); the last line must survive the edit. */
const APP = [
  '// Neovim keeps byte columns; the server counts UTF-16 units.',
  'const label = "😀"; fetch("http://example.com/a b");',
  // A javascript: URI no rule reports (it goes to no link or navigation): the hover must not list it as a problem.
  'const js = "javascript:alert(1)";',
  'console.log(label, js);',
  '',
].join('\n');
/** Two fixable problems in one URI: the space and the `|`. */
const FIXALL = 'fetch("http://example.com/a b|c");\n';

interface Position {
  line: number;
  character: number;
}
interface Range {
  start: Position;
  end: Position;
}
interface LspDiagnostic {
  range: Range;
  code?: string;
  source?: string;
  message: string;
  data?: unknown;
}
/** A `vim.diagnostic` item: 0-based lines, byte columns. */
interface VimDiagnostic {
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
  code?: string;
  source?: string;
}
interface ActionSummary {
  title: string;
  kind?: string;
  isPreferred: boolean;
}
/** What test/neovim/lsp-test.lua writes; a section is missing when the script stopped before it. */
interface Report {
  nvim_version: string;
  steps: string[];
  errors: string[];
  server_messages: { method: string; type: number; message: string }[];
  server?: { pid: number; exit_code?: number; signal?: number; alive_after_exit?: boolean };
  app?: {
    uri: string;
    published: LspDiagnostic[];
    diagnostics: VimDiagnostic[];
    hover?: { position: Position; markdown?: string; range?: Range };
    script_hover?: { markdown?: string };
    actions?: ActionSummary[];
    applied?: string;
    diagnostics_after_fix?: LspDiagnostic[];
  };
  fixall?: {
    uri: string;
    published: LspDiagnostic[];
    actions?: ActionSummary[];
    applied?: string;
    diagnostics_after_fix?: LspDiagnostic[];
  };
}

interface NvimRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

interface Scenario {
  run: NvimRun;
  report: Report;
}

/** Fails (not skips) without Neovim: CI installs it, and a silent skip would hide a missing install. */
function requireNeovim(): void {
  const result = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (result.error) throw new Error(`nvim is not on PATH (${result.error.message}): install Neovim: apt-get install neovim`);
  if (result.status !== 0) throw new Error(`nvim --version exited with ${result.status}: ${result.stderr}`);
}

function requireServer(): void {
  if (!existsSync(SERVER)) {
    throw new Error(
      `${relative(ROOT, SERVER)} is missing: build the server first: pnpm --filter @urilint/discovery --filter @urilint/core build && pnpm --filter @urilint/language-server build`,
    );
  }
}

/** Runs the Lua script in headless Neovim; resolves when Neovim exits (killed after NVIM_TIMEOUT_MS). */
function runNeovim(env: Record<string, string>, script = SCRIPT): Promise<NvimRun> {
  return new Promise((resolve, reject) => {
    // --clean: no user config, but filetype detection on (the buffer's languageId); -n: no swap files;
    // stdin ignored: Neovim must not read it. The path is escaped for the Ex command line.
    const child = spawn('nvim', ['--headless', '--clean', '-n', '-c', `luafile ${script.replace(/[\\ %#|"]/g, '\\$&')}`], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: NVIM_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
}

/** A report section, or an error that says where the script stopped and why. */
function need<T>(report: Report, value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the report has no ${what}: the script stopped after "${report.steps.at(-1) ?? 'nothing'}"; errors: ${report.errors.join('\n')}`);
  return value;
}

/** Whether a process exists (signal 0 sends nothing). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function range(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Writes the files, runs Neovim on them and reads its report. */
async function runScenario(dir: string): Promise<Scenario> {
  requireNeovim();
  requireServer();
  writeFileSync(join(dir, 'app.ts'), APP);
  writeFileSync(join(dir, 'fixall.ts'), FIXALL);
  const reportPath = join(dir, 'report.json');
  const home = join(dir, 'home');
  const run = await runNeovim({
    URILINT_REPORT: reportPath,
    URILINT_SERVER: SERVER,
    URILINT_NODE: process.execPath,
    URILINT_APP: join(dir, 'app.ts'),
    URILINT_FIXALL: join(dir, 'fixall.ts'),
    // Neovim's LSP log, shada and state go to the temp directory, not the user's.
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_STATE_HOME: join(home, 'state'),
  });
  if (!existsSync(reportPath)) {
    throw new Error(`Neovim wrote no report (exit ${run.code}, signal ${run.signal}); its output:\n${run.output}`);
  }
  return { run, report: JSON.parse(readFileSync(reportPath, 'utf8')) as Report };
}

// realpath: the URIs Neovim sends are built from resolved paths (/tmp may be a symlink).
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'urilint-nvim-')));
let outcome: Scenario | Error;

beforeAll(async () => {
  // Kept, not thrown: a failed beforeAll marks the tests skipped; each test fails with this error instead.
  outcome = await runScenario(dir).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function scenario(): Scenario {
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

describe('the language server in Neovim 0.7', () => {
  it('runs every step and exits 0', () => {
    const { run, report } = scenario();
    const context = `errors:\n${report.errors.join('\n')}\nNeovim's output:\n${run.output}`;
    expect(report.errors, context).toEqual([]);
    expect(report.steps, context).toEqual([
      'app: diagnostics',
      'app: hover',
      'app: hover on a script URL',
      'app: quick fix',
      'app: diagnostics after the fix',
      'fixall: diagnostics',
      'fixall: applied',
      'fixall: diagnostics after the fix',
      'server stopped',
    ]);
    expect(run.code, context).toBe(0);
  });

  it('publishes the diagnostic on the space: UTF-16 from the server, bytes in Neovim', () => {
    const { report } = scenario();
    const app = need(report, report.app, 'app section');
    const lines = APP.split('\n');
    const line = lines.findIndex((text) => text.includes('http'));
    const text = lines[line]!;
    const column = text.indexOf(' ', text.indexOf('http'));
    const byteColumn = Buffer.byteLength(text.slice(0, column));
    // The fixture must keep the two apart, or a units mix-up would go unseen.
    expect(byteColumn).not.toBe(column);

    expect(app.published).toHaveLength(1);
    const published = app.published[0]!;
    expect(published).toMatchObject({ source: 'urilint', code: 'path-unescaped-char', range: range(line, column, column + 1) });
    expect(published.data).toBeDefined();
    expect(app.diagnostics).toEqual([
      expect.objectContaining({ source: 'urilint', code: 'path-unescaped-char', lnum: line, col: byteColumn, end_lnum: line, end_col: byteColumn + 1 }),
    ]);
  });

  it('answers a hover over the URI with its breakdown', () => {
    const { report } = scenario();
    const hover = need(report, need(report, report.app, 'app section').hover, 'hover');
    const lines = APP.split('\n');
    const line = lines.findIndex((text) => text.includes('http'));
    const text = lines[line]!;
    const start = text.indexOf('http');
    // The cursor was on the host: Neovim converted its byte column to UTF-16.
    expect(hover.position).toEqual({ line, character: text.indexOf('example.com') });
    expect(hover.markdown).toBeDefined();
    expect(hover.markdown!.startsWith('`http://example.com/a b`')).toBe(true);
    expect(hover.markdown).toContain('| host | `example.com` — registered name |');
    expect(hover.range).toEqual(range(line, start, text.indexOf('"', start)));
  });

  it('hovers and diagnostics agree: a javascript: URI no diagnostic reports is not listed as a problem', () => {
    const { report } = scenario();
    const app = need(report, report.app, 'app section');
    const hover = need(report, app.script_hover, 'hover on the javascript: URI');
    expect(app.published.map((diagnostic) => diagnostic.code)).not.toContain('scheme-script');
    expect(hover.markdown).toBeDefined();
    expect(hover.markdown!.startsWith('`javascript:alert(1)`')).toBe(true);
    expect(hover.markdown).not.toContain('**Problems**');
    expect(hover.markdown).toContain('**Not checked by the rules that are on** (no diagnostic)\n\n- `scheme-script` ');
  });

  it('offers the preferred quick fix, and Neovim writes the space as %20 and nothing else', () => {
    const { report } = scenario();
    const app = need(report, report.app, 'app section');
    const actions = need(report, app.actions, 'code actions');
    const preferred = actions.filter((action) => action.isPreferred);
    expect(preferred).toHaveLength(1);
    expect(preferred[0]).toMatchObject({ kind: 'quickfix' });
    expect(preferred[0]!.title).toMatch(/^Fix: A space must be percent-encoded/);
    expect(actions.map((action) => action.title)).toEqual(
      expect.arrayContaining(['Disable urilint/no-unescaped-chars for this line', 'Disable urilint/no-unescaped-chars for the entire file']),
    );
    expect(app.applied).toBe(preferred[0]!.title);
    expect(readFileSync(join(dir, 'app.ts'), 'utf8')).toBe(APP.replace('a b', 'a%20b'));
    // The server's copy, kept in step by Neovim's incremental changes, has nothing left to report.
    expect(app.diagnostics_after_fix).toEqual([]);
  });

  it('fixes every problem with source.fixAll.urilint', () => {
    const { report } = scenario();
    const fixall = need(report, report.fixall, 'fixall section');
    expect(fixall.published.map((diagnostic) => diagnostic.code)).toEqual(['path-unescaped-char']);
    expect(fixall.actions).toEqual([{ title: 'Fix all safely fixable urilint problems', kind: 'source.fixAll.urilint', isPreferred: false }]);
    expect(fixall.applied).toBe('Fix all safely fixable urilint problems');
    expect(readFileSync(join(dir, 'fixall.ts'), 'utf8')).toBe(FIXALL.replace('a b|c', 'a%20b%7Cc'));
    expect(fixall.diagnostics_after_fix).toEqual([]);
  });

  it('shuts the server down cleanly', () => {
    const { report } = scenario();
    const server = need(report, report.server, 'server section');
    expect(server.exit_code).toBe(0);
    expect(server.signal).toBe(0);
    expect(server.alive_after_exit).toBe(false);
    // Checked again from here: Neovim has exited, and the server must not outlive it.
    expect(alive(server.pid)).toBe(false);
    expect(report.server_messages).toEqual([]);
  });
});

// A second run: the client has no `settings` at all, and the repository's urilint.config.jsonc
// decides. Strict, spaces off: the second URI's scheme and host case are reported and the space is
// not (the defaults would report the space only). Then the file is rewritten on disk to the
// recommended preset; Neovim 0.7 cannot watch files for the server, so its own watcher must see it.
const CONFIG_APP = 'fetch("https://example.com/a b");\nfetch("HTTP://Example.com/");\n';
const STRICT_NO_SPACES = '{\n  "preset": "strict",\n  "rules": { "no-unescaped-chars": "off" },\n}\n';
const RECOMMENDED = '{ "preset": "recommended" }\n';

interface ConfigReport {
  steps: string[];
  errors: string[];
  server_messages: { type: number; message: string }[];
  client_settings?: unknown;
  uri?: string;
  first?: string[];
  after_change?: string[];
  server?: { pid: number; exit_code?: number };
}

const configDir = realpathSync(mkdtempSync(join(tmpdir(), 'urilint-nvim-config-')));
let configOutcome: { run: NvimRun; report: ConfigReport } | Error;

async function runConfigScenario(): Promise<{ run: NvimRun; report: ConfigReport }> {
  requireNeovim();
  requireServer();
  // The repository's root: the search for a configuration stops here.
  mkdirSync(join(configDir, '.git'));
  writeFileSync(join(configDir, 'app.ts'), CONFIG_APP);
  writeFileSync(join(configDir, 'urilint.config.jsonc'), STRICT_NO_SPACES);
  const reportPath = join(configDir, 'report.json');
  const home = join(configDir, 'home');
  const run = await runNeovim(
    {
      URILINT_REPORT: reportPath,
      URILINT_SERVER: SERVER,
      URILINT_NODE: process.execPath,
      URILINT_APP: join(configDir, 'app.ts'),
      URILINT_CONFIG: join(configDir, 'urilint.config.jsonc'),
      URILINT_NEW_CONFIG: RECOMMENDED,
      URILINT_EXPECT_CODE: 'path-unescaped-char',
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_STATE_HOME: join(home, 'state'),
    },
    CONFIG_SCRIPT,
  );
  if (!existsSync(reportPath)) throw new Error(`Neovim wrote no report (exit ${run.code}, signal ${run.signal}); its output:\n${run.output}`);
  return { run, report: JSON.parse(readFileSync(reportPath, 'utf8')) as ConfigReport };
}

describe('the project configuration file in Neovim 0.7, with no editor settings', () => {
  beforeAll(async () => {
    configOutcome = await runConfigScenario().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  }, 60_000);

  afterAll(() => {
    rmSync(configDir, { recursive: true, force: true });
  });

  function configScenario(): { run: NvimRun; report: ConfigReport } {
    if (configOutcome instanceof Error) throw configOutcome;
    return configOutcome;
  }

  it('reports what the file says, follows the file when it changes on disk, and exits 0', () => {
    const { run, report } = configScenario();
    const context = `errors:\n${report.errors.join('\n')}\nNeovim's output:\n${run.output}`;
    expect(report.errors, context).toEqual([]);
    expect(report.steps, context).toEqual(['diagnostics under the configuration file', 'diagnostics after the configuration changed', 'server stopped']);
    expect(run.code, context).toBe(0);
    // No settings from the editor (0.7 declares no workspace/configuration; its didChangeConfiguration carries nothing).
    expect([undefined, null, {}, []]).toContainEqual(report.client_settings);
    // The file's strict preset with no-unescaped-chars off, not the defaults' path-unescaped-char.
    expect(report.first).toEqual(['normal-host-case', 'normal-scheme-case']);
    // Rewritten to the recommended preset: the space only.
    expect(report.after_change).toEqual(['path-unescaped-char']);
    expect(report.server?.exit_code).toBe(0);
    expect(report.server_messages).toEqual([]);
  });
});
