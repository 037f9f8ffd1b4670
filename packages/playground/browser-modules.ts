// The boundary between urilint's sources and the browser: in a browser build, a module `x.ts` of
// @urilint/core or @urilint/discovery that has a `x.browser.ts` beside it is replaced by it (the
// file system, the process, worker threads and the synchronous `require` of parsers stay behind
// it), and any import of a Node built-in module fails the build, naming the module that imports it.
// Node itself never sees the `.browser.ts` files (tsconfig.build.json leaves them out of dist/).
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const packages = fileURLToPath(new URL('..', import.meta.url));
/** The source folders whose modules may have a browser replacement. */
export const SOURCE_FOLDERS = ['core/src', 'discovery/src'].map((folder) => path.join(packages, folder) + path.sep);
/** The package entry points the playground reads: sources, not dist/, so that the replacements apply. */
export const SOURCE_ENTRIES: Record<string, string> = {
  '@urilint/core': path.join(packages, 'core/src/index.ts'),
  '@urilint/discovery': path.join(packages, 'discovery/src/index.ts'),
};

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Whether an import names a Node built-in module (`fs`, `node:path`, `fs/promises`). */
export function isNodeBuiltin(source: string): boolean {
  return source.startsWith('node:') || builtins.has(source) || builtins.has(source.split('/')[0]!);
}

/** The `.browser.ts` beside a resolved source module, when there is one. */
export function browserReplacement(file: string): string | undefined {
  if (!SOURCE_FOLDERS.some((folder) => file.startsWith(folder)) || !file.endsWith('.ts') || file.endsWith('.browser.ts')) return undefined;
  const replacement = file.replace(/\.ts$/, '.browser.ts');
  return existsSync(replacement) ? replacement : undefined;
}

/**
 * Modules of dependencies that `require` Node built-ins only on a path a browser never takes, each
 * with those built-ins: TypeScript's compiler reads the file system through its `sys`, which it
 * makes only where `process` exists (its `isNodeLikeSystem`); its scanner and parser, which
 * discovery uses, never touch it. Each such `require` gets an empty module, and the build records
 * it (`unavailableBuiltins`): the playground's tests hold the list to these.
 */
export const BROWSER_UNREACHED: Readonly<Record<string, readonly string[]>> = {
  'typescript/lib/typescript.js': ['fs', 'path', 'os', 'crypto', 'buffer', 'inspector', 'perf_hooks', 'source-map-support', 'module'],
  // typescript-estree's modules that its `use-at-your-own-risk` entry (the converter, which discovery's
  // browser parser calls) brings along: they use `path` and the file system only in functions for a
  // project's files, which a page never calls (it names the script kind itself).
  '@typescript-eslint/typescript-estree/dist/create-program/getScriptKind.js': ['node:path'],
  '@typescript-eslint/typescript-estree/dist/create-program/shared.js': ['node:path'],
  '@typescript-eslint/tsconfig-utils/dist/getParsedConfigFile.js': ['node:fs', 'node:path'],
  // web-tree-sitter's Emscripten module: it loads these only where `process.versions.node` exists;
  // in a page it fetches its WebAssembly.
  'web-tree-sitter/tree-sitter.js': ['module', 'fs/promises', 'fs', 'path', 'url'],
};

const UNAVAILABLE = '\0urilint-unavailable:';

/** Which package module (`typescript/lib/typescript.js`) a file in node_modules is. */
function packageModule(file: string): string | undefined {
  const match = /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+[\\/].*)$/.exec(file);
  return match === null ? undefined : match[1]!.split(path.sep).join('/');
}

/** The Vite (Rollup/Rolldown) plugin. `unavailableBuiltins` collects `module → built-in` for each empty module given. */
export function browserModules(unavailableBuiltins: string[] = []): Plugin {
  return {
    name: 'urilint-browser-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined) return null;
      if (isNodeBuiltin(source)) {
        const module = packageModule(importer);
        if (module !== undefined && (BROWSER_UNREACHED[module]?.includes(source) === true || BROWSER_UNREACHED[module]?.includes(source.replace(/^node:/, '')) === true)) {
          unavailableBuiltins.push(`${module} → ${source}`);
          return `${UNAVAILABLE}${source}`;
        }
        throw new Error(`${path.relative(packages, importer)} imports the Node built-in "${source}", which a browser does not have: put it behind a .browser.ts module (packages/playground/browser-modules.ts)`);
      }
      if (!source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved === null || resolved.external) return resolved;
      return browserReplacement(resolved.id.split('?')[0]!) ?? resolved;
    },
    load(id) {
      // An object with nothing in it: whatever reads from it fails at once, as the built-in's absence would.
      return id.startsWith(UNAVAILABLE) ? 'export default {};' : null;
    },
  };
}
