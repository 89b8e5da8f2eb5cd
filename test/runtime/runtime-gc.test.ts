import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/startup/runtime-gc.js';

/** The kinds of the collections V8 reports while `fn` runs (and the observer's next delivery). */
async function collectionsDuring(fn: () => void): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) kinds.push(entry.detail?.kind ?? -1);
  });
  observer.observe({ entryTypes: ['gc'] });
  fn();
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return kinds;
}

describe('collectGarbage', () => {
  // Node 20's V8 reads any argument to gc() as "a minor collection": a full one must be asked for with none.
  it('runs a full (mark-compact) collection, which gives old-space memory back, not only a scavenge', async () => {
    const kinds = await collectionsDuring(() => collectGarbage());
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });
});
