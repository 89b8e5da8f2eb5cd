import { describe, expect, it } from 'vitest';
import { Pager } from '../../src/api/pager/pager.js';
import { ids, Script } from './helpers/scripted-fetch.js';

const page = (from: number, n = 10, hasMore = true) => ({ items: ids(from, n), hasMore, nextCursor: hasMore ? `c${from + n}` : undefined });

describe('Pager: the next request goes out before anyone hears of a page', () => {
  it('while loading everything, a listener already finds the next cursor requested (its work overlaps the network)', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    const seen: { items: number; calls: number; state: string }[] = [];
    pager.subscribe(() => {
      const snap = pager.getSnapshot();
      seen.push({ items: snap.items.length, calls: s.calls.length, state: snap.state });
    });
    pager.loadAll();
    await s.answer(page(0));
    await s.answer(page(10));
    await s.answer(page(20, 10, false));
    const onArrival = seen.filter((n) => n.items > 0);
    // One notification per page: the items and the request for the next cursor together.
    expect(onArrival).toEqual([
      { items: 10, calls: 2, state: 'loading' },
      { items: 20, calls: 3, state: 'loading' },
      { items: 30, calls: 3, state: 'done' },
    ]);
    expect(s.cursors).toEqual([undefined, 'c10', 'c20']);
  });

  it('a page the view still needs is requested before the listeners run; one the view does not need is not', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    const calls: number[] = [];
    pager.subscribe(() => calls.push(s.calls.length));
    pager.ensure(15);
    await s.answer(page(0));
    expect(calls.at(-1)).toBe(2);
    expect(pager.getSnapshot().state).toBe('loading');
    await s.answer(page(10));
    expect(pager.getSnapshot().state).toBe('idle');
    expect(s.calls).toHaveLength(2);
  });

});
