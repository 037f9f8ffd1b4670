import { fileURLToPath } from 'node:url';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../packages/cli/src/index.js';

/** What `urilint check` must say about each line of examples/links.txt: the codes, in order. */
const EXPECTED: Record<string, string[]> = {
  'https://example.com/docs/getting-started': [],
  'https://api.example.com/v2/users?page=2&per_page=50#results': [],
  'https://cdn.example.com/assets/Quarterly Report 2026.pdf': ['path-unescaped-char', 'path-unescaped-char'],
  'https://shop.example.com/search?q=red shoes&sort=price': ['query-unescaped-char'],
  'https://example.com/downloads/100%-free-guide.pdf': ['pct-invalid-triplet'],
  'http://[2001:db8::7]:8080/status': [],
  'http://[2001:db8::7::1]/status': ['host-ipv6-double-compression'],
  'http://2001:db8::1/metrics': ['host-ipv6-missing-brackets'],
  'https://ftp.example.com:21a/files': ['port-invalid-char'],
  'https://user@corp.example@intranet.example.com/wiki': ['userinfo-unescaped-char'],
  'https://example.com/café/menu': ['iri-char'],
  'https://example.com/help#install#linux': ['fragment-unescaped-char'],
  'ldap://[2001:db8::7]/c=GB?objectClass?one': [],
  'mailto:support@example.com?subject=Bug%20report': [],
  'https://example.com/api/items?filter[status]=open': ['query-unescaped-char', 'query-unescaped-char'],
  'urn:oasis:names:specification:docbook:dtd:xml:4.1.2': [],
  'web_hook://example.com/events': ['scheme-invalid-char'],
  'https://example.com/search?q=%E6%97%A5%E6%9C%AC': [],
  'https://example.com/legacy?name=%C3%28': ['pct-invalid-utf8'],
  '../images/logo.svg': [],
};

class Sink extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

describe('the main job on examples/', () => {
  it('finds every planted problem and nothing in the correct links', async () => {
    const stdout = new Sink();
    const stderr = new Sink();
    const file = fileURLToPath(new URL('../examples/links.txt', import.meta.url));
    const code = await main(['check', '--json', '--file', file], { stdin: Readable.from([]), stdout, stderr, env: {} });
    expect(code).toBe(1);
    const results = stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { input: string; valid: boolean; diagnostics: { code: string }[] });
    const found = Object.fromEntries(results.map((r) => [r.input, r.diagnostics.map((d) => d.code)]));
    expect(found).toEqual(EXPECTED);
  });
});
