#!/usr/bin/env node
// Makes a package's dist one ES module file (issue 16: start-up). `tsc -p tsconfig.build.json` emits
// dist/**/*.js, .d.ts and maps as before; this script then bundles dist/index.js with esbuild into
// dist/index.js, with every package import left external (@urilint/core stays one copy shared by
// discovery, the plugin, the command line and the server), and removes the per-module .js files
// and their maps. The .d.ts files (the packages' types) stay as tsc wrote them.
//
//   node ../../scripts/bundle-dist.mjs [--keep parsers.js]…   (in a package's folder, after tsc)
//
// Loading ≈ 150 modules of core, discovery and the plugin cost more than running them: each is a
// file read, a URL resolution and a compile of its own. One file per package leaves the module
// graph of a process that imports the ESLint plugin at four of urilint's files
// (test/lazy-readers.test.ts holds it).
//
// --keep names a module (relative to dist) that stays a file of its own, imported by the bundle:
// discovery's parsers.js, whose `require` (made with createRequire) loads each reader's parser on
// first use and which the VS Code extension's bundle takes as it is (packages/vscode/scripts/build.mjs
// replaces that `require` with the bundle's own); a bundle would rename it.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const { values } = parseArgs({ options: { keep: { type: 'string', multiple: true, default: [] } } });
const dist = path.resolve('dist');
const entry = path.join(dist, 'index.js');
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run tsc -p tsconfig.build.json first.`);
  process.exit(2);
}
const kept = new Set(values.keep.map((file) => path.join(dist, file)));
for (const file of kept) {
  if (!existsSync(file)) {
    console.error(`--keep ${path.relative(dist, file)}: ${file} is missing.`);
    process.exit(2);
  }
}

/** A kept module is imported by the bundle from its own file, by its path relative to dist/index.js. */
const keepModules = {
  name: 'keep-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      if (!kept.has(file)) return undefined;
      return { path: `./${path.relative(dist, file).split(path.sep).join('/')}`, external: true };
    });
  },
};

const result = await esbuild.build({
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The maps tsc wrote for each module are read, so the bundle's map points into src/*.ts.
  sourcemap: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [keepModules],
});

/** A module of types alone: tsc emits `export {};` for it, and nothing imports it at run time. */
const typesOnly = (file) => existsSync(file) && /^export \{\};\s*(\/\/# sourceMappingURL=\S+\s*)?$/.test(readFileSync(file, 'utf8'));

// The bundled modules' own files are no longer loaded by anything: remove them (not the .d.ts).
const inputs = new Set(Object.keys(result.metafile.inputs).map((file) => path.resolve(file)));
let removed = 0;
const walk = (dir) => {
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    const name = dirent.name;
    const file = path.join(dir, name);
    if (dirent.isDirectory()) {
      walk(file);
      if (readdirSync(file).length === 0) rmSync(file, { recursive: true });
      continue;
    }
    if (!name.endsWith('.js') || file === entry || kept.has(file)) continue;
    if (!inputs.has(file) && !typesOnly(file)) {
      console.error(`${path.relative(process.cwd(), file)} is not part of the bundle (not imported from dist/index.js): left in place.`);
      continue;
    }
    rmSync(file);
    rmSync(`${file}.map`, { force: true });
    removed++;
  }
};
walk(dist);
const bytes = result.metafile.outputs[path.relative(process.cwd(), entry)]?.bytes ?? statSync(entry).size;
console.log(`dist/index.js: ${inputs.size} modules in one file (${(bytes / 1024).toFixed(0)} KiB); ${removed} per-module files removed${kept.size ? `; kept: ${[...kept].map((f) => path.relative(dist, f)).join(', ')}` : ''}`);
