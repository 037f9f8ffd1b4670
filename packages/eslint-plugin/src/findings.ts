import type { TSESLint } from '@typescript-eslint/utils';
import type { Diagnostic, DiagnosticCode } from '@urilint/core';
import { uriListeners, type UriCandidate } from './discovery/index.js';
import { forEachCandidate } from './report.js';

/** Which of core's findings a rule reports. */
export interface FindingFilter {
  /** The codes the rule reports. */
  codes: ReadonlySet<DiagnosticCode>;
  /** The grammar's diagnostics only (`reference`), or every analysis's too (`analysis`). */
  from: 'reference' | 'analysis';
  /** Report in XML namespace names too; they are identifiers, compared as text and never fetched. Default false. */
  namespaces?: boolean;
}

/**
 * The listeners of a rule that reports some of core's findings: for each URI of
 * the file, each diagnostic with one of `filter.codes` that no hole touches is
 * handed to `report`. A rule is its filter and what it does with a finding.
 */
export function findingListeners(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  filter: FindingFilter,
  report: (candidate: UriCandidate, diagnostic: Diagnostic) => void,
): TSESLint.RuleListener {
  return uriListeners(context, (candidates) => {
    forEachCandidate(candidates, (candidate) => {
      if (candidate.namespace && filter.namespaces !== true) return;
      const diagnostics = filter.from === 'reference' ? candidate.reference.diagnostics : candidate.analysis.diagnostics;
      for (const diagnostic of diagnostics) {
        if (filter.codes.has(diagnostic.code) && !candidate.touchesHole(diagnostic.start, diagnostic.end)) report(candidate, diagnostic);
      }
    });
  });
}
