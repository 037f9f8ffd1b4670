/** Markdown text helpers for hovers: code spans that survive any content, table cells that keep their columns. */

/** `text` as an inline code span: fenced with more backticks than it holds, on one line. */
export function code(text: string): string {
  const flat = text.replace(/[\r\n\t]/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Text for a table cell: a `|` would end the cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** Plain text with Markdown's punctuation escaped. */
export function escape(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}
