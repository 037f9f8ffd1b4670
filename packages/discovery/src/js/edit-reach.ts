import type { TSESTree } from '@typescript-eslint/utils';
import { MODULE_SPECIFIER_PARENTS } from './module-specifiers.js';

// What decides whether an edit inside one literal or comment leaves the tree as a new parse would
// make it (`JsDiscovery.edit`); a browser build, which analyses each version afresh, has none of it
// (`edit-reach.browser.ts`).

/** A literal or comment whose text an edit can change without changing the tree. */
export type Token =
  | { kind: 'string'; node: TSESTree.StringLiteral; jsx: boolean }
  | { kind: 'template'; node: TSESTree.TemplateElement }
  | { kind: 'comment'; node: TSESTree.Comment };

/** Whether `content` can stand between the token's delimiters and still be one token of its kind, ending where it did. */
export function staysOneToken(token: Token, content: string, quote: string): boolean {
  if (token.kind === 'comment') return token.node.type === 'Block' ? !content.includes('*/') : !/[\n\r\u2028\u2029]/.test(content);
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (c === '\\' && !(token.kind === 'string' && token.jsx)) {
      // An escape takes the next character; one at the very end would escape the closing delimiter.
      if (i + 1 >= content.length) return false;
      // A legacy octal escape (`\1`, `\01`, `\8`) is an error in a module and in a template: the file no longer parses.
      if (/[1-9]/.test(content[i + 1]!) || (content[i + 1] === '0' && /[0-9]/.test(content[i + 2] ?? ''))) return false;
      i++;
      continue;
    }
    if (token.kind === 'string' && (c === quote || (!token.jsx && (c === '\n' || c === '\r')))) return false;
    if (token.kind === 'template' && (c === '`' || (c === '$' && content[i + 1] === '{'))) return false;
  }
  return true;
}

/** Where a string's value decides more than its own URIs: a module name, a key, a directive, an HTTP method. */
export function valueMatters(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if (MODULE_SPECIFIER_PARENTS.has(parent.type)) return true;
  switch (parent.type) {
    case 'ImportAttribute':
    case 'TSModuleDeclaration':
      return true;
    case 'ExpressionStatement':
      return 'directive' in parent && parent.directive !== undefined;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
    case 'TSPropertySignature':
      return parent.key === node;
    case 'CallExpression': {
      const name = parent.callee.type === 'Identifier' ? parent.callee.name : parent.callee.type === 'MemberExpression' && parent.callee.property.type === 'Identifier' ? parent.callee.property.name : '';
      return name === 'require' || name === 'open';
    }
    default:
      return false;
  }
}

/** Expressions whose value may be the string's own (a `const`'s value can then be read as another URI's hole). */
const CARRIES_VALUE = new Set(['ConditionalExpression', 'LogicalExpression', 'SequenceExpression', 'UnaryExpression', 'BinaryExpression', 'ChainExpression', 'MemberExpression', 'AwaitExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);

/**
 * Whether another URI's checks may read this expression's value: when it is,
 * or flows into, a `const`'s value, a `${…}` or a `+ x` (no-unencoded-interpolation
 * reads those). A call's argument, a JSX attribute, an object property or an
 * array element is read by no other URI.
 */
export function readElsewhere(root: TSESTree.Node): boolean {
  let child = root;
  for (let node = root.parent; node; child = node, node = node.parent) {
    if (node.type === 'VariableDeclarator' || node.type === 'TemplateLiteral' || node.type === 'TaggedTemplateExpression') return true;
    if (node.type === 'BinaryExpression' && node.operator === '+') return true;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      // `String("…")` passes the value on; any other call's result is not this string.
      const passes = node.callee === child || (node.callee.type === 'Identifier' && node.callee.name === 'String');
      if (!passes) return false;
      continue;
    }
    if (!CARRIES_VALUE.has(node.type)) return false;
  }
  return false;
}

/**
 * The `const x = …` whose value an expression is, or flows into as `readElsewhere` follows it,
 * when that is the only place its value is read from; undefined otherwise.
 */
export function constDeclaratorOf(root: TSESTree.Node): TSESTree.VariableDeclarator | undefined {
  let child = root;
  for (let node = root.parent; node; child = node, node = node.parent) {
    if (node.type === 'VariableDeclarator') {
      const declaration = node.parent;
      return node.init === child && node.id.type === 'Identifier' && declaration?.type === 'VariableDeclaration' && declaration.kind === 'const' ? node : undefined;
    }
    if (node.type === 'TemplateLiteral' || node.type === 'TaggedTemplateExpression') return undefined;
    if (node.type === 'BinaryExpression' && node.operator === '+') return undefined;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const passes = node.callee === child || (node.callee.type === 'Identifier' && node.callee.name === 'String');
      if (!passes) return undefined;
      continue;
    }
    if (!CARRIES_VALUE.has(node.type)) return undefined;
  }
  return undefined;
}

/** Where a token's own text is: between its delimiters. */
export function contentOf(token: Token, text: string): [number, number] {
  const [start, end] = token.node.range;
  if (token.kind === 'string') return [start + 1, end - 1];
  if (token.kind === 'comment') return [start + 2, token.node.type === 'Block' ? end - 2 : end];
  return [start + 1, text.startsWith('${', end - 2) ? end - 2 : end - 1];
}
