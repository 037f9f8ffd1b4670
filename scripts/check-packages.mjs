#!/usr/bin/env node
// What npm would publish, checked before it is published (RELEASING.md; `pnpm check` runs it):
// every packed tarball of a package that is not private, read as npm users get it, by
//
//   - publint (strict: its warnings fail too): package.json's entry points, `exports` and `files`
//     against the files the tarball holds, each entry point's module format;
//   - Are the Types Wrong? (@arethetypeswrong/core), as its `node16` profile: every entry point's
//     types resolved under `node16` (from CommonJS and from ESM) and `bundler`, and the files they
//     import (not TypeScript's `node10`, which predates `exports` and its subpaths). The
//     packages are ES modules only (`"type": "module"`, no `require` condition): from CommonJS they are
//     loaded with `import()`, or with `require()` on Node ≥ 20.19, so attw's `CJSResolvesToESM` (a
//     `require` that TypeScript's node16 mode would reject) is the one problem expected, and only for
//     `node16-cjs`; every other problem fails;
//   - the metadata npm shows and provenance needs: `license`, `repository` (with its `directory`),
//     `keywords`, `engines.node`, `files`, `exports`, `publishConfig.provenance` (and
//     `publishConfig.access: public` for a scoped name), and the README, LICENSE and CHANGELOG in the
//     tarball;
//   - the tarball's files against scripts/package-contents.json: every file it must hold is there,
//     and nothing else (no source, test or build setting).
//
//   node scripts/check-packages.mjs                  # packs every package that is not private, checks each
//   node scripts/check-packages.mjs a.tgz b.tgz      # checks these tarballs
//   node scripts/check-packages.mjs --publish-dry-run   # and then `pnpm publish -r --dry-run`
//
// One line per tarball on standard output ("ok" or "FAIL" and the problems); exit 1 when any fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { contentsProblems } from './package-contents.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'publish-dry-run': { type: 'boolean', default: false } } });

/** The packages under packages/ that are not private: what `pnpm publish -r` publishes. */
function publishable() {
  return readdirSync(path.join(ROOT, 'packages'))
    .map((name) => path.join(ROOT, 'packages', name))
    .filter((dir) => existsSync(path.join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** Packs every publishable package with pnpm (workspace:* written as versions) into a scratch folder. */
function packAll() {
  const out = mkdtempSync(path.join(tmpdir(), 'urilint-packs-'));
  const filters = publishable().flatMap(({ manifest }) => ['--filter', manifest.name]);
  execFileSync('pnpm', [...filters, 'pack', '--pack-destination', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return { out, tarballs: readdirSync(out).filter((name) => name.endsWith('.tgz')).sort().map((name) => path.join(out, name)) };
}

/** The problems of the package.json in a tarball, and of the files every package carries. */
function metadataProblems(manifest, files) {
  const problems = [];
  const need = (ok, what) => {
    if (!ok) problems.push(`package.json: ${what}`);
  };
  need(manifest.license === 'MIT', '"license" is not "MIT"');
  need(typeof manifest.repository === 'object' && /^git\+https:\/\/github\.com\/.+\.git$/.test(manifest.repository.url ?? '') && typeof manifest.repository.directory === 'string', '"repository" needs { type, url: git+https://github.com/OWNER/REPO.git, directory } (provenance checks it)');
  need(Array.isArray(manifest.keywords) && manifest.keywords.length > 0, 'no "keywords"');
  need(typeof manifest.engines?.node === 'string', 'no "engines.node"');
  need(Array.isArray(manifest.files) && manifest.files.length > 0, 'no "files"');
  need(manifest.exports !== undefined && typeof manifest.exports === 'object', 'no "exports"');
  need(manifest.type === 'module', '"type" is not "module"');
  need(manifest.publishConfig?.provenance === true, '"publishConfig.provenance" is not true');
  if (manifest.name.startsWith('@')) need(manifest.publishConfig?.access === 'public', 'a scoped package needs "publishConfig.access": "public"');
  for (const file of ['README.md', 'LICENSE', 'CHANGELOG.md']) if (!files.includes(file)) problems.push(`${file} is not in the tarball`);
  return problems;
}

/** publint's errors and warnings (strict: warnings are errors); its suggestions are printed, not failed. */
async function publintProblems(tarball, manifest) {
  const { messages } = await publint({ pack: { tarball: readFileSync(tarball).buffer }, strict: true, level: 'suggestion' });
  const problems = [];
  const notes = [];
  for (const message of messages) {
    const text = `publint ${message.code}: ${formatMessage(message, manifest, { color: false }) ?? message.code}`;
    (message.type === 'suggestion' ? notes : problems).push(text);
  }
  return { problems, notes };
}

/** attw's problems, the expected CJSResolvesToESM from node16-cjs aside; and every entry point typed in node16-esm and bundler. */
async function typeProblems(tarball) {
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarball))));
  if (analysis.types === false) return { problems: ['attw: the package has no types'], entrypoints: [] };
  const problems = [];
  for (const problem of analysis.problems) {
    if (problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs') continue;
    // attw's `node16` profile: TypeScript's node10 resolution predates `exports` and cannot see a
    // subpath such as `@urilint/language-server/service`; the packages support node16 and bundler.
    if (problem.resolutionKind === 'node10' || problem.resolutionOption === 'node10') continue;
    const file = problem.fileName?.replace(/^\/node_modules\/(?:@[^/]+\/)?[^/]+\//, '');
    const where = [problem.entrypoint, problem.resolutionKind ?? problem.resolutionOption, file, problem.moduleSpecifier].filter(Boolean).join(' ');
    problems.push(`attw ${problem.kind}${where ? ` (${where})` : ''}`);
  }
  for (const [subpath, entry] of Object.entries(analysis.entrypoints)) {
    if (subpath.endsWith('/package.json') || subpath.endsWith('.json')) continue;
    for (const kind of ['node16-esm', 'bundler']) {
      const resolution = entry.resolutions[kind]?.resolution;
      if (resolution === undefined || !resolution.isTypeScript) problems.push(`attw: ${subpath} has no types under ${kind}`);
    }
  }
  return { problems, entrypoints: Object.keys(analysis.entrypoints) };
}

/** The files of a tarball (package/ taken off), as attw reads it. */
function filesOf(tarball, name) {
  const pkg = createPackageFromTarballData(new Uint8Array(readFileSync(tarball)));
  const prefix = `/node_modules/${name}/`;
  return pkg.listFiles().map((file) => file.slice(prefix.length));
}

let failed = false;
let scratch;
let tarballs = positionals.map((file) => path.resolve(file));
if (tarballs.length === 0) {
  const packed = packAll();
  scratch = packed.out;
  tarballs = packed.tarballs;
  const expected = publishable().length;
  if (tarballs.length !== expected) {
    console.log(`FAIL pnpm pack wrote ${tarballs.length} tarballs for ${expected} packages`);
    failed = true;
  }
}
try {
  for (const tarball of tarballs) {
    const probe = createPackageFromTarballData(new Uint8Array(readFileSync(tarball)));
    const name = probe.packageName;
    const manifest = JSON.parse(probe.readFile(`/node_modules/${name}/package.json`));
    const files = filesOf(tarball, name);
    const lint = await publintProblems(tarball, manifest);
    const types = await typeProblems(tarball);
    const problems = [...metadataProblems(manifest, files), ...contentsProblems(name, files), ...lint.problems, ...types.problems];
    const label = `${path.basename(tarball)} (${name}@${manifest.version}, ${files.length} files, entry points ${types.entrypoints.join(' ')})`;
    if (problems.length === 0) console.log(`ok   ${label}`);
    else {
      failed = true;
      console.log(`FAIL ${label}\n  ${problems.join('\n  ')}`);
    }
    for (const note of lint.notes) console.log(`  (suggestion) ${note}`);
  }
} finally {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
}

if (values['publish-dry-run']) {
  // What `pnpm publish -r` would publish: every package that is not private, at its version, each
  // packed again by pnpm and handed to npm, which stops before the upload.
  const run = spawnSync('pnpm', ['publish', '-r', '--dry-run', '--no-git-checks'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const output = `${run.stdout}${run.stderr}`;
  const published = [...output.matchAll(/^\+ (\S+)@(\S+)$/gm)].map((match) => `${match[1]}@${match[2]}`).sort();
  const expected = publishable().map(({ manifest }) => `${manifest.name}@${manifest.version}`).sort();
  if (run.status !== 0 || JSON.stringify(published) !== JSON.stringify(expected)) {
    failed = true;
    console.log(`FAIL pnpm publish -r --dry-run (exit ${run.status}): published ${published.join(', ') || 'nothing'}; expected ${expected.join(', ')}\n${output}`);
  } else console.log(`ok   pnpm publish -r --dry-run: ${published.join(', ')}`);
}
process.exit(failed ? 1 : 0);
