// The entry point of dist/server.js: the language server of @urilint/language-server as its own
// command starts it, with the server's log (window/logMessage, the extension's output channel) as
// the place for the two lines about the JavaScript/TypeScript reader: oxc-parser's WebAssembly
// build loaded (oxc-wasm.ts), or, where it cannot be, the one notice that typescript-estree reads
// every file instead (startServer sends that one to the log). Each is said once, on the first
// JavaScript or TypeScript document.
import { startServer } from '@urilint/language-server';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { setWasmLog } from './oxc-wasm.js';

const connection = createConnection(ProposedFeatures.all);
setWasmLog((message) => connection.console.info(message));
startServer(connection);
