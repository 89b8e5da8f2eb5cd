/**
 * The pager records, per fetched page, the cursor it was requested with and the positions of the
 * items it added; a watch's in-place revision replaces and removes items without touching the
 * cursor chain, and the record follows the removals.
 */
import { itemArray } from '../../src/api/pager/packed-items.js';
import { describe, expect, it } from 'vitest';
import { PageLedger } from '../../src/api/pager/page-ledger.js';
import { Pager } from '../../src/api/pager/pager.js';
import { ids, Script } from './helpers/scripted-fetch.js';

describe('the page ledger of a pager', () => {
  it('records each page\u2019s request cursor and the positions it added (a page of duplicates adds none)', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(25);
    await s.answer({ items: ids(0, 10), hasMore: true, nextCursor: 'c10' });
    await s.answer({ items: [...ids(5, 5), ...ids(10, 5)], hasMore: true, nextCursor: 'c20' });
    await s.answer({ items: ids(5, 5), hasMore: true, nextCursor: 'c30' });
    await s.answer({ items: ids(15, 10), hasMore: false });
    expect(s.cursors).toEqual([undefined, 'c10', 'c20', 'c30']);
    expect([0, 1, 2].map((i) => pager.pages.page(i))).toEqual([
      { cursor: undefined, start: 0, count: 10 },
      { cursor: 'c10', start: 10, count: 5 },
      { cursor: 'c30', start: 15, count: 10 },
    ]);
    expect([0, 9, 10, 14, 15, 24, 25].map((at) => pager.pages.indexOf(at))).toEqual([0, 0, 1, 1, 2, 2, -1]);
  });

  it('revise replaces and removes items in place; later pages shift, the listing goes on from its own cursor', async () => {
    const s = new Script();
    const pager = new Pager(s.fetch);
    pager.ensure(20);
    await s.answer({ items: ids(0, 10), hasMore: true, nextCursor: 'c10' });
    await s.answer({ items: ids(10, 10), hasMore: true, nextCursor: 'c20' });
    let notified = 0;
    pager.subscribe(() => notified++);
    pager.revise(new Map([[4, { pageId: 'p4', name: 'new' }]]), [2, 12]);
    expect(notified).toBe(1);
    const items = pager.getSnapshot().items;
    expect(itemArray(items).map((i) => i.pageId)).toEqual([...ids(0, 20)].map((i) => i.pageId).filter((id) => id !== 'p2' && id !== 'p12'));
    expect(items.at(3)).toEqual({ pageId: 'p4', name: 'new' });
    expect(pager.pages.page(0)).toEqual({ cursor: undefined, start: 0, count: 9 });
    expect(pager.pages.page(1)).toEqual({ cursor: 'c10', start: 9, count: 9 });
    pager.ensure(25);
    expect(s.cursors).toEqual([undefined, 'c10', 'c20']);
    await s.answer({ items: ids(20, 10), hasMore: false });
    expect(pager.pages.page(2)).toEqual({ cursor: 'c20', start: 18, count: 10 });
  });

  it('a page emptied by removals holds no position', () => {
    const ledger = new PageLedger();
    ledger.record(undefined, 0, 2);
    ledger.record('c2', 2, 1);
    ledger.record('c3', 3, 2);
    ledger.removed([2]);
    expect([0, 1, 2, 3].map((at) => ledger.indexOf(at))).toEqual([0, 0, 2, 2]);
  });
});
