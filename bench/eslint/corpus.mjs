// The code body both bench/eslint scripts lint: the .js/.mjs/.cjs/.ts sources of every package
// installed in the workspace's pnpm store (node_modules/.pnpm/*/node_modules/**), each real file once.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mulberry32 } from '../random.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const STORE = path.join(ROOT, 'node_modules/.pnpm');
export const PLUGIN_DIST = path.join(ROOT, 'packages/eslint-plugin/dist/index.js');

/** Files over this size are bundles (typescript.js, vite's node chunk): skipped. */
export const MAX_BYTES = 1_000_000;
/** A line longer than this marks minified or generated code: skipped. */
export const MAX_LINE = 5_000;

const EXTENSIONS = /\.(?:js|mjs|cjs|ts)$/;
const DECLARATION = /\.d\.(?:ts|mts|cts)$/;

/** ESLint, espree and @typescript-eslint/parser as the plugin's package resolves them. */
export async function loadTools() {
  if (!existsSync(PLUGIN_DIST)) {
    process.stderr.write(`${path.relative(ROOT, PLUGIN_DIST)} is missing: run \`pnpm build\` first.\n`);
    process.exit(2);
  }
  const requireFromPlugin = createRequire(path.join(ROOT, 'packages/eslint-plugin/package.json'));
  const requireFromRoot = createRequire(path.join(ROOT, 'package.json'));
  const { ESLint } = await import(pathToFileURL(requireFromRoot.resolve('eslint')).href);
  const tsParser = requireFromPlugin('@typescript-eslint/parser');
  const espree = await import(pathToFileURL(requireFromPlugin.resolve('espree')).href);
  const plugin = (await import(pathToFileURL(PLUGIN_DIST).href)).default;
  const eslintVersion = JSON.parse(readFileSync(path.join(path.dirname(requireFromRoot.resolve('eslint/package.json')), 'package.json'), 'utf8')).version;
  return { ESLint, tsParser, espree, plugin, eslintVersion, requireFromRoot };
}

/** The package directory (`…/node_modules/name` or `…/node_modules/@scope/name`) a file belongs to. */
export function packageOf(file) {
  const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1] : path.dirname(file);
}

const typeCache = new Map();
const overrides = new Map();
/** Reads `file` with `type` from now on: an ES module in a "commonjs" package (a bundler's `.esm.js`). */
export function setSourceType(file, type) {
  overrides.set(file, type);
}
/** `module` or `commonjs`, as Node decides for a .js file: the nearest package.json's "type". */
export function jsSourceType(file) {
  if (overrides.has(file)) return overrides.get(file);
  if (file.endsWith('.mjs') || file.endsWith('.ts')) return 'module';
  if (file.endsWith('.cjs')) return 'commonjs';
  let dir = path.dirname(file);
  const seen = [];
  while (dir !== path.dirname(dir)) {
    if (typeCache.has(dir)) break;
    seen.push(dir);
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      let type = 'commonjs';
      try {
        type = JSON.parse(readFileSync(manifest, 'utf8')).type === 'module' ? 'module' : 'commonjs';
      } catch {
        // a package.json that is a fixture: Node would fail too; read as commonjs
      }
      typeCache.set(dir, type);
      break;
    }
    dir = path.dirname(dir);
  }
  const type = typeCache.get(dir) ?? 'commonjs';
  for (const d of seen) typeCache.set(d, type);
  return type;
}

/**
 * Every candidate file, real paths deduplicated, sorted by path; with the files skipped and why.
 * @returns {{ files: string[], skipped: { file: string, reason: string, bytes: number }[], packages: Set<string> }}
 */
export function collectCorpus() {
  const seenDirs = new Set();
  const seenFiles = new Set();
  const found = [];
  const walk = (dir) => {
    let real;
    try {
      real = realpathSync(dir);
    } catch {
      return; // a dangling symlink
    }
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    for (const entry of readdirSync(real, { withFileTypes: true })) {
      const full = path.join(real, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const stat = statSync(full);
          isDir = stat.isDirectory();
          isFile = stat.isFile();
        } catch {
          continue;
        }
      }
      if (isDir) walk(full);
      else if (isFile && EXTENSIONS.test(entry.name) && !DECLARATION.test(entry.name)) {
        const file = realpathSync(full);
        if (!seenFiles.has(file)) {
          seenFiles.add(file);
          found.push(file);
        }
      }
    }
  };
  for (const entry of readdirSync(STORE).sort()) {
    const modules = path.join(STORE, entry, 'node_modules');
    if (existsSync(modules)) walk(modules);
  }
  found.sort();
  const files = [];
  const skipped = [];
  const packages = new Set();
  for (const file of found) {
    const bytes = statSync(file).size;
    if (bytes > MAX_BYTES) {
      skipped.push({ file, reason: `over ${MAX_BYTES / 1e6} MB`, bytes });
      continue;
    }
    const text = readFileSync(file, 'utf8');
    let longest = 0;
    for (const line of text.split('\n')) if (line.length > longest) longest = line.length;
    if (longest > MAX_LINE) {
      skipped.push({ file, reason: `a line over ${MAX_LINE} characters (minified)`, bytes, longest });
      continue;
    }
    files.push(file);
    packages.add(packageOf(file));
  }
  return { files, skipped, packages, total: found.length };
}

/** ESLint's recommended-style base for a file kind; `extra` are appended config objects. */
export function baseConfig({ tsParser, sourceType }) {
  return [
    // ESLint ignores node_modules even with `ignore: false`; the corpus is node_modules.
    { ignores: ['!**/node_modules/'] },
    {
      files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
      languageOptions: { ecmaVersion: 'latest', sourceType },
      linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
    },
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
      linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
    },
  ];
}

/** What was measured: the commit, whether packages/ had local changes, and when the dists were built. */
export function buildInfo() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return undefined;
    }
  };
  const mtime = (file) => (existsSync(file) ? statSync(file).mtime.toISOString() : undefined);
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    packagesDirty: (git('status', '--porcelain', '--', 'packages') ?? '') !== '',
    pluginDistBuilt: mtime(PLUGIN_DIST),
    coreDistBuilt: mtime(path.join(ROOT, 'packages/core/dist/index.js')),
  };
}

export { mulberry32 };
