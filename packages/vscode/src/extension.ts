// The urilint extension is a client and nothing more: it starts the bundled
// language server (dist/server.js, built from @urilint/language-server) and lets
// vscode-languageclient wire diagnostics, hovers, code actions (among them
// `source.fixAll.urilint`), document links and the `urilint` settings to it.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { FILE_PATTERNS, LANGUAGES } from './languages.js';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const outputChannel = vscode.window.createOutputChannel('urilint', { log: true });
  context.subscriptions.push(outputChannel);

  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      ...LANGUAGES.flatMap((language) => [
        { scheme: 'file', language },
        { scheme: 'untitled', language },
      ]),
      // Files VS Code has no language id for (.json5): selected by name, read by the server by name.
      ...FILE_PATTERNS.map((pattern) => ({ scheme: 'file', pattern })),
    ],
    synchronize: { configurationSection: 'urilint' },
    outputChannel,
  };

  client = new LanguageClient('urilint', 'urilint', serverOptions, clientOptions);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
