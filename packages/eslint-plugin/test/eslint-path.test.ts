/**
 * The ESLint path of discovery (`uriListeners`: the nodes read from the steps of ESLint's own
 * traversal, the candidates built once per file at `Program:exit`) finds what discovery's own walk
 * finds (`discoverJs` on the same text parsed by typescript-estree, which always gives the file a
 * ReferenceTracker pass for its sinks), and so does the listeners' path it keeps for an ESLint whose
 * `SourceCode` gives no steps. Every candidate is compared (range, context, sink, key, value, URI
 * span, namespace, parts), on the repository's own sources, examples and fixtures and on sinks
 * reached every way ReferenceTracker follows. The work is counted: one build per file however many
 * rules read it, no listener per node, and no ReferenceTracker pass where no traced global is read.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { discoverJs, hasJsx, parseJs, uriListeners, type EslintPathWork, type UriCandidate } from '@urilint/discovery';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// The same key as discovery's native-reader test compares candidates by.
const { candidateKey } = (await import(new URL('../../discovery/test/support/candidate-key.ts', import.meta.url).href)) as { candidateKey: (candidate: UriCandidate) => unknown };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CODE = /\.(?:[cm]?[jt]sx?)$/;

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The packages' sources, the examples and the test fixtures (the plugin's and the root's). */
function ownFiles(): string[] {
  const roots = ['examples', 'test/fixtures', 'packages/eslint-plugin/test/fixtures', ...readdirSync(path.join(ROOT, 'packages')).map((name) => `packages/${name}/src`)];
  return roots.map((root) => path.join(ROOT, root)).filter((dir) => existsSync(dir)).flatMap((dir) => walk(dir, []));
}

const stepless = new WeakMap<object, object>();

/** A `SourceCode` as an ESLint without `traverse()` gives it (one per file, as ESLint gives every rule the same): every other property and method is the real one's. */
function withoutSteps(sourceCode: object): object {
  const known = stepless.get(sourceCode);
  if (known !== undefined) return known;
  const proxy = new Proxy(sourceCode, {
    get(target, key) {
      if (key === 'traverse') return undefined;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  stepless.set(sourceCode, proxy);
  return proxy;
}

interface PathRun {
  /** The candidates each rule was handed, per rule. */
  candidates: (readonly UriCandidate[])[];
  /** The listener keys each rule registered. */
  listeners: string[][];
}

/**
 * ESLint (this repository's, 10) with `rules` test rules that read the ESLint path; with
 * `steps: false` the rules see the file's `SourceCode` without `traverse()`.
 */
function eslintPath(text: string, filename: string, work: EslintPathWork, options: { rules?: number; steps?: boolean; globals?: Record<string, 'readonly'> } = {}): PathRun {
  const run: PathRun = { candidates: [], listeners: [] };
  const count = options.rules ?? 1;
  const rules: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    rules[`r${i}`] = {
      create(context: { sourceCode: object }) {
        const given = options.steps === false ? (Object.create(context, { sourceCode: { value: withoutSteps(context.sourceCode) } }) as typeof context) : context;
        const listeners = uriListeners(given as never, (candidates) => run.candidates.push(candidates), work);
        run.listeners.push(Object.keys(listeners));
        return listeners;
      },
    };
  }
  const config = [
    {
      files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
      plugins: { test: { rules } as never },
      languageOptions: { parser: tsParser as never, sourceType: 'module' as const, parserOptions: { ecmaFeatures: { jsx: hasJsx(filename) } }, globals: options.globals ?? {} },
      rules: Object.fromEntries(Object.keys(rules).map((name) => [`test/${name}`, 'error' as const])),
    },
  ];
  const messages = new Linter({ configType: 'flat', cwd: ROOT }).verify(text, config, filename);
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  // Every rule ran to the end of the program.
  expect(run.candidates).toHaveLength(count);
  return run;
}

const newWork = (): EslintPathWork => ({ builds: 0, fromSteps: 0, sinkPasses: 0 });

/** Sinks reached every way ReferenceTracker follows them, and calls named like sinks that are none. */
const SINK_CASES: readonly string[] = [
  'fetch("/a b");',
  'window.fetch("/a b"); globalThis.fetch("/c d"); self.fetch("/e f");',
  'location.replace("/a b");\nwindow.location.assign("/c d");',
  'const loc = window.location;\nloc.replace("/a b");',
  'new URL("/a b", "https://h/");\nconst u = new window.URL("p q");',
  'navigator.sendBeacon("/a b");\nopen("/c d");\nwindow.open("/e f");',
  'const axios = require("axios");\naxios.get("/a b");',
  'const axios = require(`axios`);\naxios.get("/a b");\n"x y".replace(" ", "");',
  'const name = "axios";\nconst client = require(name);\nclient.post("/a b");\n"x".replace("x", "y");',
  'import axios from "axios";\naxios("/a b");',
  'import * as http from "node:http";\nhttp.get("/a b");',
  'import { fetch as get } from "undici";\nget("/a b");',
  'const path = "/a b";\nfetch(path);\nfunction k() { const path = x; fetch(path); }',
  'function f(fetch) { fetch("/a b"); }\n{ const fetch = g; fetch("/c d"); }\n"a b".replace(" ", "");',
  'const s = "a b".replace(/ /g, "");\nx.open("/c d");\nconst t = s.assign;\nlist.replace("/e f");',
  'const fetch = (u: string) => u;\nfetch("/a b");',
  'declare const window: { fetch(u: string): void };\nwindow.fetch("/a b");',
  'xhr.open("GET", "/a b");\nlocation = "/c d";\nimport("./e f");',
  // A global sink called only under another name.
  'const f = fetch;\nf("/a b");',
  'const go = window.open;\ngo("/a b");\nif (typeof window !== "undefined") x();',
  'const { fetch: get } = globalThis;\nget("/a b");',
];

describe("the ESLint path finds what discovery's walk finds", () => {
  it("on the repository's own sources, examples and fixtures, from ESLint's steps and from listeners", () => {
    const files = ownFiles();
    const differences: string[] = [];
    const work = newWork();
    let candidates = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      let expected: unknown;
      try {
        expected = discoverJs(parseJs(text, { filePath: file })).map(candidateKey);
      } catch {
        continue; // A file typescript-estree does not parse (a fixture with a syntax error): ESLint reports it, no rule runs.
      }
      const fromSteps = eslintPath(text, file, work);
      const fromListeners = eslintPath(text, file, newWork(), { steps: false });
      const a = JSON.stringify(fromSteps.candidates[0]?.map(candidateKey));
      const b = JSON.stringify(fromListeners.candidates[0]?.map(candidateKey));
      const relative = path.relative(ROOT, file);
      if (a !== JSON.stringify(expected)) differences.push(`${relative}: steps ${a?.slice(0, 300)} / walk ${JSON.stringify(expected).slice(0, 300)}`);
      if (b !== a) differences.push(`${relative}: listeners ${b?.slice(0, 300)} / steps ${a?.slice(0, 300)}`);
      candidates += (expected as unknown[]).length;
    }
    expect(differences).toEqual([]);
    // Enough files and candidates that the comparison means something.
    expect(work.builds).toBeGreaterThan(150);
    expect(work.fromSteps).toBe(work.builds);
    expect(candidates).toBeGreaterThan(200);
  });

  it('on sinks reached every way ReferenceTracker follows, with and without declared globals', () => {
    for (const [i, text] of SINK_CASES.entries()) {
      const file = path.join(ROOT, `sinks-${i}.ts`);
      const expected = discoverJs(parseJs(text, { filePath: file })).map(candidateKey);
      for (const globals of [undefined, { fetch: 'readonly', URL: 'readonly', window: 'readonly', location: 'readonly', require: 'readonly' } as const]) {
        for (const steps of [true, false]) {
          const run = eslintPath(text, file, newWork(), { steps, ...(globals ? { globals } : {}) });
          expect({ text, globals: globals !== undefined, steps, candidates: run.candidates[0]?.map(candidateKey) }).toEqual({ text, globals: globals !== undefined, steps, candidates: expected });
        }
      }
    }
  });
});

describe("the ESLint path's work, counted", () => {
  it('builds the candidates once per file for every rule, and registers no listener per node where ESLint gives its steps', () => {
    const work = newWork();
    const text = 'fetch("https://a.example/x y");\nconst s = "b" + "c";\n// see https://c.example/\n';
    const run = eslintPath(text, path.join(ROOT, 'shared.ts'), work, { rules: 10 });
    expect(work).toEqual({ builds: 1, fromSteps: 1, sinkPasses: 1 });
    expect(run.candidates).toHaveLength(10);
    for (const candidates of run.candidates) expect(candidates).toBe(run.candidates[0]);
    expect(run.candidates[0]!.map((candidate) => candidate.uri)).toEqual(['https://a.example/x y', 'https://c.example/']);
    expect(run.candidates[0]![0]!.sink).toBe('fetch');
    expect(run.listeners).toEqual(Array.from({ length: 10 }, () => ['Program:exit']));
    // Without steps, the first rule listens to the nodes and the other nine only to the end of the program.
    const listening = eslintPath(text, path.join(ROOT, 'shared.ts'), newWork(), { rules: 3, steps: false });
    expect(listening.listeners[0]).toContain('Literal');
    expect(listening.listeners.slice(1)).toEqual([['Program:exit'], ['Program:exit']]);
  });

  it('gives a ReferenceTracker pass only to a file that reads a global a trace starts from, or imports a sink module', () => {
    const passes = (text: string): number => {
      const work = newWork();
      eslintPath(text, path.join(ROOT, 'passes.ts'), work);
      return work.sinkPasses;
    };
    // Calls named like sinks (`replace`, `open`, `assign`, `URL`) on strings and local objects only.
    expect(passes('const s = "a b".replace(" ", "");\nx.open("/c d");\nconst URL = class {};\nnew URL("/e f");\nobj.assign("/g h");')).toBe(0);
    expect(passes('const s = "a";')).toBe(0);
    expect(passes('location.replace("/a b");')).toBe(1);
    expect(passes('const w = window;\nw.open("/a b");')).toBe(1);
    expect(passes('const a = require(`axios`);\na.get("/a b");\n"x".replace("x", "y");')).toBe(1);
    expect(passes('import got from "got";\ngot("/a b");')).toBe(1);
  });
});
