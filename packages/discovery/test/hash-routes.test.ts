/**
 * Issue 28's seventh survey, held-out half: a hash router's link names its route after the first
 * `#` and an anchor after the second (`#/documentation#compatibility`). The router reads both from
 * `location.hash` as written; `%23` would lose the anchor. Elsewhere a second `#` is still reported.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES, problemsIn } from './support/findings.js';

describe("a hash router's anchor after the route", () => {
  it("ngx-bootstrap's discover page: href=\"#/documentation#compatibility\"", () => {
    const line = '    <a target="_blank" href="#/documentation#compatibility">documentation</a>.';
    expect(problemsIn(line, 'html', ALL_RULES)).toEqual([]);
    expect(problemsIn(line, 'angular', ALL_RULES)).toEqual([]);
  });

  it('a hashbang route and a route after a page URL', () => {
    expect(problemsIn('<a href="#!/guide#install">x</a>', 'html', ALL_RULES)).toEqual([]);
    expect(problemsIn('<a href="https://valor-software.com/ngx-bootstrap/#/documentation#compatibility">x</a>', 'html', ALL_RULES)).toEqual([]);
  });

  it('a second "#" in a fragment that is no route is still reported', () => {
    expect(problemsIn('<a href="https://example.com/page#top#x">x</a>', 'html', ALL_RULES).map(([code]) => code)).toEqual(['fragment-unescaped-char']);
  });
});
