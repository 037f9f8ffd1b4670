/** The inputs of fixtures/pathological.json, as functions from a size to an input of about that size. */
import { readFileSync } from 'node:fs';

interface Shape {
  prefix: string;
  unit: string;
  suffix: string;
}

type Family = 'parse' | 'findUris' | 'discoverText';

const TABLE = JSON.parse(readFileSync(new URL('../fixtures/pathological.json', import.meta.url), 'utf8')) as Record<Family, Record<string, Shape>>;

/** `unit` repeated to `size` characters. */
export function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/** The family's inputs by name: prefix + unit repeated to `size` + suffix. */
export function pathological(family: Family): Record<string, (size: number) => string> {
  return Object.fromEntries(Object.entries(TABLE[family]).map(([name, { prefix, unit, suffix }]) => [name, (size: number) => prefix + fill(unit, size) + suffix]));
}
