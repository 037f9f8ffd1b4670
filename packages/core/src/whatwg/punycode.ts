/** Punycode decoding (RFC 3492 §6.2), to show an IDNA host as the Unicode a reader sees. */

const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
/** DNS labels are at most 63 octets; longer input is refused rather than decoded. */
const MAX_LABEL = 255;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - TMIN) * TMAX) >> 1) {
    d = Math.floor(d / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * d) / (d + SKEW));
}

function digitValue(c: number): number | undefined {
  if (c >= 0x30 && c <= 0x39) return c - 22; // 0-9 → 26-35
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  return undefined;
}

/** Decodes the Punycode of one label (without `xn--`), or `undefined` when it is malformed. */
export function decodePunycode(input: string): string | undefined {
  if (input.length > MAX_LABEL) return undefined;
  const output: number[] = [];
  const basic = Math.max(input.lastIndexOf('-'), 0);
  for (let j = 0; j < basic; j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return undefined;
    output.push(c);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length; ) {
    const old = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(index++));
      if (digit === undefined) return undefined;
      i += digit * w;
      if (i > 0x7fffffff) return undefined;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - old, length, old === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/** A host with its `xn--` labels decoded (a label that does not decode stays as it is). */
export function hostToUnicode(host: string): string {
  return host
    .split('.')
    .map((label) => (label.slice(0, 4).toLowerCase() === 'xn--' ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join('.');
}
