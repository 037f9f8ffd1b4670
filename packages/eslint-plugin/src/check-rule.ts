import type { TSESLint } from '@typescript-eslint/utils';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import { DEFAULT_TEST_FILES, discoveryOptions, forEachCandidate, isTestFile, uriListeners, type DiscoveryOptions, type DocumentContext, type FileContext, type Finding, type Framework, type RuleCheck, type UriCandidate } from '@urilint/discovery';
import { componentUris, frameworkOf } from './components.js';
import { linkDocument } from './links.js';
import { languageFile, type LanguageFile, type Position } from './languages.js';

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/** Where a source offset is, in the lines and columns of the file's language. */
type Locate = (offset: number) => Position;

/**
 * Reports a finding of the shared check: its range, fix and suggestions are
 * source offsets already; `locate` turns the range into the language's lines
 * and columns.
 */
function report(context: Context, finding: Finding, locate: Locate): void {
  const fix = finding.fix;
  context.report({
    loc: { start: locate(finding.range[0]), end: locate(finding.range[1]) },
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

/** Runs the check on each candidate and reports what it finds; one candidate that fails costs only itself. */
function checkAll<Options extends object>(
  context: Context,
  check: RuleCheck<Options>,
  options: Options,
  candidates: readonly UriCandidate[],
  locate: Locate,
  sourceCode?: Context['sourceCode'],
  document?: DocumentContext,
): void {
  // One check context for the file's candidates: the checks only read it.
  const checkContext = { ...planOf(context).test, options, ...(sourceCode === undefined ? {} : { sourceCode }), ...(document === undefined ? {} : { document }) };
  forEachCandidate(candidates, (candidate) => {
    for (const finding of check.check(candidate, checkContext)) report(context, finding, locate);
  });
  if (document !== undefined && check.checkDocument !== undefined) {
    for (const finding of check.checkDocument(document, { ...planOf(context).test, options, document })) report(context, finding, locate);
  }
}

/** Whether the file is JavaScript or TypeScript as ESLint's JavaScript language gives it: a `Program` with scope analysis. */
function isJavaScript(sourceCode: Context['sourceCode']): boolean {
  const ast = sourceCode.ast as { type?: unknown; body?: unknown } | undefined;
  return ast?.type === 'Program' && Array.isArray(ast.body) && sourceCode.scopeManager != null && typeof sourceCode.getLocFromIndex === 'function';
}

/** What every rule asks of a file before it listens: worked out by the first rule created for it, read by the others. */
interface FilePlan {
  /** The discovery settings (`settings.urilint`). */
  discovery: DiscoveryOptions;
  /** The component's framework (Vue, Svelte, Astro, Angular), if its parser says it is one. */
  framework: Framework | undefined;
  /** A file of one of the ESLint language plugins' languages. */
  file: LanguageFile | undefined;
  /** JavaScript or TypeScript as ESLint's JavaScript language gives it. */
  javaScript: boolean;
  /** Whether the file is a test file (`settings.urilint.testFiles`, read from ESLint's working directory), and `fixTestFiles`. */
  test: FileContext;
}

const plans = new WeakMap<object, FilePlan>();

function planOf(context: Context): FilePlan {
  const sourceCode = context.sourceCode;
  let plan = plans.get(sourceCode);
  if (plan === undefined) {
    const discovery = discoveryOptions(context.settings);
    const framework = frameworkOf(sourceCode);
    const file = framework === undefined ? languageFile(sourceCode, discovery.templates) : undefined;
    const path = context.physicalFilename ?? context.filename;
    const test: FileContext = { testFile: isTestFile(path, discovery.testFiles ?? DEFAULT_TEST_FILES, context.cwd), fixTestFiles: discovery.fixTestFiles === true };
    plan = { discovery, framework, file, javaScript: framework === undefined && file === undefined && isJavaScript(sourceCode), test };
    plans.set(sourceCode, plan);
  }
  return plan;
}

/**
 * The `create` of an ESLint rule that runs a shared check on every URI of the
 * file. In JavaScript and TypeScript, discovery hands it the candidates
 * collected from ESLint's traversal (parsed once for all rules). In
 * Markdown, JSON, CSS and HTML (the ESLint language plugins), it listens on
 * the root node, once per file, and reads the candidates from the tree ESLint
 * parsed, with the reader of that language (shared by all rules). Each
 * finding is reported at its source range, in the language's lines and
 * columns. In any other language the rule reports nothing. A rule never
 * crashes ESLint: a file whose URIs cannot be read is left unchecked.
 */
export function checkListeners<Options extends object>(check: RuleCheck<Options>) {
  // The options are the same array from file to file while they are equal (`createRule` remembers them): so is the merge.
  let lastOptions: readonly unknown[] | undefined;
  let merged: Options = check.defaultOptions;
  return <Given extends readonly unknown[]>(context: Readonly<TSESLint.RuleContext<string, Given>>, options: Readonly<Given>): TSESLint.RuleListener => {
    const ruleContext = context as Context;
    const sourceCode = ruleContext.sourceCode;
    if (options !== lastOptions) {
      merged = { ...check.defaultOptions, ...(options[0] as Partial<Options> | undefined) };
      lastOptions = options;
    }
    const fileOptions = merged;
    const { discovery, framework, file, javaScript } = planOf(ruleContext);
    if (framework !== undefined) {
      // A component (Vue, Svelte, Astro, Angular): read whole by discovery's reader of its framework, once per file.
      const root = sourceCode.ast;
      return {
        Program(node: unknown) {
          if (node !== root) return;
          try {
            const found = componentUris(sourceCode, framework, discovery);
            const locate = (offset: number): Position => {
              const { line, column } = sourceCode.getLocFromIndex(offset);
              return { line, column };
            };
            checkAll(ruleContext, check, fileOptions, found.candidates, locate, found.sourceCode as Context['sourceCode'] | undefined);
          } catch {
            // The file is left unchecked rather than stop ESLint.
          }
        },
      };
    }
    // A rule of other kinds of document (the local-link rule in JavaScript) listens to nothing.
    if (check.kinds !== undefined && !check.kinds.includes(file?.kind ?? 'js')) return {};
    if (file !== undefined) {
      const root = file.root;
      return {
        [file.rootType](node: unknown) {
          if (node !== root) return;
          try {
            const { candidates, locator } = file.read();
            // Markdown and HTML: the document and its workspace, for the rule on local links.
            const document = check.name === 'no-broken-links' ? linkDocument(ruleContext, file.kind, candidates) : undefined;
            checkAll(ruleContext, check, fileOptions, candidates, (offset) => locator.position(offset), undefined, document);
          } catch {
            // The file is left unchecked rather than stop ESLint.
          }
        },
      };
    }
    if (!javaScript) return {};
    return uriListeners(ruleContext, (candidates) => {
      if (candidates.length > 0) checkAll(ruleContext, check, fileOptions, candidates, (offset) => sourceCode.getLocFromIndex(offset), sourceCode);
    });
  };
}

/** The ESLint rule's `schema`: the options' schema its check carries (discovery validates the configuration's with it too). */
export function optionsSchema(check: RuleCheck<object>): JSONSchema4[] {
  return check.optionsSchema === undefined ? [] : [check.optionsSchema as JSONSchema4];
}
