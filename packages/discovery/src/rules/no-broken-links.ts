import { SLUG_STYLES } from '../links/slug.js';
import { encodePath, parse, resolve, tryPercentDecode, type TextEdit } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { renderMessage, sourceEditsOf, sourceRangeOf, type Finding, type FindingSuggestion } from '../finding.js';
import { isTemplateFile } from '../document.js';
import type { DocumentContext } from '../links/context.js';
import type { ExternalLinks, ExternalVerdict } from '../links/external.js';
import type { LinkOptions, LinkResult } from '../links/workspace.js';
import { structuralFixReason } from '../fix-gate.js';
import { defineCheck } from './rule.js';

export type NoBrokenLinksOptions = LinkOptions;

const MESSAGES = {
  fileMissing: 'No file or folder "{{path}}" exists where this link points.',
  caseMismatch: 'The file is "{{actual}}", not "{{path}}": the link works on macOS and Windows but breaks on Linux, GitHub and GitHub Pages.',
  caseMismatchFile: 'The page "{{path}}" names is {{actual}}, in another case: the link works on macOS and Windows but breaks on Linux, GitHub and GitHub Pages.',
  anchorMissing: 'No heading or id "{{fragment}}" exists in {{target}}.',
  lineMissing: '"#{{fragment}}" names a line past the end of {{target}} ({{lines}} lines).',
  undefinedReference: 'No definition of the label "{{label}}" in this document: the text shows as it is, not as a link.',
  spaceInDestination: 'This is no link: a Markdown link destination holds no space. Write it in "<…>" or with "%20".',
  externalBroken: '"{{url}}" is broken: {{reason}}.',
  externalMoved: '"{{url}}" moved permanently to "{{target}}" ({{reason}}): link to where it is now.',
  externalUnknown: '"{{url}}" could not be checked: {{reason}}; {{retry}}.',
  replace: 'Write "{{text}}".',
  bracket: 'Write the destination in "<…>".',
  suggestion: '{{suggestion}}',
  encode: 'Write each space as "%20".',
};

/**
 * A generator's partials and layouts (Jekyll's and Eleventy's `_includes/`, `_layouts/`): they
 * are pasted into pages at other routes, so their relative links have no location of their own.
 */
const PARTIAL = /\/_(?:includes|layouts|partials)\//;

/**
 * A template file (`formatter-examples.md.ejs`) that no site generator renders in place: a script
 * renders it to another location, which the tree does not say, so its relative links have none.
 */
function renderedElsewhere(document: DocumentContext, options: LinkOptions): boolean {
  if (!isTemplateFile(document.path) || options.generator === 'none') return false;
  return document.links.site(document.path.slice(0, Math.max(document.path.lastIndexOf('/'), 0)) || '/', options.generator ?? 'auto').generator === undefined;
}

/** The files that make a folder a package of its own (Composer, npm, Go modules, RubyGems, PyPI). */
const PACKAGE_MANIFESTS = /^(?:composer\.json|package\.json|go\.mod|[^/]+\.gemspec|setup\.py|pyproject\.toml)$/;

/**
 * A link from a package committed under a `vendor/` or `third_party/` folder to a file of its own
 * that is not there: a package's distribution leaves files out (its tests, `.github/`, a changelog),
 * which its repository holds, so whether the link works where it was written cannot be known here.
 */
function leftOutOfVendoredPackage(document: DocumentContext, written: string): boolean {
  if (written.startsWith('/') || !/\/(?:vendor|third[_-]party)\//.test(document.path)) return false;
  const parts = document.path.split('/');
  const vendor = Math.max(parts.lastIndexOf('vendor'), parts.lastIndexOf('third_party'), parts.lastIndexOf('third-party'));
  for (let end = parts.length - 1; end > vendor + 1; end--) {
    const dir = parts.slice(0, end).join('/');
    if (!document.links.list(dir).some((entry) => PACKAGE_MANIFESTS.test(entry.name))) continue;
    let target: string;
    try {
      // RFC 3986 §5.2's resolution against the document's own path (dot segments removed).
      const resolved = resolve(written, `file://${encodePath(document.path)}`).slice('file://'.length);
      target = tryPercentDecode(resolved) ?? resolved;
    } catch {
      return false;
    }
    return target.startsWith(`${dir}/`);
  }
  return false;
}

/** A document in a site's layouts or partials (Hugo's `layouts/_shortcodes/x.md`): pasted into pages at other routes. */
function inLayouts(document: DocumentContext, options: LinkOptions): boolean {
  if (options.generator === 'none') return false;
  const site = document.links.site(document.path.slice(0, Math.max(document.path.lastIndexOf('/'), 0)) || '/', options.generator ?? 'auto');
  return site.generator !== undefined && site.generator !== 'vitepress' && (site.layoutDirs ?? []).some((dir) => document.path.startsWith(dir));
}

/**
 * An HTML template that is no whole page: a part another template includes (Django's and Jinja's
 * `{% include %}`, Liquid's, Nunjucks's), a child that fills a layout's blocks (`{% extends %}`), or
 * a layout whose blocks its children fill (a skip link's `#content` is a child's), or a Go
 * template that Hugo assembles (`{{ block "main" . }}` filled by `{{ define "main" }}` in another
 * layout, `{{ partial "svg-icon-symbols" . }}` writing symbols from build resources).
 * The page it ends up in holds the layout's ids as well (a skip link's `#main-content`): its own
 * `#id` that finds nothing in it is looked for in the templates that include or extend it, and is
 * reported only when they are in the tree and none holds it.
 */
function templatePart(document: DocumentContext): boolean {
  return document.kind === 'html' && /\{[{%]/.test(document.text) && (!/<(?:html|body)[\s>]/i.test(document.text) || /\{%-?\s*block\s|\{\{-?\s*(?:block|partial|template)\s/.test(document.text));
}

/**
 * Whether a template part's own fragment is an id of the pages it ends up in: a part with tags whose
 * pages the tree cannot say is given the benefit of the doubt; a piece of HTML with no tag of its own
 * (opencve's `cves/includes/section_nav.html`, whose `#cve-overview` is the including page's) only
 * when a template that includes it holds the id.
 */
function heldByIncludingPages(document: DocumentContext, fragment: string, options: LinkOptions): boolean {
  const tagged = templatePart(document);
  if (!tagged && (document.kind !== 'html' || /<(?:html|body)[\s>]/i.test(document.text))) return false;
  const held = document.links.templatePagesHold(document.path, tryPercentDecode(fragment) ?? fragment, options);
  return tagged ? held !== false : held === true;
}

/**
 * A Markdown link with no text (`[](#bugfix)`): it renders nothing to click, so nobody follows it —
 * a marker that the site styles (Grav's changelog writes each entry's kind so), not a link.
 */
function emptyMarkdownLink(document: DocumentContext, candidate: UriCandidate): boolean {
  if (document.kind !== 'markdown') return false;
  const start = candidate.range[0];
  return start >= 3 && document.text.startsWith('[](', start - 3) && document.text[start - 4] !== '!' && document.text[start - 4] !== '\\';
}

/**
 * The all-contributors table (between its `<!-- ALL-CONTRIBUTORS-LIST:START -->` and `…:END` markers,
 * which its bot rewrites): an emoji with no link of its own links `#<type>-<login>`
 * (`#ideas-edwinthinks`), an id no page has, by the specification's design
 * (https://allcontributors.org/docs/en/specification).
 */
function contributionKey(document: DocumentContext, candidate: UriCandidate): boolean {
  if (!/^#[a-zA-Z]+-[\w.-]+$/.test(candidate.uri)) return false;
  const at = candidate.range[0];
  const start = document.text.lastIndexOf('<!-- ALL-CONTRIBUTORS-LIST:START', at);
  return start !== -1 && document.text.lastIndexOf('<!-- ALL-CONTRIBUTORS-LIST:END', at) < start;
}

/** Attributes whose URL is no page or file of the site (a form's target, a quotation's source, `<base>` itself). */
const NOT_FILES = /^<(?:base href|\S+ (?:action|formaction|cite|codebase|manifest|xmlns(?::\w+)?))>$/i;

/** The path of a target, as a message shows it: relative to the document's folder when below it. */
function shown(path: string, document: DocumentContext): string {
  if (path === document.path) return 'this document';
  // Relative to the document's folder (`../api/Store.md`): no absolute path of the machine that ran the check.
  const from = document.path.split('/').slice(0, -1);
  const to = path.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return `"${[...Array<string>(from.length - common).fill('..'), ...to.slice(common)].join('/')}"`;
}

function finding(
  candidate: UriCandidate,
  span: [number, number],
  messageId: keyof typeof MESSAGES,
  data: Record<string, string>,
  edit?: { edits: TextEdit[]; fix: boolean },
): Finding {
  const out: Finding = { rule: 'no-broken-links', message: renderMessage(MESSAGES[messageId], data), messageId, data, range: sourceRangeOf(candidate, span[0], span[1]), suggestions: [] };
  const edits = edit === undefined ? undefined : sourceEditsOf(candidate, edit.edits);
  if (edit !== undefined && edits !== undefined) {
    const text = edit.edits.map((e) => e.text).join('');
    // The case fix means to change where the link points, so of the fix gate it passes the
    // conditions that hold for any fix: no hole, no line break, no template syntax, no assertion.
    const view = candidate.source === undefined ? undefined : { text: candidate.source, range: (start: number, end: number) => sourceRangeOf(candidate, start, end) };
    if (edit.fix && structuralFixReason(candidate, edit.edits, view) === undefined) out.fix = edits;
    else out.suggestions.push({ messageId: 'replace', data: { text }, message: renderMessage(MESSAGES.replace, { text }), edits });
  }
  return out;
}

/** The last text's capture blocks (one document is checked candidate after candidate). */
let captured: { text: string; blocks: [number, number][] } | undefined;

/**
 * Whether an offset is inside a template block that captures its text into a variable instead of
 * writing it (Nunjucks's and Jinja's `{% set x %}…{% endset %}`, Liquid's `{% capture x %}…{% endcapture %}`):
 * where the value is written, and how (as a code sample, escaped), is not that place.
 */
function inCapture(text: string | undefined, offset: number): boolean {
  if (text === undefined) return false;
  // Once per document, not once per link: a document holds many links.
  if (captured?.text !== text) captured = { text, blocks: text.includes('{%') ? captureBlocks(text) : [] };
  const { blocks } = captured;
  // The blocks are in order and do not overlap: the last that starts at or before the offset.
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]![0] <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < blocks[low - 1]![1];
}

/** The `{% set x %}…{% endset %}` and `{% capture x %}…{% endcapture %}` blocks of a text, in order: each opening tag closed by the next end tag. One pass over the tags. */
function captureBlocks(text: string): [number, number][] {
  const blocks: [number, number][] = [];
  let open: number | undefined;
  for (const tag of text.matchAll(/\{%-?\s*(?:(?:set|capture)\s+[\w.]+|(end)(?:set|capture))\s*-?%\}/g)) {
    if (tag[1] === undefined) open ??= tag.index;
    else if (open !== undefined) {
      blocks.push([open, tag.index + tag[0].length]);
      open = undefined;
    }
  }
  return blocks;
}

/** A result as findings on the candidate: at the path for a file, at the fragment for an anchor. */
function findingsOf(candidate: UriCandidate, result: LinkResult, document: DocumentContext): Finding[] {
  const reference = candidate.reference;
  const path: [number, number] = [reference.path.start, reference.path.end];
  const fragment: [number, number] = reference.fragment === undefined ? path : [reference.fragment.start, reference.fragment.end];
  switch (result.status) {
    case 'missing-file': {
      if (leftOutOfVendoredPackage(document, result.path)) return [];
      const edit = result.replacement === undefined ? undefined : { edits: [{ start: path[0], end: path[1], text: result.replacement }], fix: false };
      return [finding(candidate, path, 'fileMissing', { path: result.path }, edit)];
    }
    case 'case-mismatch':
      if (result.replacement === undefined || result.replacement === candidate.uri.slice(...path)) {
        return [finding(candidate, path, 'caseMismatchFile', { path: candidate.uri.slice(...path), actual: shown(result.target.path, document) })];
      }
      return [finding(candidate, path, 'caseMismatch', { path: candidate.uri.slice(...path), actual: result.replacement }, { edits: [{ start: path[0], end: path[1], text: result.replacement }], fix: true })];
    case 'missing-anchor': {
      const edit = result.replacement === undefined ? undefined : { edits: [{ start: fragment[0], end: fragment[1], text: result.replacement }], fix: false };
      return [finding(candidate, fragment, 'anchorMissing', { fragment: result.fragment, target: shown(result.target.path, document) }, edit)];
    }
    case 'missing-line':
      return [finding(candidate, fragment, 'lineMissing', { fragment: result.fragment, target: shown(result.target.path, document), lines: String(result.lineCount) })];
    default:
      return [];
  }
}

/** `14:05 UTC`, or the date and time when not today's (by the verdict's own clock, never the reader's). */
function retryText(verdict: ExternalVerdict): string {
  if (verdict.retryAt === undefined) return 'the next run with --online tries it again';
  const at = new Date(verdict.retryAt).toISOString();
  const day = new Date(verdict.checkedAt).toISOString().slice(0, 10);
  return `the host asks to be tried again after ${at.slice(0, 10) === day ? '' : `${at.slice(0, 10)} `}${at.slice(11, 16)} UTC`;
}

/** An external link's verdict as a finding: broken is the rule's, moved (offering its target as the fix) and unknown are advisory (warnings). */
function externalFindings(candidate: UriCandidate, external: ExternalLinks): Finding[] {
  const uri = candidate.uri;
  const verdict = external.verdictOf(uri);
  if (verdict === undefined || verdict.status === 'ok') return [];
  const whole: [number, number] = [0, uri.length];
  if (verdict.status === 'broken') return [finding(candidate, whole, 'externalBroken', { url: uri, reason: verdict.reason })];
  if (verdict.status === 'moved' && verdict.target !== undefined && verdict.target !== uri) {
    return [{ ...finding(candidate, whole, 'externalMoved', { url: uri, target: verdict.target, reason: verdict.reason }, { edits: [{ start: 0, end: uri.length, text: verdict.target }], fix: true }), advisory: true }];
  }
  if (verdict.status !== 'unknown') return [];
  return [{ ...finding(candidate, whole, 'externalUnknown', { url: uri, reason: verdict.reason, retry: retryText(verdict) }), advisory: true }];
}

/** The attributes whose URL the online check does not request: a form's target, a namespace name. */
const NOT_FETCHED = /^<\S+ (?:action|formaction|xmlns(?::\w+)?)>$/i;

/**
 * `[report](files/annual report.pdf)`: the Markdown reader takes the text for the link its author
 * meant. Its target is checked as if the spaces were `%20`; a target that exists is reported as no
 * link, with the two ways to write it.
 */
function spacedDestination(candidate: UriCandidate, document: DocumentContext, options: LinkOptions): Finding[] {
  const markdown = document.kind === 'markdown';
  const uri = candidate.uri;
  const encoded = parse(uri.replace(/[ \t]/g, '%20'));
  const result = document.links.resolveLink(encoded, document, options);
  const whole: [number, number] = [0, uri.length];
  if (result.status === 'missing-file') return [finding(candidate, whole, 'fileMissing', { path: uri.slice(0, uri.search(/[?#]|$/)) })];
  if ((result.status !== 'ok' && result.status !== 'case-mismatch') || !markdown) return findingsOf(candidate, result, document).map((f) => ({ ...f, range: sourceRangeOf(candidate, 0, uri.length) }));
  const out = finding(candidate, whole, 'spaceInDestination', {});
  const suggestions: FindingSuggestion[] = [];
  for (const [messageId, text] of [['bracket', `<${uri}>`], ['encode', uri.replace(/[ \t]/g, '%20')]] as const) {
    const edits = sourceEditsOf(candidate, [{ start: 0, end: uri.length, text }]);
    if (edits !== undefined) suggestions.push({ messageId, data: {}, message: MESSAGES[messageId], edits });
  }
  out.suggestions = suggestions;
  return [out];
}

export default defineCheck<NoBrokenLinksOptions>({
  name: 'no-broken-links',
  recommended: true,
  strict: true,
  messages: MESSAGES,
  defaultOptions: {},
  optionsSchema: {
    type: 'object',
    properties: {
      root: { type: 'string', description: 'The folder site-absolute links (`/docs/x.md`) start from, relative to the repository root (default: the site generator\'s, else the root).' },
      routes: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'URL prefixes mapped to folders relative to the repository root: `{ "/docs/": "website/docs/" }`.',
      },
      generatedPages: { type: 'boolean', description: 'A missing `x.html` whose `x.md` exists is fine, and a route without extension finds its page (default true).' },
      generator: {
        type: 'string',
        enum: ['auto', 'none', 'vitepress', 'docusaurus', 'mkdocs', 'mdbook', 'jekyll', 'hugo', 'astro', 'eleventy', 'nextjs', 'vite'],
        description: 'The site generator whose routes and heading ids apply: `auto` (recognised from its files, the default), `none` (as GitHub renders), or one by name.',
      },
      slugStyle: { type: 'string', enum: ['auto', ...SLUG_STYLES], description: 'How headings become ids: `auto` (the generator\'s, else GitHub\'s) or a style.' },
      customIds: { type: 'array', items: { type: 'string', regex: true }, description: "Regular expressions for a site's own heading-id syntax, matched on the heading's line (in linear time: no lookaround or backreferences); the first group is the id." },
    },
    additionalProperties: false,
  },
  kinds: ['markdown', 'html'],
  check(candidate, context) {
    const document = context.document;
    if (document === undefined || (document.kind !== 'markdown' && document.kind !== 'html') || PARTIAL.test(document.path)) return [];
    if (document.external !== undefined && /^https?:/i.test(candidate.uri)) {
      if (candidate.holes.length > 0 || candidate.namespace || (candidate.sink !== undefined && NOT_FETCHED.test(candidate.sink))) return [];
      return externalFindings(candidate, document.external);
    }
    if (renderedElsewhere(document, context.options) || inLayouts(document, context.options) || inCapture(document.text, candidate.range[0])) return [];
    if (emptyMarkdownLink(document, candidate) || contributionKey(document, candidate)) return [];
    if (candidate.context !== 'attribute' || candidate.holes.length > 0 || candidate.namespace) return [];
    if (candidate.sink !== undefined && NOT_FILES.test(candidate.sink)) return [];
    const uri = candidate.uri;
    if (uri === '' || uri.startsWith('//')) return [];
    // A browser sends an HTML attribute's spaces as %20; Markdown takes no link with them.
    if (/[ \t]/.test(uri) && candidate.reference.scheme === undefined) return spacedDestination(candidate, document, context.options);
    const result = document.links.resolveLink(candidate.reference, document, context.options);
    if (result.status === 'missing-anchor' && result.target.path === document.path && heldByIncludingPages(document, result.fragment, context.options)) return [];
    return findingsOf(candidate, result, document);
  },
  checkDocument(document, context) {
    if (document.kind !== 'markdown' || inLayouts(document, context.options)) return [];
    const anchors = document.links.anchorsOf(document.path, context.options, document.text);
    return (anchors?.undefinedReferences ?? []).map((reference) => {
      const data = { label: reference.label };
      return { rule: 'no-broken-links', message: renderMessage(MESSAGES.undefinedReference, data), messageId: 'undefinedReference', data, range: reference.range, suggestions: [] };
    });
  },
});
