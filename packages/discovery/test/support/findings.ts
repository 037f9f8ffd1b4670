/** What the rules report in a document, as the tests that read reports by their code and text compare it. */
import { discoverDocument, type SourceKind } from '../../src/document.js';
import type { Finding } from '../../src/finding.js';
import { RULE_NAMES, runRules, type RuleName } from '../../src/rules/index.js';

/** Every rule with its default options. */
export const ALL_RULES: Readonly<Partial<Record<RuleName, object>>> = Object.fromEntries(RULE_NAMES.map((name) => [name, {}]));

/** The findings of `rules` (all by default) in a document of `kind`. */
export function findingsIn(text: string, kind: SourceKind, rules: Readonly<Partial<Record<RuleName, object>>> = ALL_RULES): Finding[] {
  const { candidates, sourceCode } = discoverDocument(text, kind);
  return runRules(candidates, rules, sourceCode);
}

/** Each finding as its code and the source text it covers. */
export function problemsIn(text: string, kind: SourceKind, rules?: Readonly<Partial<Record<RuleName, object>>>): [string | undefined, string][] {
  return findingsIn(text, kind, rules).map((finding) => [finding.code, text.slice(finding.range[0], finding.range[1])]);
}
