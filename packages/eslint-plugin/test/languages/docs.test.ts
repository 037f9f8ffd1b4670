/**
 * docs/languages.md cannot drift: its complete eslint.config.js (and the
 * README's shorter one) is evaluated, its imports given the modules they name,
 * and lints a file of every language under ESLint 9 and 10; its opening
 * example reports what the page shows; the README and discovery.md link to it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { LANGUAGE_PLUGINS, lint, MAJORS, place, placesOf } from '../support/languages.js';

const read = (path: string): string => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const PAGE = read('../../docs/languages.md');

/** The fenced blocks of `lang` under the heading `heading` (up to the next heading of any level). */
function blocks(markdown: string, heading: string, lang: string): string[] {
  const text = `\n${markdown}`;
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const rest = text.slice(start + heading.length + 2);
  const section = rest.slice(0, rest.search(/^#{1,6} /m) >>> 0);
  return [...section.matchAll(new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```$', 'gm'))].map((match) => match[1]!);
}

/** The modules the page's config imports, as a user's project would resolve them. */
const IMPORTS: Record<string, unknown> = {
  '@eslint/css': LANGUAGE_PLUGINS.css,
  '@eslint/json': LANGUAGE_PLUGINS.json,
  '@eslint/markdown': LANGUAGE_PLUGINS.markdown,
  '@html-eslint/eslint-plugin': LANGUAGE_PLUGINS.html,
  'eslint-plugin-urilint': plugin,
  'typescript-eslint': { parser: tsParser },
};

/** Runs an ES module config's text: `import x from 'm'` reads `IMPORTS[m]`, `export default` is the result. */
function evaluateConfig(source: string): unknown[] {
  const names = new Set<string>();
  const body = source
    .replace(/^import (\w+) from '([^']+)';$/gm, (_whole, name: string, module: string) => {
      if (!(module in IMPORTS)) throw new Error(`the config imports ${module}, which the test does not provide`);
      names.add(module);
      return `const ${name} = imports[${JSON.stringify(module)}];`;
    })
    .replace(/^export default /m, 'return ');
  expect(names.size).toBeGreaterThan(0);
  return new Function('imports', body)(IMPORTS) as unknown[];
}

const FILES = [
  { file: 'src/api.ts', code: "const é: string = await fetch('https://example.com/a|b');\n" },
  { file: 'docs/guide.md', code: 'é [a](https://example.com/a|b)\n' },
  { file: 'config/app.json', code: '{ "é": "https://example.com/a|b" }\n' },
  { file: 'tsconfig.json', code: '// comments: JSONC\n{ "é": "https://example.com/a|b" }\n' },
  { file: 'data.json5', code: "{ é: 'https://example.com/a|b', }\n" },
  { file: 'public/index.html', code: '<p>é <a href="https://example.com/a|b">x</a></p>\n' },
  { file: 'src/site.css', code: '.é { background: url(https://example.com/a|b) }\n' },
];

describe.each(MAJORS)('docs/languages.md under ESLint $major', (major) => {
  const [config] = blocks(PAGE, '## A complete eslint.config.js', 'js');

  it('the complete eslint.config.js lints JavaScript, TypeScript, Markdown, JSON, JSONC, JSON5, HTML and CSS', () => {
    expect(config).toBeDefined();
    const flat = evaluateConfig(config!);
    for (const { file, code } of FILES) {
      expect(placesOf(lint(major, code, file, flat as never)), file).toEqual([place(code, 'no-unescaped-chars', '|', 'example.com/a')]);
    }
  });

  it("the README's example lints Markdown, JSON, HTML and CSS", () => {
    const [readmeConfig] = blocks(read('../../README.md'), '## Markdown, JSON, HTML and CSS', 'js');
    const flat = evaluateConfig(readmeConfig!);
    // Without `jsonc/recommended`, tsconfig.json is left alone (`json/recommended` ignores it).
    for (const { file, code } of FILES.filter(({ file }) => /\.(md|json|html|css)$/.test(file) && file !== 'tsconfig.json')) {
      expect(placesOf(lint(major, code, file, flat as never)), file).toEqual([place(code, 'no-unescaped-chars', '|', 'example.com/a')]);
    }
  });

  it('the opening example reports what the page shows', () => {
    const [markdown] = blocks(PAGE, '# Markdown, JSON, HTML and CSS', 'md');
    const [output] = blocks(PAGE, '# Markdown, JSON, HTML and CSS', 'text');
    const shown = /^\s*(\d+):(\d+)\s+error\s+(.+?)\s+(urilint\/[\w-]+)$/m.exec(output!);
    expect(shown).not.toBeNull();
    const messages = lint(major, markdown!, 'guide.md', [{ plugins: LANGUAGE_PLUGINS as never }, plugin.configs['markdown/recommended'] as never]);
    expect(messages.map((m) => [String(m.line), String(m.column), m.message, m.ruleId])).toEqual([shown!.slice(1)]);
  });
});

describe('links to docs/languages.md', () => {
  it('from the README and from discovery.md', () => {
    expect(read('../../README.md')).toContain('(docs/languages.md)');
    expect(read('../../docs/discovery.md')).toContain('(languages.md)');
  });
});
