import type { TSESLint } from '@typescript-eslint/utils';
import { forEachCandidate, uriListeners, type Finding, type RuleCheck } from '@urilint/discovery';

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** Reports a finding of the shared check: its range, fix and suggestions are source offsets already. */
function report(context: Context, finding: Finding): void {
  const sourceCode = context.sourceCode;
  const fix = finding.fix;
  context.report({
    loc: { start: sourceCode.getLocFromIndex(finding.range[0]), end: sourceCode.getLocFromIndex(finding.range[1]) },
    messageId: finding.messageId,
    data: finding.data,
    fix: fix === undefined ? null : (fixer) => fix.map((edit) => fixer.replaceTextRange(edit.range, edit.text)),
    suggest: finding.suggestions.map((suggestion) => ({
      messageId: suggestion.messageId,
      data: suggestion.data,
      fix: (fixer: TSESLint.RuleFixer) => suggestion.edits.map((edit) => fixer.replaceTextRange(edit.range, edit.text)),
    })),
  });
}

/**
 * The `create` of an ESLint rule that runs a shared check on every URI of the
 * file: discovery hands it the candidates (parsed once for all rules), and
 * each finding is reported at its source range.
 */
export function checkListeners<Options extends object>(check: RuleCheck<Options>) {
  return <Given extends readonly unknown[]>(context: Readonly<TSESLint.RuleContext<string, Given>>, options: Readonly<Given>): TSESLint.RuleListener =>
    uriListeners(context as Context, (candidates) => {
      const sourceCode = context.sourceCode;
      const merged = { ...check.defaultOptions, ...(options[0] as Partial<Options> | undefined) };
      forEachCandidate(candidates, (candidate) => {
        for (const finding of check.check(candidate, { options: merged, sourceCode })) report(context as Context, finding);
      });
    });
}
