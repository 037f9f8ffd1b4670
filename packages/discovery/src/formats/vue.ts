/**
 * Vue single-file components (`.vue`): `<script>` and `<script setup>` read as JavaScript or
 * TypeScript, the top-level `<template>` as HTML with `{{ … }}` as holes, its bound attributes
 * (`:href`, `v-bind:href`, `.prop`) and directives (`v-if`, `@click`, `v-html`…) as expressions,
 * `<style>` as CSS. Custom blocks (`<i18n>`, `<docs>`) and templates in another language (Pug) are
 * not read. See `component.ts`.
 */
import { discoverComponent, scriptAndStyleBlocks, type ComponentOptions, type ComponentUris, type Dialect } from './component.js';

/** The content of the top-level `<template>` (the first one at depth 0), or none. */
function templateRange(text: string, skip: readonly [number, number][]): [number, number] | undefined {
  const tags = /<!--[\s\S]*?(?:-->|$)|<(\/?)template\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  let depth = 0;
  let from = -1;
  for (let match = tags.exec(text); match !== null; match = tags.exec(text)) {
    if (match[1] === undefined || skip.some(([a, b]) => a <= match!.index && match!.index < b)) continue;
    if (match[1] === '') {
      if (depth === 0) {
        if (/\blang\s*=\s*["']?(?!html\b)\w/i.test(match[2] ?? '')) return undefined;
        from = match.index + match[0].length;
      }
      depth++;
    } else if (depth > 0 && --depth === 0) return [from, match.index];
  }
  return from < 0 ? undefined : [from, text.length];
}

/** Directives whose value is a plain expression (not `v-for`'s `item in items`, nor a slot's parameters). */
const EXPRESSION_DIRECTIVES = new Set(['v-if', 'v-else-if', 'v-show', 'v-html', 'v-text', 'v-model', 'v-bind', 'v-memo']);

export const VUE: Dialect = {
  framework: 'vue',
  braces: 'double',
  regions(text) {
    const { scripts, styles, elements } = scriptAndStyleBlocks(text);
    const template = templateRange(text, elements);
    return { scripts, styles, markup: template === undefined ? [] : [template] };
  },
  binding(name) {
    // `:href`, `v-bind:href`, `.href` (a DOM property), each with modifiers (`:href.prop`); `:[key]` binds no known attribute.
    const bound = /^(?::|v-bind:|\.)([^.[\]]+)/.exec(name);
    if (bound !== null) return { attribute: bound[1]! };
    if (/^(?::|v-bind:)\[/.test(name) || name.startsWith('@') || name.startsWith('v-on:')) return {};
    const directive = /^v-[a-z-]+/.exec(name)?.[0];
    return directive !== undefined && EXPRESSION_DIRECTIVES.has(directive) ? {} : undefined;
  },
};

/** The URIs of a Vue single-file component (see the top of this file). Never throws. */
export function discoverVue(text: string, options: ComponentOptions = {}): ComponentUris {
  return discoverComponent(text, VUE, options);
}
