/**
 * The URI view: a URI's components as coloured spans (the password and secret query values
 * masked), each problem underlined at its characters with its message, RFC section and fix, the
 * URI with every fix applied, what a browser's `URL` reads beside what RFC 3986 reads (the
 * differences core reports, marked), and the reference resolved against a base and normalised.
 * Everything comes from @urilint/core: this module only draws it.
 */
import {
  analyze,
  applyEdits,
  maskSecrets,
  maskSpans,
  normalize,
  redactSecrets,
  resolve,
  secretSpans,
  WHATWG_CODES,
  type Component,
  type Diagnostic,
  type Span,
  type TextEdit,
  type UriReference,
} from '@urilint/core';
import { h } from './dom.js';

/** A coloured piece of the URI: its component (`path-segment`, `query-name`…) and where it is. */
export interface Piece extends Span {
  component: string;
}

/** The pieces of a parsed reference, in order: the delimiters between them are left uncoloured. */
export function piecesOf(reference: UriReference): Piece[] {
  const { input } = reference;
  const pieces: Piece[] = [];
  if (reference.scheme) pieces.push({ ...reference.scheme, component: 'scheme' });
  if (reference.userinfo) {
    const { start, end } = reference.userinfo;
    const colon = input.indexOf(':', start);
    if (colon >= 0 && colon < end) {
      pieces.push({ start, end: colon, component: 'user' });
      pieces.push({ start: colon + 1, end, component: 'password' });
    } else pieces.push({ start, end, component: 'user' });
  }
  if (reference.host) pieces.push({ start: reference.host.start, end: reference.host.end, component: 'host' });
  if (reference.port) pieces.push({ ...reference.port, component: 'port' });
  for (const segment of reference.path.segments) pieces.push({ start: segment.start, end: segment.end, component: 'path-segment' });
  if (reference.query) {
    let at = reference.query.start;
    for (const piece of input.slice(reference.query.start, reference.query.end).split('&')) {
      const equals = piece.indexOf('=');
      if (equals < 0) pieces.push({ start: at, end: at + piece.length, component: 'query-name' });
      else {
        pieces.push({ start: at, end: at + equals, component: 'query-name' });
        pieces.push({ start: at + equals + 1, end: at + piece.length, component: 'query-value' });
      }
      at += piece.length + 1;
    }
  }
  if (reference.fragment) pieces.push({ ...reference.fragment, component: 'fragment' });
  return pieces.filter((piece) => piece.end > piece.start);
}

function tryApply(input: string, edits: readonly TextEdit[]): string | undefined {
  try {
    return applyEdits(input, [...edits]);
  } catch {
    return undefined;
  }
}

/** The URI drawn: each run of characters with its component's class, underlined where a problem is. */
function drawUri(reference: UriReference, diagnostics: readonly Diagnostic[]): HTMLElement {
  const { input } = reference;
  const shown = maskSpans(input, secretSpans(reference));
  const pieces = piecesOf(reference);
  const cuts = new Set([0, input.length]);
  for (const span of [...pieces, ...diagnostics]) {
    cuts.add(span.start);
    cuts.add(span.end);
  }
  const points = [...cuts].filter((at) => at >= 0 && at <= input.length).sort((a, b) => a - b);
  const line = h('div', { class: 'uri-line', 'data-testid': 'uri-spans' });
  for (let i = 0; i < points.length; i++) {
    const at = points[i]!;
    // A problem of no width (something missing) is a mark between characters.
    diagnostics.forEach((diagnostic, index) => {
      if (diagnostic.start === at && diagnostic.end === at) line.append(h('span', { class: `gap ${diagnostic.severity}`, 'data-problem': String(index), title: diagnostic.message }, '‸'));
    });
    const end = points[i + 1];
    if (end === undefined) break;
    const piece = pieces.find((p) => p.start <= at && end <= p.end);
    const problems = diagnostics.map((d, index) => ({ d, index })).filter(({ d }) => d.start <= at && end <= d.end && d.end > d.start);
    const classes = [piece === undefined ? 'delimiter' : `c-${piece.component}`];
    if (problems.length > 0) classes.push('problem', problems.some(({ d }) => d.severity === 'error') ? 'error' : 'warning');
    line.append(
      h(
        'span',
        {
          class: classes.join(' '),
          'data-component': piece?.component,
          'data-problem': problems.length > 0 ? problems.map(({ index }) => index).join(' ') : undefined,
          title: [piece?.component, ...problems.map(({ d }) => `${d.code}: ${d.message}`)].filter(Boolean).join('\n') || undefined,
        },
        shown.slice(at, end),
      ),
    );
  }
  return line;
}

const COMPONENT_LABELS: readonly [Component | 'user' | 'password', string][] = [
  ['scheme', 'scheme'],
  ['user', 'user'],
  ['password', 'password'],
  ['host', 'host'],
  ['port', 'port'],
  ['path', 'path'],
  ['query', 'query'],
  ['fragment', 'fragment'],
];

/**
 * What RFC 3986 reads each component as, and what the URL Standard's `URL` does (secrets masked in
 * both). Core's reading decides whether the URL Standard rejects it (`failure`), as it does for
 * `scan`: where the page's own `URL` departs from the Standard (Chromium keeps a space in a host),
 * the Standard is shown.
 */
function readings(reference: UriReference, base: string, failure: string | undefined): { rfc: Record<string, string | undefined>; url: Record<string, string | undefined> | undefined; failure?: string } {
  const shown = maskSecrets(reference.input, reference);
  const slice = (span: Span | undefined) => (span === undefined ? undefined : shown.slice(span.start, span.end));
  const userinfo = slice(reference.userinfo);
  const colon = userinfo?.indexOf(':') ?? -1;
  const rfc = {
    scheme: slice(reference.scheme),
    user: userinfo === undefined ? undefined : colon < 0 ? userinfo : userinfo.slice(0, colon),
    password: userinfo === undefined || colon < 0 ? undefined : userinfo.slice(colon + 1),
    host: slice(reference.host),
    port: slice(reference.port),
    path: shown.slice(reference.path.start, reference.path.end),
    query: slice(reference.query),
    fragment: slice(reference.fragment),
  };
  if (failure !== undefined) return { rfc, url: undefined, failure };
  let url: URL;
  try {
    url = base === '' ? new URL(reference.input) : new URL(reference.input, base);
  } catch (error) {
    return { rfc, url: undefined, failure: error instanceof Error ? error.message : String(error) };
  }
  const bullets = (text: string) => '•'.repeat(text.length);
  const shownSearch = maskSecrets(`?${url.search.slice(1)}`).slice(1);
  return {
    rfc,
    url: {
      scheme: url.protocol.slice(0, -1),
      user: url.username === '' ? undefined : url.username,
      password: url.password === '' ? undefined : bullets(url.password),
      host: url.host === '' ? undefined : url.hostname,
      port: url.port === '' ? undefined : url.port,
      path: url.pathname,
      query: url.search === '' ? undefined : shownSearch,
      fragment: url.hash === '' ? undefined : url.hash.slice(1),
    },
  };
}

function codeFrame(label: string, text: string, testid: string): HTMLElement {
  return h('p', { class: 'result' }, h('span', { class: 'label' }, `${label} `), h('code', { 'data-testid': testid }, text));
}

/** Draws the URI view for `input` into `root`; `apply` replaces the input (a fix applied). */
export function renderUri(root: HTMLElement, input: string, base: string, apply: (text: string) => void): void {
  root.replaceChildren();
  if (input === '') {
    root.append(h('p', { class: 'hint' }, 'Type or paste a URI above.'));
    return;
  }
  const analysis = analyze(input, base === '' ? {} : { base });
  const reference = analysis.reference;
  const diagnostics = analysis.diagnostics;
  const differences = diagnostics.filter((d) => Object.hasOwn(WHATWG_CODES, d.code));
  const mask = (text: string) => maskSecrets(text);

  root.append(
    h('h2', {}, 'Components'),
    h(
      'p',
      { class: 'verdict', 'data-testid': 'verdict' },
      reference.valid ? '✓ a valid URI reference (RFC 3986)' : '✗ not a valid URI reference (RFC 3986)',
      ` — ${reference.kind === 'uri' ? 'a URI' : 'a relative reference'}`,
    ),
    drawUri(reference, diagnostics),
    h('ul', { class: 'legend', 'aria-label': 'Components' }, ...piecesOf(reference).map((piece) => h('li', { class: `c-${piece.component}` }, piece.component, ' ', h('code', {}, maskSpans(input, secretSpans(reference)).slice(piece.start, piece.end))))),
  );

  const list = h('ol', { class: 'problems', 'data-testid': 'problems' });
  diagnostics.forEach((diagnostic, index) => {
    const fixed = diagnostic.fix === undefined ? undefined : tryApply(input, diagnostic.fix);
    const item = h(
      'li',
      { class: `problem-item ${diagnostic.severity}`, 'data-code': diagnostic.code, id: `problem-${index}` },
      h('span', { class: 'severity' }, diagnostic.severity),
      ' ',
      h('code', { class: 'code' }, diagnostic.code),
      ' ',
      h('span', { class: 'message' }, diagnostic.message),
      diagnostic.spec === '—' ? undefined : h('span', { class: 'spec' }, ` (${diagnostic.spec})`),
      differences.includes(diagnostic) ? h('span', { class: 'badge' }, ' browsers differ') : undefined,
    );
    if (fixed !== undefined) {
      const button = h('button', { type: 'button', class: 'apply', 'data-testid': `apply-fix-${index}` }, 'Apply fix');
      button.addEventListener('click', () => apply(fixed));
      item.append(h('div', { class: 'fix' }, h('span', { class: 'label' }, 'fix: '), h('code', {}, mask(fixed)), ' ', button));
    }
    for (const suggestion of diagnostic.suggestions ?? []) {
      const suggested = tryApply(input, suggestion.edits);
      if (suggested !== undefined) item.append(h('div', { class: 'suggestion' }, h('span', { class: 'label' }, 'suggestion: '), suggestion.message, ' ', h('code', {}, mask(suggested))));
    }
    list.append(item);
  });
  root.append(h('h2', {}, `Problems (${diagnostics.length})`), diagnostics.length === 0 ? h('p', { class: 'hint' }, 'None.') : list);

  const fixes = diagnostics.flatMap((d) => (d.fix === undefined ? [] : [d.fix]));
  const fixedAll = fixes.length > 0 ? tryApply(input, fixes.flat()) : undefined;
  if (fixedAll !== undefined) {
    const button = h('button', { type: 'button', class: 'apply', 'data-testid': 'apply-all' }, 'Apply all fixes');
    button.addEventListener('click', () => apply(fixedAll));
    root.append(h('p', { class: 'result' }, h('span', { class: 'label' }, 'fixed: '), h('code', { 'data-testid': 'fixed' }, mask(fixedAll)), ' ', button));
  }

  // RFC 3986 and the URL Standard side by side; the rows of the components where core finds that they differ are marked.
  const read = readings(reference, base, analysis.whatwg?.failure);
  const differing = new Set<string>(differences.map((d) => d.component));
  if (differing.has('userinfo')) differing.add('user').add('password');
  const table = h('table', { class: 'readings', 'data-testid': 'readings' });
  table.append(h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'component'), h('th', { scope: 'col' }, 'RFC 3986'), h('th', { scope: 'col' }, 'browser (WHATWG URL)'))));
  const body = h('tbody');
  for (const [key, label] of COMPONENT_LABELS) {
    const rfc = read.rfc[key];
    const url = read.url?.[key];
    if (rfc === undefined && url === undefined) continue;
    const marked = differing.has(key);
    body.append(
      h(
        'tr',
        { class: marked ? 'differs' : undefined, 'data-component': key },
        h('th', { scope: 'row' }, label, marked ? ' ≠' : ''),
        h('td', {}, rfc === undefined ? h('em', {}, 'none') : h('code', {}, rfc)),
        h('td', {}, read.url === undefined ? h('em', {}, '—') : url === undefined ? h('em', {}, 'none') : h('code', {}, url)),
      ),
    );
  }
  table.append(body);
  root.append(
    h('h2', {}, 'RFC 3986 and the browsers'),
    read.url === undefined ? h('p', { 'data-testid': 'whatwg-failure' }, `A browser's URL rejects it: ${read.failure}`) : h('p', {}, 'A browser reads ', h('code', { 'data-testid': 'whatwg-href' }, mask(analysis.whatwg?.href ?? '')), '.'),
    table,
  );

  root.append(h('h2', {}, 'Resolution and normalisation'));
  if (base !== '') {
    try {
      root.append(codeFrame(`resolved against ${mask(base)}:`, mask(resolve(input, base)), 'resolved'));
    } catch (error) {
      root.append(h('p', { 'data-testid': 'resolved' }, `Not resolved: ${redactSecrets(error instanceof Error ? error.message : String(error), reference)}`));
    }
  }
  try {
    root.append(codeFrame('normalised:', mask(normalize(input)), 'normalized'));
  } catch (error) {
    root.append(h('p', { 'data-testid': 'normalized' }, `Not normalised: ${redactSecrets(error instanceof Error ? error.message : String(error), reference)}`));
  }
}
