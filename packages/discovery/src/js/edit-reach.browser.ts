/** `edit-reach.ts` in a browser build (the playground analyses each version afresh): no edit stays inside its token, so none is applied to a kept tree. */
import type { TSESTree } from '@typescript-eslint/utils';

export type { Token } from './edit-reach.js';

/** No token's text is open to an edit. */
export function contentOf(): [number, number] {
  return [0, 0];
}

export function staysOneToken(): boolean {
  return false;
}

export function valueMatters(): boolean {
  return true;
}

export function readElsewhere(): boolean {
  return true;
}

export function constDeclaratorOf(): TSESTree.VariableDeclarator | undefined {
  return undefined;
}
