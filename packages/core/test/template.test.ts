import { describe, expect, it } from 'vitest';
import { expandUriTemplate, findUriTemplateExpressions, parse } from '../src/index.js';

describe('RFC 6570 expressions', () => {
  it('finds the expressions of the RFC’s levels 1–4', () => {
    const text = 'https://api.github.com/repos/{owner}/{repo}/issues{?state,labels}{#frag}{+path}{/list*}{;x,y}{var:3}';
    const found = findUriTemplateExpressions(text).map((s) => text.slice(s.start, s.end));
    expect(found).toEqual(['{owner}', '{repo}', '{?state,labels}', '{#frag}', '{+path}', '{/list*}', '{;x,y}', '{var:3}']);
  });

  it('does not take braces that are not expressions', () => {
    expect(findUriTemplateExpressions('/a{b c}/{}/{x y}')).toEqual([]);
  });

  it('expands a template to one of its URIs', () => {
    expect(expandUriTemplate('https://h/{owner}/{repo}')).toBe('https://h/x/x');
    expect(parse(expandUriTemplate('https://h/{owner}?q={q}')).valid).toBe(true);
  });
});
