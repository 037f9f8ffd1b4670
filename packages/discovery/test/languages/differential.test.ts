/**
 * The tree-sitter readers against the text reader: for every URI a language's reader finds, the
 * text reader (`discoverText`, which reads any file as prose) finds a URI at the same characters,
 * or the difference is one the language's syntax explains. Each kind of difference has a test of its
 * own, on a string that shows it; the fixtures of every language (planted problems, usual traps)
 * and the corpus below may differ only by these kinds.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UriCandidate } from '../../src/candidate.js';
import { discoverDocument, loadGrammarsFor, type SourceKind } from '../../src/document.js';
import { sourceRangeOf } from '../../src/finding.js';
import { discoverText } from '../../src/formats/text.js';

beforeAll(() => loadGrammarsFor(['python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell']));

type Difference = 'escape' | 'hole' | 'white-space' | 'concatenation' | 'delimited' | 'network-path';

/** Where a candidate's URI is written in the source. */
function uriRange(candidate: UriCandidate): [number, number] {
  return sourceRangeOf(candidate, 0, candidate.uri.length);
}

/** Characters that end a URI in prose (RFC 3986 Appendix E) but not in a string whose quotes delimit it. */
const ENDS_PROSE = /[\\"<>`^|]/;

/**
 * Why the text reader has no URI at the candidate's characters, judged in this order:
 * - `hole`: an interpolation or placeholder (`{user}`, `%s`, `$REPO`) stands in the URI, which the
 *   text reader reads as characters of its own;
 * - `concatenation`: the URI is built from two literals (`"a" "b"`, `"a" + "b"`), written apart;
 * - `escape`: an escape writes some of it (`\x41`, `\ `), so the source's characters are not the URI's;
 * - `white-space`: the URI holds a space, which a sink's argument or a URL-named value keeps and prose ends at;
 * - `delimited`: the string's quotes say where it ends, and it holds a character that ends a URI in prose (a raw `\`);
 * - `network-path`: it starts with `//host`, a reference prose never takes for a URI (no scheme).
 */
function difference(candidate: UriCandidate, text: string): Difference | undefined {
  const [start, end] = uriRange(candidate);
  const written = text.slice(start, end);
  if (candidate.holes.length > 0) return 'hole';
  const maps = new Set(candidate.parts.filter((part) => part.kind === 'text' && part.start < candidate.uriEnd && part.end > candidate.uriStart).map((part) => (part.kind === 'text' ? part.map : undefined)));
  if (maps.size > 1) return 'concatenation';
  if (written !== candidate.uri) return 'escape';
  if (/\s/.test(candidate.uri)) return 'white-space';
  if (ENDS_PROSE.test(candidate.uri)) return 'delimited';
  if (candidate.uri.startsWith('//')) return 'network-path';
  return undefined;
}

/** The candidates of the language's reader that the text reader has no URI for at the same characters, with their difference. */
function differences(text: string, kind: SourceKind): { uri: string; difference: Difference | undefined }[] {
  const found = discoverDocument(text, kind);
  expect(found.parseError).toBeUndefined();
  const plain = new Set(discoverText(text).map((candidate) => uriRange(candidate).join(':')));
  return found.candidates.filter((candidate) => !plain.has(uriRange(candidate).join(':'))).map((candidate) => ({ uri: candidate.uri, difference: difference(candidate, text) }));
}

const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** Strings of each language as code writes them, beside the fixtures. */
const CORPUS: Record<'python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'ruby' | 'php' | 'shell', string> = {
  python: [
    'A = "https://example.com/a"',
    "B = 'https://example.com/b?x=1&y=2#f'",
    'C = """https://example.com/c"""',
    'D = r"https://example.com/d"',
    'E = b"https://example.com/e"',
    'F = f"https://example.com/{x}/f"',
    'G = "https://example.com/\\u0067"',
    'H = "https://example.com/" "h"',
    'I = "https://example.com/i" + path',
    'J = "//cdn.example.com/j.js"',
    'requests.get("https://example.com/k l")',
    'L = r"https://example.com/l\\m"',
    '# https://example.com/n in a comment',
    '',
  ].join('\n'),
  go: [
    'package m',
    '',
    'var a = "https://example.com/a"',
    'var b = `https://example.com/b`',
    'var c = "https://example.com/\\x63"',
    'var d = "https://example.com/" + "d"',
    'var e = fmt.Sprintf("https://example.com/%d/e", n)',
    'var f = "//cdn.example.com/f.js"',
    'var g, _ = http.Get("https://example.com/g h")',
    'var i = `https://example.com/i\\j`',
    '// https://example.com/k in a comment',
    '',
  ].join('\n'),
  rust: [
    'const A: &str = "https://example.com/a";',
    'const B: &str = r"https://example.com/b";',
    'const C: &str = r#"https://example.com/c"#;',
    'const D: &[u8] = b"https://example.com/d";',
    'const E: &str = "https://example.com/\\x65";',
    'const F: &str = concat!("https://example.com/", "f");',
    'fn g() { let _ = format!("https://example.com/{}/g", n); }',
    'fn h() { let _ = reqwest::get("https://example.com/h i"); }',
    'const J: &str = "//cdn.example.com/j.js";',
    'const K: &str = r"https://example.com/k\\l";',
    '/// https://example.com/m in a doc comment',
    'fn n() {}',
    '',
  ].join('\n'),
  java: [
    'class M {',
    '  static final String A = "https://example.com/a";',
    '  static final String B = "https://example.com/\\u0062";',
    '  static final String C = "https://example.com/" + "c";',
    '  static final String D = String.format("https://example.com/%d/d", n);',
    '  static final String E = "//cdn.example.com/e.js";',
    '  static final URI F = URI.create("https://example.com/f g");',
    '  static final String H = """',
    '      https://example.com/h""";',
    '  // https://example.com/i in a comment',
    '  /** https://example.com/j in Javadoc */',
    '}',
    '',
  ].join('\n'),
  kotlin: [
    'import java.net.URI',
    'const val A = "https://example.com/a"',
    'val B = "https://example.com/\\u0062"',
    'val C = "https://example.com/" + "c"',
    'val D = String.format("https://example.com/%s/d", n)',
    'const val E = "//cdn.example.com/e.js"',
    'val F = URI("https://example.com/f g")',
    'val H = """https://example.com/h\\i"""',
    'val K = "https://example.com/$k/k"',
    'val L = "https://example.com/${m.k}/l"',
    '// https://example.com/m in a comment',
    '/** https://example.com/n in KDoc */',
    '',
  ].join('\n'),
  csharp: [
    'class M {',
    '  const string A = "https://example.com/a";',
    '  const string B = "https://example.com/\\x62";',
    '  const string C = "https://example.com/" + "c";',
    '  string D = string.Format("https://example.com/{0}/d", n);',
    '  const string E = "//cdn.example.com/e.js";',
    '  static readonly Uri F = new Uri("https://example.com/f g");',
    '  const string H = @"https://example.com/h\\i";',
    '  const string J = """https://example.com/j""";',
    '  string K = $"https://example.com/{k}/k";',
    '  // https://example.com/l in a comment',
    '  /// <see href="https://example.com/m"/> in a doc comment',
    '}',
    '',
  ].join('\n'),
  ruby: [
    'A = "https://example.com/a"',
    "B = 'https://example.com/b?x=1&y=2#f'",
    'C = "https://example.com/\\x63"',
    'D = "https://example.com/" "d"',
    'E = "https://example.com/" + path + "/e"',
    'F = format("https://example.com/%s/f", q)',
    'G = "//cdn.example.com/g.js"',
    'H = URI("https://example.com/h #{x}")',
    'I = <<~EOS',
    '  https://example.com/i',
    'EOS',
    '# https://example.com/j in a comment',
    '=begin',
    'https://example.com/k in a block comment',
    '=end',
    "L = %q(https://example.com/l)",
    '',
  ].join('\n'),
  php: [
    '<?php',
    '$a = "https://example.com/a";',
    "$b = 'https://example.com/b?x=1&y=2#f';",
    '$c = "https://example.com/\\x63";',
    '$d = "https://example.com/" . "d";',
    '$e = "https://example.com/" . $path . "/e";',
    '$f = sprintf("https://example.com/%s/f", $q);',
    '$g = "//cdn.example.com/g.js";',
    '$h = file_get_contents("https://example.com/h {$x}");',
    "$i = <<<'EOT'",
    '  https://example.com/i',
    '  EOT;',
    '// https://example.com/j in a comment',
    '# https://example.com/k in a comment',
    '/** https://example.com/l in a docblock */',
    '?>',
    '<a href="https://example.com/m">m</a>',
    '',
  ].join('\n'),
  shell: [
    'A="https://example.com/a"',
    "B='https://example.com/b'",
    'C=https://example.com/c',
    'curl https://example.com/d\\e',
    'curl "https://example.com/$X/f"',
    'curl "https://example.com/g h"',
    "wget $'https://example.com/\\x69'",
    '# https://example.com/j in a comment',
    '',
  ].join('\n'),
};

describe('the tree-sitter readers against the text reader', () => {
  it.each([
    ['python', 'clean.py'],
    ['go', 'clean.go'],
    ['rust', 'clean.rs'],
    ['java', 'clean.java'],
    ['kotlin', 'clean.kt'],
    ['csharp', 'clean.cs'],
    ['ruby', 'clean.rb'],
    ['php', 'clean.php'],
    ['shell', 'clean.sh'],
  ] as const)('%s %s: every difference is explained by the syntax', (kind, name) => {
    for (const { uri, difference: why } of differences(fixture(name), kind)) expect(why, uri).toBeDefined();
  });

  it.each(Object.entries(CORPUS) as ['python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'ruby' | 'php' | 'shell', string][])('%s strings: every difference is explained by the syntax', (kind, text) => {
    for (const { uri, difference: why } of differences(text, kind)) expect(why, uri).toBeDefined();
  });

  it('the same characters where no syntax stands between: plain strings, raw strings, bytes, comments', () => {
    expect(differences(CORPUS.python, 'python').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/d', 'https://example.com/e', 'https://example.com/n']));
    expect(differences(CORPUS.go, 'go').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/b', 'https://example.com/k']));
    expect(differences(CORPUS.rust, 'rust').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/b', 'https://example.com/c', 'https://example.com/d', 'https://example.com/m']));
    expect(differences(CORPUS.java, 'java').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/h', 'https://example.com/i', 'https://example.com/j']));
    expect(differences(CORPUS.kotlin, 'kotlin').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/m', 'https://example.com/n']));
    expect(differences(CORPUS.csharp, 'csharp').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/j', 'https://example.com/l', 'https://example.com/m']));
    expect(differences(CORPUS.ruby, 'ruby').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/b?x=1&y=2#f', 'https://example.com/i', 'https://example.com/j', 'https://example.com/k', 'https://example.com/l']));
    expect(differences(CORPUS.php, 'php').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/b?x=1&y=2#f', 'https://example.com/i', 'https://example.com/j', 'https://example.com/k', 'https://example.com/l', 'https://example.com/m']));
    expect(differences(CORPUS.shell, 'shell').map((d) => d.uri)).not.toEqual(expect.arrayContaining(['https://example.com/a', 'https://example.com/b', 'https://example.com/c', 'https://example.com/j']));
  });
});

describe('each kind of difference', () => {
  const only = (text: string, kind: SourceKind): { uri: string; difference: Difference | undefined }[] => differences(text, kind);

  it('escape: Python `\\x41`, Go `\\x41`, a shell word\'s `\\ ` and `$\'\\x41\'` write characters the source does not', () => {
    expect(only('u = "https://example.com/\\x41"\n', 'python')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only('package m\nvar u = "https://example.com/\\x41"\n', 'go')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only('const U: &str = "https://example.com/\\u{41}";\n', 'rust')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only('class M { String u = "https://example.com/\\u0041"; }\n', 'java')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only('val u = "https://example.com/\\u0041"\n', 'kotlin')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only('val u = "https://example.com/\\$a"\n', 'kotlin')).toEqual([{ uri: 'https://example.com/$a', difference: 'escape' }]);
    // C#'s `\x` takes one to four hex digits: `\x41` before a `/` is "A".
    expect(only('class M { string u = "https://example.com/\\x41/"; }\n', 'csharp')).toEqual([{ uri: 'https://example.com/A/', difference: 'escape' }]);
    expect(only('class M { string u = @"https://example.com/it""s"; }\n', 'csharp')).toEqual([{ uri: 'https://example.com/it"s', difference: 'escape' }]);
    expect(only('u = "https://example.com/\\x41"\n', 'ruby')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only("u = 'https://example.com/it\\'s'\n", 'ruby')).toEqual([{ uri: "https://example.com/it's", difference: 'escape' }]);
    expect(only('<?php $u = "https://example.com/\\u{41}";\n', 'php')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
    expect(only("<?php $u = 'https://example.com/it\\'s';\n", 'php')).toEqual([{ uri: "https://example.com/it's", difference: 'escape' }]);
    expect(only("curl $'https://example.com/\\x41'\n", 'shell')).toEqual([{ uri: 'https://example.com/A', difference: 'escape' }]);
  });

  it('hole: an f-string\'s `{…}`, a `+ name`, a shell expansion stand in the URI, with text prose would end at', () => {
    expect(only('u = f\'https://example.com/{a["k"]}/x\'\n', 'python')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('package m\nvar u = "https://example.com/" + name + "/x"\n', 'go')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('fn f() { let _ = format!("https://example.com/{:>width$}/x", a, width = 3); }\n', 'rust')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('class M { String u = "https://example.com/" + m.get("k") + "/x"; }\n', 'java')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('u = "https://example.com/#{a["k"]}/x"\n', 'ruby')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('val u = "https://example.com/${a["k"]}/x"\n', 'kotlin')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    // An interpolation's format and alignment are the hole's: `{n,10:N2}` is one hole.
    expect(only('class M { string u = $"https://example.com/{d["k"],10:N2}/x"; }\n', 'csharp')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('<?php $u = "https://example.com/{$a["k"]}/x";\n', 'php')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    expect(only('curl "https://example.com/$(cat "f")/x"\n', 'shell')).toEqual([{ uri: 'https://example.com/x/x', difference: 'hole' }]);
    // A hole the text reader reads as characters of the URI is no difference of place: `{name}`, `%s`, `$NAME`.
    expect(only('u = f"https://example.com/{name}/x"\n', 'python')).toEqual([]);
    expect(only('curl "https://example.com/$NAME/x"\n', 'shell')).toEqual([]);
  });

  it('concatenation: the URI is built from literals written apart', () => {
    expect(only('u = "https://example.com/" "a"\n', 'python')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('const U: &str = concat!("https://example.com/", "a");\n', 'rust')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('u = "https://example.com/" "a"\n', 'ruby')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('u = "https://example.com/" + "a"\n', 'ruby')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('val u = "https://example.com/" + """a"""\n', 'kotlin')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('class M { string u = "https://example.com/" + @"a"; }\n', 'csharp')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('<?php $u = "https://example.com/" . "a";\n', 'php')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('class M { String u = "https://example.com/" + "a"; }\n', 'java')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
    expect(only('package m\nvar u = "https://example.com/" + "a"\n', 'go')).toEqual([{ uri: 'https://example.com/a', difference: 'concatenation' }]);
  });

  it('white-space: none where quotes delimit the URI for the text reader too; an unquoted word\'s space is an escape', () => {
    expect(only('requests.get("https://example.com/a b")\n', 'python')).toEqual([]);
    expect(only('curl "https://example.com/a b"\n', 'shell')).toEqual([]);
    expect(only('curl https://example.com/a\\ b\n', 'shell')).toEqual([{ uri: 'https://example.com/a b', difference: 'escape' }]);
    // A space the text reader ends the URI at: a value that is whole only in the program's reading.
    expect(only('API = "https://example.com/a b" if x else None\n', 'python')).toEqual([]);
  });

  it('delimited: a raw string\'s backslash is in the URI, where prose ends it', () => {
    expect(only('u = r"https://example.com/a\\q"\n', 'python')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    expect(only('const U: &str = r#"https://example.com/a\\q"#;\n', 'rust')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    // Ruby's single quotes keep a backslash before any character but another backslash or the quote.
    expect(only("u = 'https://example.com/a\\q'\n", 'ruby')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    // PHP's single quotes keep a backslash before any character but another backslash or the quote; a nowdoc keeps every one.
    // Kotlin's raw strings keep every backslash.
    expect(only('val u = """https://example.com/a\\q"""\n', 'kotlin')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    // C#'s verbatim and raw strings keep every backslash.
    expect(only('class M { string u = @"https://example.com/a\\q"; }\n', 'csharp')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    expect(only('class M { string u = """https://example.com/a\\q"""; }\n', 'csharp')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    expect(only("<?php $u = 'https://example.com/a\\q';\n", 'php')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    expect(only("<?php $u = <<<'E'\nhttps://example.com/a\\q\nE;\n", 'php')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
    expect(only('package m\nvar u = `https://example.com/a\\q`\n', 'go')).toEqual([{ uri: 'https://example.com/a\\q', difference: 'delimited' }]);
  });

  it('network-path: a string that is `//host/…` is a reference by its shape, which prose never takes', () => {
    expect(only('u = "//cdn.example.com/a.js"\n', 'python')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('const U: &str = "//cdn.example.com/a.js";\n', 'rust')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('u = "//cdn.example.com/a.js"\n', 'ruby')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('val u = "//cdn.example.com/a.js"\n', 'kotlin')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('class M { string u = "//cdn.example.com/a.js"; }\n', 'csharp')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('<?php $u = "//cdn.example.com/a.js";\n', 'php')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('class M { String u = "//cdn.example.com/a.js"; }\n', 'java')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
    expect(only('package m\nvar u = "//cdn.example.com/a.js"\n', 'go')).toEqual([{ uri: '//cdn.example.com/a.js', difference: 'network-path' }]);
  });
});
