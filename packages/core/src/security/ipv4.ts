/**
 * The WHATWG URL Standard's IPv4 parser (§3.5 "IPv4 parser"), which reads hosts
 * as `inet_aton` does: the forms RFC 3986 §7.4 warns about.
 */

/** Longer parts cannot be a number ≤ 2^32 in any radix (a guard against huge inputs, not a rule). */
const MAX_PART_LENGTH = 64;

const DIGITS: Record<number, RegExp> = {
  8: /^[0-7]*$/,
  10: /^[0-9]*$/,
  16: /^[0-9a-f]*$/i,
};

/** WHATWG "IPv4 number parser": `0x` → hex, a leading `0` → octal, else decimal. */
function parseIPv4Number(part: string): number | undefined {
  if (part === '' || part.length > MAX_PART_LENGTH) return undefined;
  let radix = 10;
  let digits = part;
  if (part.length >= 2 && part[0] === '0' && (part[1] === 'x' || part[1] === 'X')) {
    radix = 16;
    digits = part.slice(2);
  } else if (part.length >= 2 && part[0] === '0') {
    radix = 8;
    digits = part.slice(1);
  }
  if (digits === '') return 0;
  if (!DIGITS[radix]!.test(digits)) return undefined;
  return parseInt(digits, radix);
}

/**
 * Reads `host` as browsers (WHATWG "IPv4 parser") and `inet_aton` do: one to
 * four parts, each decimal, octal (`0` prefix) or hex (`0x`), the last filling
 * the remaining bytes. The 32-bit address, or `undefined` when it is not one.
 * One trailing dot is allowed (`127.0.0.1.`); every part but the last is at most
 * 255, and the last is below 256^(5 − number of parts).
 */
export function parseIPv4Loose(host: string): number | undefined {
  if (typeof host !== 'string' || host === '') return undefined;
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Number(part);
    if (value === undefined) return undefined;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  let address = last;
  numbers.forEach((n, i) => {
    address += n * 256 ** (3 - i);
  });
  return address;
}

/** Dotted-decimal form of a 32-bit address: `2130706433` → `127.0.0.1`. */
export function formatIPv4(address: number): string {
  return [address >>> 24, (address >>> 16) & 255, (address >>> 8) & 255, address & 255].join('.');
}
