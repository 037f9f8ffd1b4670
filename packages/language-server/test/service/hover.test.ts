import { describe, expect, it } from 'vitest';
import { createLanguageService } from '../../src/service/index.js';
import { documentOf, settingsWith } from '../support/documents.js';

const service = createLanguageService();

function hoverText(marked: string, languageId = 'typescript', settings = settingsWith()): string | undefined {
  const { document, position } = documentOf(marked, languageId);
  const hover = service.provideHover(document, position, settings);
  if (hover === null) return undefined;
  return typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : undefined;
}

/** The codes of a section's list (`**Problems**`, `**Not checked…`): the lines `- \`code\` …` after its heading. */
function sectionCodes(text: string, heading: string): string[] {
  const at = text.indexOf(heading);
  if (at < 0) return [];
  const section = text.slice(at + heading.length).split('\n\n')[1] ?? '';
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1]!);
}
const problemCodes = (text: string): string[] => sectionCodes(text, '**Problems**');
const uncheckedCodes = (text: string): string[] => sectionCodes(text, '**Not checked by the rules that are on**');

describe('hover on a URI', () => {
  it('breaks it into its components, password masked, port noted, path and query decoded', () => {
    const text = hoverText('fetch("https://ann:s3cret@exa‸mple.com:443/a%20b/c?q=caf%C3%A9&x=1+2&flag#top");');
    expect(text).toBeDefined();
    const lines = text!.split('\n');
    expect(lines[0]).toBe('`https://ann:••••@example.com:443/a%20b/c?q=caf%C3%A9&x=1+2&flag#top`  ');
    expect(text).not.toContain('s3cret');
    expect(lines).toContain('| scheme | `https` |');
    expect(lines).toContain('| userinfo | `ann:••••` (password masked) |');
    expect(lines).toContain('| host | `example.com` — registered name |');
    expect(lines).toContain('| port | `443` — the default for https |');
    expect(lines).toContain('| &nbsp;&nbsp;segments | `a b` · `c` |');
    expect(lines).toContain('| &nbsp;&nbsp;parameters | `q` = `café` · `x` = `1 2` · `flag` |');
    expect(lines).toContain('| fragment | `top` |');
    // §6.2.3: the default port goes in the normal form.
    expect(text).toContain('**Normal form** `https://ann:••••@example.com/a%20b/c?q=caf%C3%A9&x=1+2&flag#top`');
  });

  it('names the host kind: IPv4, IPv6 with its zone', () => {
    expect(hoverText('fetch("http://192.0.2.1‸:8080/")')).toContain('| host | `192.0.2.1` — IPv4 address |');
    expect(hoverText('fetch("http://[2001:db8::1]‸/")')).toContain('| host | `[2001:db8::1]` — IPv6 address |');
  });

  it('lists each problem with its RFC section', () => {
    const text = hoverText('fetch("https://example.com/a b‸%zz");');
    expect(text).toContain('URI, invalid (RFC 3986)');
    expect(text).toMatch(/- `path-unescaped-char` A space must be percent-encoded in the path: .* — RFC 3986 §3\.3/);
    expect(text).toMatch(/- `pct-invalid-triplet` .* — RFC 3986 §2\.1/);
    expect(text).not.toContain('**Normal form**');
  });

  it('agrees with the diagnostics: the problems it lists are the codes reported on the URI, and only those', () => {
    // The strict preset, a rule turned off, a sink that navigates and a string that goes nowhere.
    const cases: [string, ReturnType<typeof settingsWith>][] = [
      ['fetch("https://example.com/a b‸%zz");', settingsWith()],
      ['location.href = "javascript:alert‸(1)";', settingsWith()],
      ['const js = "javascript:alert‸(1)";', settingsWith()],
      ['fetch("HTTP://Exa‸mple.com/a b");', settingsWith({ preset: 'strict' })],
      ['fetch("HTTP://Exa‸mple.com/a b");', settingsWith({ rules: { 'no-unescaped-chars': 'off' } })],
    ];
    for (const [marked, settings] of cases) {
      const { document, position } = documentOf(marked);
      const range = service.provideHover(document, position, settings)!.range!;
      const inside = service
        .provideDiagnostics(document, settings)
        .filter((d) => document.offsetAt(d.range.start) >= document.offsetAt(range.start) && document.offsetAt(d.range.end) <= document.offsetAt(range.end));
      expect(problemCodes(hoverText(marked, 'typescript', settings)!), marked).toEqual(inside.map((d) => d.code));
    }
  });

  it('says what core finds that no rule that is on reports, apart from the problems: `javascript:` in a plain string', () => {
    const marked = 'const js = "javascript:alert‸(1)";';
    const { document } = documentOf(marked);
    expect(service.provideDiagnostics(document, settingsWith())).toEqual([]);
    const text = hoverText(marked)!;
    expect(text).not.toContain('**Problems**');
    expect(text).toContain('**Not checked by the rules that are on** (no diagnostic)');
    expect(uncheckedCodes(text)).toEqual(['scheme-script']);
    // The same URI where a browser navigates to it is a problem, and nothing is left unchecked.
    const sink = hoverText('location.href = "javascript:alert‸(1)";')!;
    expect(problemCodes(sink)).toEqual(['scheme-script']);
    expect(sink).not.toContain('Not checked');
  });

  it('names the rule that is off when one would report the code, and the codes a disable comment turns off', () => {
    const off = hoverText('fetch("https://example.com/a‸ b");', 'typescript', settingsWith({ rules: { 'no-unescaped-chars': 'off' } }))!;
    expect(problemCodes(off)).toEqual([]);
    expect(off).toMatch(/^- `path-unescaped-char` A space .* — RFC 3986 §3\.3 \(`urilint\/no-unescaped-chars` reports it; it is off\)$/m);
    // The normal form is checked by prefer-normalized, in strict and all only.
    expect(hoverText('fetch("HTTP://exa‸mple.com/");')).toContain('`normal-scheme-case` The scheme "HTTP" is case-insensitive');
    expect(hoverText('fetch("HTTP://exa‸mple.com/");')).toContain('(`urilint/prefer-normalized` reports it; it is off)');
    const disabled = hoverText('// eslint-disable-next-line urilint/no-unescaped-chars\nfetch("https://example.com/a‸ b");')!;
    expect(problemCodes(disabled)).toEqual([]);
    expect(disabled).toContain('**Turned off** by a disable comment: `path-unescaped-char` (`urilint/no-unescaped-chars`)');
    expect(disabled).not.toContain('Not checked');
  });

  it('says how a browser reads it when that differs', () => {
    const text = hoverText('fetch("https://example.com/a/%2e%2e/‸b");');
    expect(text).toContain('**A browser reads** `https://example.com/b`');
  });

  it('resolves a relative reference against the base setting', () => {
    const text = hoverText('fetch("../img/‸logo.png");', 'typescript', settingsWith({ baseUri: 'https://example.com/app/page/' }));
    expect(text).toContain('relative reference, valid');
    expect(text).toContain('**Resolved** `https://example.com/app/img/logo.png` (against `https://example.com/app/page/`)');
  });

  it('shows a `${…}` as a hole and lists no problem in it', () => {
    const text = hoverText('fetch(`https://example.com/users/${id}/‸posts`);');
    expect(text!.split('\n')[0]).toBe('`https://example.com/users/…/posts`  ');
    expect(text).toContain('`…` is filled in at run time');
  });

  it('is null away from a URI, and for a language that is off', () => {
    expect(hoverText('const a‸ = fetch("https://example.com/");')).toBeUndefined();
    expect(hoverText('fetch("https://exa‸mple.com/");', 'typescript', settingsWith({ enable: false }))).toBeUndefined();
  });

  it('covers the whole URI as its range, the end included', () => {
    const { document, position } = documentOf('fetch("https://example.com/a"‸);');
    const hover = service.provideHover(document, { line: 0, character: position.character - 1 }, settingsWith());
    const start = document.getText().indexOf('https');
    expect(hover?.range).toEqual({ start: document.positionAt(start), end: document.positionAt(document.getText().indexOf('"', start)) });
  });
});
