/**
 * Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP, shell scripts and environment files: planted problems found at their exact characters
 * through each language's escapes, raw strings and interpolations, fixed in the literal's own
 * syntax (or not at all where the syntax cannot say it), and a file of each language's usual traps
 * (format strings, regular expressions, SQL, log formats, XML namespaces, Windows paths) that yields
 * nothing. Expected places are computed from the source (`at`), never counted by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverDocument, loadGrammarsFor, sourceKindOf } from '../../src/document.js';
import { at, expectAtColumns, expectPlanted, findings, fixed, fixture, replacedInOnly } from './support.js';

beforeAll(() => loadGrammarsFor(['python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell']));

describe('Python', () => {
  const text = [
    'import requests',
    'import urllib.request',
    '',
    'requests.get("https://example.com/a b")',
    "requests.get('https://example.com/\\x41 c')",
    'requests.post(r"https://example.com/raw\\d")',
    'requests.get(f"https://example.com/{user} e")',
    'requests.get("https://example.com/{} f".format(q))',
    'requests.get("https://example.com/%s g" % q)',
    'urllib.request.urlopen(b"http://[::1:8080/")',
    'url = "https://example.com/h" "/i j"',
    'homepage = "https://example.com/%zz"',
    '# See https://example.com/%gg for details.',
    'def f():',
    '    """Docs at https://example.com/%qq here."""',
    '',
  ].join('\n');

  it('reports each planted problem at its characters, through escapes, raw strings, f-strings and placeholders', () => {
    expectPlanted(text, 'python', [
      // RFC 3986 §2: a space is not a URI character; the fix writes "%20" (§2.1) into the literal.
      { anchor: 'a b")', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // `\x41` writes "A": the space after it is at its own column, not shifted by the escape's four characters.
      { anchor: '\\x41 c', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // In a raw string `\d` is a backslash and a "d": a browser reads "\" as "/" (WHATWG URL), so the fix is no automatic one.
      { anchor: 'raw\\d', part: '\\', code: 'whatwg-backslash' },
      { anchor: 'raw\\d', part: '\\', code: 'path-unescaped-char' },
      // `{user}` is a hole: the space after it is still the literal's.
      { anchor: '{user} e', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '{} f', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // A %-format: the fix writes the "%" of "%20" as "%%", or Python reads "%20g" as a conversion.
      { anchor: '%s g', part: ' ', code: 'path-unescaped-char', fix: '%%20' },
      // A bytes literal given to urlopen: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2).
      { anchor: 'b"http', part: 'http', code: 'scheme-insecure' },
      { anchor: 'b"http', part: '[::1:8080', code: 'host-ip-literal-unterminated' },
      // Implicit concatenation is one string: the space is in its second piece.
      { anchor: '"/i j"', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // RFC 3986 §2.1: "%" must be followed by two hexadecimal digits.
      { anchor: '%zz', part: '%zz', code: 'pct-invalid-triplet' },
      { anchor: '%gg', part: '%gg', code: 'pct-invalid-triplet' },
      { anchor: '%qq', part: '%qq', code: 'pct-invalid-triplet' },
    ]);
  });

  it('fixes in the literal: an escape stays an escape, the f-string\'s hole is kept', () => {
    const out = fixed(text, 'python');
    expect(out).toContain("requests.get('https://example.com/\\x41%20c')");
    expect(out).toContain('requests.get(f"https://example.com/{user}%20e")');
    expect(out).toContain('requests.get("https://example.com/{}%20f".format(q))');
    // In a %-format a `%` is written `%%`: `%20g` alone would be a conversion (`%20g` formats a number 20 wide).
    expect(out).toContain('requests.get("https://example.com/%s%%20g" % q)');
    expect(out).toContain('requests.post(r"https://example.com/raw\\d")');
  });

  it('reads a string kept to be %-formatted elsewhere as a format: its conversions are holes, and a % is never written into it', () => {
    // Sphinx's extlinks: each value is a URL with one `%s`, filled with the role's target
    // (https://www.sphinx-doc.org/en/master/usage/extensions/extlinks.html); pelican's docs/conf.py.
    expect(findings('extlinks = {"pelican-doc": ("https://docs.getpelican.com/en/latest/%s.html", "%s")}\n', 'python')).toEqual([]);
    // A problem outside the conversions is still reported; whether `%20` would be written `%%20` is not known here.
    const stored = 'BUG_URL = "https://example.com/bug report/%(id)s"\n';
    const found = findings(stored, 'python');
    expect(found.map((finding) => [finding.code, stored.slice(...finding.range), finding.fix])).toEqual([['path-unescaped-char', ' ', undefined]]);
    // `%zz` is no conversion of Python's: it stays an invalid percent-encoding.
    expect(findings('homepage = "https://example.com/%zz/%s"\n', 'python').map((finding) => finding.code)).toEqual(['pct-invalid-triplet']);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.py'), 'python')).toEqual([]);
  });

  it('reads .py, .pyi and a script whose #! line names python', () => {
    expect(['a.py', 'b.pyi', 'c.pyw'].map(sourceKindOf)).toEqual(['python', 'python', 'python']);
    const found = discoverDocument('#!/usr/bin/env python3\nrequests.get("https://example.com/a b")\n', sourceKindOf('bin/tool'));
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['requests.get']);
  });
});

describe('Python: a str.format template kept to be formatted elsewhere', () => {
  it('reads its empty replacement field "{}" as a hole (urllib3\'s test_util.py, verbatim)', () => {
    const text = [
      'class TestUtil:',
      '    @pytest.mark.parametrize(',
      '        "url_template",',
      '        [',
      '            "http://victim.example{}Injected/path",',
      '            "gopher://victim.example{}Injected/path",',
      '            "victim.example{}Injected/path",',
      '            "http://127.0.0.1{}/path",',
      '            "http://[::1]{}/path",',
      '        ],',
      '    )',
      '    def test_control_characters_in_host_raise(self, url_template: str, char: str) -> None:',
      '        url = url_template.format(char)',
      '',
    ].join('\n');
    expect(findings(text, 'python')).toEqual([]);
    expect(discoverDocument(text, 'python').candidates.map((candidate) => candidate.holes.length)).toEqual([1, 1, 1, 1]);
  });

  it('still reports what is around the field, and fixes it', () => {
    const text = 'TEMPLATE = "https://example.com/{}/a b"\n';
    expect(fixed(text, 'python')).toBe('TEMPLATE = "https://example.com/{}/a%20b"\n');
  });
});

describe('a port built around a hole', () => {
  it('is not reported when a domain name follows the hole: the hole ends the userinfo (urllib3\'s test_util.py, verbatim)', () => {
    const text = ['params = [', '        pytest.param(', '            "https://user:" + ("@" * 10000) + "example.com",', '            False,', '        ),', ']', ''].join('\n');
    expect(findings(text, 'python')).toEqual([]);
  });

  it('is reported when no domain name follows the hole', () => {
    const text = 'url = "https://example.com:" + port + "x/a"\n';
    expect(findings(text, 'python').map((finding) => finding.code)).toEqual(['port-invalid-char']);
  });

  it('is reported when the port is written apart from the hole', () => {
    const text = 'url = f"http://{host}:80x/"\n';
    expect(findings(text, 'python').map((finding) => [finding.code, text.slice(...finding.range)])).toEqual([['port-invalid-char', 'x']]);
  });
});

describe('Go', () => {
  const text = [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"net/http"',
    '\t"net/url"',
    ')',
    '',
    'func main() {',
    '\thttp.Get("https://example.com/a b")',
    '\thttp.Get("https://example.com/\\x41 c")',
    '\thttp.Get(`https://example.com/raw\\n d`)',
    '\thttp.Get(fmt.Sprintf("https://example.com/%s e", q))',
    '\tu, _ := url.Parse("http://[::1:8080/")',
    '\treq, _ := http.NewRequest("GET", "https://example.com/f g", nil)',
    '\tconst homepage = "https://example.com/%zz"',
    '\t// See https://example.com/%gg for details.',
    '\t/* and https://example.com/%qq */',
    '\t_, _ = u, req',
    '}',
    '',
  ].join('\n');

  it('reports each planted problem at its characters, through escapes, raw strings and fmt verbs', () => {
    expectPlanted(text, 'go', [
      { anchor: 'a b")', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '\\x41 c', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // In a raw string `\n` is a backslash and an "n", no escape: the backslash is reported, never "fixed" as a line break.
      { anchor: 'raw\\n d', part: '\\', code: 'whatwg-backslash' },
      { anchor: 'raw\\n d', part: '\\', code: 'path-unescaped-char' },
      // The space after it is fixed on its own: the raw string takes "%20" as it is.
      { anchor: 'raw\\n d', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // A fmt format: the fix writes the "%" of "%20" as "%%", or Sprintf reads "%20e" as a verb.
      { anchor: '%s e', part: ' ', code: 'path-unescaped-char', fix: '%%20' },
      { anchor: 'url.Parse', part: 'http', code: 'scheme-insecure' },
      { anchor: 'url.Parse', part: '[::1:8080', code: 'host-ip-literal-unterminated' },
      { anchor: 'f g"', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '%zz', part: '%zz', code: 'pct-invalid-triplet' },
      { anchor: '%gg', part: '%gg', code: 'pct-invalid-triplet' },
      { anchor: '%qq', part: '%qq', code: 'pct-invalid-triplet' },
    ]);
  });

  it('fixes in the literal: the interpreted string\'s escape stays, the fmt verb is kept', () => {
    const out = fixed(text, 'go');
    expect(out).toContain('http.Get("https://example.com/\\x41%20c")');
    expect(out).toContain('http.Get(fmt.Sprintf("https://example.com/%s%%20e", q))');
    // The raw string's backslash is left as it is (no fix keeps what a browser reads), its `\n` never becomes a line break.
    expect(out).toContain('http.Get(`https://example.com/raw\\n%20d`)');
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.go'), 'go')).toEqual([]);
  });
});

describe('Rust', () => {
  const text = [
    'use reqwest::Client;',
    '',
    '/// Fetches https://example.com/%gg for details.',
    'async fn run(client: &Client, q: &str) -> Result<(), reqwest::Error> {',
    '    reqwest::get("https://example.com/a b").await?;',
    '    reqwest::get("https://example.com/\\x41 c").await?;',
    '    reqwest::get("https://example.com/\\u{1F600}").await?;',
    '    reqwest::get(r"https://example.com/raw\\d").await?;',
    '    reqwest::get(r#"https://example.com/e "f""#).await?;',
    '    reqwest::get(format!("https://example.com/{} g", q)).await?;',
    '    reqwest::get(format!("https://example.com/{q}/{{h}} i")).await?;',
    '    client.post(&format!("https://example.com/{0:?} j", q)).send().await?;',
    '    let u = url::Url::parse("http://[::1:8080/");',
    '    let b = ureq::get(concat!("https://example.com/", "k l"));',
    '    let api_url = b"https://example.com/m n";',
    '    const HOMEPAGE: &str = "https://example.com/%zz";',
    '    /* and https://example.com/%qq */',
    '    Ok(())',
    '}',
    '',
  ].join('\n');

  it('reports each planted problem at its characters, through escapes, raw strings and format! placeholders', () => {
    expectPlanted(text, 'rust', [
      // RFC 3986 §2: a space is not a URI character; the fix writes "%20" (§2.1) into the literal.
      { anchor: 'a b")', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // `\x41` writes "A": the space after it is at its own column.
      { anchor: '\\x41 c', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // `\u{1F600}` writes U+1F600, not a URI character (RFC 3987's ucschar): reported as the escape that writes it,
      // replaced by its UTF-8 percent-encoding (RFC 3987 §3.1).
      { anchor: '\\u{1F600}', part: '\\u{1F600}', code: 'iri-char', fix: '%F0%9F%98%80' },
      // In a raw string `\d` is a backslash and a "d": no escape, and no automatic fix (a browser reads "\" as "/").
      { anchor: 'raw\\d', part: '\\', code: 'whatwg-backslash' },
      { anchor: 'raw\\d', part: '\\', code: 'path-unescaped-char' },
      // `r#"…"#` holds quotes as they are; the space and the quotes are not URI characters, one report of the URI (issue 28) whose fix writes "%20%22%22".
      { anchor: 'e "f"', part: ' "f"', code: 'path-unescaped-char', fix: '%20%22%22' },
      // `{}`, `{q}`, `{0:?}` are holes; `{{h}}` is a literal "{h}": the space after each is the literal's.
      { anchor: '{} g', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '{{h}} i', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '{0:?} j', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // The Java example, given to `Url::parse`: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2).
      { anchor: 'Url::parse', part: 'http', code: 'scheme-insecure' },
      { anchor: 'Url::parse', part: '[::1:8080', code: 'host-ip-literal-unterminated' },
      // `concat!` of literals is one string: the space is in its second literal.
      { anchor: '"k l"', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // A byte string is read as its ASCII text.
      { anchor: 'm n"', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // RFC 3986 §2.1: "%" must be followed by two hexadecimal digits; in a doc comment and a block comment too.
      { anchor: '%zz', part: '%zz', code: 'pct-invalid-triplet' },
      { anchor: '%gg', part: '%gg', code: 'pct-invalid-triplet' },
      { anchor: '%qq', part: '%qq', code: 'pct-invalid-triplet' },
    ]);
  });

  it('fixes in the literal: an escape stays an escape, a placeholder and an escaped brace are kept', () => {
    const before = text.split('\n');
    const after = fixed(text, 'rust').split('\n');
    // Every line a fix changed, and nothing else: the raw string's backslash is left as it is.
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      '    reqwest::get("https://example.com/a%20b").await?;',
      '    reqwest::get("https://example.com/\\x41%20c").await?;',
      '    reqwest::get("https://example.com/%F0%9F%98%80").await?;',
      '    reqwest::get(r#"https://example.com/e%20%22f%22"#).await?;',
      '    reqwest::get(format!("https://example.com/{}%20g", q)).await?;',
      '    reqwest::get(format!("https://example.com/{q}/{{h}}%20i")).await?;',
      '    client.post(&format!("https://example.com/{0:?}%20j", q)).send().await?;',
      '    let b = ureq::get(concat!("https://example.com/", "k%20l"));',
      '    let api_url = b"https://example.com/m%20n";',
    ]);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.rs'), 'rust')).toEqual([]);
  });

  it('reads a format! written inside another macro\'s arguments as a format string: its placeholders are holes', () => {
    // assert_eq!'s arguments are tokens in the tree, not expressions: the inner format! is its name, `!` and a token tree.
    const source = [
      'fn t() {',
      '    assert_eq!(res.url().as_str(), format!("http://{}/redirect/1", server.addr()).as_str());',
      '    assert_eq!(err.to_string(), format!("error for url (http://{}/)", server.addr()));',
      '    assert!(ok, "{}", format!("https://example.com/{}/a b", id));',
      '}',
      '',
    ].join('\n');
    expectPlanted(source, 'rust', [{ anchor: 'a b"', part: ' ', code: 'path-unescaped-char', fix: '%20' }]);
  });

  it('reads .rs', () => {
    expect(sourceKindOf('src/main.rs')).toBe('rust');
  });
});

describe('code quoted in comments', () => {
  // rust-url's doc tests and addressable's usage comment, verbatim: the code shows what the library is given.
  const rust = ['    /// ```rust', '    /// let url = Url::parse("https://example.com/countries/việt nam")?;', '    /// ```', '    pub fn path(&self) -> &str { "" }', ''].join('\n');
  const ruby = ['    # @example', '    #   template = Addressable::Template.new(', '    #     "http://example.com/{first}/{-list|/|second}/"', '    #   )', '    def initialize(pattern); end', ''].join('\n');

  it('reports a problem of a URI in quotes in a comment, and offers its fix as a suggestion, never applied', () => {
    const found = findings(rust, 'rust');
    expect(found.map((finding) => [finding.code, rust.slice(...finding.range)])).toEqual([
      ['iri-char', 'ệ'],
      ['path-unescaped-char', ' '],
    ]);
    for (const finding of found) {
      expect(finding.fix).toBeUndefined();
      expect(finding.suggestions?.length, finding.code).toBeGreaterThan(0);
    }
    expect(fixed(rust, 'rust')).toBe(rust);
    expect(fixed(ruby, 'ruby')).toBe(ruby);
  });

  it('still fixes a URI of a comment\'s prose', () => {
    const text = '    /// See https://example.com/countries/việt for the list.\n    pub fn f() {}\n';
    expect(fixed(text, 'rust')).toBe('    /// See https://example.com/countries/vi%E1%BB%87t for the list.\n    pub fn f() {}\n');
  });
});

describe('doctests', () => {
  // hyperlink's docstrings (src/hyperlink/_url.py) and yarl's README.rst, verbatim: a doctest's input lines give the library a raw
  // URL to show what it makes of it; its output lines are what the library prints.
  const python = [
    'class URL(object):',
    '    def to_uri(self):',
    '        u"""Make a new :class:`URL` instance with all non-ASCII characters',
    '        appropriately percent-encoded. This is useful to do in preparation',
    '        for sending a :class:`URL` over a network protocol.',
    '',
    '        For example::',
    '',
    "            >>> URL.from_text(u'https://ايران.com/foo⇧bar/').to_uri()",
    "            URL.from_text(u'https://xn--mgba3a4fra.com/foo%E2%87%A7bar/')",
    '',
    '        Returns:',
    '            URL: A new instance with its path segments, query parameters, and',
    '        """',
    '',
    '    def to_iri(self):',
    '        u"""Make a new :class:`URL` instance with all but a few reserved',
    '        characters decoded into human-readable format.',
    '',
    '        Percent-encoded Unicode and IDNA-encoded hostnames are',
    '        decoded, like so::',
    '',
    "            >>> url = URL.from_text(u'https://xn--mgba3a4fra.example.com/foo%E2%87%A7bar/')",
    '            >>> print(url.to_iri().to_text())',
    '            https://ايران.example.com/foo⇧bar/',
    '',
    '        """',
    '',
  ].join('\n');
  const rst = [
    '.. code-block:: pycon',
    '',
    "   >>> url = URL('https://www.python.org/шлях')",
    '   >>> url',
    "   URL('https://www.python.org/%D1%88%D0%BB%D1%8F%D1%85')",
    '',
    '.. code-block:: pycon',
    '',
    '   >>> url.human_repr()',
    "   'https://www.python.org/шлях'",
    '',
    'For full documentation please read https://yarl.aio-libs.org/шлях.',
    '',
  ].join('\n');

  it('does not read what a doctest input line gives the code, in a docstring or in text', () => {
    expect(findings(python, 'python').map((finding) => python.slice(...finding.range))).not.toContain('ايران.com');
    expect(findings(rst, 'text').map((finding) => rst.split('\n')[rst.slice(0, finding.range[0]).split('\n').length - 1])).not.toContain("   >>> url = URL('https://www.python.org/шлях')");
  });

  it('reports what a doctest prints, and offers its fix as a suggestion, never applied', () => {
    const inPython = findings(python, 'python');
    expect(inPython.map((finding) => [finding.code, python.slice(...finding.range)])).toEqual([
      ['iri-char', 'ايران'],
      ['iri-char', '⇧'],
    ]);
    const inRst = findings(rst, 'text');
    expect(inRst.map((finding) => [finding.code, rst.slice(...finding.range)])).toEqual([
      ['iri-char', 'шлях'],
      ['iri-char', 'шлях'],
    ]);
    // A host's IRI characters have no fix of URI characters; the path's have one, offered as a suggestion.
    for (const finding of [...inPython, ...inRst.slice(0, 1)]) expect(finding.fix).toBeUndefined();
    for (const finding of [inPython[1]!, inRst[0]!]) expect(finding.suggestions?.length, finding.code).toBeGreaterThan(0);
    expect(fixed(python, 'python')).toBe(python);
    // The prose after the session is read as before: its link is fixed.
    expect(fixed(rst, 'text')).toBe(rst.replace('aio-libs.org/шлях', 'aio-libs.org/%D1%88%D0%BB%D1%8F%D1%85'));
  });

  it('reads a doctest in a comment the same way', () => {
    const text = "# >>> URL('http://example.com/шлях')\n# 'http://example.com/%D1%88%D0%BB%D1%8F%D1%85'\nx = 1\n";
    expect(findings(text, 'python')).toEqual([]);
  });
});

describe('a list of absolute URLs in one string', () => {
  // reverse-proxy's samples/Prometheus/run10destinations.sh, verbatim but for the list's length: ASP.NET Core's --urls takes URLs separated by ";".
  const shell = 'dotnet run --project $samples/SampleServer/SampleServer.csproj --Urls "http://localhost:10000;http://localhost:10001;http://localhost:10002"\n';

  it('reads each URL of a ";"- or ","-separated list on its own', () => {
    expect(discoverDocument(shell, 'shell').candidates.map((candidate) => candidate.uri)).toEqual(['http://localhost:10000', 'http://localhost:10001', 'http://localhost:10002']);
    expect(findings(shell, 'shell')).toEqual([]);
    const python = 'ORIGINS = "https://a.example.com,https://b.example.com/x^y"\n';
    expect(findings(python, 'python').map((finding) => [finding.code, python.slice(...finding.range)])).toEqual([['path-unescaped-char', '^']]);
    expect(discoverDocument(python, 'python').candidates.map((candidate) => candidate.uri)).toEqual(['https://a.example.com', 'https://b.example.com/x^y']);
  });

  it('still reads a URL whose query holds a ";" or a "," as one URL, a URL after it too', () => {
    const text = 'u = "https://example.com/a;b?x=1,2"\n';
    expect(discoverDocument(text, 'python').candidates.map((candidate) => candidate.uri)).toEqual(['https://example.com/a;b?x=1,2']);
    const redirect = 'u = "https://a.example/login?next=https://b.example/,https://c.example/"\n';
    expect(discoverDocument(redirect, 'python').candidates.map((candidate) => candidate.uri)).toEqual(['https://a.example/login?next=https://b.example/,https://c.example/']);
  });

  it('reads the same list in a YAML value, a separator at its end left out', () => {
    const yaml = 'urls: "http://localhost:10000;http://localhost:10001;"\n';
    expect(discoverDocument(yaml, 'yaml').candidates.map((candidate) => candidate.uri)).toEqual(['http://localhost:10000', 'http://localhost:10001']);
  });
});

describe('an XPath, or a path that starts with "//", is no network-path reference', () => {
  it('does not read "//prefix:name" or "//v:h" as a URI (http.rb\'s Rakefile, urllib3\'s tests)', () => {
    // http.rb's Rakefile, verbatim: an XPath given to Nokogiri.
    const ruby = '  arr = xml.xpath("//xmlns:record").reduce([]) do |a, e|\n    a\n  end\n';
    expect(discoverDocument(ruby, 'ruby').candidates).toEqual([]);
    // urllib3's test_connectionpool.py, verbatim: request paths that start with "//".
    const python = '    @pytest.mark.parametrize(\n        "path",\n        [\n            "//v:h",\n            "//host:8080/path",\n            "//host/path",\n            "//v:h?key=val",\n        ],\n    )\n';
    expect(discoverDocument(python, 'python').candidates.map((candidate) => candidate.uri)).toEqual(['//host:8080/path', '//host/path']);
  });

  it('still reads "//host:port" with a domain name or an IP literal, whatever its port', () => {
    const text = 'a = "//example.com:-1"\nb = "//[::1]:x/"\n';
    expect(findings(text, 'python').map((finding) => finding.code)).toEqual(['port-invalid-char', 'port-invalid-char']);
  });
});

describe('Java', () => {
  const text = [
    'import java.net.URI;',
    '',
    '/** Fetches https://example.com/%gg for details. */',
    'class Client {',
    '    static final String HOMEPAGE = "https://example.com/%zz";',
    '',
    '    void run(RestTemplate restTemplate, String q, int id) throws Exception {',
    '        URI a = URI.create("http://[::1:8080/");',
    '        URI b = new URI("https://example.com/a b");',
    '        URL c = new URL("https://example.com/\\u0041 c");',
    '        HttpRequest d = HttpRequest.newBuilder(URI.create("https://example.com/\\td")).build();',
    '        String e = String.format("https://example.com/%s e", q);',
    '        String f = "https://example.com/%d f".formatted(id);',
    '        String g = MessageFormat.format("https://example.com/{0} g", q);',
    '        URI h = URI.create("https://example.com/" + q + "/h i");',
    '        String j = restTemplate.getForObject("https://example.com/users/{id} j", String.class, id);',
    '        String docsUrl = """',
    '            https://example.com/k l""";',
    '        // and https://example.com/%qq',
    '    }',
    '}',
    '',
  ].join('\n');

  it('reports each planted problem at its characters, through escapes, text blocks, placeholders and +', () => {
    expectPlanted(text, 'java', [
      // The example: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2), at its own column.
      { anchor: 'URI.create("http:', part: 'http', code: 'scheme-insecure' },
      { anchor: 'URI.create("http:', part: '[::1:8080', code: 'host-ip-literal-unterminated' },
      // RFC 3986 §2: a space is not a URI character; the fix writes "%20" (§2.1) into the literal.
      { anchor: 'a b")', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // `\u0041` writes "A": the space after it is at its own column.
      { anchor: '\\u0041 c', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // `\t` writes a tab, which a browser removes (WHATWG URL): reported as the escape, and no automatic fix.
      { anchor: '\\td")', part: '\\t', code: 'whatwg-tab-newline-removed' },
      { anchor: '\\td")', part: '\\t', code: 'path-unescaped-char' },
      // `%s`, `%d` are holes; a "%" written into a format string is "%%", one "%" once formatted.
      { anchor: '%s e', part: ' ', code: 'path-unescaped-char', fix: '%%20' },
      { anchor: '%d f', part: ' ', code: 'path-unescaped-char', fix: '%%20' },
      // MessageFormat's `{0}`, the `+ q` operand, RestTemplate's URI template variable `{id}` are holes.
      { anchor: '{0} g', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '/h i"', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '{id} j', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // A text block's value, past the line break after its opening delimiter and its incidental indentation.
      { anchor: 'k l', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // RFC 3986 §2.1: "%" must be followed by two hexadecimal digits; in Javadoc and a line comment too.
      { anchor: '%zz', part: '%zz', code: 'pct-invalid-triplet' },
      { anchor: '%gg', part: '%gg', code: 'pct-invalid-triplet' },
      { anchor: '%qq', part: '%qq', code: 'pct-invalid-triplet' },
    ]);
  });

  it('the issue\'s URI.create("http://[::1:8080/") at its line and column', () => {
    const found = findings(text, 'java').filter((finding) => finding.code === 'host-ip-literal-unterminated');
    const lineStart = text.indexOf('        URI a = URI.create(');
    // Line 8, column 36 (1-based): 8 spaces, `URI a = URI.create(` (19), the quote and `http://` (8) before the "[".
    expect(found.map((finding) => [text.slice(0, lineStart).split('\n').length, finding.range[0] - lineStart + 1])).toEqual([[8, 36]]);
  });

  it('fixes in the literal: an escape stays an escape, a placeholder and an operand are kept', () => {
    const before = text.split('\n');
    const after = fixed(text, 'java').split('\n');
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      '        URI b = new URI("https://example.com/a%20b");',
      '        URL c = new URL("https://example.com/\\u0041%20c");',
      '        String e = String.format("https://example.com/%s%%20e", q);',
      '        String f = "https://example.com/%d%%20f".formatted(id);',
      '        String g = MessageFormat.format("https://example.com/{0}%20g", q);',
      '        URI h = URI.create("https://example.com/" + q + "/h%20i");',
      '        String j = restTemplate.getForObject("https://example.com/users/{id}%20j", String.class, id);',
      '            https://example.com/k%20l""";',
    ]);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.java'), 'java')).toEqual([]);
  });

  it('reads a list of URIs separated by spaces as its URIs, each on its own: an XML schema location', () => {
    // xsi:schemaLocation is namespace and location pairs (XML Schema §4.3.2): no URI with a space in it.
    const source = [
      'class T {',
      '  void t() {',
      '    codec.withMarshallerSchemaLocation("http://apihost http://apihost/schema.xsd");',
      '    String locations = "http://example.com/ns http://example.com/a.xsd";',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(findings(source, 'java')).toEqual([]);
    const uris = discoverDocument(source, 'java').candidates.map((candidate) => candidate.value.slice(candidate.uriStart, candidate.uriEnd));
    expect(uris).toEqual(['http://apihost', 'http://apihost/schema.xsd', 'http://example.com/ns', 'http://example.com/a.xsd']);
  });

  it('reads .java', () => {
    expect(sourceKindOf('src/main/java/App.java')).toBe('java');
  });
});

describe('Kotlin', () => {
  const text = [
    'import java.net.URI',
    '/** Fetches https://example.com/%gg for a user. */',
    'class Client(private val client: HttpClient) {',
    '    // See https://example.com/%hh here.',
    '    val homepage = "https://example.com/\\u0041\\$ b"',
    '    val api = URI("http://[::1:8080/")',
    '    fun user(id: String) = client.get("https://example.com/users/$id/a b")',
    '    fun item(id: Int) = URL("https://example.com/${id + 1}/c d")',
    '    val raw = """https://example.com/\\q e"""',
    "    val price = \"\"\"https://example.com/${'$'}5 f\"\"\"",
    '    val q = String.format("https://example.com/%s/%1\\$d/g h", a)',
    '    val r = "https://example.com/%d/i j".format(n)',
    '    val s = Request.Builder().url("https://example.com/" + id + "/k l").build()',
    '    val t = "https://example.com/m n".toHttpUrl()',
    '    @GET("https://example.com/{id}/o p")',
    '    fun o(): String',
    '}',
    '',
  ].join('\n');

  it('reports each planted problem at its line and column, through escapes, raw strings, templates and format conversions', () => {
    // Columns counted by hand from Kotlin's string rules (kotlinlang.org "Strings"; the Kotlin specification, "String literals"), 1-based.
    expectAtColumns(text, 'kotlin', [
      // RFC 3986 §2.1 in KDoc and `//` comments.
      [2, 33, '%gg', 'pct-invalid-triplet'],
      [4, 32, '%hh', 'pct-invalid-triplet'],
      // `\u0041` (41-46) writes "A", `\$` (47-48) a "$": the space at 49.
      [5, 49, ' ', 'path-unescaped-char', '%20'],
      // URI(…)'s URL: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2).
      [6, 20, 'http', 'scheme-insecure'],
      [6, 27, '[::1:8080', 'host-ip-literal-unterminated'],
      // `$id` (66-68) a template; a Ktor client's get is the sink.
      [7, 71, ' ', 'path-unescaped-char', '%20'],
      // `${id + 1}` (50-58) a template.
      [8, 61, ' ', 'path-unescaped-char', '%20'],
      // A raw string has no escapes: `\` is a backslash (38), the space at 40.
      [9, 38, '\\', 'whatwg-backslash'],
      [9, 38, '\\', 'path-unescaped-char'],
      [9, 40, ' ', 'path-unescaped-char', '%20'],
      // `${'$'}` (40-45) writes one "$": the space at 47.
      [10, 47, ' ', 'path-unescaped-char', '%20'],
      // String.format's `%s` (48-49) and `%1\$d` (51-55) are conversions.
      [11, 58, ' ', 'path-unescaped-char', '%%20'],
      // `.format`'s receiver: `%d` (34-35) a conversion.
      [12, 38, ' ', 'path-unescaped-char', '%%20'],
      // OkHttp's builder: `+` concatenation, `id` a hole, the space in the last literal.
      [13, 68, ' ', 'path-unescaped-char', '%20'],
      // toHttpUrl()'s receiver.
      [14, 35, ' ', 'path-unescaped-char', '%20'],
      // Retrofit's @GET: `{id}` (31-34) filled in from the parameters.
      [15, 37, ' ', 'path-unescaped-char', '%20'],
    ]);
  });

  it('fixes in the literal: escapes, templates and conversions are kept', () => {
    const before = text.split('\n');
    const after = fixed(text, 'kotlin').split('\n');
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      '    val homepage = "https://example.com/\\u0041\\$%20b"',
      '    fun user(id: String) = client.get("https://example.com/users/$id/a%20b")',
      '    fun item(id: Int) = URL("https://example.com/${id + 1}/c%20d")',
      '    val raw = """https://example.com/\\q%20e"""',
      "    val price = \"\"\"https://example.com/${'$'}5%20f\"\"\"",
      '    val q = String.format("https://example.com/%s/%1\\$d/g%%20h", a)',
      '    val r = "https://example.com/%d/i%%20j".format(n)',
      '    val s = Request.Builder().url("https://example.com/" + id + "/k%20l").build()',
      '    val t = "https://example.com/m%20n".toHttpUrl()',
      '    @GET("https://example.com/{id}/o%20p")',
    ]);
  });

  it("writes a fix in the literal's own syntax: a `$` never starts a template, a raw string holds no escape", () => {
    const textOf = (source: string, value: string): string | undefined => replacedInOnly(source, 'kotlin', value);
    // Regular: the backslash, the quote and the dollar sign escaped.
    expect(textOf('val u = URI("https://example.com/a")\n', '\\"$x')).toBe('\\\\\\"\\$x');
    // Raw: a dollar sign as `${'$'}`, a backslash as it is, a quote refused.
    expect(textOf('val u = URI("""https://example.com/a""")\n', '$x\\')).toBe("${'$'}x\\");
    expect(textOf('val u = URI("""https://example.com/a""")\n', '"')).toBeUndefined();
    // A format: a percent sign doubled.
    expect(textOf('val u = String.format("https://example.com/a%s", x)\n', '%')).toBe('%%');
    // Never a line break.
    expect(textOf('val u = URI("https://example.com/a")\n', '\n')).toBeUndefined();
  });

  it("reads `$` before no name, `\\$` and `${'$'}` as a dollar sign, and a name after `$` as a template", () => {
    const uris = (source: string): string[] => discoverDocument(source, 'kotlin').candidates.map((candidate) => candidate.uri);
    expect(uris('val u = "https://example.com/$/a"\n')).toEqual(['https://example.com/$/a']);
    expect(uris('val u = "https://example.com/\\$id"\n')).toEqual(['https://example.com/$id']);
    expect(uris("val u = \"\"\"https://example.com/${'$'}id\"\"\"\n")).toEqual(['https://example.com/$id']);
    expect(uris('val u = "https://example.com/$id/b"\n')).toEqual(['https://example.com/x/b']);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.kt'), 'kotlin')).toEqual([]);
  });

  it('reads the receiver of toUri() by its shape: Android\'s and Coil\'s toUri take file paths too', () => {
    const source = [
      'fun t() {',
      '    val file = "D:\\\\test\\\\relative\\\\image.jpg".toUri(separator = "\\\\")',
      '    val content = "content://media/external/images/1".toUri()',
      '    val page = "https://example.com/a b".toUri()',
      '}',
      '',
    ].join('\n');
    expectPlanted(source, 'kotlin', [{ anchor: 'a b"', part: ' ', code: 'path-unescaped-char', fix: '%20' }]);
  });

  it('reads .kt and .kts', () => {
    expect(['src/main/kotlin/App.kt', 'build.gradle.kts'].map(sourceKindOf)).toEqual(['kotlin', 'kotlin']);
  });
});

describe('C#', () => {
  const text = [
    'using System;',
    '/// <summary>Fetches the page.</summary>',
    '/// <see href="https://example.com/see a"/> and https://example.com/%gg',
    'class Client {',
    '    // See https://example.com/%hh here.',
    '    /* Also https://example.com/%qq there. */',
    '    const string Homepage = "https://example.com/\\x41\\u0042\\U00000043 b";',
    '    static readonly Uri Api = new Uri("http://[::1:8080/");',
    '    async Task Run(HttpClient client, string id, double n) {',
    '        var a = new Uri(@"https://example.com/C:\\x""y c");',
    '        var b = await client.GetAsync($"https://example.com/{id}/{{d}} e");',
    '        var c = await client.GetStringAsync($@"https://example.com/{id,10:N2}\\f g");',
    '        var d = new HttpRequestMessage(HttpMethod.Get, @$"https://example.com/{n}/h i");',
    '        var e = string.Format("https://example.com/{0}/j k", id);',
    '        Uri.TryCreate("https://example.com/" + id + "/l m", UriKind.Absolute, out var f);',
    '        var g = WebRequest.Create("""https://example.com/"n" o""");',
    '        var k = new Uri("https://example.com/\\x0020u");',
    '        var h = $$"""https://example.com/{{id}}/{p} q""";',
    '        string docs = """',
    '            https://example.com/\\x41 r',
    '              https://example.com/%zz',
    '            """;',
    '        Redirect($"""',
    '            https://example.com/{id}/s t',
    '            """);',
    "        char quote = '\"';",
    '    }',
    '}',
    '',
  ].join('\n');

  it('reports each planted problem at its line and column, through escapes, verbatim and raw strings, interpolations and format items', () => {
    // Columns counted by hand from C#'s string rules (C# language reference, "Strings and string literals"), 1-based.
    expectAtColumns(text, 'csharp', [
      // A `///` doc comment: `<see href="…"/>` holds a URL (its space reported, `/// <see href="` is 15 characters); the prose after it too.
      [3, 39, ' ', 'path-unescaped-char', '%20'],
      [3, 69, '%gg', 'pct-invalid-triplet'],
      // RFC 3986 §2.1 in `//` and `/* */` comments.
      [5, 32, '%hh', 'pct-invalid-triplet'],
      [6, 33, '%qq', 'pct-invalid-triplet'],
      // `\x41` (50-53), `\u0042` (54-59) and `\U00000043` (60-69) write "A", "B", "C".
      [7, 70, ' ', 'path-unescaped-char', '%20'],
      // new Uri's URL: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2).
      [8, 40, 'http', 'scheme-insecure'],
      [8, 47, '[::1:8080', 'host-ip-literal-unterminated'],
      // Verbatim: `\` is a backslash (49), `""` one quote (51-52), the space at 54; the quote and the space one report (issue 28), fixed as one.
      [10, 49, '\\', 'whatwg-backslash'],
      [10, 49, '\\', 'path-unescaped-char'],
      [10, 51, '""y ', 'path-unescaped-char', '%22%20'],
      // `{id}` (61-64) a hole, `{{d}}` (66-70) literal braces; HttpClient.GetAsync is the sink.
      [11, 71, ' ', 'path-unescaped-char', '%20'],
      // `$@`: `{id,10:N2}` (68-77) is one hole, alignment and format included; `\f` is a backslash and an "f".
      [12, 78, '\\', 'whatwg-backslash'],
      [12, 78, '\\', 'path-unescaped-char'],
      [12, 80, ' ', 'path-unescaped-char', '%20'],
      // `@$` as `$@`: `{n}` (79-81) a hole.
      [13, 84, ' ', 'path-unescaped-char', '%20'],
      // string.Format's `{0}` (52-54) a hole.
      [14, 57, ' ', 'path-unescaped-char', '%20'],
      // `+` concatenation: `id` a hole, the space in the last literal.
      [15, 56, ' ', 'path-unescaped-char', '%20'],
      // A single-line raw string: `"` is itself (58, 60); one report of the URI's quotes and space (issue 28).
      [16, 58, '"n" ', 'path-unescaped-char', '%22%22%20'],
      // `\x0020` (46-51) writes a space: reported as the escape, fixed as "%20".
      [17, 46, '\\x0020', 'path-unescaped-char', '%20'],
      // `$$"""`: `{{id}}` (42-47) a hole, `{p}` three characters of text.
      [18, 52, ' ', 'path-unescaped-char', '%20'],
      // A multi-line raw string without its closing line's indentation (12): `\x41` is four characters, and the URL ends at the space.
      [21, 35, '%zz', 'pct-invalid-triplet'],
      // A multi-line raw interpolated string given to Redirect: `{id}` (33-36) a hole.
      [24, 39, ' ', 'path-unescaped-char', '%20'],
    ]);
  });

  it('fixes in the literal: escapes, verbatim quotes, interpolations and format items are kept', () => {
    const before = text.split('\n');
    const after = fixed(text, 'csharp').split('\n');
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      '/// <see href="https://example.com/see%20a"/> and https://example.com/%gg',
      '    const string Homepage = "https://example.com/\\x41\\u0042\\U00000043%20b";',
      '        var a = new Uri(@"https://example.com/C:\\x%22y%20c");',
      '        var b = await client.GetAsync($"https://example.com/{id}/{{d}}%20e");',
      '        var c = await client.GetStringAsync($@"https://example.com/{id,10:N2}\\f%20g");',
      '        var d = new HttpRequestMessage(HttpMethod.Get, @$"https://example.com/{n}/h%20i");',
      '        var e = string.Format("https://example.com/{0}/j%20k", id);',
      '        Uri.TryCreate("https://example.com/" + id + "/l%20m", UriKind.Absolute, out var f);',
      '        var g = WebRequest.Create("""https://example.com/%22n%22%20o""");',
      '        var k = new Uri("https://example.com/%20u");',
      '        var h = $$"""https://example.com/{{id}}/{p}%20q""";',
      '            https://example.com/{id}/s%20t',
    ]);
  });

  it('writes a fix in the literal\'s own syntax, or refuses it where the literal cannot hold it', () => {
    const textOf = (source: string, value: string): string | undefined => replacedInOnly(source, 'csharp', value);
    // Regular: the backslash and the quote escaped.
    expect(textOf('var u = new Uri("https://example.com/a");\n', '\\"{')).toBe('\\\\\\"{');
    // Verbatim: a quote doubled, a backslash as it is.
    expect(textOf('var u = new Uri(@"https://example.com/a");\n', '\\"')).toBe('\\""');
    // Interpolated: a brace doubled (one brace of the text), in `$"…"` and `$@"…"`.
    expect(textOf('var u = new Uri($"https://example.com/a{x}");\n', '{}')).toBe('{{}}');
    expect(textOf('var u = new Uri($@"https://example.com/a{x}");\n', '"{')).toBe('""{{');
    // A composite format: a brace doubled too.
    expect(textOf('var u = string.Format("https://example.com/a{0}", x);\n', '{')).toBe('{{');
    // Raw: no escape at all; a quote refused; in a raw interpolated string a brace refused (its `$` count says what opens a hole).
    expect(textOf('var u = new Uri("""https://example.com/a""");\n', '\\')).toBe('\\');
    expect(textOf('var u = new Uri("""https://example.com/a""");\n', '"')).toBeUndefined();
    expect(textOf('var u = new Uri($$"""https://example.com/a{{x}}""");\n', '{')).toBeUndefined();
    // Never a line break.
    expect(textOf('var u = new Uri("https://example.com/a");\n', '\n')).toBeUndefined();
  });

  it('reads `\\x` with one to four hex digits, as many as follow', () => {
    // `\x41B` is U+041B (Л), not "A" and "B": the URI's path is one character after the slash.
    const found = discoverDocument('var u = new Uri("https://example.com/\\x41B");\n', 'csharp').candidates;
    expect(found.map((candidate) => candidate.uri)).toEqual(['https://example.com/\u041b']);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.cs'), 'csharp')).toEqual([]);
  });

  it('reads .cs and .csx', () => {
    expect(['src/Api/Client.cs', 'build.csx'].map(sourceKindOf)).toEqual(['csharp', 'csharp']);
  });

  it('reads a C# script past its #! line and its #r and #load directives', () => {
    const script = '#!/usr/bin/env dotnet-script\n#r "nuget: AngleSharp, 1.1.0"\n#load "other.csx"\nvar client = new HttpClient();\nawait client.GetStringAsync("https://example.com/a b");\n';
    const found = discoverDocument(script, sourceKindOf('fetch.csx'));
    expect(found.parseError).toBeUndefined();
    expect(found.candidates.map((candidate) => [candidate.sink, candidate.uri])).toEqual([['client.GetStringAsync', 'https://example.com/a b']]);
    expect(findings(script, 'csharp').map((finding) => [finding.range, finding.fix?.map((edit) => edit.text).join('')])).toEqual([[at(script, 'GetStringAsync', ' '), '%20']]);
  });
});

describe('Ruby', () => {
  const text = [
    '# See https://example.com/%gg for details.',
    '=begin',
    'Docs at https://example.com/%qq here.',
    '=end',
    "HOMEPAGE = 'https://example.com/it\\'s a'",
    'Net::HTTP.get(URI("https://example.com/\\u0041 b"))',
    'uri = URI.parse("https://example.com/#{id} c")',
    'URI.open("https://example.com/\\x41\\td")',
    'conn = Faraday.new(url: "https://example.com/#@user e")',
    'HTTParty.get(format("https://example.com/%s/%{name}/%<n>d f", a, name: 1, n: 2))',
    'RestClient.get("https://example.com/%s g" % [q])',
    'redirect_to "http://[::1:8080/"',
    'link_to "Home", %q(https://example.com/(h) i)',
    'API_URL = "https://example.com/" "j k"',
    'body = <<~EOS',
    '  Docs: https://example.com/\\x41%zz',
    '    More: https://example.com/%yy',
    'EOS',
    "raw = <<-'EOS'",
    '    Raw: https://example.com/%xx#@n',
    '    EOS',
    '',
  ].join('\n');

  it('reports each planted problem at its line and column, through escapes, interpolations, format conversions and heredocs', () => {
    // Columns counted by hand from Ruby's string rules ("Literals" in Ruby's documentation), 1-based.
    expectAtColumns(text, 'ruby', [
      // RFC 3986 §2.1: "%" must be followed by two hexadecimal digits; in a comment (after "# See ", column 7, and 20 characters of URL) and an =begin block.
      [1, 27, '%gg', 'pct-invalid-triplet'],
      [3, 29, '%qq', 'pct-invalid-triplet'],
      // Single quotes: `\'` is one quote, two columns (35, 36); the space after "s" is column 38.
      [5, 38, ' ', 'path-unescaped-char', '%20'],
      // `\u0041` (columns 40-45) writes "A": the space is column 46. The string is URI()'s argument.
      [6, 46, ' ', 'path-unescaped-char', '%20'],
      // `#{id}` (columns 38-42) is a hole: the space is column 43.
      [7, 43, ' ', 'path-unescaped-char', '%20'],
      // `\x41` (31-34) writes "A", `\t` (35-36) a tab, which a browser removes: reported as the escape, and no automatic fix.
      [8, 35, '\\t', 'whatwg-tab-newline-removed'],
      [8, 35, '\\t', 'path-unescaped-char'],
      // `#@user` (46-51) interpolates an instance variable: a hole.
      [9, 52, ' ', 'path-unescaped-char', '%20'],
      // format's `%s`, `%{name}`, `%<n>d` (42-57) are holes; a "%" a fix writes in a format string is "%%".
      [10, 58, ' ', 'path-unescaped-char', '%%20'],
      // The left side of String#% is a format too.
      [11, 39, ' ', 'path-unescaped-char', '%%20'],
      // redirect_to's URL: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2).
      [12, 14, 'http', 'scheme-insecure'],
      [12, 21, '[::1:8080', 'host-ip-literal-unterminated'],
      // link_to's second argument, a %q() literal with nested parentheses.
      [13, 43, ' ', 'path-unescaped-char', '%20'],
      // Adjacent literals are one string: the space is in the second ("j k" opens at column 34).
      [14, 36, ' ', 'path-unescaped-char', '%20'],
      // A squiggly heredoc: its value's lines without their indentation, each character at its own column.
      [16, 33, '%zz', 'pct-invalid-triplet'],
      [17, 31, '%yy', 'pct-invalid-triplet'],
      // <<-'EOS' reads no interpolation: `#@n` is a fragment "@n" here (in <<-EOS it would be a hole, and the URI no URI).
      [20, 30, '%xx', 'pct-invalid-triplet'],
    ]);
  });

  it('fixes in the literal: an escape stays an escape, interpolations and conversions are kept, "%" is "%%" in a format', () => {
    const before = text.split('\n');
    const after = fixed(text, 'ruby').split('\n');
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      "HOMEPAGE = 'https://example.com/it\\'s%20a'",
      'Net::HTTP.get(URI("https://example.com/\\u0041%20b"))',
      'uri = URI.parse("https://example.com/#{id}%20c")',
      'conn = Faraday.new(url: "https://example.com/#@user%20e")',
      'HTTParty.get(format("https://example.com/%s/%{name}/%<n>d%%20f", a, name: 1, n: 2))',
      'RestClient.get("https://example.com/%s%%20g" % [q])',
      'link_to "Home", %q(https://example.com/(h)%20i)',
      'API_URL = "https://example.com/" "j%20k"',
    ]);
  });

  it('writes a fix in the literal\'s own escapes, or refuses it where the literal cannot hold it', () => {
    const candidate = (source: string) => {
      const found = discoverDocument(source, 'ruby').candidates;
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const textOf = (source: string, value: string): string | undefined => {
      const part = candidate(source).parts.find((p) => p.kind === 'text');
      if (part?.kind !== 'text') return undefined;
      const at = part.map.value.indexOf('/a');
      return part.map.replace(at, at + 2, value)?.text;
    };
    // Double quotes: a backslash, the quote and "#" (which could open "#{") escaped; single quotes: the backslash and the quote.
    expect(textOf('URI("https://example.com/a")\n', '\\"#')).toBe('\\\\\\"\\#');
    expect(textOf("URI('https://example.com/a')\n", "\\'#")).toBe("\\\\\\'#");
    // %q(): its delimiters escaped.
    expect(textOf('URI(%q(https://example.com/a))\n', '()')).toBe('\\(\\)');
    // Never a line break.
    expect(textOf('URI("https://example.com/a")\n', '\n')).toBeUndefined();
  });

  it('reads no XPath as a URI (rubyforgood/human-essentials, spec/system/vendor_system_spec.rb)', () => {
    const spec = 'expect(page.find(:xpath, "//table/tbody/tr[1]/td[1]")).to have_content(@first.business_name)\nvisit "//example.com/a b"\n';
    expect(findings(spec, 'ruby').map((finding) => [finding.code, spec.slice(...finding.range)])).toEqual([['path-unescaped-char', ' ']]);
  });

  it("reads an application's %name% placeholders as holes (redmine/redmine's custom field URL patterns)", () => {
    const spec = [
      "field = IssueCustomField.new(:field_format => 'link', :url_pattern => 'http://foo/%project_identifier%')",
      "field = IssueCustomField.new(:field_format => 'link', :regexp => /^(.+)-(.+)$/, :url_pattern => 'http://foo/%m2%/%m1%')",
      // %ab% starts with a percent-encoding; %zz has no closing %: both still reported.
      "other = 'http://foo/%zz/%ab%x'",
      '',
    ].join('\n');
    expect(findings(spec, 'ruby').filter((finding) => finding.code?.startsWith('pct-')).map((finding) => [finding.code, spec.slice(...finding.range)])).toEqual([
      ['pct-invalid-triplet', '%zz'],
      // `%ab` is a percent-encoding (of no UTF-8 character), and the `%` after it starts no name's placeholder.
      ['pct-invalid-utf8', '%ab'],
      ['pct-invalid-triplet', '%x'],
    ]);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.rb'), 'ruby')).toEqual([]);
  });

  it('reads a link_to with a block as taking its URL first, and a redirect_to with a block or inside another call as no Rails redirect', () => {
    // Rails' link_to(url, html_options) { text }: the block gives the text, so the URL is the first argument.
    const text = ['link_to("/docs/a b") do', '  "Docs"', 'end', 'redirect_to "/docs/c d"', 'should redirect_to("/docs/e f") { docs_path }', ''].join('\n');
    expectAtColumns(text, 'ruby', [
      // "link_to(\"" is columns 1-9, "/docs/a" 10-16: the space is column 17.
      [1, 17, ' ', 'path-unescaped-char', '%20'],
      // "redirect_to \"" is columns 1-13, "/docs/c" 14-20: the space is column 21. Line 5's matcher gives nothing.
      [4, 21, ' ', 'path-unescaped-char', '%20'],
    ]);
  });

  it('reads .rb, .rake, .gemspec, Gemfile, Rakefile and a file whose #! line names ruby', () => {
    expect(['app/models/user.rb', 'lib/tasks/db.rake', 'urilint.gemspec', 'Gemfile', 'Rakefile'].map(sourceKindOf)).toEqual(['ruby', 'ruby', 'ruby', 'ruby', 'ruby']);
    expect(sourceKindOf('Gemfile.lock')).toBe('text');
    for (const line of ['#!/usr/bin/env ruby', '#!/usr/bin/ruby -w', '#!/usr/bin/env ruby3.3']) {
      const found = discoverDocument(`${line}\nputs URI("https://example.com/a b")\n`, sourceKindOf('bin/setup'));
      expect(found.candidates.map((candidate) => candidate.sink), line).toEqual(['URI']);
    }
  });
});

describe('PHP', () => {
  const text = [
    '<!doctype html>',
    '<a href="https://example.com/html a">home</a>',
    '<?php',
    '// See https://example.com/%gg for details.',
    '# Also https://example.com/%hh here.',
    '/** Docs at https://example.com/%qq here. */',
    "const HOMEPAGE = 'https://example.com/it\\'s b';",
    '$page = file_get_contents("https://example.com/\\x41\\u{42} c");',
    '$ch = curl_init("https://example.com/$id d");',
    'curl_setopt($ch, CURLOPT_URL, "https://example.com/{$user->name} e");',
    "header('Location: https://example.com/f g');",
    '$response = $client->get(sprintf("https://example.com/%s/%1\\$d h", $a));',
    '$r = Http::post("https://example.com/${x} i");',
    'return redirect("http://[::1:8080/");',
    '$api = "https://example.com/" . $path . "/j k";',
    '$body = <<<EOT',
    '    Docs: https://example.com/\\x41%zz',
    '      More: https://example.com/%yy',
    '    EOT;',
    "$raw = <<<'EOT'",
    '  Raw: https://example.com/%xx$x',
    '  EOT;',
    '?>',
    '<p>See https://example.com/%ww</p>',
    '',
  ].join('\n');

  it('reports each planted problem at its line and column, through escapes, interpolations, sprintf conversions, heredocs and the HTML around the code', () => {
    // Columns counted by hand from PHP's string rules (the PHP manual, "Strings"), 1-based.
    expectAtColumns(text, 'php', [
      // The HTML around the code, read by the HTML reader: `<a href="` is 9 characters, the URL's "https://example.com/html" 24.
      [2, 34, ' ', 'path-unescaped-char', '%20'],
      // RFC 3986 §2.1 in `//`, `#` and `/** */` comments.
      [4, 28, '%gg', 'pct-invalid-triplet'],
      [5, 28, '%hh', 'pct-invalid-triplet'],
      [6, 33, '%qq', 'pct-invalid-triplet'],
      // Single quotes: `\'` is one quote, two columns (41, 42).
      [7, 44, ' ', 'path-unescaped-char', '%20'],
      // `\x41` (48-51) and `\u{42}` (52-57) write "A" and "B".
      [8, 58, ' ', 'path-unescaped-char', '%20'],
      // `$id` (38-40), `{$user->name}` (52-64) and `${x}` (38-41) are holes.
      [9, 41, ' ', 'path-unescaped-char', '%20'],
      [10, 65, ' ', 'path-unescaped-char', '%20'],
      // header('Location: …'): the URL after the header's name.
      [11, 40, ' ', 'path-unescaped-char', '%20'],
      // sprintf's `%s` and `%1\$d` (`\$` is "$": 55-62) are holes; a "%" a fix writes in a format is "%%". Guzzle's $client->get is the sink.
      [12, 63, ' ', 'path-unescaped-char', '%%20'],
      [13, 42, ' ', 'path-unescaped-char', '%20'],
      // redirect()'s URL: "http:" is not encrypted; "[::1:8080" has no "]" (RFC 3986 §3.2.2).
      [14, 18, 'http', 'scheme-insecure'],
      [14, 25, '[::1:8080', 'host-ip-literal-unterminated'],
      // `.` concatenation: `$path` is a hole, the space is in the last literal.
      [15, 44, ' ', 'path-unescaped-char', '%20'],
      // A heredoc's lines without the closing marker's indentation (4), each character at its own column; `\x41` (31-34) writes "A".
      [17, 35, '%zz', 'pct-invalid-triplet'],
      [18, 33, '%yy', 'pct-invalid-triplet'],
      // A nowdoc reads no interpolation: `$x` is two characters of the URI (in a heredoc it would be a hole, and the URI no URI).
      [21, 28, '%xx', 'pct-invalid-triplet'],
      [24, 28, '%ww', 'pct-invalid-triplet'],
    ]);
  });

  it('fixes in the literal: escapes and interpolations are kept, "%" is "%%" in a format, the HTML is fixed as HTML', () => {
    const before = text.split('\n');
    const after = fixed(text, 'php').split('\n');
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      '<a href="https://example.com/html%20a">home</a>',
      "const HOMEPAGE = 'https://example.com/it\\'s%20b';",
      '$page = file_get_contents("https://example.com/\\x41\\u{42}%20c");',
      '$ch = curl_init("https://example.com/$id%20d");',
      'curl_setopt($ch, CURLOPT_URL, "https://example.com/{$user->name}%20e");',
      "header('Location: https://example.com/f%20g');",
      '$response = $client->get(sprintf("https://example.com/%s/%1\\$d%%20h", $a));',
      '$r = Http::post("https://example.com/${x}%20i");',
      '$api = "https://example.com/" . $path . "/j%20k";',
    ]);
  });

  it('writes a fix in the literal\'s own escapes, or refuses it where the literal cannot hold it', () => {
    const textOf = (source: string, value: string): string | undefined => {
      const found = discoverDocument(source, 'php').candidates;
      expect(found).toHaveLength(1);
      const part = found[0]!.parts.find((p) => p.kind === 'text');
      if (part?.kind !== 'text') return undefined;
      const at = part.map.value.indexOf('/a');
      return part.map.replace(at, at + 2, value)?.text;
    };
    // Double quotes: the backslash, the quote and "$" escaped; "{" refused (before a "$" it opens an interpolation).
    expect(textOf('<?php file_get_contents("https://example.com/a");\n', '\\"$')).toBe('\\\\\\"\\$');
    expect(textOf('<?php file_get_contents("https://example.com/a");\n', '{')).toBeUndefined();
    // Single quotes: the backslash and the quote; "$" is itself.
    expect(textOf("<?php file_get_contents('https://example.com/a');\n", "\\'$")).toBe("\\\\\\'$");
    // A nowdoc: as written, never a line break.
    expect(textOf("<?php $u = <<<'E'\nhttps://example.com/a\nE;\n", '\\$')).toBe('\\$');
    expect(textOf("<?php $u = <<<'E'\nhttps://example.com/a\nE;\n", '\n')).toBeUndefined();
  });

  it('reads a string kept to be formatted elsewhere as a format: its conversions are holes, and a % is never written into it', () => {
    // sovereign/sovereign, roles/webmail/files/var_www_roundcube_plugins_carddav_config.inc.php: the
    // Roundcube CardDAV plugin replaces %u with the user's name.
    const roundcube = "<?php\n$prefs['Personal'] = array(\n    'url'          =>  'https://ical.example.org/caldav.php/%u/Personal',\n);\n";
    expect(findings(roundcube, 'php')).toEqual([]);
    const stored = "<?php\n$docs = 'https://example.com/user guide/%s';\n$typo = 'https://example.com/%zz';\n";
    expect(findings(stored, 'php').map((finding) => [finding.code, stored.slice(...finding.range), finding.fix?.map((edit) => edit.text).join('')])).toEqual([
      // Whether `%20` would be written `%%20` depends on the sprintf the string is given to later: no automatic fix.
      ['path-unescaped-char', ' ', undefined],
      // `%z` is no conversion of sprintf's.
      ['pct-invalid-triplet', '%zz', undefined],
    ]);
  });

  it('reads no XPath expression as a URI (Symfony translation loaders, vendored in mailcow)', () => {
    const xpath = [
      '<?php',
      // symfony/translation Loader/QtFileLoader.php and XliffFileLoader.php
      "$nodes = $xpath->evaluate('//TS/context/name[text()=\"'.$domain.'\"]');",
      "foreach ($xml->xpath('//xliff:file') as $file) {",
      '}',
      "$list = $this->xpath->query('//a[@href]');",
      // A query of anything else is still read.
      "$client->query('https://example.com/a b');",
      '',
    ].join('\n');
    expect(findings(xpath, 'php').map((finding) => [finding.code, xpath.slice(...finding.range)])).toEqual([['path-unescaped-char', ' ']]);
  });

  it("reads no SQL LIKE pattern as a URI: its % and _ are wildcards (koel's migration, Laravel's query builder)", () => {
    const php = [
      '<?php',
      // koel/koel database/migrations/2024_02_05_171703_add_storage_into_songs_table.php
      "        DB::table('songs')->where('path', 'like', 's3://%')->update([",
      "            'storage' => SongStorageType::S3_LAMBDA->value,",
      '        ]);',
      // https://laravel.com/docs/11.x/queries#where-clauses: the operator in any case, and whereLike's pattern.
      "$q->orWhere('url', 'NOT LIKE', 'http://%')->whereLike('url', 'https://%.example.com/%');",
      // A where whose operator is no LIKE compares a value, still read.
      "$q->where('url', '=', 'https://example.com/%zz');",
      '',
    ].join('\n');
    expect(findings(php, 'php').map((finding) => [finding.code, php.slice(...finding.range)])).toEqual([['pct-invalid-triplet', '%zz']]);
  });

  it('reads the docblocks of a PHP library committed with the Kirby starter kit as their authors meant them (getkirby/starterkit)', () => {
    const whoops = [
      '<?php',
      'class PrettyPageHandler {',
      '    protected $editors = [',
      '        "vscode"   => "vscode://file/%file:%line",',
      '    ];',
      '    /**',
      '     * Example:',
      '     *   $run->setEditor(function($file, $line) { return "file:///{$file}"; });',
      '     */',
      '    public function setEditor($editor) {}',
      '}',
      '/**',
      '	 * <a href="http://www.somesite.com?test=...ESCAPE UNTRUSTED DATA BEFORE PUTTING HERE...">link</a>',
      '	 * and a real one: https://example.com/%zz',
      ' */',
      '',
    ].join('\n');
    expect(findings(whoops, 'php').map((finding) => [finding.code, whoops.slice(...finding.range)])).toEqual([['pct-invalid-triplet', '%zz']]);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.php'), 'php')).toEqual([]);
  });

  it('reads .php, .phtml and a file whose #! line names php', () => {
    expect(['public/index.php', 'views/page.phtml'].map(sourceKindOf)).toEqual(['php', 'php']);
    const found = discoverDocument('#!/usr/bin/env php\n<?php file_get_contents("https://example.com/a b");\n', sourceKindOf('bin/console'));
    expect(found.candidates.map((candidate) => candidate.sink)).toEqual(['file_get_contents']);
  });
});

describe('shell', () => {
  const text = [
    '#!/bin/sh',
    'curl "https://example.com/?q=a b"',
    'curl -fsSL https://example.com/c\\ d -o out',
    "wget 'https://example.com/e f'",
    'git clone "https://example.com/$REPO g.git"',
    'curl "http://[::1:8080/"',
    'HOMEPAGE="https://example.com/%zz"',
    '# See https://example.com/%gg for details.',
    'cat <<EOT',
    'Docs: https://example.com/%qq',
    'EOT',
    '',
  ].join('\n');

  it('reports each planted problem at its characters, through quoting and expansions', () => {
    expectPlanted(text, 'shell', [
      // The issue's own example: a space in curl's URL, in the query.
      { anchor: 'q=a b', part: ' ', code: 'query-unescaped-char', fix: '%20' },
      // An escaped space in an unquoted word is one character of the value, written `\ `: the fix replaces both.
      { anchor: 'c\\ d', part: '\\ ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: 'e f', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      // `$REPO` is a hole: the space after it is the string's.
      { anchor: '$REPO g', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: 'curl "http:', part: 'http', code: 'scheme-insecure' },
      { anchor: 'curl "http:', part: '[::1:8080', code: 'host-ip-literal-unterminated' },
      { anchor: '%zz', part: '%zz', code: 'pct-invalid-triplet' },
      { anchor: '%gg', part: '%gg', code: 'pct-invalid-triplet' },
      { anchor: '%qq', part: '%qq', code: 'pct-invalid-triplet' },
    ]);
  });

  it('fixes in the word\'s quoting', () => {
    const out = fixed(text, 'shell');
    expect(out).toContain('curl -fsSL https://example.com/c%20d -o out');
    expect(out).toContain('git clone "https://example.com/$REPO%20g.git"');
  });

  it("reports a problem in printf's format after a conversion, and writes no percent-encoding there automatically (printf would read it as a conversion)", () => {
    const text = '#!/bin/sh\nprintf "https://example.com/%s/café" "$x"\n';
    expect(findings(text, 'shell').map((finding) => [finding.code, text.slice(...finding.range), finding.fix === undefined])).toEqual([['iri-char', 'é', true]]);
    expect(fixed(text, 'shell')).toBe(text);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.sh'), 'shell')).toEqual([]);
  });

  it('reads .sh, .bash and a file whose #! line names a shell', () => {
    expect(['a.sh', 'b.bash'].map(sourceKindOf)).toEqual(['shell', 'shell']);
    for (const line of ['#!/bin/sh', '#!/bin/bash -e', '#!/usr/bin/env bash', '#!/bin/dash']) {
      const found = discoverDocument(`${line}\ncurl "https://example.com/a b"\n`, sourceKindOf('deploy'));
      expect(found.candidates.map((candidate) => candidate.sink), line).toEqual(['curl']);
    }
  });
});

describe('environment files', () => {
  const text = [
    'DATABASE_URL=postgres://user:p@ss@db/app',
    'API_URL="https://example.com/a b"',
    "export HOME_URL='https://example.com/%zz'",
    '# See https://example.com/%gg',
    'CALLBACK=https://example.com/cb # https://example.com/%qq',
    '',
  ].join('\n');

  it('reports each planted problem at its characters', () => {
    expectPlanted(text, 'dotenv', [
      // The example: a password with an "@" (RFC 3986 §3.2.1: "@" ends the userinfo).
      { anchor: 'DATABASE_URL', part: 'p@ss', code: 'userinfo-password' },
      { anchor: 'DATABASE_URL', part: 'user:p@ss', code: 'whatwg-userinfo-last-at' },
      // Its "%40" is a suggestion only (the fix gate's condition 11).
      { anchor: 'DATABASE_URL', part: '@', code: 'userinfo-unescaped-char' },
      { anchor: 'a b"', part: ' ', code: 'path-unescaped-char', fix: '%20' },
      { anchor: '%zz', part: '%zz', code: 'pct-invalid-triplet' },
      { anchor: '%gg', part: '%gg', code: 'pct-invalid-triplet' },
      { anchor: '%qq', part: '%qq', code: 'pct-invalid-triplet' },
    ]);
  });

  it('reads .env, .env.local and *.env', () => {
    expect(['.env', 'app/.env.local', '.env.production', 'docker.env'].map(sourceKindOf)).toEqual(['dotenv', 'dotenv', 'dotenv', 'dotenv']);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.env'), 'dotenv')).toEqual([]);
  });
});
