/**
 * Helpers shared by the tests. Timings are only ever compared with each other
 * (growth ratios); absolute times belong in bench/.
 */

/** The fastest of five runs of `run(input)`, in milliseconds. */
export function cheapestRun<T>(run: (input: T) => unknown, input: T): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
    const start = performance.now();
    run(input);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * How much more `run` costs on `make(large)` than on `make(small)`: about
 * `large / small` when linear, its square when quadratic. Warms up first; the
 * small run's cost is floored at 0.05 ms so timer noise cannot blow the ratio up.
 */
export function growthRatio(run: (input: string) => unknown, make: (size: number) => string, small = 100_000, large = 1_000_000): number {
  const smallInput = make(small);
  const largeInput = make(large);
  cheapestRun(run, smallInput);
  return cheapestRun(run, largeInput) / Math.max(cheapestRun(run, smallInput), 0.05);
}

/** A code table's example with its `\uXXXX` escapes turned into the characters. */
export function unescapeExample(example: string): string {
  return example.replace(/\\u([0-9A-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
