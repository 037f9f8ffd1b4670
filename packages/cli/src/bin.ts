#!/usr/bin/env node
import module from 'node:module';

// Node ≥ 22.1 keeps V8's compiled code of the modules imported below on disk (under the system's
// temporary folder; `NODE_DISABLE_COMPILE_CACHE=1` turns it off), so that the next run compiles less.
// Before they are imported: a static import would have compiled them first.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const { returnNativeMemoryEarly } = await import('@urilint/discovery');
const { main } = await import('./main.js');

// Before any worker loads the native parser: its allocator gives freed memory back at once.
returnNativeMemoryEarly();

// Output piped into a command that exits early (`urilint scan | head`): nothing more is written
// there (see `write`), and the command runs on, so that its exit code still says what it found.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
