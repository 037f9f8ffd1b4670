/** URIs in JavaScript comments: prose, where a code example's `${…}` and template tags are holes. */
import { describe, expect, it } from 'vitest';
import { problemsIn } from './support/findings.js';

const problems = (text: string): [string | undefined, string][] => problemsIn(text, 'js');

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
