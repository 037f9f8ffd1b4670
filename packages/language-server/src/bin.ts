#!/usr/bin/env node
import { returnNativeMemoryEarly } from '@urilint/discovery';
import { startServer } from './server.js';
import { createServerConnection } from './transport.js';

const USAGE = `Usage: urilint-language-server --stdio | --node-ipc | --socket=<port> | --pipe=<name>

The urilint language server: malformed, unescaped and dangerous URIs as
diagnostics, hover breakdowns, quick-fixes and document links, over the
Language Server Protocol. Editors start it; see the README for their settings.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
} else if (args.includes('--version')) {
  process.stdout.write('0.1.0\n');
} else if (!args.some((arg) => /^--(stdio|node-ipc|socket(=.*)?|pipe(=.*)?)$/.test(arg))) {
  process.stderr.write(`urilint-language-server: say how to talk to the editor.\n\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  // Before the first document is read: the native parser's allocator gives freed memory back at once.
  returnNativeMemoryEarly();
  startServer(createServerConnection(args));
}
