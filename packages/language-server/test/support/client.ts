import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createProtocolConnection,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

/** The built server (`pnpm build` runs before the tests). */
export const SERVER = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** A real server process over stdio, driven through vscode-languageserver-protocol. */
export interface TestClient {
  process: ChildProcessWithoutNullStreams;
  connection: ProtocolConnection;
  initialize: InitializeResult;
  /** Everything the server wrote to stderr. */
  stderr: () => string;
  /** The next diagnostics published for `uri` (optionally: for this version). */
  nextDiagnostics(uri: string, version?: number): Promise<PublishDiagnosticsParams>;
  /** Waits for the process to end: its exit code. */
  exited: Promise<number | null>;
}

export async function startClient(capabilities: ClientCapabilities = {}, initializationOptions?: unknown): Promise<TestClient> {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting: { uri: string; version: number | undefined; resolve: (params: PublishDiagnosticsParams) => void }[] = [];
  const published: PublishDiagnosticsParams[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const index = waiting.findIndex((w) => w.uri === params.uri && (w.version === undefined || w.version === params.version));
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(params);
    else published.push(params);
  });
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const initialize = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities,
    workspaceFolders: null,
    ...(initializationOptions === undefined ? {} : { initializationOptions }),
  });
  await connection.sendNotification('initialized', {});
  return {
    process: child,
    connection,
    initialize,
    stderr: () => stderr,
    exited,
    nextDiagnostics(uri, version) {
      const index = published.findIndex((p) => p.uri === uri && (version === undefined || p.version === version));
      if (index >= 0) return Promise.resolve(published.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.push({ uri, version, resolve }));
    },
  };
}
