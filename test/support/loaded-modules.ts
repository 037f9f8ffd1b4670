/**
 * Which packages a Node process loads: the script runs in a child process under `module-log.mjs`,
 * which records every module loaded (ES modules through a loader hook, CommonJS and `require`d ES
 * modules from the CommonJS cache). Counting modules, never timing, shows that only what is needed
 * is loaded.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REGISTER = fileURLToPath(new URL('./module-log.mjs', import.meta.url));

/** The package a module's path belongs to (`@scope/name` or `name`), from its last `node_modules/`; undefined outside node_modules. */
export function packageOf(path: string): string | undefined {
  const match = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path);
  return match?.[1]?.replace(/\\/g, '/');
}

export interface Loaded {
  /** Every module file loaded (paths, or URLs for ES modules). */
  modules: string[];
  /** The packages under node_modules they belong to. */
  packages: Set<string>;
  stdout: string;
}

/** Runs `script` (an ES module's text) with Node in `cwd` and returns what it loaded. */
export function loadedBy(script: string, cwd: string): Promise<Loaded> {
  return loadedByRun(['--input-type=module', '-e', script], { cwd });
}

export interface RunOptions {
  cwd: string;
  /** Written to standard input, which is then closed (unless `then` has more to write). */
  input?: string;
  /** Once standard output matches `output`, `input` is written and standard input closed (a server answering, then told to stop). */
  then?: { output: RegExp; input: string };
  /** Take any exit code (by default the process must exit with 0). */
  anyExitCode?: boolean;
}

/** Runs Node with `args` and returns what it loaded. */
export async function loadedByRun(args: string[], options: RunOptions): Promise<Loaded> {
  const dir = mkdtempSync(join(tmpdir(), 'urilint-modules-'));
  const log = join(dir, 'modules.log');
  try {
    const child = execFile(process.execPath, ['--import', REGISTER, ...args], { cwd: options.cwd, env: { ...process.env, URILINT_MODULE_LOG: log } });
    const ran = new Promise<string>((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      let then = options.then;
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (then !== undefined && then.output.test(stdout)) {
          child.stdin?.end(then.input);
          then = undefined;
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 || options.anyExitCode === true ? resolve(stdout) : reject(new Error(`node ${args.join(' ')} exited with ${code}: ${stderr}`))));
    });
    if (options.then === undefined) child.stdin?.end(options.input ?? '');
    else child.stdin?.write(options.input ?? '');
    const stdout = await ran;
    const modules = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].map((m) => (m.startsWith('file:') ? fileURLToPath(m) : m));
    const packages = new Set(modules.map(packageOf).filter((name): name is string => name !== undefined));
    return { modules, packages, stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
