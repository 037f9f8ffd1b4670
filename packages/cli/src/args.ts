import { parseArgs } from 'node:util';

/** A mistake on the command line; `main` prints it with a hint and exits with 2. */
export class UsageError extends Error {
  /** The command whose help the hint points to, if any. */
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

export interface OptionSpec {
  type: 'boolean' | 'string';
  short?: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The options every command takes: output, the parse options, colour, help. */
export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  iri: { type: 'boolean' },
  'allow-zone-id': { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

export interface ParsedArgs {
  /** Option values by long name: `true` for a flag, the text for a string option; the last one given wins. */
  values: Map<string, string | true>;
  /** Long names of the options in the order given, repeats included. */
  order: string[];
  /** Every option given, in order, with its value: what a repeatable option reads. */
  given: { name: string; value: string | true }[];
  positionals: string[];
}

/**
 * Parses `args` against `options` with `node:util` `parseArgs` (non-strict, so
 * that the errors can be worded here). Positionals after `--` are kept as
 * given, so URIs that start with `-` can be passed.
 */
export function parseCommandArgs(command: string, args: readonly string[], options: OptionSpecs): ParsedArgs {
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const parsed: ParsedArgs = { values: new Map(), order: [], given: [], positionals: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (spec === undefined) throw new UsageError(`Unknown option '${token.rawName}'.`, command);
    if (spec.type === 'boolean' && token.value !== undefined) {
      throw new UsageError(`The option '--${token.name}' takes no value.`, command);
    }
    if (spec.type === 'string' && token.value === undefined) {
      throw new UsageError(`The option '--${token.name}' needs a value.`, command);
    }
    parsed.values.set(token.name, token.value ?? true);
    parsed.order.push(token.name);
    parsed.given.push({ name: token.name, value: token.value ?? true });
  }
  return parsed;
}

/** True when the flag was given. */
export function flag(parsed: ParsedArgs, name: string): boolean {
  return parsed.values.get(name) === true;
}

/** The value of a string option, or undefined when it was not given. */
export function text(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.values.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** Every value of a string option that may be repeated (`--rule a --rule b`), in the order given. */
export function texts(parsed: ParsedArgs, name: string): string[] {
  return parsed.given.flatMap((option) => (option.name === name && typeof option.value === 'string' ? [option.value] : []));
}

/** `--color` / `--no-color`: the last one given wins; undefined when neither was. */
export function colorOverride(parsed: ParsedArgs): boolean | undefined {
  const last = parsed.order.findLast((name) => name === 'color' || name === 'no-color');
  return last === undefined ? undefined : last === 'color';
}
