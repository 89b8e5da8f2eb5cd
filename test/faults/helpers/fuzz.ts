/**
 * How much of the fault suite runs. By default: the quick run (fixed fuzz seeds, no slow cases).
 * - `PAGETUI_FUZZ_RUNS=10000`: every fuzz property runs that many times with a random seed
 *   (fast-check prints the seed and path of a failure, so it can be replayed), slow cases included.
 * - `PAGETUI_FAULTS_FULL=1` or `CI` set: slow cases included, fuzz properties run 10x with their seeds.
 */

const fromEnv = Number(process.env.PAGETUI_FUZZ_RUNS);

/** True when the long fuzz run was asked for. */
const LONG_FUZZ = Number.isInteger(fromEnv) && fromEnv > 0;

const ci = (process.env.CI ?? '') !== '' && process.env.CI !== 'false';

/** True when the slow fault cases run too. */
export const FULL_FAULTS = LONG_FUZZ || process.env.PAGETUI_FAULTS_FULL === '1' || ci;

/** fast-check parameters for a property whose quick run is `quickRuns` runs with `seed`. */
export function fuzzParams(quickRuns: number, seed: number): { numRuns: number; seed?: number } {
  if (LONG_FUZZ) return { numRuns: fromEnv };
  return { numRuns: FULL_FAULTS ? quickRuns * 10 : quickRuns, seed };
}

/** Test timeout for a fuzz test: generous beyond the quick run. */
export const fuzzTimeout = (quickMs: number): number => (FULL_FAULTS ? 30 * 60_000 : quickMs);
