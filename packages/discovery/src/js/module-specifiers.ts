import type { TSESTree } from '@typescript-eslint/utils';

/**
 * The nodes whose string child is a module specifier: a file or package that the module loader or
 * a bundler resolves (`import x from "./a.js"`, `export * from "pkg"`, `import("../pages/[id].vue")`,
 * `import a = require("b")`, `import("pkg").T`). File-based routing names its files with `[param]`;
 * what is written there is a file's name, not a link.
 */
export const MODULE_SPECIFIER_PARENTS: ReadonlySet<string> = new Set(['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration', 'ImportExpression', 'TSExternalModuleReference', 'TSImportType']);

/** Calls whose first argument is a module specifier: `require("./a")`, `require.resolve("./a")`, `import.meta.resolve("./a")`. */
function isResolverCall(call: TSESTree.CallExpression): boolean {
  const callee = call.callee;
  if (callee.type === 'Identifier') return callee.name === 'require';
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'resolve') return false;
  return (callee.object.type === 'Identifier' && callee.object.name === 'require') || isImportMeta(callee.object);
}

function isImportMeta(node: TSESTree.Node): boolean {
  return node.type === 'MetaProperty' && node.meta.name === 'import' && node.property.name === 'meta';
}

/** `import.meta.url`. */
function isImportMetaUrl(node: TSESTree.Node | undefined): boolean {
  return node?.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'url' && isImportMeta(node.object);
}

/**
 * Whether a string-building node is a module specifier by its place: the source of an import or
 * export, the argument of `import()`, `require()`, `require.resolve()` or `import.meta.resolve()`,
 * or the path of `new URL(path, import.meta.url)` (a file beside the module, which bundlers resolve
 * as they resolve an import).
 */
export function isModuleSpecifier(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (MODULE_SPECIFIER_PARENTS.has(parent.type)) {
    const specifier = parent.type === 'TSExternalModuleReference' ? parent.expression : (parent as { source?: unknown }).source;
    return specifier === node;
  }
  if (parent.type === 'CallExpression') return parent.arguments[0] === node && isResolverCall(parent);
  if (parent.type === 'NewExpression') {
    return parent.arguments[0] === node && parent.callee.type === 'Identifier' && parent.callee.name === 'URL' && isImportMetaUrl(parent.arguments[1]);
  }
  return false;
}
