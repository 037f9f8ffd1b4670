// A password and secret query values planted in a JavaScript file and a Markdown file, then every
// text urilint writes about them searched for them (issue 27, items 3 and 18): the five formats of
// `scan`, `explain` and `check` (text and JSON), ESLint's messages and suggestions (JSON), and the
// language server's diagnostics, hovers, code-action titles and log. None may appear.
//
// ESLint and the server run from their builds (packages/*/dist): `pnpm check` builds first.
/* eslint-disable urilint/no-credentials, urilint/no-deceptive-authority, urilint/no-invalid-percent-encoding, urilint/no-unescaped-chars -- the planted URIs */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../packages/cli/test/support/run.js';
import { startClient } from '../packages/language-server/test/support/client.js';

/** What must never be written: each password, a piece of one, each secret query value. */
const SECRETS = ['s3cretPW9', 's3cretPW1', 's3cretPW4', 'zzcdPW7', '%zz', 'TOKSECRET1', 'APIKEY77', 'AMZSIG123', 'AKIAPLANTED'];

/** The URIs, as an attacker or an unlucky author writes them. */
const URIS = [
  // no-deceptive-authority quoted the whole userinfo.
  'https://www.paypal.com:s3cretPW9@evil.example/',
  // no-credentials' suggestion quoted it: "Remove the userinfo "user:s3cretPW1@"."
  'https://user:s3cretPW1@host.example.net/',
  // Read as a route's host parameter before (issue 27, item 4): a hole, shown in clear.
  'redis://:s3cretPW4@cache.internal/0',
  // A broken triplet inside a password: "%" in "%zz"…
  'https://u:ab%zzcdPW7@h.example.org/x',
  // Secret query values, one with a broken triplet, one with a space.
  'https://api.example.net/v1?access_token=TOKSECRET1%zz&api_key=API KEY77',
  'https://bucket.s3.amazonaws.com/a.txt?X-Amz-Credential=AKIAPLANTED%2F20260101&X-Amz-Signature=AMZSIG123&X-Amz-Expires=60',
];

const JS = URIS.map((uri) => `fetch(${JSON.stringify(uri)});`).join('\n') + '\n';
const MARKDOWN = `# Planted\n\n${URIS.map((uri, i) => `- [link ${i}](<${uri}>)`).join('\n')}\n`;

/** The planted strings found in `text`. */
const leaked = (text: string): string[] => SECRETS.filter((secret) => text.includes(secret));

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'urilint-secrets-'));
  writeFileSync(join(dir, 'api.js'), JS);
  writeFileSync(join(dir, 'README.md'), MARKDOWN);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('no output shows a planted password or secret query value', () => {
  it.each(['text', 'json', 'sarif', 'github', 'gitlab'])('scan --format %s', async (format) => {
    const result = await run(['scan', '--format', format, '--preset', 'strict', dir]);
    // The URIs are reported (what could leak is there), and nothing planted is shown.
    expect(result.stdout + result.stderr).toMatch(/userinfo-looks-like-host/);
    expect(result.stdout + result.stderr).toMatch(/pct-invalid-triplet/);
    expect(leaked(result.stdout + result.stderr)).toEqual([]);
  });

  it.each([['explain'], ['explain', '--json'], ['check'], ['check', '--json']])('%s %s', async (...command) => {
    for (const uri of URIS) {
      const result = await run([...command, uri]);
      expect(result.stdout.length).toBeGreaterThan(0);
      expect(leaked(result.stdout + result.stderr), `${command.join(' ')} ${uri}`).toEqual([]);
    }
  });

  it("ESLint's messages and suggestions (JSON)", async () => {
    const plugin = (await import(pathToFileURL(join(import.meta.dirname, '../packages/eslint-plugin/dist/index.js')).href)) as { default: { configs: Record<string, object> } };
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [plugin.default.configs.strict!] });
    const [result] = await eslint.lintText(JS, { filePath: join(dir, 'api.js') });
    const messages = result!.messages;
    expect(messages.map((m) => m.ruleId)).toContain('urilint/no-deceptive-authority');
    expect(messages.some((m) => (m.suggestions ?? []).length > 0)).toBe(true);
    expect(leaked(JSON.stringify(messages))).toEqual([]);
  });

  it("the language server's diagnostics, hovers, code-action titles and log", async () => {
    const client = await startClient({}, { preset: 'strict' });
    try {
      const uri = pathToFileURL(join(dir, 'api.js')).href;
      await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'javascript', version: 1, text: JS } });
      const { diagnostics } = await client.nextDiagnostics(uri, 1);
      expect(diagnostics.map((d) => d.code)).toContain('userinfo-looks-like-host');
      // What the editor shows of a diagnostic; its `data` holds the edits of its fixes, the file's own text, which the editor has.
      let written = JSON.stringify(diagnostics.map((d) => [d.message, d.code, d.source, d.relatedInformation]));
      const lines = JS.split('\n');
      for (let line = 0; line < URIS.length; line++) {
        // The cursor inside the URI, past its scheme.
        const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: lines[line]!.indexOf('://') + 4 } });
        expect(hover).not.toBeNull();
        written += JSON.stringify(hover);
      }
      for (const diagnostic of diagnostics) {
        const actions = (await client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } })) as { title: string }[];
        written += JSON.stringify(actions.map((action) => action.title));
      }
      expect(written).toMatch(/Remove the userinfo/);
      expect(leaked(written)).toEqual([]);
      expect(leaked(JSON.stringify(client.messages) + client.stderr())).toEqual([]);
    } finally {
      client.process.kill();
    }
  });
});
