import { presetOptions, presetRules, RULE_CHECKS, RULE_NAMES, type RuleName } from '@urilint/discovery';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { RuleSeverity, Settings } from './settings.js';

/** A rule that is on: the severity of its findings and its options. */
export interface ActiveRule {
  severity: DiagnosticSeverity;
  options: object;
}

const SEVERITY: Readonly<Record<Exclude<RuleSeverity, 'off'>, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

function isSeverity(value: unknown): value is RuleSeverity {
  return value === 'off' || (typeof value === 'string' && value in SEVERITY);
}

/**
 * The rules on for these settings: the preset's rules as errors (as the
 * ESLint configs set them), then each entry of `rules` (a severity, or
 * `{ severity, options }`). Unknown rule names and malformed entries are
 * ignored, so a typo in the settings never stops the checking.
 */
export function activeRules(settings: Pick<Settings, 'preset' | 'rules'>): Map<RuleName, ActiveRule> {
  const active = new Map<RuleName, ActiveRule>();
  const preset = settings.preset === 'none' ? [] : presetRules(settings.preset);
  for (const name of preset) active.set(name, { severity: DiagnosticSeverity.Error, options: presetOptions(name, settings.preset) });
  const overrides = settings.rules !== null && typeof settings.rules === 'object' ? settings.rules : {};
  for (const [name, setting] of Object.entries(overrides)) {
    if (!(name in RULE_CHECKS)) continue;
    const rule = name as RuleName;
    const severity = isSeverity(setting) ? setting : typeof setting === 'object' && setting !== null && isSeverity(setting.severity) ? setting.severity : undefined;
    const options = typeof setting === 'object' && setting !== null && typeof setting.options === 'object' && setting.options !== null ? setting.options : undefined;
    if (severity === 'off') {
      active.delete(rule);
      continue;
    }
    const current = active.get(rule);
    active.set(rule, {
      severity: severity === undefined ? (current?.severity ?? DiagnosticSeverity.Error) : SEVERITY[severity],
      options: options ?? current?.options ?? {},
    });
  }
  return active;
}

export { RULE_NAMES };
