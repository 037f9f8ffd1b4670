/** `between-statements.ts` in a browser build (the playground analyses each version afresh): no edit is applied to a kept tree. */
export function editStaysBetween(): boolean {
  return false;
}
