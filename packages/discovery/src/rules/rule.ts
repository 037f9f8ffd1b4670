import type { Diagnostic, DiagnosticCode } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import type { SettingSchema } from '../config/schema.js';
import type { Finding } from '../finding.js';
import type { JsSourceCode } from '../js/source-code.js';
import type { DocumentContext } from '../links/context.js';
import type { FileContext } from '../test-files.js';
import { asTestData, finishFindings } from '../uri-findings.js';

export interface CheckContext<Options> extends FileContext {
  options: Options;
  /** In JavaScript and TypeScript: the file's source code (scope lookups, and type information when ESLint has it). */
  sourceCode?: JsSourceCode;
  /** Where the front end gives it: the document's path and text and the workspace index (the local-link rule reads them). */
  document?: DocumentContext;
}

/**
 * What one rule reports on one URI found in a source file. The ESLint plugin
 * wraps each check in an ESLint rule; the language server and the command
 * line run the same checks, so every front end reports the same findings.
 */
export interface RuleCheck<Options extends object = object> {
  name: string;
  /** In the `recommended` preset: near-zero false positives on ordinary code. */
  recommended: boolean;
  /** In the `strict` preset: the recommended rules plus style and policy rules. */
  strict: boolean;
  /** Message templates by id, for ESLint (`{{message}} [{{code}}]` is core's message and code). */
  messages: Record<string, string>;
  defaultOptions: Options;
  /**
   * The JSON schema of the options object: the ESLint rule's `schema`, and what `options` of the rule
   * in `urilint.config.jsonc` is validated against (a wrong type is a configuration error, never a
   * rule that throws). Absent: the rule takes no options.
   */
  optionsSchema?: SettingSchema;
  /** Options a preset gives the rule beyond its defaults (`strict` reports what `recommended` lets pass). */
  presetOptions?: Partial<Record<'strict' | 'all', Partial<Options>>>;
  /**
   * The kinds of document the rule reads (`markdown`, `html`: the local-link rule); every kind when
   * absent. A front end does not read a document of another kind for it at all.
   */
  kinds?: readonly ('js' | 'json' | 'markdown' | 'html' | 'css' | 'yaml' | 'text')[];
  check(candidate: UriCandidate, context: CheckContext<Options>): Finding[];
  /** Findings of the document as a whole, not of one URI (a reference link to no definition): run once per document. */
  checkDocument?(document: DocumentContext, context: CheckContext<Options>): Finding[];
}

/**
 * Defines a rule's check. What the check finds on a URI passes `finishFindings` (uri-findings.ts)
 * here, once for every front end: a URI's fixes made one, a repeated problem reported once, and in
 * a test file the fixes offered as suggestions.
 */
export function defineCheck<Options extends object>(definition: RuleCheck<Options>): RuleCheck<Options> {
  const { check, checkDocument } = definition;
  const rule: RuleCheck<Options> = {
    ...definition,
    check(candidate, context) {
      return finishFindings(candidate, check.call(rule, candidate, context), rule.messages, context);
    },
  };
  if (checkDocument !== undefined) {
    rule.checkDocument = function (document, context) {
      return asTestData(checkDocument.call(rule, document, context), context, document.text);
    };
  }
  return rule;
}

/** Which of core's findings a rule reports. */
export interface DiagnosticFilter {
  /** The codes the rule reports. */
  codes: ReadonlySet<DiagnosticCode>;
  /** The grammar's diagnostics only (`reference`), or every analysis's too (`analysis`). */
  from: 'reference' | 'analysis';
  /** Report in XML namespace names too; they are identifiers, compared as text and never fetched. Default false. */
  namespaces?: boolean;
}

/** The diagnostics of a candidate with one of `filter.codes` that no hole touches. */
export function diagnosticsOf(candidate: UriCandidate, filter: DiagnosticFilter): Diagnostic[] {
  if (candidate.namespace && filter.namespaces !== true) return [];
  const diagnostics = filter.from === 'reference' ? candidate.reference.diagnostics : candidate.analysis.diagnostics;
  return diagnostics.filter((diagnostic) => filter.codes.has(diagnostic.code) && !candidate.touchesHole(diagnostic.start, diagnostic.end));
}

/** The template most rules use: core's message and code. */
export const CORE_MESSAGE = '{{message}} [{{code}}]';
export const SUGGESTION_MESSAGE = '{{suggestion}}';
