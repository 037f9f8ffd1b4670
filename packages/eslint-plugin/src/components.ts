/**
 * Framework components under ESLint: Vue single-file components (`vue-eslint-parser`), Svelte
 * (`svelte-eslint-parser`), Astro (`astro-eslint-parser`) and Angular templates
 * (`@angular-eslint/template-parser`). The framework parser's tree says which framework the file is
 * (its parser services and root), and that it parsed; the file's URIs are then read by
 * `@urilint/discovery`'s reader of that framework — the one `urilint scan` and the language server
 * use — from the file's text: its script blocks and the markup's expressions through the JavaScript
 * reader, the markup through the HTML reader with the framework's interpolations as holes. So ESLint,
 * the command line and the editor report the same URIs at the same characters.
 */
import { discoverAngular, discoverAstro, discoverSvelte, discoverVue, type ComponentUris, type DiscoveryOptions, type Framework } from '@urilint/discovery';

interface SourceCodeLike {
  ast?: unknown;
  text?: unknown;
  parserServices?: unknown;
}

type Record_ = Record<string, unknown>;
const isObject = (value: unknown): value is Record_ => typeof value === 'object' && value !== null;

/**
 * The framework whose parser gave this tree, or `undefined`:
 * - Vue: `vue-eslint-parser`'s services (`defineTemplateBodyVisitor`) and a single-file component's
 *   document fragment (a `.js` file it parses has none);
 * - Svelte: `svelte-eslint-parser`'s `isSvelte`;
 * - Astro: `astro-eslint-parser`'s `isAstro`;
 * - Angular: `@angular-eslint/template-parser`'s root, whose `templateNodes` hold the template.
 */
export function frameworkOf(sourceCode: object): Framework | undefined {
  const { ast, parserServices: services } = sourceCode as SourceCodeLike;
  if (!isObject(ast) || ast['type'] !== 'Program' || !isObject(services)) return undefined;
  if (typeof services['defineTemplateBodyVisitor'] === 'function' && typeof services['getDocumentFragment'] === 'function') {
    try {
      return (services['getDocumentFragment'] as () => unknown)() != null ? 'vue' : undefined;
    } catch {
      return undefined;
    }
  }
  if (services['isSvelte'] === true) return 'svelte';
  if (services['isAstro'] === true) return 'astro';
  if (typeof services['convertNodeSourceSpanToLoc'] === 'function' && Array.isArray(ast['templateNodes'])) return 'angular';
  return undefined;
}

const READERS: Readonly<Record<Framework, (text: string, options: DiscoveryOptions) => ComponentUris>> = {
  vue: discoverVue,
  svelte: discoverSvelte,
  astro: discoverAstro,
  angular: discoverAngular,
};

const read = new WeakMap<object, Map<string, ComponentUris>>();

/** The component's URIs, read once per file and settings for every rule. Never throws. */
export function componentUris(sourceCode: object, framework: Framework, options: DiscoveryOptions): ComponentUris {
  const key = JSON.stringify(options);
  let byOptions = read.get(sourceCode);
  if (byOptions === undefined) read.set(sourceCode, (byOptions = new Map()));
  let found = byOptions.get(key);
  if (found === undefined) {
    const text = (sourceCode as SourceCodeLike).text;
    try {
      found = typeof text === 'string' ? READERS[framework](text, options) : { candidates: [] };
    } catch {
      found = { candidates: [] };
    }
    if (typeof text === 'string') for (const candidate of found.candidates) candidate.source = text;
    byOptions.set(key, found);
  }
  return found;
}
