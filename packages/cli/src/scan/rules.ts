/** The rules `urilint scan` runs: presets, `--rule` settings, and what SARIF says of each rule. */
import { presetOptions, presetRules, RULE_NAMES, type ProjectSettings, type RuleName, type RuleSeverity } from '@urilint/discovery';
import { UsageError } from '../args.js';
import type { Severity } from './file-check.js';

export type Preset = 'recommended' | 'strict' | 'all' | 'none';

export const PRESETS: readonly Preset[] = ['recommended', 'strict', 'all', 'none'];

/** Where each rule's page is: the ESLint plugin's docs, as the language server links them. */
export const RULE_DOCS_BASE = 'https://github.com/urilint/urilint/blob/main/packages/eslint-plugin/docs/rules/';

export const INFORMATION_URI = 'https://github.com/urilint/urilint';

/** Each rule's one-line description: the ESLint rule's `meta.docs.description` (a test keeps them equal). */
export const RULE_DESCRIPTIONS: Readonly<Record<RuleName, string>> = {
  'no-broken-links': 'Disallow relative links to files, headings and lines that do not exist, and reference links to undefined labels (Markdown and HTML)',
  'no-credentials': 'Disallow passwords in the userinfo of a URI (`user:password@host`)',
  'no-deceptive-authority': 'Disallow a userinfo that looks like a host, so the URI seems to name another host than the one contacted',
  'no-insecure-scheme': 'Disallow `http:`, `ws:` and `ftp:` URLs to hosts on the network',
  'no-invalid-percent-encoding': 'Disallow "%" not followed by two hex digits, and percent-encoded octets that are not UTF-8',
  'no-malformed': 'Disallow URIs that break the RFC 3986 grammar (scheme, authority, IP literals, port, path structure)',
  'no-non-canonical-ip': 'Disallow IPv4 hosts in rare forms (`0x7f.1`, `0177.0.0.1`, `2130706433`, `127.1`) and fix them to dotted decimal',
  'no-parser-differential': 'Disallow URIs that browsers and Node’s `URL` read differently from RFC 3986 (backslashes, missing slashes, numeric and encoded hosts, …)',
  'no-script-url': 'Disallow `javascript:`, `vbscript:` and HTML `data:` URLs where the browser navigates or loads a frame',
  'no-unencoded-interpolation': 'Require `encodeURIComponent()` around values interpolated into a URL path segment, query or fragment',
  'no-unescaped-chars': 'Disallow characters that must be percent-encoded in a URI (spaces, controls, quotes, brackets, non-ASCII)',
  'no-unexpanded-template': 'Disallow RFC 6570 template expressions (`{id}`) left in a URL that is requested as it is written',
  'no-unknown-scheme': 'Disallow URI schemes that are neither registered with IANA nor commonly used, and typos of known schemes (`htps:`)',
  'prefer-normalized': 'Enforce the RFC 3986 §6 normal form: lower-case scheme and host, upper-case hex, no needless encoding, no dot segments or default ports',
  'require-scheme': 'Require a scheme and `//` before a host name in URLs passed to fetch(), new URL() and link attributes',
  'valid-scheme-specific': 'Enforce the syntax of http(s), ws(s), file, mailto, urn, data and tel URIs, and ports within 0–65535',
};

const SEVERITIES: Readonly<Record<string, Severity | 'off'>> = { off: 'off', error: 'error', warn: 'warning', warning: 'warning' };

/** One `--rule name[=severity]`, checked. */
export type RuleFlag = readonly [RuleName, Severity | 'off'];

/**
 * The `--rule name[=severity]` settings, checked, in order (`off`, `error`, `warn`; no severity:
 * `error`). `urilint/name` is taken for `name`.
 */
export function ruleFlags(settings: readonly string[]): RuleFlag[] {
  return settings.map((setting) => {
    const [given = '', level = 'error', ...extra] = setting.split('=');
    const name = given.trim().replace(/^urilint\//, '');
    if (!(RULE_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(`Unknown rule '${given}' in --rule; the rules are: ${RULE_NAMES.join(', ')}.`, 'scan');
    }
    const severity = Object.hasOwn(SEVERITIES, level.trim()) && extra.length === 0 ? SEVERITIES[level.trim()]! : undefined;
    if (severity === undefined) throw new UsageError(`Unknown severity in '--rule ${setting}': use off, error or warn.`, 'scan');
    return [name as RuleName, severity] as const;
  });
}

/** A configuration's severity as scan reports it: `information` and `hint` are warnings. */
const CONFIG_SEVERITIES: Readonly<Record<RuleSeverity, Severity | 'off'>> = { off: 'off', error: 'error', warning: 'warning', information: 'warning', hint: 'warning' };

/** The rules on for a file, with their severity and options. */
export interface ActiveRules {
  rules: [RuleName, Severity][];
  ruleOptions: Partial<Record<RuleName, object>>;
}

/**
 * The rules on: the preset's as errors (with the options the preset gives them), then each entry
 * of the configuration's `rules` (a severity, or `{ severity, options }`), then each `--rule` in
 * order.
 */
export function activeRules(preset: Preset, configured: ProjectSettings['rules'], flags: readonly RuleFlag[]): ActiveRules {
  const active = new Map<RuleName, { severity: Severity; options: object }>();
  if (preset !== 'none') for (const name of presetRules(preset)) active.set(name, { severity: 'error', options: presetOptions(name, preset) });
  const set = (name: RuleName, severity: Severity | 'off' | undefined, options: object | undefined): void => {
    if (severity === 'off') {
      active.delete(name);
      return;
    }
    const current = active.get(name);
    active.set(name, { severity: severity ?? current?.severity ?? 'error', options: options ?? current?.options ?? presetOptions(name, preset) });
  };
  for (const [name, setting] of Object.entries(configured) as [RuleName, NonNullable<ProjectSettings['rules'][RuleName]>][]) {
    if (typeof setting === 'string') set(name, CONFIG_SEVERITIES[setting], undefined);
    else set(name, setting.severity === undefined ? undefined : CONFIG_SEVERITIES[setting.severity], setting.options);
  }
  for (const [name, severity] of flags) set(name, severity, undefined);
  const names = [...active.keys()];
  return {
    rules: names.map((name) => [name, active.get(name)!.severity]),
    ruleOptions: Object.fromEntries(names.map((name) => [name, active.get(name)!.options])),
  };
}
