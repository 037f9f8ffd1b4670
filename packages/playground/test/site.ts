// The playground built once per test file into a temporary folder with its own Vite configuration,
// and served from there by a static file server on 127.0.0.1 (what `vite preview` does, without
// Vite's server in the test).
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Built {
  dir: string;
  chunks: Rolldown.OutputChunk[];
  assets: Rolldown.OutputAsset[];
}

/** `vite build` of the playground into a new temporary folder. */
export async function buildSite(): Promise<Built> {
  const dir = mkdtempSync(path.join(tmpdir(), 'urilint-playground-'));
  // As `vite build` builds it: vitest sets NODE_ENV to `test`, which would make Vite build for development
  // (development conditions of packages, no service worker).
  const environment = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  let output: Awaited<ReturnType<typeof build>>;
  try {
    output = await build({ root: ROOT, mode: 'production', configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir: dir, emptyOutDir: true } });
  } finally {
    process.env['NODE_ENV'] = environment;
  }
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const files = outputs.flatMap((o) => o.output);
  return { dir, chunks: files.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk'), assets: files.filter((f): f is Rolldown.OutputAsset => f.type === 'asset') };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm' };

/** A static file server of `dir` on 127.0.0.1; its origin. */
export async function serve(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return { origin: `http://127.0.0.1:${address.port}`, server };
}
