/**
 * The native reader (oxc-parser and the light scope resolver) against the typescript-estree path
 * (parseForESLint and its full scope analysis, as ESLint's typescript-eslint parser reads a file):
 * every candidate (range, context, sink, value, URI span, parts, namespace) and every finding of
 * every rule (rule, code, range, message, fix, suggestions) must be the same, on the repository's own
 * code, examples and fixtures and on a deterministic sample of the workspace's node_modules JavaScript.
 * Any difference fails, and is printed with its file.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nativeRawTransfer, parseNative, setNativeRawTransfer } from '../src/js/native.js';
import { JsDiscovery } from '../src/js/discover.js';
import { nodesListed, nodesOf } from '../src/js/source-code.js';
import { discoverJsText } from '../src/js/text.js';
import { presetRules, runRules, type RuleName } from '../src/rules/index.js';
import { candidateKey } from './support/candidate-key.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CODE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);
/** Files of the sample over this size are skipped (bundles), and lines over MAX_LINE mark minified code. */
const MAX_BYTES = 300_000;
const MAX_LINE = 5_000;
/** How many node_modules files the sample holds: enough for variety, bounded for two cores. */
const SAMPLE = 450;
const DECLARATION_SAMPLE = 150;

const RULES: Partial<Record<RuleName, object>> = Object.fromEntries(presetRules('all').map((name) => [name, {}]));

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && CODE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The repository's own code: the packages' sources and tests, the examples, the fixtures, the benchmarks. */
function ownFiles(): string[] {
  const roots = ['examples', 'test', 'bench', ...readdirSync(path.join(ROOT, 'packages')).flatMap((name) => [`packages/${name}/src`, `packages/${name}/test`, `packages/${name}/scripts`])];
  return roots.map((root) => path.join(ROOT, root)).filter((dir) => existsSync(dir)).flatMap((dir) => walk(dir, []));
}

/** Every real file of the pnpm store whose name matches `names` (JavaScript), sorted by path; every k-th of them, at most `size`. */
function sampleOfNodeModules(names = /\.(?:js|mjs|cjs)$/, size = SAMPLE): string[] {
  const store = path.join(ROOT, 'node_modules/.pnpm');
  if (!existsSync(store)) return [];
  const files = new Set<string>();
  for (const entry of readdirSync(store).sort()) {
    const modules = path.join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    const stack = [modules];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      for (const item of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, item.name);
        // Links point at other store entries, which are read in their own turn.
        if (item.isDirectory()) stack.push(full);
        else if (item.isFile() && names.test(item.name)) files.add(realpathSync(full));
      }
    }
  }
  const sorted = [...files].sort();
  const step = Math.max(1, Math.floor(sorted.length / (size * 3)));
  const picked: string[] = [];
  for (let i = 0; i < sorted.length && picked.length < size; i += step) {
    const file = sorted[i]!;
    const bytes = statSync(file).size;
    if (bytes === 0 || bytes > MAX_BYTES) continue;
    const text = readFileSync(file, 'utf8');
    if (text.split('\n').some((line) => line.length > MAX_LINE)) continue;
    picked.push(file);
  }
  return picked;
}

function parsesNatively(file: string): boolean {
  try {
    parseNative(readFileSync(file, 'utf8'), { filePath: file });
    return true;
  } catch {
    return false;
  }
}

interface Difference {
  file: string;
  what: string;
}

/** Both readers on one file: the differences, none when they agree. */
function compare(file: string, text: string): { differences: Difference[]; native: boolean; candidates: number; findings: number } {
  const old = discoverJsText(text, { filePath: file, reader: 'typescript-estree' });
  const fresh = discoverJsText(text, { filePath: file, reader: 'native' });
  let native = false;
  try {
    parseNative(text, { filePath: file });
    native = true;
  } catch {
    // oxc rejects it: the native path falls back to typescript-estree, the same by construction.
  }
  const differences: Difference[] = [];
  // TypeScript's parser rejects a legacy octal escape (`"\033[0m"`) in any file, TS1487, where ECMAScript
  // allows it in a sloppy-mode script and oxc reads the file as one (a CommonJS module of the pnpm
  // store, @azu/style-format's ansi-codes.js): there only, typescript-estree's parse error is
  // expected; the candidates its tolerant reading finds must still be the native reader's.
  const octalEscape = old.parseError?.startsWith('Octal escape sequences are not allowed.') === true && fresh.parseError === undefined;
  if ((old.parseError === undefined) !== (fresh.parseError === undefined) && !octalEscape) differences.push({ file, what: `parse error: ${old.parseError} / ${fresh.parseError}` });
  const a = old.candidates.map(candidateKey);
  const b = fresh.candidates.map(candidateKey);
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    const only = (x: unknown[], y: unknown[]): string[] => {
      const other = new Set(y.map((item) => JSON.stringify(item)));
      return x.map((item) => JSON.stringify(item)).filter((item) => !other.has(item));
    };
    differences.push({ file, what: `candidates: only typescript-estree ${only(a, b).slice(0, 3).join(' ')}; only native ${only(b, a).slice(0, 3).join(' ')}; ${a.length} vs ${b.length}` });
  }
  const findingsOf = (result: typeof old): string[] =>
    runRules(result.candidates, RULES, result.sourceCode).map((finding) =>
      JSON.stringify([finding.rule, finding.code, finding.range, finding.message, finding.fix, finding.suggestions.map((s) => [s.message, s.edits])]),
    );
  const fa = findingsOf(old);
  const fb = findingsOf(fresh);
  if (JSON.stringify(fa) !== JSON.stringify(fb)) {
    differences.push({ file, what: `findings: only typescript-estree ${fa.filter((f) => !fb.includes(f)).slice(0, 3).join(' ')}; only native ${fb.filter((f) => !fa.includes(f)).slice(0, 3).join(' ')}` });
  }
  return { differences, native, candidates: a.length, findings: fa.length };
}

function check(files: string[]): { parsed: number; candidates: number; findings: number } {
  const differences: Difference[] = [];
  let parsed = 0;
  let candidates = 0;
  let findings = 0;
  for (const file of files) {
    const result = compare(file, readFileSync(file, 'utf8'));
    differences.push(...result.differences);
    if (result.native) parsed++;
    candidates += result.candidates;
    findings += result.findings;
  }
  expect(differences.map((d) => `${path.relative(ROOT, d.file)}: ${d.what}`)).toEqual([]);
  return { parsed, candidates, findings };
}

describe('the native reader finds what the typescript-estree reader finds', () => {
  it('on the scope questions discovery asks', () => {
    const cases = [
      // Globals, and locals that shadow them.
      'fetch("http://a b/");\nfunction f(fetch) { fetch("http://c d/"); }\n{ const fetch = g; fetch("http://e f/"); }',
      'const fetch = (u) => u;\nfetch("http://a b/");',
      'fetch = polyfill;\nfetch("http://a b/");',
      'window.fetch("http://a b/"); globalThis.location.assign("http://c d/"); new self.URL("/x y", "http://e f/");',
      // Imports and requires of sink modules; aliases.
      'import axios from "axios";\naxios.get("http://a b/"); axios("http://c d/");',
      'import { request } from "undici";\nrequest("http://a b/");\nfunction g(request) { request("http://c d/"); }',
      'const { get } = require("https");\nget("http://a b/");\nconst h = require("http"); h.request("http://c d/");',
      'import * as http from "node:http";\nhttp.get({ url: "http://a b/" });',
      'const f = fetch; f("http://a b/");',
      'import type { X } from "axios";\ninterface fetch {}\nfetch("http://a b/");',
      'var fetch; { fetch("http://a b/"); }',
      'class A { m() { const URL = B; new URL("http://a b/"); } }\nnew URL("http://c d/");',
      'try { x(); } catch (fetch) { fetch("http://a b/"); }\nfor (const fetch of list) fetch("http://c d/");',
      'const s = function fetch() { fetch("http://a b/"); };',
      // Constants that flow into sinks, and holes no-unencoded-interpolation asks about.
      'const path = "/a b";\nfetch(path);\nfunction k() { const path = x; fetch(path); }',
      'const base = "https://h/";\nconst id = Number(raw);\nfetch(`${base}users/${id}/${name}?q=${query}`);',
      'function u(page: number, name: string) { return fetch(`https://h/p/${page}/${name}`); }',
      'declare const cache: Map<string, unknown>;\nnamespace N { export const url = "http://a b/"; fetch(url); }\nenum E { A = "http://x y/" }',
      '"use strict";\nconst o = { href: "http://a b/", "http://c d/": 1 };\nlet x = <a href="http://e f/&amp;g">t</a>;',
    ];
    const differences = cases.flatMap((text, index) => compare(`case-${index}.tsx`, text).differences.map((d) => `${d.file}: ${d.what}`));
    expect(differences).toEqual([]);
    for (const text of cases) expect(() => parseNative(text, { filePath: 'case.tsx' })).not.toThrow();
  });

  it('on the repository\'s own code, examples and fixtures', () => {
    const files = ownFiles();
    expect(files.length).toBeGreaterThan(100);
    const { parsed, candidates } = check(files);
    // Nearly every file is read natively (not through the fallback), and they hold many URIs.
    expect(parsed).toBeGreaterThan(files.length * 0.95);
    expect(candidates).toBeGreaterThan(1000);
  });

  it('on a sample of the workspace\'s node_modules JavaScript', () => {
    const files = sampleOfNodeModules();
    if (files.length === 0) return;
    const { parsed } = check(files);
    expect(parsed).toBeGreaterThan(files.length * 0.9);
  });

  it('on a sample of the workspace\'s node_modules declaration files, read as declaration files', () => {
    const files = sampleOfNodeModules(/\.d\.[mc]?ts$/, DECLARATION_SAMPLE);
    if (files.length === 0) return;
    const { parsed } = check(files);
    expect(parsed).toBeGreaterThan(files.length * 0.95);
    // `export const x: T;` is a declaration file's normal content, which oxc rejects in a `.ts` file (175 of
    // this workspace's 6,090 declaration files; 8 as declaration files): every such file of the sample is read natively.
    const uninitialized = files.filter((file) => /\bconst\s+[\w$]+\s*:[^=;]*;/.test(readFileSync(file, 'utf8')));
    expect(uninitialized.length).toBeGreaterThan(3);
    expect(uninitialized.filter((file) => !parsesNatively(file))).toEqual([]);
  });
});

describe('the native reader\'s work before the first diagnostics', () => {
  it('lists every node of the tree only when an edit first needs them, in the order of a depth-first walk in visitor-key order', () => {
    const text = [
      "import axios from 'axios';",
      "const base = 'https://api.example.com/v1';",
      'export function load(id: string) {',
      '  // https://example.com/docs/load',
      '  return fetch(`${base}/items/${id}`, { method: "GET" });',
      '}',
      "axios.get('https://example.com/a b');",
    ].join('\n');
    const sourceCode = parseNative(text, { filePath: 'load.ts' });
    const session = new JsDiscovery(sourceCode);
    expect(session.candidates.map((candidate) => candidate.uri)).toEqual(['https://api.example.com/v1', 'x/items/x', 'https://example.com/a b', 'https://example.com/docs/load']);
    expect(nodesListed(sourceCode)).toBe(false);
    expect(session.prepare()).toBe(true);
    expect(nodesListed(sourceCode)).toBe(true);
    const expected: string[] = [];
    const visit = (node: { type: string }): void => {
      expected.push(node.type);
      for (const key of (sourceCode.visitorKeys as Record<string, readonly string[]>)[node.type] ?? []) {
        const child = (node as unknown as Record<string, unknown>)[key];
        for (const item of Array.isArray(child) ? child : [child]) if (item !== null && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string') visit(item as { type: string });
      }
    };
    visit(sourceCode.ast);
    expect(nodesOf(sourceCode)!.map((node) => node.type)).toEqual(expected);
    expect(nodesOf(sourceCode)![0]).toBe(sourceCode.ast);
    // Set up once: an edit inside a string finds the tree ready and its URIs found again.
    const at = text.indexOf('a b') + 1;
    const change = session.edit(at, at + 1, '');
    expect(change?.added.map((candidate) => candidate.uri)).toEqual(['https://example.com/ab']);
    expect(session.work.setups).toBe(0);
  });
});

describe('discovery outside sinks and attributes', () => {
  it('finds a URI whose `:` or `/` an escape or a JSX entity writes, and skips text without them', () => {
    // No `:` or `/` in the source text of these three: only their escapes and entities write them.
    const text = 'const a = "https\\x3a\\x2f\\x2fa.example\\x2fx";\nconst b = `\\u002f\\u002fb.example\\u002fy`;\nconst c = <p title="https&#58;&#47;&#47;c.example&#47;z">t</p>;\nconst d = "plain words";\n';
    for (const reader of ['native', 'typescript-estree'] as const) {
      const found = discoverJsText(text, { filePath: 'a.tsx', reader }).candidates.map((candidate) => [candidate.value, candidate.context]);
      expect(found).toEqual([
        ['https://a.example/x', 'shape'],
        ['//b.example/y', 'shape'],
        ['https://c.example/z', 'shape'],
      ]);
    }
  });
});

describe('the native reader\'s hand-over of the tree', () => {
  /**
   * The tree by raw transfer as the JSON hand-over has it. For a JavaScript file JSON gives ESTree and
   * raw transfer TS-ESTree (oxc's raw transfer has only that), which differs in three ways: its nodes
   * carry more fields (`decorators: []`, `optional: false`, `typeAnnotation: null`, `importKind`…),
   * left out here node by node; and two kinds of node span other characters, taken from ESTree here:
   * `Program` starts at its first token (not at 0), and a `TemplateElement` holds its delimiters
   * (`` ` ``, `${`, `}`); and ESTree lists a hashbang line (`#!/usr/bin/env node`) among the
   * comments, TS-ESTree does not. Every other field ESTree has must be there with the same value.
   */
  const asEstree = (tsEstree: unknown, estree: unknown): unknown => {
    if (Array.isArray(estree) && Array.isArray(tsEstree)) return tsEstree.map((item, index) => asEstree(item, estree[index]));
    if (estree === null || typeof estree !== 'object' || tsEstree === null || typeof tsEstree !== 'object' || Array.isArray(tsEstree)) return tsEstree;
    const es = estree as Record<string, unknown>;
    const ts = tsEstree as Record<string, unknown>;
    const spanOfEstree = (es.type === 'Program' || es.type === 'TemplateElement') && ts.type === es.type;
    return Object.fromEntries(Object.keys(es).map((key) => [key, spanOfEstree && ['start', 'end', 'range'].includes(key) ? es[key] : asEstree(ts[key], es[key])]));
  };

  it('is by raw transfer exactly where oxc-parser supports it (Node ≥ 22), with the same tree (ESTree\'s fields of it for JavaScript), candidates and findings as by JSON', () => {
    const { rawTransferSupported } = createRequire(import.meta.url)('oxc-parser') as { rawTransferSupported: () => boolean };
    parseNative('x', { filePath: 'a.ts' });
    expect(nativeRawTransfer()).toBe(rawTransferSupported());
    // Every third file, and every file that starts with a hashbang line (a node outside the walk).
    const files = ownFiles().filter((file, index) => index % 3 === 0 || readFileSync(file, 'utf8').startsWith('#!'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((file) => readFileSync(file, 'utf8').startsWith('#!')).length).toBeGreaterThan(1);
    const treeOf = (text: string, file: string): string | undefined => {
      try {
        const sourceCode = parseNative(text, { filePath: file });
        // A node's `range` first, whether the node holds it (raw transfer) or makes it when read (JSON).
        const withRange = (value: unknown): unknown =>
          value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' && 'range' in value ? Object.assign({ range: (value as { range: unknown }).range }, value) : value;
        return JSON.stringify(sourceCode.ast, (key, value: unknown) => (key === 'parent' ? undefined : typeof value === 'bigint' ? `${value}n` : withRange(value)));
      } catch (error) {
        return `rejected: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
    const read = (file: string, text: string): string[] => {
      const result = discoverJsText(text, { filePath: file, reader: 'native' });
      return [treeOf(text, file)!, JSON.stringify(result.candidates.map(candidateKey)), JSON.stringify(runRules(result.candidates, RULES, result.sourceCode).map((f) => [f.rule, f.code, f.range, f.message, f.fix]))];
    };
    const differences: string[] = [];
    let candidates = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const given = read(file, text);
      setNativeRawTransfer(false);
      try {
        expect(nativeRawTransfer()).toBe(false);
        const json = read(file, text);
        // Only where the two differ (a JavaScript file read by raw transfer), the fields ESTree has.
        if (given[0] !== json[0] && /\.[mc]?jsx?$/.test(file) && !json[0]!.startsWith('rejected:')) {
          const estree = JSON.parse(json[0]!) as { comments: { start: number }[] };
          if (text.startsWith('#!')) estree.comments = estree.comments.filter((comment) => comment.start !== 0);
          given[0] = JSON.stringify(asEstree(JSON.parse(given[0]!), estree));
          json[0] = JSON.stringify(estree);
        }
        ['tree', 'candidates', 'findings'].forEach((what, index) => {
          if (given[index] !== json[index]) differences.push(`${path.relative(ROOT, file)}: ${what}`);
        });
      } finally {
        setNativeRawTransfer(undefined);
      }
      candidates += (JSON.parse(given[1]!) as unknown[]).length;
    }
    expect(differences).toEqual([]);
    expect(candidates).toBeGreaterThan(300);
  });
});
