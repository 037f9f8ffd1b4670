#!/usr/bin/env node
import { returnNativeMemoryEarly } from '@urilint/discovery';
import { main } from './main.js';

// Before any worker loads the native parser: its allocator gives freed memory back at once.
returnNativeMemoryEarly();

// Output piped into a command that exits early (`| head`): stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
