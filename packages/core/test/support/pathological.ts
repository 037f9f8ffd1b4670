/** The inputs of fixtures/pathological.json, as functions from a size to an input of about that size. */
import { readFileSync } from 'node:fs';
import { make, type Shape } from '../fixtures/pathological-inputs.mjs';

export { fill, make } from '../fixtures/pathological-inputs.mjs';

type Family = 'parse' | 'findUris' | 'discoverText' | 'discoverMarkdown';

const TABLE = JSON.parse(readFileSync(new URL('../fixtures/pathological.json', import.meta.url), 'utf8')) as Record<Family, Record<string, Shape | string>>;

/** The family's inputs by name (its `$comment` left out). */
export function pathological(family: Family): Record<string, (size: number) => string> {
  return Object.fromEntries(
    Object.entries(TABLE[family])
      .filter((entry): entry is [string, Shape] => !entry[0].startsWith('$'))
      .map(([name, shape]) => [name, (size: number) => make(shape, size)]),
  );
}
