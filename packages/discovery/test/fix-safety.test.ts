/**
 * The fix gate (src/fix-gate.ts) as a property: over generated URIs written in every file format and
 * every escape style, the fixes that are applied automatically touch only the URI's own characters,
 * never a template tag or a line break, keep what a browser reads, and leave fewer problems.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UriCandidate } from '../src/candidate.js';
import { discoverDocument, loadGrammarsFor, type SourceKind } from '../src/document.js';
import { sourceRangeOf, type Finding } from '../src/finding.js';
import { browserReading } from '@urilint/core';
import { unsafeFixReason } from '../src/fix-gate.js';
import { applySourceEdits, safeEdits } from '../src/fixes.js';
import { RULE_NAMES, runRules } from '../src/rules/index.js';
import { findTemplateTags, maskTemplates, templateSyntaxes } from '../src/templates.js';
import { textCandidates } from '../src/candidate.js';
import { OffsetMap } from '../src/text-map.js';

const ALL_RULES = Object.fromEntries(RULE_NAMES.map((name) => [name, {}]));

function run(text: string, kind: SourceKind): { candidates: UriCandidate[]; findings: Map<UriCandidate, Finding[]> } {
  const { candidates, sourceCode } = discoverDocument(text, kind);
  return { candidates, findings: new Map(candidates.map((candidate) => [candidate, runRules([candidate], ALL_RULES, sourceCode)])) };
}

const LINE_BREAK = /[\r\n\u2028\u2029]/;

// ---------------------------------------------------------------------------------------------
// URIs, and the ways each format writes them.

const PIECES = [
  'a', 'b', 'x1', '/', '/', '.', '..', '-', '_', '~', ':', '@', '?', '#', '&', '=', '+', ';', ',', '!', '*', "'", '(', ')', '$',
  ' ', ' ', '|', '^', '`', '{', '}', '<', '>', '"', '\\', '%', '%zz', '%41', '%2f', '%C3%A9', 'é', '😀', '\t', '[', ']',
  '{{ page.url }}', '{% if a %}', '{% endif %}', '<%= link %>', '${{ github.sha }}', '${VAR}', '{id}', '{{- .Values.x }}',
];
const STARTS = ['https://example.com/', 'http://example.com', 'http://a b/', 'HTTP://Example.COM:80/', 'https://user:pw@host/', 'ws://h/', 'ftp://f/', 'file:///c/', 'mailto:', 'data:,', 'tel:', 'urn:x:', 'https://[::1]/', 'http://0x7f.1/', '//host/', '/', './', '', 'https://exa mple.com/', 'https://example.com\\evil/'];

const uris = fc.tuple(fc.constantFrom(...STARTS), fc.array(fc.constantFrom(...PIECES), { maxLength: 8 })).map(([start, pieces]) => start + pieces.join(''));

interface Writer {
  kind: SourceKind;
  /** The document, or `undefined` when the URI cannot be written this way. */
  write(uri: string): string | undefined;
}

const html = (s: string, quote: string): string => s.replace(/&/g, '&amp;').replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');
const jsString = (s: string, quote: string): string => s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), '\\' + quote).replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');

const WRITERS: Record<string, Writer> = {
  'html "…"': { kind: 'html', write: (u) => `<p>\n  <a href="${html(u, '"')}">link</a>\n</p>\n` },
  "html '…'": { kind: 'html', write: (u) => `<img src='${html(u, "'")}' alt="">\n` },
  'html unquoted': { kind: 'html', write: (u) => (/^[^\s"'=<>`&]+$/.test(u) ? `<a href=${u}>x</a>\n` : undefined) },
  'html &#…; references': { kind: 'html', write: (u) => `<a href="${[...html(u, '"')].map((c) => (c === ' ' ? '&#32;' : c)).join('')}">x</a>` },
  'html text': { kind: 'html', write: (u) => `<p>See ${html(u, '"').replace(/</g, '&lt;')} for more.</p>\n` },
  'markdown link': { kind: 'markdown', write: (u) => (/[\s()<>\\]/.test(u) ? undefined : `# Title\n\nSee [the docs](${u}) now.\n`) },
  'markdown <link>': { kind: 'markdown', write: (u) => (/[\n<>\\]/.test(u) ? undefined : `See [the docs](<${u}>).\n`) },
  'markdown definition': { kind: 'markdown', write: (u) => (/[\s<>\\]/.test(u) ? undefined : `[docs]\n\n[docs]: ${u}\n`) },
  'markdown text': { kind: 'markdown', write: (u) => `Some text ${u} and more.\n` },
  'yaml plain': { kind: 'yaml', write: (u) => (/^[A-Za-z/][^#:\s{}[\],&*!|>'"%@`]*$/.test(u) ? `home: ${u}\nnext: 1\n` : undefined) },
  'yaml "…"': { kind: 'yaml', write: (u) => `url: ${JSON.stringify(u)}\n` },
  "yaml '…'": { kind: 'yaml', write: (u) => `url: '${u.replace(/'/g, "''")}'\n` },
  'yaml folded': { kind: 'yaml', write: (u) => (/^\S+ \S+$/.test(u) && !/[#'"]/.test(u) ? `url: >-\n  ${u.replace(' ', '\n  ')}\n` : undefined) },
  json: { kind: 'json', write: (u) => `{\n  "homepage": ${JSON.stringify(u)}\n}\n` },
  'json \\u escapes': { kind: 'json', write: (u) => `{"url": "${[...u].map((c) => (c === '"' || c === '\\' || c < ' ' || c === '/' ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')}"}` },
  'css url("…")': { kind: 'css', write: (u) => (/[\n\\"]/.test(u) ? undefined : `a {\n  background: url("${u}");\n}\n`) },
  'css url(…)': { kind: 'css', write: (u) => (/^[^\s"'()\\]+$/.test(u) ? `a { background: url(${u}) }\n` : undefined) },
  text: { kind: 'text', write: (u) => `line one\nsee ${u} here\n` },
  'js "…"': { kind: 'js', write: (u) => `fetch("${jsString(u, '"')}");\n` },
  "js '…'": { kind: 'js', write: (u) => `const home = '${jsString(u, "'")}';\nfetch(home);\n` },
  'js `…`': { kind: 'js', write: (u) => `fetch(\`${u.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\`);\n` },
  'js `…${}…`': { kind: 'js', write: (u) => `fetch(\`\${base}${u.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\`);\n` },
  'js \\u escapes': { kind: 'js', write: (u) => `fetch("${[...jsString(u, '"')].map((c) => (c === ' ' ? '\\u0020' : c)).join('')}");\n` },
};

/** Each template tag of the text, in order: the fixed text must hold them all, unchanged. */
function tags(text: string, kind: SourceKind): string[] {
  const syntaxes = new Set(templateSyntaxes(true));
  if (kind === 'js') syntaxes.delete('shell');
  return findTemplateTags(text, syntaxes).map((tag) => text.slice(tag.start, tag.end));
}

/**
 * Core's diagnostics of a candidate's URI that touch no hole, less the normal-form ones: core looks
 * for those only in a valid URI, so fixing the last error of a URI shows them for the first time.
 */
function problems(candidate: UriCandidate, normalForm: boolean): number {
  return candidate.analysis.diagnostics.filter((d) => (normalForm || !d.code.startsWith('normal-')) && !candidate.touchesHole(d.start, d.end)).length;
}

/** Checks one document; returns the number of fixes applied. */
function checkDocument(text: string, kind: SourceKind): number {
  const { candidates, findings } = run(text, kind);
  const all: Finding[] = [];
  for (const candidate of candidates) {
    const uri = sourceRangeOf(candidate, 0, candidate.uri.length);
    for (const finding of findings.get(candidate)!) {
      all.push(finding);
      for (const edit of finding.fix ?? []) {
        // Only the URI's own characters, and no line break of the file.
        expect(edit.range[0]).toBeGreaterThanOrEqual(uri[0]);
        expect(edit.range[1]).toBeLessThanOrEqual(uri[1]);
        expect(text.slice(...edit.range)).not.toMatch(LINE_BREAK);
        expect(edit.text).not.toMatch(LINE_BREAK);
        for (const part of candidate.parts) {
          if (part.kind === 'hole') expect(edit.range[1] <= part.range[0] || edit.range[0] >= part.range[1]).toBe(true);
        }
      }
    }
  }
  const edits = safeEdits(all);
  if (edits.length === 0) return 0;
  const fixed = applySourceEdits(text, edits);
  expect(tags(fixed, kind)).toEqual(tags(text, kind));
  expect(fixed.split(/\r\n|[\r\n\u2028\u2029]/).length).toBe(text.split(/\r\n|[\r\n\u2028\u2029]/).length);
  // What a browser reads of each URI the fixes touched is what it read before.
  const after = discoverDocument(fixed, kind).candidates;
  const shift = (at: number): number => at + edits.filter((edit) => edit.range[1] <= at).reduce((sum, edit) => sum + edit.text.length - (edit.range[1] - edit.range[0]), 0);
  for (const candidate of candidates) {
    const fixedHere = (findings.get(candidate) ?? []).some((finding) => finding.fix !== undefined);
    if (!fixedHere || candidate.context === 'prose') continue;
    const start = shift(sourceRangeOf(candidate, 0, 0)[0]);
    const twin = after.find((other) => sourceRangeOf(other, 0, 0)[0] === start);
    expect(twin, `the fixed URI of ${JSON.stringify(candidate.uri)} is read again`).toBeDefined();
    const relative = candidate.reference.scheme === undefined;
    const before = browserReading(candidate.uri, relative);
    if (before !== undefined) expect(browserReading(twin!.uri, relative)).toBe(before);
    // Fewer problems: what core finds in the URI, outside its holes (the rules report a subset).
    expect(problems(twin!, candidate.reference.valid)).toBeLessThan(problems(candidate, true));
  }
  return edits.length;
}

describe('automatic fixes, over generated URIs in every format and escape style', () => {
  it('touch only the URI, never a tag or a line break, keep the browser reading, leave fewer problems', () => {
    let documents = 0;
    let fixed = 0;
    fc.assert(
      fc.property(uris, fc.constantFrom(...Object.keys(WRITERS)), (uri, style) => {
        const writer = WRITERS[style]!;
        const text = writer.write(uri);
        if (text === undefined) return;
        documents++;
        fixed += checkDocument(text, writer.kind);
      }),
      { numRuns: 10_000, seed: 3986 },
    );
    // The generator reaches what it is for: most runs make a document, and many have fixes.
    expect(documents).toBeGreaterThan(7_000);
    expect(fixed).toBeGreaterThan(1_000);
  });
});

describe('the gate', () => {
  const candidateOf = (uri: string): UriCandidate => textCandidates({ map: OffsetMap.plain(uri, 0), context: 'attribute', uriStart: 0, uriEnd: uri.length, namespace: false })[0]!;

  it('turns no "\\" of an http URL into %5C: a browser reads it as "/", which is offered instead', () => {
    const text = '<a href="https://example.com\\evil/path">old</a>';
    const finding = [...run(text, 'html').findings.values()].flat().find((f) => f.code === 'host-unescaped-char');
    expect(finding?.rule).toBe('no-unescaped-chars');
    expect(finding?.fix).toBeUndefined();
    expect(finding!.suggestions.map((s) => applySourceEdits(text, s.edits))).toEqual([
      '<a href="https://example.com/evil/path">old</a>',
      '<a href="https://example.com%5Cevil/path">old</a>',
    ]);
    expect(finding!.suggestions[1]!.message).toBe('Replace "\\" with "%5C" (not applied automatically: it changes what a browser reads).');
    expect(unsafeFixReason(candidateOf('https://a/b\\c'), [{ start: 11, end: 12, text: '%5C' }])).toBe('it changes what a browser reads');
  });

  it('fixes no space in a host into a URL browsers still reject, and keeps reporting it', () => {
    const text = 'fetch("https://exa mple.com/x");';
    const found = [...run(text, 'js').findings.values()].flat();
    expect(found.map((f) => [f.code, f.fix])).toEqual([['host-unescaped-char', undefined]]);
    expect(found[0]!.suggestions[0]!.message).toContain('browsers reject the URI with or without it');
    expect(unsafeFixReason(candidateOf('https://exa mple.com/x'), [{ start: 11, end: 12, text: '%20' }])).toBe('browsers reject the URI with or without it');
  });

  it('writes no "[" or "]" as %5B or %5D by itself: applications read the brackets before they decode', () => {
    // A survey's --fix hunk, damaging: the example API reads the bracket list of its path as written.
    const text = "fetch(`https://rickandmortyapi.com/api/character/[${ids.join(',')}]`);";
    const found = [...run(text, 'js').findings.values()].flat().filter((f) => f.rule === 'no-unescaped-chars');
    // The two brackets are one report of the URI (issue 28), and one suggestion writes both.
    expect(found.map((f) => [f.code, f.fix])).toEqual([['path-unescaped-char', undefined]]);
    expect(found.map((f) => f.suggestions.map((s) => applySourceEdits(text, s.edits)))).toEqual([["fetch(`https://rickandmortyapi.com/api/character/%5B${ids.join(',')}%5D`);"]]);
    for (const f of found) expect(f.suggestions[0]!.message).toContain('(not applied automatically: applications read "[" and "]" as syntax before they decode)');
    for (const [uri, bracket] of [
      ['https://a/list/[1,2]', '['],
      ['https://a/q?a[]=1', ']'],
      ['https://a/q?a]#x', ']'],
    ] as const) {
      const at = uri.indexOf(bracket);
      const text = bracket === '[' ? '%5B' : '%5d';
      expect(unsafeFixReason(candidateOf(uri), [{ start: at, end: at + 1, text }]), uri).toBe('applications read "[" and "]" as syntax before they decode');
    }
  });

  it('writes no quote or angle bracket of a string built around holes: the string may be markup, where it is a delimiter', () => {
    // CKEditor's clipboard dialog (resources/ckeditor/plugins/clipboard/dialogs/paste.js in LinkStackOrg/LinkStack):
    // the string's last `"` closes the iframe's src attribute of the HTML it is spliced into.
    const text = `g=CKEDITOR.env.ie?"javascript:void((function(){"+encodeURIComponent("document.open();")+'})())"':"",d=CKEDITOR.dom.element.createFromHtml('\\x3ciframe src\\x3d"'+g+'"\\x3e');`;
    const found = [...run(text, 'js').findings.values()].flat().filter((f) => f.rule === 'no-unescaped-chars');
    const quote = found.find((f) => text.slice(...f.range) === '"');
    expect(quote?.fix).toBeUndefined();
    expect(quote?.suggestions[0]?.message).toContain('(not applied automatically: a string built around holes may be markup, where a quote or angle bracket is a delimiter)');
    // The braces around the hole are no delimiter of markup: written %7B and %7D as before, one report of the two (issue 28).
    const braces = found.filter((f) => f.fix !== undefined);
    expect(braces.map((f) => [text.slice(f.range[0], f.range[0] + 1), text.slice(f.range[1] - 1, f.range[1])])).toEqual([['{', '}']]);
    expect(braces[0]!.fix!.map((edit) => [text.slice(...edit.range), edit.text])).toEqual([
      ['{', '%7B'],
      ['}', '%7D'],
    ]);
    // An edit over several characters is held back too (Symfony's QtFileLoader.php: '"]' written '%22%5D' at once).
    const holed = [...run(`x = 'https://a.example/q?a[' + key + '"]';`, 'js').candidates].find((c) => c.holes.length > 0)!;
    const at = holed.uri.lastIndexOf('"]');
    expect(unsafeFixReason(holed, [{ start: at, end: at + 2, text: '%22%5D' }])).toBe('applications read "[" and "]" as syntax before they decode');
    expect(unsafeFixReason(holed, [{ start: at, end: at + 1, text: '%22' }])).toBe('a string built around holes may be markup, where a quote or angle bracket is a delimiter');
    // Without a hole the string is the URL itself.
    const whole = 'fetch("https://example.com/a\\"b");';
    expect([...run(whole, 'js').findings.values()].flat().filter((f) => f.rule === 'no-unescaped-chars').map((f) => f.fix?.map((e) => e.text))).toEqual([['%22']]);
  });

  it('applies what keeps the reading: a space, a "|", a bad triplet', () => {
    for (const [uri, edit] of [
      ['https://a/b c', { start: 11, end: 12, text: '%20' }],
      ['https://a/b|c', { start: 11, end: 12, text: '%7C' }],
      ['https://a/%zz', { start: 10, end: 11, text: '%25' }],
      ['a b', { start: 1, end: 2, text: '%20' }],
    ] as const) {
      expect(unsafeFixReason(candidateOf(uri), [edit]), uri).toBeUndefined();
    }
  });

  it('holds back a second "#" written %23: a page reads location.hash as written', () => {
    expect(unsafeFixReason(candidateOf('https://a/#x#y'), [{ start: 12, end: 13, text: '%23' }])).toBe('a page reads a "#" in the fragment as written (location.hash is not decoded)');
    expect(unsafeFixReason(candidateOf('https://auth0.com/docs/auth-api#!#get'), [{ start: 33, end: 34, text: '%23' }])).toBe('a page reads a "#" in the fragment as written (location.hash is not decoded)');
  });

  it('holds back an "@" written %40: which "@" ends the userinfo decides the password and the host', async () => {
    await loadGrammarsFor(['rust']);
    // A held-out survey's --fix hunks, damaging (algesten/ureq, src/proxy.rs, seven tests like this one):
    // ureq reads the password from http::Uri, which does not decode, so `p%40ssw0rd` is another password
    // and the test's `assert_eq!(proxy.password(), Some("p@ssw0rd"))` fails.
    const text = [
      '    fn parse_proxy_http_user_pass_server_port() {',
      '        let proxy = Proxy::new("http://user:p@ssw0rd@localhost:9999").unwrap();',
      '        assert_eq!(proxy.username(), Some("user"));',
      '        assert_eq!(proxy.password(), Some("p@ssw0rd"));',
      '    }',
      '',
    ].join('\n');
    const found = [...run(text, 'rust').findings.values()].flat().filter((f) => f.code === 'userinfo-unescaped-char');
    expect(found.map((f) => [text.slice(...f.range), f.fix])).toEqual([['@', undefined]]);
    expect(found[0]!.suggestions.map((s) => applySourceEdits(text, s.edits))).toEqual([text.replace('p@ssw0rd@', 'p%40ssw0rd@')]);
    expect(found[0]!.suggestions[0]!.message).toContain('(not applied automatically: which "@" ends the userinfo is for the reader to decide: a browser takes the last, other parsers the first, and a client that does not decode reads "%40" as three characters)');
    // The issue's .env example, and one of every scheme.
    for (const [uri, at] of [['postgres://user:p@ss@db/app', 17], ['ftp://a@b@h/', 7], ['https://u@v:w@h/', 9]] as const) {
      expect(unsafeFixReason(candidateOf(uri), [{ start: at, end: at + 1, text: '%40' }]), uri).toBe('which "@" ends the userinfo is for the reader to decide: a browser takes the last, other parsers the first, and a client that does not decode reads "%40" as three characters');
    }
  });

  it('holds back a "\\" written %5C where a browser sends it as written: a query, a fragment, a URL of another scheme', async () => {
    await loadGrammarsFor(['csharp']);
    // A held-out survey's --fix hunk, damaging (JamesNK/Newtonsoft.Json, Src/Newtonsoft.Json.Tests/Serialization/JsonSerializerTest.cs):
    // the verbatim string's backslashes are what SerializeUriWithSlashes tests; `%5C%5Cc&d=e%5C` holds none.
    const text = [
      '        public void SerializeUriWithSlashes()',
      '        {',
      '            string input = @"http://tes/?a=b\\\\c&d=e\\";',
      '            Uri uri = new Uri(input);',
      '        }',
      '',
    ].join('\n');
    const found = [...run(text, 'csharp').findings.values()].flat().filter((f) => f.rule === 'no-unescaped-chars');
    // The three backslashes are one report of the URI (issue 28), and its suggestion writes each.
    expect(found.map((f) => [text.slice(...f.range), f.fix])).toEqual([['\\\\c&d=e\\', undefined]]);
    expect(found[0]!.suggestions.map((s) => applySourceEdits(text, s.edits))).toEqual([text.replace('b\\\\c&d=e\\', 'b%5C%5Cc&d=e%5C')]);
    for (const f of found) expect(f.suggestions[0]!.message).toContain('(not applied automatically: a browser sends a "\\" as written wherever it does not read it as "/", and "%5C" is not what it sends)');
    for (const [uri, at] of [['http://tes/?a=b\\c&d=e\\', 15], ['https://a/#x\\y', 12], ['foo://a/b\\c', 9]] as const) {
      expect(unsafeFixReason(candidateOf(uri), [{ start: at, end: at + 1, text: '%5C' }]), uri).toBe('a browser sends a "\\" as written wherever it does not read it as "/", and "%5C" is not what it sends');
    }
  });

  it('holds back an edit of a hole, of a line break, or one that leaves as many problems', () => {
    const masked = maskTemplates('https://x/{{ a }}/b c', templateSyntaxes(true)).text;
    const holed = textCandidates({ map: OffsetMap.plain(masked, 0), context: 'attribute', uriStart: 0, uriEnd: 21, namespace: false })[0]!;
    expect(holed.uri).toBe('https://x/x/b c');
    expect(unsafeFixReason(holed, [{ start: 10, end: 11, text: 'y' }])).toBe('it touches a template expression');
    expect(unsafeFixReason(candidateOf('https://a/b\nc'), [{ start: 11, end: 12, text: '%0A' }])).toBe('it touches a line break');
    expect(unsafeFixReason(candidateOf('https://a/b c'), [{ start: 11, end: 12, text: '%20\n' }])).toBe('it writes a line break');
    expect(unsafeFixReason(candidateOf('https://a/b c'), [{ start: 11, end: 12, text: ' ' }])).toBe('it does not leave fewer problems');
    const unescaped = (text: string, kind: SourceKind): Finding[] => [...run(text, kind).findings.values()].flat().filter((f) => f.rule === 'no-unescaped-chars');
    // An escaped space is fixed; a line break never is: written as it is, it is the file's; written as
    // an escape, browsers drop it from a URL, so %0A would change what they read.
    const space = 'fetch("https://a/b\\u0020c");';
    expect(unescaped(space, 'js').map((f) => f.fix)).toEqual([[{ range: [18, 24], text: '%20' }]]);
    const escaped = 'fetch("https://a/b\\u000ac");';
    expect(unescaped(escaped, 'js').map((f) => [escaped.slice(...f.range), f.fix])).toEqual([['\\u000a', undefined]]);
    expect(unescaped(escaped, 'js')[0]!.suggestions[0]!.message).toContain('it changes what a browser reads');
    const raw = '<a href="https://a/b\nc">x</a>';
    expect(unescaped(raw, 'html').map((f) => [raw.slice(...f.range), f.fix, f.suggestions.length])).toEqual([['\n', undefined, 1]]);
  });
});
