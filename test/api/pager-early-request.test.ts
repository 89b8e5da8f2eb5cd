import { describe, expect, it } from 'vitest';
import { CursorChain } from '../../src/api/pager/cursor-chain.js';
import { ApiError } from '../../src/api/http/errors.js';
import { anyItemId } from '../../src/api/items.js';
import { Pager } from '../../src/api/pager/pager.js';
import type { ListPage, RawItem } from '../../src/api/types.js';
import { ids, Script } from './helpers/scripted-fetch.js';

const page = (from: number, n = 10, hasMore = true) => ({ items: ids(from, n), hasMore, nextCursor: hasMore ? `c${from + n}` : undefined });
const microtasks = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Pager: while loading everything, the next request goes out before the page is taken', () => {
  it('asks for the next cursor before de-duplicating and keeping the page, and takes it an immediate later', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    const notified: number[] = [];
    pager.subscribe(() => notified.push(pager.loadedCount));
    pager.loadAll();
    s.last().resolve({ ...page(0), warnings: [] });
    await microtasks();
    // The request for c10 is out; the page's ten items are not counted yet, nobody was told.
    expect(s.cursors).toEqual([undefined, 'c10']);
    expect(pager.loadedCount).toBe(0);
    const told = notified.length;
    await immediate();
    expect(pager.loadedCount).toBe(10);
    expect(notified.slice(told)).toEqual([10]);
    expect(pager.getSnapshot()).toMatchObject({ state: 'loading', pagesFetched: 1 });
    await s.answer(page(10, 10, false));
    const items = pager.getSnapshot().items;
    expect(Array.from({ length: items.length }, (_, i) => items.at(i)?.pageId)).toEqual(ids(0, 20).map((i) => i.pageId));
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', hasMore: false });
  });

  it('a page still waiting is taken before anything else changes the pager (pause keeps it, and resumes from the next cursor)', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.loadAll();
    s.last().resolve({ ...page(0), warnings: [] });
    await microtasks();
    const next = s.last();
    pager.pause();
    expect(next.signal.aborted).toBe(true);
    expect(pager.loadedCount).toBe(10);
    pager.ensure(10);
    expect(s.calls).toHaveLength(2); // the page's ten items are there: nothing to fetch
    pager.ensure(15);
    expect(s.cursors).toEqual([undefined, 'c10', 'c10']); // the aborted cursor, never the one that succeeded
  });

  it('a failure of the next request is reported after the page it followed is taken', async () => {
    const s = new Script();
    let failed = false;
    const failing = (cursor: string | undefined, signal: AbortSignal): Promise<ListPage> => {
      if (cursor !== 'c10' || failed) return s.fetch(cursor, signal);
      failed = true;
      return Promise.reject(new ApiError('network', 'CONNECTION_RESET', 'reset'));
    };
    const pager = new Pager(failing);
    pager.loadAll();
    s.last().resolve({ ...page(0), warnings: [] });
    await microtasks();
    expect(pager.getSnapshot()).toMatchObject({ state: 'error', pagesFetched: 1 });
    expect(pager.loadedCount).toBe(10);
    await immediate();
    expect(pager.getSnapshot().state).toBe('error');
    pager.retry();
    expect(s.cursors).toEqual([undefined, 'c10']);
  });

  it('a disposed pager takes no waiting page and tells no one', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    let told = 0;
    pager.subscribe(() => told++);
    pager.loadAll();
    s.last().resolve({ ...page(0), warnings: [] });
    await microtasks();
    const before = told;
    pager.dispose();
    await immediate();
    expect(told).toBe(before);
    expect(s.last().signal.aborted).toBe(true);
  });

  it('a page that can end the listing (the last empty page allowed, a repeated or missing cursor) is taken before anything is asked', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch, { maxEmptyPages: 2 });
    pager.loadAll();
    await s.answer(page(0));
    await s.answer({ items: ids(0, 10), hasMore: true, nextCursor: 'c20' }); // nothing new: 1 empty page
    await s.answer({ items: ids(0, 10), hasMore: true, nextCursor: 'c30' }); // 2: the listing stops
    expect(s.cursors).toEqual([undefined, 'c10', 'c20']);
    expect(pager.getSnapshot()).toMatchObject({ state: 'done', loadingAll: false });

    const r = new Script();
    const repeated = new Pager(r.fetch);
    repeated.loadAll();
    await r.answer(page(0));
    await r.answer({ items: ids(10, 10), hasMore: true, nextCursor: 'c10' });
    expect(r.cursors).toEqual([undefined, 'c10']);
    expect(repeated.getSnapshot().warnings.at(-1)).toMatch(/already sent/);
  });
});

describe('CursorChain.nextBeforeAccept', () => {
  it('never names a cursor other than the one accept() then follows (random listings with duplicates and loops)', () => {
    let seed = 7;
    const random = (n: number): number => {
      // xorshift32: the same listings every run.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    let early = 0;
    for (let run = 0; run < 200; run++) {
      const chain = new CursorChain(anyItemId, 1 + random(4));
      let cursor: string | undefined;
      for (let p = 0; p < 30; p++) {
        const items: RawItem[] = Array.from({ length: random(4) }, () => ({ pageId: `p${random(60)}` }));
        const hasMore = random(10) > 0;
        const roll = random(10);
        const nextCursor = roll === 0 ? undefined : roll === 1 ? cursor : roll === 2 ? `c${random(p + 1)}` : `c${p + 1}`;
        const listPage: ListPage = nextCursor === undefined ? { items, hasMore, warnings: [] } : { items, hasMore, nextCursor, warnings: [] };
        const predicted = chain.nextBeforeAccept(cursor, listPage);
        const { next } = chain.accept(cursor, listPage);
        if (predicted !== undefined) {
          early++;
          expect(next).toBe(predicted);
        }
        if (next === undefined) break;
        cursor = next;
      }
    }
    expect(early).toBeGreaterThan(100);
  });
});
