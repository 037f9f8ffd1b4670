// A WebAssembly file imported with `?url` (by parsers.browser.ts, for a bundler that serves it as a
// file of the site, as Vite does): the module's default export is the file's address.
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
