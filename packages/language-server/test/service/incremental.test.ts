/**
 * An edit inside one literal or comment is applied to the last version's tree
 * instead of parsing the file again. Whatever the edits, the result must be
 * what a fresh analysis of the same text finds.
 */
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { differenceOf } from '../../src/service/analysis.js';
import { createLanguageService, updateDocument } from '../../src/service/index.js';
import { settingsWith } from '../support/documents.js';

const settings = settingsWith({ preset: 'all' });

const LINES = [
  'const response = await fetch("https://example.com/api/items?page=1");',
  'const home = "https://example.com/path/to/page#top";',
  'const link = `https://example.com/users/${id}/posts?q=${query}`;',
  'const chain = "https://example.com/" + path + "/a b";',
  '// The docs: https://example.com/docs/a|b and mailto:team@example.com',
  '/* See https://example.com/%zz for details. */',
  'const config = { url: "https://api.example.com/v1/", $schema: "http://json-schema.org/schema#" };',
  'xhr.open("GET", "https://example.com/data.json");',
  'location.href = "javascript:void(0)";',
  'const element = <a href="https://example.com/a&amp;b c">x</a>;',
  'new URL("../relative/path", "https://example.com/base/");',
  'const id = "abc";',
  "const single = 'https://example.com/it\\'s';",
  'const text = "Read https://example.com/guide first.";',
  'import data from "./data.json";',
  'function f() { return fetch(`/api/${encodeURIComponent(name)}`); }',
  'const nested = `${id}/x`;',
  'fetch(`https://example.com/n/${nested}?a=${id}`);',
];

/** Text typed into the file: what makes literals and comments change shape. */
const TYPED = fc.constantFrom('a', ' ', '|', '%', 'zz', '"', "'", '`', '\\', '${', '}', '*/', '\n', '/', ':', '#', '?', '&amp;', 'é', '😀', 'https://x.org/', '');

interface Edit {
  at: number;
  remove: number;
  text: string;
}

const editOf = fc.record({ at: fc.nat(), remove: fc.nat({ max: 3 }), text: TYPED });

function applyEdit(text: string, edit: Edit): string {
  const at = edit.at % (text.length + 1);
  return text.slice(0, at) + edit.text + text.slice(Math.min(text.length, at + edit.remove));
}

/** What a client sees of an analysis: diagnostics (with their fixes) and links. */
function observed(service: ReturnType<typeof createLanguageService>, document: TextDocument) {
  return {
    diagnostics: service.provideDiagnostics(document, settings).map((d) => ({ code: d.code, range: d.range, message: d.message, data: d.data })),
    links: service.provideDocumentLinks(document, settings),
  };
}

describe('edits inside literals and comments', () => {
  it('find exactly what a fresh analysis finds, edit after edit', () => {
    let derived = 0;
    let edited = 0;
    fc.assert(
      fc.property(fc.shuffledSubarray(LINES, { minLength: 3 }), fc.array(editOf, { minLength: 1, maxLength: 6 }), (lines, edits) => {
        const incremental = createLanguageService();
        let text = lines.join('\n') + '\n';
        let document = TextDocument.create('file:///project/a.tsx', 'typescriptreact', 1, text);
        observed(incremental, document);
        for (const edit of edits) {
          text = applyEdit(text, edit);
          document = TextDocument.create(document.uri, document.languageId, document.version + 1, text);
          const fresh = createLanguageService();
          expect(observed(incremental, document)).toEqual(observed(fresh, document));
          edited++;
          if (incremental.analyze(document, settings).derived) derived++;
        }
      }),
      { numRuns: 150, seed: 3986 },
    );
    // The property is about the derived versions: most random edits land in a literal or comment.
    expect(derived).toBeGreaterThan(edited / 10);
  });

  it('typing in a URL derives the next version instead of parsing again', () => {
    const service = createLanguageService();
    const text = 'const a = 1;\nconst response = fetch("https://example.com/api");\n// https://example.com/docs\n';
    const first = TextDocument.create('file:///project/b.ts', 'typescript', 1, text);
    expect(service.analyze(first, settings).derived).toBe(false);
    const at = text.indexOf('/api') + 4;
    const typed = TextDocument.create(first.uri, 'typescript', 2, text.slice(0, at) + ' x' + text.slice(at));
    const analysis = service.analyze(typed, settings);
    expect(analysis.derived).toBe(true);
    expect(service.provideDiagnostics(typed, settings).map((d) => [d.code, typed.offsetAt(d.range.start)])).toEqual([['path-unescaped-char', at]]);
    // A new statement changes the tree: parsed again.
    const statement = TextDocument.create(first.uri, 'typescript', 3, `${typed.getText()}fetch("/b");\n`);
    expect(service.analyze(statement, settings).derived).toBe(false);
  });

  it('a refactor on a derived version reads fresh text maps', () => {
    const service = createLanguageService();
    const text = 'fetch("https://example.com/");\nfetch("https://example.com/a b");\n';
    const first = TextDocument.create('file:///project/c.ts', 'typescript', 1, text);
    service.analyze(first, settings);
    // Typing before the second URL moves it; then a selection inside it is encoded.
    const at = text.indexOf('.com/"') + 5;
    const second = TextDocument.create(first.uri, 'typescript', 2, text.slice(0, at) + 'index' + text.slice(at));
    expect(service.analyze(second, settings).derived).toBe(true);
    const start = second.getText().indexOf('a b');
    const range = { start: second.positionAt(start), end: second.positionAt(start + 3) };
    const encode = service.provideCodeActions(second, range, { diagnostics: [], only: ['refactor.rewrite.urilint.encode'] }, settings)[0];
    const edited = TextDocument.applyEdits(second, encode!.edit!.changes![second.uri]!);
    expect(edited).toBe('fetch("https://example.com/index");\nfetch("https://example.com/a%20b");\n');
  });
});

/** One change of a didChange notification, as offsets in the text the changes before it made. */
const changeOf = fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), text: TYPED });

describe('edits from didChange change ranges (updateDocument)', () => {
  it('find exactly what a fresh analysis finds, with several changes per notification', () => {
    let derived = 0;
    let edited = 0;
    fc.assert(
      fc.property(fc.shuffledSubarray(LINES, { minLength: 3 }), fc.array(fc.array(changeOf, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (lines, notifications) => {
        const incremental = createLanguageService();
        let document = TextDocument.create('file:///project/a.tsx', 'typescriptreact', 1, lines.join('\n') + '\n');
        observed(incremental, document);
        for (const changes of notifications) {
          // Each change's range is read on the text the changes before it made, as a client sends them.
          let text = document.getText();
          const events = changes.map((change) => {
            const at = change.at % (text.length + 1);
            const end = Math.min(text.length, at + change.remove);
            const positions = TextDocument.create('file:///scratch', 'plaintext', 0, text);
            const event = { range: { start: positions.positionAt(at), end: positions.positionAt(end) }, text: change.text };
            text = text.slice(0, at) + change.text + text.slice(end);
            return event;
          });
          document = updateDocument(document, events, document.version + 1);
          expect(document.getText()).toBe(text);
          const fresh = createLanguageService();
          expect(observed(incremental, document)).toEqual(observed(fresh, document));
          const analysis = incremental.analyze(document, settings);
          edited++;
          if (!analysis.work.parsed) {
            derived++;
            // The ranges were read from the notification: the texts were never compared.
            expect(analysis.work.diffed).toBe(false);
          }
        }
      }),
      { numRuns: 150, seed: 3986 },
    );
    // A notification derives only when all its changes land in literals or comments: fewer than one edit of `edited / 10` do.
    expect(derived).toBeGreaterThan(edited / 20);
  });

  const TEXT = [
    'const a = 1;',
    'fetch("https://example.com/api/items");',
    'fetch("https://example.com/other path");',
    'axios.get(`https://example.com/users/${id}`);',
    '// See https://example.com/docs',
    '',
  ].join('\n');

  /** The document after one didChange inserting `text` at `offset` of version 1. */
  function typed(service: ReturnType<typeof createLanguageService>, offset: number, text: string) {
    const first = TextDocument.create('file:///project/w.ts', 'typescript', 1, TEXT);
    const analysis = service.analyze(first, settings);
    expect(analysis.work).toEqual({ parsed: true, diffed: false, rediscovered: analysis.candidates.length, setUp: false });
    const position = first.positionAt(offset);
    return updateDocument(first, [{ range: { start: position, end: position }, text }], 2);
  }

  it('a one-character edit inside a string re-discovers exactly one candidate and runs no parse', () => {
    const service = createLanguageService();
    const at = TEXT.indexOf('/items') + 3;
    const document = typed(service, at, ' ');
    const analysis = service.analyze(document, settings);
    // No idle step ran between the full analysis and the edit: the edit set the tree up itself.
    expect(analysis.work).toEqual({ parsed: false, diffed: false, rediscovered: 1, setUp: true });
    expect(observed(service, document)).toEqual(observed(createLanguageService(), document));
    // The space typed is reported where it is.
    expect(analysis.findings.filter((finding) => finding.range[0] === at).map((finding) => finding.code)).toEqual(['path-unescaped-char']);
  });

  it('a quote typed inside a string ends it: the file is parsed again', () => {
    const service = createLanguageService();
    const document = typed(service, TEXT.indexOf('/items') + 3, '"');
    const analysis = service.analyze(document, settings);
    expect(analysis.work.parsed).toBe(true);
    expect(observed(service, document)).toEqual(observed(createLanguageService(), document));
  });

  it('a document updated without updateDocument is compared with the last text instead', () => {
    const service = createLanguageService();
    const first = TextDocument.create('file:///project/w.ts', 'typescript', 1, TEXT);
    service.analyze(first, settings);
    const at = TEXT.indexOf('/docs') + 2;
    const next = TextDocument.update(first, [{ range: { start: first.positionAt(at), end: first.positionAt(at) }, text: 'x' }], 2);
    expect(service.analyze(next, settings).work).toEqual({ parsed: false, diffed: true, rediscovered: 1, setUp: true });
  });
});

/** One turn of the event loop: the idle step the cache schedules after a full analysis runs in it. */
const idle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('work done ahead of an edit, and edits of a const string', () => {
  const TEXT = [
    'const id = "abc";',
    'const other = "xyz";',
    'const nested = `${id}-x`;',
    'fetch(`https://example.com/users/${id}`);',
    'fetch(`https://example.com/n/${nested}`);',
    'fetch(`https://example.com/o/${other}`);',
    'fetch("https://example.com/api/items");',
    '',
  ].join('\n');

  function edited(first: TextDocument, offset: number, text: string): TextDocument {
    const position = first.positionAt(offset);
    return updateDocument(first, [{ range: { start: position, end: position }, text }], first.version + 1);
  }

  it('after a full analysis and its idle step, the next edit does no setup', async () => {
    const service = createLanguageService();
    const first = TextDocument.create('file:///project/i.ts', 'typescript', 1, TEXT);
    expect(service.analyze(first, settings).work.parsed).toBe(true);
    await idle();
    const second = edited(first, TEXT.indexOf('/items') + 3, ' ');
    expect(service.analyze(second, settings).work).toEqual({ parsed: false, diffed: false, rediscovered: 1, setUp: false });
    expect(observed(service, second)).toEqual(observed(createLanguageService(), second));
  });

  it('an edit that arrives before the idle step sets the tree up itself, and the step does not run', async () => {
    const service = createLanguageService();
    const first = TextDocument.create('file:///project/j.ts', 'typescript', 1, TEXT);
    service.analyze(first, settings);
    const second = edited(first, TEXT.indexOf('/items') + 3, ' ');
    expect(service.analyze(second, settings).work.setUp).toBe(true);
    await idle();
    const third = edited(second, second.getText().indexOf('/api') + 2, 'q');
    expect(service.analyze(third, settings).work).toEqual({ parsed: false, diffed: false, rediscovered: 1, setUp: false });
    expect(observed(service, third)).toEqual(observed(createLanguageService(), third));
  });

  it('an edit in a const string finds again only the URIs that read the const, and parses nothing', async () => {
    const service = createLanguageService();
    const first = TextDocument.create('file:///project/k.ts', 'typescript', 1, TEXT);
    service.analyze(first, settings);
    await idle();
    // "abc" becomes "a bc": the URIs with `${id}`, and with `${nested}` (whose initializer reads `id`), are checked again.
    const second = edited(first, TEXT.indexOf('"abc"') + 2, ' ');
    const analysis = service.analyze(second, settings);
    expect(analysis.work).toEqual({ parsed: false, diffed: false, rediscovered: 2, setUp: false });
    const fresh = observed(createLanguageService(), second);
    expect(observed(service, second)).toEqual(fresh);
    expect(fresh.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['no-unencoded-interpolation']));
    // Back to "abc": the findings go again.
    const space = second.getText().indexOf(' bc');
    const back = updateDocument(second, [{ range: { start: second.positionAt(space), end: second.positionAt(space + 1) }, text: '' }], 3);
    expect(service.analyze(back, settings).work).toEqual({ parsed: false, diffed: false, rediscovered: 2, setUp: false });
    expect(observed(service, back)).toEqual(observed(createLanguageService(), back));
  });
});

describe('differenceOf', () => {
  it('is the one edit between two texts', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (prefix, removed, inserted, suffix) => {
        const before = prefix + removed + suffix;
        const after = prefix + inserted + suffix;
        const edit = differenceOf(before, after);
        if (before === after) {
          expect(edit).toBeUndefined();
          return;
        }
        expect(before.slice(0, edit!.start) + edit!.text + before.slice(edit!.end)).toBe(after);
      }),
      { seed: 3986 },
    );
  });
});

describe('typing code between statements', () => {
  /** Lines whose ends and starts decide whether text typed after them stays a statement of its own. */
  const CODE = [
    'const a = b',
    'const c = d;',
    'fetch("https://example.com/api/items")',
    '(function () { return 1; })();',
    '[1, 2].forEach(f);',
    '`https://example.com/t/${id} x`;',
    'function g() {\n  const u = "https://example.com/g h";\n\n  return u;\n}',
    'class Client {\n  base = "https://example.com/c d";\n\n  get() { return fetch(`${this.base}/x y`); }\n\n  n = 1\n\n  [k]() {}\n}',
    'if (ok) x = {}',
    '+y;',
    'class K { m() { return fetch("https://example.com/k|"); } }',
    'let fetchUrl = "https://example.com/f";',
    'type T = { u: string };',
    'in_list;',
    '// https://example.com/comment',
    '/** https://example.com/a b */',
    '/* eslint-disable-next-line urilint/no-unescaped-chars */',
    '',
    '',
    '',
    '',
  ];

  /** Typed on an empty line or at a line's start: names, operators, and what must make the file parsed again. */
  const TYPED_CODE = fc.constantFrom('x', 'xy', 'x;', 'x\n', '\n', ' ', 'a.b', 'a + 1', '!x', '(', '[', 'const fetch = 1;', 'fetch', 'fetch = f;', 'let', 'type', 'in', '"u"', '/re/', '// c', '/*', '*/', '#', '#!x', 'base', 'static y', 'y = 1', 'y()', 'y: string', 'x++', 'f()', '{', '}', 'await x', '');

  it('find exactly what a fresh analysis finds, edit after edit', () => {
    let derived = 0;
    let edited = 0;
    fc.assert(
      fc.property(fc.shuffledSubarray(CODE, { minLength: 4 }), fc.array(fc.record({ line: fc.nat(), remove: fc.nat({ max: 2 }), text: TYPED_CODE }), { minLength: 1, maxLength: 6 }), (lines, edits) => {
        const incremental = createLanguageService();
        let document = TextDocument.create('file:///project/code.ts', 'typescript', 1, lines.join('\n') + '\n');
        observed(incremental, document);
        for (const edit of edits) {
          // At the start of a line, every other time an empty one: where a statement of its own is typed.
          const text = document.getText();
          const starts = [0, ...[...text.matchAll(/\n/g)].map((match) => match.index + 1)];
          const empty = starts.filter((start) => text[start] === '\n');
          const typing = edit.line % 2 === 0 && empty.length > 0;
          const from = typing ? empty : starts;
          const at = from[(edit.line >> 1) % from.length]!;
          const end = typing ? at : Math.min(text.length, at + edit.remove);
          document = updateDocument(document, [{ range: { start: document.positionAt(at), end: document.positionAt(end) }, text: edit.text }], document.version + 1);
          // Read before the links, which parse a derived version again for their text maps.
          if (!incremental.analyze(document, settings).work.parsed) derived++;
          edited++;
          expect(observed(incremental, document)).toEqual(observed(createLanguageService(), document));
        }
      }),
      { numRuns: 200, seed: 3986 },
    );
    // The property is about the derived versions: on an empty line, a name of its own (about one typed text in four) is applied to the tree.
    expect(derived).toBeGreaterThan(edited / 30);
  });

  const TEXT = ['import { get } from "./http";', 'const base = "https://example.com/api/";', '', 'export function load(id: string) {', '  const u = `${base}items/${id}`;', '', '  return get(u);', '}', 'fetch("https://example.com/a b");', ''].join('\n');

  /** The analysis of the document after `text` is typed at `offset` of version 1 (after its idle step). */
  async function afterTyping(offset: number, text: string) {
    const service = createLanguageService();
    const first = TextDocument.create('file:///project/code.ts', 'typescript', 1, TEXT);
    service.analyze(first, settings);
    await idle();
    const position = first.positionAt(offset);
    const document = updateDocument(first, [{ range: { start: position, end: position }, text }], 2);
    const analysis = service.analyze(document, settings);
    expect(observed(service, document)).toEqual(observed(createLanguageService(), document));
    return analysis;
  }

  it('an `x` typed on an empty line is applied to the tree: no parse, nothing found again, the findings after it moved', async () => {
    const emptyLine = TEXT.indexOf('\n\n') + 1;
    const analysis = await afterTyping(emptyLine, 'x');
    expect(analysis.work).toEqual({ parsed: false, diffed: false, rediscovered: 0, setUp: false });
    const space = TEXT.indexOf('a b') + 1;
    expect(analysis.findings.map((finding) => [finding.code, finding.range[0]])).toContainEqual(['path-unescaped-char', space + 1]);
    // Inside a function's block as well.
    expect((await afterTyping(TEXT.indexOf('\n\n  return') + 1, '  x.y')).work.parsed).toBe(false);
  });

  it('a new field typed between a class\'s members is applied to the tree; one named as a name in the file, or with a value, is parsed again', async () => {
    const text = ['class Api {', '  private readonly base = "https://example.com/api/";', '', '  item(id: string) {', '    return fetch(`${this.base}items/${id} x`);', '  }', '}', ''].join('\n');
    const at = text.indexOf('\n\n') + 1;
    const work = async (typed: string) => {
      const service = createLanguageService();
      const first = TextDocument.create('file:///project/class.ts', 'typescript', 1, text);
      service.analyze(first, settings);
      await idle();
      const position = first.positionAt(at);
      const document = updateDocument(first, [{ range: { start: position, end: position }, text: typed }], 2);
      const analysis = service.analyze(document, settings);
      expect(observed(service, document)).toEqual(observed(createLanguageService(), document));
      return analysis.work.parsed;
    };
    expect(await work('  x')).toBe(false);
    expect(await work('  retries;')).toBe(false);
    for (const typed of ['  base', '  x = "https://example.com/"', '  static x', '  x() {}', '  private x', '  get']) expect([typed, await work(typed)]).toEqual([typed, true]);
  });

  it.each([
    ['a declaration, which may change what a name is', 'const fetch = 1;'],
    ['an assignment', 'get = fetch;'],
    ['a call, which may be a sink', 'fetch(u)'],
    ['a string', '"https://example.com/typed"'],
    ['a comment', '// https://example.com/typed'],
    ['a name that begins a declaration across a line break', 'let'],
    ['an unfinished statement', 'x('],
  ])('%s typed on an empty line: the file is parsed again', async (_, typed) => {
    expect((await afterTyping(TEXT.indexOf('\n\n') + 1, typed)).work.parsed).toBe(true);
  });

  it('text that the statement before or after would take as its own: the file is parsed again', async () => {
    // Without its `;`, `const base = "…"` takes `(x)` on the next line as a call of the string, `[x]` as an index, `+x` as a sum.
    const noSemicolon = TEXT.replace('"https://example.com/api/";', '"https://example.com/api/"');
    const at = noSemicolon.indexOf('\n\n') + 1;
    for (const typed of ['(x)', '[x]', '+x', 'x']) {
      // updateDocument changes the document it is given: a new one each time, analysed before.
      const first = TextDocument.create('file:///project/asi.ts', 'typescript', 1, noSemicolon);
      const incremental = createLanguageService();
      incremental.analyze(first, settings);
      const position = first.positionAt(at);
      const document = updateDocument(first, [{ range: { start: position, end: position }, text: typed }], 2);
      // Only a name, after a line break, cannot continue the statement before it.
      expect([typed, incremental.analyze(document, settings).work.parsed]).toEqual([typed, typed !== 'x']);
      expect(observed(incremental, document)).toEqual(observed(createLanguageService(), document));
    }
    // Typed at the start of the next statement, touching it: `xexport function …`.
    expect((await afterTyping(TEXT.indexOf('export function'), 'x')).work.parsed).toBe(true);
  });
});
