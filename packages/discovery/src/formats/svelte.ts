/**
 * Svelte components (`.svelte`): `<script>` (and `<script context="module">`) read as JavaScript or
 * TypeScript, the rest as HTML with `{…}` as holes — `{slug}` inside a static attribute is a hole
 * like `${…}`, `href={url}` an expression (a string there is the `href`'s URI), `{#each}`, `{:else}`,
 * `{/if}`, `{@html}` blocks and tags — and `<style>` as CSS. See `component.ts`.
 */
import { discoverComponent, scriptAndStyleBlocks, type ComponentOptions, type ComponentUris, type Dialect } from './component.js';

/** The ranges of `text` outside the given elements. */
export function outside(text: string, elements: readonly [number, number][]): [number, number][] {
  const ranges: [number, number][] = [];
  let at = 0;
  for (const [from, to] of [...elements].sort((a, b) => a[0] - b[0])) {
    if (from > at) ranges.push([at, from]);
    at = Math.max(at, to);
  }
  if (at < text.length) ranges.push([at, text.length]);
  return ranges;
}

export const SVELTE: Dialect = {
  framework: 'svelte',
  braces: 'single',
  regions(text) {
    const { scripts, styles } = scriptAndStyleBlocks(text);
    // The script and style elements' tags stay in the markup (`<script src>`); their contents do not.
    return { scripts, styles, markup: outside(text, scripts.concat(styles).map((region) => [region.from, region.to])) };
  },
  binding: () => undefined,
};

/** The URIs of a Svelte component (see the top of this file). Never throws. */
export function discoverSvelte(text: string, options: ComponentOptions = {}): ComponentUris {
  return discoverComponent(text, SVELTE, options);
}
