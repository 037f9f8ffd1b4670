/**
 * The server answers or rejects every request and stays up: malformed
 * requests, unknown methods, a broken frame, a 5 MB document, a burst of
 * 1,000 edits; a request before `initialize` is refused (-32002), frames that
 * are not frames and bodies that are not JSON are answered with a parse error
 * (-32700) and what follows is read, and a 50 MB document is not read.
 */
import {
  CodeActionRequest,
  DidCloseTextDocumentNotification,
  InitializeRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  HoverRequest,
  ResponseError,
} from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, parseErrorsOf, startClient, type TestClient } from './support/client.js';

let client: TestClient | undefined;

afterEach(() => {
  if (client && client.process.exitCode === null) client.process.kill();
  client = undefined;
});

/** The server is still there: it answers a hover. */
async function alive(test: TestClient, uri: string): Promise<void> {
  const hover = await test.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 10 } });
  expect(hover === null || typeof hover === 'object').toBe(true);
  expect(test.process.exitCode).toBeNull();
}

async function rejection(promise: Promise<unknown>): Promise<ResponseError<unknown> | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error as ResponseError<unknown>;
  }
}

describe('robustness of the server', () => {
  it('malformed requests, unknown methods and a broken frame get an answer or a rejection', async () => {
    client = await startClient({});
    const uri = 'file:///project/a.ts';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text: 'fetch("https://example.com/a b");\n' } });
    await client.nextDiagnostics(uri, 1);

    const unknown = await rejection(client.connection.sendRequest('urilint/no-such-method', {}));
    expect(unknown?.code).toBe(ErrorCodes.MethodNotFound);
    await client.connection.sendNotification('urilint/no-such-notification', { x: 1 });

    // Params that are not what the protocol says: answered (empty) or rejected, never a crash.
    for (const params of [{}, { textDocument: { uri } }, { textDocument: { uri }, position: { line: 'x' } }, { textDocument: 5 }]) {
      const result = await client.connection.sendRequest('textDocument/hover', params).catch((error: unknown) => error);
      expect(result === null || result instanceof ResponseError).toBe(true);
    }
    for (const method of ['textDocument/codeAction', 'textDocument/documentLink', 'textDocument/diagnostic']) {
      const result = await client.connection.sendRequest(method, { textDocument: { uri: 42 }, range: 'everything' }).catch((error: unknown) => error);
      expect(result === null || Array.isArray(result) || result instanceof ResponseError || typeof result === 'object').toBe(true);
    }
    const actions = await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: { start: { line: 99, character: 0 }, end: { line: -1, character: 5 } }, context: { diagnostics: [{ data: 'garbage' }] } } as never);
    expect(Array.isArray(actions)).toBe(true);
    const unopened = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: 'file:///never/opened.ts' }, position: { line: 0, character: 0 } });
    expect(unopened).toBeNull();

    // A frame whose body is not JSON, written straight to the pipe.
    client.process.stdin.write('Content-Length: 9\r\n\r\n{"broken"');
    await alive(client, uri);

    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    expect(await client.exited).toBe(0);
  });

  it('a 5 MB document is checked and hovered', async () => {
    client = await startClient({});
    const uri = 'file:///project/big.ts';
    // Nine lines of code to one URL, as in ordinary code. (Not `export const …` on every line: typescript-estree
    // looks for the token after each `export` from the top of the file, which is quadratic in the number of exports.)
    const block = 'function handler(request, response) {\n  const page = Number(request.query.page ?? 1);\n  const sort = String(request.query.sort);\n  if (page > 100) {\n    return response.status(400).end();\n  }\n  const items = load(page, sort);\n  return response.json(items);\n}\nconst link = fetch("https://example.com/path/to/resource?page=1&sort=name#section");\n';
    const blocks = Math.ceil((5 * 1024 * 1024) / block.length);
    const lines = blocks * 10;
    const text = block.repeat(blocks) + 'fetch("https://example.com/a b");\n';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
    const diagnostics = await client.nextDiagnostics(uri, 1);
    expect(diagnostics.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['path-unescaped-char', lines]]);
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: lines - 1, character: 30 } });
    expect(hover?.contents).toMatchObject({ value: expect.stringContaining('`https://example.com/path/to/resource?page=1&sort=name#section`') });
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    expect(await client.exited).toBe(0);
  });

  it('a burst of 1,000 edits: the last version is checked, and the server stays responsive', async () => {
    client = await startClient({});
    const uri = 'file:///project/typing.ts';
    let text = 'fetch("https://example.com/");\n';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
    await client.nextDiagnostics(uri, 1);
    const inside = text.indexOf('/"');
    for (let i = 0; i < 1000; i++) {
      // Typing inside the URL: one character at a time, a space every tenth.
      const typed = i % 10 === 9 ? ' ' : 'abcdefghi'[i % 10]!;
      const at = inside + 1 + i;
      text = text.slice(0, at) + typed + text.slice(at);
      void client.connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: i + 2 },
        contentChanges: [{ range: { start: { line: 0, character: at }, end: { line: 0, character: at } }, text: typed }],
      });
    }
    await alive(client, uri);
    const last = await client.nextDiagnostics(uri, 1001);
    // 100 spaces were typed: in the last version one problem of the URI (issue 28) for the 99 inside, from the first to
    // the last of them, and one for the space at its end, which browsers drop rather than accept (another message).
    const spaces = [...text.split('\n')[0]!.matchAll(/ /g)].map((match) => match.index!);
    expect(spaces).toHaveLength(100);
    expect(last.diagnostics.map((d) => [d.range.start.character, d.range.end.character])).toEqual([
      [spaces[0], spaces[98]! + 1],
      [spaces[99], spaces[99]! + 1],
    ]);
    expect(last.diagnostics[0]!.message).toContain('99 times');
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    expect(await client.exited).toBe(0);
  });

  it('a request before initialize gets ServerNotInitialized (-32002), a notification before it is dropped, and initialize then works', async () => {
    const raw = connect();
    const uri = 'file:///project/early.ts';
    const early = await rejection(raw.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 10 } }));
    expect(early?.code).toBe(ErrorCodes.ServerNotInitialized);
    expect(ErrorCodes.ServerNotInitialized).toBe(-32002);
    expect((await rejection(raw.connection.sendRequest('shutdown')))?.code).toBe(-32002);
    expect((await rejection(raw.connection.sendRequest('urilint/no-such-method', {})))?.code).toBe(-32002);
    await raw.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text: 'fetch("https://example.com/a b");\n' } });
    const initialized = await raw.connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
    expect(initialized.capabilities.hoverProvider).toBe(true);
    await raw.connection.sendNotification('initialized', {});
    // The didOpen before initialize was dropped: the document is not open.
    expect(await raw.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 10 } })).toBeNull();
    await raw.connection.sendRequest('shutdown');
    await raw.connection.sendNotification('exit');
    expect(await raw.exited).toBe(0);
    expect(parseErrorsOf(raw.errors)).toEqual([]);
  });

  it('a garbage Content-Length, a frame without one, a line that is no header and a body that is not JSON: a parse error each, and the next request is answered', async () => {
    client = await startClient({});
    const uri = 'file:///project/a.ts';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text: 'fetch("https://example.com/a b");\n' } });
    await client.nextDiagnostics(uri, 1);
    const request = '{"jsonrpc":"2.0","id":9000,"method":"textDocument/hover","params":{}}';
    const frames = [
      `Content-Length: twelve\r\n\r\n${request}`,
      `Content-Length: -1\r\n\r\n${request}`,
      `Content-Length: 1e3\r\n\r\n${request}`,
      `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${request}`,
      `${request}\r\n\r\n`,
      'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'Content-Length: 9\r\n\r\n{"broken"',
      'Content-Length: 0\r\n\r\n',
    ];
    for (const [index, frame] of frames.entries()) {
      client.process.stdin.write(frame);
      await alive(client, uri);
      expect(client.parseErrors()).toHaveLength(index + 1);
    }
    expect(new Set(client.parseErrors().map((error) => error.code))).toEqual(new Set([-32700]));
    expect(client.parseErrors().map((error) => error.message)).toEqual([
      'Parse error: the Content-Length "twelve" is not a length in bytes.',
      'Parse error: the Content-Length "-1" is not a length in bytes.',
      'Parse error: the Content-Length "1e3" is not a length in bytes.',
      'Parse error: a header has no Content-Length.',
      `Parse error: a header line is not "Name: value" (${JSON.stringify(request.slice(0, 40))}).`,
      'Parse error: a header line is not "Name: value" ("GET / HTTP/1.1").',
      'Parse error: the body of a message is not JSON.',
      'Parse error: the body of a message is not JSON.',
    ]);
    // The requests inside the bad frames were never read as requests: nothing answered id 9000.
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    expect(await client.exited).toBe(0);
  });

  it('a 50 MB didOpen is not read: one window message says why, no diagnostics, and the server goes on', async () => {
    client = await startClient({});
    const uri = 'file:///project/bundle.js';
    const line = 'fetch("https://example.com/a b");\n';
    const text = line.repeat(Math.ceil((50 * 1000 * 1000) / line.length));
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'javascript', version: 1, text } });
    expect((await client.nextDiagnostics(uri, 1)).diagnostics).toEqual([]);
    // Not parsed: a hover on a URI of it has nothing to say, and no code action is offered.
    expect(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 12 } })).toBeNull();
    const small = 'file:///project/small.ts';
    await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: small, languageId: 'typescript', version: 1, text: line } });
    expect((await client.nextDiagnostics(small, 1)).diagnostics.map((d) => d.code)).toEqual(['path-unescaped-char']);
    await client.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    expect((await client.nextDiagnostics(uri)).diagnostics).toEqual([]);
    await alive(client, small);
    const shown = client.messages.filter((message) => message.method === 'window/showMessage');
    expect(shown).toEqual([{ method: 'window/showMessage', type: 2, message: `urilint: ${uri} is not checked: it is 47.7 MiB, larger than 10 MiB, the most urilint reads of a file (as urilint scan's default --max-file-size).` }]);
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    expect(await client.exited).toBe(0);
  });
});
