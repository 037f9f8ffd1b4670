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
  const optionsOf = rememberedOptions(meta.defaultOptions ?? defaultOptions ?? []);
  return {
    create: (context: { options: readonly unknown[] }) => create(context, optionsOf(context.options) as unknown[]),
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

/**
 * `applyDefault(defaults, options)` for each file, remembered by value: ESLint hands `create` a new
 * options array for every file (holding the same values: the config's), and the defaults were
 * copied and merged afresh each time, ten rules a file. The last options given are kept as a copy
 * and compared in depth with the next; while they are equal, the same result (a copy, frozen in
 * depth so that no rule can change what the next file gets) is handed on. Options that are not
 * plain data (arrays, plain objects, primitives) are never taken as equal: merged afresh.
 */
export function rememberedOptions(defaults: readonly unknown[]): (options: readonly unknown[] | null | undefined) => readonly unknown[] {
  let last: { given: unknown; result: readonly unknown[] } | undefined;
  return (options) => {
    if (last !== undefined && sameValue(last.given, options)) return last.result;
    const merged = applyDefault(defaults, options);
    try {
      // Copies: the user's objects are neither kept (they could change) nor frozen.
      last = { given: structuredClone(options), result: deepFreeze(structuredClone(merged)) };
    } catch {
      // Options that cannot be copied (a function) are never remembered.
      last = undefined;
      return merged;
    }
    return last.result;
  };
}

/** Whether two values are the same plain data: primitives, arrays and plain objects compared in depth. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!Object.hasOwn(b, key) || !sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Freezes `value` and every object in it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

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
