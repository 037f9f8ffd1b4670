import { RuleCreator } from '@typescript-eslint/utils/eslint-utils';

/** Every rule's `docs.url`: its page in this package's docs/rules/. */
export const RULE_DOCS_BASE = 'https://github.com/urilint/urilint/blob/main/packages/eslint-plugin/docs/rules/';

export interface UrilintDocs {
  /** In `configs.recommended` (near-zero false positives on ordinary code). */
  recommended?: boolean;
  /** In `configs.strict` (the recommended rules plus style and policy rules). */
  strict?: boolean;
}

export const createRule = RuleCreator<UrilintDocs>((name) => `${RULE_DOCS_BASE}${name}.md`);
