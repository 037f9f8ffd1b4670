/** The inputs of fixtures/pathological.json, as functions from a size to an input of about that size. */
import { readFileSync } from 'node:fs';

interface Shape {
  prefix: string;
  unit: string;
  /** Repeated after the units as often as they are (a bracket closing each one opened). */
  closing?: string;
  suffix: string;
}

type Family = 'parse' | 'findUris' | 'discoverText' | 'discoverMarkdown';

const TABLE = JSON.parse(readFileSync(new URL('../fixtures/pathological.json', import.meta.url), 'utf8')) as Record<Family, Record<string, Shape | string>>;

/** `unit` repeated to `size` characters; `{n}` in it is the repetition's number (1, 2, 3…). */
export function fill(unit: string, size: number): string {
  if (!unit.includes('{n}')) return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const parts: string[] = [];
  let length = 0;
  for (let n = 1; length < size; n++) {
    const part = unit.replaceAll('{n}', String(n));
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, size);
}

/** An input of about `size` characters of the shape: prefix + units (then as many closings) + suffix. */
export function make({ prefix, unit, closing, suffix }: Shape, size: number): string {
  if (closing === undefined) return prefix + fill(unit, size) + suffix;
  const count = Math.ceil(size / (unit.length + closing.length));
  return prefix + unit.repeat(count) + closing.repeat(count) + suffix;
}

/** The family's inputs by name (its `$comment` left out). */
export function pathological(family: Family): Record<string, (size: number) => string> {
  return Object.fromEntries(
    Object.entries(TABLE[family])
      .filter((entry): entry is [string, Shape] => !entry[0].startsWith('$'))
      .map(([name, shape]) => [name, (size: number) => make(shape, size)]),
  );
}
