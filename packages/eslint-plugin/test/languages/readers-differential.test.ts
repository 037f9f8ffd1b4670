/**
 * The HTML, CSS and JSON readers of `urilint scan` and the language server (`discoverDocument`,
 * which parses the text itself) against the ESLint plugin on the language plugins' trees
 * (html-eslint's `html/html`, `@eslint/css`, `@eslint/json`): the same candidates from both, on
 * every file of those kinds the repository tracks and on documents made for the readers' edges.
 * (Markdown has its own differential test, beside this one.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import css from '@eslint/css';
import json from '@eslint/json';
import html from '@html-eslint/eslint-plugin';
import { discoverDocument, type UriCandidate } from '@urilint/discovery';
import { describe, expect, it } from 'vitest';
import { languageFile } from '../../src/languages.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

type Kind = 'html' | 'css' | 'json' | 'jsonc' | 'json5';

/** Every tracked file of a kind (the bench's recorded results aside: large, and data rather than documents). */
function tracked(...patterns: string[]): { name: string; text: string }[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((name) => name !== '' && !/^bench\/.*-(results|verdicts)\.json$/.test(name))
    .map((name) => ({ name, text: readFileSync(join(ROOT, name), 'utf8') }));
}

const MADE: Record<Kind, Record<string, string>> = {
  html: {
    'attributes.html': '<!doctype html>\n<base href="/docs/">\n<a href="https://example.com/a b">x</a>\n<img src="logo|1.png" srcset="a.png 1x, b|c.png 2x">\n<meta http-equiv="refresh" content="0; url=https://example.com/%zz">\n<div style="background: url(\'https://example.com/d{e\')"></div>\n',
    'crlf-and-text.html': '<p>é first\r\n😀 <a href=https://example.com/c{d>x</a>\r\nprose ftp://files.example.com/g|h</p>\r\n',
    'open-at-end.html': '<div>\n<a href="https://example.com/x y">x</a>\n<span',
  },
  css: {
    'urls.css': '@import url("https://example.com/a b.css");\n@import "https://example.com/c|d.css";\n.a { background: url(https://example.com/e{f.png) }\n/* see https://example.com/g|h */\n@font-face { src: url("f|g.woff2") format("woff2") }\n',
  },
  json: {
    'values.json': '{\n  "homepage": "https://example.com/a b",\n  "nested": { "list": ["https://example.com/c|d", "not a uri", 1] },\n  "é😀": "ftp://files.example.com/e{f"\n}\n',
  },
  jsonc: {
    'comments.jsonc': '// https://example.com/in-comment|x\n{\n  /* block https://example.com/y{z */\n  "url": "https://example.com/%zz",\n}\n',
  },
  json5: {
    'loose.json5': "{\n  url: 'https://example.com/a b',\n  // https://example.com/c|d\n  list: ['https://example.com/e{f',],\n}\n",
  },
};

const DOCS: { name: string; kind: Kind; text: string }[] = [
  // An Angular template is read by the Angular reader, and under ESLint by @angular-eslint's parser: components.test.ts compares those.
  ...tracked('*.html', '*.htm')
    .filter((doc) => !doc.name.endsWith('.component.html'))
    .map((doc) => ({ ...doc, kind: 'html' as const })),
  ...tracked('*.css').map((doc) => ({ ...doc, kind: 'css' as const })),
  // tsconfig files hold comments: JSONC, as a config lints them (`language: 'json/jsonc'`).
  ...tracked('*.json').map((doc) => ({ ...doc, kind: /(^|\/)tsconfig[^/]*\.json$/.test(doc.name) ? ('jsonc' as const) : ('json' as const) })),
  ...tracked('*.jsonc').map((doc) => ({ ...doc, kind: 'jsonc' as const })),
  ...Object.entries(MADE).flatMap(([kind, docs]) => Object.entries(docs).map(([name, text]) => ({ name, kind: kind as Kind, text }))),
];

const candidateOf = (candidate: UriCandidate): string => JSON.stringify([candidate.range, candidate.uri, candidate.context, candidate.sink, candidate.namespace, candidate.parts.length]);

/** The language plugin's tree of a text, as ESLint parses it for that language. */
function eslintTree(kind: Kind, name: string, text: string): unknown {
  const language = kind === 'html' ? html.languages!.html : kind === 'css' ? css.languages.css : json.languages[kind];
  // JSONC and JSON5 as a config for them sets them up: trailing commas allowed, as the reader allows them.
  const languageOptions = kind === 'jsonc' || kind === 'json5' ? { allowTrailingCommas: true } : {};
  const parsed = (language as unknown as { parse(file: unknown, context: unknown): { ok: boolean; ast?: unknown } }).parse({ body: text, path: name }, { languageOptions });
  return parsed.ok ? parsed.ast : undefined;
}

/** The candidates the ESLint plugin's rules get from that tree (`languageFile`, as a rule asks for them). */
function pluginCandidates(tree: unknown, text: string): UriCandidate[] {
  const file = languageFile({ ast: tree, text });
  expect(file).toBeDefined();
  return [...file!.read().candidates];
}

describe('the HTML, CSS and JSON readers against the ESLint plugin on the language plugins’ trees', () => {
  it('reads the repository’s files of each kind and the made documents', () => {
    for (const kind of ['html', 'css', 'json', 'jsonc'] as const) expect(DOCS.some((doc) => doc.kind === kind && !(doc.name in MADE[kind]))).toBe(true);
  });

  it.each(DOCS)('$name ($kind): the same candidates', ({ name, kind, text }) => {
    const tree = eslintTree(kind, name, text);
    if (tree === undefined) {
      // ESLint reports the parse error and runs no rule; the reader still finds what it can (its text fallback).
      expect(kind).toBe('html');
      return;
    }
    const options = kind === 'json' || kind === 'jsonc' || kind === 'json5' ? { jsonMode: kind } : {};
    expect(discoverDocument(text, kind === 'html' || kind === 'css' ? kind : 'json', options as never).candidates.map(candidateOf)).toEqual(pluginCandidates(tree, text).map(candidateOf));
  });
});
