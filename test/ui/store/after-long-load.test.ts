import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pager } from '../../../src/api/pager/pager.js';
import { AfterLongLoad } from '../../../src/ui/store/list/after-long-load.js';

/** A pager that has finished loading `items` items. */
const loadedPager = (items: number) => ({ getSnapshot: () => ({ loadingAll: false, state: 'done', items: { length: items } }) }) as unknown as Pager;

describe('AfterLongLoad', () => {
  let clock = 0;
  let lastKeyAt = Number.NEGATIVE_INFINITY;
  let collections = 0;
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  const make = () => new AfterLongLoad({ collect: () => collections++, lastKeyAt: () => lastKeyAt, now: () => clock });

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 0;
    lastKeyAt = Number.NEGATIVE_INFINITY;
    collections = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('collects once, soon after a long load, when no key is coming', () => {
    const after = make();
    const pager = loadedPager(100_000);
    after.changed(pager);
    advance(200);
    expect(collections).toBe(1);
    after.changed(pager);
    advance(2000);
    expect(collections).toBe(1);
  });

  it('leaves a short load alone', () => {
    make().changed(loadedPager(5_000));
    advance(5000);
    expect(collections).toBe(0);
  });

  it('waits while keys keep coming, and collects a second after the last one', () => {
    const after = make();
    after.changed(loadedPager(1_000_000));
    for (let t = 0; t < 5000; t += 200) {
      lastKeyAt = clock;
      advance(200);
      expect(collections).toBe(0);
    }
    lastKeyAt = clock;
    advance(900);
    expect(collections).toBe(0);
    advance(200);
    expect(collections).toBe(1);
  });
});

describe('AfterLongLoad.released', () => {
  it('collects soon after much was let go, once the keys are quiet', () => {
    vi.useFakeTimers();
    let clock = 0;
    let collections = 0;
    const lastKeyAt = 0;
    const after = new AfterLongLoad({ collect: () => collections++, lastKeyAt: () => lastKeyAt, now: () => clock });
    after.released();
    clock += 500;
    vi.advanceTimersByTime(500);
    expect(collections).toBe(0);
    clock += 700;
    vi.advanceTimersByTime(700);
    expect(collections).toBe(1);
    vi.useRealTimers();
  });
});
