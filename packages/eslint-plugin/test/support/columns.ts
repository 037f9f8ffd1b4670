/** ESLint's 1-based columns (UTF-16, as indexOf counts) of the `n`th `text` in one line of `code`. */
export function at(code: string, text: string, n = 1): { column: number; endColumn: number } {
  let start = -1;
  for (let i = 0; i < n; i++) start = code.indexOf(text, start + 1);
  if (start < 0) throw new Error(`"${text}" is not in ${code}`);
  return { column: start + 1, endColumn: start + text.length + 1 };
}
