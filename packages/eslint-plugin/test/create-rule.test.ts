// The plugin's createRule does what typescript-eslint's RuleCreator does (it stands in for it so that
// loading the plugin does not load @typescript-eslint/utils' eslint-utils): the same rule object,
// and the same options handed to `create` for the same defaults and user options.
import { RuleCreator } from '@typescript-eslint/utils/eslint-utils';
import { describe, expect, it } from 'vitest';
import { createRule, RULE_DOCS_BASE, type UrilintDocs } from '../src/create-rule.js';
import { rules } from '../src/rules/index.js';

const reference = RuleCreator<UrilintDocs>((name) => `${RULE_DOCS_BASE}${name}.md`);

type Options = [{ schemes?: string[]; nested?: { a?: number; b?: number; list?: number[] }; flag?: boolean }, string?];
const DEFAULTS: Options = [{ schemes: ['http', 'https'], nested: { a: 1, b: 2, list: [1] }, flag: false }, 'second'];

/** A rule whose `create` records the options it was handed, made by `make`. */
function recording(make: typeof createRule, withMetaDefaults: boolean) {
  const seen: unknown[] = [];
  const rule = make({
    name: 'no-example',
    meta: {
      type: 'problem',
      docs: { description: 'An example', recommended: true },
      schema: [],
      messages: { example: 'example' },
      ...(withMetaDefaults ? { defaultOptions: DEFAULTS } : {}),
    },
    defaultOptions: DEFAULTS,
    create(_context, options: Readonly<Options>) {
      seen.push(options);
      return {};
    },
  });
  return { rule, seen };
}

const USER_OPTIONS: unknown[][] = [
  [],
  [{}],
  [{ schemes: ['ftp'] }],
  [{ nested: { b: 5 } }],
  [{ nested: { list: [] } }, 'other'],
  [undefined, 'other'],
  [{ flag: true, extra: { x: 1 } }],
  [['not', 'an', 'object']],
  [null],
];

describe('createRule', () => {
  for (const withMetaDefaults of [false, true]) {
    it(`gives the rule typescript-eslint's RuleCreator gives${withMetaDefaults ? ' (meta.defaultOptions set)' : ''}`, () => {
      const ours = recording(createRule, withMetaDefaults);
      const theirs = recording(reference, withMetaDefaults);
      expect(ours.rule.meta).toEqual(theirs.rule.meta);
      expect(ours.rule.meta.docs?.url).toBe(`${RULE_DOCS_BASE}no-example.md`);
      expect(ours.rule.defaultOptions).toEqual(theirs.rule.defaultOptions);
      expect(Object.keys(ours.rule).sort()).toEqual(Object.keys(theirs.rule).sort());
      for (const options of [...USER_OPTIONS, undefined]) {
        const context = { options } as unknown as Parameters<typeof ours.rule.create>[0];
        ours.rule.create(context);
        theirs.rule.create(context);
      }
      expect(ours.seen).toEqual(theirs.seen);
      expect(ours.seen).toContainEqual([{ schemes: ['http', 'https'], nested: { a: 1, b: 5, list: [1] }, flag: false }, 'second']);
    });
  }

  it('leaves the defaults and the user options unchanged, and hands on options no rule can change', () => {
    const { rule, seen } = recording(createRule, false);
    const options = [{ nested: { a: 9 } }];
    rule.create({ options } as unknown as Parameters<typeof rule.create>[0]);
    expect(() => {
      (seen[0] as Options)[0].nested!.b = 99;
    }).toThrow(TypeError);
    expect(seen[0]).toEqual([{ schemes: ['http', 'https'], nested: { a: 9, b: 2, list: [1] }, flag: false }, 'second']);
    expect(options).toEqual([{ nested: { a: 9 } }]);
    expect(Object.isFrozen(options[0])).toBe(false);
    expect(DEFAULTS[0].nested).toEqual({ a: 1, b: 2, list: [1] });
  });

  it('merges the options once while each file is handed the same values in a new array, as ESLint does', () => {
    const { rule, seen } = recording(createRule, false);
    const create = (options: unknown[] | undefined): void => {
      rule.create({ options } as unknown as Parameters<typeof rule.create>[0]);
    };
    const config = { nested: { b: 5 }, schemes: ['ftp'] };
    create([config]);
    create([config]);
    create([{ schemes: ['ftp'], nested: { b: 5 } }]);
    // Equal values (the same config object, or a copy of it): the same options object, merged once.
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
    // Other values: merged afresh, and what the earlier files were handed is unchanged.
    create([{ nested: { b: 6 }, schemes: ['ftp'] }]);
    expect(seen[3]).not.toBe(seen[0]);
    expect((seen[3] as Options)[0].nested).toEqual({ a: 1, b: 6, list: [1] });
    expect((seen[0] as Options)[0].nested).toEqual({ a: 1, b: 5, list: [1] });
    // A config object changed in place after a file (ESLint never does this) is read again: kept as a copy, not by reference.
    config.nested.b = 7;
    create([config]);
    expect((seen[4] as Options)[0].nested).toEqual({ a: 1, b: 7, list: [1] });
    create([]);
    create(undefined);
    create([undefined]);
    expect(seen.slice(5)).toEqual([DEFAULTS, DEFAULTS, DEFAULTS]);
    expect(seen[6]).not.toBe(seen[5]);
  });

  it("names every rule's docs page", () => {
    for (const [name, rule] of Object.entries(rules)) expect(rule.meta.docs?.url).toBe(`${RULE_DOCS_BASE}${name}.md`);
  });
});
