/**
 * Angular templates (`*.component.html`, or HTML written with Angular's syntax): HTML with `{{ … }}`
 * interpolations as holes and the control flow (`@if (…) {`, `} @else {`, `@for (…; track …) {`,
 * `@let x = …;`) as template control tags; bound attributes (`[href]`, `[attr.href]`, `bind-href`,
 * `[routerLink]`) and event bindings (`(click)`) read as expressions, their pipes (`| async`) left
 * out. See `component.ts`.
 */
import { discoverComponent, type ComponentOptions, type ComponentUris, type Dialect } from './component.js';

export const ANGULAR: Dialect = {
  framework: 'angular',
  braces: 'double',
  angular: true,
  regions: (text) => ({ scripts: [], styles: [], markup: [[0, text.length]] }),
  binding(name) {
    // `[attr.href]` and `[href]` set the attribute; `[class.x]`, `[style.x]`, `[@trigger]` set none; `(click)` and `[(x)]` are expressions.
    const property = /^(?:\[(?:attr\.)?([^.()[\]]+)\]|bind-(?:attr\.)?([^.]+))$/.exec(name);
    if (property !== null) return { attribute: property[1] ?? property[2]! };
    if (/^(?:\[.*\]|\(.*\)|on-.+|bindon-.+)$/.test(name)) return {};
    return undefined;
  },
};

/**
 * Whether an HTML text is written with Angular's template syntax: property or event bindings
 * (`[href]="…"`, `(click)="…"`), structural directives (`*ngIf`) or the built-in control flow
 * (`@if (…) {`).
 */
export function hasAngularSyntax(text: string): boolean {
  return /\s(?:\[\(?[\w.@-]+\)?\]|\([\w.-]+\)|\*ng[A-Z]\w*)\s*=\s*["']/.test(text) || /(?:^|[\s>}])@(?:if|for|switch|defer)\s*\(/.test(text);
}

/** The URIs of an Angular template (see the top of this file). Never throws. */
export function discoverAngular(text: string, options: ComponentOptions = {}): ComponentUris {
  return discoverComponent(text, ANGULAR, options);
}
