import type { RuleCreator } from '@typescript-eslint/utils/eslint-utils';

/** Every rule's `docs.url`: its page in this package's docs/rules/. */
export const RULE_DOCS_BASE = 'https://github.com/urilint/urilint/blob/main/packages/eslint-plugin/docs/rules/';

export interface UrilintDocs {
  /** In `configs.recommended` (near-zero false positives on ordinary code). */
  recommended?: boolean;
  /** In `configs.strict` (the recommended rules plus style and policy rules). */
  strict?: boolean;
}

type CreateRule = ReturnType<typeof RuleCreator<UrilintDocs>>;

/**
 * typescript-eslint's `RuleCreator` (its types, and what it does: `docs.url` from the rule's name,
 * the options given over the rule's defaults, object options merged deeply), written here so that
 * loading the plugin does not load `@typescript-eslint/utils`' eslint-utils (eight CommonJS modules
 * read through the ES module loader) for these few lines (issue 16: start-up).
 */
export const createRule: CreateRule = (({ meta, name, defaultOptions, create }: RuleArgs) => {
  const defaults = meta.defaultOptions ?? defaultOptions ?? [];
  return {
    create: (context: { options: readonly unknown[] }) => create(context, applyDefault(defaults, context.options)),
    defaultOptions,
    meta: { ...meta, docs: { ...meta.docs, url: `${RULE_DOCS_BASE}${name}.md` } },
    name,
  };
}) as unknown as CreateRule;

interface RuleArgs {
  meta: { defaultOptions?: readonly unknown[]; docs?: object };
  name: string;
  defaultOptions?: readonly unknown[];
  create: (context: { options: readonly unknown[] }, options: unknown[]) => unknown;
}

const isObjectNotArray = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The user's options over a copy of the defaults, option by option; an object over an object is merged deeply. */
export function applyDefault(defaults: readonly unknown[], options: readonly unknown[] | null | undefined): unknown[] {
  const result = structuredClone(defaults) as unknown[];
  if (options == null) return result;
  result.forEach((option, i) => {
    const given = options[i];
    if (given === undefined) return;
    result[i] = isObjectNotArray(given) && isObjectNotArray(option) ? deepMerge(option, given) : given;
  });
  return result;
}

/** `second`'s properties over `first`'s, objects (not arrays) merged deeply; neither is changed. */
function deepMerge(first: Record<string, unknown>, second: Record<string, unknown>): Record<string, unknown> {
  const keys = new Set([...Object.keys(first), ...Object.keys(second)]);
  return Object.fromEntries(
    [...keys].map((key) => {
      const inFirst = key in first;
      const inSecond = key in second;
      const a = first[key];
      const b = second[key];
      if (inFirst && inSecond) return [key, isObjectNotArray(a) && isObjectNotArray(b) ? deepMerge(a, b) : b];
      return [key, inFirst ? a : b];
    }),
  );
}
