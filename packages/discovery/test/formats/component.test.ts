/** The component readers' interpolations: where `{{ … }}` ends. */
import { describe, expect, it } from 'vitest';
import { discoverVue } from '../../src/formats/vue.js';
import { runRules } from '../../src/rules/index.js';

function problems(text: string): [string | undefined, string][] {
  const { candidates, sourceCode } = discoverVue(text);
  for (const candidate of candidates) candidate.source = text;
  return runRules(candidates, { 'no-unescaped-chars': {} }, sourceCode).map((f) => [f.code, text.slice(f.range[0], f.range[1])]);
}

describe('a {{ … }} interpolation', () => {
  it('ends at the closer outside its strings and braces, so a "}}" in a string does not cut the expression short', () => {
    const text = "<template>\n  <p>{{ ok ? '}}' : fetch(`${base}/a b`) }}</p>\n</template>\n";
    expect(problems(text)).toEqual([['path-unescaped-char', ' ']]);
  });
});
