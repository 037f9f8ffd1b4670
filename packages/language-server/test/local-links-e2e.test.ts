/**
 * Local links through the real server over stdio, on a docs tree in a temporary folder: the broken
 * links as diagnostics, go-to-definition to a file and to a heading's line, completion of paths and
 * #anchors while a link is typed, and a file created on disk re-checking the document that links
 * to it (`workspace/didChangeWatchedFiles`).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  type CompletionItem,
  type CompletionList,
  type Location,
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

const GUIDE = '# Guide\n\nIntro.\n\n## Usage\n\nRun it.\n';
const README = '# Project\n\n- [guide](docs/guide.md)\n- [usage](docs/guide.md#usage)\n- [typo](docs/guide.md#usge)\n- [later](docs/later.md)\n';

function tree(): { root: string; readme: string; later: string } {
  // realpath: the server compares the paths of URIs with the paths it reads (/tmp may be a link).
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'urilint-links-')));
  dirs.push(root);
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs', 'guide.md'), GUIDE);
  writeFileSync(join(root, 'README.md'), README);
  return { root, readme: pathToFileURL(join(root, 'README.md')).href, later: join(root, 'docs', 'later.md') };
}

const broken = (params: PublishDiagnosticsParams, text: string): string[] =>
  params.diagnostics
    .filter((d) => d.code === 'no-broken-links')
    .map((d) => {
      const line = text.split('\n')[d.range.start.line]!;
      return line.slice(d.range.start.character, d.range.end.character);
    });

const labels = (result: CompletionItem[] | CompletionList | null): string[] => (Array.isArray(result) ? result : (result?.items ?? [])).map((item) => item.label);

async function shutdown(test: TestClient): Promise<number | null> {
  await test.connection.sendRequest('shutdown');
  await test.connection.sendNotification('exit');
  return test.exited;
}

describe('local links over stdio', () => {
  it('reports broken links, goes to a file and a heading, completes paths and anchors, and re-checks when a file appears', async () => {
    const { root, readme, later } = tree();
    const rootUri = pathToFileURL(root).href;
    client = await startClient({ workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } }, undefined, { rootUri, workspaceFolders: [{ uri: rootUri, name: 'docs' }] });
    expect(client.initialize.capabilities).toMatchObject({ definitionProvider: true, completionProvider: { triggerCharacters: expect.arrayContaining(['/', '#']) } });
    const { connection } = client;

    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: readme, languageId: 'markdown', version: 1, text: README } });
    expect(broken(await client.nextDiagnostics(readme, 1), README)).toEqual(['usge', 'docs/later.md']);

    const lines = README.split('\n');
    const at = (needle: string) => {
      const line = lines.findIndex((l) => l.includes(needle));
      return { line, character: lines[line]!.indexOf(needle) + 2 };
    };
    const guideUri = pathToFileURL(join(root, 'docs', 'guide.md')).href;
    const toFile = (await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: readme }, position: at('docs/guide.md)') })) as Location[];
    expect(toFile).toEqual([{ uri: guideUri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }]);
    const toHeading = (await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri: readme }, position: at('docs/guide.md#usage') })) as Location[];
    expect(toHeading[0]).toMatchObject({ uri: guideUri, range: { start: { line: GUIDE.split('\n').indexOf('## Usage'), character: 0 } } });

    // A link being typed on a new last line: first its path, then its anchor.
    let text = `${README}[see](docs/`;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: readme, version: 2 }, contentChanges: [{ text }] });
    const end = () => ({ line: text.split('\n').length - 1, character: text.split('\n').at(-1)!.length });
    expect(labels(await connection.sendRequest(CompletionRequest.type, { textDocument: { uri: readme }, position: end() }))).toEqual(['guide.md']);
    text = `${README}[see](docs/guide.md#`;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: readme, version: 3 }, contentChanges: [{ text }] });
    expect(labels(await connection.sendRequest(CompletionRequest.type, { textDocument: { uri: readme }, position: end() }))).toEqual(['guide', 'usage']);
    text = README;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: readme, version: 4 }, contentChanges: [{ text }] });
    expect(broken(await client.nextDiagnostics(readme, 4), README)).toEqual(['usge', 'docs/later.md']);

    // The missing file is written on disk: the editor's watcher tells the server, which checks the README again.
    writeFileSync(later, '# Later\n');
    await connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(later).href, type: FileChangeType.Created }] });
    expect(broken(await client.nextDiagnostics(readme, 4), README)).toEqual(['usge']);

    expect(await shutdown(client)).toBe(0);
    expect(client.stderr()).toBe('');
  });
});
