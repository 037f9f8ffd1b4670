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
