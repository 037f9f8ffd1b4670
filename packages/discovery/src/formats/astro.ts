/**
 * Astro components (`.astro`): the `---` front matter read as TypeScript, `<script>` as JavaScript,
 * the rest as HTML with `{…}` expressions as holes (as in Svelte; JSX inside an expression is read
 * as JSX) and `<style>` as CSS. See `component.ts`.
 */
import { discoverComponent, scriptAndStyleBlocks, type ComponentOptions, type ComponentUris, type Dialect } from './component.js';
import { outside } from './svelte.js';

/** The front matter's content (between its `---` lines), when the file starts with one. */
function frontMatter(text: string): { content: [number, number]; whole: [number, number] } | undefined {
  const open = /^\s*---[ \t]*\r?\n/.exec(text);
  if (open === null) return undefined;
  const close = /^---[ \t]*$/m;
  const rest = text.slice(open[0].length);
  const match = close.exec(rest);
  if (match === null) return undefined;
  const to = open[0].length + match.index;
  return { content: [open[0].length, to], whole: [0, to + match[0].length] };
}

export const ASTRO: Dialect = {
  framework: 'astro',
  braces: 'single',
  regions(text) {
    const front = frontMatter(text);
    const after = front?.whole[1] ?? 0;
    const { scripts, styles } = scriptAndStyleBlocks(text.slice(0, after).replace(/[^\r\n]/g, ' ') + text.slice(after));
    if (front !== undefined) scripts.unshift({ from: front.content[0], to: front.content[1], lang: 'ts' });
    const blocked: [number, number][] = [...scripts, ...styles].map((region) => [region.from, region.to]);
    if (front !== undefined) blocked.push(front.whole);
    return { scripts, styles, markup: outside(text, blocked) };
  },
  binding: () => undefined,
};

/** The URIs of an Astro component (see the top of this file). Never throws. */
export function discoverAstro(text: string, options: ComponentOptions = {}): ComponentUris {
  return discoverComponent(text, ASTRO, options);
}
