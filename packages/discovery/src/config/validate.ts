/**
 * Validation of a configuration's JSON tree against the settings' schema: every problem, each
 * with its place in the file, its key path and what was expected; nothing is silently dropped.
 */
import type { AnyNode, MemberNode, ObjectNode, ValueNode } from '@humanwhocodes/momoa';
import { maskSecrets } from '@urilint/core';
import { LinearRegExp, linearRegExp } from '../linear-regex.js';
import { compileGlob } from './glob.js';
import type { SettingSchema } from './schema.js';

/** A problem of a configuration file. Lines and columns start at 1 (columns count UTF-16 code units); offsets at 0. */
export interface ConfigProblem {
  /** The configuration file, as it was given. */
  file: string;
  line: number;
  column: number;
  /** The problem's range in the file's text. */
  offset: number;
  endOffset: number;
  /** The key path of the value (`overrides[1].rules.no-credentials`); empty for the file as a whole. */
  key: string;
  /** What is wrong. */
  message: string;
  /** What is allowed there, when it can be said. */
  expected?: string;
}

/** `path:line:column: key: message (expected …)`, as `urilint scan` prints it. */
export function formatConfigProblem(problem: ConfigProblem, file: string = problem.file): string {
  const key = problem.key === '' ? '' : `${problem.key}: `;
  const expected = problem.expected === undefined ? '' : ` (expected ${problem.expected})`;
  return `${file}:${problem.line}:${problem.column}: ${key}${problem.message}${expected}`;
}

/** The Levenshtein distance of two strings, for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The closest of `choices` to `given`, when close enough to be a typo (case and a `urilint/` prefix
 * aside) or when one starts the other (`warn` for `warning`).
 */
export function closest(given: string, choices: readonly string[]): string | undefined {
  const plain = given.replace(/^urilint\//, '').toLowerCase();
  const started = plain.length >= 3 ? choices.filter((choice) => choice.toLowerCase().startsWith(plain) || plain.startsWith(choice.toLowerCase())) : [];
  if (started.length === 1) return started[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const d = distance(plain, choice.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [choice, d];
  }
  return bestDistance <= Math.max(1, Math.floor(plain.length / 3)) ? best : undefined;
}

const A: Readonly<Record<string, string>> = { string: 'a string', boolean: 'true or false', number: 'a number', array: 'an array', object: 'an object', null: 'null' };

function quoted(values: readonly string[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

/** What a schema allows, in words. */
export function expectedOf(schema: SettingSchema): string {
  if (schema.anyOf) return schema.anyOf.map(expectedOf).join(', or ');
  if (schema.enum) return schema.enum.length === 1 ? JSON.stringify(schema.enum[0]) : `one of ${quoted(schema.enum)}`;
  if (schema.type === 'array') {
    const items = schema.items;
    if (items?.enum) return `an array of ${quoted(items.enum)}`;
    if (items?.glob) return 'an array of glob patterns ("src/**", "*.md")';
    return items?.type === 'string' ? 'an array of strings' : 'an array';
  }
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === false) {
    return schema.noun === 'rule' ? 'an object of rule names' : `an object with the keys ${Object.keys(schema.properties).join(', ')}`;
  }
  return schema.type === undefined ? 'a value' : A[schema.type]!;
}

function typeOf(node: ValueNode): string {
  switch (node.type) {
    case 'String':
      return 'string';
    case 'Boolean':
      return 'boolean';
    case 'Number':
    case 'Infinity':
    case 'NaN':
      return 'number';
    case 'Array':
      return 'array';
    case 'Object':
      return 'object';
    default:
      return 'null';
  }
}

/** The JSON value of a node. */
export function valueOf(node: ValueNode): unknown {
  switch (node.type) {
    case 'Object':
      return Object.fromEntries(node.members.map((member) => [keyOf(member), valueOf(member.value)]));
    case 'Array':
      return node.elements.map((element) => valueOf(element.value));
    case 'Null':
      return null;
    case 'Infinity':
      return Infinity;
    case 'NaN':
      return NaN;
    default:
      return node.value;
  }
}

function keyOf(member: MemberNode): string {
  return member.name.type === 'String' ? member.name.value : member.name.name;
}

/** Shows a value in a message: short text as is, longer cut. */
function shown(node: ValueNode, text: string): string {
  // Masked before it is cut, so a cut never leaves a password without its `@`.
  const source = maskPasswords(text.slice(node.range![0], node.range![1]));
  return source.length > 40 ? `${source.slice(0, 37)}…` : source;
}

function childPath(path: string, key: string): string {
  const plain = /^[$A-Za-z_][\w$-]*$/.test(key);
  return path === '' ? (plain ? key : JSON.stringify(key)) : plain ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** A URI with an authority in a message's text: `scheme://…` up to a space, a quote or a bracket. */
const URI_IN_TEXT = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s"'`<>\\[\]{}]+/g;

/** The text with the password of each URI in it masked (core's `maskSecrets`). */
function maskPasswords(text: string): string {
  return text.replace(URI_IN_TEXT, (uri) => maskSecrets(uri, undefined, '••••'));
}

export class Validator {
  readonly problems: ConfigProblem[] = [];
  readonly #file: string;
  readonly #text: string;

  constructor(file: string, text: string) {
    this.#file = file;
    this.#text = text;
  }

  report(node: AnyNode, key: string, message: string, expected?: string): void {
    // A value the message shows (a `baseUri` of the wrong type, a value listed twice) never shows a password.
    message = maskPasswords(message);
    const problem: ConfigProblem = {
      file: this.#file,
      line: node.loc.start.line,
      column: node.loc.start.column,
      offset: node.range?.[0] ?? node.loc.start.offset,
      endOffset: node.range?.[1] ?? node.loc.end.offset,
      key,
      message,
    };
    if (expected !== undefined) problem.expected = expected;
    this.problems.push(problem);
  }

  /** Reports each way `node` breaks `schema`; returns whether it holds. */
  check(node: ValueNode, schema: SettingSchema, path: string): boolean {
    const before = this.problems.length;
    if (schema.anyOf) return this.#checkAnyOf(node, schema, path);
    const type = typeOf(node);
    if (schema.type !== undefined && type !== schema.type) {
      this.report(node, path, `${shown(node, this.#text)} is ${A[type]}`, expectedOf(schema));
      return false;
    }
    if (node.type === 'String') this.#checkString(node, node.value, schema, path);
    else if (node.type === 'Number' && schema.minimum !== undefined && node.value < schema.minimum) {
      this.report(node, path, `${node.value} is less than ${schema.minimum}`, `a number of at least ${schema.minimum}`);
    } else if (node.type === 'Array') {
      if (schema.minItems !== undefined && node.elements.length < schema.minItems) this.report(node, path, 'the array is empty', expectedOf(schema));
      const seen = new Set<string>();
      node.elements.forEach((element, index) => {
        const itemPath = `${path}[${index}]`;
        if (schema.items) this.check(element.value, schema.items, itemPath);
        if (schema.uniqueItems) {
          const key = JSON.stringify(valueOf(element.value));
          if (seen.has(key)) this.report(element.value, itemPath, `${shown(element.value, this.#text)} is listed twice`, 'each value once');
          seen.add(key);
        }
      });
    } else if (node.type === 'Object') this.#checkObject(node, schema, path);
    return this.problems.length === before;
  }

  #checkString(node: ValueNode, value: string, schema: SettingSchema, path: string): void {
    if (schema.enum && !schema.enum.includes(value)) {
      const suggestion = closest(value, schema.enum);
      const noun = schema.noun ?? 'value';
      this.report(node, path, `unknown ${noun} ${JSON.stringify(value)}${suggestion === undefined ? '' : `; did you mean ${JSON.stringify(suggestion)}?`}`, expectedOf(schema));
    }
    if (schema.pattern !== undefined && linearRegExp(schema.pattern)?.test(value) !== true) {
      this.report(node, path, `${JSON.stringify(value)} does not match ${schema.pattern}`, expectedOf(schema));
    }
    if (schema.regex) {
      const compiled = LinearRegExp.compile(value);
      if ('error' in compiled) this.report(node, path, `the pattern ${JSON.stringify(value)} cannot be run: ${compiled.error}`, 'a regular expression without lookaround or backreferences (patterns run in time linear in the text)');
    }
    if (schema.glob) {
      const compiled = compileGlob(value);
      if ('error' in compiled) this.report(node, path, `invalid glob ${JSON.stringify(value)}: ${compiled.error}`, 'a glob relative to the folder of the configuration file ("src/**", "*.md", "dist/")');
    }
  }

  #checkObject(node: ObjectNode, schema: SettingSchema, path: string): void {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    const seen = new Set<string>();
    for (const member of node.members) {
      const key = keyOf(member);
      const memberPath = childPath(path, key);
      if (seen.has(key)) this.report(member.name, memberPath, `the key ${JSON.stringify(key)} is given twice`, 'each key once');
      seen.add(key);
      const sub = Object.hasOwn(properties, key) ? properties[key] : typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
      if (sub !== undefined) {
        this.check(member.value, sub, memberPath);
        continue;
      }
      if (schema.additionalProperties !== false) continue;
      const noun = schema.noun === 'rule' ? 'rule' : 'key';
      const suggestion = closest(key, names);
      this.report(
        member.name,
        memberPath,
        `unknown ${noun} ${JSON.stringify(key)}${suggestion === undefined ? '' : `; did you mean ${JSON.stringify(suggestion)}?`}`,
        noun === 'rule' ? `a rule name: ${names.join(', ')}` : `one of the keys ${names.join(', ')}`,
      );
    }
    for (const required of schema.required ?? []) {
      if (!seen.has(required)) this.report(node, path, `the key ${JSON.stringify(required)} is missing`, expectedOf(properties[required] ?? {}));
    }
  }

  /** A value that holds for one branch; else the problems of the branch of its type, or one problem saying what each allows. */
  #checkAnyOf(node: ValueNode, schema: SettingSchema, path: string): boolean {
    const branches = schema.anyOf!;
    const type = typeOf(node);
    const ofType = branches.filter((branch) => branch.type === undefined || branch.type === type);
    for (const branch of ofType) {
      const trial = new Validator(this.#file, this.#text);
      if (trial.check(node, branch, path)) return true;
    }
    if (ofType.length === 1) return this.check(node, ofType[0]!, path);
    this.report(node, path, `${shown(node, this.#text)} is ${A[type]}`, expectedOf(schema));
    return false;
  }
}
