/**
 * The real server over stdio, driven by vscode-languageserver-protocol as an
 * editor would drive it: initialize, open, diagnostics, edit, hover, code
 * action, apply, fix-all, links, settings, shutdown.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CodeActionKind,
  CodeActionRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWorkspaceFoldersNotification,
  DidOpenTextDocumentNotification,
  DocumentDiagnosticRequest,
  DocumentLinkRequest,
  HoverRequest,
  type CodeAction,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient, type TestClient } from './support/client.js';

let client: TestClient | undefined;

afterEach(async () => {
  if (client && client.process.exitCode === null) client.process.kill();
  client = undefined;
});

async function shutdown(test: TestClient): Promise<number | null> {
  await test.connection.sendRequest('shutdown');
  await test.connection.sendNotification('exit');
  return test.exited;
}

function apply(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'plaintext', 0, text), [...edits]);
}

describe('the server over stdio', () => {
  it('pushes diagnostics, answers hovers and code actions, and applies fixes through edits', async () => {
    client = await startClient({ workspace: { configuration: true } });
    const { connection } = client;
    expect(client.initialize.capabilities).toMatchObject({ hoverProvider: true, documentLinkProvider: {}, textDocumentSync: { change: 2 } });
    expect(client.initialize.capabilities.diagnosticProvider).toBeUndefined();

    const uri = 'file:///project/src/api.ts';
    // An emoji before the URI: LSP columns are UTF-16, so the space is one column further than its code point index.
    let text = 'const label = "😀"; fetch("https://example.com/a b");\n';
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
    const first = await client.nextDiagnostics(uri, 1);
    const space = text.indexOf(' ', text.indexOf('https'));
    expect(first.diagnostics.map((d) => [d.code, d.source, d.range.start.character, d.range.end.character])).toEqual([['path-unescaped-char', 'urilint', space, space + 1]]);

    // An incremental edit: a second problem typed on a new line.
    const added = 'fetch("https://example.com/%zz");\n';
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: added }],
    });
    text += added;
    const second = await client.nextDiagnostics(uri, 2);
    expect(second.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['path-unescaped-char', 0, space],
      ['pct-invalid-triplet', 1, added.indexOf('%zz')],
    ]);

    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: space } });
    expect(hover?.contents).toMatchObject({ kind: 'markdown', value: expect.stringContaining('| host | `example.com` — registered name |') });

    const diagnostic = second.diagnostics[0]!;
    const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } })) as CodeAction[];
    const fix = actions.find((action) => action.isPreferred);
    expect(fix?.kind).toBe(CodeActionKind.QuickFix);
    text = apply(text, fix!.edit!.changes![uri]!);
    expect(text.split('\n')[0]).toBe('const label = "😀"; fetch("https://example.com/a%20b");');
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 3 }, contentChanges: [{ text }] });
    const third = await client.nextDiagnostics(uri, 3);
    expect(third.diagnostics.map((d) => d.code)).toEqual(['pct-invalid-triplet']);

    const links = await connection.sendRequest(DocumentLinkRequest.type, { textDocument: { uri } });
    expect(links?.map((link) => link.target)).toEqual(['https://example.com/a%20b']);

    expect(await shutdown(client)).toBe(0);
    expect(client.stderr()).toBe('');
  });

  it('applies every safe fix with source.fixAll.urilint', async () => {
    client = await startClient({});
    const uri = 'file:///project/src/links.js';
    const text = 'fetch("https://example.com/a b|c");\nconst home = "http://0x7f.1/";\n';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'javascript', version: 1, text } });
    await client.nextDiagnostics(uri, 1);
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll.urilint'] },
    })) as CodeAction[];
    expect(actions.map((action) => action.kind)).toEqual(['source.fixAll.urilint']);
    expect(apply(text, actions[0]!.edit!.changes![uri]!)).toBe('fetch("https://example.com/a%20b%7Cc");\nconst home = "http://127.0.0.1/";\n');
    expect(await shutdown(client)).toBe(0);
  });

  it('answers pull diagnostics when the client supports them, and reads its settings', async () => {
    client = await startClient({ textDocument: { diagnostic: { dynamicRegistration: false } } });
    expect(client.initialize.capabilities.diagnosticProvider).toMatchObject({ interFileDependencies: false, workspaceDiagnostics: false });
    const uri = 'file:///project/README.md';
    const text = '# Links\n\nSee HTTP://Example.com/ and https://example.com/%zz for more.\n';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    const report = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    expect(report.kind).toBe('full');
    expect('items' in report ? report.items.map((d) => d.code) : []).toEqual(['pct-invalid-triplet']);
    // Settings pushed by the client (no workspace/configuration support here): the strict preset adds the normal form.
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { urilint: { preset: 'strict' } } });
    const strict = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    expect('items' in strict ? strict.items.map((d) => d.code).sort() : []).toEqual(['normal-host-case', 'normal-scheme-case', 'pct-invalid-triplet']);
    expect(await shutdown(client)).toBe(0);
  });
});

describe('what the client may lack', () => {
  const folder = { uri: 'file:///project', name: 'project' };

  it('a client that declares no capabilities at all: no error, no request it cannot answer, and diagnostics still arrive', async () => {
    // A workspace folder and a root, but no `workspace.workspaceFolders`, `workspace.configuration`,
    // dynamic registration, pull diagnostics or refresh: the server must use none of them.
    client = await startClient({}, undefined, { rootUri: folder.uri, workspaceFolders: [folder] });
    const uri = 'file:///project/src/api.ts';
    const text = 'fetch("https://example.com/a b");\n';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
    const published = await client.nextDiagnostics(uri, 1);
    expect(published.diagnostics.map((d) => d.code)).toEqual(['path-unescaped-char']);
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 20 } });
    expect(hover?.contents).toMatchObject({ value: expect.stringContaining('| host | `example.com` — registered name |') });
    // Settings pushed instead of pulled: the document is checked again with them.
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { urilint: { rules: { 'no-unescaped-chars': 'off' } } } });
    expect((await client.nextDiagnostics(uri, 1)).diagnostics).toEqual([]);

    expect(await shutdown(client)).toBe(0);
    // "Notification handler 'initialized' failed … Client doesn't support sending workspace folder change events" came as a log message.
    expect(client.messages).toEqual([]);
    expect(client.requests).toEqual([]);
    expect(client.stderr()).toBe('');
    // Nor does it declare what the client would not use.
    expect(client.initialize.capabilities.workspace).toBeUndefined();
    expect(client.initialize.capabilities.diagnosticProvider).toBeUndefined();
  });

  it('a client with workspace folders: the server declares them and follows their changes (ignore patterns are relative to them)', async () => {
    client = await startClient({ workspace: { workspaceFolders: true } }, { urilint: { ignore: ['gen/**'] } }, { rootUri: folder.uri, workspaceFolders: [folder] });
    expect(client.initialize.capabilities.workspace).toEqual({ workspaceFolders: { supported: true, changeNotifications: true } });
    const uri = 'file:///other/gen/api.ts';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text: 'fetch("https://example.com/a b");\n' } });
    // Outside the one folder, `gen/**` matches nothing.
    expect((await client.nextDiagnostics(uri, 1)).diagnostics.map((d) => d.code)).toEqual(['path-unescaped-char']);
    await client.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [{ uri: 'file:///other', name: 'other' }], removed: [] } });
    expect((await client.nextDiagnostics(uri, 1)).diagnostics).toEqual([]);
    expect(await shutdown(client)).toBe(0);
    expect(client.messages).toEqual([]);
    // Declared statically: no registration asked for.
    expect(client.requests).toEqual([]);
  });

  it('a client that pulls diagnostics without refresh support is never asked to refresh', async () => {
    client = await startClient({ textDocument: { diagnostic: {} } });
    const uri = 'file:///project/README.md';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'markdown', version: 1, text: 'See https://example.com/%zz.\n' } });
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { urilint: { preset: 'strict' } } });
    const report = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    expect('items' in report ? report.items.map((d) => d.code) : []).toEqual(['pct-invalid-triplet']);
    expect(await shutdown(client)).toBe(0);
    expect(client.requests).toEqual([]);
    expect(client.messages).toEqual([]);
  });
});
