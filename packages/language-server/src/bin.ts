#!/usr/bin/env node
import module from 'node:module';

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
  // Node ≥ 22.1 keeps V8's compiled code of the modules imported below on disk (under the system's
  // temporary folder; `NODE_DISABLE_COMPILE_CACHE=1` turns it off): the editor's next start compiles
  // less. Before they are imported: a static import would have compiled them first.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const [{ returnNativeMemoryEarly }, { startServer }, { createServerConnection }] = await Promise.all([import('@urilint/discovery'), import('./server.js'), import('./transport.js')]);
  // Before the first document is read: the native parser's allocator gives freed memory back at once.
  returnNativeMemoryEarly();
  startServer(createServerConnection(args));
}
