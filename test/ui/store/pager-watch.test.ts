import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pager } from '../../../src/api/pager.js';
import { watchPager } from '../../../src/ui/store/pager-watch.js';
import { ids, Script } from '../../api/helpers/scripted-fetch.js';

const page = (from: number) => ({ items: ids(from, 10), hasMore: true, nextCursor: `c${from + 10}` });

describe('watchPager: frames while a whole list loads', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a due frame is drawn on the page that makes it due, with the next request already sent', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    const frames: { at: number; requests: number; items: number }[] = [];
    const stop = watchPager(pager, () => true, () => {
      frames.push({ at: Date.now(), requests: s.calls.length, items: pager.getSnapshot().items.length });
    });
    pager.loadAll();
    // The start of the load ('loading' shown) is drawn and out of the way.
    vi.advanceTimersByTime(100);
    const start = Date.now();
    // Pages 30 ms apart, as over a link with a 30 ms round trip.
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(30);
      await s.answer(page(i * 10));
    }
    const drawnWithPage = frames.filter((f) => f.items > 0);
    expect(drawnWithPage.length).toBeGreaterThanOrEqual(2);
    for (const f of drawnWithPage) {
      // Drawn in the page's own tick (never by a timer in the middle of the next request)...
      expect((f.at - start) % 30).toBe(0);
      // ...after the next cursor was asked for.
      expect(f.requests).toBe(f.items / 10 + 1);
    }
    for (let i = 1; i < frames.length; i++) expect(frames[i]!.at - frames[i - 1]!.at).toBeGreaterThanOrEqual(100);
    stop();
  });

  it('draws at most every 100 ms in bulk, and a frame left waiting comes 100 ms later when no page follows', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    let frames = 0;
    const stop = watchPager(pager, () => true, () => frames++);
    pager.loadAll();
    expect(frames).toBe(1);
    await s.answer(page(0));
    await s.answer(page(10));
    expect(frames).toBe(1);
    vi.advanceTimersByTime(99);
    expect(frames).toBe(1);
    vi.advanceTimersByTime(1);
    expect(frames).toBe(2);
    stop();
  });

  it('outside a bulk load every change is drawn at once; stopping drops a waiting frame', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    let bulk = false;
    let frames = 0;
    const stop = watchPager(pager, () => bulk, () => frames++);
    pager.ensure(5);
    await s.answer(page(0));
    expect(frames).toBe(2);
    bulk = true;
    pager.loadAll();
    await s.answer(page(10));
    expect(frames).toBe(2);
    stop();
    vi.advanceTimersByTime(500);
    expect(frames).toBe(2);
  });
});
