import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Before the code it counts: see support/work.ts.
import { expectLinearWork } from './support/work.js';
import { pathological } from './support/pathological.js';
import { NON_HIERARCHICAL_SCHEMES, findUris, hasOpaqueShape, type FoundUri } from '../src/find.js';

/** The URIs found, as strings. */
function uris(text: string): string[] {
  return findUris(text).map((f) => f.uri);
}

/** The one candidate found in `text`. */
function only(text: string): FoundUri {
  const found = findUris(text);
  expect(found, JSON.stringify(text)).toHaveLength(1);
  return found[0]!;
}

/** The candidate expected for `uri` written once, verbatim, in `text`. */
function at(text: string, uri: string, delimiter: FoundUri['delimiter'], abbreviated = false): FoundUri {
  const start = text.indexOf(uri);
  expect(start, `${uri} in ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(0);
  return { start, end: start + uri.length, uri, delimiter, abbreviated };
}

describe('RFC 2396 Appendix E. Recommendations for Delimiting URI in Context', () => {
  // Copied verbatim from RFC 2396 Appendix E, "For example, the text:"
  // (the seed's copy, without the RFC's indentation).
  const EXAMPLE = `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://ds.internic.
net/rfc/>. Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`;

  it('finds exactly the three URI references the appendix lists', () => {
    // "contains the URI references"
    expect(uris(EXAMPLE)).toEqual([
      'http://www.w3.org/Addressing/',
      'ftp://ds.internic.net/rfc/',
      'http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING',
    ]);
  });

  it('gives each its delimiter and the span inside the delimiters', () => {
    const ftpStart = EXAMPLE.indexOf('ftp://');
    const httpStart = EXAMPLE.indexOf('http://www.ics');
    expect(findUris(EXAMPLE)).toEqual([
      at(EXAMPLE, 'http://www.w3.org/Addressing/', 'quotes'),
      {
        start: ftpStart,
        end: EXAMPLE.indexOf('>', ftpStart),
        uri: 'ftp://ds.internic.net/rfc/',
        delimiter: 'angle-brackets',
        abbreviated: false,
      },
      {
        start: httpStart,
        end: EXAMPLE.indexOf('>', httpStart),
        uri: 'http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING',
        delimiter: 'angle-brackets',
        abbreviated: false,
      },
    ]);
  });

  it('delimits with double quotes, angle brackets or whitespace, which are not part of the URI', () => {
    // 'within double-quotes "http://test.com/", angle brackets <http://test.com/>, or just using whitespace'
    const text = 'within double-quotes "http://test.com/", angle brackets\n<http://test.com/>, or just using whitespace\nhttp://test.com/\n';
    expect(findUris(text).map((f) => [f.uri, f.delimiter, text.slice(f.start, f.end)])).toEqual([
      ['http://test.com/', 'quotes', 'http://test.com/'],
      ['http://test.com/', 'angle-brackets', 'http://test.com/'],
      ['http://test.com/', 'whitespace', 'http://test.com/'],
    ]);
  });

  it('keeps the fragment inside the delimiters', () => {
    // "the fragment would be placed within the brackets as well"
    expect(only('<http://a.example/doc#part>').uri).toBe('http://a.example/doc#part');
  });

  it('drops the historical URL: prefix, with or without a trailing space', () => {
    // 'The prefix "URL:" (with or without a trailing space)'
    const text = '<URL:http://a.example/x> <URL: http://b.example/y> <url:\n  http://c.example/z> "URL:http://d.example/"';
    expect(findUris(text)).toEqual([
      at(text, 'http://a.example/x', 'angle-brackets'),
      at(text, 'http://b.example/y', 'angle-brackets'),
      at(text, 'http://c.example/z', 'angle-brackets'),
      at(text, 'http://d.example/', 'quotes'),
    ]);
    // Outside brackets, URL: is simply not a scheme this finds.
    expect(findUris('URL:http://e.example/')).toEqual([at('URL:http://e.example/', 'http://e.example/', 'whitespace')]);
  });
});

describe('URIs broken across lines inside <…>', () => {
  it('ignores the whitespace of the line break; the span covers all the content', () => {
    const text = 'See <http://example.com/a/very/\n    long/path?q=1>.';
    expect(only(text)).toEqual({
      start: 5,
      end: text.indexOf('>'),
      uri: 'http://example.com/a/very/long/path?q=1',
      delimiter: 'angle-brackets',
      abbreviated: false,
    });
  });

  it('ignores all whitespace around the break: trailing spaces, tabs, CRLF, several lines', () => {
    const text = '<http://example.com/a  \r\n\tb/ \n c\u2028d>';
    expect(only(text).uri).toBe('http://example.com/ab/cd');
    expect(only(text)).toMatchObject({ start: 1, end: text.length - 1 });
  });

  it('trims white space next to the brackets', () => {
    const text = '<\n  http://example.com/x\n>';
    expect(only(text)).toEqual(at(text, 'http://example.com/x', 'angle-brackets'));
  });

  it('keeps a hyphen at a line break and lists its offset', () => {
    // "the hyphen may or may not actually be part of the URI": it is kept.
    const text = 'Read <http://example.com/long-\n  name/> now';
    const found = only(text);
    expect(found.uri).toBe('http://example.com/long-name/');
    expect(found.lineBreakHyphens).toEqual([text.indexOf('-\n')]);
    expect(only('<http://example.com/a-b>').lineBreakHyphens).toBeUndefined();
  });

  it('keeps white space within a line, for parse to report', () => {
    // "especially recommended as a delimiting style for URI that contain whitespace"
    expect(only('<http://example.com/my file.pdf>').uri).toBe('http://example.com/my file.pdf');
  });

  it('does not read across a blank line or another <', () => {
    const text = '<http://example.com/a\n\nrest of the paragraph> x';
    expect(findUris(text)).toEqual([at(text, 'http://example.com/a', 'whitespace')]);
    const crlf = '<http://example.com/a\r\n \r\nb>';
    expect(uris(crlf)).toEqual(['http://example.com/a']);
    const nested = '<http://example.com/a <http://example.com/b>';
    expect(findUris(nested)).toEqual([
      at(nested, 'http://example.com/a', 'whitespace'),
      at(nested, 'http://example.com/b', 'angle-brackets'),
    ]);
  });

  it('does not join lines outside <…>', () => {
    expect(uris('http://example.com/a/\nb/c')).toEqual(['http://example.com/a/']);
  });
});

describe('double quotes', () => {
  it('may hold white space, but not a line break', () => {
    expect(only('"http://example.com/a b"').uri).toBe('http://example.com/a b');
    const text = '"http://example.com/a\nb"';
    expect(findUris(text)).toEqual([at(text, 'http://example.com/a', 'whitespace')]);
  });

  it('drops sentence punctuation typeset inside the quotes', () => {
    const text = 'The site is "http://example.com/."';
    expect(findUris(text)).toEqual([at(text, 'http://example.com/', 'quotes')]);
  });

  it('finds a URI that does not start the quotation in running text', () => {
    const text = 'He said "see http://example.com/ for details"';
    expect(findUris(text)).toEqual([at(text, 'http://example.com/', 'whitespace')]);
  });

  it('takes any scheme at the start, but not prose, drive letters or white space after the colon', () => {
    expect(uris('"localhost:3000" "key:value"')).toEqual(['localhost:3000', 'key:value']);
    expect(uris('"Note: this" "C:\\dir\\file" "12:30"')).toEqual([]);
    expect(uris('"nope:a b"')).toEqual([]);
  });

  it('finds the URI in an HTML attribute, not the tag', () => {
    const text = '<a href="https://example.com/x">link</a>';
    expect(findUris(text)).toEqual([at(text, 'https://example.com/x', 'quotes')]);
  });
});

describe('angle brackets', () => {
  it('take any scheme or abbreviated URI, and nothing else', () => {
    expect(uris('<urn:isbn:0451450523> <www.example.com/x> <foo:bar>')).toEqual([
      'urn:isbn:0451450523',
      'www.example.com/x',
      'foo:bar',
    ]);
    expect(uris('<b>bold</b> <user@example.com> <xs:element name="x"> a < b > c')).toEqual([]);
  });
});

describe('trailing punctuation and brackets', () => {
  it.each(['.', ',', ';', ':', '!', '?', "'", '"', '...', '?!', '*', '_', '\u2026'])(
    'drops a trailing %j',
    (punctuation) => {
      const text = `Go to https://example.com/a/b${punctuation} now`;
      expect(findUris(text)).toEqual([at(text, 'https://example.com/a/b', 'whitespace')]);
    },
  );

  it('drops the full stop of a sentence that ends with a URI', () => {
    const text = 'The specification is at https://www.rfc-editor.org/rfc/rfc3986.';
    expect(uris(text)).toEqual(['https://www.rfc-editor.org/rfc/rfc3986']);
  });

  it('keeps punctuation inside the URI', () => {
    expect(uris('https://example.com/a.b,c;d:e!f?g=h\'i end')).toEqual(["https://example.com/a.b,c;d:e!f?g=h'i"]);
  });

  it('excludes the parenthesis around a URL', () => {
    const text = 'RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) defines it.';
    expect(findUris(text)).toEqual([at(text, 'https://www.rfc-editor.org/rfc/rfc3986', 'whitespace')]);
  });

  it('keeps the balanced parentheses of a Wikipedia URL', () => {
    const text = '(see https://en.wikipedia.org/wiki/URI_(disambiguation))';
    expect(findUris(text)).toEqual([at(text, 'https://en.wikipedia.org/wiki/URI_(disambiguation)', 'whitespace')]);
    expect(uris('(see https://en.wikipedia.org/wiki/URI_(disambiguation)).')).toEqual([
      'https://en.wikipedia.org/wiki/URI_(disambiguation)',
    ]);
    expect(uris('https://en.wikipedia.org/wiki/URI_(disambiguation)')).toEqual([
      'https://en.wikipedia.org/wiki/URI_(disambiguation)',
    ]);
  });

  it('excludes unbalanced ] and }, keeps balanced ones and IP literals', () => {
    expect(uris('[https://example.com/a] {https://example.com/b}')).toEqual([
      'https://example.com/a',
      'https://example.com/b',
    ]);
    expect(uris('http://[::1]:8080/x and https://example.com/{id}/[0]')).toEqual([
      'http://[::1]:8080/x',
      'https://example.com/{id}/[0]',
    ]);
    expect(uris('\\url{https://example.com/x}')).toEqual(['https://example.com/x']);
  });

  it('skips a scheme with nothing after it', () => {
    expect(uris('URLs start with http:// or https://. Write mailto: then the address.')).toEqual([]);
  });
});

describe('Markdown', () => {
  it('finds the destination of links and images', () => {
    const text = 'A [text](https://x.example/a) and ![alt](https://x.example/img.png).';
    expect(findUris(text)).toEqual([
      at(text, 'https://x.example/a', 'whitespace'),
      at(text, 'https://x.example/img.png', 'whitespace'),
    ]);
  });

  it('separates link text that is a URL from the destination', () => {
    const text = '[https://a.example/](https://b.example/)';
    expect(uris(text)).toEqual(['https://a.example/', 'https://b.example/']);
  });

  it('handles titles, reference definitions, emphasis and code spans', () => {
    expect(uris('[t](https://x.example/a "Title")')).toEqual(['https://x.example/a']);
    expect(uris('[id]: https://x.example/ref\n')).toEqual(['https://x.example/ref']);
    expect(uris('**https://x.example/bold** _https://x.example/em_')).toEqual([
      'https://x.example/bold',
      'https://x.example/em',
    ]);
    expect(uris('Run `curl https://x.example/api`')).toEqual(['https://x.example/api']);
  });

  it('finds autolinks', () => {
    const text = 'Autolink: <https://x.example/auto>.';
    expect(findUris(text)).toEqual([at(text, 'https://x.example/auto', 'angle-brackets')]);
  });
});

describe('schemes in running text', () => {
  it('counts scheme:// for any syntactically valid scheme', () => {
    expect(uris('git+ssh://git@example.com/r.git chrome-extension://abc/x z39.50r://h/d')).toEqual([
      'git+ssh://git@example.com/r.git',
      'chrome-extension://abc/x',
      'z39.50r://h/d',
    ]);
  });

  it('starts the scheme at its first letter and after any other character', () => {
    expect(uris('1.http://a.example/ ?u=https://b.example/ éhttp://c.example/')).toEqual([
      'http://a.example/',
      'https://b.example/',
      'http://c.example/',
    ]);
  });

  it('ends a URI at a ; or , that another scheme:// follows: a list of URIs in one value', () => {
    // PHPMailer's Host setting, in a comment of src/PHPMailer.php.
    expect(uris('* (e.g. "tls://smtp1.example.com:587;ssl://smtp2.example.com:465").')).toEqual(['tls://smtp1.example.com:587', 'ssl://smtp2.example.com:465']);
    expect(uris('mirrors: https://a.example/x,https://b.example/y')).toEqual(['https://a.example/x', 'https://b.example/y']);
    // A ; or , that no scheme:// follows is the URI's own (RFC 3986 sub-delims).
    expect(uris('https://a.example/p;v=1,2?q=a;b')).toEqual(['https://a.example/p;v=1,2?q=a;b']);
  });

  it('ends a URI in quotes at a space that another scheme:// follows: a list of URIs in one quoted value (DefectDojo)', () => {
    // dojo/static/dojo/js/cvsscalc31.js: XML Schema's pairs of a namespace and its schema.
    expect(uris(`'  xsi:schemaLocation="https://www.first.org/cvss/cvss-v3.1.xsd https://www.first.org/cvss/cvss-v3.1.xsd"\\n' +`)).toEqual([
      'https://www.first.org/cvss/cvss-v3.1.xsd',
      'https://www.first.org/cvss/cvss-v3.1.xsd',
    ]);
    // .github/workflows/validate_docs_build.yml: lychee's --remap takes a pattern and its replacement in one argument.
    expect(uris('--remap "https://docs.defectdojo.com file://${{ github.workspace }}/docs/public"')[0]).toBe('https://docs.defectdojo.com');
    // unittests/scans/gcloud_artifact_scan: a scanner's references joined by " | ".
    expect(uris('"url": "https://security-tracker.someOS.org/tracker/CVE-2023-31439 | https://nvd.nist.gov/vuln/detail/CVE-2023-31439 | http://people.ubuntu.com/~ubuntu-security/cve/CVE-2023-31439",')).toEqual([
      'https://security-tracker.someOS.org/tracker/CVE-2023-31439',
      'https://nvd.nist.gov/vuln/detail/CVE-2023-31439',
      'http://people.ubuntu.com/~ubuntu-security/cve/CVE-2023-31439',
    ]);
    // A space that no scheme:// follows is inside the quoted URI, to be reported.
    expect(uris('"https://example.com/a b"')).toEqual(['https://example.com/a b']);
  });

  it('ends a URI in quotes at a space that another URI of its scheme or a known one follows: a list of URNs (BookStack)', () => {
    // app/Config/saml2.php: SAML's requested authentication contexts, separated by spaces.
    expect(uris('            // SAML2_IDP_AUTHNCONTEXT="urn:federation:authentication:windows urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"')).toEqual([
      'urn:federation:authentication:windows',
      'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
    ]);
    expect(uris('"mailto:a@example.com mailto:b@example.com"')).toEqual(['mailto:a@example.com', 'mailto:b@example.com']);
    // A word and a colon after the space are prose of the URI's text (`Note: this`), not another URI.
    expect(uris('"mailto:a@example.com?subject=Note: this"')).toEqual(['mailto:a@example.com?subject=Note: this']);
  });

  it("keeps a data: URI's first comma, which ends its media type", () => {
    // An import map in hono's GraphiQL page maps a module to an empty one.
    expect(uris('"@emotion/is-prop-valid": "data:text/javascript,"')).toEqual(['data:text/javascript,']);
    expect(uris('An empty document: data:, or data:text/plain,hello, in a sentence.')).toEqual(['data:,', 'data:text/plain,hello']);
  });

  it('ends a URI at an encoded line break in text that is itself percent-encoded', () => {
    // A share link's mail body (hoppscotch's Share.vue).
    expect(uris('I joined called Hoppscotch - https://hoppscotch.io.%0D%0AIt is a simple')).toEqual(['https://hoppscotch.io']);
    expect(uris('see https://a.example%0aand more')).toEqual(['https://a.example']);
    // In a path or query it is the URI's own, as are other encoded octets.
    expect(uris('mailto:?subject=Hi&body=a%0D%0Ab and https://a.example/x%0Ay?b=%0D%0A')).toEqual(['mailto:?subject=Hi&body=a%0D%0Ab', 'https://a.example/x%0Ay?b=%0D%0A']);
    expect(uris('https://a.example/a%20b%0Bc%3D')).toEqual(['https://a.example/a%20b%0Bc%3D']);
  });

  it('counts the well-known non-hierarchical schemes without //', () => {
    const text = NON_HIERARCHICAL_SCHEMES.map((scheme) => `${scheme}:x1`).join(' ');
    expect(uris(text)).toEqual(NON_HIERARCHICAL_SCHEMES.map((scheme) => `${scheme}:x1`));
    expect(uris('Write to MAILTO:a@example.com or call tel:+1-201-555-0123.')).toEqual([
      'MAILTO:a@example.com',
      'tel:+1-201-555-0123',
    ]);
    expect(uris('urn:ietf:rfc:3986, data:text/plain,hi and javascript:alert(1)')).toEqual([
      'urn:ietf:rfc:3986',
      'data:text/plain,hi',
      'javascript:alert(1)',
    ]);
  });

  it('takes more schemes from options', () => {
    expect(uris('doi:10.1000/182')).toEqual([]);
    expect(findUris('doi:10.1000/182', { schemes: ['DOI'] }).map((f) => f.uri)).toEqual(['doi:10.1000/182']);
  });

  it('keeps a URI inside another URI as part of it', () => {
    expect(uris('https://a.example/?next=https://b.example/&www.c.example.com')).toEqual([
      'https://a.example/?next=https://b.example/&www.c.example.com',
    ]);
  });
});

describe('abbreviated URIs (RFC 2396 Appendix F)', () => {
  it('finds www. and ftp. host names with a TLD-like last label', () => {
    const text = 'See www.w3.org/Addressing/ or ftp.example.org, or WWW.EXAMPLE.CO.UK:8080/a?b#c.';
    expect(findUris(text)).toEqual([
      at(text, 'www.w3.org/Addressing/', 'whitespace', true),
      at(text, 'ftp.example.org', 'whitespace', true),
      at(text, 'WWW.EXAMPLE.CO.UK:8080/a?b#c', 'whitespace', true),
    ]);
    expect(uris('(www.example.com) www.xn--bcher-kva.example.xn--p1ai')).toEqual([
      'www.example.com',
      'www.xn--bcher-kva.example.xn--p1ai',
    ]);
  });

  it('marks abbreviated URIs in delimiters too', () => {
    expect(findUris('"www.example.com/a" <ftp.example.org>').map((f) => [f.uri, f.abbreviated])).toEqual([
      ['www.example.com/a', true],
      ['ftp.example.org', true],
    ]);
  });

  it('needs three labels, a TLD-like last one and a word boundary', () => {
    expect(
      uris('www.example ftp.py www.example.c0m wwwexample.com awww.example.com user@www.example.com x/www.a.com www.a.com@b'),
    ).toEqual([]);
  });

  it('compares www. and URL: case-insensitively, letters only', () => {
    expect(uris('www\u000eexample.com www\u000e.example.com')).toEqual([]);
    // \u001a is ":" with the case bit set: not a URL: prefix, so these are not the delimiters.
    expect(only('<URL\u001ahttp://x.example/>').delimiter).toBe('whitespace');
  });

  it('can be turned off', () => {
    expect(findUris('www.example.com "www.example.com" <www.example.com>', { abbreviated: false })).toEqual([]);
  });
});

describe('what is not a URI', () => {
  it.each([
    'Note: this is prose.',
    'key:value and a:b and Re: subject',
    'At 12:30 or 9:05:00, see 10:1.',
    'C:\\Users\\me\\file.txt and D:/data/x',
    'Write to user@example.com or first.last+tag@sub.example.org.',
    'Mailto: someone; Tel: 555',
    'ratio 3:2, IPv6 2001:db8::1 and ::1',
    'a.b.c: done; foo.bar:baz',
    'std::vector<int> and a->b',
    '',
  ])('finds nothing in %j', (text) => {
    expect(findUris(text)).toEqual([]);
  });
});

describe('offsets are UTF-16 code units', () => {
  it('counts non-ASCII text and emoji before a URI exactly', () => {
    const text = 'Café 😀👍🏽 — voir https://example.com/x, merci';
    const found = only(text);
    expect(found.start).toBe(text.indexOf('https'));
    expect(found.end).toBe(text.indexOf(','));
    expect(text.slice(found.start, found.end)).toBe('https://example.com/x');
    const angled = '日本語 😀 <https://example.com/\n  y>';
    expect(only(angled)).toMatchObject({ start: angled.indexOf('https'), end: angled.length - 1 });
  });

  it('keeps non-ASCII characters in the URI (an IRI, for parse to report)', () => {
    expect(uris('https://example.com/café/😀 ok')).toEqual(['https://example.com/café/😀']);
  });

  it('ends at Unicode white space, typographic quotes and CJK punctuation', () => {
    expect(uris('“https://a.example/” «https://b.example/» https://c.example/\u00a0x')).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://c.example/',
    ]);
    expect(uris('詳細は「https://example.jp/a」を参照。https://example.jp/b。')).toEqual([
      'https://example.jp/a',
      'https://example.jp/b',
    ]);
  });
});

describe('robustness', () => {
  it('returns nothing for values that are not strings', () => {
    expect(findUris(undefined as unknown as string)).toEqual([]);
    expect(findUris(42 as unknown as string)).toEqual([]);
  });

  /** White-space runs that hold a line break: what `uri` leaves out inside `<…>`. */
  const LINE_BREAK_WHITESPACE = /\s*[\n\r\v\f\u2028\u2029]\s*/g;

  /** Checks the invariants every result must satisfy. */
  function checkSpans(text: string, found: FoundUri[]): void {
    let previous = 0;
    for (const f of found) {
      expect(f.start).toBeGreaterThanOrEqual(previous);
      expect(f.end).toBeGreaterThan(f.start);
      expect(f.end).toBeLessThanOrEqual(text.length);
      const slice = text.slice(f.start, f.end);
      if (!/[\n\r\v\f\u2028\u2029]/.test(slice)) expect(f.uri).toBe(slice);
      else expect(f.delimiter).toBe('angle-brackets');
      expect(f.uri).toBe(slice.replace(LINE_BREAK_WHITESPACE, ''));
      previous = f.end;
    }
  }

  const TOKENS = [
    'http',
    'https://',
    '://',
    'mailto:',
    'urn:',
    'URL:',
    'www.',
    'ftp.',
    'example',
    '.com',
    'a',
    '1',
    '-',
    '.',
    ',',
    ':',
    '/',
    '?',
    '#',
    '@',
    "'",
    '"',
    '<',
    '>',
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    '*',
    '_',
    '`',
    ' ',
    '\t',
    '\n',
    '\r\n',
    '-\n',
    '\u00a0',
    '\u2028',
    'é',
    '😀',
    '\uD800',
    '。',
    '”',
  ];

  it('never throws; spans are in order, in bounds, and match the text', () => {
    const tokenText = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((parts) => parts.join(''));
    const anyText = fc.string({ unit: 'binary', maxLength: 60 });
    fc.assert(
      fc.property(fc.oneof(tokenText, anyText), (text) => {
        checkSpans(text, findUris(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a web URL written in prose, in quotes or in angle brackets, exactly', () => {
    // URLs that end with a letter, digit or slash and have no brackets: nothing to trim.
    const url = fc
      .webUrl({ withQueryParameters: true, withFragments: true })
      .filter((u) => /^[^()[\]{}]*[A-Za-z0-9/]$/.test(u));
    fc.assert(
      fc.property(url, fc.constantFrom('See %s.', '(%s)', '"%s"', '<%s>', '<URL:%s>', '[x](%s)', '%s'), (u, frame) => {
        const text = `Café 😀 ${frame.replace('%s', () => u)} done`;
        const found = findUris(text);
        expect(found.map((f) => f.uri)).toEqual([u]);
        expect(text.slice(found[0]!.start, found[0]!.end)).toBe(u);
      }),
      { numRuns: 500 },
    );
  });
});

const PATHOLOGICAL = pathological('findUris');

describe('linear cost', () => {
  // 200 kB against 20 kB: linear work grows about 10×, quadratic about 100×.
  it.each(Object.keys(PATHOLOGICAL))('does linear work on %s', (name) => {
    expectLinearWork(findUris, PATHOLOGICAL[name]!);
  });

  it('does linear work on a long single token (no spaces at all)', () => {
    const make = (n: number): string => 'https://example.com/' + 'a('.repeat(n / 4) + ')'.repeat(n / 4);
    expect(findUris(make(1_000_000))).toHaveLength(1);
    expectLinearWork(findUris, make);
  });
});

describe('hasOpaqueShape', () => {
  it('asks a URI without "//" for its own scheme\'s shape past the colon', () => {
    // Server-sent events: protocol text, not data: or event: URIs.
    expect(hasOpaqueShape('data:test')).toBe(false);
    expect(hasOpaqueShape('data:text/plain,hi')).toBe(true);
    expect(hasOpaqueShape('data:,hi')).toBe(true);
    expect(hasOpaqueShape('data:;base64,aGk=')).toBe(true);
    expect(hasOpaqueShape('data:;charset=utf-8,hi')).toBe(true);
    // A Content-Security-Policy's scheme-source before the next directive (helmet's `data:;form-action 'self'`).
    expect(hasOpaqueShape('data:;form-action')).toBe(false);
    expect(hasOpaqueShape('mailto:support')).toBe(false);
    expect(hasOpaqueShape('mailto:support@example.com')).toBe(true);
    expect(hasOpaqueShape('mailto:?subject=hi')).toBe(true);
    expect(hasOpaqueShape('tel:support')).toBe(false);
    expect(hasOpaqueShape('tel:+1-201-555-0123')).toBe(true);
    expect(hasOpaqueShape('urn:isbn:0451450523')).toBe(true);
    expect(hasOpaqueShape('urn:x')).toBe(false);
    expect(hasOpaqueShape('geo:37.786971,-122.399677')).toBe(true);
    expect(hasOpaqueShape('geo:here')).toBe(false);
  });

  it('takes a URI with "//", a scheme it has no shape for, and text without a scheme as they are', () => {
    expect(hasOpaqueShape('data://x')).toBe(true);
    expect(hasOpaqueShape('javascript:alert(1)')).toBe(true);
    expect(hasOpaqueShape('not a uri')).toBe(true);
  });
});
