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
  type MessageConnection,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type WorkspaceFolder,
} from 'vscode-languageserver-protocol/node';

/** The built server (`pnpm build` runs before the tests). */
export const SERVER = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** A real server process over stdio, driven through vscode-languageserver-protocol. */
export interface TestClient {
  process: ChildProcessWithoutNullStreams;
  connection: ProtocolConnection;
  initialize: InitializeResult;
  /** The parse errors (-32700) the server answered with: responses without an id. */
  parseErrors: () => { code: number; message: string }[];
  /** Everything the server wrote to stderr. */
  stderr: () => string;
  /** The requests the server sent the client (`workspace/configuration`, `client/registerCapability`, …), by method, in order. */
  requests: string[];
  /** The server's `window/logMessage` and `window/showMessage` notifications. */
  messages: { method: string; type: number; message: string }[];
  /** The next diagnostics published for `uri` (optionally: for this version). */
  nextDiagnostics(uri: string, version?: number): Promise<PublishDiagnosticsParams>;
  /** Resolves when the server has sent a request of this method (at once if it already has, since the last call). */
  nextRequest(method: string): Promise<void>;
  /** Waits for the process to end: its exit code. */
  exited: Promise<number | null>;
}

/** What `initialize` says of the workspace besides the capabilities: none by default. */
export interface Workspace {
  rootUri?: string | null;
  workspaceFolders?: WorkspaceFolder[] | null;
}

/** The errors of the responses without an id that vscode-jsonrpc logged. */
export function parseErrorsOf(errors: readonly string[]): { code: number; message: string }[] {
  const prefix = 'Received response message without id: Error is: \n';
  return errors.filter((error) => error.startsWith(prefix)).map((error) => JSON.parse(error.slice(prefix.length)) as { code: number; message: string });
}

/** A server process and a connection to it that has sent nothing yet; what vscode-jsonrpc logs as an error (a response without an id) is in `errors`. */
export function connect(): { process: ChildProcessWithoutNullStreams; connection: ProtocolConnection; errors: string[]; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const errors: string[] = [];
  const logger = { error: (message: string) => errors.push(message), warn: () => undefined, info: () => undefined, log: () => undefined };
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin), logger);
  connection.listen();
  return { process: child, connection, errors, exited };
}

export async function startClient(capabilities: ClientCapabilities = {}, initializationOptions?: unknown, workspace: Workspace = {}): Promise<TestClient> {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const errors: string[] = [];
  const logger = { error: (message: string) => errors.push(message), warn: () => undefined, info: () => undefined, log: () => undefined };
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin), logger);
  const waiting: { uri: string; version: number | undefined; resolve: (params: PublishDiagnosticsParams) => void }[] = [];
  const published: PublishDiagnosticsParams[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const index = waiting.findIndex((w) => w.uri === params.uri && (w.version === undefined || w.version === params.version));
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(params);
    else published.push(params);
  });
  const requests: string[] = [];
  /** How many requests of each method `nextRequest` has seen, and who waits for the next. */
  const consumed = new Map<string, number>();
  const requestWaiters: { method: string; resolve: () => void }[] = [];
  const messages: TestClient['messages'] = [];
  // Every request is answered as a client with no urilint settings would (workspace/configuration: nulls; the rest: null).
  // The catch-all handler is the MessageConnection's, which ProtocolConnection's types leave out.
  (connection as unknown as MessageConnection).onRequest((method: string, params: unknown) => {
    requests.push(method);
    const waiter = requestWaiters.findIndex((w) => w.method === method);
    if (waiter >= 0) {
      consumed.set(method, (consumed.get(method) ?? 0) + 1);
      requestWaiters.splice(waiter, 1)[0]!.resolve();
    }
    return method === 'workspace/configuration' ? (params as { items: unknown[] }).items.map(() => null) : null;
  });
  for (const method of ['window/logMessage', 'window/showMessage']) {
    connection.onNotification(method, (params: { type: number; message: string }) => {
      messages.push({ method, type: params.type, message: params.message });
    });
  }
  connection.listen();
  const initialize = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: workspace.rootUri ?? null,
    capabilities,
    workspaceFolders: workspace.workspaceFolders ?? null,
    ...(initializationOptions === undefined ? {} : { initializationOptions }),
  });
  await connection.sendNotification('initialized', {});
  return {
    process: child,
    connection,
    initialize,
    stderr: () => stderr,
    parseErrors: () => parseErrorsOf(errors),
    requests,
    messages,
    exited,
    nextDiagnostics(uri, version) {
      const index = published.findIndex((p) => p.uri === uri && (version === undefined || p.version === version));
      if (index >= 0) return Promise.resolve(published.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.push({ uri, version, resolve }));
    },
    nextRequest(method) {
      const seen = requests.filter((m) => m === method).length;
      if (seen > (consumed.get(method) ?? 0)) {
        consumed.set(method, (consumed.get(method) ?? 0) + 1);
        return Promise.resolve();
      }
      return new Promise((resolve) => requestWaiters.push({ method, resolve }));
    },
  };
}
