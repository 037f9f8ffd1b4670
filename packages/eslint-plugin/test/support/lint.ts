import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin from '../../src/index.js';

export type Language = 'js' | 'ts' | 'jsx' | 'tsx';

const FILENAMES: Record<Language, string> = { js: 'file.js', ts: 'file.ts', jsx: 'file.jsx', tsx: 'file.tsx' };

/** A flat config running urilint rules on one language. */
export function configFor(language: Language, rules: Linter.RulesRecord, settings?: Record<string, unknown>): Linter.Config[] {
  const typescript = language === 'ts' || language === 'tsx';
  return [
    {
      files: ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx'],
      plugins: { urilint: plugin as never },
      languageOptions: {
        ...(typescript ? { parser: tsParser as never } : {}),
        parserOptions: { ecmaFeatures: { jsx: language.endsWith('x') } },
        sourceType: 'module',
      },
      ...(settings ? { settings } : {}),
      rules,
    },
  ];
}

export function lint(code: string, language: Language, rules: Linter.RulesRecord, settings?: Record<string, unknown>): Linter.LintMessage[] {
  return new Linter({ configType: 'flat' }).verify(code, configFor(language, rules, settings), FILENAMES[language]);
}

export function fix(code: string, language: Language, rules: Linter.RulesRecord): string {
  return new Linter({ configType: 'flat' }).verifyAndFix(code, configFor(language, rules), FILENAMES[language]).output;
}

/** Width of a line's text up to `column` (0-based UTF-16), counting astral characters once. */
function width(text: string): number {
  return [...text].length;
}

/**
 * What a reviewer needs to see: each source line, and under it a caret line
 * for every message that starts there (`^^^` under the exact characters, by
 * code point), then the rule and message.
 */
export function renderReport(code: string, messages: readonly Linter.LintMessage[]): string {
  const lines = code.split('\n');
  const out: string[] = [];
  lines.forEach((line, index) => {
    out.push(line);
    for (const message of messages.filter((m) => m.line === index + 1)) {
      const startColumn = message.column - 1;
      const endColumn = message.endLine === message.line && message.endColumn !== undefined ? message.endColumn - 1 : line.length;
      const pad = ' '.repeat(width(line.slice(0, startColumn)));
      const carets = '^'.repeat(Math.max(1, width(line.slice(startColumn, endColumn))));
      out.push(`${pad}${carets} ${message.ruleId}: ${message.message}`);
      for (const suggestion of message.suggestions ?? []) out.push(`${pad}  suggestion: ${suggestion.desc}`);
    }
  });
  return out.join('\n');
}
