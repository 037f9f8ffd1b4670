/**
 * Every property test runs from one seed, so that a run of the suite is the same run on every
 * machine: a fresh clone's CI cannot turn red by drawing a new case. Tests that name a seed keep it.
 * `FC_SEED=<number>` runs them from another seed, and `FC_SEED=random` from a new one each time
 * (fast-check prints the seed of a failure, to pass back in `FC_SEED`).
 */
import fc from 'fast-check';

const chosen = process.env['FC_SEED'];
if (chosen !== 'random') fc.configureGlobal({ seed: chosen === undefined ? 3986 : Number(chosen) });
