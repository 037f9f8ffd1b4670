import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import { describe, expect, it } from 'vitest';
import { createLanguageService, DECODE_KIND, ENCODE_KIND, FIX_ALL_KIND } from '../../src/service/index.js';
import { applyWorkspaceEdit, documentOf, nextVersion, settingsWith } from '../support/documents.js';

const service = createLanguageService();
const settings = settingsWith();

function actionsAt(marked: string, languageId = 'typescript', only?: string[]) {
  const { document, range } = documentOf(marked, languageId);
  const diagnostics = service.provideDiagnostics(document, settings);
  const actions = service.provideCodeActions(document, range, { diagnostics, ...(only ? { only } : {}) }, settings);
  return { document, diagnostics, actions };
}

const titles = (actions: CodeAction[]): string[] => actions.map((action) => action.title);

describe('quick-fixes', () => {
  it('the safe fix is preferred and keeps the quotes; applied, the problem is gone', () => {
    const { document, actions } = actionsAt('fetch(\'https://example.com/a‸ b\');');
    const preferred = actions.filter((action) => action.isPreferred);
    expect(preferred).toHaveLength(1);
    expect(preferred[0]!.kind).toBe(CodeActionKind.QuickFix);
    const fixed = applyWorkspaceEdit(document, preferred[0]!.edit);
    expect(fixed).toBe("fetch('https://example.com/a%20b');");
    expect(service.provideDiagnostics(nextVersion(document, fixed), settings)).toEqual([]);
  });

  it('suggestions are quick-fixes that are not preferred', () => {
    const { document, actions } = actionsAt('fetch("https://example.com/%‸zz");');
    const suggestion = actions.find((action) => action.title === 'Encode the "%" itself as "%25".');
    expect(suggestion).toMatchObject({ kind: CodeActionKind.QuickFix, isPreferred: false });
    expect(applyWorkspaceEdit(document, suggestion!.edit)).toBe('fetch("https://example.com/%25zz");');
  });

  it('disable comments for the line and the file, which the server then honours', () => {
    const { document, actions } = actionsAt('function f() {\n  fetch("https://example.com/a‸ b");\n}\n');
    const line = actions.find((action) => action.title === 'Disable urilint/no-unescaped-chars for this line');
    const file = actions.find((action) => action.title === 'Disable urilint/no-unescaped-chars for the entire file');
    const afterLine = applyWorkspaceEdit(document, line!.edit);
    expect(afterLine).toBe('function f() {\n  // eslint-disable-next-line urilint/no-unescaped-chars\n  fetch("https://example.com/a b");\n}\n');
    expect(service.provideDiagnostics(nextVersion(document, afterLine), settings)).toEqual([]);
    const afterFile = applyWorkspaceEdit(document, file!.edit);
    expect(afterFile.startsWith('/* eslint-disable urilint/no-unescaped-chars */\n')).toBe(true);
    expect(service.provideDiagnostics(nextVersion(document, afterFile), settings)).toEqual([]);
  });

  it('no disable comments outside JavaScript and TypeScript', () => {
    const { actions } = actionsAt('See https://example.com/%‸zz here.\n', 'plaintext');
    expect(actions.length).toBeGreaterThan(0);
    expect(titles(actions).some((title) => title.startsWith('Disable'))).toBe(false);
  });

  it('finds the problem by the data of the diagnostic when the client echoes a range in other units', () => {
    const { document } = documentOf('const s = "😀😀😀"; fetch("https://example.com/a b");');
    const [diagnostic] = service.provideDiagnostics(document, settings);
    // A client counting code points reports the space 3 columns early: a range that holds no problem.
    const echoed: Diagnostic = { ...diagnostic!, range: { start: { line: 0, character: 2 }, end: { line: 0, character: 3 } } };
    const actions = service.provideCodeActions(document, echoed.range, { diagnostics: [echoed] }, settings);
    const preferred = actions.find((action) => action.isPreferred);
    expect(applyWorkspaceEdit(document, preferred!.edit)).toBe('const s = "😀😀😀"; fetch("https://example.com/a%20b");');
  });

  it('nothing for a range without problems (the client sends only the diagnostics in the range)', () => {
    const { document, range } = documentOf('fetch("https://example.com/a b");\nconst x‸ = 1;\n');
    expect(service.provideCodeActions(document, range, { diagnostics: [], only: [CodeActionKind.QuickFix] }, settings)).toEqual([]);
  });
});

describe('fix all', () => {
  it('applies every safe fix at once, and no suggestion', () => {
    const { document, actions } = actionsAt('fetch("https://example.com/a b|c");\nfetch("http://0x7f.1/%zz");\n', 'typescript', [FIX_ALL_KIND]);
    expect(titles(actions)).toEqual(['Fix all safely fixable urilint problems']);
    expect(actions[0]!.kind).toBe(FIX_ALL_KIND);
    const fixed = applyWorkspaceEdit(document, actions[0]!.edit);
    // The space, the "|" and the hex IPv4 host are fixed; "%zz" has only suggestions and stays.
    expect(fixed).toBe('fetch("https://example.com/a%20b%7Cc");\nfetch("http://127.0.0.1/%zz");\n');
    const left = service.provideDiagnostics(nextVersion(document, fixed), settings).map((d) => d.code);
    expect(left).toEqual(['pct-invalid-triplet']);
  });

  it('is offered to `source.fixAll` requests and not to others', () => {
    expect(titles(actionsAt('fetch("https://example.com/a b");', 'typescript', [CodeActionKind.SourceFixAll]).actions)).toEqual(['Fix all safely fixable urilint problems']);
    expect(actionsAt('fetch("https://example.com/a b");', 'typescript', [CodeActionKind.Refactor]).actions).toEqual([]);
  });
});

describe('refactors on a selection', () => {
  it('percent-encodes the selected text in the literal, escapes kept', () => {
    const { document, actions } = actionsAt('fetch("https://example.com/search?q=«café & crème»");', 'typescript', [CodeActionKind.RefactorRewrite]);
    const encode = actions.find((action) => action.kind === ENCODE_KIND);
    expect(applyWorkspaceEdit(document, encode!.edit)).toBe('fetch("https://example.com/search?q=caf%C3%A9%20%26%20cr%C3%A8me");');
  });

  it('percent-decodes it, written for the literal', () => {
    const { document, actions } = actionsAt("fetch('https://example.com/«caf%C3%A9%27s»');", 'typescript', [CodeActionKind.RefactorRewrite]);
    const decode = actions.find((action) => action.kind === DECODE_KIND);
    expect(applyWorkspaceEdit(document, decode!.edit)).toBe("fetch('https://example.com/café\\'s');");
  });

  it('nothing for an empty selection or one across a `${…}`', () => {
    expect(actionsAt('fetch("https://example.com/a‸b");', 'typescript', [CodeActionKind.RefactorRewrite]).actions).toEqual([]);
    expect(actionsAt('fetch(`https://example.com/«a${x}b»`);', 'typescript', [CodeActionKind.RefactorRewrite]).actions).toEqual([]);
  });
});

describe('one report per URI and problem (issue 28)', () => {
  // Cobalt's inline SVG in a component's style: its "<", ">", spaces and quotes written raw.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 12l5 5l10 -10" stroke="white" fill="none"/></svg>';
  const css = `.check { background: url('data:image/svg+xml;utf8,${svg}'); }\n`;

  it("reports an inline SVG's characters to encode once, named with their counts; its quick-fix and fix-all write every one", () => {
    const { document } = documentOf(css, 'css');
    const diagnostics = service.provideDiagnostics(document, settings);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'path-unescaped-char',
        '27 characters must be percent-encoded in the data: write "<" as "%3C" (3 times), a space as "%20" (11 times), a double quote (") as "%22" (10 times), ">" as "%3E" (3 times). Browsers accept the URI as written; RFC 3986 does not.',
      ],
    ]);
    const all = encodeURIComponent(svg).replaceAll('%2F', '/').replaceAll('%3D', '=').replaceAll('%3A', ':');
    const quick = service.provideCodeActions(document, diagnostics[0]!.range, { diagnostics }, settings).find((action) => action.isPreferred);
    expect(applyWorkspaceEdit(document, quick!.edit)).toBe(css.replace(svg, all));
    const range = { start: document.positionAt(0), end: document.positionAt(css.length) };
    const [fixAll] = service.provideCodeActions(document, range, { diagnostics: [], only: [FIX_ALL_KIND] }, settings);
    expect(applyWorkspaceEdit(document, fixAll!.edit)).toBe(css.replace(svg, all));
  });
});
