import { describe, expect, it, vi } from 'vitest';
import { Pager } from '../../src/api/pager/pager.js';
import { ApiError } from '../../src/api/http/errors.js';
import { ids, manualTimers, rateLimit, Script } from './helpers/scripted-fetch.js';

const page = (from: number, n = 10) => ({ items: ids(from, n), hasMore: true, nextCursor: `c${from + n}` });

describe('Pager: what the view needs vs. loading everything', () => {
  it('a smaller need after loadAll (a move after G) does not hide or stop the load; stopBackgroundLoad does', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(20);
    pager.loadAll();
    expect(pager.getSnapshot().loadingAll).toBe(true);
    for (let i = 0; i < 5; i++) await s.answer(page(i * 10));
    pager.ensure(15); // the view moved back up: it needs fewer rows than are loaded
    expect(pager.getSnapshot().loadingAll).toBe(true);
    expect(s.calls).toHaveLength(6);
    await s.answer(page(50));
    expect(s.calls).toHaveLength(7);

    pager.stopBackgroundLoad();
    expect(pager.getSnapshot().loadingAll).toBe(false);
    // The request in flight lands and is kept; nothing more is asked for.
    await s.answer(page(60));
    expect(pager.getSnapshot().items).toHaveLength(70);
    expect(pager.getSnapshot().state).toBe('idle');
    expect(s.calls).toHaveLength(7);
    pager.ensure(40);
    expect(s.calls).toHaveLength(7);
    // Until the view needs more.
    pager.ensure(75);
    expect(s.cursors.at(-1)).toBe('c70');
  });

  it('stopping keeps fetching what the view still needs', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(25);
    pager.loadAll();
    await s.answer(page(0));
    pager.stopBackgroundLoad();
    await s.answer(page(10));
    await s.answer(page(20));
    expect(pager.getSnapshot().items).toHaveLength(30);
    expect(s.calls).toHaveLength(3);
  });

  it('stopBackgroundLoad gives up a request that has hung for 1.5 s (Esc while G waits), but lets one that is only on its way land', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const s = new Script();
      const pager = new Pager(s.fetch);
      pager.loadAll();
      await s.answer(page(0));
      await s.answer(page(10));
      vi.advanceTimersByTime(200);
      pager.stopBackgroundLoad();
      // On its way: it lands and is kept.
      expect(s.calls[2]?.signal.aborted).toBe(false);
      await s.answer(page(20));
      expect(pager.getSnapshot().items).toHaveLength(30);

      pager.loadAll();
      expect(s.cursors.at(-1)).toBe('c30');
      vi.advanceTimersByTime(1600);
      pager.stopBackgroundLoad();
      // Hung: given up at once, its cursor not fetched, so a later load asks for it again.
      expect(s.calls.at(-1)?.signal.aborted).toBe(true);
      expect(pager.getSnapshot()).toMatchObject({ state: 'idle', hasMore: true, loadingAll: false });
      expect(pager.getSnapshot().items).toHaveLength(30);
      pager.loadAll();
      expect(s.cursors.at(-1)).toBe('c30');
      pager.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a rate-limit wait is dropped by stopBackgroundLoad unless the view needs its page', async () => {
    const s = new Script();
    const t = manualTimers();
    const pager = new Pager(s.fetch, t);
    pager.ensure(5);
    pager.loadAll();
    await s.answer(page(0));
    await s.fail(rateLimit(t.now() + 1000));
    pager.stopBackgroundLoad();
    expect(t.pending()).toBe(0);
    expect(pager.getSnapshot()).toMatchObject({ state: 'idle', loadingAll: false });
    expect(s.calls).toHaveLength(2);

    pager.ensure(15);
    await s.fail(rateLimit(t.now() + 1000));
    pager.loadAll();
    pager.stopBackgroundLoad();
    expect(t.pending()).toBe(1); // the view needs item 15: the wait goes on
    await t.runNext();
    expect(s.cursors).toEqual([undefined, 'c10', 'c10', 'c10']);
  });

  it('loadingAll ends with the listing, and a failure pauses it until retry()', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    await s.answer(page(0));
    await s.fail(new ApiError('network', 'CONNECTION_RESET', 'reset'));
    expect(pager.getSnapshot()).toMatchObject({ state: 'error', loadingAll: true });
    pager.retry();
    await s.answer(page(10));
    expect(s.calls).toHaveLength(4); // the load goes on after the retry
    await s.answer({ items: ids(20, 3), hasMore: false });
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', loadingAll: false });
  });

  it('pause() ends a load-all', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    await s.answer(page(0));
    pager.pause();
    expect(pager.getSnapshot().loadingAll).toBe(false);
    pager.ensure(5);
    expect(s.calls).toHaveLength(2);
  });
});
