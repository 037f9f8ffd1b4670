// oxc-parser's JavaScript modules that the WebAssembly build is used with (oxc-parser-wasm.ts); the
// package declares no types for them.
declare module 'oxc-parser/src-js/generated/visit/keys.js' {
  const visitorKeys: Record<string, readonly string[]>;
  export default visitorKeys;
}

declare module 'oxc-parser/src-js/wrap.js' {
  export function wrap(result: unknown): unknown;
}
