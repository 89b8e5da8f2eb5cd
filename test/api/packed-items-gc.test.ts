/**
 * A page pushed out of the parsed pages must be garbage to a young-generation collection. Over a
 * million items, pages kept alive past it (a Map's replaced tables, linked by V8 to their
 * successors, did that once any full collection had moved one to the old generation) were each
 * copied twice and promoted, and those collections took 2.5 times as long.
 */
import { setFlagsFromString, GCProfiler } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PackedItems } from '../../src/api/pager/packed-items.js';
import type { RawItem } from '../../src/api/types.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;

/** GCProfiler's names for a young-generation collection (newer V8 can use the second). */
const YOUNG_COLLECTIONS = new Set(['Scavenge', 'MinorMarkSweep']);
const ITEMS_PER_PAGE = 100;
const PAGES = 1500;

function page(n: number): RawItem[] {
  const items: RawItem[] = [];
  for (let i = 0; i < ITEMS_PER_PAGE; i++) {
    const id = `p${n}-${i}`;
    items.push({ pageId: id, pageGroupId: `g-${n}`, effectiveName: `Page ${id} `.repeat(4), createdAt: `2024-01-${i}`, updatedAt: `2024-02-${i}` });
  }
  return items;
}

function usedOld(stats: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] }): number {
  return stats.heapSpaceStatistics.find((s) => s.spaceName === 'old_space')?.spaceUsedSize ?? 0;
}

describe('PackedItems and the young generation', () => {
  it('lets a page it no longer keeps parsed die young, also after a full collection', () => {
    const store = new PackedItems();
    // A body of its own each time: the store takes the body it keeps (releases its buffer).
    const source = (): { bytes: Uint8Array; codings: string[] } => ({ bytes: new Uint8Array(16), codings: [] });
    for (let n = 0; n < 20; n++) store.append(page(n), source());
    // Everything the store holds now moves to the old generation (two young collections survived).
    gc({ type: 'major' });
    gc({ type: 'minor' });
    gc({ type: 'minor' });

    const profiler = new GCProfiler();
    profiler.start();
    let allocated = 0;
    for (let n = 20; n < 20 + PAGES; n++) {
      const items = page(n);
      allocated += ITEMS_PER_PAGE * 400; // a rough lower bound of what one page's objects take
      store.append(items, source());
      if (n % 50 === 0) gc({ type: 'minor' });
    }
    const profile = profiler.stop();

    const scavenges = profile.statistics.filter((s) => YOUNG_COLLECTIONS.has(s.gcType));
    const promoted = scavenges.reduce((sum, s) => sum + Math.max(0, usedOld(s.afterGC) - usedOld(s.beforeGC)), 0);
    expect(scavenges.length).toBeGreaterThan(PAGES / 50 - 1);
    expect(store.count).toBe((20 + PAGES) * ITEMS_PER_PAGE);
    // Promoted: the slots, and the few pages parsed at each collection (0.3 MB here). Pages held
    // past that promote most of what was allocated (43 MB here with the Map).
    expect(promoted).toBeLessThan(allocated / 10);
  });
});
