/** A code table's example with its `\uXXXX` escapes turned into the characters. */
export function unescapeExample(example: string): string {
  return example.replace(/\\u([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
