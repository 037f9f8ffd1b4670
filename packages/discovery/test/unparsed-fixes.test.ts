/**
 * A file that does not parse is still read (a JavaScript, JSON or CSS file's strings and comments by
 * a tolerant scan), but no fix found there is applied automatically: where a string begins and ends
 * is a scanner's guess. Its problems stay reported, each fix offered as a suggestion.
 */
import { describe, expect, it } from 'vitest';
import { discoverDocument } from '../src/document.js';
import { safeEdits } from '../src/fixes.js';
import { discoverJsText } from '../src/js/text.js';
import { runRules } from '../src/rules/index.js';

const RULES = { 'no-unescaped-chars': {} };
const CALL = 'fetch("https://example.com/a b");\n';

function findingsOf(text: string): ReturnType<typeof runRules> {
  const { candidates, sourceCode } = discoverDocument(text, 'js');
  return runRules(candidates, RULES, sourceCode);
}

describe('fixes in a file that does not parse', () => {
  it('a space in a URL of a file that parses is fixed', () => {
    const [finding, ...rest] = findingsOf(CALL);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('path-unescaped-char');
    expect(finding?.fix).toEqual([{ range: [28, 29], text: '%20' }]);
    expect(safeEdits([finding!])).toHaveLength(1);
  });

  it('the same URL after a syntax error is reported, its fix only suggested', () => {
    const text = `${CALL}let = ;\n`;
    expect(discoverJsText(text, { filePath: 'a.js' }).parseError).toBeDefined();
    const [finding, ...rest] = findingsOf(text);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('path-unescaped-char');
    expect(finding?.range).toEqual([28, 29]);
    expect(finding?.fix).toBeUndefined();
    expect(safeEdits([finding!])).toEqual([]);
    const suggested = finding!.suggestions.find((suggestion) => suggestion.edits.some((edit) => edit.text === '%20'));
    expect(suggested?.message).toMatch(/does not parse/);
    expect(suggested?.edits).toEqual([{ range: [28, 29], text: '%20' }]);
  });

  it('marks every candidate of the tolerant reader, and none of a parsed file', () => {
    const parsed = discoverJsText(`${CALL}// see https://example.com/b c\n`, { filePath: 'a.js' });
    expect(parsed.parseError).toBeUndefined();
    expect(parsed.candidates.length).toBe(2);
    expect(parsed.candidates.every((candidate) => !candidate.readWithoutParse)).toBe(true);
    const tolerant = discoverJsText(`${CALL}// see https://example.com/b c\nlet = ;\n`, { filePath: 'a.js' });
    expect(tolerant.candidates.length).toBe(2);
    expect(tolerant.candidates.every((candidate) => candidate.readWithoutParse)).toBe(true);
  });

  it('a quote in a regular expression is read as a string, whose "fix" would change the pattern', () => {
    // Without a parse, the scanner takes the `/` for a division and `'…'` inside the pattern for a
    // string: a URL with a space, to a reader that cannot tell. Escaping it would make the pattern
    // match "a%20b" instead of "a b".
    const text = "const pattern = /'https:\\/\\/example.com\\/a b'/;\nlet = ;\n";
    const { candidates, parseError } = discoverJsText(text, { filePath: 'a.js' });
    expect(parseError).toBeDefined();
    expect(candidates.map((candidate) => candidate.uri)).toEqual(['https://example.com/a b']);
    const findings = findingsOf(text);
    expect(findings.map((finding) => finding.code)).toEqual(['path-unescaped-char']);
    expect(findings[0]!.fix).toBeUndefined();
    expect(findings[0]!.suggestions.length).toBeGreaterThan(0);
  });

  it('in JSON and CSS that do not parse, the same', () => {
    const json = '{"home": "https://example.com/a b"} x\n';
    const css = `${'a{'.repeat(300)}b{background:url("https://example.com/a b")}${'}'.repeat(300)}\n`;
    const cssFound = discoverDocument(css, 'css');
    expect(cssFound.parseError).toMatch(/nests too deep/);
    for (const [text, kind] of [[json, 'json'], [css, 'css']] as const) {
      const { candidates, sourceCode } = discoverDocument(text, kind);
      expect(candidates.map((candidate) => candidate.uri)).toContain('https://example.com/a b');
      expect(candidates.every((candidate) => candidate.readWithoutParse)).toBe(true);
      const findings = runRules(candidates, RULES, sourceCode).filter((finding) => finding.code === 'path-unescaped-char');
      expect(findings).toHaveLength(1);
      expect(findings[0]!.fix).toBeUndefined();
    }
    // The same JSON, parsed: fixed.
    const parsed = discoverDocument('{"home": "https://example.com/a b"}\n', 'json');
    expect(runRules(parsed.candidates, RULES, parsed.sourceCode)[0]?.fix).toBeDefined();
  });
});
