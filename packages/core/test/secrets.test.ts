import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, maskSecrets, parse, secretSpans, type Diagnostic } from '../src/index.js';

/** Every text a diagnostic carries: its message and its suggestions' messages. */
const texts = (diagnostics: readonly Diagnostic[]): string => diagnostics.map((d) => [d.message, ...(d.suggestions ?? []).map((s) => s.message)].join('\n')).join('\n');

describe('secrets in messages (issue 27, items 3 and 18)', () => {
  // Written as the issue reports them: the whole userinfo quoted, a piece of a password quoted.
  it('never quotes the password of a userinfo that looks like a host', () => {
    const { diagnostics } = analyze('https://www.paypal.com:s3cretPW9@evil.example/');
    expect(diagnostics.map((d) => d.code)).toContain('userinfo-looks-like-host');
    const all = texts(diagnostics);
    expect(all).not.toContain('s3cretPW9');
    expect(all).toContain('The userinfo "www.paypal.com:•••••••••" looks like a host');
  });

  it('never quotes the password in the removal suggestion', () => {
    const { diagnostics } = analyze('https://user:s3cretPW1@host.example.net/');
    const password = diagnostics.find((d) => d.code === 'userinfo-password')!;
    expect(password.suggestions?.map((s) => s.message)).toEqual(['Remove the userinfo "user:•••••••••@".']);
    expect(texts(diagnostics)).not.toContain('s3cretPW1');
  });

  it('never quotes a piece of a password ("%zz" of "ab%zzcdPW7")', () => {
    const { diagnostics } = analyze('https://u:ab%zzcdPW7@h.example.org/');
    const triplet = diagnostics.find((d) => d.code === 'pct-invalid-triplet')!;
    expect(triplet.message).toBe('In the password (3 of its 10 characters, not shown here): "%" is not followed by two hexadecimal digits.');
    const all = texts(diagnostics);
    expect(all).not.toContain('%zz');
    expect(all).not.toContain('zzcd');
  });

  it('never shows the password as a browser serializes it', () => {
    // A browser splits at the last "@" and sends the rest as credentials; its href is quoted.
    const { diagnostics } = analyze('https://a:bPW8@b@c.example/');
    expect(diagnostics.map((d) => d.code)).toContain('whatwg-userinfo-last-at');
    const all = texts(diagnostics);
    expect(all).not.toContain('bPW8');
    expect(all).not.toContain('bPW8%40b');
  });

  it('masks the values of secret query parameters in messages', () => {
    const uri = 'https://h.example/x?access_token=TOK%zzSECRET1&X-Amz-Signature=AMZSIG123&api_key=API KEY77&X-Amz-Credential=AKIAEXAMPLE%2F20260101';
    const { diagnostics } = analyze(uri);
    expect(diagnostics.length).toBeGreaterThan(0);
    const all = texts(diagnostics);
    for (const secret of ['TOK%zzSECRET1', '%zz', 'AMZSIG123', 'API KEY77', 'API%20KEY77', 'AKIAEXAMPLE', 'AKIAEXAMPLE/20260101']) expect(all).not.toContain(secret);
  });

  it('finds the secrets of a URI: the password and the values of well-known parameters', () => {
    const uri = 'redis://:pa55word@cache.internal:6379/0?timeout=5&Sig=abc&KEY=k1&x-amz-signature=&token';
    const shown = secretSpans(parse(uri)).map((span) => [uri.slice(span.start, span.end), span.what]);
    expect(shown).toEqual([
      ['pa55word', 'the password'],
      ['abc', 'the value of the query parameter "Sig"'],
      ['k1', 'the value of the query parameter "KEY"'],
    ]);
    expect(maskSecrets(uri)).toBe('redis://:••••••••@cache.internal:6379/0?timeout=5&Sig=•••&KEY=••&x-amz-signature=&token');
    expect(maskSecrets(uri, parse(uri), '••••')).toBe('redis://:••••@cache.internal:6379/0?timeout=5&Sig=••••&KEY=••••&x-amz-signature=&token');
  });

  it('no message of any URI quotes its password (property)', () => {
    const password = fc.stringMatching(/^[A-Za-z0-9%@:/ ?#[\]\\.-]{6,20}$/).filter((p) => /[A-Za-z0-9]{6}/.test(p));
    fc.assert(
      fc.property(fc.constantFrom('http', 'https', 'ftp', 'redis', 'x'), fc.constantFrom('www.bank.example', 'user', ''), password, (scheme, user, secret) => {
        const uri = `${scheme}://${user}:${secret}@host.example/p?q=1`;
        const reference = parse(uri);
        const spans = secretSpans(reference);
        if (spans[0]?.what !== 'the password') return;
        const written = uri.slice(spans[0].start, spans[0].end);
        const run = written.match(/[A-Za-z0-9]{6,}/)?.[0];
        if (run === undefined) return;
        expect(texts(analyze(uri).diagnostics)).not.toContain(run);
      }),
    );
  });
});
