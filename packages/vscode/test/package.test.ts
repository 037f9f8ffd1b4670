// The packaged extension, as users get it: the .vsix holds the two bundles and
// the generated settings, and the server bundle runs on its own (outside the
// repository, with no node_modules in reach) and speaks LSP over stdio.
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, SETTINGS_SCHEMA } from '../../language-server/src/service/settings.js';
import { FILE_PATTERNS, LANGUAGES as CLIENT_LANGUAGES } from '../src/languages.js';

/**
 * Language ids VS Code knows: its built-in ones (code.visualstudio.com/docs/languages/identifiers)
 * that the server reads, and those the extensions of the template languages add.
 */
const VSCODE_LANGUAGE_IDS = [
  ...['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'json', 'jsonc', 'markdown', 'html', 'css', 'yaml', 'plaintext', 'handlebars', 'php'],
  'liquid', // Shopify Liquid
  'nunjucks', // Nunjucks Template
  'jinja', // Jinja
  'jinja-html', // Better Jinja
  'django-html', // Django
  'twig', // Twig Language
  'erb', // Ruby LSP, Ruby
  'gohtml', // Go template extensions
  'gotmpl', // Go template extensions
  'helm', // Kubernetes
  'vue', // Vue (Official)
  'svelte', // Svelte for VS Code
  'astro', // Astro
  'python', // VS Code's own
  'go', // Go
  'rust', // VS Code's own
  'java', // VS Code's own
  'kotlin', // Kotlin
  'csharp', // VS Code's own
  'ruby', // VS Code's own
  'shellscript', // VS Code's own
  'dotenv', // DotENV
  'toml', // Even Better TOML
  'ini', // VS Code's own
  'properties', // VS Code's own (also .cfg, .gitconfig, .conf)
  'dockerfile', // VS Code's own
  'makefile', // VS Code's own
];

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => join(pkgDir, path);
const vsixPath = at('dist/urilint.vsix');

const pnpm = (script: string) =>
  execFileSync('pnpm', ['--filter', 'urilint-vscode', 'run', script], { cwd: pkgDir, stdio: 'pipe', timeout: 600_000 });

/** Builds the bundles when they are missing, and packages the .vsix when it is missing or older than what goes in it. */
function ensurePackaged(): void {
  if (!existsSync(at('dist/extension.js')) || !existsSync(at('dist/server.js'))) pnpm('build');
  const inputs = ['dist/extension.js', 'dist/server.js', 'dist/oxc-parser.wasm32-wasip1.wasm', 'package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'icon.png', '.vscodeignore'];
  const newest = Math.max(...inputs.map((path) => statSync(at(path)).mtimeMs));
  if (!existsSync(vsixPath) || statSync(vsixPath).mtimeMs < newest) pnpm('package');
}

/** The files of a zip archive, read through its central directory (stored or deflated entries). */
function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip archive: no end of central directory record');
  const count = zip.readUInt16LE(eocd + 10);
  let entry = zip.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(entry) !== 0x02014b50) throw new Error(`bad central directory entry at ${entry}`);
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const nameLength = zip.readUInt16LE(entry + 28);
    const extraLength = zip.readUInt16LE(entry + 30);
    const commentLength = zip.readUInt16LE(entry + 32);
    const localHeader = zip.readUInt32LE(entry + 42);
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
    if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: unsupported compression method ${method}`);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A minimal LSP client over a child's stdio: Content-Length framing, requests with ids, every message kept. */
class StdioClient {
  readonly received: Message[] = [];
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<number, (message: Message) => void>();
  private readonly listeners: ((message: Message) => void)[] = [];
  /** Rejects whatever is still awaited when the server exits: a crash fails at once, not at a timeout. */
  private readonly onExit = new Set<(error: Error) => void>();
  private exitError: Error | undefined;
  stderr = '';

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.on('close', (code, signal) => {
      this.exitError = new Error(`the server exited (${code ?? signal}); stderr: ${this.stderr}`);
      for (const reject of this.onExit) reject(this.exitError);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const headerEnd = this.buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const length = /Content-Length: *(\d+)/i.exec(this.buffer.toString('ascii', 0, headerEnd));
        if (!length) throw new Error(`no Content-Length in ${this.buffer.toString('ascii', 0, headerEnd)}`);
        const end = headerEnd + 4 + Number(length[1]);
        if (this.buffer.length < end) return;
        const message = JSON.parse(this.buffer.toString('utf8', headerEnd + 4, end)) as Message;
        this.buffer = this.buffer.subarray(end);
        this.dispatch(message);
      }
    });
  }

  private dispatch(message: Message): void {
    this.received.push(message);
    if (message.method === undefined && message.id !== undefined) {
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    } else if (message.method === 'workspace/configuration' && message.id !== undefined) {
      // Answer as a client with no urilint settings: the server's defaults apply.
      const items = (message.params as { items: unknown[] }).items;
      this.send({ id: message.id, result: items.map(() => null) });
    } else if (message.id !== undefined) {
      // client/registerCapability, window/workDoneProgress/create, …: accept.
      this.send({ id: message.id, result: null });
    }
    for (const listener of this.listeners) listener(message);
  }

  send(message: Message): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  /** Settles with `settle`'s value, or fails when the server exits or `timeoutMs` passes first. */
  private awaiting<T>(what: string, timeoutMs: number, settle: (resolve: (value: T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.exitError) return reject(this.exitError);
      const timer = setTimeout(() => fail(new Error(`no ${what} within ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.onExit.delete(fail);
        reject(error);
      };
      this.onExit.add(fail);
      settle((value) => {
        clearTimeout(timer);
        this.onExit.delete(fail);
        resolve(value);
      });
    });
  }

  request(method: string, params: unknown, timeoutMs = 30_000): Promise<Message> {
    const id = this.nextId++;
    return this.awaiting(`answer to ${method}`, timeoutMs, (resolve) => {
      this.waiting.set(id, resolve);
      this.send({ id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** The first message (already received or still to come) that `match` accepts. */
  waitFor(match: (message: Message) => boolean, what: string, timeoutMs = 30_000): Promise<Message> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return this.awaiting(what, timeoutMs, (resolve) => {
      this.listeners.push((message) => {
        if (match(message)) resolve(message);
      });
    });
  }
}

describe('the packaged extension (dist/urilint.vsix)', () => {
  let files: Map<string, Buffer>;
  let scratch: string;

  beforeAll(() => {
    ensurePackaged();
    files = readZip(readFileSync(vsixPath));
    scratch = mkdtempSync(join(tmpdir(), 'urilint-vsix-'));
  }, 900_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('holds the two bundles, oxc-parser\'s WebAssembly build, package.json, the README, the changelog, the license and the icon, and nothing else', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        '[Content_Types].xml',
        'extension.vsixmanifest',
        'extension/LICENSE.txt',
        'extension/changelog.md',
        'extension/icon.png',
        'extension/dist/extension.js',
        'extension/dist/server.js',
        'extension/dist/oxc-parser.wasm32-wasip1.wasm',
        // web-tree-sitter's runtime and the grammars of the languages read on it.
        'extension/dist/web-tree-sitter.wasm',
        'extension/dist/tree-sitter-python.wasm',
        'extension/dist/tree-sitter-go.wasm',
        'extension/dist/tree-sitter-rust.wasm',
        'extension/dist/tree-sitter-java.wasm',
        'extension/dist/tree-sitter-kotlin.wasm',
        'extension/dist/tree-sitter-c-sharp.wasm',
        'extension/dist/tree-sitter-ruby.wasm',
        'extension/dist/tree-sitter-php.wasm',
        'extension/dist/tree-sitter-bash.wasm',
        'extension/package.json',
        'extension/readme.md',
      ].sort(),
    );
    expect(files.get('extension/dist/extension.js')!.length).toBeGreaterThan(0);
    expect(files.get('extension/dist/server.js')!.length).toBeGreaterThan(0);
    // A WebAssembly module: the magic number \0asm, version 1.
    expect([...files.get('extension/dist/oxc-parser.wasm32-wasip1.wasm')!.subarray(0, 8)]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
  });

  it('gives the Marketplace and Open VSX their metadata: the icon, the changelog, the category, the repository and the publisher', () => {
    const manifest = files.get('extension.vsixmanifest')!.toString('utf8');
    expect(manifest).toContain('<Identity Language="en-US" Id="urilint-vscode" Version="');
    expect(manifest).toContain('Publisher="urilint"');
    expect(manifest).toContain('<Icon>extension/icon.png</Icon>');
    expect(manifest).toContain('<Asset Type="Microsoft.VisualStudio.Services.Content.Changelog" Path="extension/changelog.md" Addressable="true" />');
    expect(manifest).toContain('<Categories>Linters</Categories>');
    expect(manifest).toContain('<Property Id="Microsoft.VisualStudio.Services.Links.Source" Value="https://github.com/urilint/urilint.git" />');
    // A PNG of 128 × 128 pixels, the size the Marketplace asks for.
    const icon = files.get('extension/icon.png')!;
    expect([...icon.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([128, 128]);
    expect(files.get('extension/changelog.md')!.toString('utf8')).toMatch(/^# urilint-vscode\n/);
  });

  it('declares every setting of SETTINGS_SCHEMA, as the schema has it, and activates on every language', () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
    expect(`extension/${manifest.main.replace(/^\.\//, '')}`).toBe('extension/dist/extension.js');

    const properties = manifest.contributes.configuration.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties).sort()).toEqual(Object.keys(SETTINGS_SCHEMA).map((name) => `urilint.${name}`).sort());
    for (const [name, schema] of Object.entries(SETTINGS_SCHEMA)) {
      expect(properties[`urilint.${name}`], `urilint.${name}`).toMatchObject(schema);
    }

    // Every language the server reads, under VS Code's id for it (Neovim's text, sh and bash are VS Code's
    // plaintext and shellscript); a .json5 or .env file by its name.
    const vscodeIds = Object.keys(LANGUAGES).filter((id) => !['text', 'json5', 'sh', 'bash', 'cs', 'dosini', 'jproperties', 'make'].includes(id));
    expect([...manifest.activationEvents].sort()).toEqual([...vscodeIds.map((id) => `onLanguage:${id}`), 'workspaceContains:**/*.json5', 'workspaceContains:**/*.env', 'workspaceContains:**/*.toml'].sort());
    expect(CLIENT_LANGUAGES).toEqual(vscodeIds);
    expect(FILE_PATTERNS).toEqual(['**/*.json5', '**/*.env', '**/*.toml']);
  });

  it('activates on VS Code language ids only: its own, or those of the extensions that add the template languages', () => {
    const manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8'));
    const ids = (manifest.activationEvents as string[]).filter((event) => event.startsWith('onLanguage:')).map((event) => event.slice('onLanguage:'.length));
    for (const id of ids) expect(VSCODE_LANGUAGE_IDS, `onLanguage:${id}`).toContain(id);
    // Neovim's `text` is VS Code's `plaintext`, and VS Code has no `json5`.
    expect(ids).toContain('plaintext');
    expect(ids).not.toContain('text');
    expect(ids).not.toContain('json5');
  });

  /**
   * The server as packaged, copied with the files of `names` (from extension/dist/) into `folder`,
   * where no node_modules is in reach (it must need nothing but Node), started over stdio and
   * initialized as a client with no urilint settings.
   */
  async function startPackaged(folder: string, names: string[]): Promise<{ client: StdioClient; child: ChildProcessWithoutNullStreams; exited: Promise<number | null>; capabilities: Record<string, unknown> | undefined }> {
    mkdirSync(folder, { recursive: true });
    for (const name of names) writeFileSync(join(folder, name), files.get(`extension/dist/${name}`)!);
    // Without NODE_PATH, which pnpm sets to the workspace's store when it runs the tests.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_PATH'));
    const child = spawn(process.execPath, [join(folder, 'server.js'), '--stdio'], { cwd: folder, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const client = new StdioClient(child);
    const initialize = await client.request('initialize', {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: null,
      capabilities: { workspace: { configuration: true } },
    });
    expect(initialize.error).toBeUndefined();
    client.notify('initialized', {});
    return { client, child, exited, capabilities: (initialize.result as { capabilities?: Record<string, unknown> } | undefined)?.capabilities };
  }

  /** Opens each document and checks that its diagnostics hold the "%zz" of its text, where it is. */
  async function expectBadEscapeReported(client: StdioClient, folder: string, documents: [languageId: string, file: string, text: string][]): Promise<void> {
    for (const [languageId, file, text] of documents) {
      const uri = pathToFileURL(join(folder, file)).href;
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
      const published = await client.waitFor(
        (message) => message.method === 'textDocument/publishDiagnostics' && (message.params as { uri: string }).uri === uri,
        `diagnostics for ${file}`,
      );
      const diagnostics = (published.params as { diagnostics: { code?: string; range: { start: { line: number; character: number } } }[] }).diagnostics;
      const bad = text.split('\n').findIndex((line) => line.includes('%zz'));
      expect(diagnostics.map((d) => [d.code, d.range.start]), `${languageId}: ${file}`).toContainEqual([
        'pct-invalid-triplet',
        { line: bad, character: text.split('\n')[bad]!.indexOf('%zz') },
      ]);
    }
  }

  /** The window/logMessage lines the server sent, as [type, message]. */
  const logLines = (client: StdioClient): [number, string][] =>
    client.received.filter((message) => message.method === 'window/logMessage').map((message) => {
      const { type, message: text } = message.params as { type: number; message: string };
      return [type, text];
    });

  const WASM_READ = /read with oxc-parser's WebAssembly build/;
  const NATIVE_NOTICE = /could not be loaded/;

  it('runs the bundled server on its own: it answers initialize over stdio and checks documents in every reader', async () => {
    const folder = join(scratch, 'packaged');
    const { client, child, exited, capabilities } = await startPackaged(folder, ['server.js', 'oxc-parser.wasm32-wasip1.wasm']);
    try {
      expect(capabilities).toBeTypeOf('object');
      // What the README promises: fix-all on save needs this code action kind.
      expect((capabilities!.codeActionProvider as { codeActionKinds?: string[] } | undefined)?.codeActionKinds).toContain('source.fixAll.urilint');

      // One document per reader the server bundles (oxc-parser's WebAssembly build for JS/TS,
      // micromark, the JSON, YAML, HTML and CSS parsers), each with the same bad "%zz".
      /* eslint-disable urilint/no-invalid-percent-encoding -- the server must report these */
      const documents: [languageId: string, file: string, text: string][] = [
        ['typescript', 'a.ts', 'const u: string = "x";\nfetch("https://example.com/%zz");\n'],
        ['javascriptreact', 'b.jsx', 'export const A = () => <a href="https://example.com/%zz">x</a>;\n'],
        ['markdown', 'c.md', '# Title\n\nSee [the docs](https://example.com/%zz).\n'],
        ['json', 'd.json', '{ "homepage": "https://example.com/%zz" }\n'],
        ['yaml', 'e.yaml', 'homepage: "https://example.com/%zz"\n'],
        ['html', 'f.html', '<a href="https://example.com/%zz">x</a>\n'],
        ['css', 'g.css', 'a { background: url("https://example.com/%zz"); }\n'],
      ];
      /* eslint-enable urilint/no-invalid-percent-encoding */
      await expectBadEscapeReported(client, folder, documents);
      // A file oxc rejects (as typescript-estree does) is still searched for its strings.
      // eslint-disable-next-line urilint/no-invalid-percent-encoding -- the server must report it
      await expectBadEscapeReported(client, folder, [['typescript', 'h.ts', 'const x = ;\nfetch("https://example.com/%zz");\n']]);
      // JavaScript and TypeScript went through oxc, on its WebAssembly build next to the bundle: said once, and no notice.
      expect(logLines(client).filter(([, message]) => WASM_READ.test(message))).toEqual([[3, expect.stringContaining('oxc-parser.wasm32-wasip1.wasm')]]);
      expect(logLines(client).filter(([, message]) => NATIVE_NOTICE.test(message))).toEqual([]);

      const shutdown = await client.request('shutdown', null);
      expect(shutdown.error).toBeUndefined();
      client.notify('exit', null);
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
  });

  it('without the WebAssembly file, the bundled server reads JavaScript and TypeScript with typescript-estree, after one notice in its log', async () => {
    const folder = join(scratch, 'no-wasm');
    const { client, child, exited } = await startPackaged(folder, ['server.js']);
    try {
      /* eslint-disable urilint/no-invalid-percent-encoding -- the server must report these */
      await expectBadEscapeReported(client, folder, [
        ['typescript', 'a.ts', 'const u: string = "x";\nfetch("https://example.com/%zz");\n'],
        ['javascriptreact', 'b.jsx', 'export const A = () => <a href="https://example.com/%zz">x</a>;\n'],
        ['javascript', 'c.js', 'export const c = new URL("https://example.com/%zz");\n'],
      ]);
      /* eslint-enable urilint/no-invalid-percent-encoding */
      // One warning for the three files, naming what did not load; no line says oxc read them.
      expect(logLines(client).filter(([, message]) => NATIVE_NOTICE.test(message))).toEqual([[2, expect.stringContaining('oxc-parser.wasm32-wasip1.wasm')]]);
      expect(logLines(client).filter(([, message]) => WASM_READ.test(message))).toEqual([]);
      expect(client.stderr).toBe('');

      const shutdown = await client.request('shutdown', null);
      expect(shutdown.error).toBeUndefined();
      client.notify('exit', null);
      expect(await exited).toBe(0);
    } finally {
      child.kill();
    }
  });
});
