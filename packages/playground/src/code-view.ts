/**
 * The code view: a CodeMirror 6 editor whose diagnostics are the findings `urilint scan` reports for
 * the same text (`lint.ts`), each with its rule, code and RFC section; a finding's fix is its first
 * action, applied on click (or from the lint panel, Ctrl-Shift-M / F8, by keyboard), and its
 * suggestions follow. Loaded with the view (a chunk of its own): the URI view does not need it.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { forceLinting, lintGutter, linter, lintKeymap, type Action, type Diagnostic } from '@codemirror/lint';
import { EditorState, StateEffect } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import type { SourceEdit } from '@urilint/discovery';
import { h } from './dom.js';
import { lint, loadReader, type LintFinding, type Preset, type RuleChoice } from './lint.js';

export interface CodeSettings {
  file: string;
  preset: Preset;
  rules: Record<string, RuleChoice>;
}

export interface CodeView {
  /** Reads the text again with new settings (language, preset, rules). */
  update(settings: CodeSettings): void;
  text(): string;
  setText(text: string): void;
}

/** New settings (language, preset, rules): the findings are read again though the text did not change. */
const settingsChanged = StateEffect.define<null>();

function applyEdits(view: EditorView, edits: readonly SourceEdit[]): void {
  view.dispatch({ changes: edits.map((edit) => ({ from: edit.range[0], to: edit.range[1], insert: edit.text })) });
}

function actionsOf(finding: LintFinding): Action[] {
  const actions: Action[] = [];
  if (finding.fix !== undefined) actions.push({ name: 'Fix', apply: (view) => applyEdits(view, finding.fix!) });
  for (const suggestion of finding.suggestions) actions.push({ name: suggestion.message, apply: (view) => applyEdits(view, suggestion.edits) });
  return actions;
}

/** The line and column (from 1, columns in UTF-16 code units) of an offset, as scan prints them. */
function position(state: EditorState, offset: number): { line: number; column: number } {
  const line = state.doc.lineAt(offset);
  return { line: line.number, column: offset - line.from + 1 };
}

export function createCodeView(parent: HTMLElement, list: HTMLElement, initial: string, settings: CodeSettings, changed: (text: string) => void): CodeView {
  let current = settings;

  const showFindings = (findings: readonly LintFinding[], state: EditorState, parseError: string | undefined, file: string): void => {
    list.replaceChildren();
    list.setAttribute('data-count', String(findings.length));
    // Which text the list is of (its length, and the language): for a test to wait on.
    list.setAttribute('data-length', String(state.doc.length));
    list.setAttribute('data-file', file);
    if (parseError !== undefined) list.append(h('li', { class: 'note' }, `Read without a full parse: ${parseError}`));
    findings.forEach((finding, index) => {
      const { line, column } = position(state, finding.range[0]);
      const item = h(
        'li',
        { class: `finding ${finding.severity}`, 'data-code': finding.code ?? finding.rule, 'data-rule': finding.rule, 'data-line': String(line), 'data-column': String(column) },
        h('span', { class: 'where' }, `${line}:${column}`),
        ' ',
        h('span', { class: 'severity' }, finding.severity),
        ' ',
        h('code', { class: 'code' }, finding.code ?? finding.rule),
        ' ',
        h('span', { class: 'message' }, finding.message),
        finding.spec === undefined || finding.spec === '—' ? undefined : h('span', { class: 'spec' }, ` (${finding.spec})`),
        ' ',
        h('span', { class: 'rule' }, `urilint/${finding.rule}`),
      );
      if (finding.fix !== undefined) {
        const button = h('button', { type: 'button', class: 'apply', 'data-testid': `code-fix-${index}` }, 'Apply fix');
        button.addEventListener('click', () => applyEdits(view, finding.fix!));
        item.append(' ', button);
      }
      list.append(item);
    });
  };

  const source = linter(
    async (editor): Promise<Diagnostic[]> => {
      const asked = current;
      const { file, preset, rules } = asked;
      await loadReader(file, editor.state.doc.toString());
      const state = editor.state;
      const { findings, parseError } = lint(state.doc.toString(), file, preset, rules);
      // Settings changed while the reader loaded: the run they started shows its own findings.
      if (current === asked) showFindings(findings, state, parseError, file);
      return findings.map((finding) => ({
        from: finding.range[0],
        to: finding.range[1],
        severity: finding.severity,
        source: `urilint/${finding.rule}`,
        message: `${finding.message}${finding.spec === undefined || finding.spec === '—' ? '' : ` (${finding.spec})`} [${finding.code ?? finding.rule}]`,
        actions: actionsOf(finding),
      }));
    },
    { delay: 250, needsRefresh: (update) => update.transactions.some((transaction) => transaction.effects.some((effect) => effect.is(settingsChanged))) },
  );

  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: initial,
      extensions: [
        lineNumbers(),
        history(),
        EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap]),
        lintGutter(),
        source,
        EditorView.contentAttributes.of({ 'aria-label': 'Code to check', 'data-testid': 'editor' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    update(settings) {
      current = settings;
      view.dispatch({ effects: settingsChanged.of(null) });
      forceLinting(view);
    },
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
  };
}
