/** URIs in JavaScript comments: prose, where a code example's `${…}` and template tags are holes. */
import { describe, expect, it } from 'vitest';
import { discoverDocument } from '../src/document.js';
import { RULE_NAMES, runRules } from '../src/rules/index.js';

const ALL_RULES = Object.fromEntries(RULE_NAMES.map((name) => [name, {}]));

function problems(text: string): [string | undefined, string][] {
  const { candidates, sourceCode } = discoverDocument(text, 'js');
  return runRules(candidates, ALL_RULES, sourceCode).map((finding) => [finding.code, text.slice(finding.range[0], finding.range[1])]);
}

describe('comments', () => {
  it('read a code example’s ${…} as a hole, as the template literal it shows (hono’s proxy helper docs)', () => {
    const text = "/**\n * @example\n *   return proxy(`http://${originServer}/${c.req.param('path')}`, {\n */\nexport {};\n";
    expect(problems(text)).toEqual([]);
    // The same comment with a real problem beside the holes still reports it.
    expect(problems(text.replace("('path')}`", "('path')}/a%zz`"))).toEqual([['pct-invalid-triplet', '%zz']]);
  });

  it('read template tags as holes and still check the rest of the URI', () => {
    expect(problems('// see http://{{ host }}/x{y and https://example.com/c%2\nexport {};\n')).toEqual([
      ['path-unescaped-char', '{'],
      ['pct-invalid-triplet', '%2'],
    ]);
  });
});
