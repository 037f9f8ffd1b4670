/**
 * Framework components (issue 17): Vue single-file components through vue-eslint-parser, Svelte
 * through svelte-eslint-parser, Angular templates through @angular-eslint/template-parser, Astro
 * through astro-eslint-parser, each with urilint's recommended config, under ESLint 10 and 9.
 * test/fixtures/components/ holds one realistic component per framework with problems planted in its
 * markup and its script; everything else there (bindings, interpolations, directives, slots, `v-for`,
 * `{#each}`, `@for`, link components) is correct and must stay silent. Each planted problem is found
 * at its exact characters; `--fix` repairs the fixable ones and the file still parses with the
 * framework's parser; and what ESLint reports is what discovery's reader of the framework — the one
 * `urilint scan` and the language server use — reports (the differential).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import angularParser from '@angular-eslint/template-parser';
import tsParser from '@typescript-eslint/parser';
import { discoverDocument, presetRules, runRules, sourceKindOf, type RuleName } from '@urilint/discovery';
import astroParser from 'astro-eslint-parser';
import svelteParser from 'svelte-eslint-parser';
import vueParser from 'vue-eslint-parser';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { fix, lint, linterOf, MAJORS, place, placesOf, positionOf, type Place } from '../support/languages.js';

const read = (name: string): string => readFileSync(fileURLToPath(new URL(`../fixtures/components/${name}`, import.meta.url)), 'utf8');

type Config = Parameters<typeof lint>[3][number];

/** Each framework: its parser as a user configures it, the file, and the planted problems: [rule, text, the text just before]. */
const FRAMEWORKS = [
  {
    name: 'Vue',
    file: 'UserNav.vue',
    languageOptions: { parser: vueParser, parserOptions: { parser: tsParser, sourceType: 'module' } },
    planted: [
      ['no-unescaped-chars', ' ', '/docs/getting'],
      ['no-unescaped-chars', '|', "'https://example.com/help"],
      ['no-invalid-percent-encoding', '%zz', 'https://cdn.example.com/img/'],
      ['no-unescaped-chars', ' ', '"https://example.com/user'],
      ['no-unescaped-chars', ' ', "'https://api.example.com/c"],
    ],
  },
  {
    name: 'Svelte',
    file: 'PostList.svelte',
    languageOptions: { parser: svelteParser, parserOptions: { parser: tsParser } },
    planted: [
      ['no-unescaped-chars', '|', 'posts?tag=a'],
      ['no-invalid-percent-encoding', '%zz', '/cards/{slug}/'],
      ['no-unescaped-chars', ' ', '${post.slug}'],
      ['no-unescaped-chars', ' ', "'https://example.com/status"],
    ],
  },
  {
    name: 'Angular',
    file: 'user-card.component.html',
    languageOptions: { parser: angularParser },
    planted: [
      ['no-unescaped-chars', ' ', '/docs/getting'],
      ['no-unescaped-chars', '|', "'https://example.com/help"],
      ['no-invalid-percent-encoding', '%zz', '{{ user.id }}/'],
      ['no-unescaped-chars', ' ', '"https://example.com/user'],
    ],
  },
  {
    name: 'Astro',
    file: 'BlogPost.astro',
    languageOptions: { parser: astroParser, parserOptions: { parser: tsParser } },
    planted: [
      ['no-unescaped-chars', '|', '?fields=a'],
      ['no-unescaped-chars', ' ', '"https://example.com/user'],
      ['no-invalid-percent-encoding', '%zz', 'https://cdn.example.com/img/'],
      ['no-unescaped-chars', ' ', '${slug}/a'],
    ],
  },
] as const;

function configOf(framework: (typeof FRAMEWORKS)[number]): Config[] {
  return [{ files: ['**/*.vue', '**/*.svelte', '**/*.html', '**/*.astro'], languageOptions: framework.languageOptions, ...plugin.configs.recommended } as Config];
}

/** What discovery's reader reports (as `urilint scan` runs the recommended rules), as ESLint's places. */
function discoveryPlaces(source: string, file: string): Place[] {
  const found = discoverDocument(source, sourceKindOf(file), { filePath: file });
  const rules = Object.fromEntries(presetRules('recommended').map((rule) => [rule, {}])) as Partial<Record<RuleName, object>>;
  return placesOf(
    runRules(found.candidates, rules, found.sourceCode).map((finding) => {
      const start = positionOf(source, finding.range[0]);
      const end = positionOf(source, finding.range[1]);
      return { ruleId: `urilint/${finding.rule}`, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, message: '' };
    }),
  );
}

describe.each(FRAMEWORKS)('$name components', (framework) => {
  const source = read(framework.file);
  const expected = framework.planted.map(([rule, text, after]) => place(source, rule, text, after)).sort((a, b) => a.line - b.line || a.column - b.column);

  describe.each(MAJORS)('ESLint $major', (major) => {
    it('finds the planted problems in markup and script at their exact characters, and nothing else', () => {
      expect(placesOf(lint(major, source, framework.file, configOf(framework)))).toEqual(expected);
    });

    it('fixes them, and the fixed file still parses with the framework parser', () => {
      const fixed = fix(major, source, framework.file, configOf(framework));
      expect(fixed).not.toBe(source);
      // What is left is what has no automatic fix: an invalid triplet's fix is a suggestion ("%25zz" or "%zz"
      // meant as text), and so is a fix in a component's attribute (`<RouterLink to>`: its code reads the text as written).
      const left = placesOf(lint(major, fixed, framework.file, configOf(framework)));
      const inComponent = (line: number): boolean => /^\s*<(?:[A-Z]|[a-z]+-)/.test(fixed.split('\n')[line - 1]!);
      expect(left.filter((message) => message.ruleId !== 'urilint/no-invalid-percent-encoding').every((message) => inComponent(message.line))).toBe(true);
      // Only the planted characters changed: the template's quotes, interpolations and entities stay.
      expect(fixed.replaceAll('%20', ' ').replaceAll('%7C', '|')).toBe(source);
    });
  });

  it('reports what urilint scan and the language server report (discovery, the same reader)', () => {
    const eslint = placesOf(lint(MAJORS[0], source, framework.file, configOf(framework)));
    expect(discoveryPlaces(source, framework.file)).toEqual(eslint);
  });
});

describe('link components and bound attributes', () => {
  const vue = { parser: vueParser, parserOptions: { parser: tsParser } };
  const config = (settings?: object): Config[] => [{ files: ['**/*.vue'], languageOptions: vue, ...(settings ? { settings } : {}), ...plugin.configs.recommended } as Config];

  it('a link component named in settings.linkComponents is a URL sink, like the built-in router-link and NuxtLink', () => {
    const source = '<template>\n  <AppLink to="/a b">x</AppLink>\n  <NuxtLink to="/c d">y</NuxtLink>\n</template>\n';
    expect(placesOf(lint(MAJORS[0], source, 'a.vue', config()))).toEqual([place(source, 'no-unescaped-chars', ' ', '/c')]);
    expect(placesOf(lint(MAJORS[0], source, 'a.vue', config({ urilint: { linkComponents: ['AppLink'] } })))).toEqual(
      [place(source, 'no-unescaped-chars', ' ', '/a'), place(source, 'no-unescaped-chars', ' ', '/c')],
    );
  });

  it('a string in a bound URL attribute is a URI by its position, also in a branch of ?: or ||; elsewhere by its shape', () => {
    const source = `<template>\n  <a :href="ok ? '/x y' : fallback || '/z w'">x</a>\n  <span :title="'/not a url'">t</span>\n</template>\n`;
    expect(placesOf(lint(MAJORS[0], source, 'a.vue', config()))).toEqual([place(source, 'no-unescaped-chars', ' ', '/x'), place(source, 'no-unescaped-chars', ' ', '/z')]);
  });

  it('a character reference in a static attribute is reported whole and a fix keeps the others', () => {
    const source = '<template>\n  <a href="https://example.com/?a=1&amp;b=c d">x</a>\n</template>\n';
    expect(placesOf(lint(MAJORS[0], source, 'a.vue', config()))).toEqual([place(source, 'no-unescaped-chars', ' ', 'b=c')]);
    expect(fix(MAJORS[0], source, 'a.vue', config())).toBe(source.replace('c d', 'c%20d'));
  });
});

describe('no crash on any of these trees', () => {
  const broken = [
    ['Vue', 'a.vue', { parser: vueParser }, '<template>\n  <a :href="\'x\' +">{{ }}</a>\n  <a href="https://a.example/{{">\n</template>\n<script>\nconst x = ;\n</script>\n'],
    ['Svelte', 'a.svelte', { parser: svelteParser }, '<a href="https://a.example/{slug">x</a>\n{#each items as}\n'],
    ['Angular', 'a.component.html', { parser: angularParser }, '<a [href]="a |">{{ b | }}</a>\n@if (x {\n<a href="https://a.example/{{ id">\n'],
    ['Astro', 'a.astro', { parser: astroParser }, '---\nconst x = {\n---\n<a href={`https://a.example/${x`}>x</a>\n'],
  ] as const;
  it.each(broken)('%s: a file the parser rejects or reads partly is a parse error or a report, never an exception', (_name, file, languageOptions, source) => {
    for (const major of MAJORS) {
      const messages = linterOf(major).verify(source, [{ files: ['**/*.vue', '**/*.svelte', '**/*.html', '**/*.astro'], languageOptions, ...plugin.configs.recommended } as never], file);
      expect(Array.isArray(messages)).toBe(true);
    }
    expect(() => discoverDocument(source, sourceKindOf(file))).not.toThrow();
  });
});

describe('docs/components.md', () => {
  const page = readFileSync(fileURLToPath(new URL('../../docs/components.md', import.meta.url)), 'utf8');
  const IMPORTS: Record<string, unknown> = {
    'eslint-plugin-urilint': plugin,
    'typescript-eslint': { parser: tsParser },
    'vue-eslint-parser': vueParser,
    'svelte-eslint-parser': svelteParser,
    '@angular-eslint/template-parser': angularParser,
    'astro-eslint-parser': astroParser,
  };
  /** The page's `eslint.config.js` blocks, each run with its imports given the modules they name. */
  const configs = [...page.matchAll(/^```js\n\/\/ eslint\.config\.js\n([\s\S]*?)^```$/gm)].map((match) => {
    const body = match[1]!
      .replace(/^import (\w+) from '([^']+)';$/gm, (_whole, name: string, module: string) => {
        if (!(module in IMPORTS)) throw new Error(`the page imports ${module}, which the test does not provide`);
        return `const ${name} = imports[${JSON.stringify(module)}];`;
      })
      .replace(/^export default /m, 'return ');
    return new Function('imports', body)(IMPORTS) as Config[];
  });

  it('has a config per framework, each of which finds the planted problems of its component under ESLint 9 and 10', () => {
    expect(configs).toHaveLength(FRAMEWORKS.length);
    FRAMEWORKS.forEach((framework, index) => {
      const source = read(framework.file);
      const expected = framework.planted.map(([rule, text, after]) => place(source, rule, text, after));
      for (const major of MAJORS) expect(placesOf(lint(major, source, framework.file, configs[index]!))).toEqual(placesOf(expected.map((p) => ({ ...p, message: '' }))));
    });
  });

  it('shows what the opening example reports', () => {
    const [code] = [...page.matchAll(/^```vue\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
    const [shown] = [...page.matchAll(/^```text\n[^\n]*\n\s+(\d+):(\d+)\s+error/gm)];
    const messages = lint(MAJORS[0], code!, 'Guide.vue', configs[0]!);
    expect(messages.map((m) => `${m.line}:${m.column}`)).toEqual([`${shown![1]}:${shown![2]}`]);
  });
});
