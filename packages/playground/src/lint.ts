/**
 * The findings of a snippet, as `urilint scan` finds them in a file of the same name and text with a
 * configuration of the same preset and rules (the playground's browser test holds the two equal):
 * the document read by the reader of its kind, the rules run, ESLint's disable comments obeyed in
 * JavaScript and TypeScript, sorted by position.
 */
import {
  defaultProjectSettings,
  disabledBy,
  discoverDocument,
  loadGrammarsFor,
  loadParsers,
  presetOptions,
  presetRules,
  RULE_NAMES,
  runRules,
  sourceKindOf,
  sourceKindOfText,
  type Finding,
  type RuleName,
  type SourceKind,
} from '@urilint/discovery';

export type Preset = 'recommended' | 'strict' | 'all' | 'none';
export type RuleChoice = 'error' | 'warning' | 'off';

/** The languages of the picker: each a file name, whose extension chooses the reader as it does for `scan`. */
export const LANGUAGES: readonly { label: string; file: string }[] = [
  { label: 'JavaScript', file: 'snippet.js' },
  { label: 'TypeScript', file: 'snippet.ts' },
  { label: 'JSX', file: 'snippet.jsx' },
  { label: 'TSX', file: 'snippet.tsx' },
  { label: 'JSON', file: 'snippet.json' },
  { label: 'JSONC', file: 'snippet.jsonc' },
  { label: 'JSON5', file: 'snippet.json5' },
  { label: 'Markdown', file: 'snippet.md' },
  { label: 'HTML', file: 'snippet.html' },
  { label: 'CSS', file: 'snippet.css' },
  { label: 'YAML', file: 'snippet.yaml' },
  { label: 'Text', file: 'snippet.txt' },
  { label: 'Vue', file: 'snippet.vue' },
  { label: 'Svelte', file: 'snippet.svelte' },
  { label: 'Astro', file: 'snippet.astro' },
  { label: 'Angular template', file: 'snippet.component.html' },
  { label: 'Nunjucks template', file: 'snippet.njk' },
  { label: 'Python', file: 'snippet.py' },
  { label: 'Go', file: 'snippet.go' },
  { label: 'Rust', file: 'snippet.rs' },
  { label: 'Java', file: 'Snippet.java' },
  { label: 'Kotlin', file: 'Snippet.kt' },
  { label: 'C#', file: 'Snippet.cs' },
  { label: 'Ruby', file: 'snippet.rb' },
  { label: 'PHP', file: 'snippet.php' },
  { label: 'Shell', file: 'snippet.sh' },
  { label: 'Environment (.env)', file: '.env' },
];

export interface LintFinding extends Finding {
  severity: 'error' | 'warning';
}

/** The rules on, with their severity and options: the preset's as errors, then each choice over it. */
export function activeRules(preset: Preset, choices: Readonly<Partial<Record<RuleName, RuleChoice>>>): Map<RuleName, { severity: 'error' | 'warning'; options: object }> {
  const active = new Map<RuleName, { severity: 'error' | 'warning'; options: object }>();
  if (preset !== 'none') for (const name of presetRules(preset)) active.set(name, { severity: 'error', options: presetOptions(name, preset) });
  for (const name of RULE_NAMES) {
    const choice = choices[name];
    if (choice === undefined) continue;
    if (choice === 'off') active.delete(name);
    else active.set(name, { severity: choice, options: active.get(name)?.options ?? presetOptions(name, preset) });
  }
  return active;
}

/**
 * Loads the parsers of the reader for `text` as the file `file` (each a chunk of its own, fetched
 * once), and the tree-sitter grammar of a program (its WebAssembly, fetched once): the kind as
 * `discoverDocument` tells it, by the name and, for a name that does not tell, a `#!` line.
 */
export async function loadReader(file: string, text: string): Promise<void> {
  const kind = sourceKindOfText(sourceKindOf(file), text);
  await loadParsers(kind);
  await loadGrammarsFor([kind]);
}

/** The findings of `text` read as the file `file`; the reader's parsers must be loaded (`loadReader`). */
export function lint(text: string, file: string, preset: Preset, choices: Readonly<Partial<Record<RuleName, RuleChoice>>>): { findings: LintFinding[]; kind: SourceKind; parseError?: string } {
  const kind = sourceKindOf(file);
  // What scan reads a file with when no configuration says otherwise.
  const settings = defaultProjectSettings();
  const found = discoverDocument(text, kind, { filePath: file, templates: settings.templates, sinks: settings.sinks, linkComponents: settings.linkComponents, comments: settings.comments });
  const rules = activeRules(preset, choices);
  const comments = found.sourceCode?.ast.comments?.map((comment) => ({ text: text.slice(comment.range[0], comment.range[1]), start: comment.range[0] }));
  const disabled = kind === 'js' ? disabledBy(text, comments) : () => false;
  const options = Object.fromEntries([...rules].map(([name, rule]) => [name, rule.options]));
  const findings = runRules(found.candidates, options, found.sourceCode, undefined, {})
    .filter((finding) => !disabled(finding.rule, finding.range[0]))
    .map((finding): LintFinding => ({ ...finding, severity: finding.advisory === true ? 'warning' : (rules.get(finding.rule as RuleName)?.severity ?? 'error') }));
  findings.sort((x, y) => x.range[0] - y.range[0] || x.range[1] - y.range[1]);
  return found.parseError === undefined ? { findings, kind } : { findings, kind, parseError: found.parseError };
}
