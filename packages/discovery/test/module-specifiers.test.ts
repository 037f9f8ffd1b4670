/**
 * Issue 28's seventh survey, held-out half: a module specifier is a file or package the module
 * loader or the bundler resolves, not a link, wherever JavaScript writes one — a static `import`,
 * a dynamic `import()`, `require()`, `require.resolve()`, `import.meta.resolve()` and the first
 * argument of `new URL(x, import.meta.url)` — and file-based routing names its files with `[param]`.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES, problemsIn } from './support/findings.js';

const problems = (text: string): [string | undefined, string][] => problemsIn(text, 'js', ALL_RULES);

describe('module specifiers are not URLs', () => {
  it("vuejs/router's experiments playground: a dynamic import() of a file-based route's component", () => {
    const code = [
      'const r_profiles_detail = normalizeRouteRecord({',
      "  name: 'profiles-detail',",
      "  components: { default: () => import('../pages/profiles/[userId].vue') },",
      '  parent: r_profiles_layout,',
      '})',
      'const r_events_date = normalizeRouteRecord({',
      "  name: 'events-date',",
      "  components: { default: () => import('../pages/events/[when=date].vue') },",
      '})',
      "const nested = () => import('../pages/events/[when=date]/nested.vue')",
    ].join('\n');
    expect(problems(code)).toEqual([]);
  });

  it('a dynamic import() built with a template or a concatenation', () => {
    expect(problems('const page = (name: string) => import(`../pages/[${name}] list.vue`);')).toEqual([]);
    expect(problems("const page = (name: string) => import('../pages/[' + name + '] list.vue');")).toEqual([]);
  });

  it('require(), require.resolve(), import.meta.resolve() and new URL(x, import.meta.url)', () => {
    expect(problems("const a = require('./pages/[id].js');\nconst b = require.resolve('./pages/[id] copy.js');")).toEqual([]);
    expect(problems("const c = import.meta.resolve('./pages/[id] copy.js');")).toEqual([]);
    expect(problems("const worker = new Worker(new URL('./workers/[id] worker.js', import.meta.url));")).toEqual([]);
  });

  it('a URL given to new URL with another base is still read', () => {
    expect(problems("const u = new URL('/a b', 'https://example.com/');").map(([code]) => code)).toEqual(['path-unescaped-char']);
  });
});
