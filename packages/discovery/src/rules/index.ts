import type { UriCandidate } from '../candidate.js';
import type { Finding } from '../finding.js';
import type { JsSourceCode } from '../js/source-code.js';
import type { DocumentContext } from '../links/context.js';
import type { FileContext } from '../test-files.js';
import noBrokenLinks from './no-broken-links.js';
import noCredentials from './no-credentials.js';
import noDeceptiveAuthority from './no-deceptive-authority.js';
import noInsecureScheme from './no-insecure-scheme.js';
import noInvalidPercentEncoding from './no-invalid-percent-encoding.js';
import noMalformed from './no-malformed.js';
import noNonCanonicalIp from './no-non-canonical-ip.js';
import noParserDifferential from './no-parser-differential.js';
import noScriptUrl from './no-script-url.js';
import noUnencodedInterpolation from './no-unencoded-interpolation.js';
import noUnescapedChars from './no-unescaped-chars.js';
import noUnexpandedTemplate from './no-unexpanded-template.js';
import noUnknownScheme from './no-unknown-scheme.js';
import preferNormalized from './prefer-normalized.js';
import requireScheme from './require-scheme.js';
import validSchemeSpecific from './valid-scheme-specific.js';
import type { RuleCheck } from './rule.js';

/** Every rule's check, by the rule's name (the ESLint rule is `urilint/<name>`). */
export const RULE_CHECKS = {
  'no-broken-links': noBrokenLinks,
  'no-credentials': noCredentials,
  'no-deceptive-authority': noDeceptiveAuthority,
  'no-insecure-scheme': noInsecureScheme,
  'no-invalid-percent-encoding': noInvalidPercentEncoding,
  'no-malformed': noMalformed,
  'no-non-canonical-ip': noNonCanonicalIp,
  'no-parser-differential': noParserDifferential,
  'no-script-url': noScriptUrl,
  'no-unencoded-interpolation': noUnencodedInterpolation,
  'no-unescaped-chars': noUnescapedChars,
  'no-unexpanded-template': noUnexpandedTemplate,
  'no-unknown-scheme': noUnknownScheme,
  'prefer-normalized': preferNormalized,
  'require-scheme': requireScheme,
  'valid-scheme-specific': validSchemeSpecific,
} as const;

export type RuleName = keyof typeof RULE_CHECKS;

export const RULE_NAMES = Object.keys(RULE_CHECKS) as RuleName[];

/** The rules of a preset: `recommended`, `strict` or `all`. */
export function presetRules(preset: 'recommended' | 'strict' | 'all'): RuleName[] {
  return RULE_NAMES.filter((name) => preset === 'all' || (RULE_CHECKS[name] as RuleCheck)[preset]);
}

/** The options a preset gives a rule (`{}` when it gives none): the ESLint configs, `urilint scan` and the language server use them. */
export function presetOptions(name: RuleName, preset: 'recommended' | 'strict' | 'all' | 'none'): object {
  const rule = RULE_CHECKS[name] as RuleCheck;
  return (preset === 'strict' || preset === 'all' ? rule.presetOptions?.[preset] : undefined) ?? {};
}

/**
 * Calls `check` for each candidate; an unexpected error in one candidate skips
 * that candidate, never the file: a rule never crashes its host.
 */
export function forEachCandidate(candidates: readonly UriCandidate[], check: (candidate: UriCandidate) => void): void {
  for (const candidate of candidates) {
    try {
      check(candidate);
    } catch {
      // Nothing reported for this candidate rather than abort the whole file.
    }
  }
}

/**
 * The findings of the given rules (name → options, `{}` for the defaults) on
 * the candidates of one file, in the order of the candidates. `file` says whether the file is a
 * test file (its fixes are then suggestions, unless `fixTestFiles`).
 */
export function runRules(
  candidates: readonly UriCandidate[],
  rules: Readonly<Partial<Record<RuleName, object>>>,
  sourceCode?: JsSourceCode,
  document?: DocumentContext,
  file: FileContext = {},
): Finding[] {
  const check = ruleRunner(rules, sourceCode, document, file);
  const out: Finding[] = [];
  for (const candidate of candidates) out.push(...check(candidate));
  return out;
}

/**
 * `runRules` for one candidate at a time, with each rule's options and context made once: for a
 * caller that keeps each candidate's findings apart (the language server). A candidate on which a
 * rule fails gets the findings of the rules before it, as in `runRules`.
 */
export function ruleRunner(
  rules: Readonly<Partial<Record<RuleName, object>>>,
  sourceCode?: JsSourceCode,
  document?: DocumentContext,
  file: FileContext = {},
): (candidate: UriCandidate) => Finding[] {
  const checks = (Object.keys(rules) as RuleName[])
    .filter((name) => RULE_CHECKS[name] !== undefined)
    .map((name) => {
      const rule = RULE_CHECKS[name] as RuleCheck;
      // Read-only for the checks: one per rule serves every candidate.
      const context = { ...file, options: { ...rule.defaultOptions, ...rules[name] }, ...(sourceCode === undefined ? {} : { sourceCode }), ...(document === undefined ? {} : { document }) };
      return { rule, context };
    });
  return (candidate) => {
    const out: Finding[] = [];
    forEachCandidate([candidate], () => {
      for (const { rule, context } of checks) out.push(...rule.check(candidate, context));
    });
    return out;
  };
}

/** The findings of the given rules on the document as a whole (`RuleCheck.checkDocument`); a rule that fails reports nothing. */
export function runDocumentRules(document: DocumentContext, rules: Readonly<Partial<Record<RuleName, object>>>, file: FileContext = {}): Finding[] {
  const out: Finding[] = [];
  for (const name of Object.keys(rules) as RuleName[]) {
    const rule = RULE_CHECKS[name] as RuleCheck | undefined;
    if (rule?.checkDocument === undefined) continue;
    try {
      out.push(...rule.checkDocument(document, { ...file, options: { ...rule.defaultOptions, ...rules[name] }, document }));
    } catch {
      // A rule never stops the document's other findings.
    }
  }
  return out;
}

export type { CheckContext, DiagnosticFilter, RuleCheck } from './rule.js';
export { diagnosticsOf } from './rule.js';
