/**
 * The server answers or rejects every request and stays up: malformed
 * requests, unknown methods, a broken frame, a 5 MB document, a burst of
 * 1,000 edits.
 */
import {
  CodeActionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  HoverRequest,
  ResponseError,
} from 'vscode-languageserver-protocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startClient, type TestClient } from './support/client.js';

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
});
