/**
 * Configuration files read without a grammar — TOML, INI, Java properties, Dockerfiles, Makefiles:
 * planted problems found at their lines and columns through each format's escapes, quoting,
 * continuation lines and variable references (counted by hand from the format's own rules), fixed in
 * the value's syntax or not at all, and a file of each format's usual traps that yields nothing.
 */
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import { expectAtColumns, findings, fixed, fixture } from './support.js';

describe('TOML', () => {
  const text = fixture('planted.toml');

  it('reports each planted problem at its line and column, through escapes, literal and multi-line strings, arrays and inline tables', () => {
    expectAtColumns(text, 'toml', [
      [1, 45, '%gg', 'pct-invalid-triplet'],
      [3, 34, ' ', 'path-unescaped-char', '%20'],
      // `\u00e9` writes "é" (RFC 3986 §2: only ASCII): its six characters are replaced by its UTF-8 octets.
      [4, 35, '\\u00e9', 'iri-char', '%C3%A9'],
      // A literal string: the space as it is written.
      [5, 30, ' ', 'path-unescaped-char', '%20'],
      // A multi-line basic string: its line-ending backslash trims the line break and the indentation after it.
      [8, 4, ' ', 'path-unescaped-char', '%20'],
      // A multi-line literal string: the line break after its opening delimiter is not part of the value.
      [10, 1, 'http', 'scheme-insecure'],
      [10, 8, '[::1:8080', 'host-ip-literal-unterminated'],
      [11, 31, '%zz', 'pct-invalid-triplet'],
      // `\"` in an inline table's string writes a quote.
      [11, 67, '\\"', 'path-unescaped-char', '%22'],
      // A quoted key; the comment after the value is prose.
      [14, 25, 'user:p@ss', 'whatwg-userinfo-last-at'],
      [14, 30, 'p@ss', 'userinfo-password'],
      // The "@" is held back as a suggestion: which "@" ends the userinfo is the reader's (the fix gate's condition 11).
      [14, 31, '@', 'userinfo-unescaped-char'],
      [14, 71, '%qq', 'pct-invalid-triplet'],
    ]);
  });

  it('fixes in the string: an escape is replaced whole, the line-ending backslash kept', () => {
    const out = fixed(text, 'toml');
    expect(out).toContain('repository = "https://example.com/%C3%A9t"');
    expect(out).toContain("docs = 'https://example.com/c%20d'");
    expect(out).toContain('https://example.com/\\\n  e%20f"""');
    expect(out).toContain('url = "https://example.com/x%22y"');
  });

  it('refuses a fix a string cannot hold, and one over a line-ending backslash', () => {
    const literal = discoverDocument("u = 'https://example.com/a'\n", 'toml').candidates;
    const part = literal[0]!.parts.find((p) => p.kind === 'text');
    expect(part?.kind === 'text' && part.map.replace(20, 22, "'x")).toBeUndefined();
    const continued = discoverDocument('u = """https://example.com/a\\\n  b"""\n', 'toml').candidates;
    const piece = continued[0]!.parts.find((p) => p.kind === 'text');
    expect(piece?.kind === 'text' ? piece.map.value : undefined).toBe('https://example.com/ab');
    expect(piece?.kind === 'text' && piece.map.replace(20, 22, '%61%62')).toBeUndefined();
    expect(piece?.kind === 'text' && piece.map.replace(21, 22, '%62')).toEqual({ range: [32, 33], text: '%62' });
  });

  it('reads the rest of a file that stops being TOML as prose', () => {
    const broken = 'a = "https://example.com/%qq"\nb = = https://example.com/%zz\n';
    expect(findings(broken, 'toml').map((finding) => broken.slice(...finding.range))).toEqual(['%qq', '%zz']);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.toml'), 'toml')).toEqual([]);
  });

  it('reads .toml and Pipfile', () => {
    expect(['Cargo.toml', 'pyproject.toml', 'Pipfile'].map(sourceKindOf)).toEqual(['toml', 'toml', 'toml']);
  });
});

describe('INI', () => {
  const text = fixture('planted.ini');

  it('reports each planted problem at its line and column: values, quoted values, continued values, comments', () => {
    expectAtColumns(text, 'ini', [
      [1, 45, '%gg', 'pct-invalid-triplet'],
      [3, 28, ' ', 'path-unescaped-char', '%20'],
      [4, 36, '%zz', 'pct-invalid-triplet'],
      [6, 35, '%yy', 'pct-invalid-triplet'],
      [7, 35, '%qq', 'pct-invalid-triplet'],
      // Git's configuration: a key indented under its section; `;` after white space starts a comment.
      [10, 8, 'http', 'scheme-insecure'],
      [10, 15, '[::1:8080', 'host-ip-literal-unterminated'],
      [10, 56, '%hh', 'pct-invalid-triplet'],
    ]);
  });

  it("reads configparser's %(name)s as a hole", () => {
    expect(findings('[a]\nurl = https://example.com/%(path)s b\n', 'ini').map((finding) => [finding.code, finding.range])).toEqual([['path-unescaped-char', [38, 39]]]);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.ini'), 'ini')).toEqual([]);
  });

  it('reads .ini, .cfg, .gitmodules and .gitconfig, and not haproxy.cfg', () => {
    expect(['tox.ini', 'setup.cfg', '.gitmodules', '.gitconfig', 'haproxy.cfg'].map(sourceKindOf)).toEqual(['ini', 'ini', 'ini', 'ini', 'text']);
  });
});

describe('Java properties', () => {
  const text = fixture('planted.properties');

  it('reports each planted problem at its line and column, through escapes and continuation lines', () => {
    expectAtColumns(text, 'properties', [
      [1, 45, '%gg', 'pct-invalid-triplet'],
      [2, 30, ' ', 'path-unescaped-char', '%20'],
      // `\:` writes ":", `\u00e9` writes "é".
      [3, 33, '\\u00e9', 'iri-char', '%C3%A9'],
      // The value continues on the next line, its indentation dropped.
      [5, 6, '%zz', 'pct-invalid-triplet'],
      [6, 23, '%qq', 'pct-invalid-triplet'],
      // `\ ` writes a space: the fix replaces both characters.
      [7, 35, '\\ ', 'path-unescaped-char', '%20'],
      [8, 10, 'http', 'scheme-insecure'],
      [8, 17, '[::1:8080', 'host-ip-literal-unterminated'],
    ]);
  });

  it('fixes in the value: an escape is replaced whole, a fix never spans a continuation', () => {
    const out = fixed(text, 'properties');
    expect(out).toContain('app.docs = https\\://example.com/%C3%A9\n');
    expect(out).toContain('app.callback=https://example.com/x%20y\n');
    const found = discoverDocument('k = https://example.com/a\\\n    b\n', 'properties').candidates;
    const piece = found[0]!.parts.find((p) => p.kind === 'text');
    expect(piece?.kind === 'text' ? piece.map.value : undefined).toBe('https://example.com/ab');
    expect(piece?.kind === 'text' && piece.map.replace(20, 22, '%61%62')).toBeUndefined();
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.properties'), 'properties')).toEqual([]);
  });

  it('reads .properties', () => {
    expect(['application.properties', 'gradle/wrapper/gradle-wrapper.properties'].map(sourceKindOf)).toEqual(['properties', 'properties']);
  });
});

describe('Dockerfile', () => {
  const text = fixture('planted.Dockerfile');

  it('reports each planted problem at its line and column: ARG, ENV, LABEL, ADD, RUN over continued lines, exec-form JSON', () => {
    expectAtColumns(text, 'dockerfile', [
      [2, 45, '%gg', 'pct-invalid-triplet'],
      [4, 35, '%zz', 'pct-invalid-triplet'],
      // `$VERSION` is a hole: the space after it is the value's.
      [5, 42, ' ', 'path-unescaped-char', '%20'],
      [7, 61, ' ', 'path-unescaped-char', '%20'],
      [8, 25, '%qq', 'pct-invalid-triplet'],
      [9, 41, ' ', 'query-unescaped-char', '%20'],
      // A comment line inside a continued RUN is left out of it, and read as prose.
      [10, 27, '%hh', 'pct-invalid-triplet'],
      [11, 14, 'http', 'scheme-insecure'],
      [11, 21, '[::1:8080', 'host-ip-literal-unterminated'],
      // The exec form's strings are JSON: `\u0020` writes a space.
      [12, 36, '\\u0020', 'path-unescaped-char', '%20'],
    ]);
  });

  it('fixes in the quoting: the hole is kept', () => {
    const out = fixed(text, 'dockerfile');
    expect(out).toContain('ENV API_URL="https://example.com/$VERSION%20b" \\\n');
    expect(out).toContain('CMD ["curl", "https://example.com/g%20h"]');
  });

  it('reads a file whose escape character is a backtick: a backslash is a Windows path\'s', () => {
    const windows = '# escape=`\nFROM mcr.microsoft.com/windows/servercore\nRUN copy C:\\a\\b.txt D:\\ `\n    && curl https://example.com/%zz\n';
    expect(findings(windows, 'dockerfile').map((finding) => [finding.code, windows.slice(...finding.range)])).toEqual([['pct-invalid-triplet', '%zz']]);
  });

  it("reads a command substitution as a hole, whole: its output stands in the word (jupyter/docker-stacks' microsoft_odbc.dockerfile)", () => {
    const text = 'RUN curl "https://packages.microsoft.com/config/ubuntu/$(lsb_release -rs)/prod.list" > /etc/apt/sources.list.d/mssql-release.list && \\\n    curl "https://example.com/$(uname -m) a/%zz"\n';
    // Only the second line's space (after the substitution's hole) and its "%zz".
    const got = findings(text, 'dockerfile').map((finding) => [finding.range[0], finding.code, text.slice(...finding.range)]);
    expect(got.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [text.indexOf(' a/%zz'), 'path-unescaped-char', ' '],
      [text.indexOf('%zz'), 'pct-invalid-triplet', '%zz'],
    ]);
  });

  it('reads a here-document as prose', () => {
    const heredoc = 'RUN <<EOF\necho https://example.com/%zz\nEOF\nRUN echo done\n';
    expect(findings(heredoc, 'dockerfile').map((finding) => [finding.code, finding.range])).toEqual([['pct-invalid-triplet', [35, 38]]]);
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.Dockerfile'), 'dockerfile')).toEqual([]);
  });

  it('reads Dockerfile, Dockerfile.*, *.dockerfile and Containerfile', () => {
    expect(['Dockerfile', 'docker/Dockerfile.prod', 'web.dockerfile', 'Containerfile'].map(sourceKindOf)).toEqual(['dockerfile', 'dockerfile', 'dockerfile', 'dockerfile']);
  });
});

describe('Makefile', () => {
  const text = fixture('planted.mk');

  it('reports each planted problem at its line and column: variable values, recipe lines and their continuations', () => {
    expectAtColumns(text, 'makefile', [
      [1, 45, '%gg', 'pct-invalid-triplet'],
      [2, 28, ' ', 'path-unescaped-char', '%20'],
      // `$(VERSION)` is a hole.
      [3, 42, '%zz', 'pct-invalid-triplet'],
      // `$@` and `$<` are holes; the recipe's words are the shell's.
      [6, 36, ' ', 'path-unescaped-char', '%20'],
      [7, 28, '%qq', 'pct-invalid-triplet'],
      [8, 4, 'http', 'scheme-insecure'],
      [8, 11, '[::1:8080', 'host-ip-literal-unterminated'],
      // `$${HOME}` (the shell's `${HOME}`) is a hole; after `#`, a comment.
      [9, 44, ' ', 'path-unescaped-char', '%20'],
      [9, 69, '%hh', 'pct-invalid-triplet'],
    ]);
  });

  it("reads a recipe's $$(…) as the shell's command substitution, a hole", () => {
    const text = 'all:\n\tcurl "https://example.com/$$(uname -m)/$(shell uname -s) a"\n';
    expect(findings(text, 'makefile').map((finding) => [finding.code, text.slice(...finding.range)])).toEqual([['path-unescaped-char', ' ']]);
    expect(findings(text, 'makefile')[0]!.range[0]).toBe(text.lastIndexOf(' a'));
  });

  it('fixes in the quoting: the references are kept', () => {
    const out = fixed(text, 'makefile');
    expect(out).toContain('\tcurl -fsSL "https://example.com/$@%20c" -o $<\n');
    expect(out).toContain('export DOCS := https://example.com/$${HOME}%20d # https://example.com/%hh\n');
  });

  it('finds nothing in the usual traps', () => {
    expect(findings(fixture('clean.mk'), 'makefile')).toEqual([]);
  });

  it('reads Makefile, makefile, GNUmakefile, Makefile.* (but an extension of its own), *.mk and *.mak', () => {
    expect(['Makefile', 'makefile', 'GNUmakefile', 'rules.mk', 'nmake.mak'].map(sourceKindOf)).toEqual(['makefile', 'makefile', 'makefile', 'makefile', 'makefile']);
    // prometheus/node_exporter's Makefile.common, included by its Makefile; cargo-make's Makefile.toml is TOML.
    expect(['Makefile.common', 'Makefile.inc', 'Makefile.toml', 'Dockerfile.json'].map(sourceKindOf)).toEqual(['makefile', 'makefile', 'toml', 'json']);
  });
});
