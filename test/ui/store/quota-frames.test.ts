/**
 * A server that announces its quota on every answer (RateLimit headers) changes the status bar's
 * gauge with every request. During `G` that once meant a frame for every request and every answer,
 * beside the load's own paced frames: 300 frames instead of 20 over 1,000 pages, and `G` took
 * twice as long. The gauge now follows a bulk load at most once a second.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuotaPacer, QuotaSnapshot } from '../../../src/api/quota/quota-pacer.js';
import { watchQuota } from '../../../src/ui/store/quota-status.js';
import { closeDemoStore, startDemoStore, until } from './demo-store.js';

afterEach(closeDemoStore);

describe('the quota gauge during a bulk load', () => {
  it('does not draw a frame for each request of G', async () => {
    const { store } = await startDemoStore({ pages: 30_000, groups: 1, quota: 1_000_000, windowSeconds: 3600 }, { columns: 120, rows: 30 });
    await until('the groups', () => store.getSnapshot().visible.items.length > 0 && store.getSnapshot().quota?.reading !== undefined);
    store.command('open');
    await until('the pages', () => store.getSnapshot().route === 'pages' && store.getSnapshot().pager.items.length >= 100);
    let frames = 0;
    let quotaFrames = 0;
    let lastQuota = store.getSnapshot().quota;
    const unsubscribe = store.subscribe(() => {
      frames++;
      const { quota } = store.getSnapshot();
      if (quota !== lastQuota) quotaFrames++;
      lastQuota = quota;
    });
    const started = Date.now();
    store.command('bottom');
    await until('all loaded', () => store.getSnapshot().pager.state === 'done' && !store.getSnapshot().following, 60_000);
    const seconds = (Date.now() - started) / 1000;
    unsubscribe();
    const pages = store.getSnapshot().pager.pagesFetched;
    expect(pages).toBeGreaterThanOrEqual(300);
    // The load's own frames are paced (at most one per 100 ms, plus the last); the gauge adds at
    // most about one a second. Before, each of the 300 requests changed it twice.
    expect(frames).toBeLessThanOrEqual(seconds * 10 + seconds + 10);
    expect(quotaFrames).toBeLessThan(pages / 4);
    // It still shows the quota once the load is over.
    await until('the last reading', () => store.getSnapshot().quota?.left === store.getSnapshot().quota?.reading?.remaining);
  });
});

describe('watchQuota', () => {
  /** A pacer whose snapshot the test sets. */
  function fakePacer() {
    let snapshot: QuotaSnapshot = { version: 0 };
    const listeners = new Set<() => void>();
    const pacer = {
      getSnapshot: () => snapshot,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as QuotaPacer;
    const set = (patch: Omit<QuotaSnapshot, 'version'>) => {
      snapshot = { ...patch, version: snapshot.version + 1 };
      for (const listener of listeners) listener();
    };
    return { pacer, set };
  }
  const reading = { remaining: 100, limit: 200, resetAt: 1_000_000 };

  it('in a bulk load, tells a new count a second later (the latest), and pacing or a new window at once', () => {
    vi.useFakeTimers();
    try {
      const { pacer, set } = fakePacer();
      const told: (number | undefined)[] = [];
      let bulk = false;
      const stop = watchQuota(pacer, (q) => told.push(q.left), () => bulk);
      set({ reading, left: 100 });
      expect(told).toEqual([undefined, 100]);
      bulk = true;
      set({ reading, left: 99 });
      set({ reading, left: 98 });
      expect(told).toEqual([undefined, 100]);
      vi.advanceTimersByTime(1000);
      expect(told).toEqual([undefined, 100, 98]);
      set({ reading, left: 97, pacingUntil: 2_000_000 });
      expect(told).toEqual([undefined, 100, 98, 97]);
      set({ reading: { ...reading, resetAt: 3_000_000 }, left: 200, pacingUntil: 2_000_000 });
      expect(told).toEqual([undefined, 100, 98, 97, 200]);
      bulk = false;
      set({ reading: { ...reading, resetAt: 3_000_000 }, left: 199, pacingUntil: 2_000_000 });
      expect(told).toEqual([undefined, 100, 98, 97, 200, 199]);
      set({ reading: { ...reading, resetAt: 3_000_000 }, left: 198, pacingUntil: 2_000_000 });
      bulk = true;
      set({ reading: { ...reading, resetAt: 3_000_000 }, left: 197, pacingUntil: 2_000_000 });
      stop();
      vi.advanceTimersByTime(5000);
      expect(told).toEqual([undefined, 100, 98, 97, 200, 199, 198]);
    } finally {
      vi.useRealTimers();
    }
  });
});
