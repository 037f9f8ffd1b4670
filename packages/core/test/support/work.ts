/**
 * Work counted, never timed. A test that reads a clock fails when the machine is busy; a count of
 * the JavaScript executed is the same on every run. V8's block coverage counts how often each block
 * of each function runs (a loop body once per iteration); the sum over a call is its work.
 *
 * Coverage starts when this module is evaluated and applies to code compiled afterwards, so a test
 * file imports it before the code it measures. `workGrowth` checks that the count grew at all, so a
 * run whose code was compiled before counting began fails instead of passing on a flat count.
 * The counts are exact only in V8's unoptimised tiers: Maglev and Turbofan inline small functions
 * and stop counting their calls, so vitest.config.ts runs every test file that imports this module
 * with `--max-opt=1` (Ignition and Sparkplug).
 * Work inside native code (a regular expression's matching, `String.prototype.indexOf`) is not
 * counted: bench/growth.bench.mjs times the same inputs.
 */
import { Session } from 'node:inspector';
import { expect } from 'vitest';

interface CoverageRange {
  count: number;
}
interface Coverage {
  result: { functions: { ranges: CoverageRange[] }[] }[];
}

const session = new Session();
session.connect();

function post<T>(method: string, params?: object): T {
  let failure: Error | null = null;
  let answer: unknown;
  // The in-process inspector answers synchronously.
  session.post(method, params, (error, result) => {
    failure = error;
    answer = result;
  });
  if (failure) throw failure;
  return answer as T;
}

post('Profiler.enable');
post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

/** How many blocks of JavaScript `run()` executes (each counted once per execution). */
export function countWork(run: () => unknown): number {
  post<Coverage>('Profiler.takePreciseCoverage'); // resets the counters
  run();
  const { result } = post<Coverage>('Profiler.takePreciseCoverage');
  let total = 0;
  for (const script of result) for (const fn of script.functions) for (const range of fn.ranges) total += range.count;
  return total;
}

/** Inputs of `small` and `factor × small` characters, as the linear-cost tests use them. */
export const SMALL = 20_000;
export const FACTOR = 10;

/**
 * How much more work `run` does on `make(FACTOR × small)` than on `make(small)`: about FACTOR when
 * linear, FACTOR² when quadratic. The input is built before counting starts.
 */
export function workGrowth<T>(run: (input: T) => unknown, make: (size: number) => T, small = SMALL): number {
  const smallInput = make(small);
  const largeInput = make(small * FACTOR);
  const smallWork = countWork(() => run(smallInput));
  const largeWork = countWork(() => run(largeInput));
  return largeWork / smallWork;
}

/**
 * The bounds a linear cost meets: at most FACTOR × (1 + ε) more work for FACTOR× the input. The
 * lower bound only catches a flat count, about 1× (code compiled before counting began): work that
 * stops growing at a cap on what is reported (1,000 or 10,000 diagnostics) still grows with the
 * reading, though less than FACTOR× when the reports before the cap cost most of the small input's
 * count (parse's "colons in an IP literal": 1.8×).
 */
export const LINEAR = { max: FACTOR * 1.1, min: 1.5 } as const;

/** Asserts that `run`'s work grows linearly with the size of `make`'s input. */
export function expectLinearWork<T>(run: (input: T) => unknown, make: (size: number) => T, small = SMALL): void {
  const growth = workGrowth(run, make, small);
  expect(growth, `work grew ${growth.toFixed(2)}× for ${FACTOR}× the input`).toBeLessThanOrEqual(LINEAR.max);
  expect(growth, `work grew ${growth.toFixed(2)}× for ${FACTOR}× the input: was the code compiled before counting began?`).toBeGreaterThanOrEqual(LINEAR.min);
}
