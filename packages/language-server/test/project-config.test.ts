/**
 * The built server over stdio in a workspace on disk with a `urilint.config.jsonc`: the file's
 * settings apply, a change on disk applies without a restart (reported by the client through
 * `workspace/didChangeWatchedFiles`, or seen by the server's own watcher for a client that cannot
 * watch), a broken file is reported on itself while its documents keep the last good settings,
 * and fixing it clears that.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  FileChangeType,
  type ClientCapabilities,
  type Diagnostic,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient, type TestClient } from './support/client.js';

let client: TestClient | undefined;
const dirs: string[] = [];

afterEach(() => {
  if (client && client.process.exitCode === null) client.process.kill();
  client = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository in a temporary folder (`.git` bounds the search for a configuration) with a source file and a configuration. */
function workspace(config: string): { root: string; app: string; appUri: string; config: string; configUri: string; rootUri: string } {
  // realpath: the server compares the paths of URIs with the paths it reads (/tmp may be a link).
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'urilint-config-')));
  dirs.push(root);
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'src'));
  const app = join(root, 'src', 'api.ts');
  writeFileSync(app, APP);
  const file = join(root, 'urilint.config.jsonc');
  writeFileSync(file, config);
  return { root, app, appUri: pathToFileURL(app).href, config: file, configUri: pathToFileURL(file).href, rootUri: pathToFileURL(root).href };
}

// Recommended: the space. Strict: also the scheme's and the host's case in the second URI.
const APP = 'fetch("https://example.com/a b");\nfetch("HTTP://Example.com/");\n';
const RECOMMENDED = '{ "preset": "recommended" }\n';
const STRICT_NO_SPACES = '// strict, and spaces left to another tool\n{\n  "preset": "strict",\n  "rules": { "no-unescaped-chars": "off" },\n}\n';
const BROKEN = '{\n  "preset": "recommended",\n  "rules": { "no-unescaped-chars": "of" }\n}\n';

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code)).sort();
}

/** The next diagnostics published for `uri` that pass `test` (those before are passed over): bounded by the test's timeout. */
async function diagnosticsUntil(test: TestClient, uri: string, ok: (params: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
  for (;;) {
    const params = await test.nextDiagnostics(uri);
    if (ok(params)) return params;
  }
}

async function open(test: TestClient, uri: string, text: string, languageId = 'typescript'): Promise<void> {
  await test.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
}

async function changed(test: TestClient, uri: string): Promise<void> {
  await test.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type: FileChangeType.Changed }] });
}

async function shutdown(test: TestClient): Promise<number | null> {
  await test.connection.sendRequest('shutdown');
  await test.connection.sendNotification('exit');
  return test.exited;
}

const WATCHING: ClientCapabilities = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } };

describe('the project configuration over stdio', () => {
  it('applies the file, and a change the client reports, with no restart; a broken file keeps the last good settings and is reported on itself', async () => {
    const ws = workspace(RECOMMENDED);
    client = await startClient(WATCHING, undefined, { rootUri: ws.rootUri, workspaceFolders: [{ uri: ws.rootUri, name: 'ws' }] });
    await open(client, ws.appUri, APP);
    expect(codes((await client.nextDiagnostics(ws.appUri, 1)).diagnostics)).toEqual(['path-unescaped-char']);
    // The client was asked to watch the project files.
    expect(client.requests).toContain('client/registerCapability');

    // Strict, spaces off: saved on disk and reported by the client.
    writeFileSync(ws.config, STRICT_NO_SPACES);
    await changed(client, ws.configUri);
    expect(codes((await client.nextDiagnostics(ws.appUri)).diagnostics)).toEqual(['normal-host-case', 'normal-scheme-case']);

    // An unsaved edit of the open configuration is not the configuration: a re-check still reads the file on disk.
    await open(client, ws.configUri, STRICT_NO_SPACES, 'jsonc');
    expect((await client.nextDiagnostics(ws.configUri, 1)).diagnostics).toEqual([]);
    await client.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: ws.configUri, version: 2 }, contentChanges: [{ text: RECOMMENDED }] });
    await client.nextDiagnostics(ws.configUri, 2);
    await changed(client, pathToFileURL(join(ws.root, 'package.json')).href);
    expect(codes((await client.nextDiagnostics(ws.appUri)).diagnostics)).toEqual(['normal-host-case', 'normal-scheme-case']);

    // Broken: the problem on the configuration at its line and column; the document keeps the last good settings.
    writeFileSync(ws.config, BROKEN);
    await changed(client, ws.configUri);
    const broken = await diagnosticsUntil(client, ws.configUri, (params) => params.diagnostics.length > 0);
    const at = BROKEN.split('\n').findIndex((line) => line.includes('"of"'));
    expect(broken.diagnostics).toEqual([
      expect.objectContaining({
        source: 'urilint',
        code: 'config-invalid',
        severity: 1,
        range: { start: { line: at, character: BROKEN.split('\n')[at]!.indexOf('"of"') }, end: { line: at, character: BROKEN.split('\n')[at]!.indexOf('"of"') + 4 } },
      }),
    ]);
    expect(broken.diagnostics[0]!.message).toMatch(/^rules\.no-unescaped-chars: .*"off".*\(expected /);
    expect(codes((await client.nextDiagnostics(ws.appUri)).diagnostics)).toEqual(['normal-host-case', 'normal-scheme-case']);

    // Fixed: the configuration's problems are cleared and its settings apply.
    writeFileSync(ws.config, RECOMMENDED);
    await changed(client, ws.configUri);
    await diagnosticsUntil(client, ws.configUri, (params) => params.diagnostics.length === 0);
    expect(codes((await diagnosticsUntil(client, ws.appUri, (params) => params.diagnostics.length === 1)).diagnostics)).toEqual(['path-unescaped-char']);

    // Told once, though the broken file was read for more than one check.
    expect(client.messages.filter((m) => m.message.includes('urilint.config.jsonc has a problem'))).toHaveLength(1);
    expect(await shutdown(client)).toBe(0);
    expect(client.stderr()).toBe('');
  });

  it('a client that cannot watch files: the server watches them itself, and a save on disk applies', async () => {
    const ws = workspace(RECOMMENDED);
    // No didChangeWatchedFiles, no workspace folders: the folders of the open document are watched.
    client = await startClient({ workspace: { configuration: true } });
    await open(client, ws.appUri, APP);
    expect(codes((await client.nextDiagnostics(ws.appUri, 1)).diagnostics)).toEqual(['path-unescaped-char']);
    expect(client.requests).not.toContain('client/registerCapability');

    writeFileSync(ws.config, STRICT_NO_SPACES);
    const strict = await diagnosticsUntil(client, ws.appUri, (params) => !codes(params.diagnostics).includes('path-unescaped-char'));
    expect(codes(strict.diagnostics)).toEqual(['normal-host-case', 'normal-scheme-case']);

    // A baseline written next to it: the recorded finding becomes a hint.
    writeFileSync(ws.config, RECOMMENDED);
    await diagnosticsUntil(client, ws.appUri, (params) => codes(params.diagnostics).includes('path-unescaped-char'));
    writeFileSync(join(ws.root, 'urilint-suppressions.json'), JSON.stringify({ 'src/api.ts': { 'path-unescaped-char': { count: 1 } } }));
    const hinted = await diagnosticsUntil(client, ws.appUri, (params) => params.diagnostics.some((d) => d.severity === 4));
    expect(hinted.diagnostics.map((d) => [d.code, d.severity])).toEqual([['path-unescaped-char', 4]]);
    expect(hinted.diagnostics[0]!.message).toMatch(/ \(suppressed by urilint-suppressions\.json\)$/);

    expect(await shutdown(client)).toBe(0);
    expect(client.stderr()).toBe('');
  });

  it('a client that pulls diagnostics is asked to pull again; the problems of the file are pushed on it', async () => {
    const ws = workspace(RECOMMENDED);
    client = await startClient({ ...WATCHING, workspace: { ...WATCHING.workspace, diagnostics: { refreshSupport: true } }, textDocument: { diagnostic: { dynamicRegistration: false } } });
    await open(client, ws.appUri, APP);
    const pull = async (): Promise<string[]> => {
      const report = await client!.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: ws.appUri } });
      return 'items' in report ? codes(report.items) : [];
    };
    expect(await pull()).toEqual(['path-unescaped-char']);

    writeFileSync(ws.config, STRICT_NO_SPACES);
    await changed(client, ws.configUri);
    await client.nextRequest('workspace/diagnostic/refresh');
    expect(await pull()).toEqual(['normal-host-case', 'normal-scheme-case']);

    writeFileSync(ws.config, BROKEN);
    await changed(client, ws.configUri);
    const broken = await client.nextDiagnostics(ws.configUri);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(['config-invalid']);
    await client.nextRequest('workspace/diagnostic/refresh');
    expect(await pull()).toEqual(['normal-host-case', 'normal-scheme-case']);
    expect(await shutdown(client)).toBe(0);
  });
});
