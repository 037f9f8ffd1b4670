import { describe, expect, it } from 'vitest';
import { looksLikePattern } from '../src/shape.js';

describe('looksLikePattern: the source of a regular expression, not a URL', () => {
  it('takes regular-expression syntax for a pattern: escapes, groups, .*, anchors', () => {
    for (const pattern of ['https://acme\\.com/.*', 'https?://(?:www\\.)?acme.com', '^https://acme.com/', 'https://acme.com/a$', 'https://acme.com/[^/]+', 'https://acme.com/(a)?']) {
      expect(looksLikePattern(pattern), pattern).toBe(true);
    }
  });

  it('takes a quantified character class with a range for a pattern', () => {
    for (const pattern of ['https://[-a-zA-Z0-9+@.]{3,}', 'https://acme.com/[a-z]+', 'https://acme.com/[0-9]{4}/x', 'https://acme.com/[a-f0-9]*', 'https://acme.com/[A-Z]?']) {
      expect(looksLikePattern(pattern), pattern).toBe(true);
    }
  });

  it('leaves URLs alone: brackets of an IP literal, ranges without a quantifier, a class that never closes', () => {
    for (const url of ['http://[::1]:8080/', 'http://[2001:db8::1]/a-b', 'https://acme.com/[a-z]', 'https://acme.com/docs/a-z+', 'https://acme.com/[a-z', 'https://acme.com/[[a-z]]{2}', 'https://acme.com/[a b-c]{2}', 'https://acme.com/[-]{2}']) {
      expect(looksLikePattern(url), url).toBe(false);
    }
  });

  it("takes a glob in the path for a pattern: a crawler's or a router's scope (cheerio's Algolia crawler, issue 28)", () => {
    for (const pattern of ['http://cheerio.js.org/**', 'https://cheerio.js.org/**', 'https://acme.com/docs/**/index.html', 'https://cdn.acme.com/dist/*.js', 'https://acme.com/a/**?x=1']) {
      expect(looksLikePattern(pattern), pattern).toBe(true);
    }
    // A "*" is a sub-delimiter a path may hold: a URL with one, or a route's wildcard segment, is not a glob.
    for (const url of ['https://acme.com/a*b', 'https://acme.com/search/*', 'https://acme.com/*a', 'http://**.example', 'https://acme.com/?q=/**']) {
      expect(looksLikePattern(url), url).toBe(false);
    }
  });

  it('ends a class at the next bracket or whitespace, and tries the next `[` after it', () => {
    expect(looksLikePattern('https://acme.com/[x [a-z]{2}')).toBe(true);
    expect(looksLikePattern('https://acme.com/[[a-z]{2}')).toBe(true);
    expect(looksLikePattern('http://' + '['.repeat(1_000) + 'a-z]+')).toBe(true);
  });
});
