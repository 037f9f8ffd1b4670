// Issue 28: a URI's edits are one fix. For any URI with several problems, ESLint's fix, `urilint scan
// --fix` and the editor's fix-all write the same text, and it holds either every edit of the URI or
// none; in a test file none of them writes anything. ESLint runs the built plugin (`pnpm build` first,
// as `pnpm check` does); the scan and the service run from the sources.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Linter } from 'eslint';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../packages/eslint-plugin/dist/index.js';
import { main } from '../packages/cli/src/main.js';
import { createLanguageService, FIX_ALL_KIND } from '../packages/language-server/src/service/index.js';
import { applyWorkspaceEdit, documentOf, settingsWith } from '../packages/language-server/test/support/documents.js';

const folder = mkdtempSync(join(tmpdir(), 'urilint-fix-agreement-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

class Sink extends Writable {
  override _write(_chunk: unknown, _encoding: BufferEncoding, callback: () => void): void {
    callback();
  }
}

/** ESLint's `--fix` (its passes, as the command line runs them) with the recommended config. */
function eslintFix(text: string, filename: string): string {
  const linter = new Linter({ configType: 'flat' });
  return linter.verifyAndFix(text, [{ files: ['**/*.ts'] }, plugin.configs.recommended as never], { filename }).output;
}

let files = 0;

/** `urilint scan --fix` on the text written to a file of that name. */
async function scanFix(text: string, name: string): Promise<string> {
  const path = join(folder, String(++files), name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  await main(['scan', '--fix', '--jobs', '1', '--no-config', path], { stdout: new Sink(), stderr: new Sink(), stdin: Readable.from([]), env: {} });
  return readFileSync(path, 'utf8');
}

/** `urilint scan --format json` on the text written to a file of that name: its standard output. */
async function scanJson(text: string, name: string): Promise<string> {
  const path = join(folder, String(++files), name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  let out = '';
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      out += String(chunk);
      callback();
    },
  });
  await main(['scan', '--format', 'json', '--jobs', '1', '--no-config', path], { stdout, stderr: new Sink(), stdin: Readable.from([]), env: {} });
  return out;
}

const service = createLanguageService();

/** The editor's "fix all" (`source.fixAll.urilint`) on the document. */
function serverFixAll(text: string): string {
  const { document } = documentOf(text);
  const settings = settingsWith();
  service.analyze(document, settings);
  const range = { start: document.positionAt(0), end: document.positionAt(text.length) };
  const [action] = service.provideCodeActions(document, range, { diagnostics: [], only: [FIX_ALL_KIND] }, settings);
  return applyWorkspaceEdit(document, action?.edit);
}

/** Characters a URI must not hold as they are (RFC 3986 §2), each with what it is written as. */
const PROBLEMS: readonly [string, string][] = [
  [' ', '%20'],
  ['|', '%7C'],
  ['^', '%5E'],
  ['<', '%3C'],
  ['>', '%3E'],
  ['é', '%C3%A9'],
  ['\\u2603', '%E2%98%83'],
  ['§', '%C2%A7'],
];

/** A path or query of letters and problems, at least two of them, never at the end (browsers drop a final space). */
const piece = fc
  .array(fc.oneof(fc.constantFrom('a', 'b', 'q=', '10', '/'), fc.constantFrom(...PROBLEMS.keys())), { minLength: 2, maxLength: 10 })
  .filter((items) => items.filter((item) => typeof item === 'number').length >= 2)
  .map((items) => items.map((item) => (typeof item === 'number' ? PROBLEMS[item]![0] : item)).join('') + 'z');

describe('a URI with several problems: one fix, the same in ESLint, scan --fix and fix-all (issue 28)', () => {
  it('writes the same text, with every edit of the URI or none', async () => {
    await fc.assert(
      fc.asyncProperty(piece, fc.boolean(), async (tail, inQuery) => {
        const uri = `https://example.com/${inQuery ? `?${tail}` : tail}`;
        const text = `res.location('${uri}');\n`;
        const eslint = eslintFix(text, 'src/app.ts');
        const scan = await scanFix(text, 'app.ts');
        const server = serverFixAll(text);
        expect(scan).toBe(eslint);
        expect(server).toBe(eslint);
        // Every problem written as it is encoded, or none: never half of them.
        let all = uri;
        for (const [raw, encoded] of PROBLEMS) all = all.split(raw).join(encoded);
        expect([text, `res.location('${all}');\n`]).toContain(eslint);
      }),
      { numRuns: 40 },
    );
  });

  it('reports each problem of the URI once, the same in ESLint, scan and the server', async () => {
    await fc.assert(
      fc.asyncProperty(piece, fc.boolean(), async (tail, inQuery) => {
        const text = `res.location('https://example.com/${inQuery ? `?${tail}` : tail}');\n`;
        const eslint = new Linter({ configType: 'flat' })
          .verify(text, [{ files: ['**/*.ts'] }, plugin.configs.recommended as never], { filename: 'src/app.ts' })
          .map((m) => `${m.column}:${m.endColumn}:${m.message}`);
        const scan = (JSON.parse(await scanJson(text, 'app.ts')) as { column: number; endColumn: number; message: string; code: string }[]).map((p) => `${p.column}:${p.endColumn}:${p.message} [${p.code}]`);
        const { document } = documentOf(text);
        const server = service.provideDiagnostics(document, settingsWith()).map((d) => `${d.range.start.character + 1}:${d.range.end.character + 1}:${d.message} [${String(d.code)}]`);
        expect(scan).toEqual(eslint);
        expect(server).toEqual(eslint);
        // One report per code: the characters of one component to encode are one problem.
        const codes = eslint.map((message) => /\[([a-z-]+)\]$/.exec(message)![1]);
        expect(new Set(codes).size).toBe(codes.length);
      }),
      { numRuns: 25 },
    );
  });

  it('writes nothing in a test file: the fix is a suggestion there', async () => {
    await fc.assert(
      fc.asyncProperty(piece, async (tail) => {
        const text = `res.location('https://example.com/?${tail}');\n`;
        expect(eslintFix(text, 'test/app.test.ts')).toBe(text);
        expect(await scanFix(text, 'app.test.ts')).toBe(text);
      }),
      { numRuns: 10 },
    );
  });
});
