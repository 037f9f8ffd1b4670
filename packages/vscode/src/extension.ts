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

  // The server's `urilint.checkExternalLinks` takes a document's URI: the palette's command gives it the active editor's.
  context.subscriptions.push(
    vscode.commands.registerCommand('urilint.checkExternalLinksInEditor', async () => {
      const document = vscode.window.activeTextEditor?.document;
      if (document === undefined) return;
      const result = await vscode.commands.executeCommand<{ summary?: string } | null>('urilint.checkExternalLinks', document.uri.toString());
      if (result?.summary !== undefined) void vscode.window.showInformationMessage(`urilint: ${result.summary}`);
    }),
  );
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
