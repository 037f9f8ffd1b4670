/**
 * Linting Markdown, JSON, HTML and CSS through ESLint's `Linter` with the
 * language plugins, under ESLint 10 (`eslint`) and ESLint 9 (`eslint9`, the
 * root's alias of eslint@9.39.5), and the positions a message must have,
 * computed from the source text.
 */
import css from '@eslint/css';
import json from '@eslint/json';
import markdown from '@eslint/markdown';
import html from '@html-eslint/eslint-plugin';
import { Linter as Linter10 } from 'eslint';
import { Linter as Linter9 } from 'eslint9';
import { expect } from 'vitest';
import plugin from '../../src/index.js';

/** The ESLint majors every language test runs under. */
export const MAJORS = [
  { major: 10, Linter: Linter10 },
  { major: 9, Linter: Linter9 },
] as const;

export type Major = (typeof MAJORS)[number];

/** The language plugins under the names the urilint configs use in `language`. */
export const LANGUAGE_PLUGINS = { markdown, json, css, html };

export type LanguageConfig = `${'markdown' | 'json' | 'jsonc' | 'json5' | 'html' | 'css'}/${'recommended' | 'strict'}`;

type Config = Linter10.Config;

/** The flat config a user writes: the language plugins registered, then urilint's config for the language. */
export function configOf(name: LanguageConfig, more: Config[] = []): Config[] {
  return [{ plugins: LANGUAGE_PLUGINS as never }, plugin.configs[name] as Config, ...more];
}

/** What a test asserts of a message. */
export interface Place {
  ruleId: string | null;
  line: number;
  column: number;
  endLine: number | undefined;
  endColumn: number | undefined;
}

interface Message {
  ruleId: string | null;
  line: number;
  column: number;
  endLine?: number | undefined;
  endColumn?: number | undefined;
  fatal?: boolean | undefined;
  message: string;
}

const byPlace = (a: Place, b: Place): number => a.line - b.line || a.column - b.column || String(a.ruleId).localeCompare(String(b.ruleId));

export function placesOf(messages: readonly Message[]): Place[] {
  return messages.map(({ ruleId, line, column, endLine, endColumn }) => ({ ruleId, line, column, endLine, endColumn })).sort(byPlace);
}

/** Line breaks as each language's parser counts them (what its nodes' lines say). */
export const LINE_BREAKS = {
  markdown: /\r\n|[\r\n]/,
  json: /\r\n|[\r\n]/,
  css: /\r\n|[\r\n\f]/,
  html: /\r\n|[\r\n\u2028\u2029]/,
} as const;

/** ESLint's 1-based line and column (UTF-16 units) of `offset`, lines broken at `lineBreak`. */
export function positionOf(source: string, offset: number, lineBreak: RegExp = /\r\n|[\r\n]/): { line: number; column: number } {
  const lines = source.slice(0, offset).split(lineBreak);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/**
 * Where `rule` must report `text`: its one occurrence right after `after`
 * (both found once, together, in `source`), as ESLint's lines and columns.
 */
export function place(source: string, ruleId: string, text: string, after = '', lineBreak?: RegExp): Place {
  const anchor = after + text;
  const at = source.indexOf(anchor);
  if (at < 0) throw new Error(`${JSON.stringify(anchor)} is not in the source`);
  if (source.indexOf(anchor, at + 1) >= 0) throw new Error(`${JSON.stringify(anchor)} is in the source more than once`);
  const start = positionOf(source, at + after.length, lineBreak);
  const end = positionOf(source, at + after.length + text.length, lineBreak);
  return { ruleId: `urilint/${ruleId}`, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** A flat-config `Linter` of the major; the two majors' overloads differ in their types only, so it is typed as ESLint 10's. */
export function linterOf(major: Major): Linter10 {
  return new major.Linter({ configType: 'flat' }) as Linter10;
}

/** The messages of `source`, checked to hold no parse error. */
export function lint(major: Major, source: string, filename: string, config: Config[]): Message[] {
  const messages = linterOf(major).verify(source, config, filename) as Message[];
  expect(messages.filter((m) => m.fatal === true || m.ruleId === null).map((m) => m.message), `${filename} parses under ESLint ${major.major}`).toEqual([]);
  return messages;
}

/** `--fix`: the output of `Linter#verifyAndFix`. */
export function fix(major: Major, source: string, filename: string, config: Config[]): string {
  return linterOf(major).verifyAndFix(source, config, filename).output;
}

/** `source` with `from` (found exactly once) replaced by `to`. */
export function replaceOnce(source: string, from: string, to: string): string {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + 1) >= 0) throw new Error(`${JSON.stringify(from)} must be in the source exactly once`);
  return source.slice(0, at) + to + source.slice(at + from.length);
}
