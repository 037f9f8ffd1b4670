/**
 * The playground's page: two views (a URI, a snippet of code), the state kept in the URL fragment,
 * and a link to open an issue with the case filled in. Nothing is sent anywhere: the checks run in
 * the page, and the fragment stays in the browser.
 */
import { maskSecrets } from '@urilint/core';
import { RULE_NAMES } from '@urilint/discovery';
import type { CodeSettings, CodeView } from './code-view.js';
import { h } from './dom.js';
import { LANGUAGES, type Preset, type RuleChoice } from './lint.js';
import { decodeState, encodeState, type State } from './state.js';
import { renderUri } from './uri-view.js';
import './style.css';

const ISSUES = 'https://github.com/urilint/urilint/issues/new';

const $ = <T extends HTMLElement>(selector: string): T => document.querySelector<T>(selector)!;

const state: State = await decodeState(location.hash);
let codeView: CodeView | undefined;

/** The state in the fragment (replacing the history entry: typing does not add one per key). */
let saving = 0;
async function save(): Promise<void> {
  const ticket = ++saving;
  const fragment = await encodeState(state);
  if (ticket !== saving) return;
  history.replaceState(null, '', `#${fragment}`);
  $('#issue').setAttribute('href', issueLink());
}

function issueLink(): string {
  const language = LANGUAGES.find((l) => l.file === state.file)?.label ?? state.file;
  const body =
    state.view === 'uri'
      ? ['**URI**', '', '```', maskSecrets(state.uri), '```', state.base === '' ? '' : `Base: \`${maskSecrets(state.base)}\``, '', '**What I expected**', '', '', `[Reproduce in the playground](${location.href})`]
      : [`**${language}** (\`${state.file}\`), preset \`${state.preset}\``, '', '```', state.code, '```', '', '**What I expected**', '', '', `[Reproduce in the playground](${location.href})`];
  const title = state.view === 'uri' ? `URI: ${maskSecrets(state.uri).slice(0, 60)}` : `${language}: `;
  return `${ISSUES}?${new URLSearchParams({ title, body: body.join('\n') }).toString()}`;
}

function showUri(): void {
  renderUri($('#uri-result'), state.uri, state.base, (text) => {
    state.uri = text;
    $<HTMLInputElement>('#uri').value = text;
    showUri();
  });
  void save();
}

async function showCode(): Promise<void> {
  // The settings are read after the view's chunk has loaded, not before: two calls waiting on it
  // (the tab opened, then a language picked) may resume in either order, and the last to resume
  // must not show the settings the first was called with.
  const settings = (): CodeSettings => ({ file: state.file, preset: state.preset, rules: state.rules });
  if (codeView === undefined) {
    const { createCodeView } = await import('./code-view.js');
    codeView ??= createCodeView($('#editor'), $('#findings'), state.code, settings(), (text) => {
      state.code = text;
      void save();
    });
  }
  codeView.update(settings());
  void save();
}

function select(id: string, label: string, options: readonly [string, string][], value: string, onChange: (value: string) => void): HTMLElement {
  const element = h('select', { id }, ...options.map(([v, text]) => h('option', { value: v }, text)));
  element.value = value;
  element.addEventListener('change', () => onChange(element.value));
  return h('label', { for: id }, `${label} `, element);
}

function showView(view: State['view']): void {
  state.view = view;
  for (const name of ['uri', 'code'] as const) {
    const tab = $(`#tab-${name}`);
    tab.setAttribute('aria-selected', String(name === view));
    tab.tabIndex = name === view ? 0 : -1;
    $(`#panel-${name}`).hidden = name !== view;
  }
  if (view === 'uri') showUri();
  else void showCode();
}

function page(): void {
  const tabs = h(
    'div',
    { role: 'tablist', 'aria-label': 'Views' },
    h('button', { type: 'button', role: 'tab', id: 'tab-uri', 'aria-controls': 'panel-uri' }, 'URI'),
    h('button', { type: 'button', role: 'tab', id: 'tab-code', 'aria-controls': 'panel-code' }, 'Code'),
  );
  const uriInput = h('input', { id: 'uri', type: 'text', spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'uri-help' });
  uriInput.value = state.uri;
  uriInput.addEventListener('input', () => {
    state.uri = uriInput.value;
    showUri();
  });
  const baseInput = h('input', { id: 'base', type: 'text', spellcheck: 'false', autocomplete: 'off' });
  baseInput.value = state.base;
  baseInput.addEventListener('input', () => {
    state.base = baseInput.value;
    showUri();
  });
  const rules = h('fieldset', { class: 'rules' }, h('legend', {}, 'Rules (over the preset)'));
  for (const name of RULE_NAMES) {
    rules.append(
      select(`rule-${name}`, name, [['', 'preset'], ['error', 'error'], ['warning', 'warning'], ['off', 'off']], state.rules[name] ?? '', (value) => {
        if (value === '') delete state.rules[name];
        else state.rules[name] = value as RuleChoice;
        void showCode();
      }),
    );
  }
  const share = h('button', { type: 'button', id: 'share' }, 'Copy link');
  share.addEventListener('click', async () => {
    await save();
    try {
      await navigator.clipboard.writeText(location.href);
      share.textContent = 'Link copied';
    } catch {
      share.textContent = 'Link in the address bar';
    }
  });
  $('#app').replaceChildren(
    h('header', {}, h('h1', {}, 'urilint playground'), h('p', {}, 'RFC 3986 URIs checked in your browser: nothing you type leaves the page.')),
    tabs,
    h(
      'section',
      { id: 'panel-uri', role: 'tabpanel', 'aria-labelledby': 'tab-uri' },
      h('label', { for: 'uri' }, 'URI '),
      uriInput,
      h('p', { id: 'uri-help', class: 'hint' }, 'Its components are coloured; problems are underlined.'),
      h('label', { for: 'base' }, 'Base (for resolution) '),
      baseInput,
      h('div', { id: 'uri-result', 'aria-live': 'polite' }),
    ),
    h(
      'section',
      { id: 'panel-code', role: 'tabpanel', 'aria-labelledby': 'tab-code', hidden: '' },
      h(
        'div',
        { class: 'controls' },
        select('language', 'Language', LANGUAGES.map((l) => [l.file, l.label]), state.file, (value) => {
          state.file = value;
          void showCode();
        }),
        select('preset', 'Preset', [['recommended', 'recommended'], ['strict', 'strict'], ['all', 'all'], ['none', 'none']], state.preset, (value) => {
          state.preset = value as Preset;
          void showCode();
        }),
      ),
      h('div', { id: 'editor' }),
      h('h2', {}, 'Findings'),
      h('ol', { id: 'findings', 'data-testid': 'findings', 'aria-live': 'polite' }),
      h('details', {}, h('summary', {}, 'Rules'), rules),
    ),
    h('footer', {}, share, ' ', h('a', { id: 'issue', href: ISSUES, target: '_blank', rel: 'noopener noreferrer' }, 'Open an issue with this case')),
  );
  for (const name of ['uri', 'code'] as const) $(`#tab-${name}`).addEventListener('click', () => showView(name));
  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
  tabs.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = state.view === 'uri' ? 'code' : 'uri';
    showView(next);
    $(`#tab-${next}`).focus();
  });
  showView(state.view);
}

page();
document.documentElement.dataset['ready'] = 'true';

// Offline once loaded: the built site's service worker (offline.ts) keeps every file of the build.
if (import.meta.env.PROD && 'serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('./sw.js').catch((error: unknown) => console.warn('urilint playground: no offline copy:', error));
}
