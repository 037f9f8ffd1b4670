// oxc-parser's WebAssembly build, for the server bundle: the extension ships one package for every
// platform, so instead of a native binding it carries `parser.wasm32-wasip1.wasm` (from the
// oxc-parser package; the wasip1 flavour runs on the calling thread, with no worker) next to
// dist/server.js. `oxc-parser-wasm.ts`, which the bundle takes wherever discovery requires
// `oxc-parser` (scripts/build.mjs), loads it with `loadOxcWasm`.
//
// emnapi (@emnapi/core, @emnapi/runtime) gives the module Node-API; the five WASI functions it
// imports are written here (no environment, random bytes from node:crypto, output to standard
// error: standard output is the protocol's, over --stdio), so Node's experimental WASI is not used.
import { getRandomValues } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { instantiateNapiModuleSync } from '@emnapi/core';
import { getDefaultContext } from '@emnapi/runtime';

/** Node's WebAssembly, as used here (TypeScript declares it in the DOM library, which this package does not load). */
declare const WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory };
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

/** The file's name in dist/ (scripts/build.mjs copies it there). */
export const WASM_FILE = 'oxc-parser.wasm32-wasip1.wasm';

/** The least memory the module imports (its import section: 980 pages of 64 KiB in oxc-parser 0.156.0), and the most. */
const INITIAL_PAGES = 980;
const MAXIMUM_PAGES = 65_536;

export interface ParseResult {
  program: unknown;
  comments: unknown[];
  errors: unknown[];
}

export interface Binding {
  parseSync(filename: string, text: string, options: Record<string, unknown>): ParseResult;
}

let log: (message: string) => void = (message) => process.stderr.write(`${message}\n`);

/** Where the one line saying that a file was read with the WebAssembly build goes (default: standard error). */
export function setWasmLog(handler: (message: string) => void): void {
  log = handler;
}

/** Writes `message` where `setWasmLog` said. */
export function wasmLog(message: string): void {
  log(message);
}

/** The WASI preview 1 functions the module imports, on `memory`. */
function wasiImports(memory: WasmMemory): Record<string, (...args: number[]) => number> {
  const view = () => new DataView(memory.buffer);
  return {
    environ_sizes_get(countAt, sizeAt) {
      view().setUint32(countAt, 0, true);
      view().setUint32(sizeAt, 0, true);
      return 0;
    },
    environ_get() {
      return 0;
    },
    random_get(at, length) {
      // getRandomValues fills at most 65,536 bytes a call.
      for (let offset = 0; offset < length; offset += 65_536) getRandomValues(new Uint8Array(memory.buffer, at + offset, Math.min(65_536, length - offset)));
      return 0;
    },
    fd_write(_fd, iovs, count, writtenAt) {
      const data = view();
      let written = 0;
      for (let i = 0; i < count; i++) {
        const at = data.getUint32(iovs + i * 8, true);
        const length = data.getUint32(iovs + i * 8 + 4, true);
        process.stderr.write(Buffer.from(memory.buffer, at, length));
        written += length;
      }
      data.setUint32(writtenAt, written, true);
      return 0;
    },
    proc_exit(code) {
      throw new Error(`oxc-parser's WebAssembly module exited (${code})`);
    },
  };
}

/** Compiles and instantiates the module in dist/; throws when it cannot. */
export function loadOxcWasm(directory: string): Binding {
  const file = join(directory, WASM_FILE);
  const bytes = readFileSync(file);
  const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES });
  const { napiModule } = instantiateNapiModuleSync(bytes, {
    context: getDefaultContext(),
    overwriteImports(imports) {
      return { ...imports, env: { ...imports['env'], ...imports['napi'], ...imports['emnapi'], memory }, wasi_snapshot_preview1: wasiImports(memory) };
    },
    beforeInit({ instance }) {
      (instance.exports['_initialize'] as () => void)();
      for (const [name, register] of Object.entries(instance.exports)) if (name.startsWith('__napi_register__')) (register as () => void)();
    },
  });
  const binding = napiModule.exports as unknown as Binding;
  if (typeof binding.parseSync !== 'function') throw new Error(`${file} has no parseSync`);
  return binding;
}
