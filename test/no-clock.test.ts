import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The messages the repository's own lint config gives `code` written in a test file. */
async function lintTest(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}packages/core/test/clock.test.ts` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint config keeps clocks out of the tests', () => {
  it.each([
    ['performance.now', 'const t = performance.now();\nexport { t };\n'],
    ['Date.now', 'export const t = Date.now();\n'],
    ['new Date()', 'export const t = new Date();\n'],
    ['process.hrtime', 'export const t = process.hrtime.bigint();\n'],
    ['perf_hooks', "import { performance as p } from 'node:perf_hooks';\nexport const t = p;\n"],
    ['growthRatio', 'export function growthRatio(): number {\n  return 1;\n}\n'],
    ['cheapestRun', 'declare const cheapestRun: () => number;\nexport const t = cheapestRun();\n'],
  ])('rejects %s', async (_, code) => {
    const messages = await lintTest(code);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(/^no-restricted-(properties|syntax|imports): .*Tests never read a clock/);
  });

  it('accepts a date built from a fixed time, and the word in a string', async () => {
    expect(await lintTest("export const t = new Date(0);\nexport const s = 'fetch(`/x?t=${Date.now()}`)';\n")).toEqual([]);
  });
});
