/** `urilint scan --format sarif` validated against the SARIF 2.1.0 JSON Schema (fixtures/sarif-2.1.0-rtm.5.json). */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Both are CommonJS: their classes are the modules' `default` exports.
import AjvDraft04 from 'ajv-draft-04';
import AjvFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './support/run.js';

const SCHEMA = JSON.parse(readFileSync(new URL('./fixtures/sarif-2.1.0-rtm.5.json', import.meta.url), 'utf8')) as object;

let dir: string;
const cwd = process.cwd();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'urilint-sarif-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'api.ts'), 'export const a = fetch("https://example.com/a b");\nexport const b = "postgres://app:Tr0ub4dor@db.acme.io/app";\n');
  writeFileSync(join(dir, 'src', 'page.html'), '<a href="{{ url }}/a|b">x</a>\n');
  process.chdir(dir);
});

afterAll(() => {
  process.chdir(cwd);
  rmSync(dir, { recursive: true, force: true });
});

describe('--format sarif', () => {
  it('is a valid SARIF 2.1.0 log, with and without results', async () => {
    // unicodeRegExp: false — one pattern of the schema (a language tag) is no valid regular expression with the u flag.
    const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
    AjvFormats.default(ajv);
    const validate = ajv.compile(SCHEMA);
    // The schema does reject what is not SARIF.
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ level: 'loud', message: { text: 'm' } }] }] })).toBe(false);
    for (const args of [['--preset', 'strict', 'src'], ['--preset', 'none', '--rule', 'no-script-url', 'src']]) {
      const result = await run(['scan', '--format', 'sarif', '--jobs', '1', ...args]);
      const log = JSON.parse(result.stdout) as { runs: { results: unknown[] }[] };
      expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
      expect(log.runs[0]!.results.length > 0).toBe(args[1] === 'strict');
    }
  });
});
