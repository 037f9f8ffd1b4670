#!/usr/bin/env node
// Lists what a release would upload, from a folder of archives (scripts/release-dry-run.sh writes
// one): each npm tarball and the VS Code extension's .vsix, file by file with its size, each checked
// against scripts/package-contents.json, and the set of archives against the packages: one tarball
// per package that is not private, and one .vsix. Exit 1 on any difference.
//
//   node scripts/list-release.mjs DIR
import { Buffer } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { createPackageFromTarballData } from '@arethetypeswrong/core';
import { contentsProblems } from './package-contents.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2];
if (dir === undefined) {
  console.error('usage: node scripts/list-release.mjs DIR');
  process.exit(2);
}

/** The entries of a zip archive (name and uncompressed size), read from its central directory. */
function zipEntries(zip) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive');
  const entries = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry at ${at}`);
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({ file: zip.toString('utf8', at + 46, at + 46 + nameLength), size: zip.readUInt32LE(at + 24) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The files of an npm tarball (package/ taken off) with their sizes, and its package.json. */
function tarballEntries(tarball) {
  const pkg = createPackageFromTarballData(new Uint8Array(readFileSync(tarball)));
  const prefix = `/node_modules/${pkg.packageName}/`;
  const entries = pkg.listFiles().map((file) => ({ file: file.slice(prefix.length), size: Buffer.byteLength(pkg.readFile(file)) }));
  return { name: pkg.packageName, version: pkg.packageVersion, entries };
}

const manifests = readdirSync(path.join(ROOT, 'packages'))
  .map((name) => JSON.parse(readFileSync(path.join(ROOT, 'packages', name, 'package.json'), 'utf8')));
const expected = [...manifests.filter((manifest) => manifest.private !== true).map((manifest) => manifest.name), 'urilint-vscode (.vsix)'].sort();

const problems = [];
const found = [];
for (const archive of readdirSync(dir).sort()) {
  const file = path.join(dir, archive);
  let name;
  let entries;
  if (archive.endsWith('.tgz')) {
    const tarball = tarballEntries(file);
    name = tarball.name;
    entries = tarball.entries;
    found.push(name);
    console.log(`\n${archive}: ${name}@${tarball.version}, ${entries.length} files`);
  } else if (archive.endsWith('.vsix')) {
    name = 'urilint-vscode';
    entries = zipEntries(readFileSync(file)).filter((entry) => !entry.file.endsWith('/'));
    found.push('urilint-vscode (.vsix)');
    console.log(`\n${archive}: the VS Code extension, ${entries.length} files`);
  } else continue;
  for (const { file: path_, size } of entries.sort((a, b) => a.file.localeCompare(b.file))) console.log(`  ${String(size).padStart(10)}  ${path_}`);
  for (const problem of contentsProblems(name, entries.map((entry) => entry.file))) problems.push(`${archive}: ${problem}`);
}
if (JSON.stringify(found.sort()) !== JSON.stringify(expected)) problems.push(`the archives are ${found.join(', ') || 'none'}; expected ${expected.join(', ')}`);
console.log(problems.length === 0 ? `\nok: ${found.length} archives (${expected.length - 1} npm tarballs and a .vsix), each with the expected contents` : `\nFAIL\n  ${problems.join('\n  ')}`);
process.exit(problems.length === 0 ? 0 : 1);
