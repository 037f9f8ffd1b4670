/**
 * The size of a file urilint reads by default: `urilint scan` skips larger files unless
 * `--max-file-size` says otherwise, and the language server does not check a larger document.
 */
export const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;

/** A byte count for people: `10 MiB`, `1.5 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  const units: [string, number][] = [
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
  ];
  for (const [unit, size] of units) {
    if (bytes < size) continue;
    const value = bytes / size;
    return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/**
 * A count with thousands separators, as `toLocaleString('en-US')` writes an integer (`12,345`,
 * `-1,000`), without it: the first call of `toLocaleString` loads the ICU number formats, about
 * 20–100 ms of every command's start that prints a count.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = (end > 3 ? ',' : '') + digits.slice(Math.max(0, end - 3), end) + out;
  return n < 0 ? `-${out}` : out;
}
