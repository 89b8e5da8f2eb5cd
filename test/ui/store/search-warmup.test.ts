import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListView } from '../../../src/ui/store/list/list-view.js';
import { SearchWarmup } from '../../../src/ui/store/list/search-warmup.js';

/** A view over `total` loaded items whose deriver prepares up to `most` a call; counts the slices. */
function fakeView(total: number) {
  const deriver = {
    prepared: 0,
    slices: 0,
    prepare(_items: unknown, most = Number.POSITIVE_INFINITY): boolean {
      this.slices++;
      this.prepared = Math.min(total, this.prepared + most);
      return this.prepared >= total;
    },
  };
  const view = { pager: { getSnapshot: () => ({ items: { length: total } }) }, deriver } as unknown as ListView;
  return { view, deriver };
}

describe('SearchWarmup', () => {
  let clock = 0;
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  const advance = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
    clock = 0;
    lastKeyAt = Number.NEGATIVE_INFINITY;
  });
  afterEach(() => vi.useRealTimers());

  it('builds the text in slices after a load, and says once when it is done', async () => {
    const { view, deriver } = fakeView(9_000);
    const done: ListView[] = [];
    const warmup = new SearchWarmup({ onDone: (v) => done.push(v), lastKeyAt: () => lastKeyAt, now: () => clock });
    warmup.afterChange(view, () => false, () => true);
    await vi.runAllTimersAsync();
    expect(deriver.slices).toBe(5);
    expect(deriver.prepared).toBe(9_000);
    expect(done).toEqual([view]);
  });

  it('waits while keys keep coming, and goes on once they have been quiet a while', async () => {
    const { view, deriver } = fakeView(9_000);
    const warmup = new SearchWarmup({ lastKeyAt: () => lastKeyAt, now: () => clock });
    lastKeyAt = clock;
    warmup.afterChange(view, () => false, () => true);
    for (let t = 0; t < 3000; t += 100) {
      lastKeyAt = clock;
      await advance(100);
      expect(deriver.slices).toBe(0);
    }
    expect(deriver.slices).toBe(0);
    // The last key came at 2,900 ms: nothing before 3,200.
    await advance(150);
    expect(deriver.slices).toBe(0);
    await advance(100);
    await vi.runAllTimersAsync();
    expect(deriver.prepared).toBe(9_000);
  });
});
