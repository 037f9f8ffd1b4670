#!/usr/bin/env node
// Bundles the extension into two self-contained CommonJS files, because the
// .vsix is packaged with --no-dependencies (nothing under node_modules ships):
//
//   src/extension.ts   -> dist/extension.js  (the client; `vscode` is the only external)
//   src/server.ts      -> dist/server.js     (@urilint/language-server's server with everything it uses:
//                                             @urilint/core, @urilint/discovery and the language server from
//                                             their dist, typescript, @typescript-eslint/parser, …)
//
// and copies the WebAssembly builds of tree-sitter and its grammars (Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, bash) and of oxc-parser
// next to them (dist/oxc-parser.wasm32-wasip1.wasm): the
// bundle reads JavaScript and TypeScript with it (src/oxc-parser-wasm.ts), on every platform, since
// a native binding is per platform and the .vsix is one for all.
//
// The @urilint/* packages resolve to their dist through their package.json
// exports, so they must be built first (`pnpm build` at the root does it in
// dependency order). Any import that is left to run time and is not a Node
// built-in fails the build, apart from the two optional probes listed below.
import { copyFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const oxcWasm = fileURLToPath(new URL('../src/oxc-parser-wasm.ts', import.meta.url));

// Requires that esbuild leaves in the bundle and that are never satisfied at
// run time, on purpose: each sits in a try/catch that falls back without it.
const OPTIONAL_AT_RUN_TIME = new Map([
  ['source-map-support', 'typescript: installs it for its own stack traces when present'],
  ['picomatch', 'fdir (under @typescript-eslint/typescript-estree): probes for it with require.resolve'],
  ['node:sqlite', "undici (the online link check): only its SQLite cache store's constructor requires it, which urilint never calls"],
  // discovery's wasmFile: require.resolve finds no package in the bundle, and the files copied beside it below are read instead.
  ['web-tree-sitter/tree-sitter.wasm', "discovery's wasmFile: resolved in a package, else read beside the bundle (copied below)"],
  ['tree-sitter-python/tree-sitter-python.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-go/tree-sitter-go.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-rust/tree-sitter-rust.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-java/tree-sitter-java.wasm', "discovery's wasmFile (as above)"],
  ['@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-c-sharp/tree-sitter-c_sharp.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-ruby/tree-sitter-ruby.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-php/tree-sitter-php.wasm', "discovery's wasmFile (as above)"],
  ['tree-sitter-bash/tree-sitter-bash.wasm', "discovery's wasmFile (as above)"],
]);

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));


const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * css-tree (the CSS reader's parser) loads its JSON data at run time with `createRequire(import.meta.url)`,
 * which no bundle can follow. Its package.json's `browser` field names files with the data inlined
 * (`lib/data.js` → `dist/data.js`, `lib/version.js` → `dist/version.js`): the bundle takes those.
 */
const inlineCssTreeData = {
  name: 'inline-css-tree-data',
  setup(build) {
    build.onResolve({ filter: /(^|\/)(data|version)\.js$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      const match = /^(.*[\\/]@eslint[\\/]css-tree)[\\/]lib[\\/](data|version)\.js$/.exec(file);
      return match ? { path: path.join(match[1], 'dist', `${match[2]}.js`) } : undefined;
    });
  },
};

/**
 * @urilint/discovery loads each reader's parser on first use, through the `require` that
 * dist/parsers.js makes with `createRequire(import.meta.url)`, which no bundle can follow. Without
 * that line, `require` is the bundle's own: each `require('yaml')` there is bundled, and evaluated
 * on first use as in Node.
 */
const bundleLazyParsers = {
  name: 'bundle-lazy-parsers',
  setup(build) {
    build.onLoad({ filter: /[\\/]discovery[\\/]dist[\\/]parsers\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const definition = /^const require = createRequire\(import\.meta\.url\);$/m;
      if (!definition.test(source)) throw new Error(`${args.path} no longer defines require with createRequire(import.meta.url): update the bundle-lazy-parsers plugin`);
      return { contents: source.replace(definition, ''), loader: 'js' };
    });
  },
};

/**
 * Discovery loads oxc-parser with `require('oxc-parser')` in dist/parsers.js (bundled, above). Its
 * native binding is a file per platform that no bundle holds: the bundle has the WebAssembly build
 * (src/oxc-parser-wasm.ts) in its place.
 */
const oxcParserAsWasm = {
  name: 'oxc-parser-as-wasm',
  setup(build) {
    build.onResolve({ filter: /^oxc-parser$/ }, (args) => {
      if (!/[\\/]discovery[\\/]dist[\\/]parsers\.js$/.test(args.importer)) throw new Error(`${args.importer} requires oxc-parser: only discovery's dist/parsers.js is expected to`);
      return { path: oxcWasm };
    });
  },
};

/** @type {(esbuild.BuildOptions & { allowAtRunTime: string[] })[]} */
const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    allowAtRunTime: ['vscode'],
  },
  {
    ...common,
    entryPoints: [serverEntry],
    outfile: 'dist/server.js',
    // The bundle is CommonJS (the extension's package.json has no "type": "module",
    // so a dist/*.js file is CommonJS to Node), where `import.meta` is empty.
    // Sources written as ES modules may read it: give them the bundle's own URL and folder.
    define: {
      'import.meta.url': '__urilint_import_meta_url',
      'import.meta.filename': '__filename',
      'import.meta.dirname': '__dirname',
    },
    banner: { js: 'var __urilint_import_meta_url = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [inlineCssTreeData, bundleLazyParsers, oxcParserAsWasm],
    allowAtRunTime: [...OPTIONAL_AT_RUN_TIME.keys()],
  },
];

let failed = false;
for (const { allowAtRunTime, ...options } of builds) {
  const result = await esbuild.build(options);
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const leftOver = new Set(output.imports.filter((i) => i.external && !builtins.has(i.path)).map((i) => i.path));
    for (const name of allowAtRunTime) leftOver.delete(name);
    if (leftOver.size > 0) {
      console.error(`${file} requires at run time, from node_modules: ${[...leftOver].join(', ')}. Bundle them, or list them in OPTIONAL_AT_RUN_TIME if the code copes without them.`);
      failed = true;
    }
    console.log(`${file}: ${(output.bytes / 1024 / 1024).toFixed(1)} MB`);
  }
}

// The WebAssembly module that src/oxc-wasm.ts loads, from the oxc-parser package the bundle's JavaScript comes from.
const wasmSource = createRequire(oxcWasm).resolve('oxc-parser/parser.wasm32-wasip1.wasm');
copyFileSync(wasmSource, path.join(root, 'dist/oxc-parser.wasm32-wasip1.wasm'));
console.log(`dist/oxc-parser.wasm32-wasip1.wasm: ${(statSync(wasmSource).size / 1024 / 1024).toFixed(1)} MB`);

// The tree-sitter runtime's and the grammars' WebAssembly builds, which discovery's dist/parsers.js
// looks for beside itself when no package holds them (`wasmFile`): in the bundle, beside dist/server.js.
const discoveryRequire = createRequire(fileURLToPath(new URL('../../discovery/package.json', import.meta.url)));
for (const [name, file] of [
  ['web-tree-sitter', 'web-tree-sitter/tree-sitter.wasm'],
  ['tree-sitter-python', 'tree-sitter-python/tree-sitter-python.wasm'],
  ['tree-sitter-go', 'tree-sitter-go/tree-sitter-go.wasm'],
  ['tree-sitter-rust', 'tree-sitter-rust/tree-sitter-rust.wasm'],
  ['tree-sitter-java', 'tree-sitter-java/tree-sitter-java.wasm'],
  ['tree-sitter-kotlin', '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm'],
  ['tree-sitter-c-sharp', 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm'],
  ['tree-sitter-ruby', 'tree-sitter-ruby/tree-sitter-ruby.wasm'],
  ['tree-sitter-php', 'tree-sitter-php/tree-sitter-php.wasm'],
  ['tree-sitter-bash', 'tree-sitter-bash/tree-sitter-bash.wasm'],
]) {
  const source = discoveryRequire.resolve(file);
  copyFileSync(source, path.join(root, `dist/${name}.wasm`));
  console.log(`dist/${name}.wasm: ${(statSync(source).size / 1024 / 1024).toFixed(1)} MB`);
}
if (failed) process.exit(1);
