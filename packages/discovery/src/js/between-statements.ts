import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { forEachChild } from './children.js';
import type { JsSourceCode } from './source-code.js';

/**
 * Whether an edit of a parsed file — `[start, end)` replaced by `text` — lies between two statements
 * of a statement list (or two members of a class) and leaves there only statements a new parse would
 * add without changing anything else (see `codeBetween`): then the tree can be kept. `names` are the
 * file's identifiers by name; `parse` parses a fragment as the file was parsed.
 */
export function editStaysBetween(sourceCode: JsSourceCode, start: number, end: number, text: string, names: ReadonlyMap<string, unknown>, parse: (text: string) => JsSourceCode): boolean {
  const old = sourceCode.text;
  const gap = gapAround(sourceCode.ast, sourceCode.visitorKeys, old, start, end);
  if (gap === undefined) return false;
  // The comments between the statements stay as they are (an edit inside one is the comment's): the new text must have them, where they moved to.
  const comments: TSESTree.Comment[] = [];
  for (const comment of sourceCode.ast.comments ?? []) {
    if (comment.range[1] <= gap.from || comment.range[0] >= gap.to) continue;
    if (comment.range[0] < end && start < comment.range[1]) return false;
    comments.push(comment);
  }
  const next = old.slice(0, start) + text + old.slice(end);
  const delta = text.length - (end - start);
  const between = next.slice(gap.from, gap.to + delta);
  const kept = comments.map((comment) => ({ type: comment.type, value: comment.value, at: comment.range[0] - gap.from + (comment.range[0] >= end ? delta : 0) }));
  return codeBetween(between, gap, old, kept, names, parse);
}

/** Where an edit between two statements is: the text between them, and the statements on each side (none at a list's end). */
interface Gap {
  from: number;
  to: number;
  before: TSESTree.Node | undefined;
  after: TSESTree.Node | undefined;
  /** Between a class's members rather than statements. */
  members: boolean;
}

/**
 * The statements around an edit `[start, end)` that lies strictly between two statements (or a
 * list's end and a statement) of the program or of a `{ … }` block, or two members of a class,
 * touching neither; undefined when it lies, or touches, anywhere else.
 */
function gapAround(ast: TSESTree.Program, visitorKeys: TSESLint.SourceCode['visitorKeys'], text: string, start: number, end: number): Gap | undefined {
  let node: TSESTree.Node = ast;
  for (;;) {
    let inner: TSESTree.Node | undefined;
    forEachChild(node, visitorKeys, (_: undefined, child) => {
      if (inner === undefined && child.range[0] <= end && start <= child.range[1]) inner = child;
    }, undefined);
    if (inner === undefined) break;
    node = inner;
  }
  let from: number;
  let to: number;
  if (node.type === 'Program') {
    from = 0;
    to = text.length;
  } else if (node.type === 'BlockStatement' || node.type === 'ClassBody') {
    // Inside its braces.
    from = node.range[0] + 1;
    to = node.range[1] - 1;
    if (text[node.range[0]] !== '{' || text[to] !== '}' || start < from || end > to) return undefined;
  } else {
    return undefined;
  }
  let before: TSESTree.Node | undefined;
  let after: TSESTree.Node | undefined;
  for (const statement of node.body as TSESTree.Node[]) {
    if (statement.range[1] < start) before = statement;
    else if (statement.range[0] > end) {
      after = statement;
      break;
    } else return undefined;
  }
  if (before !== undefined) from = before.range[1];
  if (after !== undefined) to = after.range[0];
  return { from, to, before, after, members: node.type === 'ClassBody' };
}

/** Names whose meaning depends on where they stand, or which may begin or continue a declaration across a line break. */
const CONTEXTUAL_NAMES = new Set([
  'let', 'static', 'yield', 'await', 'async', 'arguments', 'eval', 'of', 'get', 'set', 'as', 'satisfies', 'in', 'instanceof', 'type', 'declare',
  'abstract', 'namespace', 'module', 'global', 'interface', 'enum', 'readonly', 'accessor', 'from', 'asserts', 'is', 'keyof', 'infer', 'unique',
  'override', 'implements', 'package', 'private', 'protected', 'public', 'using', 'constructor', 'prototype',
]);

/**
 * Expressions that read names and values only: no string, template, regular expression or JSX (a
 * URI's place), no declaration, assignment or update (a name's meaning), no call (a sink's), no
 * function or class (a scope of their own), nothing whose validity depends on the place.
 */
const READING_ONLY = new Set([
  'Program', 'ExpressionStatement', 'EmptyStatement', 'Identifier', 'MemberExpression', 'ChainExpression', 'Literal', 'BinaryExpression',
  'LogicalExpression', 'UnaryExpression', 'ConditionalExpression', 'SequenceExpression', 'TSNonNullExpression', 'ThisExpression', 'ArrayExpression',
]);

/** Whether a statement's last character ends it whatever follows: a `;`, or the `}` of a declaration or block that ends there. */
function endsAlone(statement: TSESTree.Node, text: string): boolean {
  const last = text[statement.range[1] - 1];
  if (last === ';') return true;
  if (last !== '}') return false;
  let node = statement;
  if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration') && node.declaration) node = node.declaration as TSESTree.Node;
  // A method with its body (an overload's `}` may be its return type's).
  if (node.type === 'MethodDefinition') return (node.value as { body?: unknown }).body != null;
  return ['BlockStatement', 'FunctionDeclaration', 'ClassDeclaration', 'TSInterfaceDeclaration', 'TSEnumDeclaration', 'TSModuleDeclaration', 'StaticBlock'].includes(node.type);
}

/** A class member that is only a new name: a field with no value, modifier, type or decorator, named as nothing else in the file is. */
function bareField(member: TSESTree.Node, names: ReadonlyMap<string, unknown>): boolean {
  if (member.type !== 'PropertyDefinition' || member.computed || member.static || member.value !== null || member.key.type !== 'Identifier') return false;
  const field = member as unknown as Record<string, unknown>;
  for (const key of ['accessibility', 'readonly', 'declare', 'override', 'optional', 'definite', 'typeAnnotation']) if (field[key]) return false;
  if (Array.isArray(field.decorators) && field.decorators.length > 0) return false;
  const name = member.key.name;
  return !CONTEXTUAL_NAMES.has(name) && !names.has(name);
}

/** A class around a fragment of class members, to parse them as members. */
const CLASS_BEFORE = 'class _ {';
const CLASS_AFTER = '\n}';

/** The first character of a statement that no statement before it can take as its own continuation after a line break. */
const STARTS_ALONE = /^[\p{ID_Start}_$]/u;
const OPERATOR_WORD = /^(?:in|instanceof|as|satisfies)(?![\p{ID_Continue}$\u200c\u200d])/u;

/**
 * Whether `between`, the new text between a gap's statements, is only statements that read names
 * (see `READING_ONLY`) and the gap's comments as they were, and would be parsed as those statements
 * in place: alone they parse, and each
 * meets the one before it (the gap's `before` first) where a `;` or a block's `}` ends that one, or
 * across a line break at a character that cannot continue it.
 */
function codeBetween(between: string, gap: Gap, old: string, comments: readonly { type: string; value: string; at: number }[], names: ReadonlyMap<string, unknown>, parse: (text: string) => JsSourceCode): boolean {
  // A fragment's first `#!` is a hashbang; anywhere but a file's start it is an error.
  if (between.startsWith('#!')) return false;
  let fragment: JsSourceCode;
  const shift = gap.members ? CLASS_BEFORE.length : 0;
  try {
    fragment = parse(gap.members ? CLASS_BEFORE + between + CLASS_AFTER : between);
  } catch {
    return false;
  }
  const program = fragment.ast;
  // The comments it has are the ones that were there: none typed, none ended or begun by the edit.
  const found = program.comments ?? [];
  if (found.length !== comments.length) return false;
  for (const [i, comment] of found.entries()) {
    const kept = comments[i]!;
    if (comment.type !== kept.type || comment.value !== kept.value || comment.range[0] - shift !== kept.at) return false;
  }
  let items: readonly TSESTree.Node[];
  if (gap.members) {
    const declaration = program.body[0];
    if (program.body.length !== 1 || declaration?.type !== 'ClassDeclaration') return false;
    items = declaration.body.body;
    if (!items.every((member) => bareField(member, names))) return false;
  } else {
    items = program.body;
    if (!onlyReading(program, fragment.visitorKeys)) return false;
  }
  // Each statement against the one before it; the last new one (or `before`) against `after`.
  const sequence: { start: number; end: number; alone: boolean }[] = [];
  const offset = gap.from - shift;
  if (gap.before !== undefined) sequence.push({ start: gap.before.range[0], end: gap.before.range[1], alone: endsAlone(gap.before, old) });
  for (const item of items) sequence.push({ start: offset + item.range[0], end: offset + item.range[1], alone: between[item.range[1] - shift - 1] === ';' });
  const text = old.slice(0, gap.from) + between;
  const following = gap.after === undefined ? undefined : { start: text.length, first: old.slice(gap.after.range[0], gap.after.range[0] + 12) };
  for (let i = 0; i < sequence.length; i++) {
    const current = sequence[i]!;
    if (current.alone) continue;
    const nextStart = i + 1 < sequence.length ? sequence[i + 1]!.start : following?.start;
    if (nextStart === undefined) continue;
    const first = i + 1 < sequence.length ? text.slice(nextStart, nextStart + 12) : following!.first;
    const lineBreak = /[\n\r\u2028\u2029]/.test(text.slice(current.end, nextStart));
    if (!lineBreak || !STARTS_ALONE.test(first) || OPERATOR_WORD.test(first)) return false;
  }
  return true;
}

/** Whether a fragment's statements only read names and values (see `READING_ONLY`). */
function onlyReading(program: TSESTree.Program, visitorKeys: TSESLint.SourceCode['visitorKeys']): boolean {
  let clean = true;
  const check = (_: undefined, node: TSESTree.Node): void => {
    if (!clean) return;
    if (!READING_ONLY.has(node.type)) clean = false;
    else if (node.type === 'Identifier' && CONTEXTUAL_NAMES.has(node.name)) clean = false;
    else if (node.type === 'Literal' && (typeof node.value === 'string' || (node as { regex?: unknown }).regex != null)) clean = false;
    else if (node.type === 'ExpressionStatement' && 'directive' in node && typeof node.directive === 'string') clean = false;
    else forEachChild(node, visitorKeys, check, undefined);
  };
  check(undefined, program);
  return clean;
}
