/** `memory.ts` in a browser build: a page cannot ask for a garbage collection. */
export function collectGarbage(): boolean {
  return false;
}
