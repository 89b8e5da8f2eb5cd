/**
 * V8 doubles its young generation (up to 2 × 16 MB on 64-bit) while a program allocates fast, as
 * `G` over a long listing does, and keeps it: those pages stay in the process's resident memory
 * for the rest of the run. Past a few megabytes that buys the app little: what a load allocates
 * either dies at once (response text) or lives as long as the list (items). So the young
 * generation may grow to `maxBytes` and no further. Only the growth factor can change after start
 * (the maximum is read when the heap is set up); it is switched after each collection, as V8
 * also shrinks the young generation when the app is idle and must be let to grow back.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { setRuntimeFlag } from '../startup/runtime-flags.js';

const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Whether the young generation, `size` bytes now, may grow once more (V8 doubles it): only if it
 * stays within `maxBytes` then. Node 20 and 24 size it in powers of two, but Node 26 in steps such
 * as 7.5 MB, which is under an 8 MB cap and doubled past it: the young generation grew to 13–15 MB
 * over `G` and RSS with it.
 */
export function mayGrow(size: number, maxBytes: number): boolean {
  return size * DEFAULT_GROWTH_FACTOR <= maxBytes;
}

export function capYoungGeneration(maxBytes: number): () => void {
  let growing = true;
  const check = (): void => {
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (space === undefined) return;
    const grow = mayGrow(space.space_size, maxBytes);
    if (grow === growing) return;
    growing = grow;
    setRuntimeFlag('semi-space-growth-factor', String(grow ? DEFAULT_GROWTH_FACTOR : 1), String(DEFAULT_GROWTH_FACTOR));
  };
  const observer = new PerformanceObserver(check);
  observer.observe({ entryTypes: ['gc'] });
  check();
  return () => observer.disconnect();
}
