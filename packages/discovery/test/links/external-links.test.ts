import { isNonPublicHost } from '@urilint/core';
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import type { Finding } from '../../src/finding.js';
import { applySourceEdits } from '../../src/fixes.js';
import { externalLinkKey, externalLinks, fragmentOf, notChecked, pageKey, type ExternalVerdict } from '../../src/links/external.js';
import { MemoryFileSystem } from '../../src/links/memory-fs.js';
import { WorkspaceIndex } from '../../src/links/workspace.js';
import { runRules } from '../../src/rules/index.js';

const AT = 1_800_000_000_000;

function lint(text: string, verdicts: Record<string, ExternalVerdict> | undefined, path = '/repo/README.md', asked?: Set<string>): Finding[] {
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const index = new WorkspaceIndex(new MemoryFileSystem({ [path]: text }));
  const document = { path, kind, text, links: index, ...(verdicts === undefined ? {} : { external: externalLinks(verdicts, {}, asked) }) };
  return runRules(found.candidates, { 'no-broken-links': {} }, undefined, document);
}

describe('which links the online check may request', () => {
  it('http and https to public hosts only; reserved, loopback and private hosts unless allowed', () => {
    expect(notChecked('https://github.com/urilint/urilint')).toBeUndefined();
    expect(notChecked('mailto:a@b.org')).toBe('not-http');
    expect(notChecked('ftp://ftp.gnu.org/')).toBe('not-http');
    // RFC 2606 §3 and RFC 6761 §6: documentation and test names.
    for (const url of ['https://example.com/', 'http://www.example.org/x', 'https://site.test/', 'http://a.localhost/', 'http://x.invalid/', 'http://localhost:3000/']) expect(notChecked(url)).toBe('non-public-host');
    // Loopback, RFC 1918 private, link-local (cloud metadata), unique-local IPv6, one-label names.
    for (const url of ['http://127.0.0.1/', 'http://10.1.2.3/', 'http://172.20.0.1/', 'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[fd00::1]/', 'http://[fe80::1]/', 'http://jenkins/', 'http://printer.local/', 'http://0x7f.1/']) {
      expect([url, notChecked(url)]).toEqual([url, 'non-public-host']);
    }
    expect(notChecked('http://docs.example.org/', { allowHosts: ['docs.example.org'] })).toBeUndefined();
    expect(notChecked('https://github.com/a/b', { exclude: ['^https://github\\.com/a/'] })).toBe('excluded');
    expect(isNonPublicHost('8.8.8.8')).toBe(false);
    expect(isNonPublicHost('[2001:4860:4860::8888]')).toBe(false);
    expect(isNonPublicHost('[::ffff:10.0.0.1]')).toBe(true);
  });

  it('a link is known by its normal form (RFC 3986 §6.2.2, §6.2.3); its page by the form without fragment', () => {
    expect(externalLinkKey('HTTPS://GitHub.com:443/a/./b/../c')).toBe('https://github.com/a/c');
    expect(externalLinkKey('https://github.com/%7euser')).toBe('https://github.com/~user');
    expect(pageKey('https://github.com/a#readme')).toBe('https://github.com/a');
    expect(fragmentOf('https://github.com/a#caf%C3%A9')).toBe('café');
    expect(fragmentOf('https://github.com/a#')).toBeUndefined();
  });
});

describe('no-broken-links with the verdicts of the online check', () => {
  const text = [
    '[gone](https://docs.vendor.net/old-page)',
    '[moved](http://docs.vendor.net/moved#setup)',
    '[busy](https://api.vendor.net/status)',
    '[fine](https://vendor.net/)',
    '[never](https://example.com/x)',
    '',
  ].join('\n');
  const verdicts: Record<string, ExternalVerdict> = {
    'https://docs.vendor.net/old-page': { status: 'broken', reason: 'it answers 404 Not Found', httpStatus: 404, checkedAt: AT },
    'http://docs.vendor.net/moved#setup': { status: 'moved', reason: '301 Moved Permanently', httpStatus: 301, target: 'https://docs.vendor.net/guide/#setup', checkedAt: AT },
    'https://api.vendor.net/status': { status: 'unknown', reason: 'it answers 429 Too Many Requests', httpStatus: 429, retryAt: AT + 20 * 60_000, checkedAt: AT },
    'https://vendor.net/': { status: 'ok', reason: '200', httpStatus: 200, checkedAt: AT },
  };

  it('reports broken; moved (advisory, its target the fix) and unknown (advisory, saying when to retry)', () => {
    const findings = lint(text, verdicts);
    expect(findings.map((f) => [text.slice(...f.range), f.messageId, f.advisory === true])).toEqual([
      ['https://docs.vendor.net/old-page', 'externalBroken', false],
      ['http://docs.vendor.net/moved#setup', 'externalMoved', true],
      ['https://api.vendor.net/status', 'externalUnknown', true],
    ]);
    expect(findings[0]!.message).toBe('"https://docs.vendor.net/old-page" is broken: it answers 404 Not Found.');
    expect(applySourceEdits(text, findings[1]!.fix!)).toContain('[moved](https://docs.vendor.net/guide/#setup)');
    expect(findings[2]!.message).toBe('"https://api.vendor.net/status" could not be checked: it answers 429 Too Many Requests; the host asks to be tried again after 2027-01-15 08:20 UTC.'.replace('2027-01-15 08:20', new Date(AT + 20 * 60_000).toISOString().slice(11, 16)));
  });

  it('without verdicts from a front end, no external link is reported; the links without a verdict are noted', () => {
    expect(lint(text, undefined)).toEqual([]);
    const asked = new Set<string>();
    expect(lint(text, {}, '/repo/README.md', asked)).toEqual([]);
    expect([...asked]).toEqual(['https://docs.vendor.net/old-page', 'http://docs.vendor.net/moved#setup', 'https://api.vendor.net/status', 'https://vendor.net/']);
  });

  it('a link with a template hole is never asked about', () => {
    const asked = new Set<string>();
    lint('<a href="https://docs.vendor.net/{{ page }}">x</a>\n', {}, '/repo/page.html', asked);
    expect([...asked]).toEqual([]);
  });
});
