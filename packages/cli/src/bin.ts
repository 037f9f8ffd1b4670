#!/usr/bin/env node
import { returnNativeMemoryEarly } from '@urilint/discovery';
import { main } from './main.js';

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
