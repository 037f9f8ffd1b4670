/**
 * The browser's native JavaScript/TypeScript reader: there is none. oxc-parser is a Node addon, so a
 * page reads every script with typescript-estree (the playground's `estree` chunk), and this module
 * stands in for js/native.ts with the same exports: nothing loads, nothing parses natively.
 */
import type { JsParseOptions, JsSourceCode } from './source-code.js';

const UNAVAILABLE = 'oxc-parser is a Node addon, which a browser cannot load';
let asked = false;

export function setNativeNotice(_handler: (message: string) => void): void {}

export function returnNativeMemoryEarly(): void {}

/** Why the native parser could not be loaded, once a load was tried (as in Node). */
export function nativeUnavailable(): string | undefined {
  return asked ? UNAVAILABLE : undefined;
}

export function loadNative(): null {
  asked = true;
  return null;
}

export function setNativeParser(_parser: unknown): void {}

/** Whether a path names a declaration file (`x.d.ts`, `x.d.mts`, `x.d.css.ts`): the same test as js/native.ts. */
export function isDeclarationFile(filePath: string | undefined): boolean {
  if (filePath === undefined) return false;
  const base = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1);
  return /\.d\.[mc]?ts$/.test(base) || (base.endsWith('.ts') && base.includes('.d.'));
}

export function setNativeRawTransfer(_enabled: false | undefined): void {}

export function nativeRawTransfer(): boolean {
  return false;
}

export function parseNative(_text: string, _options: JsParseOptions = {}): JsSourceCode {
  asked = true;
  throw new Error(UNAVAILABLE);
}
