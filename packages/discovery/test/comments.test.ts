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

  it("an input the code handles, shown with what it becomes (X => Y), is an example, not a link: node-url's url.js", () => {
    const text = [
      '    /*',
      '     * there\'s a hostname.',
      '     * the first instance of /, ?, ;, or # ends the host.',
      '     *',
      '     * If there is an @ in the hostname, then non-host chars *are* allowed',
      '     * to the left of the last @ sign, unless some host-ending character',
      '     * comes *before* the @-sign.',
      '     * URLs are obnoxious.',
      '     *',
      '     * ex:',
      '     * http://a@b@c/ => user:a@b host:c',
      '     * http://a@b?@c => user:a host:c path:/?@c',
      '     */',
    ].join('\n');
    expect(problems(text)).toEqual([]);
    expect(problems('// http://x/a b -> http://x/a%20b\n')).toEqual([]);
    expect(problems('// ex: user:a@b host:c ⇐ http://a@b@c/ → http://a%40b@c/\n')).toEqual([]);
  });

  it("an input the code rewrites, named with what it turns into (npm-package-arg's `turn file://path into file:/path`)", () => {
    expect(problems('  // turn file://path into file:/path\n')).toEqual([]);
  });

  it('a link beside an arrow that maps nothing is still read', () => {
    expect(problems('// see http://a@b@c/ for why\n')).toContainEqual(['userinfo-unescaped-char', '@']);
    expect(problems('// step 1 => read http://a@b@c/ and more\n')).toContainEqual(['userinfo-unescaped-char', '@']);
  });
});
