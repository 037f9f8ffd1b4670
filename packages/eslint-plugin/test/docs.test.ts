/**
 * The rule docs cannot drift from the rules: every example under a
 * "❌ Incorrect" or "✅ Correct" heading is linted with its rule, and every
 * Incorrect example's report is snapshotted so reviewers see the carets.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODES } from '@urilint/core';
import { describe, expect, it } from 'vitest';
import { rules } from '../src/rules/index.js';
import { MALFORMED_CODES, TEMPLATE_SYNTAXES } from '@urilint/discovery';
import { lint, renderReport, type Language } from './support/lint.js';

const DOCS = fileURLToPath(new URL('../docs/rules/', import.meta.url));
const CORE_README = readFileSync(fileURLToPath(new URL('../../core/README.md', import.meta.url)), 'utf8');
const LANGUAGES: readonly string[] = ['js', 'jsx', 'ts', 'tsx'] satisfies Language[];
/** Rules of Markdown and HTML files: their examples are Markdown, linted in a tree on disk by the rule's own test. */
const DOCUMENT_RULES: ReadonlySet<string> = new Set(['no-broken-links']);

type RuleName = keyof typeof rules;

interface Example {
  kind: 'incorrect' | 'correct';
  /** The heading the block is under, for test names. */
  heading: string;
  /** Fence info string: the language. */
  language: string;
  code: string;
  /** 1-based line of the opening fence in the doc. */
  line: number;
}

/**
 * The fenced code blocks under each heading that starts with "❌ Incorrect" or
 * "✅ Correct" (any level), up to the next heading of that level or higher.
 */
function examplesOf(markdown: string): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  let section: { kind: Example['kind']; heading: string; level: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence) {
      const close = lines.findIndex((l, j) => j > i && l.trimEnd() === fence[1]);
      if (close === -1) throw new Error(`unclosed code fence at line ${i + 1}`);
      if (section) examples.push({ kind: section.kind, heading: section.heading, language: fence[2]!, code: lines.slice(i + 1, close).join('\n'), line: i + 1 });
      i = close;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!heading) continue;
    const level = heading[1]!.length;
    const text = heading[2]!.trim();
    const kind = text.startsWith('❌ Incorrect') ? 'incorrect' : text.startsWith('✅ Correct') ? 'correct' : undefined;
    if (kind) section = { kind, heading: text, level };
    else if (section && level <= section.level) section = undefined;
  }
  return examples;
}

/** The text of the `## Options` section (up to the next `##` heading), or undefined. */
function optionsSection(markdown: string): string | undefined {
  const match = /^## Options[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown);
  return match?.[1];
}

/** The named options of a rule's schema (properties of its object options). */
function optionNames(schema: unknown): string[] {
  const items = Array.isArray(schema) ? schema : schema === undefined ? [] : [schema];
  return items.flatMap((item: { properties?: Record<string, unknown> }) => Object.keys(item?.properties ?? {}));
}

/**
 * Test names (and so snapshot keys): the heading and the block's number under
 * headings of that text, not its line, so editing the prose around an example
 * leaves its snapshot in place.
 */
function named(examples: readonly Example[]): (readonly [string, Example])[] {
  const seen = new Map<string, number>();
  return examples.map((example) => {
    const n = (seen.get(example.heading) ?? 0) + 1;
    seen.set(example.heading, n);
    return [`${example.heading}, block ${n}`, example] as const;
  });
}

const ruleNames = Object.keys(rules) as RuleName[];
const docFiles = readdirSync(DOCS).filter((file) => file.endsWith('.md'));

describe('rule docs', () => {
  it('has one doc per rule and one rule per doc', () => {
    expect(docFiles.map((file) => file.replace(/\.md$/, '')).sort()).toEqual([...ruleNames].sort());
  });

  it.each(ruleNames)("%s: each rule's docs.url points at its doc", (name) => {
    expect(rules[name].meta.docs?.url).toMatch(new RegExp(`/packages/eslint-plugin/docs/rules/${name}\\.md$`));
  });
});

describe.each(ruleNames)('docs/rules/%s.md', (name) => {
  const markdown = readFileSync(`${DOCS}${name}.md`, 'utf8');
  const examples = DOCUMENT_RULES.has(name) ? [] : examplesOf(markdown);
  const ruleId = `urilint/${name}`;

  if (DOCUMENT_RULES.has(name)) {
    it('has Incorrect and Correct examples in Markdown (the rule\'s own test lints them in a tree on disk)', () => {
      const documents = examplesOf(markdown);
      expect(documents.some((example) => example.kind === 'incorrect')).toBe(true);
      expect(documents.some((example) => example.kind === 'correct')).toBe(true);
      for (const example of documents) expect(['md', 'markdown', 'html'], `fence at line ${example.line}`).toContain(example.language);
    });
  } else {
    it('has Incorrect and Correct examples, each in js, jsx, ts or tsx', () => {
      expect(examples.some((example) => example.kind === 'incorrect')).toBe(true);
      expect(examples.some((example) => example.kind === 'correct')).toBe(true);
      for (const example of examples) expect(LANGUAGES, `fence at line ${example.line}`).toContain(example.language);
    });
  }

  it.each(named(examples.filter((example) => example.kind === 'correct')))(
    '%s: no report',
    (_, example) => {
      const messages = lint(example.code, example.language as Language, { [ruleId]: 'error' });
      expect(renderReport(example.code, messages), `a Correct example lints clean (line ${example.line})`).toBe(example.code);
    },
  );

  it.each(named(examples.filter((example) => example.kind === 'incorrect')))(
    '%s: reported',
    (_, example) => {
      const messages = lint(example.code, example.language as Language, { [ruleId]: 'error' });
      const report = renderReport(example.code, messages);
      expect(messages.filter((message) => message.fatal || message.ruleId !== ruleId), `only ${ruleId}, no parse error (line ${example.line})\n${report}`).toEqual([]);
      expect(messages.length, `an Incorrect example is reported (line ${example.line})`).toBeGreaterThan(0);
      expect(report).toMatchSnapshot();
    },
  );

  it("mentions every option of the rule's schema in its Options section, outside the generated list too", () => {
    const options = optionNames(rules[name].meta.schema);
    const section = optionsSection(markdown);
    if (options.length === 0) {
      expect(section).toBeUndefined();
      return;
    }
    expect(section, 'an "## Options" section').toBeDefined();
    const handWritten = section!.replace(/<!-- begin auto-generated rule options list -->[\s\S]*?<!-- end auto-generated rule options list -->/, '');
    for (const option of options) {
      expect(section).toContain(`\`${option}\``);
      expect(handWritten, `the text of the Options section explains ${option}`).toContain(`\`${option}\``);
    }
  });

  // A rule on documents' links reports no diagnostic of core's (a missing file is no URI grammar problem).
  it(DOCUMENT_RULES.has(name) ? "names no diagnostic code of core's" : "links each diagnostic code to an anchor of core's README", () => {
    const links = [...markdown.matchAll(/\]\(\.\.\/\.\.\/\.\.\/core\/README\.md#([\w-]+)\)/g)].map((match) => match[1]!);
    if (DOCUMENT_RULES.has(name)) {
      expect(links).toEqual([]);
      return;
    }
    expect(links.length).toBeGreaterThan(0);
    for (const code of links) {
      expect(Object.keys(CODES), 'a code of @urilint/core').toContain(code);
      expect(CORE_README).toContain(`<a id="${code}"></a>`);
    }
    if (name === 'no-malformed') expect(new Set(links)).toEqual(new Set(MALFORMED_CODES));
  });
});

describe('docs/templates.md', () => {
  it('names every template syntax the settings accept, in its table', () => {
    const page = readFileSync(new URL('../docs/templates.md', import.meta.url), 'utf8');
    for (const name of TEMPLATE_SYNTAXES) expect(page).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });
});
