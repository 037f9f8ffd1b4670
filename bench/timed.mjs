// One Node process timed as the benches time it: under /usr/bin/time, which gives the process's CPU
// time (user + system, its worker and collector threads included) and its peak resident set; the
// wall time is taken from spawn to exit. Exit codes 0 and 1 (findings) count as success.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

/** Runs `node ...args`: wall and CPU milliseconds, peak RSS in MB, and the process's output. */
export function timedNode(args, { cwd, env } = {}) {
  const start = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', 'TIMED %U %S %M', process.execPath, ...args], {
    cwd,
    env: env === undefined ? process.env : { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const ms = performance.now() - start;
  const timed = /TIMED ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(result.stderr);
  if ((result.status !== 0 && result.status !== 1) || timed === null) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr.slice(0, 2000)}`);
  return { ms, cpu: (Number(timed[1]) + Number(timed[2])) * 1000, mb: Number(timed[3]) / 1024, stdout: result.stdout, stderr: result.stderr.slice(0, timed.index) };
}
