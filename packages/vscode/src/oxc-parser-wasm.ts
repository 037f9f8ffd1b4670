// What the server bundle has in place of `oxc-parser` (scripts/build.mjs resolves discovery's
// `require('oxc-parser')` here): oxc-parser's API as discovery uses it, `parseSync` and
// `visitorKeys`, on its WebAssembly build. Discovery requires it on the first JavaScript or
// TypeScript file, so the module is compiled then; when it cannot be, the require throws and
// discovery reads with typescript-estree after one notice.
import visitorKeysOfOxc from 'oxc-parser/src-js/generated/visit/keys.js';
import { wrap } from 'oxc-parser/src-js/wrap.js';
import { loadOxcWasm, WASM_FILE, wasmLog } from './oxc-wasm.js';

// The bundle is CommonJS: __dirname is dist/, where the .wasm file is.
const binding = loadOxcWasm(__dirname);

let said = false;

/**
 * oxc-parser's `parseSync`: the result's program is parsed from JSON when first read. The first
 * file it parses without an error is said in the log, once: the reader the server uses.
 */
export function parseSync(filename: string, text: string, options: Record<string, unknown>): unknown {
  // Each of the binding's getters hands its value over once (a second read is empty): `wrap` keeps them.
  const result = wrap(binding.parseSync(filename, text, options)) as { errors: unknown[] };
  if (!said && result.errors.length === 0) {
    said = true;
    wasmLog(`urilint: JavaScript and TypeScript are read with oxc-parser's WebAssembly build (${WASM_FILE}).`);
  }
  return result;
}

export const visitorKeys: Record<string, readonly string[]> = visitorKeysOfOxc;
